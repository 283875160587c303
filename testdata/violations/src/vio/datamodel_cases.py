"""Implicit special-method calls of the whole data model on values of known project class: iteration consumers
(`sum`, `any`, `"".join`, `dict(c)`, `yield from c`, ...), numeric conversions (`int`, `round`, `divmod`, use as
an index), `min`/`max` comparisons, attribute assignment and deletion, `await` / `async for` / `async with`,
descriptors (`__get__`, `__set__`, `__delete__`), `__missing__`, `__class_getitem__`; calls of values typed `type`,
`functools.partial`, `types.FunctionType` are blind spots;
each shape twice: a class whose special method reads the clock (flagged), a pure one (held)."""

import functools
import math
import operator
import os
import time
import types
from collections.abc import Callable


class Clocky:
    def __iter__(self):
        # want: deterministic call time.time from vio.datamodel_cases.consumed via vio.datamodel_cases.Clocky.__iter__
        # want: deterministic call time.time from vio.datamodel_cases.delegated via vio.datamodel_cases.Clocky.__iter__
        # want: deterministic call time.time from vio.datamodel_cases.joined via vio.datamodel_cases.Clocky.__iter__
        # want: deterministic call time.time from vio.datamodel_cases.summed via vio.datamodel_cases.Clocky.__iter__
        return iter([time.time()])

    def __int__(self):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__int__
        return int(time.time())

    def __float__(self):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__float__
        return time.time()

    def __complex__(self):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__complex__
        return complex(time.time())

    def __round__(self, ndigits=None):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__round__
        return round(time.time())

    def __divmod__(self, other):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__divmod__
        return divmod(time.time(), other)

    def __pow__(self, other, mod=None):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__pow__
        return time.time() ** other

    def __bytes__(self):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__bytes__
        return str(time.time()).encode()

    def __abs__(self):
        # want: deterministic call time.time from vio.datamodel_cases.converted via vio.datamodel_cases.Clocky.__abs__
        return abs(time.time())

    def __index__(self):
        # want: deterministic call time.time from vio.datamodel_cases.indexed via vio.datamodel_cases.Clocky.__index__
        return int(time.time()) % 2

    def __lt__(self, other):
        # want: deterministic call time.time from vio.datamodel_cases.compared via vio.datamodel_cases.Clocky.__lt__
        return time.time() < 0

    def __gt__(self, other):
        # want: deterministic call time.time from vio.datamodel_cases.compared via vio.datamodel_cases.Clocky.__gt__
        return time.time() > 0

    def __setattr__(self, name, value):
        # want: deterministic call time.time from vio.datamodel_cases.assigned via vio.datamodel_cases.Clocky.__setattr__
        # want: deterministic call time.time from vio.datamodel_cases.more via vio.datamodel_cases.Clocky.__setattr__
        object.__setattr__(self, name, time.time())

    def __delattr__(self, name):
        # want: deterministic call time.time from vio.datamodel_cases.assigned via vio.datamodel_cases.Clocky.__delattr__
        # want: deterministic call time.time from vio.datamodel_cases.more via vio.datamodel_cases.Clocky.__delattr__
        time.time()

    def __await__(self):
        # want: deterministic call time.time from vio.datamodel_cases.awaited via vio.datamodel_cases.Clocky.__await__
        yield time.time()

    def __aiter__(self):
        # want: deterministic call time.time from vio.datamodel_cases.looped via vio.datamodel_cases.Clocky.__aiter__
        time.time()
        return self

    async def __anext__(self):
        # want: deterministic call time.time from vio.datamodel_cases.looped via vio.datamodel_cases.Clocky.__anext__
        time.time()
        raise StopAsyncIteration

    async def __aenter__(self):
        # want: deterministic call time.time from vio.datamodel_cases.looped via vio.datamodel_cases.Clocky.__aenter__
        return time.time()

    async def __aexit__(self, *exc):
        # want: deterministic call time.time from vio.datamodel_cases.looped via vio.datamodel_cases.Clocky.__aexit__
        time.time()

    def __floor__(self):
        # want: deterministic call time.time from vio.datamodel_cases.more via vio.datamodel_cases.Clocky.__floor__
        return math.floor(time.time())

    def __fspath__(self):
        # want: deterministic call time.time from vio.datamodel_cases.more via vio.datamodel_cases.Clocky.__fspath__
        return str(time.time())


class Calm:
    def __iter__(self):
        return iter([1])

    def __int__(self):
        return 1

    def __float__(self):
        return 1.0

    def __complex__(self):
        return 1j

    def __round__(self, ndigits=None):
        return 1

    def __divmod__(self, other):
        return (1, 0)

    def __pow__(self, other, mod=None):
        return 1

    def __bytes__(self):
        return b""

    def __abs__(self):
        return 1

    def __index__(self):
        return 0

    def __lt__(self, other):
        return False

    def __gt__(self, other):
        return False

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        pass

    def __await__(self):
        yield 1

    def __aiter__(self):
        return self

    async def __anext__(self):
        raise StopAsyncIteration

    async def __aenter__(self):
        return 1

    async def __aexit__(self, *exc):
        return None

    def __floor__(self):
        return 0

    def __fspath__(self):
        return "."


# claims: deterministic
def summed(c: Clocky):
    return sum(c)


# claims: deterministic
def summed_calm(c: Calm):
    return sum(c)


# claims: deterministic
def consumed(c: Clocky):
    return any(c), all(c), min(c), max(c), list(enumerate(c)), list(zip(c)), list(map(str, c)), list(filter(None, c))


# claims: deterministic
def consumed_calm(c: Calm):
    return any(c), all(c), min(c), max(c), list(enumerate(c)), list(zip(c)), list(map(str, c)), list(filter(None, c))


# claims: deterministic
def joined(c: Clocky):
    return "".join(c), dict(c)


# claims: deterministic
def joined_calm(c: Calm):
    return "".join(c), dict(c)


# claims: deterministic
def delegated(c: Clocky):
    yield from c


# claims: deterministic
def delegated_calm(c: Calm):
    yield from c


# claims: deterministic
def converted(c: Clocky):
    return int(c), float(c), complex(c), round(c), divmod(c, 2), pow(c, 2), bytes(c), abs(c)


# claims: deterministic
def converted_calm(c: Calm):
    return int(c), float(c), complex(c), round(c), divmod(c, 2), pow(c, 2), bytes(c), abs(c)


# claims: deterministic
def indexed(c: Clocky):
    return [1, 2][c], operator.index(c)


# claims: deterministic
def indexed_calm(c: Calm):
    return [1, 2][c], operator.index(c)


# claims: deterministic
def compared(c: Clocky, d: Clocky):
    return max(c, d), min(c, d)


# claims: deterministic
def compared_calm(c: Calm, d: Calm):
    return max(c, d), min(c, d)


# claims: deterministic
def assigned(c: Clocky):
    c.a = 1
    del c.a


# claims: deterministic
def assigned_calm(c: Calm):
    c.a = 1
    del c.a


# claims: deterministic
async def awaited(c: Clocky):
    return await c


# claims: deterministic
async def awaited_calm(c: Calm):
    return await c


# claims: deterministic
async def looped(c: Clocky):
    async for x in c:
        return x
    async with c as y:
        return y


# claims: deterministic
async def looped_calm(c: Calm):
    async for x in c:
        return x
    async with c as y:
        return y


# claims: deterministic
def more(c: Clocky):
    setattr(c, "a", 1)
    delattr(c, "a")
    return math.floor(c), os.fspath(c)


# claims: deterministic
def more_calm(c: Calm):
    setattr(c, "a", 1)
    delattr(c, "a")
    return math.floor(c), os.fspath(c)


class Lookup(dict):
    def __missing__(self, key):
        # want: deterministic call time.time from vio.datamodel_cases.missing via vio.datamodel_cases.Lookup.__missing__
        return time.time()


class CalmLookup(dict):
    def __missing__(self, key):
        return 0


class Generic:
    def __class_getitem__(cls, item):
        # want: deterministic call time.time from vio.datamodel_cases.parameterised via vio.datamodel_cases.Generic.__class_getitem__
        time.time()
        return cls

    def __getitem__(self, key):
        return 1


# claims: deterministic
def missing(d: Lookup):
    return d["k"]


# claims: deterministic
def missing_calm(d: CalmLookup):
    return d["k"]


# claims: deterministic
def parameterised():
    return Generic[int]


# claims: deterministic
def generic_instance(g: Generic):
    return g[0]


# claims: deterministic
def call_type(t: type, u: "type[object]"):
    # want-blind: `t()` from vio.datamodel_cases.call_type
    # want-blind: `u()` from vio.datamodel_cases.call_type
    return t(), u()


# claims: deterministic
def call_callable(f: Callable[[], int], g: Callable):
    # want-blind: `f()` from vio.datamodel_cases.call_callable
    # want-blind: `g()` from vio.datamodel_cases.call_callable
    return f(), g()


# claims: deterministic
def call_partial(p: functools.partial, q: "functools.partial[int]"):
    # want-blind: `p()` from vio.datamodel_cases.call_partial
    # want-blind: `q()` from vio.datamodel_cases.call_partial
    return p(), q()


# claims: deterministic
def call_function_types(f: types.FunctionType, m: types.MethodType):
    # want-blind: `f()` from vio.datamodel_cases.call_function_types
    # want-blind: `m()` from vio.datamodel_cases.call_function_types
    return f(), m()


# claims: deterministic
def call_cached(w: "functools._lru_cache_wrapper[int]"):
    # want-blind: `w()` from vio.datamodel_cases.call_cached
    return w()


# claims: deterministic
def call_known_class(t: "type[Calm]"):
    return t()


def _one():
    return 1


# claims: deterministic
def partial_local():
    p = functools.partial(_one)
    # want-blind: `p()` from vio.datamodel_cases.partial_local
    return p()


# claims: deterministic
def partial_clock():
    # want: deterministic reference time.time from vio.datamodel_cases.partial_clock
    p = functools.partial(time.time)
    # want-blind: `p()` from vio.datamodel_cases.partial_clock
    return p()


class Stamp:
    """A descriptor: reading or assigning it on the owner's instances runs `__get__` / `__set__`."""

    def __get__(self, obj, owner=None):
        # want: deterministic call time.time from vio.datamodel_cases.described via vio.datamodel_cases.Stamp.__get__
        return time.time()

    def __set__(self, obj, value):
        # want: deterministic call time.time from vio.datamodel_cases.described_set via vio.datamodel_cases.Stamp.__set__
        time.time()

    def __delete__(self, obj):
        # want: deterministic call time.time from vio.datamodel_cases.described_deleted via vio.datamodel_cases.Stamp.__delete__
        time.time()


class Still:
    def __get__(self, obj, owner=None):
        return 1

    def __set__(self, obj, value):
        pass

    def __delete__(self, obj):
        pass


class Owner:
    stamp = Stamp()
    still = Still()


# claims: deterministic
def described(o: Owner):
    return o.stamp


# claims: deterministic
def described_set(o: Owner):
    o.stamp = 1


# claims: deterministic
def described_deleted(o: Owner):
    del o.stamp


class Holder:
    def __init__(self):
        self.stamp = 0


# claims: deterministic
def plain_field(h: Holder):
    h.stamp = 1
    del h.stamp
    return h.stamp


# claims: deterministic
def described_calm(o: Owner):
    o.still = o.still
    del o.still


class Keeper:
    def __init__(self):
        self.stamp = Stamp()


# claims: deterministic
def instance_descriptor(k: Keeper):
    k.stamp = 1
    return k.stamp
