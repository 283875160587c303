"""Probe misses M1, M2: class bases written as subscripts (`Base[int]`) or through an annotated alias
(`Root: type = Base`) are bases all the same, so the hierarchy search finds the subclasses they make."""

import time
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar

T = TypeVar("T")
U = TypeVar("U")


# M1: a subscripted base


class Base(Generic[T]):
    def run(self):
        return 0

    # claims: deterministic
    def go(self):
        return self.run()


class Impl(Base[int]):
    def run(self):
        # want: deterministic call time.time from vio.bases_cases.Base.go via vio.bases_cases.Impl.run
        # want: deterministic call time.time from vio.bases_cases.use via vio.bases_cases.Impl.run
        return time.time()


# claims: deterministic
def use(obj: Base):
    return obj.run()


class Pair(Generic[T, U]):
    def run(self):
        return 0


class Typed(Pair[T, str]):
    def run(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.use_pair via vio.bases_cases.Typed.run


# claims: deterministic
def use_pair(obj: Pair):
    return obj.run()


class Stamped:
    def stamp(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.Inherits.call_inherited via vio.bases_cases.Stamped.stamp


class Box(Stamped, Generic[T]):
    pass


class Inherits(Box[int]):
    # claims: deterministic
    def call_inherited(self):
        return self.stamp()


# Near-misses: an unrelated subscripted base, a generic class or protocol with no project subclass.


class Other(Generic[T]):
    def run(self):
        return time.time()


class Unrelated(Other[int]):
    def run(self):
        return time.time()


class Lone(Generic[T]):
    def run(self):
        return 0

    # claims: deterministic
    def go(self):
        return self.run()


class Shaped(Protocol[T]):
    def run(self) -> T: ...


class Shape(Lone[int], Shaped[int]):
    # claims: deterministic
    def call(self):
        return self.run()


# claims: deterministic
def use_lone(obj: Lone[int]):
    return obj.run()


# M2: an annotated alias as a base


class TypeRooted:
    def run(self):
        return 0


Rooted: type = TypeRooted


class ViaType(Rooted):
    def run(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.use_type_rooted via vio.bases_cases.ViaType.run


# claims: deterministic
def use_type_rooted(obj: TypeRooted):
    return obj.run()


class AliasRooted:
    def run(self):
        return 0


Aliased: TypeAlias = AliasRooted


class ViaTypeAlias(Aliased):
    def run(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.use_alias_rooted via vio.bases_cases.ViaTypeAlias.run


# claims: deterministic
def use_alias_rooted(obj: AliasRooted):
    return obj.run()


class StringRooted:
    def run(self):
        return 0


Quoted: "type[StringRooted]" = StringRooted


class ViaQuoted(Quoted):
    def run(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.use_string_rooted via vio.bases_cases.ViaQuoted.run


# claims: deterministic
def use_string_rooted(obj: StringRooted):
    return obj.run()


# Near-misses: an annotated instance (a call's value) is no alias of its class; an annotated alias of an
# instance is still that instance.


class Solo:
    def run(self):
        return 0


def make_solo() -> Solo:
    return Solo()


made: Solo = make_solo()
SOLO = Solo()
again: Solo = SOLO


# claims: deterministic
def use_made():
    return made.run() + again.run()  # want-blind: `again.run(...).__radd__(...)` from vio.bases_cases.use_made # want-blind: `made.run(...).__add__(...)` from vio.bases_cases.use_made


# claims: deterministic
def use_solo(obj: Solo):
    return obj.run()


# claims: deterministic
def local_annotated_alias(obj):
    """An annotated alias of a value of unknown class is typed by its annotation (no blind spot)."""
    solo: Solo = obj
    rooted: type = Solo
    return solo.run() + rooted().run()  # want-blind: `rooted(...).run(...).__radd__(...)` from vio.bases_cases.local_annotated_alias # want-blind: `solo.run(...).__add__(...)` from vio.bases_cases.local_annotated_alias


class Alone(Generic[T]):
    """A generic class no project class derives from."""

    def run(self):
        return 0

    # claims: deterministic
    def go(self):
        return self.run()


# claims: deterministic
def construct_generics():
    return Alone().go(), Lone().go()


# An annotated alias is also any value of its annotation's type: a dataclass field's default is only a default.


class Sink:
    def emit(self):
        return 0


class QuietSink(Sink):
    def emit(self):
        return 0


class LoudSink(Sink):
    def emit(self):
        return time.time()  # want: deterministic call time.time from vio.bases_cases.Pipe.flush via vio.bases_cases.LoudSink.emit


QUIET = QuietSink()


@dataclass
class Pipe:
    sink: Sink = QUIET

    # claims: deterministic
    def flush(self):
        return self.sink.emit()
