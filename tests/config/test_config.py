"""Tests for `[tool.claims]` loading: defaults, detection, every key, and one-line usage errors."""

from __future__ import annotations

import pickle
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_claims.config import (
    DEFAULT_EXCLUDE,
    Config,
    ConfigError,
    CustomClaim,
    ForbidRule,
    detect_packages,
    env_flag,
    is_excluded,
    load_config,
)
from pytest_claims.vocabulary import BUILTIN_CLAIMS, CATEGORIES, DEFAULT_PLATFORMS


def write(root: Path, rel: str, text: str = "") -> Path:
    """Create a file (and its parents) under root."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def project(root: Path, claims: str, *, header: bool = True) -> Path:
    """A src-layout project with package `shop` and the given `[tool.claims]` body."""
    write(root, "src/shop/__init__.py")
    write(root, "src/shop/pricing.py", "def quote() -> int:\n    return 1\n")
    body = textwrap.dedent(claims)
    write(root, "pyproject.toml", ("[tool.claims]\n" if header else "") + body)
    return root


def error_of(root: Path) -> str:
    with pytest.raises(ConfigError) as info:
        load_config(root)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("pyproject.toml")
    return message


# ---------------------------------------------------------------------------------------------------------
# Defaults


def assert_defaults(config: Config) -> None:
    assert config.exclude == DEFAULT_EXCLUDE
    assert config.platform is None
    assert config.platforms == DEFAULT_PLATFORMS
    assert config.trusted == ()
    assert dict(config.deny) == {}
    assert dict(config.allow) == {}
    assert config.external == "unevaluable"
    assert config.follow == ()
    assert config.on_unevaluable == "fail"
    assert config.mutating_returns == ()
    assert config.max_walk == 65536
    assert dict(config.trusted_for) == {}
    assert config.dynamic_calls == "ignore"
    assert config.claims_observe is False
    assert dict(config.define) == {}
    assert config.forbid_reaches == ()
    assert config.claim_categories() == dict(sorted(BUILTIN_CLAIMS.items()))


def test_defaults_without_file(tmp_path: Path) -> None:
    write(tmp_path, "src/shop/__init__.py")
    config = load_config(tmp_path)
    assert config.root == tmp_path.absolute()
    assert config.file is None
    assert config.present is False
    assert config.packages == ("src/shop",)
    assert_defaults(config)


def test_defaults_without_table(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n')
    write(tmp_path, "shop/__init__.py")
    config = load_config(tmp_path)
    assert config.file == tmp_path / "pyproject.toml"
    assert config.present is False
    assert config.packages == ("shop",)
    assert_defaults(config)


def test_empty_table_is_present(tmp_path: Path) -> None:
    project(tmp_path, "")
    config = load_config(tmp_path)
    assert config.present is True
    assert config.packages == ("src/shop",)
    assert_defaults(config)


def test_relative_root_is_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project(tmp_path, "")
    monkeypatch.chdir(tmp_path)
    assert load_config(Path(".")).root == tmp_path.absolute()


# ---------------------------------------------------------------------------------------------------------
# Package detection


def test_detect_src_layout(tmp_path: Path) -> None:
    write(tmp_path, "src/shop/__init__.py")
    write(tmp_path, "src/billing/__init__.py")
    write(tmp_path, "src/single.py")
    write(tmp_path, "src/notes/readme.txt")  # not a package: no Python below
    write(tmp_path, "src/shop.egg-info/PKG-INFO")
    write(tmp_path, "src/__pycache__/x.py")
    write(tmp_path, "src/test_helpers.py")
    write(tmp_path, "tests/__init__.py")
    write(tmp_path, "toplevel/__init__.py")  # src layout wins: top level not considered
    assert detect_packages(tmp_path) == ("src/billing", "src/shop", "src/single.py")


def test_detect_namespace_package_under_src(tmp_path: Path) -> None:
    write(tmp_path, "src/acme/plugins/__init__.py")
    write(tmp_path, "src/acme/tools/run.py")
    write(tmp_path, "src/empty_ns/tests/test_x.py")  # only excluded Python below: not a package
    assert detect_packages(tmp_path) == ("src/acme",)


def test_detect_flat_layout(tmp_path: Path) -> None:
    write(tmp_path, "shop/__init__.py")
    write(tmp_path, "zeta/__init__.py")
    write(tmp_path, "tests/__init__.py")
    write(tmp_path, "examples/__init__.py")
    write(tmp_path, "docs/__init__.py")
    write(tmp_path, "build/__init__.py")
    write(tmp_path, ".venv/__init__.py")
    write(tmp_path, "scripts/run.py")  # no __init__.py
    write(tmp_path, "not-a-name/__init__.py")
    write(tmp_path, "setup.py")
    write(tmp_path, "conftest.py")
    assert detect_packages(tmp_path) == ("shop", "zeta")


def test_detect_src_without_python_falls_back_to_flat(tmp_path: Path) -> None:
    write(tmp_path, "src/app.js")
    write(tmp_path, "shop/__init__.py")
    assert detect_packages(tmp_path) == ("shop",)


def test_detect_honours_extra_exclude_and_configured_exclude(tmp_path: Path) -> None:
    write(tmp_path, "src/shop/__init__.py")
    write(tmp_path, "src/legacy/__init__.py")
    assert detect_packages(tmp_path, ["legacy"]) == ("src/shop",)
    write(tmp_path, "pyproject.toml", '[tool.claims]\nexclude = ["legacy"]\n')
    config = load_config(tmp_path)
    assert config.exclude == ("legacy",)
    assert config.packages == ("src/shop",)


def test_detect_missing_root(tmp_path: Path) -> None:
    assert detect_packages(tmp_path / "nowhere") == ()


def test_is_excluded() -> None:
    assert is_excluded("src/shop/tests/test_a.py", DEFAULT_EXCLUDE)
    assert is_excluded(".venv", DEFAULT_EXCLUDE)
    assert is_excluded("src/shop.egg-info", DEFAULT_EXCLUDE)
    assert is_excluded("src/shop/legacy/old.py", ["src/shop/legacy/*"])
    assert not is_excluded("src/shop/pricing.py", DEFAULT_EXCLUDE)
    assert not is_excluded("src/shop/testing.py", DEFAULT_EXCLUDE)


# ---------------------------------------------------------------------------------------------------------
# Every key


FULL = """\
[tool.claims]
packages = ["src/shop", "./lib/", "src/shop", "tool.py"]
exclude = ["legacy", "*_old.py", "legacy"]
platform = "linux, win32"
platforms = ["win32", "linux", "darwin", "freebsd"]
trusted = ["shop.fsroot", "shop.clock.Clock.now", "shop.fsroot"]
external = "trust"
follow = ["attrs", "acme.tools"]
on-unevaluable = "skip"
mutating-returns = ["shop.cart.Cart", "collections.abc.Iterator"]
max-walk = 1000
dynamic-calls = "unevaluable"
claims-observe = true

[tool.claims.trusted-for]
sandboxed = ["shop.vault", "shop.fsroot.Root", "shop.vault"]
offline = ["shop.cache"]

[tool.claims.deny]
deterministic = ["shop.legacy.now", "acme.time.now"]
offline = ["shop.http.get"]

[tool.claims.allow]
sandboxed = ["os.path.join"]

[tool.claims.define.offline]
categories = ["network", "stdin"]
deny = ["shop.http.fetch"]

[tool.claims.define.quiet]
categories = ["stdout"]

[[tool.claims.forbid-reaches]]
id = "domain-no-db"
from = "shop.domain"
to = "shop.db"

# a comment between rules
[[ tool.claims."forbid-reaches" ]]
id = "ui.no-net"
from = "shop.ui.render"
to = "socket.socket"
"""


def full_project(root: Path) -> Path:
    write(root, "src/shop/__init__.py")
    write(root, "lib/helpers.py")
    write(root, "tool.py")
    write(root, "pyproject.toml", FULL)
    return root


def test_every_key_is_read(tmp_path: Path) -> None:
    config = load_config(full_project(tmp_path))
    assert config.present is True
    assert config.file == tmp_path / "pyproject.toml"
    assert config.packages == ("lib", "src/shop", "tool.py")
    assert config.exclude == ("legacy", "*_old.py")
    assert config.platform == ("linux", "win32")
    assert config.platforms == ("win32", "linux", "darwin", "freebsd")
    assert config.trusted == ("shop.clock.Clock.now", "shop.fsroot")
    assert config.external == "trust"
    assert config.follow == ("acme.tools", "attrs")
    assert config.on_unevaluable == "skip"
    assert config.mutating_returns == ("collections.abc.Iterator", "shop.cart.Cart")
    assert config.max_walk == 1000
    assert config.dynamic_calls == "unevaluable"
    assert config.claims_observe is True
    assert dict(config.trusted_for) == {"offline": ("shop.cache",), "sandboxed": ("shop.fsroot.Root", "shop.vault")}
    assert list(config.trusted_for) == ["offline", "sandboxed"]
    assert config.trusted_for_claim("sandboxed") == (
        "shop.clock.Clock.now",
        "shop.fsroot",
        "shop.fsroot.Root",
        "shop.vault",
    )
    assert config.trusted_for_claim("deterministic") == config.trusted
    assert dict(config.deny) == {
        "deterministic": ("acme.time.now", "shop.legacy.now"),
        "offline": ("shop.http.get",),
    }
    assert list(config.deny) == ["deterministic", "offline"]
    assert dict(config.allow) == {"sandboxed": ("os.path.join",)}
    assert dict(config.define) == {
        "offline": CustomClaim("offline", frozenset({"network", "stdin"}), ("shop.http.fetch",)),
        "quiet": CustomClaim("quiet", frozenset({"stdout"}), ()),
    }
    assert config.forbid_reaches == (
        ForbidRule(id="domain-no-db", source="shop.domain", target="shop.db", line=33),
        ForbidRule(id="ui.no-net", source="shop.ui.render", target="socket.socket", line=39),
    )
    lines = FULL.splitlines()
    assert lines[32] == "[[tool.claims.forbid-reaches]]"
    assert lines[38] == '[[ tool.claims."forbid-reaches" ]]'
    categories = config.claim_categories()
    assert list(categories) == ["deterministic", "idempotent", "offline", "quiet", "sandboxed"]
    assert categories["offline"] == frozenset({"network", "stdin"})
    assert categories["deterministic"] == BUILTIN_CLAIMS["deterministic"]


def test_config_is_frozen_hashable_and_picklable(tmp_path: Path) -> None:
    config = load_config(full_project(tmp_path))
    with pytest.raises(AttributeError):
        config.max_walk = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.deny["sandboxed"] = ()  # type: ignore[index]
    assert hash(config) == hash(load_config(tmp_path))
    copy: Config = pickle.loads(pickle.dumps(config))
    assert copy == config
    assert copy.fingerprint() == config.fingerprint()
    with pytest.raises(TypeError):
        copy.define["x"] = CustomClaim("x", frozenset(), ())  # type: ignore[index]


def test_inline_forbid_reaches_has_unknown_line(tmp_path: Path) -> None:
    project(tmp_path, 'forbid-reaches = [{id = "a", from = "shop.x", to = "shop.y"}]\n')
    assert load_config(tmp_path).forbid_reaches == (ForbidRule("a", "shop.x", "shop.y", 0),)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('"win32"', ("win32",)),
        ('"linux,win32"', ("linux", "win32")),
        ('" linux , win32 , linux "', ("linux", "win32")),
        ('["darwin"]', ("darwin",)),
        ('["win32", "linux"]', ("win32", "linux")),
    ],
)
def test_platform_forms(tmp_path: Path, value: str, expected: tuple[str, ...]) -> None:
    project(tmp_path, f"platform = {value}\nplatforms = {value}\n")
    config = load_config(tmp_path)
    assert config.platform == expected
    assert config.platforms == expected


# ---------------------------------------------------------------------------------------------------------
# Usage errors


def test_unknown_key_suggests_nearest(tmp_path: Path) -> None:
    project(tmp_path, 'packges = ["src/shop"]\n')
    assert error_of(tmp_path) == ("pyproject.toml: [tool.claims] unknown key 'packges' (did you mean 'packages'?)")


def test_unknown_key_underscore_spelling(tmp_path: Path) -> None:
    project(tmp_path, 'on_unevaluable = "skip"\n')
    assert error_of(tmp_path) == (
        "pyproject.toml: [tool.claims] unknown key 'on_unevaluable' (did you mean 'on-unevaluable'?)"
    )


def test_unknown_key_without_close_match_lists_valid_keys(tmp_path: Path) -> None:
    project(tmp_path, "zzz = 1\n")
    message = error_of(tmp_path)
    assert message.startswith(
        "pyproject.toml: [tool.claims] unknown key 'zzz' (valid: allow, claims-observe, define, deny,"
    )


def test_unknown_key_in_define(tmp_path: Path) -> None:
    project(tmp_path, '[tool.claims.define.offline]\ncategores = ["network"]\n')
    assert error_of(tmp_path) == (
        "pyproject.toml: [tool.claims.define.offline] unknown key 'categores' (did you mean 'categories'?)"
    )


def test_unknown_key_in_forbid_rule(tmp_path: Path) -> None:
    project(tmp_path, '[[tool.claims.forbid-reaches]]\nid = "r"\nform = "a.b"\nto = "c.d"\n')
    assert error_of(tmp_path) == (
        "pyproject.toml:2: [[tool.claims.forbid-reaches]] unknown key 'form' (did you mean 'from'?)"
    )


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (
            'packages = "src/shop"',
            "packages: expected an array of paths relative to pyproject.toml, got a string",
        ),
        ("packages = [1]", "packages: expected an array of paths"),
        ("packages = []", "packages: expected at least one path"),
        ('packages = ["src/nope"]', "packages: 'src/nope' is neither a directory nor a .py file"),
        ('packages = ["/abs/src"]', "packages: '/abs/src' must be relative"),
        ('packages = ["../other"]', "packages: '../other' points outside the project root"),
        ('packages = ["pyproject.toml"]', "neither a directory nor a .py file"),
        ("exclude = 3", "exclude: expected an array of glob patterns, got an integer (3)"),
        ('exclude = [""]', "exclude: '' is not a glob pattern"),
        ('platform = "beos"', "platform: unknown platform 'beos' (known: aix, cygwin, darwin"),
        ('platform = "linx"', "platform: unknown platform 'linx' (did you mean 'linux'? known:"),
        ("platform = []", "platform: expected at least one platform"),
        ('platform = ""', "platform: unknown platform ''"),
        ("platforms = 7", "platforms: expected a platform string"),
        ("platforms = [true]", "platforms: expected a platform string"),
        ('trusted = "shop.fs"', "trusted: expected an array of dotted names, got a string ('shop.fs')"),
        ('trusted = ["shop..fs"]', "trusted: 'shop..fs' is not a dotted name"),
        ('trusted = ["shop.fs-root"]', "trusted: 'shop.fs-root' is not a dotted name"),
        ('follow = ["1pkg"]', "follow: '1pkg' is not a dotted name"),
        ('mutating-returns = [""]', "mutating-returns: '' is not a dotted name"),
        ('external = "ignore"', 'external: expected "unevaluable" or "trust", got a string (\'ignore\')'),
        ("on-unevaluable = false", 'on-unevaluable: expected "fail" or "skip", got a boolean (false)'),
        ('dynamic-calls = "warn"', 'dynamic-calls: expected "ignore" or "unevaluable", got a string (\'warn\')'),
        ("dynamic-calls = true", 'dynamic-calls: expected "ignore" or "unevaluable", got a boolean (true)'),
        ('claims-observe = "yes"', "claims-observe: expected true or false, got a string ('yes')"),
        ("claims-observe = 1", "claims-observe: expected true or false, got an integer (1)"),
        ('trusted-for = ["shop.fs"]', "trusted-for: expected a table of claim = [dotted names], got an array"),
        ('trusted-for = {sandboxed = "shop.fs"}', "[tool.claims.trusted-for] sandboxed: expected an array"),
        ('trusted-for = {sandboxed = ["shop fs"]}', "[tool.claims.trusted-for] sandboxed: 'shop fs' is not a dotted"),
        ('trusted-for = {idempotent = ["x.y"]}', "'idempotent' is asserted, never checked, so trusted-for entries"),
        ("max-walk = 0", "max-walk: expected a positive integer, got an integer (0)"),
        ("max-walk = true", "max-walk: expected a positive integer, got a boolean (true)"),
        ("max-walk = 1.5", "max-walk: expected a positive integer, got a float (1.5)"),
        ('max-walk = "10"', "max-walk: expected a positive integer, got a string ('10')"),
        ("deny = []", "deny: expected a table of claim = [dotted names], got an array"),
        ('deny = {deterministic = "os.getenv"}', "[tool.claims.deny] deterministic: expected an array"),
        (
            'allow = {sandboxed = ["os path"]}',
            "[tool.claims.allow] sandboxed: 'os path' is not a dotted name",
        ),
        ('allow = {idempotent = ["x.y"]}', "'idempotent' is asserted, never checked"),
        ("define = 1", "define: expected a table of custom claims, got an integer (1)"),
        ("define = {offline = 1}", "[tool.claims.define.offline] expected a table"),
        ("define = {offline = {categories = []}}", "[tool.claims.define.offline] forbids nothing"),
        ('define = {offline = {categories = "network"}}', "categories: expected an array of category names"),
        ('define = {Offline = {categories = ["network"]}}', "'Offline' is not a valid claim name"),
        ('define = {"my claim" = {categories = ["network"]}}', "'my claim' is not a valid claim name"),
        (
            'define = {offline = {deny = ["a..b"]}}',
            "[tool.claims.define.offline] deny: 'a..b' is not a dotted",
        ),
        ("forbid-reaches = 1", "forbid-reaches: expected an array of tables"),
        ('forbid-reaches = {id = "a"}', "forbid-reaches: expected an array of tables"),
        ("forbid-reaches = [1]", "[[tool.claims.forbid-reaches]] #1 expected a table with id, from, to"),
        ('forbid-reaches = [{id = "a", from = "x.y"}]', "#1 missing key 'to'"),
        ('forbid-reaches = [{id = 1, from = "x.y", to = "z"}]', "#1 id: expected a string, got an integer"),
        ('forbid-reaches = [{id = "a b", from = "x.y", to = "z"}]', "id: 'a b' is not a valid rule id"),
        ('forbid-reaches = [{id = "a", from = "x.", to = "z"}]', "id 'a' from: 'x.' is not a dotted name"),
    ],
)
def test_bad_values(tmp_path: Path, body: str, fragment: str) -> None:
    project(tmp_path, body + "\n")
    message = error_of(tmp_path)
    assert message.startswith(("pyproject.toml: [tool.claims", "pyproject.toml: [[tool.claims"))
    assert fragment in message


def test_non_table_tool_claims(tmp_path: Path) -> None:
    project(tmp_path, '[tool]\nclaims = "yes"\n', header=False)
    assert error_of(tmp_path) == "pyproject.toml: [tool.claims] expected a table, got a string ('yes')"


def test_non_table_tool(tmp_path: Path) -> None:
    project(tmp_path, "tool = 3\n", header=False)
    assert error_of(tmp_path) == "pyproject.toml: [tool] expected a table, got an integer (3)"


def test_unknown_category_lists_known(tmp_path: Path) -> None:
    project(tmp_path, '[tool.claims.define.offline]\ncategories = ["network", "netwrk"]\n')
    known = ", ".join(sorted(CATEGORIES))
    assert error_of(tmp_path) == (
        f"pyproject.toml: [tool.claims.define.offline] categories: unknown category 'netwrk' (known: {known})"
    )


def test_custom_claim_colliding_with_builtin(tmp_path: Path) -> None:
    project(tmp_path, '[tool.claims.define.sandboxed]\ncategories = ["network"]\n')
    assert error_of(tmp_path) == (
        "pyproject.toml: [tool.claims.define] 'sandboxed' collides with the built-in claim of that name"
    )


@pytest.mark.parametrize("table", ["deny", "allow"])
def test_deny_allow_unknown_claim(tmp_path: Path, table: str) -> None:
    project(tmp_path, f'[tool.claims.{table}]\noffline = ["socket.socket"]\n')
    assert error_of(tmp_path) == (
        f"pyproject.toml: [tool.claims.{table}] unknown claim 'offline' (known: deterministic, idempotent, sandboxed)"
    )


def test_deny_allow_unknown_claim_suggests(tmp_path: Path) -> None:
    project(tmp_path, '[tool.claims.deny]\ndeterminstic = ["x.y"]\n')
    assert "unknown claim 'determinstic' (did you mean 'deterministic'? known:" in error_of(tmp_path)


def test_deny_and_allow_same_name(tmp_path: Path) -> None:
    project(tmp_path, 'deny = {deterministic = ["a.b"]}\nallow = {deterministic = ["a.b"]}\n')
    assert error_of(tmp_path) == (
        "pyproject.toml: [tool.claims] 'a.b' is both in deny.deterministic and in allow.deterministic"
    )


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            'trusted = ["shop.fs"]\ndeny = {deterministic = ["shop.fs"]}\n',
            "'shop.fs' is both in trusted and in deny.deterministic: a name trusted for deterministic cannot be "
            "denied for it (remove one of the two)",
        ),
        (
            'trusted-for = {sandboxed = ["shop.fs"]}\ndeny = {sandboxed = ["shop.fs"]}\n',
            "'shop.fs' is both in trusted-for.sandboxed and in deny.sandboxed: a name trusted for sandboxed cannot "
            "be denied for it (remove one of the two)",
        ),
        (
            'trusted = ["shop.fs"]\ndeny = {sandboxed = ["shop.fs.read"]}\n',
            "'shop.fs.read' in deny.sandboxed lies under 'shop.fs' in trusted: a name trusted for sandboxed cannot "
            "be denied for it (remove one of the two)",
        ),
        (
            'trusted-for = {offline = ["shop.http"]}\n[tool.claims.define.offline]\ndeny = ["shop.http.get"]\n',
            "'shop.http.get' in define.offline.deny lies under 'shop.http' in trusted-for.offline: a name trusted "
            "for offline cannot be denied for it (remove one of the two)",
        ),
    ],
)
def test_trusted_and_denied_for_one_claim_is_a_contradiction(tmp_path: Path, body: str, expected: str) -> None:
    project(tmp_path, body)
    assert error_of(tmp_path) == f"pyproject.toml: [tool.claims] {expected}"


def test_trusted_for_one_claim_and_denied_for_another_stands(tmp_path: Path) -> None:
    project(
        tmp_path,
        'trusted-for = {sandboxed = ["shop.fs"]}\n'
        'deny = {deterministic = ["shop.fs", "shop.net"]}\n'
        'trusted = ["shop.net.pool"]\n',  # deny a module, trust one part of it: an exception, not a contradiction
    )
    config = load_config(tmp_path)
    assert dict(config.trusted_for) == {"sandboxed": ("shop.fs",)}
    assert config.trusted_for_claim("sandboxed") == ("shop.fs", "shop.net.pool")


@pytest.mark.parametrize(
    ("key", "suggested"),
    [("trusted_for", "trusted-for"), ("dynamic_calls", "dynamic-calls"), ("claims_observe", "claims-observe")],
)
def test_new_keys_suggested_for_underscore_spellings(tmp_path: Path, key: str, suggested: str) -> None:
    project(tmp_path, f"{key} = 1\n")
    assert error_of(tmp_path) == f"pyproject.toml: [tool.claims] unknown key {key!r} (did you mean {suggested!r}?)"


def test_trusted_for_unknown_claim_suggests(tmp_path: Path) -> None:
    project(tmp_path, 'trusted-for = {sandboxd = ["shop.fs"]}\n')
    assert error_of(tmp_path) == (
        "pyproject.toml: [tool.claims.trusted-for] unknown claim 'sandboxd' (did you mean 'sandboxed'? "
        "known: deterministic, idempotent, sandboxed)"
    )


def test_forbid_reaches_reflexive(tmp_path: Path) -> None:
    project(
        tmp_path,
        """\
        [[tool.claims.forbid-reaches]]
        id = "self-loop"
        from = "shop.db"
        to = "shop.db"
        """,
    )
    assert error_of(tmp_path) == (
        "pyproject.toml:2: [[tool.claims.forbid-reaches]] id 'self-loop' is reflexive: from and to are both 'shop.db'"
    )


def test_forbid_reaches_duplicate_id(tmp_path: Path) -> None:
    project(
        tmp_path,
        """\
        [[tool.claims.forbid-reaches]]
        id = "no-db"
        from = "shop.domain"
        to = "shop.db"

        [[tool.claims.forbid-reaches]]
        id = "no-db"
        from = "shop.ui"
        to = "shop.db"
        """,
    )
    message = error_of(tmp_path)
    assert "'no-db'" in message
    assert message == ("pyproject.toml:7: [[tool.claims.forbid-reaches]] duplicate id 'no-db' (first at line 2)")


def test_malformed_toml_names_file(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.claims]\npackages = = ["src"]\n')
    message = error_of(tmp_path)
    assert message.startswith("pyproject.toml: invalid TOML: ")
    assert "line 2" in message


def test_non_utf8_names_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_bytes(b"[tool.claims]\nexclude = ['\xff']\n")
    assert error_of(tmp_path).startswith("pyproject.toml: invalid TOML: not UTF-8")


def test_unreadable_pyproject_names_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").mkdir()
    assert error_of(tmp_path).startswith("pyproject.toml: cannot read the file")


# ---------------------------------------------------------------------------------------------------------
# Fingerprint


def test_fingerprint_stable_and_sensitive(tmp_path: Path) -> None:
    full_project(tmp_path)
    first = load_config(tmp_path).fingerprint()
    assert first == load_config(tmp_path).fingerprint()
    assert len(first) == 64
    int(first, 16)
    write(tmp_path, "pyproject.toml", FULL.replace("max-walk = 1000", "max-walk = 1001"))
    assert load_config(tmp_path).fingerprint() != first
    write(tmp_path, "pyproject.toml", FULL.replace('"shop.db"', '"shop.database"'))
    assert load_config(tmp_path).fingerprint() != first
    for old, changed in [
        ('dynamic-calls = "unevaluable"', 'dynamic-calls = "ignore"'),
        ("claims-observe = true", "claims-observe = false"),
        ('offline = ["shop.cache"]', 'offline = ["shop.cache", "shop.queue"]'),
    ]:
        write(tmp_path, "pyproject.toml", FULL.replace(old, changed))
        assert load_config(tmp_path).fingerprint() != first, changed


def test_fingerprint_ignores_order_and_rule_position(tmp_path: Path) -> None:
    full_project(tmp_path)
    first = load_config(tmp_path).fingerprint()
    reordered = FULL.replace(
        'trusted = ["shop.fsroot", "shop.clock.Clock.now", "shop.fsroot"]',
        'trusted = ["shop.clock.Clock.now", "shop.fsroot"]',
    ).replace("# a comment between rules", "# a comment\n\n# moved down")
    assert reordered != FULL
    write(tmp_path, "pyproject.toml", reordered)
    assert load_config(tmp_path).fingerprint() == first


def test_fingerprint_independent_of_checkout(tmp_path: Path) -> None:
    one = full_project(tmp_path / "one")
    two = tmp_path / "elsewhere" / "two"
    shutil.copytree(one, two)
    first, second = load_config(one), load_config(two)
    assert first.root != second.root
    assert first.fingerprint() == second.fingerprint()
    assert first != second


def test_fingerprint_of_defaults_differs_from_present_table(tmp_path: Path) -> None:
    write(tmp_path, "src/shop/__init__.py")
    absent = load_config(tmp_path).fingerprint()
    write(tmp_path, "pyproject.toml", "[tool.claims]\n")
    assert load_config(tmp_path).fingerprint() != absent


# ---------------------------------------------------------------------------------------------------------
# Property: junk never escapes as anything but ConfigError

KNOWN_KEYS = [
    "packages",
    "exclude",
    "platform",
    "platforms",
    "trusted",
    "deny",
    "allow",
    "external",
    "follow",
    "on-unevaluable",
    "mutating-returns",
    "max-walk",
    "define",
    "forbid-reaches",
    "trusted-for",
    "dynamic-calls",
    "claims-observe",
]
WORDS = [
    "src/shop",
    "linux",
    "win32,linux",
    "network",
    "deterministic",
    "sandboxed",
    "offline",
    "shop.db",
    "trust",
    "skip",
    "ignore",
    "unevaluable",
    "id",
    "from",
    "to",
    "categories",
    "deny",
    "",
    ".",
    "..",
    "\x00",
]

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(WORDS),
)
junk = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(WORDS[:-1]), st.text(max_size=6)), children, max_size=4),
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def junk_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One project reused by every example (module-scoped, so hypothesis may share it)."""
    root = tmp_path_factory.mktemp("junk")
    write(root, "src/shop/__init__.py")
    return root


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KNOWN_KEYS), junk, max_size=5))
def test_junk_values_only_raise_config_error(junk_root: Path, table: dict[str, Any]) -> None:
    try:
        text = tomlkit.dumps({"tool": {"claims": table}})
    except Exception:  # tomlkit cannot write every Python value; those are not TOML inputs
        return
    (junk_root / "pyproject.toml").write_text(text, encoding="utf-8")
    try:
        config = load_config(junk_root)
    except ConfigError as error:
        message = str(error)
        assert message.startswith("pyproject.toml")
        assert "\n" not in message
    else:
        assert config.present is True
        assert len(config.fingerprint()) == 64


# ---------------------------------------------------------------------------------------------------------
# Boolean environment variables (semantics §8)


@pytest.mark.parametrize("value", ["1", "true", "True", "YES", "on", "On", " 1 "])
def test_env_flag_on(value: str) -> None:
    assert env_flag("FLAG", {"FLAG": value}) is True


@pytest.mark.parametrize("value", [None, "", "  ", "0", "false", "FALSE", "no", "No", "off", "OFF"])
def test_env_flag_off(value: str | None) -> None:
    assert env_flag("FLAG", {} if value is None else {"FLAG": value}) is False


@pytest.mark.parametrize("value", ["2", "-1", "y", "n", "enabled", "t", "truee", "x" * 80])
def test_env_flag_anything_else_names_the_variable(value: str) -> None:
    with pytest.raises(ConfigError) as info:
        env_flag("FLAG", {"FLAG": value})
    message = str(info.value)
    assert message.startswith("environment variable FLAG=")
    assert "expected 1, true, yes or on (to turn it on) or 0, false, no, off or empty (to leave it off)" in message
    assert "\n" not in message and len(message) < 200
