"""Constructing a concrete path is an acquisition and every member of it that touches the file system is a reach
of its own; building a ctypes prototype touches nothing, loading a library does (docs/decisions.md)."""

from __future__ import annotations

import ctypes
import ctypes.util
import pathlib
from ctypes import CFUNCTYPE, POINTER, c_char_p, c_int
from pathlib import Path, PosixPath

NOTICE = CFUNCTYPE(None, c_char_p, c_char_p)


# claims: sandboxed
def path_parts(path: str) -> tuple[str, ...]:
    return Path(path).parts  # want: sandboxed call pathlib.Path from vio.construction_cases.path_parts


# claims: sandboxed
def path_join(path: str) -> str:
    return str(pathlib.Path(path) / "a" / "b")  # want: sandboxed call pathlib.Path from vio.construction_cases.path_join


# claims: sandboxed
def posix_path_name(path: str) -> str:
    return PosixPath(path).name  # want: sandboxed call pathlib.PosixPath from vio.construction_cases.posix_path_name


# claims: sandboxed
def path_with_suffix(path: str) -> Path:
    return Path(path).with_suffix(".txt")  # want: sandboxed call pathlib.Path from vio.construction_cases.path_with_suffix


# claims: sandboxed
def path_exists(path: str) -> bool:
    return Path(path).exists()  # want: sandboxed call pathlib.Path.exists from vio.construction_cases.path_exists  # want: sandboxed call pathlib.Path from vio.construction_cases.path_exists


# claims: sandboxed
def path_resolve(path: str) -> Path:
    return Path(path).resolve()  # want: sandboxed call pathlib.Path.resolve from vio.construction_cases.path_resolve  # want: sandboxed call pathlib.Path from vio.construction_cases.path_resolve


# claims: sandboxed
def path_absolute(path: str) -> Path:
    return Path(path).absolute()  # want: sandboxed call pathlib.Path.absolute from vio.construction_cases.path_absolute  # want: sandboxed call pathlib.Path from vio.construction_cases.path_absolute


# claims: sandboxed
def path_cwd() -> Path:
    return Path.cwd()  # want: sandboxed call pathlib.Path.cwd from vio.construction_cases.path_cwd


# claims: sandboxed
def posix_path_cwd() -> Path:
    return PosixPath.cwd()  # want: sandboxed call pathlib.PosixPath.cwd from vio.construction_cases.posix_path_cwd


# claims: deterministic
def path_home() -> Path:
    return Path.home()  # want: deterministic call pathlib.Path.home from vio.construction_cases.path_home


# claims: sandboxed
def path_read(path: str) -> str:
    return Path(path).read_text()  # want: sandboxed call pathlib.Path.read_text from vio.construction_cases.path_read  # want: sandboxed call pathlib.Path from vio.construction_cases.path_read


# claims: sandboxed
def posix_path_stat(path: str) -> int:
    return PosixPath(path).stat().st_size  # want: sandboxed call pathlib.Path.stat from vio.construction_cases.posix_path_stat  # want: sandboxed call pathlib.PosixPath from vio.construction_cases.posix_path_stat


# claims: sandboxed
def path_iterdir(path: str) -> list[Path]:
    return list(Path(path).iterdir())  # want: sandboxed call pathlib.Path.iterdir from vio.construction_cases.path_iterdir  # want: sandboxed call pathlib.Path from vio.construction_cases.path_iterdir


# claims: sandboxed
def path_glob(path: str) -> list[Path]:
    return list(Path(path).glob("*.py"))  # want: sandboxed call pathlib.Path.glob from vio.construction_cases.path_glob  # want: sandboxed call pathlib.Path from vio.construction_cases.path_glob


# claims: sandboxed
def path_method_ref(path: str) -> object:
    return Path.exists  # want: sandboxed reference pathlib.Path.exists from vio.construction_cases.path_method_ref


# claims: sandboxed
def path_typed_param(p: Path) -> bool:
    return p.is_file()  # want: sandboxed call pathlib.Path.is_file from vio.construction_cases.path_typed_param


# claims: sandboxed
def callback_prototype() -> object:
    return CFUNCTYPE(None, c_char_p, c_char_p)


# claims: sandboxed
def python_prototype() -> object:
    return ctypes.PYFUNCTYPE(c_int, c_int)


# claims: sandboxed
def pointer_type() -> object:
    return POINTER(c_int)


# A prototype called on an address is a value of unknown type called: a blind spot, not silence.
# claims: sandboxed
def prototype_at_address(address: int) -> object:
    prototype = CFUNCTYPE(c_int, c_int)
    return prototype(address)(3)  # want-blind: `prototype(address)(3)` from vio.construction_cases.prototype_at_address  # want-blind: `prototype(address)` from vio.construction_cases.prototype_at_address


# claims: sandboxed
def module_prototype_at_address(address: int) -> object:
    return NOTICE(address)  # want-blind: `NOTICE(address)` from vio.construction_cases.module_prototype_at_address


# claims: sandboxed
def load_library(name: str) -> object:
    return ctypes.CDLL(name)  # want: sandboxed call ctypes.CDLL from vio.construction_cases.load_library


# claims: sandboxed
def loader_attribute() -> object:
    return ctypes.cdll.LoadLibrary("libc.so.6")  # want: sandboxed read ctypes.cdll from vio.construction_cases.loader_attribute


# claims: sandboxed
def find_a_library() -> object:
    return ctypes.util.find_library("c")  # want: sandboxed call ctypes.util.find_library from vio.construction_cases.find_a_library


# claims: sandboxed
def cwd_on_a_value(path: str) -> Path:
    return Path(path).cwd()  # want: sandboxed call pathlib.Path.cwd from vio.construction_cases.cwd_on_a_value  # want: sandboxed call pathlib.Path from vio.construction_cases.cwd_on_a_value


class ProjectPath(PosixPath):
    """A project's own concrete path. A stdlib member reached through it is judged under the stdlib base's name,
    by the class key when it has no key of its own (fail closed, even for the pure `name`)."""


# claims: sandboxed
def project_path_name(path: str) -> str:
    return ProjectPath(path).name  # want: sandboxed reference pathlib.PosixPath.name from vio.construction_cases.project_path_name  # want: sandboxed call pathlib.PosixPath from vio.construction_cases.project_path_name


# claims: sandboxed
def project_path_exists(path: str) -> bool:
    return ProjectPath(path).exists()  # want: sandboxed call pathlib.PosixPath.exists from vio.construction_cases.project_path_exists  # want: sandboxed call pathlib.PosixPath from vio.construction_cases.project_path_exists
