"""`_chooses` finds an annotation's names by hand: it must find exactly the names `ast.walk` would."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.stubdefs import _chooses, _names

ANNOTATIONS = [
    "T",
    "list[T]",
    "dict[str, list[tuple[K, V]]]",
    "T | None",
    "os.PathLike[AnyStr]",
    "Callable[[T], R]",
    "Literal['a', 1]",
    "Annotated[T, f(x)]",
    "'T'",
    "None",
    "lambda: T",
]


@pytest.mark.parametrize("text", ANNOTATIONS)
def test_names_are_those_ast_walk_finds(text: str) -> None:
    node = ast.parse(text, mode="eval").body
    assert _names(node) == {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _def(source: str) -> ast.FunctionDef:
    stmt = ast.parse(source).body[0]
    assert isinstance(stmt, ast.FunctionDef)
    return stmt


@pytest.mark.parametrize(
    ("source", "chooses"),
    [
        ("def f(x: T) -> T: ...", True),
        ("def f(x: Callable[[T], R]) -> R: ...", True),
        ("def f(*args: K, **kw: V) -> dict[K, V]: ...", True),
        ("def f(x: int) -> T: ...", False),
        ("def f(x: str) -> str: ...", False),
        ("def f(x: T): ...", False),
        ("@overload\ndef f(x: int) -> int: ...", True),
        ("@typing.overload\ndef f(x: int) -> int: ...", True),
    ],
)
def test_chooses(source: str, chooses: bool) -> None:
    assert _chooses(_def(source)) is chooses
