"""A value passed as an argument (docs/semantics.md, behaviour stored in a value): in the function a claim's walk
starts from, a call on a parameter its body never rebinds (`clock.now()`, `fn()`, the property read `c.size`)
enters what the project's own calls of that plain function pass for it, forwarded back through plain functions
that pass their own parameter on; the start handing the parameter on unchanged to a plain function hands those
values on too. Each capability is reported where the walk meets it, or, for a callable passed, where the argument
is written. Any other caller may pass anything: the call stays a blind spot. Inside the walk a parameter holds
what the walk's own call passed, so the values another caller passes never make a caller's claim violated."""

import time


class Clock:
    def now(self):
        return time.time()  # want: deterministic call time.time from vio.sound_cases.stamps via vio.sound_cases.Clock.now; deterministic call time.time from vio.sound_cases.forwarded via vio.sound_cases.Clock.now; deterministic call time.time from vio.sound_cases.hands via vio.sound_cases.now_of -> vio.sound_cases.Clock.now


class Fixed:
    def now(self):
        return 0


class Timed:
    @property
    def size(self):
        return time.monotonic()  # want: deterministic call time.monotonic from vio.sound_cases.sizes via vio.sound_cases.Timed.size


# -- a project instance passed, its method called (cachetools' `cache.clear()`) ------------------------------


# claims: deterministic
def stamps(clock):
    return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.stamps


def stamps_now():
    return stamps(Clock())


# -- forwarded: a plain function passing its own parameter on -----------------------------------------------


# claims: deterministic
def forwarded(clock):
    return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.forwarded


def relay(clock):
    return forwarded(clock)


def relays_now():
    return relay(Clock())


# -- handed on: the start passes its parameter to a helper that calls it --------------------------------------


def now_of(clock):
    return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.hands via vio.sound_cases.now_of; `clock.now()` from vio.sound_cases.hands_fixed via vio.sound_cases.now_of


# claims: deterministic
def hands(clock):
    return now_of(clock)


def hands_now():
    return hands(Clock())


# claims: deterministic
def hands_fixed(clock):
    return now_of(clock)


def hands_fixed_now():
    return hands_fixed(Fixed())


# -- a property of a passed instance read ---------------------------------------------------------------------


# claims: deterministic
def sizes(cache):
    return cache.size


def sizes_timed():
    return sizes(Timed())


# -- a callable passed --------------------------------------------------------------------------------------


# claims: deterministic
def runs(fn):
    return fn()  # want-blind: `fn()` from vio.sound_cases.runs


def runs_clock():
    return runs(time.time)  # want: deterministic call time.time from vio.sound_cases.runs


# -- near misses ----------------------------------------------------------------------------------------------


# claims: deterministic
def stamps_fixed(clock):
    return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.stamps_fixed


def fixed_now():
    return stamps_fixed(Fixed())


class Steady:
    def now(self):
        return 0


class Drifting(Steady):
    def now(self):
        return time.time()


# claims: deterministic
def steadies(clock):
    return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.steadies


def steadies_now():
    return steadies(Steady())  # constructed: a Steady exactly, never a Drifting


# claims: deterministic
def rebinds(clock):
    clock = Fixed()
    return clock.now()


def rebinds_now():
    return rebinds(Clock())


# claims: deterministic
def shadows(clock):
    def inner(clock):
        return clock.now()  # want-blind: `clock.now()` from vio.sound_cases.shadows

    return inner


def shadows_now():
    return shadows(Clock())


def runs_inner(fn):
    return fn()  # want-blind: `fn()` from vio.sound_cases.passes_unknown via vio.sound_cases.runs_inner


def runs_inner_clock():
    return runs_inner(time.time)


# claims: deterministic
def passes_unknown(f):
    return runs_inner(f)
