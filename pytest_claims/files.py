"""Whole-file writes a reader never sees half done, for every file the plugin writes (cache entries, reports,
`init`'s pyproject.toml, `suggest --write`'s sources): a temporary file beside the target, then a rename."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def write_atomic(path: Path, data: bytes, *, durable: bool = False, mode: int | None = None) -> None:
    """Replace `path` with `data`. The temporary is created exclusively under a random name (never through a
    link someone left there), with the usual permission bits (0o666 less the umask) or `mode`; `durable`
    flushes it to disk before the rename (for the user's own files; cache entries are rebuilt if lost)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name[:200]}.{secrets.token_hex(6)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
