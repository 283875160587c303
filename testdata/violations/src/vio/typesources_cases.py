"""Type sources beyond annotations and constructors: `isinstance` narrowing (inside the branch, and after an
early exit on its negation), classes imported under `if TYPE_CHECKING:`, unpacking a call whose return
annotation is a tuple, `typing.cast`, a TypeVar's bound or constraints. Each is flagged through the typed
receiver (a project method reaching time.time), and each near miss holds: the same source naming a class whose
method is pure, a narrowed name used outside its branch, a name rebound inside the branch."""

import time
from typing import TYPE_CHECKING, TypeVar, cast

if TYPE_CHECKING:
    from vio.typesources_loaders import Loader


class Clocked:
    def stamp(self):
        # want: deterministic call time.time from vio.typesources_cases.narrowed via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.narrowed_tuple via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.narrowed_elif via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.rebound_in_branch via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.early_exit via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.early_continue via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.Shelf.unpacked via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.Shelf.second_unpacked via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.casted via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.casted_string via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.bound_typevar via vio.typesources_cases.Clocked.stamp
        # want: deterministic call time.time from vio.typesources_cases.constrained_typevar via vio.typesources_cases.Clocked.stamp
        return time.time()

    def label(self):
        return "clocked"


class Calm:
    def stamp(self):
        return 0


# -- isinstance: inside the branch it guards ----------------------------------------------------------------
# claims: deterministic
def narrowed(obj):
    if isinstance(obj, Clocked):
        return obj.stamp()
    return None


# claims: deterministic
def narrowed_tuple(obj):
    if isinstance(obj, (Calm, Clocked)):
        return obj.stamp()
    return None


# claims: deterministic
def narrowed_elif(obj):
    if isinstance(obj, Calm):
        return obj.stamp()
    elif isinstance(obj, Clocked):
        return obj.stamp()
    return None


# claims: deterministic
def narrowed_pure(obj):
    if isinstance(obj, Clocked):
        return obj.label()
    if isinstance(obj, Calm):
        return obj.stamp()
    return None


# claims: deterministic
def narrowed_outside(obj: Calm):
    # the narrowing holds inside the branch only: outside it, obj is what its annotation says
    if isinstance(obj, Clocked):
        pass
    return obj.stamp()


# claims: deterministic
def negated_branch(obj: Calm):
    # `not isinstance` narrows the else branch, never the body
    if not isinstance(obj, Clocked):
        return obj.stamp()
    return None


# claims: deterministic
def rebound_in_branch(obj):
    # a name rebound in the branch loses the narrowing: obj is a Clocked here, not a Calm
    if isinstance(obj, Calm):
        obj = Clocked()
        return obj.stamp()
    return None


# -- isinstance: after an early exit on its negation --------------------------------------------------------
# claims: deterministic
def early_exit(obj):
    if not isinstance(obj, Clocked):
        return None
    return obj.stamp()


# claims: deterministic
def early_exit_pure(obj):
    if not isinstance(obj, Calm):
        raise TypeError(obj)
    return obj.stamp()


# claims: deterministic
def early_continue(items: list):
    for item in items:
        if not isinstance(item, Clocked):
            continue
        item.stamp()


# -- TYPE_CHECKING imports type annotations -----------------------------------------------------------------
# claims: deterministic
def checked_import(x: "Loader"):
    return x.load()


# claims: deterministic
def checked_import_pure(x: "Loader"):
    return x.name()


# -- unpacking a call whose return annotation is a tuple ----------------------------------------------------
class Shelf:
    def get_loader(self) -> tuple[Clocked, str]:
        return Clocked(), "clocked"

    def get_pair(self) -> tuple[Calm, Clocked]:
        return Calm(), Clocked()

    # claims: deterministic
    def unpacked(self):
        loader, name = self.get_loader()
        return loader.stamp(), name

    # claims: deterministic
    def second_unpacked(self):
        _, second = self.get_pair()
        return second.stamp()

    # claims: deterministic
    def first_unpacked(self):
        # each name is its own position's class: the first is a Calm
        first, _ = self.get_pair()
        return first.stamp()


# -- typing.cast ------------------------------------------------------------------------------------------
# claims: deterministic
def casted(v):
    return cast(Clocked, v).stamp()


# claims: deterministic
def casted_string(v):
    w = cast("Clocked", v)
    return w.stamp()


# claims: deterministic
def casted_pure(v):
    return cast(Calm, v).stamp()


# -- a TypeVar's bound or constraints -----------------------------------------------------------------------
BoundClocked = TypeVar("BoundClocked", bound=Clocked)
Either = TypeVar("Either", Calm, Clocked)
BoundCalm = TypeVar("BoundCalm", bound="Calm")


# claims: deterministic
def bound_typevar(x: BoundClocked):
    return x.stamp()


# claims: deterministic
def constrained_typevar(x: Either):
    return x.stamp()


# claims: deterministic
def bound_typevar_pure(x: BoundCalm):
    return x.stamp()
