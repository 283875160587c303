"""The implicit uses the extractor records for formatting, printing, iterating and unpacking, the call a
`type(x)()` makes, and the module-level binding an import under `global` makes (semantics §5)."""

from __future__ import annotations

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.records import Binding, FileFacts

Uses = list[tuple[tuple[str, ...], int]]


def implicit(source: str, qualname: str = "f") -> Uses:
    """The implicit uses of one function: (chain, line)."""
    (function,) = [f for f in extract(source).functions if f.qualname == qualname]
    return [(chain, line) for chain, ctx, line, _, _ in function.uses if ctx == "implicit"]


def calls(source: str, qualname: str = "f") -> list[tuple[tuple[str, ...], str]]:
    """The calls of one function: (chain, source text kept for a blind spot)."""
    (function,) = [f for f in extract(source).functions if f.qualname == qualname]
    return [(chain, code) for chain, ctx, _, _, code in function.uses if ctx == "call"]


HEAD = "class P: ...\n\ndef f(x: P, y: P, c: P, text: str, kw: dict):\n"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('"{} {!r}".format(x, y)', [("x", "__format__"), ("y", "__repr__")]),
        ('"{b!s} {a}".format(a=x, b=y)', [("y", "__str__"), ("x", "__format__")]),
        ('"{1}{0}{1:>3}".format(x, y)', [("y", "__format__"), ("x", "__format__")]),
        ('"{:{}}".format(x, y)', [("x", "__format__"), ("y", "__format__")]),
        ('"{0.name} {1[0]}".format(x, y)', []),  # a part of the argument is formatted, not the argument
        ('"{} {}".format(x)', [("x", "__format__")]),  # a missing argument: nothing to call it on
        ('"{} {0}".format(x, y)', [("x", "__format__"), ("y", "__format__")]),  # unreadable: each value
        ('"{".format(x)', [("x", "__format__")]),
        ('"{!r}".format(*c, x)', [("c", "__iter__"), ("x", "__format__")]),  # unpacked: each value
        ('"{k!r}".format(**kw, k=x)', [("x", "__format__")]),
        ('f"{y}".format(x)', [("y", "__format__"), ("x", "__format__")]),
        ('str.format("{!r}", x)', [("x", "__repr__")]),
        ("str.format(text, x, k=y)", [("x", "__format__"), ("y", "__format__")]),
        ("text.format(x)", []),  # not known to be a str
        ('format(x, ">3")', [("x", "__format__")]),
    ],
)
def test_str_format_calls_what_each_field_converts_with(line: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(implicit(f"{HEAD}    {line}\n")) == sorted((chain, 4) for chain in expected)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('"%s" % x', [("x", "__rmod__"), ("x", "__str__")]),
        ('"%r" % (x,)', [("x", "__repr__")]),
        ('"%s %r %a" % (x, y, c)', [("x", "__str__"), ("y", "__repr__"), ("c", "__repr__")]),
        ('"%*d %-4s %%" % (c, y, x)', [("x", "__str__")]),  # `*` takes a value; `%d` calls nothing followed
        ('"%(b)r %(a)s" % {"a": x, "b": y}', [("y", "__repr__"), ("x", "__str__")]),
        ('"%(a)s" % kw', [("kw", "__rmod__")]),  # a mapping of unknown values
        ('"%s %s" % x', [("x", "__rmod__")]),  # x is some tuple
        ("text % (x, y)", [("text", "__mod__"), ("x", "__str__"), ("y", "__str__")]),  # unreadable: `__str__`
        ("text % x", [("text", "__mod__"), ("x", "__rmod__"), ("x", "__str__")]),
        ('f"{c}: %s" % x', [("c", "__format__"), ("x", "__rmod__"), ("x", "__str__")]),
        ("10 % x", [("x", "__rmod__")]),  # a number's remainder
        ('b"%s" % x', [("x", "__rmod__")]),  # bytes formatting calls `__bytes__`
    ],
)
def test_percent_formatting_calls_str_or_repr_of_each_value(line: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(implicit(f"{HEAD}    {line}\n")) == sorted((chain, 4) for chain in expected)


def test_print_calls_str_of_each_positional_argument() -> None:
    source = f"{HEAD}    print(x, 'a',\n          y, *c, sep=text, file=kw)\n"
    assert implicit(source) == [(("x", "__str__"), 4), (("y", "__str__"), 5), (("c", "__iter__"), 5)]


@pytest.mark.parametrize(
    "line",
    [
        "list(c)",
        "tuple(c)",
        "set(c)",
        "frozenset(c)",
        "sorted(c, key=len)",
        "[*c]",
        "(*c,)",
        "{*c}",
        "g(1, *c)",
        "a, b = c",
        "[a, *b] = c",
        "a, (b, d) = c",
    ],
)
def test_iterating_spellings_call_iter(line: str) -> None:
    assert implicit(f"{HEAD}    {line}\n") == [(("c", "__iter__"), 4)]


@pytest.mark.parametrize("line", ["a, b = x, y", "a = c", "list(c, x)", "a, *b = [x, *()]"])
def test_unpacking_what_is_no_project_value_calls_nothing(line: str) -> None:
    assert implicit(f"{HEAD}    local = 1\n    {line}\n") == []


def test_unpacking_a_local_is_recorded_for_the_resolution_to_decide() -> None:
    """A local's class is the resolution's question (one of unknown class may be any project class's instance):
    the facts keep the implicit call, and a local bound to a literal resolves to no project method."""
    assert implicit(f"{HEAD}    local = 1\n    a, b = local\n") == [(("local", "__iter__"), 5)]


def test_unpacking_at_module_level_is_part_of_each_name_it_binds() -> None:
    facts = extract("class P: ...\n\nA, [B, *C] = P()\nD, E = 1, 2\n")
    states = {f.qualname: [(u[0], u[1]) for u in f.uses] for f in facts.functions if f.kind == "state"}
    iterated = (("P", "()", "__iter__"), "implicit")
    assert sorted(states) == ["A", "B", "C"]
    assert all(iterated in uses for uses in states.values())


@pytest.mark.parametrize(
    ("line", "chain"),
    [
        ("type(x)()", ("x", "__class__")),
        ("type(self.x)(1)", ("self", "x", "__class__")),
        ('type(getattr(x, "y"))()', ("x", "y", "__class__")),
        ("x.__class__()", ("x", "__class__")),
    ],
)
def test_calling_the_class_of_a_value_is_calling_its_class_attribute(line: str, chain: tuple[str, ...]) -> None:
    source = f"class P:\n    def f(self, x: 'P'):\n        {line}\n"
    assert calls(source, "P.f") == [(chain, line)]


@pytest.mark.parametrize(
    ("source", "chain"),
    [
        ("def f(x):\n    type(x.m())()\n", ("type", "()")),  # not a plain chain
        ("def f(x):\n    type('C', (), {})()\n", ("type", "(s,?,?)")),  # the step keeps the literal's class
        ("def f(x, type):\n    type(x)()\n", ("type", "()")),  # not the builtin
        ("from m import type\n\ndef f(x):\n    type(x)()\n", ("type", "()")),
    ],
)
def test_other_calls_of_a_call_of_type_stay_calls_of_its_result(source: str, chain: tuple[str, ...]) -> None:
    assert chain in [c for c, _ in calls(source)]
    assert not any(c[-1:] == ("__class__",) for c, _ in calls(source))


def module_bindings(facts: FileFacts, name: str) -> list[Binding]:
    return [b for b in facts.bindings if b.name == name]


def test_an_import_under_global_binds_the_module_level_name() -> None:
    facts = extract(
        "X = None\nY = None\n\n"
        "def load(flag):\n"
        "    global X, Y, pkg, Z\n"
        "    import json as X\n"
        "    if flag:\n"
        "        from os import path as Y\n"
        "    import pkg.sub\n"
        "    Z = 1\n"
        "    return X.dumps(1)\n"
    )
    assert [(b.kind, b.target, b.member, b.line) for b in module_bindings(facts, "X")] == [
        ("alias", "<none>", "", 1),
        ("import", "json", "", 6),
    ]
    assert [(b.kind, b.target, b.member) for b in module_bindings(facts, "Y")][1:] == [("from", "os", "path")]
    assert [(b.kind, b.target) for b in module_bindings(facts, "pkg")] == [("import", "pkg")]
    assert [b.kind for b in module_bindings(facts, "Z")] == ["var"]
    (load,) = facts.functions
    assert "X" not in load.locals and "Y" not in load.locals


def test_a_local_import_binds_only_the_function() -> None:
    facts = extract("def load():\n    import json as X\n    return X\n")
    assert module_bindings(facts, "X") == []
    assert [b.kind for b in facts.functions[0].bindings] == ["import"]
