"""What users read cites only what the repository holds: the package's code and data, the README, the pre-commit
hook and every `--help` cite the project's own reference (`semantics §N`, docs/semantics.md) and its docs, never
the contract the project was built from (a `SPEC` outside the repository) nor a path of the machine it was
written on."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_claims.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]

FOREIGN = re.compile(r"\bSPEC\b|SPEC\.md|/work/|shared/SPEC")
"""The outside contract, by name or file, and the paths of the workplace it lived in."""

SEMANTICS_REF = re.compile(r"semantics §\s*(\d+[a-z]?)")
DOCS_PATH = re.compile(r"\bdocs/[\w.-]+\.md\b")


def _semantics_sections() -> set[str]:
    text = (ROOT / "docs" / "semantics.md").read_text(encoding="utf-8")
    return set(re.findall(r"^## (\d+[a-z]?)\. ", text, flags=re.MULTILINE))


def _package_texts() -> dict[str, str]:
    texts = {}
    for path in sorted((ROOT / "pytest_claims").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml", ".json", ".md", ".txt", ".yaml"):
            texts[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
    for name in ("README.md", ".pre-commit-hooks.yaml"):
        texts[name] = (ROOT / name).read_text(encoding="utf-8")
    return texts


def _command_line_help() -> str:
    parser = build_parser()
    helps = [parser.format_help()]
    for action in parser._actions:  # the subcommands' own parsers
        if isinstance(action, argparse._SubParsersAction):
            helps.extend(sub.format_help() for sub in action.choices.values())
    return "\n".join(helps)


def _pytest_help(tmp_path: Path) -> str:
    """The plugin's options as `pytest --help` shows them (its group, up to the next one)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--help", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = re.search(r"^static claims \(pytest-claims\):\n(.*?)\n\n", done.stdout, flags=re.MULTILINE | re.DOTALL)
    assert found is not None, "the plugin's options are not in pytest --help"
    return found.group(1)


def _problems(name: str, text: str, sections: set[str]) -> list[str]:
    problems = [f"{name}: cites {m.group(0)!r}" for m in FOREIGN.finditer(text)]
    problems += [f"{name}: semantics §{s}: no such section" for s in SEMANTICS_REF.findall(text) if s not in sections]
    problems += [f"{name}: {p}: no such file" for p in DOCS_PATH.findall(text) if not (ROOT / p).is_file()]
    return problems


def test_the_reference_has_its_sections() -> None:
    assert {"4", "5", "9", "13a"} <= _semantics_sections()


def test_the_package_readme_and_hook_cite_only_the_repository() -> None:
    sections = _semantics_sections()
    problems = [p for name, text in _package_texts().items() for p in _problems(name, text, sections)]
    assert problems == []


def test_every_help_cites_only_the_repository(tmp_path: Path) -> None:
    sections = _semantics_sections()
    assert _problems("pytest-claims --help", _command_line_help(), sections) == []
    assert _problems("pytest --help", _pytest_help(tmp_path), sections) == []


@pytest.mark.parametrize(
    "text",
    ["as SPEC §5 says", "see /work/shared/SPEC.md", "semantics §99", "docs/nowhere.md"],
)
def test_a_foreign_citation_is_caught(text: str) -> None:
    assert _problems("sample", text, _semantics_sections()) != []
