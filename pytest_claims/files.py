"""Reading and writing whole files, for every file the plugin writes: the cache's own entries (`write_atomic`)
and the paths a user names — reports, `init`'s pyproject.toml, `suggest --write`'s sources (`write_file`, with
`editable` and `read_file` for an edit).

The policy for a user-named path, in one place: a symbolic link is followed (its target is written, the link
stays); a regular file is replaced atomically, keeping its permission bits, unless they make it read-only; a
character device (`/dev/null`) is written directly, never replaced; anything else (a directory, a FIFO, a
socket, a block device) is refused. A refusal is a `Refused`, an `OSError` whose text is the one-line reason, so
every caller's `OSError` handling reports it. A FIFO is never opened: a read or a write would wait for the
other end.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import IO

__all__ = ["Refused", "editable", "read_file", "write_atomic", "write_file"]

_WRITE_BITS = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""Opening a FIFO swapped in after the check must not wait for its other end (0 where the OS has no FIFOs)."""


class Refused(OSError):
    """A path the policy will not read or write; `str()` is the reason, one line."""


Data = bytes | Iterable[bytes]
"""What a file is written with: its bytes, or its bytes in pieces (made while the file is written, so a large
report is never held whole)."""


def _write_all(handle: IO[bytes], data: Data) -> None:
    if isinstance(data, bytes):
        handle.write(data)
        return
    for piece in data:
        handle.write(piece)


def write_atomic(
    path: Path, data: Data, *, durable: bool = False, mode: int | None = None, parents: bool = True
) -> None:
    """Replace the name `path` with `data` (whatever it named: a link there is replaced, not followed — right for
    the plugin's own files; user-named paths go through `write_file`). The temporary is created exclusively
    under a random name (never through a link someone left there), with the usual permission bits (0o666 less
    the umask) or `mode`; `durable` flushes it to disk before the rename (for the user's own files; cache
    entries are rebuilt if lost); `parents` creates missing directories."""
    if not path.name:
        raise Refused("not a regular file: a directory")  # `/`: no name to put a temporary beside
    if parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name[:200]}.{secrets.token_hex(6)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None:
                os.chmod(handle.fileno() if os.chmod in os.supports_fd else temporary, mode)
            _write_all(handle, data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_file(path: Path, data: Data) -> Path:
    """Write `data` as the whole of the file the user named `path`, durably, by the module's policy; missing
    directories on the way to `path` are created. Returns the file written (the link's target for a link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        info = os.stat(path)
    except FileNotFoundError:  # absent, or a link to nothing: created where the link points
        target = Path(os.path.realpath(path))
        write_atomic(target, data, durable=True, parents=False)
        return target
    if stat.S_ISCHR(info.st_mode):
        _write_device(path, data)
        return path
    _check_editable(path, info)
    target = Path(os.path.realpath(path))
    write_atomic(target, data, durable=True, mode=stat.S_IMODE(info.st_mode), parents=False)
    return target


def editable(path: Path) -> Path:
    """The regular file `path` names (through symbolic links), if `write_file` would replace it; else Refused."""
    _check_editable(path, os.stat(path))
    return Path(os.path.realpath(path))


def read_file(path: Path) -> bytes:
    """The bytes of the regular file `path` names (through symbolic links); Refused for anything else, which is
    never opened (a FIFO would wait for a writer; a device could be endless). The open does not wait either,
    and the file opened is checked again, should another have taken its name since the check."""
    _check_regular(os.stat(path))
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        _check_regular(os.fstat(fd))
        return handle.read()


def _write_device(path: Path, data: Data) -> None:
    """Write `data` to the character device `path` as `>` would: no temporary, no rename (a rename would turn
    `/dev/null` into a regular file). Refused if something else took the name since it was checked."""
    fd = os.open(path, os.O_WRONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "wb") as handle:
        if not stat.S_ISCHR(os.fstat(fd).st_mode):
            raise Refused(f"not a regular file: {_kind(os.fstat(fd).st_mode)}")
        if _NONBLOCK:
            os.set_blocking(fd, True)  # a terminal must not drop what it cannot take at once
        _write_all(handle, data)


def _check_editable(path: Path, info: os.stat_result) -> None:
    """Refused unless `info` is a regular file writable by its permission bits — checked, not merely tried:
    root writes through them, and a rename needs only the directory's."""
    _check_regular(info)
    if not info.st_mode & _WRITE_BITS:
        raise Refused("read-only")
    if not os.access(path, os.W_OK):
        raise Refused("not writable by this user")


def _check_regular(info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Refused(f"not a regular file: {_kind(info.st_mode)}")


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in a few words."""
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "a special file")


def stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    """What a file's stat data says of its bytes (size, mtime, ctime, inode): a snapshot trusts a digest taken
    under the same key."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
