"""The text searches that decide which files a question about class bindings, or about the decorator's names,
must parse: each a superset of what the file's facts say."""

from __future__ import annotations

import sysconfig
import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.bindtext import in_code, may_bind_in_class, may_store_attribute
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolution.target import class_bound
from pytest_claims.sourcetext import searchable

BINDINGS = textwrap.dedent(
    '''
    import os


    class A:
        import os.path, json as js
        from x import (
            first,
            second as other,
        )
        plain = 1
        annotated: int
        tupled, (nested, *starred) = 1, (2, 3)
        walrus = (inner := 2)
        total += 1
        for looped in range(2):
            pass
        with open("f") as handle, open("g") as (pa, pb):
            pass
        try:
            pass
        except OSError as caught:
            pass
        match os.name:
            case [captured, *rest] if captured:
                pass
            case {"k": valued, **remaining}:
                pass
            case Point(x=keyword) | Other(keyword):
                pass
        continued \\
            = 3
        del deleted

        class Inner:
            pass

        def method(self, param):
            self.field = param
            self.typed: int = 0
            self.a, self.b = 1, 2
            cls_like.augmented += 1

        async def \\
                spaced(self):
            pass

        @property
        def prop(self):
            return os.getenv("X")


    def outside(x):
        return x.get(1), x.get.y, x.get[0], x.get + 1
    '''
)


def test_every_name_a_class_binds_is_a_bound_word() -> None:
    facts = extract(BINDINGS.encode())
    assert not facts.problems
    bound = {name for cls in facts.classes for name, _ in class_bound(facts.functions, cls)}
    assert {"plain", "field", "spaced", "caught", "captured", "Inner", "first", "other"} <= bound
    text = BINDINGS.encode()
    assert all(may_bind_in_class(text, name.encode()) for name in bound)
    assert not may_bind_in_class(text, b"get")  # read, called, subscripted or added: never bound


REPO = Path(__file__).resolve().parents[2]
CORPORA = {
    "this project": [REPO / "pytest_claims", REPO / "tests", REPO / "testdata", REPO / "benchmarks"],
    "the stdlib's top-level modules": [Path(sysconfig.get_paths()["stdlib"])],
}


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_on_real_code_every_name_a_class_binds_is_found_in_the_text(corpus: str) -> None:
    """The text test against the facts, file by file: a name any class of a file binds is never passed over (the
    same check over the whole stdlib of 3.11 and 3.13 and a virtualenv's site-packages, 18,000 files and 260,000
    names, found none passed over)."""
    files = [
        path
        for root in CORPORA[corpus]
        for path in sorted(root.rglob("*.py") if corpus == "this project" else root.glob("*.py"))
        if ".work" not in path.parts
    ]
    assert len(files) > 100
    missed = []
    for path in files:
        data = path.read_bytes()
        facts = extract(data, str(path))
        if facts.problems:
            continue
        text = searchable(data) or data
        for cls in facts.classes:
            for name, _ in class_bound(facts.functions, cls):
                if name.isascii() and name.isidentifier() and not may_bind_in_class(text, name.encode()):
                    missed.append(f"{path}: {name}")
    assert missed == []


def _class_binds(source: str, word: str) -> bool:
    facts = extract(source.encode())
    assert not facts.problems
    return word in {name for cls in facts.classes for name, _ in class_bound(facts.functions, cls)}


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    \\\ndef date(self):\n        pass\n",  # a continued blank line: a method at column 0
        "class A:\n    for type in (1, 2):\n        pass\n",  # `type` bound, not a `type X = ...` statement
        "class A:\n    def f(self):\n        (self.date) = 1\n",
        "class A:\n    def f(self):\n        (self\n            .date) = 1\n",
        "class A:\n    def f(self):\n        self.\\\ndate = 1\n",
        "class A:\n    def f(self):\n        x = self.date = 1\n",
        "class A:\n    def f(self):\n        self.date: int\n",
        "class A:\n    def f(self):\n        if self: self.date += 1\n",
        "class A:\n    (date\n    ) = 1\n",
        'class A:\n    s = """\n# date """; date = 1\n',  # a `#` in a string the line closes before the word
        "class A:\n    x = 1\n    \\\nclass date:\n        pass\n",
        "class A:\n    import date.path\n",
        "class A:\n    if date := 1:\n        pass\n",  # a walrus after a keyword
        "import os\n\n\nclass A:\n    match os.name:\n        case P(x, date):\n            pass\n",  # a pattern
        "class A:\n    from x import (a,\n        date)\n",
        "class A:\n    for (a, date) in ((1, 2),):\n        pass\n",
        "class A:\n    x = f(1)\n    date, y = 1, 2\n",  # the last `(` before it is closed
        "class A:\n    (a, date) = x = (1, 2)\n",  # parentheses no name opens
        "class A:\n    x = 1  # as f(\n    date = 1\n",  # a comment's parenthesis opens nothing
        "class A:\n    # return \\\n    date = 1\n",  # a comment's backslash continues nothing
        "class A:\n    # see x.\\\n    date = 1\n",
        "class A:\n    def f(self):\n        self.x, self.date = 1, 2\n",  # tuple targets
        "class A:\n    def f(self):\n        self.date, self.x = 1, 2\n",
        "class A:\n    def f(self):\n        (self.x, self.date) = 1, 2\n",
        "class A:\n    def f(self):\n        self.x, *self.date = 1, 2\n",
        "class A:\n    def f(self, items):\n        for self.date in items:\n            pass\n",
        "class A:\n    def f(self, items):\n        for i, self.date in items:\n            pass\n",
        "class A:\n    def f(self, o):\n        with o as self.date:\n            pass\n",
        "class A:\n    x = (date := 1)\n",  # a class-body walrus in an assignment's value
    ],
)
def test_an_unusual_class_binding_is_found_in_the_text(source: str) -> None:
    assert _class_binds(source, "date" if "date" in source else "type")
    assert may_bind_in_class(source.encode(), b"date" if "date" in source else b"type")


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    x = f(date := 1)\n",
        "class A:\n    x = [lambda: (yield\nfrom g()), (date := 1)]\n",  # `from` at column 0, in brackets
    ],
)
def test_a_walrus_in_a_class_body_may_bind(source: str) -> None:
    """Python binds these in the class (whether the facts keep them or not): the text search says so."""
    assert may_bind_in_class(source.encode(), b"date")


@pytest.mark.parametrize(
    ("source", "found"),
    [("class A:\n    type date = int\n", True), ("type date = int\n", False), ("type \\\ndate = int\n", False)],
)
def test_a_type_statement_binds_where_it_stands(source: str, found: bool) -> None:
    """Python 3.12's `type X = ...` (text alone: this Python may not parse it)."""
    assert may_bind_in_class(source.encode(), b"date") is found


@pytest.mark.parametrize(
    "source",
    [
        "# see https://docs/#date\nclass A:\n    pass\n",  # a comment
        "def date():\n    pass\n\n\nclass date:\n    pass\n",  # module-level definitions
        "class A:\n    def f(self, d):\n        return self.date\n",
        "class A:\n    def f(self, v):\n        return isinstance(v, datetime.date), f(v, self.date)\n",
        "class A:\n    def f(self):\n        self.x.date = 1\n",
        "from datetime import date as day\n\n\nclass A:\n    pass\n",
        "from .date import day\n\n\nclass A:\n    pass\n",
        "class A:\n    def f(self):\n        return date.today() + date.max\n",
        "from datetime import date, time\nimport date\n\n\nclass A:\n    pass\n",  # module-level imports
        "class A:\n    def f(self, date, *, b: int = 0, **date2):\n        return date\n",  # a parameter, then read
        "class A:\n    def f(\n        self,\n        date: int,\n    ) -> None:\n        pass\n",
        "class A:\n    def f(self, x, date=None):\n        if date and f(x, date) or g()(date):\n            pass\n",
    ],
)
def test_a_word_no_class_can_bind_is_passed_over(source: str) -> None:
    assert not _class_binds(source, "date")
    assert not may_bind_in_class(source.encode(), b"date")


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("# claims: deterministic", False),
        ("x = 1  # claims elsewhere", False),
        ("vow = claims", True),
        ("from pytest_claims import claims as vow", True),
        ('s = "#"; vow = claims', True),
        ("s = f'#{claims}'", True),
        ("#{ (vow := claims) }", True),
        ("declaims = 1", False),
    ],
)
def test_a_word_after_a_comment_sign_is_no_code(line: str, found: bool) -> None:
    assert in_code(f"import os\n{line}\n".encode(), b"claims") is found


def test_a_class_defined_in_a_function_binds_its_names() -> None:
    """Its body is part of the function, yet a call on a value of unknown type may be of one of its names."""
    source = (
        "def make(x):\n"
        "    class Local:\n"
        "        kept = 1\n"
        "        def date(self):\n"
        "            self.field = 1\n"
        "    return Local\n"
    )
    facts = extract(source.encode())
    assert {name for name, _ in facts.local_bound} >= {"date", "kept", "field"}
    assert "x" not in {name for name, _ in facts.local_bound}
    assert may_bind_in_class(source.encode(), b"date")


@pytest.mark.parametrize(
    ("source", "stores"),
    [
        ("m.name = 1", True),
        ("m.name += 1", True),
        ("a, m.name = 1, 2", True),
        ("for m.name in xs:\n    pass", True),
        ("with f() as m.name:\n    pass", True),
        ("del m.name", True),
        ("def f():\n    global name\n    name = 2", True),
        ('setattr(m, "name", 1)', True),
        ("f(m.name)", False),  # a call's argument is read
        ("connect(self.name)", False),
        ("d[m.name] = 1", False),  # the item is set, not the attribute
        ("g()(m.name)", False),
        ("(m.name) = 1", True),
        ("[m.name] = [1]", True),
        ("x = (m.name) = 1", True),
        ("for (m.name) in xs:\n    pass", True),
        ("with f() as (m.name):\n    pass", True),
        ("m.name.connect(f)", False),
        ("m.name(1)", False),
        ("if m.name == 1:\n    pass", False),
        ("from m import name\nname.connect(f)", False),
        ("# m.name = 1", False),
        ('__all__ = ["name"]', False),
        ("m.named = 1", False),
        ("send(sender=self.name)", False),  # a keyword argument is read
        ("send(a, sender = self.name)\n", False),
        ("def f(a, b=self.name):\n    pass", False),  # a default is read
        ("f(g(a), b=self.name)", False),
        ("a, b = self.name = 1, 2", True),  # a chained assignment's target, outside brackets
        ("a, b = self.name\n", True),  # the text alone cannot tell: a superset
        ('d["(["], b = self.name = 1, 2', True),  # a quote before: not judged
        ("x[0], b = self.name = 1, 2", True),
        ("(a, b) = self.name = 1, 2", True),
        ("f(a,\n  b=self.name)", True),  # the `(` on another line: not judged
        ("f(b == self.name)", True),  # a comparison: `_field` alone judges it
        ("(b := self.name)", True),
    ],
)
def test_a_store_of_an_attribute_is_found_in_the_text(source: str, stores: bool) -> None:
    assert may_store_attribute(source.encode(), b"name") is stores
