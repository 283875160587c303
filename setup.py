"""The build, as pyproject.toml declares it, plus one option: `PYTEST_CLAIMS_COMPILE=1` compiles the analysis
with mypyc into C extension modules (about a third off a cold run; docs/decisions.md, "A compiled build").

A compiled build needs a C compiler, the interpreter's headers and mypy, so it is never the default: the plain
`pip install .` stays pure Python and works wherever pip does. Build one as a wheel, in an environment holding
mypy and setuptools (the `test` extra has both):

    PYTEST_CLAIMS_COMPILE=1 pip wheel --no-build-isolation --no-deps -w dist .

Never editable: compiled modules beside the sources would be imported instead of them, so edits would not
take effect.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

COMPILE_ENV = "PYTEST_CLAIMS_COMPILE"

LEFT_INTERPRETED = {
    "pytest_claims/analysis/__init__.py",
    "pytest_claims/analysis/resolution/__init__.py",
    # its records are read back from the cache by their type hints (`codec`), which a compiled class
    # no longer carries in full
    "pytest_claims/analysis/stubdefs.py",
    # the rest of the stub rooms, which read those records: `Stubs` derives from `StubNames` (a compiled class
    # takes no interpreted subclass), and their answers are memoised per target, so they are not where the time goes
    "pytest_claims/analysis/stubfiles.py",
    "pytest_claims/analysis/stubnames.py",
    "pytest_claims/analysis/stubs.py",
    # the error raised where the analysis meets a defect, with WalkTooDeep a subclass of it (a compiled class takes no
    # interpreted subclass), and the frame locals it reads for a line: an error path, never where the time goes
    "pytest_claims/analysis/failures.py",
    # the helper-process plumbing: not where the time goes
    "pytest_claims/analysis/extraction.py",
    # the wiring of the resolvers: each holds a weak reference to `Resolvers` (a compiled class takes none), and
    # it runs once per target
    "pytest_claims/analysis/resolvers.py",
}
"""Files of the compiled packages that stay Python (the records, in `records.py`, stay Python too)."""


def compiled_sources() -> list[str]:
    """The analysis: the fact pass and the resolution, where a cold run spends its time."""
    root = Path(__file__).parent
    found = [*root.glob("pytest_claims/analysis/*.py"), *root.glob("pytest_claims/analysis/resolution/*.py")]
    names = sorted(path.relative_to(root).as_posix() for path in found)
    return [name for name in names if name not in LEFT_INTERPRETED] + ["pytest_claims/dotted.py"]


def ext_modules() -> list[object]:
    if os.environ.get(COMPILE_ENV, "").strip() != "1":
        return []
    if any(command.startswith("editable") or command == "develop" for command in sys.argv[1:]):
        sys.exit(f"{COMPILE_ENV}=1 builds a wheel, never an editable install (its modules would shadow the sources)")
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(f"{COMPILE_ENV}=1 needs mypy where the build runs: install it, and build with --no-build-isolation")
    return list(mypycify(compiled_sources(), opt_level="3"))


if __name__ == "__main__":  # as setuptools runs it; a test imports it to read the choices above
    setup(ext_modules=ext_modules())
