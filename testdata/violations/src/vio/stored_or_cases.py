"""A value stored as `a or b`, `a and b` or `b if c else d` may be any of its operands (docs/decisions.md, module
and class state): a call of it enters what each operand may be, a parameter's default and what the project's
calls pass for it as for `self.x = param`, a dotted name where it is written, a module's name alone
(`make_key`) what the module binds it to. Any caller may pass any callable for the parameter, so the call stays a
blind spot; a name alone leaves one too (the field's value is also taken as unknown)."""

import time


def _hashed(args, kwargs):
    return hash((args, tuple(kwargs)))  # want: deterministic call builtins.hash from vio.stored_or_cases.cached_call via vio.stored_or_cases.Cached.__call__ -> vio.stored_or_cases._make_key -> vio.stored_or_cases._Hashed.__init__ -> vio.stored_or_cases._hashed # want-blind: `iter(kwargs)` from vio.stored_or_cases.cached_call via vio.stored_or_cases.Cached.__call__ -> vio.stored_or_cases._make_key -> vio.stored_or_cases._Hashed.__init__ -> vio.stored_or_cases._hashed


class _Hashed(list):
    def __init__(self, key):
        self[:] = key
        self.hashvalue = _hashed(key, {})


def _make_key(args, kwargs, typed=False):
    return _Hashed([args, typed])


def _plain_key(args, kwargs, typed=False):
    return (args, typed)


def _clock_key(args, kwargs, typed=False):
    return (args, time.time())  # want: deterministic call time.time from vio.stored_or_cases.timed_call via vio.stored_or_cases.Timed.__call__ -> vio.stored_or_cases._clock_key


# -- boltons' CachedFunction: `self.key_func = key or make_cache_key` ----------------------------------------


class Cached:
    def __init__(self, func, key=None, typed=False):
        self.func = func
        self.typed = typed
        self.key_func = key or _make_key

    def __call__(self, a, b):
        key = self.key_func((a, b), {}, typed=self.typed)  # want-blind: `self.key_func((a, b), {}, typed=self.typed)` from vio.stored_or_cases.cached_call via vio.stored_or_cases.Cached.__call__
        return self.func(a, b), key  # want-blind: `self.func(a, b)` from vio.stored_or_cases.cached_call via vio.stored_or_cases.Cached.__call__


# claims: deterministic
def cached_call(c: Cached):
    return c(1, 2)


# -- the ternary: `key if key is not None else default` ------------------------------------------------------


class Timed:
    def __init__(self, key=None):
        self.key_func = key if key is not None else _clock_key

    def __call__(self, a, b):
        return self.key_func((a, b), {})  # want-blind: `self.key_func((a, b), {})` from vio.stored_or_cases.timed_call via vio.stored_or_cases.Timed.__call__


# claims: deterministic
def timed_call(t: Timed):
    return t(1, 2)


# -- what a constructor call passes for the parameter, through `or` -------------------------------------------


class Chosen:
    def __init__(self, key=None):
        self.key_func = key or _plain_key

    def run(self):
        return self.key_func((), {})  # want-blind: `self.key_func((), {})` from vio.stored_or_cases.chosen_run via vio.stored_or_cases.Chosen.run


def make_chosen():
    return Chosen(time.monotonic)  # want: deterministic call time.monotonic from vio.stored_or_cases.chosen_run via vio.stored_or_cases.Chosen.run


# claims: deterministic
def chosen_run(c: Chosen):
    return c.run()


# -- near misses: a pure default no call site replaces; both operands pure -----------------------------------


class PureDefault:
    def __init__(self, key=None):
        self.key_func = key or _plain_key

    def run(self):
        return self.key_func((), {})  # want-blind: `self.key_func((), {})` from vio.stored_or_cases.pure_default_run via vio.stored_or_cases.PureDefault.run


def make_pure_default():
    return PureDefault(_plain_key)


# claims: deterministic
def pure_default_run(p: PureDefault):
    return p.run()


class BothPure:
    def __init__(self, fast=False):
        self.key_func = _plain_key or _make_plain
        self.other = _make_plain if fast else _plain_key

    def run(self):
        return self.key_func((), {}), self.other((), {})  # want-blind: `self.key_func((), {})` from vio.stored_or_cases.both_pure_run via vio.stored_or_cases.BothPure.run; `self.other((), {})` from vio.stored_or_cases.both_pure_run via vio.stored_or_cases.BothPure.run


def _make_plain(args, kwargs):
    return args


# claims: deterministic
def both_pure_run(b: BothPure):
    return b.run()


# -- dotted names either way: each followed, no blind spot (as `self.clock = time.monotonic` alone) -----------


class Clocked:
    def __init__(self, precise=False):
        self.clock = time.perf_counter if precise else time.monotonic

    def now(self):
        return self.clock()  # want: deterministic call time.monotonic from vio.stored_or_cases.clocked_now via vio.stored_or_cases.Clocked.now; deterministic call time.perf_counter from vio.stored_or_cases.clocked_now via vio.stored_or_cases.Clocked.now


# claims: deterministic
def clocked_now(c: Clocked):
    return c.now()
