"""Malformed `[tool.claims]` values: property tests pin the exact one-line message for each shape; a
standard-library module in `follow` is refused too."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]


from pytest_claims.config import ConfigError, load_config
from pytest_claims.vocabulary import CATEGORIES, KNOWN_PLATFORMS, platform_name
from tests.helpers import table_project, write


@pytest.fixture(scope="module")
def config_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("config")
    write(root, {"src/shop/__init__.py": ""})
    return root


def config_error(root: Path, table: dict[str, Any]) -> tuple[str, Any]:
    """The usage error for `[tool.claims]` = table, and the value of its first key as TOML read it back."""
    text = tomlkit.dumps({"tool": {"claims": table}})
    (root / "pyproject.toml").write_text(text, encoding="utf-8")
    value = next(iter(tomllib.loads(text)["tool"]["claims"].values()))
    with pytest.raises(ConfigError) as info:
        load_config(root)
    message = str(info.value)
    assert "\n" not in message and message.startswith("pyproject.toml")
    return message, value


def described(value: object) -> str:
    """How a message shows a value (restated from the contract: TOML types, short, one line)."""
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a float ({value})"
    if isinstance(value, str):
        shown = repr(value)
        return f"a string ({shown if len(shown) <= 60 else shown[:57] + '...'})"
    if isinstance(value, list):
        return "an array"
    return "a table"


toml_scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.characters(blacklist_categories=["Cs"]), max_size=70),
)
non_arrays = st.one_of(
    toml_scalars, st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), st.integers(), max_size=2)
)
ARRAY_KEYS = {
    "packages": "paths relative to pyproject.toml",
    "exclude": "glob patterns",
    "trusted": "dotted names",
    "follow": "dotted names",
    "mutating-returns": "dotted names",
}
dotted = st.from_regex(r"[a-z_][a-z0-9_]{0,6}(\.[a-z_][a-z0-9_]{0,6}){0,3}", fullmatch=True)
not_dotted = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12).filter(
    lambda s: not (s and all(part.isidentifier() for part in s.split(".")))
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(key=st.sampled_from(sorted(ARRAY_KEYS)), value=non_arrays)
def test_array_keys_refuse_other_types_precisely(config_root: Path, key: str, value: object) -> None:
    message, read = config_error(config_root, {key: value})
    expected = f"{key}: expected an array of {ARRAY_KEYS[key]}, got {described(read)}"
    assert message == f"pyproject.toml: [tool.claims] {expected}"


@SETTINGS
@given(
    where=st.sampled_from(["trusted", "follow", "mutating-returns", "deny", "allow", "trusted-for", "define"]),
    good=st.lists(dotted, max_size=3),
    bad=st.lists(not_dotted, min_size=1, max_size=2),
    at=st.integers(0, 3),
)
def test_dotted_names_name_the_first_bad_one(
    config_root: Path, where: str, good: list[str], bad: list[str], at: int
) -> None:
    names = [*good[:at], *bad, *good[at:]]
    shape = "(expected names like 'pkg.module.func')"
    if where in ("deny", "allow", "trusted-for"):
        table: dict[str, Any] = {where: {"deterministic": names}}
        prefix = f"[tool.claims.{where}] deterministic"
    elif where == "define":
        table = {"define": {"offline": {"categories": ["network"], "deny": names}}}
        prefix = "[tool.claims.define.offline] deny"
    else:
        table = {where: names}
        prefix = f"[tool.claims] {where}"
    message, _ = config_error(config_root, table)
    assert message == f"pyproject.toml: {prefix}: {bad[0]!r} is not a dotted name {shape}"


@SETTINGS
@given(
    key=st.sampled_from(["external", "on-unevaluable", "dynamic-calls"]),
    value=toml_scalars.filter(lambda v: v not in ("unevaluable", "trust", "fail", "skip", "ignore")),
)
def test_choices_refuse_everything_else_precisely(config_root: Path, key: str, value: object) -> None:
    message, read = config_error(config_root, {key: value})
    shown = {
        "external": '"unevaluable" or "trust"',
        "on-unevaluable": '"fail" or "skip"',
        "dynamic-calls": '"ignore" or "unevaluable"',
    }[key]
    assert message == f"pyproject.toml: [tool.claims] {key}: expected {shown}, got {described(read)}"


@SETTINGS
@given(value=st.one_of(st.integers(max_value=0), st.booleans(), st.floats(allow_nan=False), st.text(max_size=8)))
def test_max_walk_refuses_all_but_positive_integers(config_root: Path, value: object) -> None:
    message, read = config_error(config_root, {"max-walk": value})
    assert message == f"pyproject.toml: [tool.claims] max-walk: expected a positive integer, got {described(read)}"


@SETTINGS
@given(value=st.integers(1, 2**63 - 1))
def test_max_walk_accepts_positive_integers(config_root: Path, value: int) -> None:
    (config_root / "pyproject.toml").write_text(f"[tool.claims]\nmax-walk = {value}\n")
    assert load_config(config_root).max_walk == value


@SETTINGS
@given(
    key=st.sampled_from(["platform", "platforms"]),
    names=st.lists(st.one_of(st.sampled_from(sorted(KNOWN_PLATFORMS)), st.text(max_size=8)), min_size=1, max_size=4),
    as_string=st.booleans(),
)
def test_platforms_name_the_first_unknown_one(config_root: Path, key: str, names: list[str], as_string: bool) -> None:
    value: str | list[str] = ",".join(names) if as_string else names
    written = [p.strip() for p in value.split(",")] if isinstance(value, str) else [p.strip() for p in value]
    unknown = [p for p in written if platform_name(p) is None]
    (config_root / "pyproject.toml").write_text(tomlkit.dumps({"tool": {"claims": {key: value}}}), encoding="utf-8")
    if not unknown:
        config = load_config(config_root)
        canonical = tuple(dict.fromkeys(platform_name(p) for p in written))  # `Linux`, `windows`: read as named
        assert (config.platform if key == "platform" else config.platforms) == canonical
        return
    message, _ = config_error(config_root, {key: value})
    known = ", ".join(sorted(KNOWN_PLATFORMS))
    pattern = rf"pyproject\.toml: \[tool\.claims\] {key}: unknown platform {re.escape(repr(unknown[0]))} "
    pattern += rf"\((did you mean '[a-z0-9]+'\? )?known: {re.escape(known)}; also: windows, win, macos, mac, osx\)"
    assert re.fullmatch(pattern, message), message


VALID_KEYS = [
    *("allow", "claims-observe", "deny", "define", "dynamic-calls", "exclude", "external", "follow"),
    *("forbid-reaches", "max-walk", "mutating-returns", "on-unevaluable", "packages", "platform", "platforms"),
    *("trusted", "trusted-for"),
]


@SETTINGS
@given(key=st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,20}", fullmatch=True).filter(lambda k: k not in VALID_KEYS))
def test_unknown_keys_suggest_a_valid_one_or_list_them(config_root: Path, key: str) -> None:
    message, _ = config_error(config_root, {key: 1})
    head = f"pyproject.toml: [tool.claims] unknown key {key!r} "
    assert message.startswith(head)
    tail = message[len(head) :]
    suggestion = re.fullmatch(r"\(did you mean '([a-z-]+)'\?\)", tail)
    listed = f"(valid: {', '.join(sorted(VALID_KEYS))})"
    assert (suggestion is not None and suggestion.group(1) in VALID_KEYS) or tail == listed


@SETTINGS
@given(
    name=st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=10),
    categories=st.lists(st.one_of(st.sampled_from(sorted(CATEGORIES)), st.text(max_size=6)), min_size=1, max_size=3),
)
def test_custom_claims_are_refused_precisely(config_root: Path, name: str, categories: list[str]) -> None:
    (config_root / "pyproject.toml").write_text(
        tomlkit.dumps({"tool": {"claims": {"define": {name: {"categories": categories}}}}}), encoding="utf-8"
    )
    unknown = [c for c in categories if c not in CATEGORIES]
    if name in ("deterministic", "sandboxed", "idempotent"):
        expected = f"[tool.claims.define] {name!r} collides with the built-in claim of that name"
    elif not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        expected = f"[tool.claims.define] {name!r} is not a valid claim name"
    elif unknown:
        expected = f"[tool.claims.define.{name}] categories: unknown category {unknown[0]!r}"
    else:
        assert load_config(config_root).define[name].categories == frozenset(categories)
        return
    with pytest.raises(ConfigError) as info:
        load_config(config_root)
    assert str(info.value).startswith(f"pyproject.toml: {expected}")
    assert "\n" not in str(info.value)


def test_a_stdlib_name_in_follow_is_a_usage_error(tmp_path: Path) -> None:
    """`follow = ["os"]` would walk the stdlib's os.py as project code and hold `os.getenv`."""
    root = table_project(tmp_path, {"pkg/__init__.py": ""}, '[tool.claims]\npackages = ["pkg"]\nfollow = ["os"]\n')
    with pytest.raises(ConfigError, match=r"follow: 'os' is a standard-library module"):
        load_config(root)
