"""A read of a property runs its getter, never its setter or deleter; `o.x = v` runs the setter, `del o.x` the
deleter, `o.x += v` the getter then the setter. Where the class body's `@x.setter` extends a property whose getter
the walk does not see, a read may run the setter (kept). A subscript's implicit `__getitem__` / `__setitem__` /
`__delitem__` is passed its index as an operand is: `x[a:b]` a `slice`, `x[0]` an `int`, `x["k"]` a `str`, so the
method's `isinstance(index, slice)` is decided."""

import time


class Stamped:
    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, new):
        self._value = new
        # want: deterministic call time.time from vio.setter_slice_cases.stores via vio.setter_slice_cases.Stamped.value
        # want: deterministic call time.time from vio.setter_slice_cases.bumps via vio.setter_slice_cases.Stamped.value
        # want: deterministic call time.time from vio.setter_slice_cases.Stamped.renew via vio.setter_slice_cases.Stamped.value
        self._at = time.time()

    @value.deleter
    def value(self):
        # want: deterministic call time.time from vio.setter_slice_cases.drops via vio.setter_slice_cases.Stamped.value
        self._gone = time.time()

    # claims: deterministic
    def shown(self):
        return self.value

    # claims: deterministic
    def renew(self):
        self.value = 0


class Rendered(Stamped):
    @property
    def value(self):
        return super().value

    @value.setter
    def value(self, new):
        # want: deterministic call time.monotonic from vio.setter_slice_cases.stores via vio.setter_slice_cases.Rendered.value
        # want: deterministic call time.monotonic from vio.setter_slice_cases.bumps via vio.setter_slice_cases.Rendered.value
        # want: deterministic call time.monotonic from vio.setter_slice_cases.Stamped.renew via vio.setter_slice_cases.Rendered.value
        self._shown = time.monotonic()


# claims: deterministic
def reads(s: Stamped):
    return s.value


# claims: deterministic
def stores(s: Stamped):
    s.value = 1


# claims: deterministic
def drops(s: Stamped):
    del s.value


# claims: deterministic
def bumps(s: Stamped):
    s.value += 1  # want-blind: `s.value.__iadd__(...)` from vio.setter_slice_cases.bumps


class Clocked:
    @property
    def now(self):
        # want: deterministic call time.time from vio.setter_slice_cases.reads_clocked via vio.setter_slice_cases.Clocked.now
        # want: deterministic call time.time from vio.setter_slice_cases.bumps_clocked via vio.setter_slice_cases.Clocked.now
        return time.time()

    @now.setter
    def now(self, value):
        self._now = value


# claims: deterministic
def reads_clocked(c: Clocked):
    return c.now


# claims: deterministic
def stores_clocked(c: Clocked):
    c.now = 1


# claims: deterministic
def bumps_clocked(c: Clocked):
    c.now += 1


# claims: deterministic
def rebinds_on_class():
    Clocked.now = 1


def _made_property():
    return property(lambda self: 0)


class Hidden:
    level = _made_property()

    @level.setter
    def level(self, value):
        # want: deterministic call time.time from vio.setter_slice_cases.reads_hidden via vio.setter_slice_cases.Hidden.level
        # want: deterministic call time.time from vio.setter_slice_cases.stores_hidden via vio.setter_slice_cases.Hidden.level
        time.time()


# claims: deterministic
def reads_hidden(h: Hidden):
    return h.level


# claims: deterministic
def stores_hidden(h: Hidden):
    h.level = 1


class Listish:
    def __setitem__(self, index, val):
        if isinstance(index, slice):
            self._set_slice(index, val)
        else:
            self._set_single(index, val)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return []
        # want: deterministic call time.time from vio.setter_slice_cases.reads_one via vio.setter_slice_cases.Listish.__getitem__
        # want: deterministic call time.time from vio.setter_slice_cases.reads_key via vio.setter_slice_cases.Listish.__getitem__
        return time.time()

    def __delitem__(self, index):
        if isinstance(index, slice):
            # want: deterministic call time.time from vio.setter_slice_cases.drops_slice via vio.setter_slice_cases.Listish.__delitem__
            # want: deterministic call time.time from vio.setter_slice_cases.drops_unknown via vio.setter_slice_cases.Listish.__delitem__
            time.time()

    def _set_slice(self, index, val):
        return None

    def _set_single(self, index, val):
        # want: deterministic call time.time from vio.setter_slice_cases.sets_one via vio.setter_slice_cases.Listish.__setitem__ -> vio.setter_slice_cases.Listish._set_single
        # want: deterministic call time.time from vio.setter_slice_cases.sets_key via vio.setter_slice_cases.Listish.__setitem__ -> vio.setter_slice_cases.Listish._set_single
        # want: deterministic call time.time from vio.setter_slice_cases.sets_unknown via vio.setter_slice_cases.Listish.__setitem__ -> vio.setter_slice_cases.Listish._set_single
        time.time()

    # claims: deterministic
    def insert(self, index, val):
        self[index:index] = [val]


# claims: deterministic
def inserts(items: Listish, i, v):
    items[i:i] = [v]


# claims: deterministic
def sets_one(items: Listish):
    items[0] = 1


# claims: deterministic
def sets_key(items: Listish):
    items["k"] = 1


# claims: deterministic
def sets_unknown(items: Listish, i):
    items[i] = 1


# claims: deterministic
def reads_slice(items: Listish):
    return items[::2]


# claims: deterministic
def reads_one(items: Listish):
    return items[0]


# claims: deterministic
def reads_key(items: Listish):
    return items["k"]


# claims: deterministic
def drops_slice(items: Listish):
    del items[1:]


# claims: deterministic
def drops_one(items: Listish):
    del items[-1]


# claims: deterministic
def drops_unknown(items: Listish, i):
    del items[i]
