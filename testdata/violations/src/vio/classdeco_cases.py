"""Class decorators and bases the walk cannot name (session 5). A project class decorator is not entered when the
class is read (a known miss, README "Not followed": the decorator's summary holds the nested functions it returns,
so entering it would flag every use of a class decorated like Django's `@deconstructible`); what it does must not
make a pure use of the class violated, nor must `@dataclass`."""

import dataclasses


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


class FromCall(make_base()):  # want-blind: `class FromCall(make_base())` from vio.classdeco_cases.unnamable_base_method via vio.classdeco_cases.FromCall; `class FromCall(make_base())` from vio.classdeco_cases.unnamable_base_own_method via vio.classdeco_cases.FromCall
    def own(self):
        return 4


class Mixed(make_base(), NamedBase):  # want-blind: `class Mixed(make_base())` from vio.classdeco_cases.unnamable_base_before_named via vio.classdeco_cases.Mixed
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
