"""The JSON Schema of `[tool.claims]` shipped in the package: registered with validate-pyproject, which then
checks the table in a pyproject.toml, and in agreement with the configuration reader (`config`), key for key
and value for value, so the two cannot drift apart."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import tomlkit

from pytest_claims import config
from pytest_claims.config import keys
from pytest_claims.schema import tool_schema
from pytest_claims.vocabulary import BUILTIN_CLAIMS, CATEGORIES, KNOWN_PLATFORMS, PLATFORM_ALIASES
from tests.kit.helpers import REPO, run

SCHEMA = tool_schema()


def test_schema_is_a_valid_draft_07_schema_with_an_id() -> None:
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert SCHEMA["$id"]  # validate-pyproject keys its registry by it
    jsonschema.Draft7Validator.check_schema(SCHEMA)


def test_registered_as_the_validate_pyproject_plugin_for_tool_claims() -> None:
    from validate_pyproject.plugins import list_from_entry_points

    [plugin] = [p for p in list_from_entry_points() if p.tool == "claims"]
    assert plugin.schema == SCHEMA
    assert "pytest-claims" in plugin.help_text


def validate_pyproject(path: Path) -> Any:
    return run([sys.executable, "-m", "validate_pyproject", str(path)], path.parent)


def test_validate_pyproject_accepts_a_good_table(tmp_path: Path) -> None:
    good = tmp_path / "pyproject.toml"
    good.write_text(
        '[project]\nname = "shop"\nversion = "1.0"\n\n'
        '[tool.claims]\npackages = ["src/shop"]\nplatforms = "linux, win32"\ntrusted-for = { deterministic = '
        '["shop.clock.now"] }\nmax-walk = 1000\n\n[tool.claims.define.offline]\ncategories = ["network"]\n\n'
        '[[tool.claims.forbid-reaches]]\nid = "api-not-db"\nfrom = "shop.api"\nto = "shop.db"\n'
    )
    done = validate_pyproject(good)
    assert done.returncode == 0, done.stdout + done.stderr
    assert validate_pyproject(REPO / "pyproject.toml").returncode == 0  # the project's own table


@pytest.mark.parametrize(
    ("table", "named"),
    [
        ('externl = "trust"', "externl"),  # a misspelt key
        ('external = "ignore"', "tool.claims.external"),
        ('platform = "linux,beos"', "tool.claims.platform"),
        ("trusted = ['not a dotted name']", "tool.claims.trusted"),
        ("max-walk = 0", "tool.claims.max-walk"),
        ("[tool.claims.define.deterministic]\ncategories = ['clock']", "tool.claims.define"),
        ("[[tool.claims.forbid-reaches]]\nid = 'r'\nfrom = 'a.b'", "tool.claims.forbid-reaches"),
    ],
)
def test_validate_pyproject_refuses_a_bad_table(tmp_path: Path, table: str, named: str) -> None:
    bad = tmp_path / "pyproject.toml"
    bad.write_text(f'[project]\nname = "shop"\nversion = "1.0"\n\n[tool.claims]\n{table}\n')
    done = validate_pyproject(bad)
    assert done.returncode != 0
    assert named in done.stdout + done.stderr


# ----------------------------------------------------------------------------------------------------------
# One truth: the schema and the reader agree


def test_the_schema_names_the_readers_keys_and_choices() -> None:
    properties = SCHEMA["properties"]
    assert SCHEMA["additionalProperties"] is False
    assert sorted(properties) == sorted(keys.TOP_KEYS)
    define = properties["define"]["additionalProperties"]
    assert sorted(define["properties"]) == sorted(keys.DEFINE_KEYS)
    assert sorted(define["properties"]["categories"]["items"]["enum"]) == sorted(CATEGORIES)
    assert sorted(properties["define"]["propertyNames"]["not"]["enum"]) == sorted(BUILTIN_CLAIMS)
    rule = properties["forbid-reaches"]["items"]
    assert sorted(rule["properties"]) == sorted(rule["required"]) == sorted(keys.RULE_KEYS)
    assert rule["properties"]["id"]["pattern"] == f"^{keys.RULE_ID.pattern}$"
    assert properties["external"]["enum"] == list(keys.EXTERNAL_VALUES)
    assert properties["on-unevaluable"]["enum"] == list(keys.ON_UNEVALUABLE_VALUES)
    assert properties["dynamic-calls"]["enum"] == list(config.DYNAMIC_CALLS)
    # a platform is any case of a `sys.platform` value or an everyday alias (`windows`, `macOS`)
    names = sorted([*KNOWN_PLATFORMS, *PLATFORM_ALIASES])
    spelled = "(" + "|".join("".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in n) for n in names) + ")"
    for key in ("platform", "platforms"):
        assert properties[key]["oneOf"][1]["items"]["pattern"] == f"^\\s*{spelled}\\s*$"
        assert properties[key]["oneOf"][0]["pattern"] == f"^\\s*{spelled}\\s*(,\\s*{spelled}\\s*)*$"


VALUES: list[str] = [
    # platforms, as a string, a comma list and an array, including names the reader may or may not take
    *(f'platform = "{name}"' for name in [*sorted(KNOWN_PLATFORMS), "windows", "macos", "osx", "Linux", ""]),
    'platforms = "linux, win32"',
    'platforms = ["darwin", "win32"]',
    'platforms = ["macOS", "Windows"]',
    'platforms = ["beos"]',
    'platforms = "linux, MAC"',
    "platforms = []",
    "platforms = 3",
    # choices and scalars
    'external = "trust"',
    'external = "unevaluable"',
    'external = "ignore"',
    'on-unevaluable = "skip"',
    'on-unevaluable = "warn"',
    'dynamic-calls = "unevaluable"',
    'dynamic-calls = "fail"',
    "max-walk = 10",
    "max-walk = 0",
    "max-walk = true",
    'max-walk = "10"',
    "claims-observe = true",
    'claims-observe = "yes"',
    # dotted names and tables of them
    'trusted = ["shop.clock.now", "_private.x"]',
    'trusted = ["shop..clock"]',
    'trusted = ["1shop"]',
    'trusted = "shop"',
    'mutating-returns = ["shop.Cart"]',
    'follow = ["requests"]',
    "deny = { deterministic = ['shop.helpers.now'] }",
    "deny = { deterministic = 'shop.helpers.now' }",
    "allow = { sandboxed = ['os.getcwd'] }",
    "trusted-for = { deterministic = ['shop.clock'] }",
    'exclude = ["build", "*.pyi"]',
    "exclude = [1]",
    # custom claims and rules
    "define = { offline = { categories = ['network'] } }",
    "define = { offline = { categories = ['telepathy'] } }",
    "define = { offline = { deny = ['socket.socket'] } }",
    "define = { Offline = { deny = ['socket.socket'] } }",
    "define = { sandboxed = { deny = ['socket.socket'] } }",
    "define = { offline = { categories = ['network'], colour = 'red' } }",
    "forbid-reaches = [{ id = 'a-b', from = 'shop.a', to = 'shop.b' }]",
    "forbid-reaches = [{ id = '-a', from = 'shop.a', to = 'shop.b' }]",
    "forbid-reaches = [{ id = 'a', from = 'shop.a' }]",
    "forbid-reaches = [{ id = 'a', from = 'shop.a', to = 'shop b' }]",
    "forbid-reaches = { id = 'a', from = 'shop.a', to = 'shop.b' }",
    # keys
    "packages = ['src/shop']",
    'externl = "trust"',
]


@pytest.mark.parametrize("line", VALUES)
def test_the_schema_and_the_reader_agree_on_a_value(tmp_path: Path, line: str) -> None:
    """Each line, as a `[tool.claims]` table: accepted by the schema exactly when the reader accepts it."""
    (tmp_path / "src" / "shop").mkdir(parents=True)
    (tmp_path / "src" / "shop" / "__init__.py").write_text("")
    text = f"[tool.claims]\n{line}\n"
    (tmp_path / "pyproject.toml").write_text(text)
    try:
        config.load_config(tmp_path)
    except config.ConfigError:
        reader_accepts = False
    else:
        reader_accepts = True
    table = tomlkit.parse(text).unwrap()["tool"]["claims"]
    schema_accepts = jsonschema.Draft7Validator(SCHEMA).is_valid(table)
    assert schema_accepts == reader_accepts, f"schema {'accepts' if schema_accepts else 'refuses'} {line!r}"
