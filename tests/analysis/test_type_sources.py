"""Type sources beyond the fixture tree: what `isinstance` narrowing must not do (a rebound name, a nested def, a
generator, a tuple naming a class the walk cannot name), the type targets `tuple[A, B]` and `cast(C, v)` become,
and a TYPE_CHECKING import's `else:` or a TypeVar imported from another module."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pytest_claims.analysis.chains import annotation_type
from pytest_claims.analysis.facts import extract
from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of

CLASSES = """\
import time


class Clocked:
    def stamp(self):
        return time.time()


class Calm:
    def stamp(self):
        return 0
"""


def _statuses(tmp_path: Path, body: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    root = pkg_project(tmp_path, {"pkg/kinds.py": CLASSES, "pkg/m.py": body, **(extra or {})})
    return statuses_of(check(root, ["linux"]))




@pytest.mark.parametrize(
    ("body", "status"),
    [
        # rebound later in the branch: from there on it is what it was given (a Calm); before, a Clocked
        ("if isinstance(obj, Clocked):\n        obj = Calm()\n        return obj.stamp()", "held"),
        ("if isinstance(obj, Clocked):\n        obj.stamp()\n        obj = Calm()", "held"),
        # rebound after an early exit: the rest of the block is not narrowed
        ("if not isinstance(obj, Clocked):\n        return None\n    obj.stamp()\n    obj = Calm()", "held"),
        # a nested def or a lambda may run after the name is rebound: not narrowed there
        ("if isinstance(obj, Clocked):\n        return lambda: obj.stamp()", "held"),
        ("if isinstance(obj, Clocked):\n        def later():\n            return obj.stamp()\n        return later",
         "held"),
        ("if isinstance(obj, Clocked):\n        return (obj.stamp() for _ in range(2))", "held"),
        # a class the walk cannot name among the tested ones: nothing is narrowed
        ("if isinstance(obj, (Clocked, KINDS[0])):\n        return obj.stamp()", "held"),
        # `and` narrows the branch; a failed `or` of negations narrows what follows an early exit
        ("if isinstance(obj, Clocked) and obj:\n        return obj.stamp()", "violated"),
        ("if obj is None or not isinstance(obj, Clocked):\n        return None\n    return obj.stamp()", "violated"),
        # a conditional expression, and the operands after an `and` / `or` test
        ("return obj.stamp() if isinstance(obj, Clocked) else None", "violated"),
        ("return None if not isinstance(obj, Clocked) else obj.stamp()", "violated"),
        ("return obj.stamp() if not isinstance(obj, Clocked) else None", "held"),
        ("return isinstance(obj, Clocked) and obj.stamp()", "violated"),
        ("return not isinstance(obj, Clocked) or obj.stamp()", "violated"),
        ("return isinstance(obj, Clocked) or obj.stamp()", "held"),
        ("if obj and isinstance(obj, Clocked) and obj.stamp():\n        return 1", "violated"),
        ("return isinstance(obj, Clocked) and (obj := Calm()) and obj.stamp()", "held"),
        # an `or` that held proves nothing of either operand
        ("if isinstance(obj, Clocked) or obj:\n        return obj.stamp()", "held"),
        # the `else` of a negated test
        ("if not isinstance(obj, Clocked):\n        return None\n    else:\n        return obj.stamp()", "violated"),
        # `else` after an exiting `if isinstance(...)` branch: the rest is where the test failed
        ("if isinstance(obj, Calm):\n        return None\n    return obj.stamp()", "held"),
        ("if isinstance(obj, Clocked):\n        pass\n    else:\n        return None\n    return obj.stamp()",
         "violated"),
    ],
)
def test_isinstance_narrowing(tmp_path: Path, body: str, status: str) -> None:
    head = "from pkg.kinds import Calm, Clocked\n\nKINDS = (Calm,)\n\n\n"
    source = f"{head}# claims: deterministic\ndef f(obj):\n    {body}\n"
    # unknown receivers here: a blind spot never decides the verdict (dynamic-calls = "ignore")
    assert _statuses(tmp_path, source) == {"pkg.m.f": status}


@pytest.mark.parametrize(
    "test",
    [
        "isinstance(obj, dict)",  # a project class may derive from a stdlib one
        "isinstance(obj, KINDS)",  # a tuple of classes the walk cannot tell
        "isinstance(obj, type)",
        "isinstance(obj, (dict, Calm))",
    ],
)
def test_narrowing_to_a_class_not_the_project_s_keeps_what_the_name_was(tmp_path: Path, test: str) -> None:
    source = (
        "from pkg.kinds import Calm, Clocked\n\nKINDS = (Calm,)\n\n\n"
        f"# claims: deterministic\ndef f(obj: Clocked):\n    if {test}:\n        return obj.stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.f": "violated"}


def test_a_local_isinstance_shadowing_narrows_nothing(tmp_path: Path) -> None:
    source = (
        "from pkg.kinds import Calm, Clocked\n\n\ndef isinstance(a, b):\n    return True\n\n\n"
        "# claims: deterministic\ndef f(obj: Calm):\n    if isinstance(obj, Clocked):\n        return obj.stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.f": "held"}


@pytest.mark.parametrize(
    "source",
    [
        # a nested def may rebind the name (`nonlocal`) when the branch calls it
        "def f(obj: Calm):\n    def reset():\n        nonlocal obj\n        obj = Calm()\n"
        "    if isinstance(obj, Clocked):\n        reset()\n        return obj.stamp()\n",
        # a module-level name: a function the branch calls may rebind it
        "def f():\n    if isinstance(CURRENT, Clocked):\n        return CURRENT.stamp()\n\n\nCURRENT: Calm = Calm()\n",
        # the test itself rebinds it
        "def f(obj: Calm):\n    if isinstance(obj, Clocked) and (obj := Calm()):\n        return obj.stamp()\n",
    ],
)
def test_names_another_code_may_rebind_are_not_narrowed(tmp_path: Path, source: str) -> None:
    head = "from pkg.kinds import Calm, Clocked\n\n\n# claims: deterministic\n"
    assert _statuses(tmp_path, head + source) == {"pkg.m.f": "held"}


def test_narrowed_locals_are_numbered_per_function() -> None:
    source = (
        "def f(x):\n    if isinstance(x, A):\n        x.m()\n    if isinstance(x, (B, C)):\n        x.m()\n"
        "def g(x):\n    if isinstance(x, A):\n        x.m()\n"
    )
    facts = extract(source)
    f, g = facts.functions
    assert [(b.name, b.target) for b in f.bindings] == [("x@0", "A"), ("x@1", "B"), ("x@1", "C")]
    assert [(b.name, b.target) for b in g.bindings] == [("x@0", "A")]
    assert [u[0] for u in f.uses if u[1] == "call"] == [("isinstance",), ("x@0", "m"), ("isinstance",), ("x@1", "m")]


@pytest.mark.parametrize(
    ("annotation", "target"),
    [
        ("tuple[A, str]", "(A;str"),
        ("Tuple[A, B, C]", "(A;B;C"),
        ("tuple[A, ...]", "*A"),
        ("tuple[A, dict[str, B]]", "(A;"),  # a mapping's comma would be ambiguous: that position types nothing
        ("tuple[()]", "("),
        ("Optional[tuple[A, B]]", "(A;B"),
    ],
)
def test_tuple_targets(annotation: str, target: str) -> None:
    import ast

    assert annotation_type(ast.parse(annotation, mode="eval").body) == target


def test_unpacking_needs_the_annotated_length(tmp_path: Path) -> None:
    source = (
        "from pkg.kinds import Calm, Clocked\n\n\n"
        "def pair() -> tuple[Calm, Clocked]:\n    return Calm(), Clocked()\n\n\n"
        "# claims: deterministic\ndef wrong_length():\n    a, b, c = pair()\n    return c.stamp()\n\n\n"
        "# claims: deterministic\ndef second():\n    a, b = pair()\n    return b.stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.wrong_length": "held", "pkg.m.second": "violated"}


def test_a_cast_to_a_local_class_is_this_body_s(tmp_path: Path) -> None:
    # the same chain `cast(K, v).stamp` in two bodies, K a different local in each: neither answer is the other's
    source = (
        "from typing import cast\nfrom pkg.kinds import Calm, Clocked\n\n\n"
        "# claims: deterministic\ndef calm(v):\n    K = Calm\n    return cast(K, v).stamp()\n\n\n"
        "# claims: deterministic\ndef clocked(v):\n    K = Clocked\n    return cast(K, v).stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.calm": "held", "pkg.m.clocked": "violated"}


def test_another_cast_is_no_typing_cast(tmp_path: Path) -> None:
    source = (
        "from pkg.kinds import Clocked\n\n\ndef cast(kind, value):\n    return value\n\n\n"
        "# claims: deterministic\ndef f(v):\n    return cast(Clocked, v).stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.f": "held"}


def test_type_checking_import_with_a_run_time_fallback(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.kinds import Clocked\nelse:\n"
        "    Clocked = None\n\n\n# claims: deterministic\ndef f(x: 'Clocked'):\n    return x.stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.f": "violated"}


def test_a_type_checking_import_types_a_dataclass_field(tmp_path: Path) -> None:
    source = (
        "from dataclasses import dataclass\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from pkg.kinds import Clocked\n\n\n@dataclass\nclass Holder:\n    clock: 'Clocked'\n\n"
        "    # claims: deterministic\n    def f(self):\n        return self.clock.stamp()\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.Holder.f": "violated"}


def test_a_typevar_imported_from_another_module(tmp_path: Path) -> None:
    typevar = "from typing import TypeVar\nfrom pkg.kinds import Clocked\n\nT = TypeVar('T', bound=Clocked)\n"
    extra = {"pkg/tv.py": typevar}
    source = "from pkg.tv import T\n\n\n# claims: deterministic\ndef f(x: T):\n    return x.stamp()\n"
    assert _statuses(tmp_path, source, extra) == {"pkg.m.f": "violated"}


def test_a_plain_typevar_is_still_an_alias() -> None:
    facts = extract("from typing import TypeVar\nT = TypeVar('T')\nB = TypeVar('B', bound='C')\n")
    kinds = {b.name: (b.kind, b.target) for b in facts.bindings}
    assert kinds["T"][0] == "alias"
    assert kinds["B"] == ("typevar", "C")


FALLBACK = """\
from __future__ import annotations

from typing import Optional

try:
    import hyperscan
except ModuleNotFoundError:
    hyperscan = None


class Scanner:
    def scan(self, data):
        return data


class Backend:
    def __init__(self, db) -> None:
        self._db: Optional[hyperscan.Database] = db

    # claims: deterministic
    def match(self, data: bytes):
        db = self._db
        if db is None:
            return None
        return db.scan(data)
"""


def test_an_annotation_through_a_none_fallback_types_as_the_import(tmp_path: Path) -> None:
    """`hyperscan.Database` in an attribute's annotation where the module may be bound to None: it names the
    trusted module's class (no blind spot, though a project class binds `scan`); untrusted, the call is a frontier
    entry."""
    table = '[tool.claims]\npackages = ["pkg"]\ntrusted = ["hyperscan"]\n'
    (tmp_path / "trusted").mkdir()
    (tmp_path / "plain").mkdir()
    root = pkg_project(tmp_path / "trusted", {"pkg/m.py": FALLBACK}, table)
    (claim,) = check(root, ["linux"]).claims
    assert (claim.status, claim.frontier, claim.blind_spots) == ("held", (), ())
    root = pkg_project(tmp_path / "plain", {"pkg/m.py": FALLBACK})
    (claim,) = check(root, ["linux"]).claims
    assert claim.status == "unevaluable" and claim.blind_spots == ()
    assert "hyperscan.Database.scan" in {entry.reach for entry in claim.frontier}


@pytest.mark.parametrize(
    ("handler", "status"),
    [
        ("except Clocked as e:\n        return e.stamp()", "violated"),
        ("except Calm as e:\n        return e.stamp()", "held"),
        ("except (Calm, Clocked) as e:\n        return e.stamp()", "violated"),
        # bound again in the handler: whatever it is given there too
        ("except Calm as e:\n        e = Clocked()\n        return e.stamp()", "violated"),
        # a class held in a tuple the walk does not read as classes: e is unknown (a blind spot, ignored here)
        ("except KINDS as e:\n        return e.stamp()", "held"),
    ],
)
def test_except_as_types_the_name(tmp_path: Path, handler: str, status: str) -> None:
    head = "from pkg.kinds import Calm, Clocked\n\nKINDS = (Calm, Clocked)\n\n\n"
    source = f"{head}# claims: deterministic\ndef f(x):\n    try:\n        return x\n    {handler}\n"
    assert _statuses(tmp_path, source) == {"pkg.m.f": status}


def test_except_as_bindings() -> None:
    source = "try:\n    pass\nexcept A as top:\n    pass\n\n\ndef f():\n    try:\n        pass\n"
    source += "    except (A, b.B, A) as e:\n        pass\n    except C[0] as odd:\n        pass\n"
    facts = extract(source)
    (f,) = facts.functions
    assert [(b.name, b.kind, b.target, b.member) for b in f.bindings] == [
        ("e", "instance", "A", "caught"),
        ("e", "instance", "b.B", "caught"),
    ]
    assert [b.kind for b in facts.bindings if b.name == "top"] == ["var"]


STDLIB_CAUGHT = """\
import time


class Missing(LookupError):
    def __str__(self):
        return str(time.time())


# claims: deterministic
def text(r):
    try:
        return r
    except LookupError as e:
        return str(e)
"""


def test_a_stdlib_class_caught_types_nothing(tmp_path: Path) -> None:
    """A project class deriving from the stdlib one may be the value's: its `__str__` is no silent held."""
    table = '[tool.claims]\npackages = ["pkg"]\ndynamic-calls = "unevaluable"\n'
    (claim,) = check(pkg_project(tmp_path, {"pkg/m.py": STDLIB_CAUGHT}, table), ["linux"]).claims
    assert claim.status == "unevaluable" and [b.code for b in claim.blind_spots] == ["str(e)"]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_except_star_binds_an_exception_group(tmp_path: Path) -> None:
    # `except* C as e` binds an ExceptionGroup of C's: `isinstance(e, C)` is false there, never decided true
    source = (
        "from pkg.kinds import Calm, Clocked\n\n\ndef pick(x):\n    if isinstance(x, Calm):\n        return 0\n"
        "    return Clocked().stamp()\n\n\n# claims: deterministic\ndef f(x):\n    try:\n        return x\n"
        "    except* Calm as e:\n        return pick(e)\n\n\n# claims: deterministic\ndef g(x):\n    try:\n"
        "        return x\n    except Calm as e:\n        return pick(e)\n"
    )
    assert _statuses(tmp_path, source) == {"pkg.m.f": "violated", "pkg.m.g": "held"}


def test_a_class_name_bound_to_an_unknown_value_too_leaves_e_unknown_beside_it(tmp_path: Path) -> None:
    """Not an annotation's leniency (a binding naming no class is dropped there): the handler catches whatever the
    name holds when it runs."""
    source = (
        "from pkg.kinds import Calm\n\nKind = Calm\nif len(__name__) > 3:\n    Kind = globals()['Other']\n\n\n"
        "# claims: deterministic\ndef f(x):\n    try:\n        return x\n"
        "    except Kind as e:\n        return e.stamp()\n"
    )
    table = '[tool.claims]\npackages = ["pkg"]\ndynamic-calls = "unevaluable"\n'
    root = pkg_project(tmp_path, {"pkg/kinds.py": CLASSES, "pkg/m.py": source}, table)
    (claim,) = check(root, ["linux"]).claims
    assert claim.status == "unevaluable" and [b.code for b in claim.blind_spots] == ["e.stamp()"]
