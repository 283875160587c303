"""Shapes that must NOT be flagged: types, constants, exceptions, narration, pure values, methods on values."""

from __future__ import annotations

import datetime
import json
import logging
import os
import pathlib
import platform
import subprocess
import sys
import warnings

log = logging.getLogger(__name__)


# claims: deterministic, sandboxed
def annotated(p: os.PathLike[str]) -> os.PathLike[str]:
    return p


# claims: deterministic, sandboxed
def type_check(x):
    return isinstance(x, (os.PathLike, pathlib.Path)) or issubclass(type(x), subprocess.Popen)


# claims: deterministic, sandboxed
def constants():
    return os.O_CREAT, os.sep, os.linesep, os.pathsep, sys.platform, sys.version_info, os.name


# claims: deterministic, sandboxed
def exceptions(code):
    try:
        return json.loads(code)
    except (OSError, json.JSONDecodeError):
        raise subprocess.CalledProcessError(1, "x") from None


# claims: deterministic, sandboxed
def pure_values():
    return pathlib.PurePosixPath("a") / "b", datetime.timedelta(days=1), datetime.datetime(2020, 1, 1)


# claims: deterministic
def narration(value):
    print("value", value)  # want-blind: `str(value)` from vio.clean.narration
    log.info("value %s", value)
    warnings.warn("careful", stacklevel=2)
    sys.stdout.write("x\n")
    return value


# claims: deterministic, sandboxed
def methods_on_values(handle, text: str):
    data = handle.read()  # want-blind: `handle.read()` from vio.clean.methods_on_values
    return data + text.upper()  # want-blind: `data.__add__(...)` from vio.clean.methods_on_values


# claims: deterministic
def guarded_query():
    if platform.system() == "Darwin":
        return "mac"
    return "other"


# claims: deterministic
def allowed_by_config():
    return os.getpid()


# claims: idempotent
def asserted_only():
    return os.getenv("X")


# claims: sandboxed
def sandboxed_may_read_clock():
    return datetime.datetime.now()
