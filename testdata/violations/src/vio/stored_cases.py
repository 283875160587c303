"""Behaviour stored in a value is reached where it is called (docs/decisions.md, module and class state): a
callable kept in an attribute from a parameter (`self.__choice = choice`) and called later enters the parameter's
default, reported where the default is written, and what the project's own constructor calls pass for it,
reported where the argument is written (forwarded through constructors that pass their own parameter on). Any
caller may pass any callable, so the call stays a blind spot. A property whose value is called (`self.timer()`,
`with self.timer as t`) enters the getter and calls what it returns. A local def or lambda called by its name
is no blind spot."""

import random
import time


def _first(xs):
    return xs[0]  # want-blind: `xs.__getitem__(...)` from vio.stored_cases.picks_first via vio.stored_cases.FirstPicker.pick -> vio.stored_cases._first # want-blind: `xs.__getitem__(...)` from vio.stored_cases.runs_pure_job via vio.stored_cases.PureJob.run -> vio.stored_cases._first


def _stamp():
    return time.time()  # want: deterministic call time.time from vio.stored_cases.stamps_by_default via vio.stored_cases.Stamper.stamp -> vio.stored_cases._stamp


def _zero():
    return 0


# -- a default that is a capability (cachetools' RRCache) ----------------------------------------------------


class Picker:
    def __init__(self, choice=random.choice):  # want: deterministic call random.choice from vio.stored_cases.picks via vio.stored_cases.Picker.pick
        self.__choice = choice

    def pick(self, xs):
        return self.__choice(xs)  # want-blind: `self.__choice(xs)` from vio.stored_cases.picks via vio.stored_cases.Picker.pick


# claims: deterministic
def picks(p: Picker):
    return p.pick([1, 2])


# -- near misses: a pure stdlib default, a pure project function --------------------------------------------


class Normaliser:
    def __init__(self, key=str.lower):
        self._key = key

    def norm(self, text):
        return self._key(text)  # want-blind: `self._key(text)` from vio.stored_cases.normalises via vio.stored_cases.Normaliser.norm


# claims: deterministic
def normalises(n: Normaliser):
    return n.norm("A")


class FirstPicker:
    def __init__(self, choice=_first):
        self.choice = choice

    def pick(self, xs):
        return self.choice(xs)  # want-blind: `self.choice(xs)` from vio.stored_cases.picks_first via vio.stored_cases.FirstPicker.pick


# claims: deterministic
def picks_first(p: FirstPicker):
    return p.pick([1, 2])


# -- a default that is a project function that reaches a capability: a hop --------------------------------


class Stamper:
    def __init__(self, clock=_stamp):
        self._clock = clock

    def stamp(self):
        return self._clock()  # want-blind: `self._clock()` from vio.stored_cases.stamps_by_default via vio.stored_cases.Stamper.stamp


# claims: deterministic
def stamps_by_default(s: Stamper):
    return s.stamp()


# -- what the project's constructor calls pass, a subclass's included ----------------------------------------


class Job:
    def __init__(self, work):
        self._work = work

    def run(self):
        return self._work()  # want-blind: `self._work()` from vio.stored_cases.runs_job via vio.stored_cases.Job.run


class Timing(Job):
    pass


def make_jobs():
    return [Job(_zero), Timing(time.perf_counter)]  # want: deterministic call time.perf_counter from vio.stored_cases.runs_job via vio.stored_cases.Job.run


# claims: deterministic
def runs_job(job: Job):
    return job.run()


class PureJob:
    def __init__(self, work):
        self._work = work

    def run(self):
        return self._work()  # want-blind: `self._work()` from vio.stored_cases.runs_pure_job via vio.stored_cases.PureJob.run


def make_pure_jobs():
    return [PureJob(_zero), PureJob(work=_first)]


# claims: deterministic
def runs_pure_job(job: PureJob):
    return job.run()


# -- cachetools' TTLCache: a timer forwarded through two constructors, read through a property ---------------


class _Timer:  # its `__call__` takes no argument: `vio.protocol_cases.fire`'s `callback("x")` never enters it
    def __init__(self, timer):
        self.__timer = timer
        self.__nesting = 0

    def __call__(self):
        if self.__nesting == 0:  # want-blind: `self.__nesting.__eq__(...)` from vio.stored_cases.annotated_now via vio.stored_cases.Annotated.now -> vio.stored_cases._Timer.__call__ # want-blind: `self.__nesting.__eq__(...)` from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get -> vio.stored_cases._Timer.__call__
            return self.__timer()  # want-blind: `self.__timer()` from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get -> vio.stored_cases._Timer.__call__; `self.__timer()` from vio.stored_cases.annotated_now via vio.stored_cases.Annotated.now -> vio.stored_cases._Timer.__call__
        return self.__time

    def __enter__(self):
        if self.__nesting == 0:  # want-blind: `self.__nesting.__eq__(...)` from vio.stored_cases.ttl_expire via vio.stored_cases.TTL.expire -> vio.stored_cases._Timer.__enter__
            self.__time = time = self.__timer()  # want-blind: `self.__timer()` from vio.stored_cases.ttl_expire via vio.stored_cases.TTL.expire -> vio.stored_cases._Timer.__enter__
        else:
            time = self.__time
        self.__nesting += 1  # want-blind: `self.__nesting.__iadd__(...)` from vio.stored_cases.ttl_expire via vio.stored_cases.TTL.expire -> vio.stored_cases._Timer.__enter__
        return time

    def __exit__(self, *exc):
        self.__nesting -= 1


class _Timed:
    def __init__(self, maxsize, timer=time.monotonic):  # want: deterministic call time.monotonic from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get -> vio.stored_cases._Timer.__call__; deterministic call time.monotonic from vio.stored_cases.ttl_expire via vio.stored_cases.TTL.expire -> vio.stored_cases._Timer.__enter__; deterministic call time.monotonic from vio.stored_cases.annotated_now via vio.stored_cases.Annotated.now -> vio.stored_cases._Timer.__call__
        self.maxsize = maxsize
        self.__timer = _Timer(timer)

    @property
    def timer(self):
        return self.__timer


class TTL(_Timed):
    def __init__(self, maxsize, ttl, timer=time.monotonic):  # want: deterministic call time.monotonic from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get -> vio.stored_cases._Timer.__call__; deterministic call time.monotonic from vio.stored_cases.ttl_expire via vio.stored_cases.TTL.expire -> vio.stored_cases._Timer.__enter__; deterministic call time.monotonic from vio.stored_cases.annotated_now via vio.stored_cases.Annotated.now -> vio.stored_cases._Timer.__call__
        _Timed.__init__(self, maxsize, timer)
        self.ttl = ttl

    def get(self):
        return self.timer() + self.ttl  # want-blind: `self.timer(...).__add__(...)` from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get # want-blind: `self.ttl.__radd__(...)` from vio.stored_cases.ttl_get via vio.stored_cases.TTL.get

    def expire(self):
        with self.timer as now:
            return now


# claims: deterministic
def ttl_get(cache: TTL):
    return cache.get()


# claims: deterministic
def ttl_expire(cache: TTL):
    return cache.expire()


# -- near miss: a property whose value is a pure project callable --------------------------------------------


class _Counter:
    def __call__(self):
        return 1


class Counted:
    def __init__(self):
        self._counter = _Counter()

    @property
    def counter(self):
        return self._counter

    def next(self):
        return self.counter()


# claims: deterministic
def counts(c: Counted):
    return c.next()


# -- a property whose value is not known: its call is a blind spot -------------------------------------------


class Lookup:
    def __init__(self, table):
        self._table = table

    @property
    def current(self):
        return self._table["now"]  # want-blind: `self._table.__getitem__(...)` from vio.stored_cases.looks_up via vio.stored_cases.Lookup.now -> vio.stored_cases.Lookup.current

    def now(self):
        return self.current()  # want-blind: `self.current()` from vio.stored_cases.looks_up via vio.stored_cases.Lookup.now


# claims: deterministic
def looks_up(lookup: Lookup):
    return lookup.now()


# -- a value only ever bound inside the project: followed, no blind spot ------------------------------------


class Fixed:
    def __init__(self):
        self._now = time.monotonic

    def now(self):
        return self._now()  # want: deterministic call time.monotonic from vio.stored_cases.fixed_now via vio.stored_cases.Fixed.now


# claims: deterministic
def fixed_now(f: Fixed):
    return f.now()


# -- a lambda or local def bound to a local name: its body is the function's own, the call no blind spot ------


# claims: deterministic
def calls_local_lambda():
    stamp = lambda: time.time()  # want: deterministic call time.time from vio.stored_cases.calls_local_lambda
    return stamp()


# claims: deterministic
def calls_local_def():
    def stamp():
        return time.time()  # want: deterministic call time.time from vio.stored_cases.calls_local_def

    return stamp()


# claims: deterministic
def calls_pure_local_def(xs):
    def first():
        return xs[0]  # want-blind: `xs.__getitem__(...)` from vio.stored_cases.calls_pure_local_def

    return first()


# claims: deterministic
def calls_rebound_local(given):
    pick = lambda: 0
    if given:  # want-blind: `bool(given)` from vio.stored_cases.calls_rebound_local
        pick = given
    return pick()  # want-blind: `pick()` from vio.stored_cases.calls_rebound_local


# -- forwarded through `super().__init__`: the subclass's default -------------------------------------------


class Clocked:
    def __init__(self, clock):
        self._clock = clock

    def read(self):
        return self._clock()  # want-blind: `self._clock()` from vio.stored_cases.reads_clock via vio.stored_cases.Clocked.read


class WallClocked(Clocked):
    def __init__(self, clock=time.time):  # want: deterministic call time.time from vio.stored_cases.reads_clock via vio.stored_cases.Clocked.read
        super().__init__(clock)


# claims: deterministic
def reads_clock(c: Clocked):
    return c.read()


# -- a property whose getter is annotated with a project class ----------------------------------------------


class Annotated:
    def __init__(self, timers):
        self._timers = timers

    @property
    def timer(self) -> _Timer:
        return self._timers[0]  # want-blind: `self._timers.__getitem__(...)` from vio.stored_cases.annotated_now via vio.stored_cases.Annotated.now -> vio.stored_cases.Annotated.timer

    def now(self):
        return self.timer()


# claims: deterministic
def annotated_now(a: Annotated):
    return a.now()
