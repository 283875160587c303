"""Type sources an adoption trial found missing. A module's own `TYPE_CHECKING = False` is the typing flag: the
imports under it type annotations and are never reached. `Final[T]` and `ClassVar[T]` type like `T` (a bare
`Final` like the assigned value). An annotation resolves through an import with a `None` fallback. An attribute
stored from a call with an annotated return is typed like a local. A bare declaration types a plain `for`
target, and adds no blind spot to a tuple unpacking of a typed result."""

import os
import re
import typing as _t
from typing import ClassVar, Final
from typing import TYPE_CHECKING as _CHECKING

from vio.typesrc_types import Clock, Maker

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vio.typesrc_types import Dirs
if _CHECKING:
    from vio.typesrc_types import Dirs as AliasDirs
if _t.TYPE_CHECKING:
    from vio.typesrc_types import Dirs as ModuleDirs

try:
    from vio import typesrc_types as fallback
except ModuleNotFoundError:
    fallback = None


# -- a module's own TYPE_CHECKING = False ----------------------------------------------------------------------
# claims: deterministic
def own_flag(dirs: Dirs):
    return dirs.home


# claims: deterministic
def own_flag_pure(dirs: Dirs):
    return dirs.label


# claims: deterministic
def own_flag_string(dirs: "Dirs | None"):
    return dirs.home


# claims: deterministic
def aliased_flag(dirs: AliasDirs):
    return dirs.home


# claims: deterministic
def module_flag(dirs: ModuleDirs):
    return dirs.home


# -- Final[T] and ClassVar[T] ----------------------------------------------------------------------------------
_FINAL: Final[Clock] = Clock()
_BARE_FINAL: Final = Clock()
_PATTERN: Final[re.Pattern[str]] = re.compile("x")
_PLAIN_PATTERN = re.compile("x")


class Holder:
    clock: ClassVar[Clock] = Clock()
    quiet: ClassVar[Maker] = Maker()


# claims: deterministic
def final_typed():
    return _FINAL.stamp()


# claims: deterministic
def final_typed_pure():
    return _FINAL.name()


# claims: deterministic
def bare_final_typed():
    return _BARE_FINAL.stamp()


# claims: deterministic
def final_pattern(s: str):
    return _PATTERN.match(s)


# claims: deterministic
def plain_pattern(s: str):
    return _PLAIN_PATTERN.match(s)


# claims: deterministic
def classvar_typed():
    return Holder.clock.stamp()


# claims: deterministic
def classvar_typed_pure():
    return Holder.clock.name()


# -- an annotation through an import with a None fallback ------------------------------------------------------
# claims: deterministic
def fallback_typed(c: fallback.Clock):
    return c.stamp()


# claims: deterministic
def fallback_typed_pure(c: "fallback.Clock"):
    return c.name()


# -- an attribute stored from a call with an annotated return --------------------------------------------------
class Stored:
    def __init__(self, maker: Maker):
        self.b = maker._make()

    # claims: deterministic
    def uses(self):
        return self.b.stamp()

    # claims: deterministic
    def uses_pure(self):
        return self.b.name()


class SelfMade:
    def __init__(self):
        self.b = self._make()
        self.again = self.again()  # built from itself: unknown, no endless walk

    def _make(self) -> Clock:
        return Clock()

    # claims: deterministic
    def uses(self):
        return self.b.stamp()

    # claims: deterministic
    def uses_pure(self):
        return self.b.name()


class Unannotated:
    def __init__(self, maker: Maker):
        self.b = maker.build()

    # claims: deterministic
    def uses(self):
        return self.b.stamp()  # want-blind: `self.b.stamp()` from vio.typesrc_cases.Unannotated.uses


# -- declarations before a loop and before an unpacking --------------------------------------------------------
# claims: deterministic
def declared_loop(items):
    c: Clock
    for c in items:  # want-blind: `iter(items)` from vio.typesrc_cases.declared_loop
        c.stamp()


# claims: deterministic
def declared_loop_pure(items):
    c: Clock
    for c in items:  # want-blind: `iter(items)` from vio.typesrc_cases.declared_loop_pure
        c.name()


# claims: deterministic
def declared_as_nothing(items):
    c: NoSuchClass  # noqa: F821 - a declaration that types nothing leaves the loop's unknown in place
    c = Clock()
    c.name()  # want-blind: `c.name()` from vio.typesrc_cases.declared_as_nothing
    for c in items:  # want-blind: `iter(items)` from vio.typesrc_cases.declared_as_nothing
        c.name()  # want-blind: `c.name()` from vio.typesrc_cases.declared_as_nothing


# claims: deterministic
def undeclared_loop(items):
    for c in items:  # want-blind: `iter(items)` from vio.typesrc_cases.undeclared_loop
        c.stamp()  # want-blind: `c.stamp()` from vio.typesrc_cases.undeclared_loop


# claims: deterministic
def declared_rebound(v: str):
    norm: str = v
    norm = norm.replace("a", "b")
    return norm.replace("b", "c")


# claims: deterministic
def declared_rebound_call(v):
    norm: str = os.fspath(v)  # want-blind: `v.__fspath__(...)` from vio.typesrc_cases.declared_rebound_call
    norm = norm.replace("a", "b")
    return norm.replace("b", "c")


# claims: deterministic
def undeclared_rebound(v):
    norm = v
    norm = norm.replace("a", "b")  # want-blind: `norm.replace("a", "b")` from vio.typesrc_cases.undeclared_rebound
    return norm.replace("b", "c")  # want-blind: `norm.replace("b", "c")` from vio.typesrc_cases.undeclared_rebound


# claims: deterministic
def declared_unpacking(v: str):
    tail: str
    drive, tail = os.path.splitdrive(v)
    return tail.replace("a", "b").split("/"), tail.startswith("/")


# claims: deterministic
def undeclared_unpacking(v: str):
    drive, tail = os.path.splitdrive(v)
    return tail.replace("a", "b").split("/"), tail.startswith("/")  # want-blind: `tail.replace("a", "b")` from vio.typesrc_cases.undeclared_unpacking


# -- a property read and a computed getattr -------------------------------------------------------------------
# claims: deterministic
def typed_getattr(dirs: Dirs, prop: str):
    return getattr(dirs, prop)


# claims: deterministic
def untyped_getattr(dirs, prop: str):
    return getattr(dirs, prop)  # want-blind: `getattr(dirs, prop)` from vio.typesrc_cases.untyped_getattr


# claims: deterministic
def untyped_getattr_literal(dirs):
    return getattr(dirs, "label")  # a literal name is the attribute itself: `dirs.label`


# claims: deterministic
def untyped_property(dirs):
    return dirs.home  # a read, not a call site: no blind spot (docs/semantics.md, 5.12); annotate `dirs`
