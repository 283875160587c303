"""Stub return types chosen by what a call passes (semantics §5): a call whose value is used records the classes of the
str and bytes literals it passes (`chains.call_step`), and `Stubs.call_returns` keeps the overloads those classes
do not rule out and binds a constrained TypeVar (`AnyStr`) from the first argument that fits it. Whatever is in
doubt keeps an overload in: a result is known only when every overload left agrees."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.analysis import stubfiles, stubnames
from pytest_claims.analysis.chains import chain_of, value_chain
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.stubdefs import parse_stub
from pytest_claims.analysis.stubs import Stubs
from pytest_claims.analysis.stubtypes import call_arguments
from pytest_claims.records import TypeRef

HOST = (3, 11)
STR = TypeRef("instance", "builtins", "str")
BYTES = TypeRef("instance", "builtins", "bytes")
INT = TypeRef("instance", "builtins", "int")


def _call_chain(source: str) -> tuple[str, ...] | None:
    node = ast.parse(source, mode="eval").body
    assert isinstance(node, ast.expr)
    return chain_of(node, calls=True)


# -- what a call passes, in its chain step ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "chain"),
    [
        ('re.sub("a", "b", s).strip', ("re", "sub", "(s,s,?)", "strip")),
        ('p.sub(b"-", s).lower', ("p", "sub", "(b,?)", "lower")),
        ('f(x, sep=f"{y}").g', ("f", "(?,sep=s)", "g")),
        ('f("x", key=k).g', ("f", "(s,key=?)", "g")),
        ("f(x, key=k).g", ("f", "()", "g")),  # no literal: nothing to choose by
        ('f("x", *rest).g', ("f", "()", "g")),  # where the literal lands is not known
        ('f("x", **kw).g', ("f", "()", "g")),
        ("f(1).g", ("f", "()", "g")),  # only str and bytes are told apart
    ],
)
def test_a_call_step_records_the_classes_of_literals(source: str, chain: tuple[str, ...]) -> None:
    assert _call_chain(source) == chain


def test_a_bound_value_keeps_its_call_step() -> None:
    node = ast.parse('re.sub("a", "b", s)', mode="eval").body
    assert value_chain(node) == ("re", "sub", "(s,s,?)")
    facts = extract('import re\ndef f(s):\n    x = re.escape("a")\n    return x.lower()\n')
    (func,) = facts.functions
    assert [(b.name, b.target) for b in func.bindings] == [("x", "re.escape.(s)")]


def test_call_arguments() -> None:
    assert call_arguments("(s,?,b)") == (("str", "", "bytes"), ())
    assert call_arguments("(?,sep=s,key=?)") == (("",), (("sep", "str"), ("key", "")))
    assert call_arguments("()") == ((), ())


# -- the stdlib's stubs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("module", "call", "expected"),
    [
        ("re", "sub(s,s,?)", STR),
        ("re", "sub(b,b,?)", BYTES),
        ("re", "Pattern.sub(s,?)", STR),  # the Pattern's own AnyStr is not known: the str `repl` decides
        ("re", "Pattern.sub(?,s)", STR),
        ("re", "escape(s)", STR),
        ("re", "escape(b)", BYTES),
        ("re", "split(s,?)", TypeRef("elements", "builtins", "str")),
        ("posixpath", "join(s,?)", STR),
        ("os", "getenv(s)", STR),  # `str | None`: the overload with a default is ruled out (no default passed)
        ("builtins", "open(?,encoding=s)", TypeRef("instance", "_io", "TextIOWrapper")),  # no mode: text
        # not known: unknown arguments, arguments no overload takes together, or overloads that disagree
        ("re", "sub(?,?,?)", None),
        ("re", "Pattern.sub(?,?)", None),
        ("re", "sub(b,s,?)", None),
        ("os", "getenv(s,?)", None),
        ("builtins", "open(?,s)", TypeRef("instance", "typing", "IO")),  # a mode of unknown value: as without
    ],
)
def test_stdlib_calls(module: str, call: str, expected: TypeRef | None) -> None:
    assert Stubs("linux", HOST).call_returns(module, call) == expected


def test_without_arguments_nothing_changes() -> None:
    stubs = Stubs("linux", HOST)
    assert stubs.returns("re", "sub") is None
    assert stubs.call_returns("re", "sub()") is None
    assert stubs.call_returns("os", "getcwd()") == stubs.returns("os", "getcwd") == STR


# -- the rules, on stubs written for the test ------------------------------------------------------------

FAKE = """
from typing import AnyStr, Callable, Literal, Protocol, TypeVar, overload

_T = TypeVar("_T")
_S = TypeVar("_S", str, bytes)
_B = TypeVar("_B", bound=str)

class Buf(Protocol):
    def __buffer__(self, flags: int) -> memoryview: ...

class Other: ...

def anystr(x: AnyStr) -> AnyStr: ...
def own_typevar(x: int, y: _S) -> _S: ...
def unconstrained(x: _T) -> _T: ...
def bounded(x: _B) -> _B: ...
def mixed(x: AnyStr, y: AnyStr) -> AnyStr: ...
@overload
def buffer(x: Buf) -> bytes: ...
@overload
def buffer(x: str) -> str: ...
@overload
def call(x: Callable[[], int]) -> int: ...
@overload
def call(x: str) -> str: ...
@overload
def nominal(x: Other) -> int: ...
@overload
def nominal(x: object) -> str: ...
@overload
def literal(x: Literal[0]) -> int: ...
@overload
def literal(x: str) -> str: ...
@overload
def literal_str(x: Literal["a"]) -> int: ...
@overload
def literal_str(x: str) -> str: ...
@overload
def arity(x: str) -> str: ...
@overload
def arity(x: str, y: int) -> int: ...
@overload
def required(x: str) -> str: ...
@overload
def required(x: str, *, flag: int) -> int: ...
@overload
def keyword(x: str, *, sep: bytes) -> bytes: ...
@overload
def keyword(x: str, *, sep: str) -> str: ...
def star(*xs: AnyStr) -> AnyStr: ...
@overload
def nothing_fits(x: int) -> str: ...
@overload
def nothing_fits(x: float) -> str: ...
def plain(x: int) -> str: ...

class Holder:
    def method(self, x: AnyStr) -> AnyStr: ...
    @staticmethod
    def static(x: AnyStr) -> AnyStr: ...
"""


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A stub module `fake`, alongside the real stdlib stubs."""
    parsed = parse_stub(FAKE.encode(), Path("fake.pyi"), "fake")
    real = stubfiles.load_stub

    def stub(module: str, version: tuple[int, int]) -> object:
        return parsed if module == "fake" else real(module, version)

    monkeypatch.setattr(stubnames, "load_stub", stub)
    yield


@pytest.mark.usefixtures("fake")
@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("anystr(s)", STR),
        ("anystr(b)", BYTES),
        ("anystr(?)", None),
        ("own_typevar(?,b)", BYTES),  # a constrained TypeVar of the stub's own
        ("unconstrained(s)", None),  # only a constrained TypeVar is bound
        ("bounded(s)", None),
        ("mixed(s,?)", STR),  # the first argument that fits binds it
        ("mixed(?,b)", BYTES),
        ("mixed(s,b)", None),  # then another class fits no longer: no overload left
        ("buffer(s)", STR),  # a str has no `__buffer__`: the protocol rules it out
        ("buffer(b)", BYTES),  # bytes has one, and is no str
        ("call(s)", STR),  # a str is not callable
        ("nominal(s)", STR),  # a str is no `Other`
        ("literal(s)", STR),  # a str literal is no `Literal[0]`
        ("literal_str(s)", None),  # it may be `Literal["a"]`
        ("arity(s)", STR),  # the second overload requires `y`
        ("arity(s,?)", INT),  # the first takes one argument
        ("arity(s,?,?)", None),  # more than any overload takes
        ("required(s)", STR),
        ("required(s,flag=?)", INT),
        ("keyword(?,sep=s)", STR),
        ("keyword(?,sep=?)", None),
        ("star(?,s)", STR),
        ("nothing_fits(s)", None),  # no overload left
        ("plain(s)", STR),  # one def, whose result no argument decides: what it declares
        ("Holder.method(s)", STR),  # `self` is not what the call passes
        ("Holder.static(b)", BYTES),
    ],
)
def test_overload_rules(call: str, expected: TypeRef | None) -> None:
    assert Stubs("linux", HOST).call_returns("fake", call) == expected


def test_typevars_keep_their_constraints() -> None:
    parsed = parse_stub(FAKE.encode(), Path("fake.pyi"), "fake")
    (typevar,) = parsed.names["_S"]
    assert (typevar.role, typevar.annotation) == ("typevar", ("tv", "str", "bytes"))
    members = parsed.names["Holder"][0].members
    assert members is not None
    (method,) = members["method"]
    assert method.params == (("a", "x", "AnyStr", True),)
