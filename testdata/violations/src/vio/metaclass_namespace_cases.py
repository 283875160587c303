"""A class statement passes its metaclass's hooks the namespace `__prepare__` made and a tuple of its bases: a plain
`dict` where the `__prepare__` that runs is `type`'s, so storing into it, popping from it or iterating it runs no
project code, whatever a project mapping's `__setitem__` does. A project `__prepare__` makes what its return
annotation names, which the hooks then use; a hook called by the project is passed what its caller passes."""

import abc
import enum
import time


class StampingMap:
    """Unrelated to any metaclass: its methods read the clock, so a store into a value of unknown class may."""

    def __setitem__(self, key, value):
        self.at = time.time()


class Registering(type):
    def __new__(mcs, name, bases, attrs):
        attrs["registered"] = True  # a `dict`: no project `__setitem__`
        attrs.pop("scratch", None)
        attrs["size"] = len(attrs.items())
        for base in bases:  # a tuple of the classes the statement names
            # a stdlib base is a class the walk does not look into: of unknown class here
            # want-blind: `base.describe()` from vio.metaclass_namespace_cases.make_abstract_registered via vio.metaclass_namespace_cases.AbstractRegistered -> vio.metaclass_namespace_cases.Registering.__new__
            base.describe()
        return super().__new__(mcs, name, bases, attrs)

    def __init__(cls, name, bases, attrs):
        attrs.pop("registered", None)
        super().__init__(name, bases, attrs)


class Described:
    @classmethod
    def describe(cls):
        return cls.__name__


class Registered(Described, metaclass=Registering):
    pass


# claims: deterministic
def make_registered():
    return Registered()


class AbstractRegistering(Registering, abc.ABCMeta):
    pass


class AbstractRegistered(Described, abc.ABC, metaclass=AbstractRegistering):
    pass


# claims: deterministic
def make_abstract_registered():
    return AbstractRegistered()  # `ABCMeta` inherits `type.__prepare__`: a `dict` still


class Narrowing(Registering):
    def __new__(mcs, name, bases, attrs):
        attrs.setdefault("narrowed", True)
        return super().__new__(mcs, name, bases, attrs)  # passes its own namespace on: still the `dict`


class Narrowed(Described, metaclass=Narrowing):
    pass


# claims: deterministic
def make_narrowed():
    return Narrowed()


class Choosing(enum.EnumMeta):
    def __new__(mcs, name, bases, classdict, **kwds):
        classdict["_ignore_"] = []  # `EnumType.__prepare__` made an `_EnumDict`: the stdlib's `__setitem__`
        return super().__new__(mcs, name, bases, classdict, **kwds)


class Color(enum.Enum, metaclass=Choosing):
    RED = 1


# claims: deterministic
def pick_color():
    return Color.RED


class Stamped:
    @classmethod
    def describe(cls):
        return time.time()  # want: deterministic call time.time from vio.metaclass_namespace_cases.make_clocked via vio.metaclass_namespace_cases.Clocked -> vio.metaclass_namespace_cases.Registering.__new__ -> vio.metaclass_namespace_cases.Stamped.describe


class Clocked(Stamped, metaclass=Registering):
    pass


# claims: deterministic
def make_clocked():
    return Clocked()  # the bases' elements are the classes: `base.describe()` enters `Stamped.describe`


class StampedNamespace(dict):
    def __setitem__(self, key, value):
        # want: deterministic call time.time from vio.metaclass_namespace_cases.make_prepared via vio.metaclass_namespace_cases.Prepared -> vio.metaclass_namespace_cases.Preparing.__new__ -> vio.metaclass_namespace_cases.StampedNamespace.__setitem__
        # want-blind: `hash(key)` from vio.metaclass_namespace_cases.make_prepared via vio.metaclass_namespace_cases.Prepared -> vio.metaclass_namespace_cases.Preparing.__new__ -> vio.metaclass_namespace_cases.StampedNamespace.__setitem__
        super().__setitem__(key, (value, time.time()))


class Preparing(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kwargs) -> StampedNamespace:
        return StampedNamespace()

    def __new__(mcs, name, bases, namespace):
        namespace["prepared"] = True  # what `__prepare__` made: its `__setitem__` reads the clock
        return super().__new__(mcs, name, bases, dict(namespace))


class Prepared(metaclass=Preparing):
    pass


# claims: deterministic
def make_prepared():
    return Prepared()


class Unannotated(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kwargs):
        return StampingMap()

    def __new__(mcs, name, bases, namespace):
        # want-blind: `namespace.__setitem__(...)` from vio.metaclass_namespace_cases.make_unannotated via vio.metaclass_namespace_cases.Loose -> vio.metaclass_namespace_cases.Unannotated.__new__
        namespace["prepared"] = True  # a `__prepare__` that says nothing of its value: not known
        return super().__new__(mcs, name, bases, {})


class Loose(metaclass=Unannotated):
    pass


# claims: deterministic
def make_unannotated():
    return Loose()


class Plain(type):
    def __new__(mcs, name, bases, attrs):
        # want-blind: `attrs.__setitem__(...)` from vio.metaclass_namespace_cases.make_directly via vio.metaclass_namespace_cases.Plain.__new__
        attrs["plain"] = True  # called by the project: whatever its caller passes
        return super().__new__(mcs, name, bases, {})


# claims: deterministic
def make_directly():
    return Plain.__new__(Plain, "Direct", (), StampingMap())


class Counting(type):
    def __new__(mcs, name, bases, attrs):
        attrs["counted"] = True
        return super().__new__(mcs, name, bases, attrs)


class Counted(metaclass=Counting):
    pass


class C1(Counted):
    pass


class C2(C1):
    pass


class C3(C2):
    pass


class C4(C3):
    pass


class C5(C4):
    pass


class C6(C5):
    pass


class C7(C6):
    pass


class C8(C7):
    pass


class C9(C8):
    pass


# claims: deterministic
def make_counted():
    # ten class statements, each with bases of its own: the walk enters `Counting.__new__` widened past its eighth
    # context, and keeps the namespace every context agrees on, a `dict`
    return [C1(), C2(), C3(), C4(), C5(), C6(), C7(), C8(), C9()]
