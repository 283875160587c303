"""Platform shapes: one parse, evaluated per target."""

import os
import platform
import sys
import sys as _sys
import time
from sys import platform as plat
from typing import TYPE_CHECKING

if sys.platform == "win32":
    from ._win import impl
else:
    from ._posix import impl

try:
    import winreg
except ImportError:
    winreg = None

if TYPE_CHECKING:
    import subprocess

WIN = sys.platform == "win32"


# claims: deterministic
def import_level():
    return impl()


# claims: sandboxed
def windows_branch(p):
    if sys.platform == "win32":
        os.startfile(p)
    return p


# claims: deterministic
def darwin_branch(p):
    if "darwin" == sys.platform:
        return os.getcwd()
    return p


# claims: deterministic
def alias_guard():
    if WIN:
        return os.getenv("X")
    return None


# claims: deterministic
def version_guard():
    if sys.version_info >= (3, 8):
        return 1
    else:
        return time.time()


# claims: deterministic
def os_name_guard():
    return os.getcwd() if os.name == "nt" else "."


# claims: deterministic
def system_guard():
    if platform.system() == "Linux" and not WIN:
        return time.time()
    return 0


# claims: deterministic
def startswith_guard():
    if plat.startswith("linux"):
        return time.monotonic()
    return 0


# claims: deterministic
def registry():
    if winreg is None:
        return None
    return winreg.OpenKey(winreg.HKEY_CURRENT_USER, "x")


# claims: sandboxed
def type_checking_only() -> "subprocess.Popen[str] | None":
    if TYPE_CHECKING:
        return subprocess.Popen(["x"])
    return None


# claims: deterministic
def match_guard(p):
    match platform.system():
        case "Windows" | "Darwin":
            return os.getcwd()
        case "Linux":
            return time.time()
        case _:
            return p


# claims: deterministic
def aliased_sys_guard():
    if _sys.platform == "darwin":
        return time.time()
    return 0
