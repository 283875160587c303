"""A test of a field of `self` read just after the method stored a parameter there (`self.size = size`, then
`if self.size:`) is decided by the call's literal argument or the literal default, as a test of the parameter is
(`ArrayField(base)` never builds its `ArrayMaxLengthValidator`). Not where the field may hold something else by then
(stored again, a call in between, the parameter bound again first), nor where storing or reading it may run code (a
`__setattr__`, a property of that name in a subclass, unless the call builds exactly the base: `HookBase(1)`)."""

import time


class Sized:
    def __init__(self, base, size=None):
        self.base = base
        self.size = size
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_default via vio.field_literal_cases.Sized.__init__ # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_none via vio.field_literal_cases.Sized.__init__ # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_three via vio.field_literal_cases.Sized.__init__ # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_unknown via vio.field_literal_cases.Sized.__init__ # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_zero via vio.field_literal_cases.Sized.__init__
            # want: deterministic call time.time from vio.field_literal_cases.sized_three via vio.field_literal_cases.Sized.__init__
            # want: deterministic call time.time from vio.field_literal_cases.sized_unknown via vio.field_literal_cases.Sized.__init__
            self.made = time.time()


class HookBase:
    def __init__(self, base, size=None):
        self.size = size
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.hookbase_default via vio.field_literal_cases.HookBase.__init__ # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_hooked via vio.field_literal_cases.HookBase.__init__
            # want: deterministic call time.time from vio.field_literal_cases.sized_hooked via vio.field_literal_cases.HookBase.__init__
            self.made = time.time()


class Hooked(HookBase):
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value or 1)  # want-blind: `bool(value)` from vio.field_literal_cases.sized_hooked via vio.field_literal_cases.HookBase.__init__ -> vio.field_literal_cases.Hooked.__setattr__


class ShownBase:
    def __init__(self, base, size=None):
        self.size = size
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.sized_property via vio.field_literal_cases.ShownBase.__init__
            # want: deterministic call time.time from vio.field_literal_cases.sized_property via vio.field_literal_cases.ShownBase.__init__
            self.made = time.time()


class Shown(ShownBase):
    @property
    def size(self):
        return 1

    @size.setter
    def size(self, value):
        pass


# claims: deterministic
def sized_default():
    return Sized(1)


# claims: deterministic
def sized_none():
    return Sized(1, size=None)


# claims: deterministic
def sized_zero():
    return Sized(1, 0)


# claims: deterministic
def sized_three():
    return Sized(1, size=3)


# claims: deterministic
def sized_unknown(n):
    return Sized(1, n)


# claims: deterministic
def sized_hooked():
    return Hooked(1)


# claims: deterministic
def sized_property():
    return Shown(1)


# claims: deterministic
def hookbase_default():
    """Held: the call builds exactly a HookBase, so its `__init__`'s `self` is no Hooked, whose `__setattr__` would
    keep the field from holding the literal default."""
    return HookBase(1)


class Limited:
    def __init__(self, limit=None, strict=False, label="x"):
        self.limit, self.strict = limit, strict
        self.label = label
        if self.limit is not None:
            # want: deterministic call time.time from vio.field_literal_cases.limited_ten via vio.field_literal_cases.Limited.__init__
            self.started = time.time()
        self.when = None


class Labelled:
    def __init__(self, label="x"):
        self.label = label
        if self.label == "now":  # want-blind: `self.label.__eq__(...)` from vio.field_literal_cases.labelled_default via vio.field_literal_cases.Labelled.__init__ # want-blind: `self.label.__eq__(...)` from vio.field_literal_cases.labelled_now via vio.field_literal_cases.Labelled.__init__
            # want: deterministic call time.time from vio.field_literal_cases.labelled_now via vio.field_literal_cases.Labelled.__init__
            self.when = time.time()


class Quick:
    def __init__(self, fast=False):
        self.fast = fast
        # want: deterministic call time.time from vio.field_literal_cases.quick_fast via vio.field_literal_cases.Quick.__init__
        return_value = self.fast and time.time()  # want-blind: `bool(self.fast)` from vio.field_literal_cases.quick_default via vio.field_literal_cases.Quick.__init__ # want-blind: `bool(self.fast)` from vio.field_literal_cases.quick_fast via vio.field_literal_cases.Quick.__init__
        self.value = return_value


class Exiting:
    def __init__(self, clock=None):
        self.clock = clock
        if self.clock is None:
            return
        # want: deterministic call time.time from vio.field_literal_cases.exiting_clock via vio.field_literal_cases.Exiting.__init__
        self.at = time.time()


# claims: deterministic
def limited_default():
    return Limited()


# claims: deterministic
def limited_ten():
    return Limited(10)


# claims: deterministic
def labelled_default():
    return Labelled()


# claims: deterministic
def labelled_now():
    return Labelled("now")


# claims: deterministic
def quick_default():
    return Quick()


# claims: deterministic
def quick_fast():
    return Quick(fast=True)


# claims: deterministic
def exiting_default():
    return Exiting()


# claims: deterministic
def exiting_clock():
    return Exiting(clock=1)


class Restored:
    def __init__(self, size=None):
        self.size = size
        self.size = 5
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.restored_default via vio.field_literal_cases.Restored.__init__
            # want: deterministic call time.time from vio.field_literal_cases.restored_default via vio.field_literal_cases.Restored.__init__
            self.made = time.time()


class Prepared:
    def __init__(self, size=None):
        self.size = size
        self.prepare()
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.prepared_default via vio.field_literal_cases.Prepared.__init__
            # want: deterministic call time.time from vio.field_literal_cases.prepared_default via vio.field_literal_cases.Prepared.__init__
            self.made = time.time()

    def prepare(self):
        self.size = 4


class Rebound:
    def __init__(self, size=None):
        size = size or 2  # want-blind: `bool(size)` from vio.field_literal_cases.rebound_default via vio.field_literal_cases.Rebound.__init__
        self.size = size
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.rebound_default via vio.field_literal_cases.Rebound.__init__
            # want: deterministic call time.time from vio.field_literal_cases.rebound_default via vio.field_literal_cases.Rebound.__init__
            self.made = time.time()


class Later:
    def __init__(self, size=None):
        self.size = size
        if size:  # want-blind: `bool(size)` from vio.field_literal_cases.later_default via vio.field_literal_cases.Later.__init__
            pass
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.later_default via vio.field_literal_cases.Later.__init__
            # want: deterministic call time.time from vio.field_literal_cases.later_default via vio.field_literal_cases.Later.__init__
            self.made = time.time()


class Elsewhere:
    def __init__(self, size=None):
        self.size = size

    def grow(self, size=None):
        if self.size:  # want-blind: `bool(self.size)` from vio.field_literal_cases.elsewhere_default via vio.field_literal_cases.Elsewhere.grow # want-blind: `bool(self.size)` from vio.field_literal_cases.elsewhere_fresh via vio.field_literal_cases.Elsewhere.grow
            # want: deterministic call time.time from vio.field_literal_cases.elsewhere_default via vio.field_literal_cases.Elsewhere.grow
            return time.time()
        return size


# claims: deterministic
def restored_default():
    return Restored()


# claims: deterministic
def prepared_default():
    return Prepared()


# claims: deterministic
def rebound_default():
    return Rebound()


# claims: deterministic
def later_default():
    return Later()


# claims: deterministic
def elsewhere_default():
    made = Elsewhere()
    HANDED.append(made)  # other code may have stored its size before `grow` runs
    return made.grow()


# claims: deterministic
def elsewhere_fresh():
    return Elsewhere().grow()  # nothing but the constructor has touched it: its size is None


HANDED = []
