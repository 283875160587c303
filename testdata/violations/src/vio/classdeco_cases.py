"""Class decorators run when the class is defined, and what they return is what the class name is bound to:
reading or constructing a decorated class reaches what its project decorator does (session 5, M13)."""

import dataclasses
import time


def stamp_deco(cls):
    time.time()  # want: deterministic call time.time from vio.classdeco_cases.construct_decorated via vio.classdeco_cases.Stamped -> vio.classdeco_cases.stamp_deco
    return cls


@stamp_deco
class Stamped:
    def m(self):
        return 1


# claims: deterministic
def construct_decorated():
    return Stamped().m()


def attr_deco(cls):
    cls.x = time.time()  # want: deterministic call time.time from vio.classdeco_cases.read_decorated via vio.classdeco_cases.Marked -> vio.classdeco_cases.attr_deco
    return cls


@attr_deco
class Marked:
    pass


# claims: deterministic
def read_decorated():
    return Marked


def pure_deco(cls):
    cls.tag = "pure"
    return cls


@pure_deco
class Pure:
    def m(self):
        return 2


# claims: deterministic
def construct_pure():
    return Pure().m()


@dataclasses.dataclass
class Point:
    x: int = 0


# claims: deterministic
def construct_dataclass():
    return Point(1).x


# A base the walk cannot name (`class X(make_base())`) may define any method: a method call on an instance that
# X's known MRO does not define, or that a named base after it defines, is a blind spot, never silently held.
class NamedBase:
    def shared(self):
        return 3


def make_base():
    return NamedBase


class FromCall(make_base()):
    def own(self):
        return 4


class Mixed(make_base(), NamedBase):
    pass


# claims: deterministic
def unnamable_base_method():
    return FromCall().shared()  # want-blind: `FromCall().shared()` from vio.classdeco_cases.unnamable_base_method


# claims: deterministic
def unnamable_base_before_named():
    return Mixed().shared()  # want-blind: `Mixed().shared()` from vio.classdeco_cases.unnamable_base_before_named


# claims: deterministic
def unnamable_base_own_method():
    return FromCall().own()


REGISTRY = {"k": pure_deco}


# the decorator's value is unknown: its call of the class is a blind spot
@REGISTRY["k"]  # want-blind: `REGISTRY["k"]` from vio.classdeco_cases.read_registered via vio.classdeco_cases.Registered
class Registered:
    pass


# claims: deterministic
def read_registered():
    return Registered
