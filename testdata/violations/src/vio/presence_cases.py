"""semantics §4 and §5, revision 3: presence tests, annotations, instance state and dataclass/attrs fields read no
module or class state; a dataclass's capability factory is reported on the field's line; `self.__class__()`
constructs the receiver's class or a subclass."""

import time
from dataclasses import dataclass, field

import attr


def build_clock():
    return time.time()  # want: deterministic call time.time from vio.presence_cases.reads_the_binding via vio.presence_cases.Clock -> vio.presence_cases.build_clock


Clock = build_clock()


# -- presence tests --------------------------------------------------------------------------------------------
# claims: deterministic
def probes_a_stdlib_member():
    return hasattr(time, "tzset")


# claims: deterministic
def probes_a_module_global():
    import vio.presence_cases as me

    return hasattr(me, "Clock")


# -- annotations --------------------------------------------------------------------------------------------------
# claims: deterministic
def annotated_only(items: list[Clock]) -> int:
    return len(items)


# claims: deterministic
def reads_the_binding():
    return Clock


# -- instance state ----------------------------------------------------------------------------------------------
def stamp():
    # want: deterministic call time.time from vio.presence_cases.Shared.read via vio.presence_cases.Shared.stamp -> vio.presence_cases.stamp
    return time.time()


class Assigned:
    stamp = stamp()

    def __init__(self, value: int):
        self.stamp = value

    # claims: deterministic
    def read(self):
        return self.stamp


class Shared:
    stamp = stamp()

    # claims: deterministic
    def read(self):
        return self.stamp


class Base:
    label = stamp()


class Derived(Base):
    def __init__(self):
        self.label = "x"

    # claims: deterministic
    def read(self):
        return self.label


class Owner:
    def __init__(self):
        self.errcheck = 0


class Checked(Owner):
    errcheck = stamp()

    # claims: deterministic
    def read(self):
        return self.errcheck


# -- dataclass and attrs fields -------------------------------------------------------------------------------
def meta():
    return {"at": time.time()}


@dataclass
class Record:
    items: list = field(default_factory=list, metadata=meta())

    # claims: deterministic
    def count(self):
        return len(self.items)


@attr.s
class Point:
    x = attr.ib(default=meta())

    # claims: deterministic
    def read(self):
        return self.x


@dataclass
class Stamped:
    at: float = field(default_factory=time.time)  # want: deterministic call time.time from vio.presence_cases.make_stamped


# claims: deterministic
def make_stamped():
    return Stamped()


# -- self.__class__() -------------------------------------------------------------------------------------------
class Copyable:
    # claims: deterministic
    def clone(self):
        return self.__class__()


class TimedCopy(Copyable):
    def __init__(self):
        self.at = time.time()  # want: deterministic call time.time from vio.presence_cases.Copyable.clone via vio.presence_cases.TimedCopy.__init__


class Quiet:
    # claims: deterministic
    def clone(self):
        return self.__class__()
