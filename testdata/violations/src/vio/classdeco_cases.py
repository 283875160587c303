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
