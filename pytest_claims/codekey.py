"""Cache keys made from the code that builds the cached values, so no version number is bumped by hand.

Every cache namespace that depends on what the plugin's code means (the facts, the stores of verdicts and
summaries, the snapshot, parsed stubs) includes `code_digest` of the modules that build and read its entries:
changing any of them, even in a way no record's shape shows (a fact that now means something else), starts a
new namespace, and an entry made by other code is never served.

The digest is of the source text, read from the installed package by module name (not from a module's
`__file__`, which for a compiled build is a native extension that differs between machines), with line endings
normalised: the same source gives the same digest on every machine and every Python version, and the compiled
wheel carries it because the wheel ships every module's `.py` source beside its extension (`setup.py` compiles
without removing any). A source that cannot be read counts as a fixed marker: the plugin version, also in every
namespace, still tells such installs apart.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The directory of the `pytest_claims` package."""


def source_path(module: str) -> Path:
    """Where the source of a module of the package lies (`pytest_claims.a.b` -> `<package>/a/b.py`, a package's
    `__init__.py` when `a/b` is a directory)."""
    parts = module.split(".")[1:]
    path = PACKAGE.joinpath(*parts) if parts else PACKAGE
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def modules_under(*packages: str) -> tuple[str, ...]:
    """Every module of the given modules and packages of `pytest_claims` (`pytest_claims.analysis`: itself and
    every module below it), sorted: a digest over all the code of a stage, which no hand-kept list can forget a
    new module of."""
    found: set[str] = set()
    for package in packages:
        path = source_path(package)
        found.add(package)
        if path.name != "__init__.py":
            continue
        for directory, subdirectories, files in os.walk(path.parent):
            subdirectories[:] = sorted(d for d in subdirectories if d.isidentifier())
            prefix = ".".join([package, *Path(directory).relative_to(path.parent).parts])
            found.update(f"{prefix}.{name[:-3]}" for name in files if name.endswith(".py") and name != "__init__.py")
            if directory != str(path.parent) and "__init__.py" in files:
                found.add(prefix)
    return tuple(sorted(found))


@cache
def code_digest(*modules: str) -> str:
    """A short digest of the source of the given modules of the package (in the order given)."""
    digest = hashlib.sha256()
    for module in modules:
        try:
            text = source_path(module).read_bytes().replace(b"\r\n", b"\n")
        except OSError:
            text = b"?"
        digest.update(b"%s\0%d\0%s" % (module.encode(), len(text), text))
    return digest.hexdigest()[:20]
