"""The stdlib's return and attribute types, read from the typeshed stubs (SPEC §5: `Path.name` is `str`,
`str.split` returns `list[str]`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pytest_claims.analysis import stubs as stubs_module
from pytest_claims.analysis.stubs import _annotation


def test_annotation_reduction() -> None:
    def reduced(text: str) -> object:
        return _annotation(ast.parse(text, mode="eval").body)

    assert reduced("str") == "str"
    assert reduced("os.PathLike") == "os.PathLike"
    assert reduced("None") == "None"
    assert reduced("list[str]") == ("[]", "list", "str")
    assert reduced("dict[str, int | None]") == ("[]", "dict", "str", ("|", "int", "None"))
    assert reduced("a | b | c") == ("|", "a", "b", "c")
    assert reduced("tuple[int, ...]") == ("[]", "tuple", "int", "...")
    assert reduced("Literal['r', 1]") == ("[]", "Literal", ("s", "r"), ("lit", "int"))
    assert reduced("Callable[[int], str]") == ("[]", "Callable", "?", "str")
    assert reduced("'Path'") == ("s", "Path")
    # iterative: a long union, and subscripts nested past the kept depth
    assert reduced(" | ".join(["int"] * 900)) == ("|", *["int"] * 900)
    deep = reduced("list[" * 100 + "int" + "]" * 100)
    for _ in range(6):
        assert isinstance(deep, tuple) and deep[:2] == ("[]", "list")
        deep = deep[2]
    assert deep == "?"


def test_parsed_stub_keeps_types_through_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_claims.persist import cache

    monkeypatch.setattr(cache.Derived, "directory", tmp_path)
    path = Path(stubs_module.typeshed_client.get_stub_file("pathlib") or "")
    first = stubs_module._read_stub(path, "pathlib")
    again = stubs_module._read_stub(path, "pathlib")
    assert again == first and again is not first
    members = again.names["PurePath"][0].members
    assert members is not None
    (name,) = members["name"]
    assert (name.annotation, name.role) == ("str", "property")
