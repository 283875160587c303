"""What changed since a git revision, for a changed-only run (`pytest -p claims --claims-changed[=REV]`,
`pytest-claims check --changed [REV]`): the changed Python files under the project root, each with its content
at the revision. It runs git (never the analysed code); without git, outside a repository or with a revision git
does not know, it says why and the run checks every claim."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_claims.engine import Run

DEFAULT_REV = "HEAD"
"""The working tree's changes against the last commit, untracked files included."""

_TIMEOUT = 60.0


class NoChanges(Exception):
    """Why the changes could not be told: the run checks every claim, and says so."""


def _git(root: Path, *args: str, stdin: bytes | None = None) -> bytes:
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=root,
            input=stdin,
            capture_output=True,
            env=env,
            timeout=_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise NoChanges(f"git could not be run ({exc.__class__.__name__})") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise NoChanges(f"git {args[0]} failed: {message[0] if message else done.returncode}")
    return done.stdout


def changed_files(root: Path, rev: str | None = None) -> dict[str, bytes | None]:
    """Each Python file under `root` that differs from `rev` (default `HEAD`: the working tree's changes, untracked
    files included), project-relative, with its bytes at `rev` (None: it did not exist there). Raises `NoChanges`."""
    rev = rev or DEFAULT_REV
    if rev.startswith("-"):
        raise NoChanges(f"{rev!r} is not a revision")
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode().strip())
    try:
        _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except NoChanges:
        raise NoChanges(f"git knows no revision {rev!r}") from None
    listed = _git(root, "diff", "--name-only", "--no-renames", "-z", rev, "--", ".").split(b"\0")
    untracked = _git(root, "ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--", ".").split(b"\0")
    here = Path(os.path.realpath(root))
    top = Path(os.path.realpath(top))
    out: dict[str, bytes | None] = {}
    wanted: list[tuple[str, str]] = []
    for raw in (*listed, *untracked):
        name = raw.decode("utf-8", "surrogateescape")
        if not name.endswith((".py", ".pyi")):
            continue
        try:
            rel = (top / name).relative_to(here).as_posix()
        except ValueError:
            continue
        out[rel] = None
        if raw in listed:
            wanted.append((rel, name))
    for (rel, _), data in zip(wanted, _contents(root, rev, [name for _, name in wanted]), strict=True):
        out[rel] = data
    return out


def _contents(root: Path, rev: str, names: list[str]) -> list[bytes | None]:
    """Each file's bytes at `rev` (None where it did not exist), in one `git cat-file --batch`."""
    if not names:
        return []
    query = "".join(f"{rev}:{name}\n" for name in names).encode("utf-8", "surrogateescape")
    data = _git(root, "cat-file", "--batch", stdin=query)
    out: list[bytes | None] = []
    at = 0
    for _ in names:
        end = data.index(b"\n", at)
        header = data[at:end].split()
        at = end + 1
        if len(header) != 3 or header[-1] == b"missing":
            out.append(None)
            continue
        size = int(header[2])
        out.append(data[at : at + size])
        at += size + 1
    return out


Key = tuple[str, int, str]
"""A claim on a target as `Run.finish` names it: (module, function index, platform)."""


def selection(run: Run, rev: str, skipped: frozenset[str] = frozenset()) -> tuple[set[Key] | None, str]:
    """The claims a change since `rev` can affect, by their stored verdicts' dependencies (`Run.affected`), and
    the line that says so; every claim (None), with the reason, when git cannot tell or no verdict is stored.
    `skipped`: files whose claims cannot run (the plugin's collection errors), neither chosen nor counted."""
    if not run.stored_verdicts:
        return None, "changed-only: no stored verdicts (a cold cache): every claim is checked"
    try:
        old = changed_files(run.config.root, rev)
    except NoChanges as exc:
        return None, f"changed-only: {exc}: every claim is checked"
    keys = [(c.module, c.function_index, platform) for c, platform in run.alive(skipped)]
    chosen = run.affected(old, keys)
    files = f"{len(old)} changed file{'' if len(old) == 1 else 's'}"
    return chosen, f"changed-only since {rev}: {files}, {len(chosen)} of {len(keys)} claims affected"
