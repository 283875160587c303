"""Build the benchmark workloads into benchmarks/.work/ (git-ignored).

    python benchmarks/workload.py            # both workloads
    python benchmarks/workload.py --workload S

W: the Django 5.1.15 wheel from PyPI (880 files, 155 k lines); S: the packaging 26.4 wheel, for quick runs.
Each wheel is unpacked into benchmarks/.work/<name>/, a `# claims: deterministic` line is inserted directly
above every `def` / `async def` (above its first decorator, at its indentation), and a pyproject.toml with
`[tool.claims]` is written next to the package. Line numbers come from `ast`, never from a regex; the corpus
is only parsed, never imported. Downloads are cached in benchmarks/.work/downloads/.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tokenize
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
DOWNLOADS = WORK / "downloads"
DIRECTIVE = "# claims: deterministic"


@dataclass(frozen=True)
class Spec:
    name: str
    project: str
    version: str
    packages: tuple[str, ...]


WORKLOADS: dict[str, Spec] = {
    "W": Spec("W", "django", "5.1.15", ("django",)),
    "S": Spec("S", "packaging", "26.4", ("packaging",)),
}


@dataclass
class Manifest:
    workload: str
    wheel: str
    wheel_sha256: str
    root: str
    packages: list[str]
    files: int
    lines: int
    """Lines of the .py files before any directive was inserted."""
    claims: int
    """Directives inserted (one per def, nested defs included)."""
    nested_claims: int
    """Of those, directives on defs nested in another def (SPEC §2 refuses them: a collection error)."""
    skipped: int
    """Defs that do not start their line (e.g. `if x: def f(): ...`), left without a directive."""
    refused_files: int
    """Files holding at least one nested-def directive: pytest reports them as collection errors."""


PYPROJECT = """\
[tool.claims]
packages = [{packages}]
external = "trust"

# An empty table makes this file pytest's inifile, so the rootdir is this directory and not the
# enclosing repository (whose pyproject.toml has its own [tool.pytest.ini_options]).
[tool.pytest.ini_options]
"""


def wheel_for(spec: Spec) -> Path:
    """The wheel from the download cache, fetched with pip on a miss."""
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    pattern = f"{spec.project}-{spec.version}-*.whl"
    found = sorted(DOWNLOADS.glob(pattern))
    if not found:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                f"{spec.project}=={spec.version}",
                "-d",
                str(DOWNLOADS),
            ],
            check=True,
        )
        found = sorted(DOWNLOADS.glob(pattern))
    if not found:
        raise SystemExit(f"no wheel matching {pattern} in {DOWNLOADS}")
    return found[0]


def _decode(data: bytes) -> tuple[str, str]:
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding), encoding


def _defs(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """Every def in the module with whether it is nested inside another def (classes do not count)."""
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool]] = []
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, inside_def = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((child, inside_def))
                stack.append((child, True))
            else:
                stack.append((child, inside_def))
    return found


def annotate(source: str) -> tuple[str, int, int, int]:
    """The source with a directive above every def; (text, inserted, nested, skipped)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    targets: dict[int, bool] = {}
    skipped = 0
    for node, nested in _defs(tree):
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        text = lines[first - 1]
        stripped = text.lstrip()
        starts = stripped.startswith("@") if node.decorator_list else stripped.startswith(("def", "async"))
        if not starts or first in targets:
            skipped += 1
            continue
        targets[first] = nested
    out: list[str] = []
    for number, text in enumerate(lines, start=1):
        if number in targets:
            indent = text[: len(text) - len(text.lstrip())]
            out.append(f"{indent}{DIRECTIVE}{newline}")
        out.append(text)
    return "".join(out), len(targets), sum(targets.values()), skipped


def build(spec: Spec) -> Manifest:
    wheel = wheel_for(spec)
    root = WORK / spec.name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(root)
    files = lines = claims = nested_claims = skipped = refused = 0
    for package in spec.packages:
        for path in sorted((root / package).rglob("*.py")):
            data = path.read_bytes()
            source, encoding = _decode(data)
            lines += source.count("\n")
            annotated, inserted, nested, skip = annotate(source)
            ast.parse(annotated, filename=str(path))  # still valid Python
            path.write_bytes(annotated.encode(encoding))
            files += 1
            claims += inserted
            nested_claims += nested
            skipped += skip
            refused += nested > 0
    quoted = ", ".join(f'"{p}"' for p in spec.packages)
    (root / "pyproject.toml").write_text(PYPROJECT.format(packages=quoted), encoding="utf-8")
    manifest = Manifest(
        workload=spec.name,
        wheel=wheel.name,
        wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        root=str(root),
        packages=list(spec.packages),
        files=files,
        lines=lines,
        claims=claims,
        nested_claims=nested_claims,
        skipped=skipped,
        refused_files=refused,
    )
    text = json.dumps(asdict(manifest), indent=2) + "\n"
    (WORK / f"workload-{spec.name}.json").write_text(text, encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workload", choices=sorted(WORKLOADS), action="append", help="default: all")
    args = parser.parse_args(argv)
    for name in args.workload or sorted(WORKLOADS, reverse=True):
        m = build(WORKLOADS[name])
        print(
            f"workload {m.workload}: {m.wheel} -> {m.root}\n"
            f"  files {m.files:,}  lines {m.lines:,}  claims {m.claims:,} "
            f"(nested in a def: {m.nested_claims:,} in {m.refused_files:,} files; skipped defs: {m.skipped})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
