"""Helpers shared by tests in several directories: small projects written from a dict (the hostile one that
marks any run of its code, the one with a bad file, the ones the file-system tests use), views of a single
result, a bound on recursion, and pytest run in a subprocess."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import pytest_claims.analysis.facts
from pytest_claims.engine import Result

COMPILED = not (pytest_claims.analysis.facts.__file__ or "").endswith(".py")
"""The analysis under test is a compiled build's (setup.py, `PYTEST_CLAIMS_COMPILE=1`)."""

patches_internals = pytest.mark.skipif(
    COMPILED,
    reason="a compiled build's functions call one another directly: a patched module or class attribute is not seen",
)
"""For a test that watches or replaces the analysis's internals by patching an attribute."""

TESTDATA = Path(__file__).resolve().parent.parent / "testdata"
VIOLATIONS = TESTDATA / "violations"


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    """`files` (text dedented, bytes as they are) under `root`, directories made as needed."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content), encoding="utf-8")
    return root


# Views of a result


def statuses(result: Result) -> dict[str, str]:
    """function -> status, for a single-platform result."""
    assert len(result.platforms) == 1
    return {claim.function: claim.status for claim in result.claims}


def reaches(result: Result, function: str, platform: str = "linux") -> list[tuple[str, tuple[str, ...]]]:
    (claim,) = [c for c in result.claims if c.function == function and c.platform == platform]
    return [(v.reach, v.via) for v in claim.violations]


def reasons(result: Result, function: str) -> list[str]:
    (claim,) = [c for c in result.claims if c.function == function]
    return [entry.reason for entry in claim.frontier]


# Bounds and subprocesses


@contextlib.contextmanager
def headroom(frames: int) -> Iterator[None]:
    """Only `frames` more Python frames allowed: proves the code inside does not recurse with its input."""
    depth = 0
    frame: types.FrameType | None = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def subprocess_env(**extra: str) -> dict[str, str]:
    """This process's environment for a child pytest, without what would load plugins into it, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_ADDOPTS", "PYTEST_PLUGINS"))}
    env.update(extra)
    return env


def pytest_run(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """pytest with the plugin, run on `project` in a child process, its output captured as one stream."""
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "claims", "-q", "-rA", "--color=no", *args],
        cwd=project,
        env=env or subprocess_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def normalized(output: str) -> str:
    """The run's text without its timing, nor the summary's analysis line (its time, and how much of the work
    the cache saved, differ between equivalent runs)."""
    output = re.sub(r"(?m)^analysis: [0-9.]+ s, .*$", "analysis: ...", output)
    return re.sub(r" in [0-9.]+s( \([0-9:]+\))?", "", output)


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    """The child's exit code and its output, normalized."""
    out, _ = process.communicate(timeout=300)
    return process.returncode, normalized(out)


# The hostile project: any run of its code leaves a mark


def trap(sentinel: Path, label: str) -> str:
    """A statement that leaves a mark if the module holding it is ever run."""
    return f"open({str(sentinel)!r}, 'a').write({label + chr(10)!r})\n"


def hostile_project(root: Path, site: Path, sentinel: Path) -> None:
    """A project in which every module, decorator, class body and `__main__` would write the sentinel.

    `trapdep` is a third-party package the config follows (walked like project code), on `site`.
    """
    s = str(sentinel)
    write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["src/trap"]\nfollow = ["trapdep"]\n',
            "src/trap/__init__.py": trap(sentinel, "trap/__init__") + "from trap.mod import pure as pure\n",
            "src/trap/__main__.py": trap(sentinel, "trap/__main__"),
            "src/trap/plain.py": trap(sentinel, "trap/plain") + "def helper():\n    return 1\n",
            "src/trap/broken.py": trap(sentinel, "trap/broken") + "# claims: deterministic\ndef nope(:\n    pass\n",
            "src/trap/mod.py": trap(sentinel, "trap/mod")
            + textwrap.dedent(
                f"""\
                import os

                import trapdep
                from trap.sub import deep


                def _trap_decorator(func):
                    open({s!r}, "a").write("decorator\\n")
                    return func


                class Loud:
                    open({s!r}, "a").write("class body\\n")

                    # claims: deterministic
                    def size(self):
                        return 1


                # claims: deterministic
                def pure(x):
                    return x + 1


                # claims: deterministic
                @_trap_decorator
                def decorated(x):
                    return x


                # claims: deterministic
                def env():
                    return os.getenv("HOME")


                # claims: deterministic
                def through_dependency():
                    return trapdep.helper()


                # claims: deterministic
                def default(x=open({s!r}, "a")):
                    return x


                # claims: sandboxed
                def via_deep():
                    return deep.value()


                if __name__ == "__main__":
                    open({s!r}, "a").write("main\\n")
                """
            ),
            "src/trap/sub/__init__.py": trap(sentinel, "trap/sub/__init__"),
            "src/trap/sub/deep.py": trap(sentinel, "trap/sub/deep")
            + 'from pytest_claims import claims\n\n\n@claims("deterministic")\ndef value():\n    return 42\n',
        },
    )
    dependency = "import time\n\n\ndef helper():\n    return time.time()\n"
    write(site, {"trapdep/__init__.py": trap(sentinel, "trapdep") + dependency})


# A project with one bad file, used by a claim elsewhere

GOOD = "# claims: deterministic\ndef ok():\n    return 1\n"
USER = "from pkg.bad import helper\n\n\n# claims: deterministic\ndef uses():\n    return helper()\n"
HEAD = b"# claims: deterministic\ndef helper():\n    return 1\n"


def bad_project(root: Path, bad: bytes) -> Path:
    """`pkg/bad.py` holds `bad`; `pkg/user.py` claims through it and `pkg/good.py` does not touch it."""
    return write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/good.py": GOOD,
            "pkg/user.py": USER,
            "pkg/bad.py": bad,
        },
    )


# Projects of the fail-closed tests


def table_project(root: Path, files: dict[str, str], table: str = '[tool.claims]\npackages = ["pkg"]\n') -> Path:
    """`table` as pyproject.toml, and `files` (dedented) beside it."""
    (root / "pyproject.toml").write_text(table)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


GETENV = "import os\n\n\ndef h():\n    return os.getenv('X')\n"
USES_H = "from shop.x import h\n\n\n# claims: deterministic\ndef f():\n    return h()\n"
HOLDS = "# claims: deterministic\ndef ok():\n    return 1\n"


# Paths a user names: reports, pyproject.toml, temporaries

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links, FIFOs and devices are POSIX here")

CLAIMING = "# claims: deterministic\ndef f():\n    return 1\n"


def claiming_project(root: Path) -> Path:
    """A project whose one module holds one claim that holds."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "m.py").write_text(CLAIMING, encoding="utf-8")
    return root


def file_kind(path: Path) -> str:
    """What `path` itself is (not what a link points at): link, fifo, chr or file."""
    mode = os.lstat(path).st_mode
    return "link" if stat.S_ISLNK(mode) else "fifo" if stat.S_ISFIFO(mode) else "chr" if stat.S_ISCHR(mode) else "file"


SITE_CALLERS = {
    "c1": ("h1", "h2", "h3", "h4", "h5", "h6", "h7"),
    "c2": ("h1", "h2", "h3", "h4", "h5", "h7"),
    "c3": ("h1", "h2", "h3", "h4", "h7"),
    "c4": ("h1", "h2", "h3", "h7"),
    "c5": ("h1", "h2"),
    "c6": ("h1",),
}
"""The claiming functions of `blind_sites_project` and the helpers each calls: helper `hN` calls `x.mN()` on a
parameter of unknown type, so h1's site hides 6 claims, h2's 5, h3's and h7's 4 (a tie: file a.py before b.py),
h4's 3, h5's 2, h6's 1."""


def blind_sites_project(root: Path) -> dict[str, tuple[str, int]]:
    """A project whose seven blind-spot sites hide different numbers of claims (`SITE_CALLERS`), every claim held;
    returns each helper's site as (file, line)."""
    methods = "".join(f"    def m{i}(self):\n        return {i}\n\n" for i in range(1, 8))
    helpers = "".join(f"\n\ndef h{i}(x):\n    return x.m{i}()\n" for i in range(1, 7))
    claims = "from sp.a import h1, h2, h3, h4, h5, h6\nfrom sp.b import h7\n"
    for name, called in SITE_CALLERS.items():
        claims += f"\n\n# claims: deterministic\ndef {name}(x):\n    return {', '.join(f'{h}(x)' for h in called)}\n"
    write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["src/sp"]\n',
            "src/sp/__init__.py": "",
            "src/sp/a.py": f"class Thing:\n{methods}{helpers}",
            "src/sp/b.py": "def h7(x):\n    return x.m7()\n",
            "src/sp/claims.py": claims,
        },
    )
    sites: dict[str, tuple[str, int]] = {}
    for rel in ("src/sp/a.py", "src/sp/b.py"):
        for number, line in enumerate((root / rel).read_text().splitlines(), 1):
            found = re.search(r"x\.m(\d)\(\)", line)
            if found:
                sites[f"h{found.group(1)}"] = (rel, number)
    return sites
