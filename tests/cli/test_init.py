"""`python -m pytest_claims init`: the table it writes and the bytes it leaves alone."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

from pytest_claims.__main__ import main
from pytest_claims.config import load_config
from pytest_claims.init import init_config, render_table, run_init

RICH = """\
# A pyproject that exercises every shape init must leave alone.
#   odd indentation in comments,   trailing spaces follow:   \t
[build-system]
requires = [ "setuptools>=68" ,"wheel" ]   # spaced oddly on purpose
build-backend="setuptools.build_meta"

[project]
name    =   "shop"
version = '0.1.0'
description = \"\"\"
A multi-line string with a line that looks like a header:
[tool.claims]
[tool.fake]
and a quote \\\"\"\" escaped.
\"\"\"
matrix = [
  [1, 2],
[3, 4],
]
inline = { a = 1, b = [ "x", "y" ] }

# --- tools ---

[tool.ruff]  # the linter
line-length = 100   # keep
  [tool.ruff.lint]
  select = ["E", "F"]

[ tool . "black" ]
skip-string-normalization = true
# trailing comment of the black table

# This comment introduces the urls table.
[project.urls]
Home = "https://example.org"   # end

[[project.authors]]
name = "A"
# the very end, no blank line after it
"""


def split_insertion(original: str, result: str) -> tuple[str, str, str]:
    """(before, inserted, after) with before + after == original: fails if result is not one insertion."""
    prefix = 0
    while prefix < len(original) and prefix < len(result) and original[prefix] == result[prefix]:
        prefix += 1
    suffix = len(original) - prefix
    assert result.endswith(original[prefix:]), "bytes after the insertion changed"
    inserted = result[prefix : len(result) - suffix]
    assert original[:prefix] + inserted + original[prefix:] == result
    return original[:prefix], inserted, original[prefix:]


def project(root: Path, pyproject: str | bytes | None = None) -> Path:
    """A src-layout project with package `shop` (and optionally a pyproject.toml)."""
    (root / "src" / "shop").mkdir(parents=True)
    (root / "src" / "shop" / "__init__.py").write_text("", encoding="utf-8")
    (root / "tests").mkdir()
    (root / "tests" / "__init__.py").write_text("", encoding="utf-8")
    if pyproject is not None:
        data = pyproject.encode("utf-8") if isinstance(pyproject, str) else pyproject
        (root / "pyproject.toml").write_bytes(data)
    return root / "pyproject.toml"


def run(root: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_init(root, force="--force" in args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def claims_table(text: str) -> Any:
    return tomllib.loads(text).get("tool", {}).get("claims")


def without_claims(text: str) -> dict[str, Any]:
    data: dict[str, Any] = tomllib.loads(text)
    data.get("tool", {}).pop("claims", None)
    if data.get("tool") == {}:
        del data["tool"]
    return data


# ----------------------------------------------------------------------------------------------------
# The table


def test_rendered_table_is_valid_toml_with_only_packages_live() -> None:
    table = render_table(["src/shop", "src/util.py"])
    assert tomllib.loads(table) == {"tool": {"claims": {"packages": ["src/shop", "src/util.py"]}}}
    for key in (
        "exclude",
        "platform",
        "platforms",
        "trusted",
        "trusted-for",
        "deny",
        "allow",
        "external",
        "follow",
        "on-unevaluable",
        "mutating-returns",
        "max-walk",
        "dynamic-calls",
        "claims-observe",
        "[tool.claims.define.",
        "[[tool.claims.forbid-reaches]]",
    ):
        assert f"# {key}" in table, key
    assert '# external = "unevaluable"' in table and '"trust"' in table
    assert '# dynamic-calls = "ignore"' in table and "# claims-observe = false" in table


def test_commented_defaults_are_the_real_defaults(tmp_path: Path) -> None:
    """Uncommenting every default key changes nothing (platform, an example, aside)."""
    pyproject = project(tmp_path)
    lines = render_table(["src/shop"]).splitlines()
    live: list[str] = []
    for line in lines[: lines.index("#")]:  # the keys; the examples after the lone "#" stay comments
        key = re.match(r"# [a-z-]+ = ", line) and not line.startswith("# platform =")
        item = line.startswith("#     ") or line == "# ]"  # the exclude array's items and its end
        live.append(line[2:] if key or item else line)
    pyproject.write_text("\n".join(live) + "\n", encoding="utf-8")
    uncommented = load_config(tmp_path)
    pyproject.write_text(render_table(["src/shop"]), encoding="utf-8")
    commented = load_config(tmp_path)
    assert uncommented.fingerprint() == commented.fingerprint()
    assert commented.packages == ("src/shop",)


def test_nothing_detected_leaves_packages_commented(tmp_path: Path) -> None:
    code, _, _ = run(tmp_path)
    assert code == 0
    text = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert "could not be detected" in text
    assert "# packages = " in text
    assert claims_table(text) == {}
    assert load_config(tmp_path).present


# ----------------------------------------------------------------------------------------------------
# Writing


def test_fresh_directory_creates_the_file(tmp_path: Path) -> None:
    project(tmp_path)
    code, out, err = run(tmp_path)
    assert (code, err) == (0, "")
    text = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert text == render_table(["src/shop"])
    assert claims_table(text) == {"packages": ["src/shop"]}
    assert "created" in out and 'packages = ["src/shop"]' in out
    assert load_config(tmp_path).packages == ("src/shop",)


def test_rich_pyproject_keeps_every_byte_and_gains_the_table_after_the_tool_tables(tmp_path: Path) -> None:
    pyproject = project(tmp_path, RICH)
    code, out, err = run(tmp_path)
    assert (code, err) == (0, "")
    result = pyproject.read_bytes().decode("utf-8")
    split_insertion(RICH, result)
    at = RICH.index("# trailing comment of the black table\n") + len("# trailing comment of the black table\n")
    assert result == RICH[:at] + "\n" + render_table(["src/shop"]) + RICH[at:]
    assert RICH[at:].startswith("\n# This comment introduces the urls table.\n[project.urls]")
    assert claims_table(result) == {"packages": ["src/shop"]}
    assert without_claims(result) == tomllib.loads(RICH)
    assert "added to" in out


def test_top_level_layout_is_detected(tmp_path: Path) -> None:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "__init__.py").write_text("", encoding="utf-8")
    assert run(tmp_path)[0] == 0
    assert claims_table((tmp_path / "pyproject.toml").read_text(encoding="utf-8")) == {"packages": ["shop"]}


def test_without_tool_tables_the_table_goes_at_the_end(tmp_path: Path) -> None:
    original = '[project]\nname = "shop"  # no trailing newline'
    pyproject = project(tmp_path, original)
    assert run(tmp_path)[0] == 0
    result = pyproject.read_text(encoding="utf-8")
    before, inserted, after = split_insertion(original, result)
    assert (before, after) == (original, "")
    assert inserted == "\n\n" + render_table(["src/shop"])


def test_crlf_file_gets_a_crlf_table(tmp_path: Path) -> None:
    original = RICH.replace("\n", "\r\n")
    pyproject = project(tmp_path, original)
    assert run(tmp_path)[0] == 0
    result = pyproject.read_bytes().decode("utf-8")
    _, inserted, _ = split_insertion(original, result)
    assert "\n" not in inserted.replace("\r\n", "")
    assert inserted.strip("\r\n") == render_table(["src/shop"], "\r\n").strip("\r\n")
    assert without_claims(result) == tomllib.loads(original)


def test_existing_table_is_refused_without_force(tmp_path: Path) -> None:
    original = RICH.replace("[tool.ruff]  # the linter", '[tool.claims]\npackages = ["src/shop"]\n\n[tool.ruff]')
    pyproject = project(tmp_path, original)
    code, out, err = run(tmp_path)
    assert (code, out) == (1, "")
    assert "already has a [tool.claims] table" in err and "--force" in err
    assert pyproject.read_bytes() == original.encode("utf-8")


FORCED = """\
# head comment
[project]
name = "shop"

# Our claims config:
[tool.claims]   # old
packages = ["src/shop"]
external = "trust"

[tool.claims.define.offline]
categories = ["network"]

# an old rule
[[tool.claims.forbid-reaches]]
id = "r"
from = "shop.a"
to = "shop.b"

# Ruff follows.
[tool.ruff]
line-length = 100
"""


def test_force_replaces_only_the_claims_tables(tmp_path: Path) -> None:
    pyproject = project(tmp_path, FORCED)
    code, out, err = run(tmp_path, "--force")
    assert (code, err) == (0, "")
    assert "replaced [tool.claims]" in out
    result = pyproject.read_text(encoding="utf-8")
    head = FORCED[: FORCED.index("[tool.claims]   # old")]
    tail = FORCED[FORCED.index("\n# Ruff follows.") :]
    assert result == head + render_table(["src/shop"]) + tail
    assert claims_table(result) == {"packages": ["src/shop"]}
    assert without_claims(result) == without_claims(FORCED)
    assert run(tmp_path, "--force")[0] == 0
    assert pyproject.read_text(encoding="utf-8") == result  # stable when run again


def test_force_on_dotted_keys_is_refused(tmp_path: Path) -> None:
    original = '[tool]\nclaims.packages = ["src/shop"]\n'
    pyproject = project(tmp_path, original)
    code, _, err = run(tmp_path, "--force")
    assert code == 1 and "dotted keys or an inline table" in err
    assert pyproject.read_text(encoding="utf-8") == original


def test_invalid_toml_is_refused(tmp_path: Path) -> None:
    pyproject = project(tmp_path, "[project\nname = 1\n")
    code, _, err = run(tmp_path)
    assert code == 1 and "invalid TOML" in err and "nothing written" in err
    assert pyproject.read_text(encoding="utf-8") == "[project\nname = 1\n"


def test_init_config_accepts_the_file_itself(tmp_path: Path) -> None:
    pyproject = project(tmp_path, "[project]\nname = 'shop'\n")
    result = init_config(pyproject)
    assert result.path == pyproject and not result.created and not result.replaced


# ----------------------------------------------------------------------------------------------------
# The command line


def test_main_init(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project(tmp_path, RICH)
    assert main(["init", "--path", str(tmp_path)]) == 0
    assert main(["init", "--path", str(tmp_path)]) == 1
    assert main(["init", "--force", "--path", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "already has a [tool.claims] table" in captured.err


def test_main_needs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 4  # a usage error, as pytest's: one line, no usage block
    assert capsys.readouterr().err == "pytest-claims: the following arguments are required: COMMAND\n"


def test_python_dash_m(tmp_path: Path) -> None:
    pyproject = project(tmp_path, RICH)
    command = [sys.executable, "-m", "pytest_claims", "init", "--path", str(tmp_path)]
    first = subprocess.run(command, capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    assert "[tool.claims]" in first.stdout
    written = pyproject.read_bytes()
    second = subprocess.run(command, capture_output=True, text=True, check=False)
    assert second.returncode == 1
    assert "already has a [tool.claims] table" in second.stderr
    assert pyproject.read_bytes() == written


def test_the_table_names_no_invocation_and_explains_platform() -> None:
    table = render_table(["src/shop"])
    assert "python -m pytest_claims" not in table and "Written by the pytest-claims init command" in table
    [line] = [line for line in table.splitlines() if line.startswith("# platform =")]
    assert "unset: the host's; set: only these" in line  # uncommenting it is a choice, said so


@pytest.mark.parametrize("legacy", ["setup.py", "setup.cfg"])
def test_creating_pyproject_beside_setup_py_warns(tmp_path: Path, legacy: str) -> None:
    project(tmp_path)
    text = "from setuptools import setup\nsetup()\n" if legacy == "setup.py" else "[metadata]\n"
    (tmp_path / legacy).write_text(text)
    code, out, err = run(tmp_path)
    assert code == 0 and "created" in out
    [warning] = err.splitlines()
    assert warning.startswith(f"warning: {legacy} builds this project and it had no pyproject.toml")
    assert "setuptools.build_meta:__legacy__" in warning and "To undo: delete" in warning


def test_adding_to_an_existing_pyproject_beside_setup_py_does_not_warn(tmp_path: Path) -> None:
    project(tmp_path, RICH)
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup()\n")
    code, _, err = run(tmp_path)
    assert (code, err) == (0, "")
