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
        os.startfile(p)  # want: sandboxed call os.startfile from vio.platforms.windows_branch [win32]
    return p


# claims: deterministic
def darwin_branch(p):
    if "darwin" == sys.platform:
        return os.getcwd()  # want: deterministic call os.getcwd from vio.platforms.darwin_branch [darwin]
    return p


# claims: deterministic
def alias_guard():
    if WIN:  # want-blind: `bool(WIN)` from vio.platforms.alias_guard
        return os.getenv("X")  # want: deterministic call os.getenv from vio.platforms.alias_guard [win32]
    return None


# claims: deterministic
def version_guard():
    if sys.version_info >= (3, 8):
        return 1
    else:
        return time.time()


# claims: deterministic
def os_name_guard():
    return os.getcwd() if os.name == "nt" else "."  # want: deterministic call os.getcwd from vio.platforms.os_name_guard [win32]


# claims: deterministic
def system_guard():
    if platform.system() == "Linux" and not WIN:
        return time.time()  # want: deterministic call time.time from vio.platforms.system_guard [linux]
    return 0


# claims: deterministic
def startswith_guard():
    if plat.startswith("linux"):
        return time.monotonic()  # want: deterministic call time.monotonic from vio.platforms.startswith_guard [linux]
    return 0


# claims: deterministic
def registry():
    if winreg is None:
        return None
    return winreg.OpenKey(winreg.HKEY_CURRENT_USER, "x")  # want: deterministic call winreg.OpenKey from vio.platforms.registry [win32]


# claims: sandboxed
def type_checking_only() -> "subprocess.Popen[str] | None":
    if TYPE_CHECKING:
        return subprocess.Popen(["x"])
    return None


# claims: deterministic
def match_guard(p):
    match platform.system():
        case "Windows" | "Darwin":
            return os.getcwd()  # want: deterministic call os.getcwd from vio.platforms.match_guard [darwin,win32]
        case "Linux":
            return time.time()  # want: deterministic call time.time from vio.platforms.match_guard [linux]
        case _:
            return p


# claims: deterministic
def aliased_sys_guard():
    if _sys.platform == "darwin":
        return time.time()  # want: deterministic call time.time from vio.platforms.aliased_sys_guard [darwin]
    return 0


# claims: deterministic
def early_exit_guard():
    if sys.platform != "win32":
        return "/"
    return os.getcwd()  # want: deterministic call os.getcwd from vio.platforms.early_exit_guard [win32]
