"""`python -m pytest_claims`: the command line (`init`, `check`, `suggest`, `explain`; see `pytest_claims.cli`)."""

from __future__ import annotations

import os
import sys

if __name__ == "__main__" and sys.path and sys.path[0] in ("", os.getcwd()):
    # `python -m` put the current directory first on sys.path, and the commands import lazily (tomlkit,
    # difflib, the engine's modules...): a project-root `tomlkit/` or `difflib.py` would be executed. Dropped
    # before anything else is imported, as pip's `__main__` does; a `-P` / PYTHONSAFEPATH run has no such entry.
    del sys.path[0]

from pytest_claims.cli import main  # after the sys.path fix, on purpose

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
