"""Stub members typed `Self` (`PurePath.parent`, `with_suffix`, `/`, `joinpath`): the receiver's class, not the
class that defines them, so a concrete path's methods on the result are seen."""

import pathlib
from pathlib import Path, PurePath


# claims: sandboxed
def parent_mkdir(q: Path):
    return q.parent.mkdir()  # want: sandboxed call pathlib.Path.mkdir from vio.selftype_cases.parent_mkdir


# claims: deterministic
def parent_exists(p: Path):
    return p.parent.exists()  # want: deterministic call pathlib.Path.exists from vio.selftype_cases.parent_exists


# claims: deterministic
def parent_local(p: Path):
    d = p.parent
    return d.exists()  # want: deterministic call pathlib.Path.exists from vio.selftype_cases.parent_local


class Holder:
    def __init__(self, p: Path):
        self.p = p

    # claims: deterministic
    def parent_is_dir(self):
        return self.p.parent.is_dir()  # want: deterministic call pathlib.Path.is_dir from vio.selftype_cases.Holder.parent_is_dir


# claims: sandboxed
def suffix_read(p: Path):
    return p.with_suffix(".x").read_text()  # want: sandboxed call pathlib.Path.read_text from vio.selftype_cases.suffix_read


# claims: sandboxed
def divided_read(p: Path):
    # an operator's result is not typed (a reflected operand could answer instead): a blind spot, not a reach
    return (p / "x").read_text()  # want-blind: `(p / "x").read_text()` from vio.selftype_cases.divided_read


# claims: sandboxed
def joined_open(p: Path):
    return p.joinpath("x").open()  # want: sandboxed call pathlib.Path.open from vio.selftype_cases.joined_open


# claims: sandboxed
def parents_chain(p: Path):
    return p.parent.parent.with_name("y").is_file()  # want: sandboxed call pathlib.Path.is_file from vio.selftype_cases.parents_chain


# claims: sandboxed, deterministic
def pure_parent_name(q: Path):
    return q.parent.name


# claims: sandboxed, deterministic
def pure_suffix(q: Path):
    return q.with_suffix(".x").suffix


# claims: sandboxed, deterministic
def parent_text(q: Path):
    return str(q.parent)


# claims: sandboxed, deterministic
def pure_path_parent(q: PurePath):
    return q.parent.with_suffix(".x").as_posix() + (q / "y").as_posix()  # want-blind: `(q / "y").as_posix()` from vio.selftype_cases.pure_path_parent


# claims: sandboxed, deterministic
def pure_posix_parent():
    return pathlib.PurePosixPath("a").parent.exists


# claims: sandboxed
def resolved_parent(p: Path):
    base = p.absolute()  # want: sandboxed call pathlib.Path.absolute from vio.selftype_cases.resolved_parent
    return base.parent.joinpath("y").rmdir()  # want: sandboxed call pathlib.Path.rmdir from vio.selftype_cases.resolved_parent


# claims: sandboxed, deterministic
def parents_names(p: Path):
    return [parent.name for parent in p.parents]
