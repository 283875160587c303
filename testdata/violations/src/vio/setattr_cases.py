"""`setattr(o, "x", v)` runs what `o.x = v` runs (the property's setter, a class-body descriptor's `__set__`, the
class's `__setattr__`) and `delattr(o, "x")` what `del o.x` runs. With a name computed at run time, the setter of
every property whose name fits the shape the syntax fixes (`"sta" + part`), or of every property when nothing is
known of the name, and a blind spot on a value of unknown class. `object.__setattr__(o, "x", v)` and
`super().__setattr__("x", v)` skip the class's own `__setattr__` but, as CPython's generic store does, still run a
property's setter and a data descriptor's `__set__`. `setattr(C, "x", v)` on a class rebinds the name. A subclass's
`@Base.x.setter` is the subclass property's setter; a read of it runs the base's getter."""

import time


class Slot:
    def __get__(self, obj, owner=None):
        return 0

    def __set__(self, obj, value):
        # want: deterministic call time.time from vio.setattr_cases.any_store via vio.setattr_cases.Slot.__set__
        # want: deterministic call time.time from vio.setattr_cases.computed_raw via vio.setattr_cases.Slot.__set__
        # want: deterministic call time.time from vio.setattr_cases.descriptor_store via vio.setattr_cases.Slot.__set__
        time.time()

    def __delete__(self, obj):
        # want: deterministic call time.time from vio.setattr_cases.any_delete via vio.setattr_cases.Slot.__delete__
        # want: deterministic call time.time from vio.setattr_cases.descriptor_delete via vio.setattr_cases.Slot.__delete__
        time.time()


class Clock:
    slot = Slot()

    @property
    def stamp(self):
        return 0

    @stamp.setter
    def stamp(self, value):
        # want: deterministic call time.time from vio.setattr_cases.Clock.raw_store via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.any_store via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.computed_raw via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.literal_store via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.looped_store via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.shaped_store via vio.setattr_cases.Clock.stamp
        time.time()

    @stamp.deleter
    def stamp(self):
        # want: deterministic call time.time from vio.setattr_cases.any_delete via vio.setattr_cases.Clock.stamp
        # want: deterministic call time.time from vio.setattr_cases.literal_delete via vio.setattr_cases.Clock.stamp
        time.time()

    @property
    def pure(self):
        return 0

    @pure.setter
    def pure(self, value):
        self._pure = value

    @pure.deleter
    def pure(self):
        self._pure = None

    # claims: deterministic
    def raw_store(self):
        object.__setattr__(self, "stamp", 0)

    # claims: deterministic
    def raw_pure(self):
        object.__setattr__(self, "pure", 0)


class Guarded:
    @property
    def stamp(self):
        return 0

    @stamp.setter
    def stamp(self, value):
        # want: deterministic call time.time from vio.setattr_cases.Hooked.super_store via vio.setattr_cases.Guarded.stamp
        # want: deterministic call time.time from vio.setattr_cases.hooked_store via vio.setattr_cases.Hooked.__setattr__ -> vio.setattr_cases.Guarded.stamp
        time.time()

    @property
    def pure(self):
        return 0

    @pure.setter
    def pure(self, value):
        return None


class Hooked(Guarded):
    def __setattr__(self, name, value):
        # want: deterministic call time.monotonic from vio.setattr_cases.hooked_store via vio.setattr_cases.Hooked.__setattr__
        time.monotonic()
        super().__setattr__(name, value)

    # claims: deterministic
    def bypasses(self):
        object.__setattr__(self, "pure", 0)

    # claims: deterministic
    def super_store(self):
        super().__setattr__("stamp", 0)

    # claims: deterministic
    def super_pure(self):
        super().__setattr__("pure", 0)


class Kept:
    @property
    def pure(self):
        # the getter a read of `Later().pure` runs, found past Later's setter
        # want: deterministic call time.monotonic from vio.setattr_cases.later_read via vio.setattr_cases.Kept.pure
        return time.monotonic()

    @pure.setter
    def pure(self, value):
        self._pure = value


class Later(Kept):
    @Kept.pure.setter
    def pure(self, value):
        # a read keeps this def (a store finds the setter through it) besides the base's getter
        # want: deterministic call time.time from vio.setattr_cases.later_read via vio.setattr_cases.Later.pure
        # want: deterministic call time.time from vio.setattr_cases.later_store via vio.setattr_cases.Later.pure
        time.time()


# claims: deterministic
def literal_store(c: Clock):
    setattr(c, "stamp", 1)


# claims: deterministic
def literal_delete(c: Clock):
    delattr(c, "stamp")


# claims: deterministic
def descriptor_store(c: Clock):
    setattr(c, "slot", 1)


# claims: deterministic
def descriptor_delete(c: Clock):
    delattr(c, "slot")


# claims: deterministic
def shaped_store(c: Clock, part):
    setattr(c, "sta" + part, 1)  # want-blind: `part.__radd__(...)` from vio.setattr_cases.shaped_store


# claims: deterministic
def any_store(c: Clock, name):
    setattr(c, name, 1)


# claims: deterministic
def any_delete(c: Clock, name):
    delattr(c, name)


# claims: deterministic
def looped_store(c: Clock):
    names = {"stamp": 1, "pure": 2}
    for name in names:
        setattr(c, name, 0)


# claims: deterministic
def hooked_store(h: Hooked):
    setattr(h, "pure", 1)


# claims: deterministic
def computed_raw(c: Clock, name):
    object.__setattr__(c, name, 1)


# claims: deterministic
def unknown_store(o, name):
    setattr(o, name, 1)  # want-blind: `setattr(o, name, 1)` from vio.setattr_cases.unknown_store


# claims: deterministic
def unknown_literal(o):
    setattr(o, "stamp", 1)


# claims: deterministic
def pure_store(c: Clock):
    setattr(c, "pure", 1)


# claims: deterministic
def pure_delete(c: Clock):
    delattr(c, "pure")


# claims: deterministic
def plain_store(c: Clock):
    setattr(c, "plain", 1)


# claims: deterministic
def unfitting_store(c: Clock, part):
    setattr(c, "pu" + part, 1)  # want-blind: `part.__radd__(...)` from vio.setattr_cases.unfitting_store


# claims: deterministic
def pure_loop(c: Clock):
    names = {"pure": 1, "plain": 2}
    for name in names:
        setattr(c, name, 0)


# claims: deterministic
def class_store():
    setattr(Clock, "stamp", 1)
    setattr(Clock, "slot", 1)


# claims: deterministic
def class_delete():
    delattr(Clock, "stamp")
    delattr(Clock, "slot")


# claims: deterministic
def later_store(c: Later):
    c.pure = 1


# claims: deterministic
def later_read(c: Later):
    return c.pure
