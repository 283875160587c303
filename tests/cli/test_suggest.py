"""`pytest-claims suggest`: exactly the honest candidates, the near misses, and `--write` (bytes kept, idempotent,
checked again, never a claim the plugin would fail)."""

from __future__ import annotations

import ast
import difflib
import hashlib
import io
import os
import re
import shutil
import stat
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.cli.edit import def_starts, insert_lines
from pytest_claims.cli.stubs import stub_defs
from pytest_claims.cli.suggest import Candidate, Function, analyse, verify, write
from pytest_claims.config import load_config
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

REPO = Path(__file__).resolve().parents[2]
TREES = {
    "providers": REPO / "examples" / "providers",
    "violations": REPO / "testdata" / "violations",
    "rules": REPO / "testdata" / "rules",
}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def copy(tree: str, tmp_path: Path) -> Path:
    root = tmp_path / tree
    shutil.copytree(TREES[tree], root, ignore=shutil.ignore_patterns(".pytest_cache", "__pycache__"))
    return root


# ----------------------------------------------------------------------------------------------------
# Inserting lines


def test_insert_lines_keeps_every_byte() -> None:
    data = b"\xef\xbb\xbfdef a():\r\n\tpass\r\nclass C:\r\n\t@staticmethod\r\n\tdef b():\r\n\t\tpass"
    out = insert_lines(data, {1: b"# claims: x", 4: b"# claims: y"})
    assert out == (
        b"\xef\xbb\xbf# claims: x\r\ndef a():\r\n\tpass\r\nclass C:\r\n"
        b"\t# claims: y\r\n\t@staticmethod\r\n\tdef b():\r\n\t\tpass"
    )
    # old-Mac line ends, a form feed in the indentation (not copied: `\f# c` is no directive), an unterminated
    # last line
    assert insert_lines(b"x = 1\r\x0c  def f(): pass", {2: b"# c"}) == b"x = 1\r  # c\r\x0c  def f(): pass"
    assert insert_lines(b"def f(): pass", {1: b"# c"}) == b"# c\ndef f(): pass"
    assert insert_lines(b"x = 1\n", {}) == b"x = 1\n"


def test_def_starts_finds_the_first_decorator() -> None:
    source = (
        b"import f\n\n@f.deco(\n    1,\n)\n@f.other\ndef g():\n    def nested():\n        pass\n\n\n"
        b"class A:\n    async def h(self): ...\n"
    )
    assert def_starts(source) == {7: 3, 8: 8, 13: 13}
    assert def_starts(b"def broken(:\n") is None


# ----------------------------------------------------------------------------------------------------
# Exactly the honest candidates, derived independently: every def annotated in a copy, checked the plain way


def top_defs(tree: ast.Module) -> list[tuple[str, int, int]]:
    """(qualname, def line, line a comment goes above) of every def that is not inside another def."""
    found: list[tuple[str, int, int]] = []
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = child.decorator_list[0].lineno if child.decorator_list else child.lineno
                found.append((prefix + child.name, child.lineno, first))
            elif isinstance(child, ast.ClassDef):
                stack.append((child, f"{prefix}{child.name}."))
            elif not isinstance(child, ast.Lambda):
                stack.append((child, prefix))
    return found


def annotated_verdicts(root: Path, claim: str) -> set[tuple[str, int]]:
    """(function, def line in the original) of every def that holds `claim` honestly when each def not claiming
    anything yet is given a directive for it, by the plain engine on every platform of the sweep."""
    back: dict[tuple[str, int], int] = {}
    for path in sorted((root / "src").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        defs = top_defs(ast.parse(text))
        firsts = sorted({first for _, _, first in defs})
        lines = text.split("\n")
        for first in reversed(firsts):
            indent = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
            lines.insert(first - 1, f"{indent}# claims: {claim}")
        path.write_text("\n".join(lines), encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        for _, line, _ in defs:
            back[rel, line + sum(1 for f in firsts if f <= line)] = line
    verdicts: dict[tuple[str, int], list[bool]] = defaultdict(list)
    for item in check(root, sweep=True).claims:
        honest = item.claims == (claim,) and item.status == "held" and not item.blind_spots
        verdicts[item.function, back[item.file, item.line]].append(honest)
    return {key for key, honest in verdicts.items() if all(honest)}


def stubs(root: Path) -> set[tuple[str, int]]:
    """(function, def line) of every stub body: suggest proposes nothing for them."""
    found: set[tuple[str, int]] = set()
    for path in sorted((root / "src").rglob("*.py")):
        data = path.read_bytes()
        lines = stub_defs(data)
        module = ".".join(path.relative_to(root / "src").with_suffix("").parts).removesuffix(".__init__")
        found.update((f"{module}.{q}", line) for q, line, _ in top_defs(ast.parse(data)) if line in lines)
    return found


@pytest.mark.parametrize("tree", sorted(TREES))
def test_suggest_lists_exactly_the_honest_candidates(tree: str, tmp_path: Path) -> None:
    root = copy(tree, tmp_path / "a")
    config = load_config(root)
    suggestions, _ = analyse(root, config, ("deterministic", "sandboxed"), None, FactsCache(None))
    declared = {(c.function, c.line) for c in check(root, sweep=True).claims}
    for claim in ("deterministic", "sandboxed"):
        listed = {(c.function.name, c.function.line) for c in suggestions.candidates if claim in c.claims}
        expected = annotated_verdicts(copy(tree, tmp_path / claim), claim) - declared - stubs(root)
        assert listed == expected, claim
        assert listed  # every tree has some
    assert suggestions.judged > len(suggestions.candidates) + suggestions.declared  # and some that are not


def only_insertions(old: bytes, new: bytes) -> list[bytes]:
    """The lines `new` adds to `old`; fails unless the edit is insertions of whole `# claims:` lines only."""
    before, after = old.splitlines(keepends=True), new.splitlines(keepends=True)
    added: list[bytes] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        assert tag in ("equal", "insert"), (tag, before[i1:i2], after[j1:j2])
        if tag == "insert":
            added += after[j1:j2]
    assert all(re.fullmatch(rb"[ \t]*# claims: [a-z, ]+\r?\n", line) for line in added), added
    return added


@pytest.mark.parametrize("tree", ["providers", "violations"])
def test_write_then_pytest_passes_every_inserted_claim(tree: str, tmp_path: Path) -> None:
    root = copy(tree, tmp_path)
    before = {p: p.read_bytes() for p in root.rglob("*.py")}
    suggestions, _ = analyse(root, load_config(root), ("deterministic", "sandboxed"), None, FactsCache(None))
    # keyed by where the def lies once every directive above it is written: two defs of one name (a fallback
    # def under `except ImportError:`) are two candidates
    lines = [(c.function.file, c.function.line) for c in suggestions.candidates]
    expected = {
        (c.function.name, c.function.line + sum(1 for f, n in lines if f == c.function.file and n <= c.function.line)):
        c.claims
        for c in suggestions.candidates
    }  # fmt: skip
    status, out, err = run("suggest", "--root", str(root), "--write", "--no-cache")
    assert (status, err) == (0, ""), err
    n = len(expected)
    assert f"wrote {n} directives ({sum(map(len, expected.values()))} claim names on {n} functions) into " in out
    assert sum(len(only_insertions(old, path.read_bytes())) for path, old in before.items()) == n
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "claims", "-p", "no:cacheprovider", "-o", "addopts=",
         "--claims-all-platforms", "-v"],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    outcomes: dict[str, set[str]] = defaultdict(set)
    for line in done.stdout.splitlines():
        match = re.match(r"(\S+::\S+\[\w+\]) (PASSED|FAILED|SKIPPED|ERROR)", line)
        if match:
            outcomes[match.group(1)].add(match.group(2))
    seen = set()
    for item in check(root, sweep=True).claims:
        key = (item.function, item.line)
        if key in expected and item.claims == expected[key]:
            assert item.status == "held"
            assert outcomes[f"{item.file}::{item.qualname}[{item.platform}]"] == {"PASSED"}, item
            seen.add(key)
    assert seen == set(expected)
    status, out, _ = run("suggest", "--root", str(root), "--write", "--no-cache")  # idempotent
    assert "wrote nothing" in out
    assert "honest candidates: deterministic 0, sandboxed 0" in out


def test_write_is_idempotent_and_keeps_bytes(tmp_path: Path) -> None:
    root = tmp_path
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["src/odd"]\n', encoding="utf-8")
    package = root / "src" / "odd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_bytes(b"")
    files = {
        "crlf.py": b"import functools\r\n\r\n\r\nclass Box:\r\n    @functools.cache\r\n"
        b"    def size(self) -> int:\r\n        return 1\r\n\r\n    class Inner:\r\n"
        b"        def twice(self, x: int) -> int:\r\n            return 2 * x\r\n",
        "latin.py": b"# -*- coding: latin-1 -*-\nNAME = '\xe9t\xe9'\n\n\ndef name() -> str:\n    return NAME\n",
        "bom.py": b"\xef\xbb\xbfdef first() -> int:\n\treturn 1\n\n\nasync def last() -> int:\n\treturn 2",
        "mixed.py": b"import os\n\n\ndef env() -> str | None:\n    return os.getenv('X')\r\n\x0c\n"
        b"def pure() -> int:\r\n    return 3\r\n",
    }
    for name, data in files.items():
        (package / name).write_bytes(data)
    status, out, err = run("suggest", "--root", str(root), "--write", "--no-cache", "--claim", "deterministic")
    assert (status, err) == (0, ""), err
    assert "wrote 6 directives (6 claim names on 6 functions) into 4 files" in out
    expected = {
        "crlf.py": b"import functools\r\n\r\n\r\nclass Box:\r\n    # claims: deterministic\r\n    @functools.cache\r\n"
        b"    def size(self) -> int:\r\n        return 1\r\n\r\n    class Inner:\r\n        # claims: deterministic\r\n"
        b"        def twice(self, x: int) -> int:\r\n            return 2 * x\r\n",
        "latin.py": b"# -*- coding: latin-1 -*-\nNAME = '\xe9t\xe9'\n\n\n# claims: deterministic\ndef name() -> str:\n"
        b"    return NAME\n",
        "bom.py": b"\xef\xbb\xbf# claims: deterministic\ndef first() -> int:\n\treturn 1\n\n\n# claims: deterministic\n"
        b"async def last() -> int:\n\treturn 2",
        "mixed.py": b"import os\n\n\ndef env() -> str | None:\n    return os.getenv('X')\r\n\x0c\n"
        b"# claims: deterministic\r\ndef pure() -> int:\r\n    return 3\r\n",
    }
    for name, data in expected.items():
        assert (package / name).read_bytes() == data, name
    status, out, _ = run("suggest", "--root", str(root), "--write", "--no-cache", "--claim", "deterministic")
    assert status == 0
    assert "wrote nothing" in out
    for name, data in expected.items():
        assert (package / name).read_bytes() == data, name
    status, out, _ = run("check", "--root", str(root), "--all-platforms", "--no-cache")
    assert status == 0, out
    assert "claims checked: 18" in out


def test_a_file_changed_since_the_analysis_is_skipped(tmp_path: Path) -> None:
    root = copy("providers", tmp_path)
    config = load_config(root)
    suggestions, result = analyse(root, config, ("sandboxed",), None, FactsCache(None))
    planner = root / "src" / "providers" / "planner.py"
    planner.write_bytes(planner.read_bytes() + b"\n# edited meanwhile\n")
    edited = planner.read_bytes()
    written, skipped, _ = write(root, result, suggestions.candidates)
    assert skipped == [("src/providers/planner.py", "changed since the analysis: run suggest again")]
    assert planner.read_bytes() == edited
    assert [w.file for w in written] == ["src/providers/files.py"]


def test_a_written_claim_that_would_not_pass_is_put_back(tmp_path: Path) -> None:
    root = copy("providers", tmp_path)
    config = load_config(root)
    _, result = analyse(root, config, ("deterministic",), ["linux"], FactsCache(None))
    planner = root / "src" / "providers" / "planner.py"
    original = planner.read_bytes()
    false = Candidate(Function("providers.planner", "stamp", "src/providers/planner.py", 8), ("deterministic",))
    written, skipped, _ = write(root, result, [false])
    assert skipped == [] and planner.read_bytes() != original
    undone = verify(root, config, ("linux",), FactsCache(None), written)
    assert [(u.file, why) for u, why in undone] == [
        ("src/providers/planner.py", "providers.planner.stamp violated on linux")
    ]
    assert planner.read_bytes() == original


def test_read_only_skipped_symlink_written_through(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy("providers", tmp_path / "p")
    monkeypatch.chdir(root)  # the paths shown are relative to the current directory
    text = root / "src" / "providers" / "planner.py"
    outside = tmp_path / "real_planner.py"
    shutil.move(text, outside)
    text.symlink_to(outside)
    files = root / "src" / "providers" / "files.py"
    files.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        status, out, err = run("suggest", "--root", str(root), "--write", "--no-cache")
        assert status == 1
        assert err == "skipped src/providers/files.py: read-only\n"
        assert text.is_symlink() and b"# claims: sandboxed\ndef stamp" in outside.read_bytes()
        assert "wrote 2 directives (2 claim names on 2 functions) into 1 file" in out
    finally:
        files.chmod(stat.S_IRUSR | stat.S_IWUSR)


# ----------------------------------------------------------------------------------------------------
# What it prints


def test_suggest_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy("providers", tmp_path)
    monkeypatch.chdir(root)  # the paths shown are relative to the current directory
    status, out, _ = run("suggest", "--root", str(root), "--no-cache")
    assert status == 0
    assert out.splitlines() == [
        "honest candidates: deterministic 1, sandboxed 3 (3 functions of 12 judged on darwin, linux, win32, "
        "held on each with no blind spot; 7 already carry a directive and are left alone)",
        "skipped: 2 functions without a directive, a candidate for no claim: 2 reach what every asked claim forbids",
        "",
        "providers.files (src/providers/files.py): deterministic 1, sandboxed 1",
        "  FileProvider.__init__ (line 8): deterministic, sandboxed",
        "",
        "providers.planner (src/providers/planner.py): deterministic 0, sandboxed 2",
        "  stamp (line 8): sandboxed",
        "  schedule (line 12): sandboxed",
        "",
        "near misses: 6 (would hold but for one reach; by the functions it blocks):",
        "  deterministic: calls time.time at src/providers/planner.py:9 (2 functions)",
        "    providers.planner.stamp",
        "    providers.planner.schedule, through providers.planner.stamp",
        "  deterministic: calls os.path.abspath at src/providers/fsroot.py:8 (1 function)",
        "    providers.fsroot.Root.__init__",
        "  sandboxed: calls os.path.abspath at src/providers/fsroot.py:8 (1 function)",
        "    providers.fsroot.Root.__init__",
        # `path.startswith(...)` on a str the stubs do not type is no blind spot: no class here binds `startswith`
        "  deterministic: calls builtins.open at src/providers/fsroot.py:14 (1 function)",
        "    providers.fsroot.Root.read_text",
        "  sandboxed: calls builtins.open at src/providers/fsroot.py:14 (1 function)",
        "    providers.fsroot.Root.read_text",
    ]
    status, out, _ = run("suggest", str(root / "src" / "providers" / "files.py"), "--no-cache", "-q")
    assert out.splitlines()[0].startswith("honest candidates: deterministic 1, sandboxed 1 (1 function of 3 judged")


def test_suggest_leaves_the_plugins_verdicts_alone(tmp_path: Path) -> None:
    """Suggest's verdicts (every function, other claims) are stored apart: a later plain check is unchanged."""
    root = copy("violations", tmp_path)
    cache_dir = tmp_path / "cache"
    plain = check(root, sweep=True).claims
    check(root, sweep=True, cache=FactsCache(cache_dir))
    analyse(root, load_config(root), ("deterministic", "sandboxed"), None, FactsCache(cache_dir))
    again = check(root, sweep=True, cache=FactsCache(cache_dir))
    assert again.claims == plain
    assert again.reused == len(plain)


def test_refused_and_unreadable_are_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy("providers", tmp_path)
    monkeypatch.chdir(root)  # the paths shown are relative to the current directory
    (root / "src" / "providers" / "bad.py").write_text("# claims: pure\ndef f():\n    return 1\n", encoding="utf-8")
    (root / "src" / "providers" / "broken.py").write_text("# claims: deterministic\ndef g(:\n", encoding="utf-8")
    status, out, _ = run("suggest", "--root", str(root), "--no-cache", "-q")
    assert status == 2
    assert "refused: src/providers/bad.py:1: unknown claim 'pure'" in out
    assert "unreadable: src/providers/broken.py:2: " in out
    os.remove(root / "src" / "providers" / "bad.py")
    status, _, _ = run("suggest", "--root", str(root), "--no-cache", "-q")
    assert status == 1


def test_digest_is_what_the_engine_read(tmp_path: Path) -> None:
    """The changed-file guard compares with the digest the analysis used (sha256 of the bytes)."""
    root = copy("providers", tmp_path)
    _, result = analyse(root, load_config(root), ("sandboxed",), ["linux"], FactsCache(None))
    planner = root / "src" / "providers" / "planner.py"
    digest = hashlib.sha256(planner.read_bytes()).hexdigest()
    assert result.project.modules.digests["providers.planner"] == digest
