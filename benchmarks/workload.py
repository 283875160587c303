"""Build the benchmark workloads into benchmarks/.work/ (git-ignored).

    python benchmarks/workload.py            # both workloads
    python benchmarks/workload.py --workload S

W: the Django 5.1.15 wheel from PyPI (880 files, 155 k lines); S: the packaging 26.4 wheel, for quick runs.
Each wheel is unpacked into benchmarks/.work/<name>/, a `# claims: deterministic` line is inserted directly
above every `def` / `async def` (annotate.py), and a pyproject.toml with `[tool.claims]` is written next to
the package. Downloads are cached in benchmarks/.work/downloads/. W4 (built by run.py when first needed, or
`--workload W4`): W's annotated package copied four times under new names (django_1 ... django_4, every
`django` name token in them renamed), to see whether the engine's cost grows linearly with the project.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tokenize
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from annotate import annotate_tree

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
DOWNLOADS = WORK / "downloads"


@dataclass(frozen=True)
class Spec:
    name: str
    project: str
    version: str
    packages: tuple[str, ...]
    hot: str = ""
    """A module most walks read (the hot-edit row edits it), relative to the workload's root."""
    path_run: str | None = None
    """The directory a path run (`pytest-claims check DIR`) checks, if the workload has one."""
    scaled: str | None = None
    """The workload made of renamed copies of this one, if any."""
    copies: int = 0
    """For a workload of copies: how many copies of `base`'s packages it holds."""
    base: str = ""


WORKLOADS: dict[str, Spec] = {
    "W": Spec("W", "django", "5.1.15", ("django",), "django/utils/functional.py", "django/utils", "W4"),
    "S": Spec("S", "packaging", "26.4", ("packaging",), "packaging/version.py"),
    "W4": Spec("W4", "django", "5.1.15", tuple(f"django_{k}" for k in range(1, 5)), copies=4, base="W"),
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
    """Of those, directives on defs nested in another def (semantics §2 refuses them: a collection error)."""
    skipped: int
    """Defs that do not start their line (e.g. `if x: def f(): ...`), left without a directive."""
    refused_files: int
    """Files holding at least one nested-def directive: pytest reports them as collection errors."""
    copies: int = 1
    """How many renamed copies of the wheel's packages the workload holds."""


PYPROJECT = """\
[tool.claims]
packages = [{packages}]
external = "trust"

# An empty table makes this file pytest's inifile, so the rootdir is this directory and not the
# enclosing repository (whose pyproject.toml has its own [tool.pytest.ini_options]).
[tool.pytest.ini_options]
"""


def download(requirement: str, pattern: str, *, wheel: bool) -> Path:
    """The file matching `pattern` in the download cache, fetched with pip on a miss (a wheel, or an sdist)."""
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    found = sorted(DOWNLOADS.glob(pattern))
    if not found:
        kind = ["--only-binary=:all:"] if wheel else ["--no-binary", ":all:"]
        command = [sys.executable, "-m", "pip", "download", "--no-deps", *kind, requirement, "-d", str(DOWNLOADS)]
        subprocess.run(command, check=True)
        found = sorted(DOWNLOADS.glob(pattern))
    if not found:
        raise SystemExit(f"pip left nothing matching {pattern} in {DOWNLOADS}")
    return found[0]


def wheel_for(spec: Spec) -> Path:
    """The workload's wheel from the download cache."""
    return download(f"{spec.project}=={spec.version}", f"{spec.project}-{spec.version}-*.whl", wheel=True)


def manifest(spec: Spec) -> dict[str, Any]:
    """The workload's manifest, building the workload first if it is not there yet."""
    path = WORK / f"workload-{spec.name}.json"
    if not path.exists():
        build(spec)
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def rename_module(text: str, old: str, new: str) -> str:
    """`text` with every NAME token `old` replaced by `new` (imports, dotted uses; strings and comments kept)."""
    lines = text.splitlines(keepends=True)
    spots = [
        token.start
        for token in tokenize.generate_tokens(iter(lines).__next__)
        if token.type == tokenize.NAME and token.string == old
    ]
    for row, col in reversed(spots):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + new + line[col + len(old) :]
    return "".join(lines)


def build_copies(spec: Spec) -> Manifest:
    """`spec.copies` copies of the base workload's (annotated) packages, each renamed throughout."""
    base = WORKLOADS[spec.base]
    base_manifest = manifest(base)
    base_root = Path(base_manifest["root"])
    root = WORK / spec.name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for package, copy in zip(base.packages * spec.copies, spec.packages, strict=True):
        shutil.copytree(base_root / package, root / copy)
        for path in (root / copy).rglob("*.py"):
            try:
                path.write_text(rename_module(path.read_text(encoding="utf-8"), package, copy), encoding="utf-8")
            except (SyntaxError, tokenize.TokenError, UnicodeDecodeError):
                continue  # left as it is: the engine reports it as it would the original
    quoted = ", ".join(f'"{p}"' for p in spec.packages)
    (root / "pyproject.toml").write_text(PYPROJECT.format(packages=quoted), encoding="utf-8")
    counts = {key: int(base_manifest[key]) * spec.copies for key in _COUNTED}
    built = Manifest(
        workload=spec.name,
        wheel=base_manifest["wheel"],
        wheel_sha256=base_manifest["wheel_sha256"],
        root=str(root),
        packages=list(spec.packages),
        copies=spec.copies,
        **counts,
    )
    (WORK / f"workload-{spec.name}.json").write_text(json.dumps(asdict(built), indent=2) + "\n", encoding="utf-8")
    return built


_COUNTED = ("files", "lines", "claims", "nested_claims", "skipped", "refused_files")


def build(spec: Spec) -> Manifest:
    if spec.copies:
        return build_copies(spec)
    wheel = wheel_for(spec)
    root = WORK / spec.name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(root)
    stats = annotate_tree([root / package for package in spec.packages])
    quoted = ", ".join(f'"{p}"' for p in spec.packages)
    (root / "pyproject.toml").write_text(PYPROJECT.format(packages=quoted), encoding="utf-8")
    manifest = Manifest(
        workload=spec.name,
        wheel=wheel.name,
        wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        root=str(root),
        packages=list(spec.packages),
        files=stats.files,
        lines=stats.lines,
        claims=stats.claims,
        nested_claims=stats.nested_claims,
        skipped=stats.skipped,
        refused_files=stats.refused_files,
    )
    text = json.dumps(asdict(manifest), indent=2) + "\n"
    (WORK / f"workload-{spec.name}.json").write_text(text, encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workload", choices=sorted(WORKLOADS), action="append", help="default: all")
    args = parser.parse_args(argv)
    for name in args.workload or [n for n in sorted(WORKLOADS, reverse=True) if not WORKLOADS[n].copies]:
        m = build(WORKLOADS[name])
        print(
            f"workload {m.workload}: {m.wheel} -> {m.root}\n"
            f"  files {m.files:,}  lines {m.lines:,}  claims {m.claims:,} "
            f"(nested in a def: {m.nested_claims:,} in {m.refused_files:,} files; skipped defs: {m.skipped})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
