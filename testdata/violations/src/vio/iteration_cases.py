"""Iteration runs `__next__` of what `__iter__` returns, and `itertools` consumers iterate their arguments: a project
iterator whose `__iter__` returns itself does its work in `__next__` (more-itertools' `time_limited` reads the
clock there), and `islice(c, n)` iterates `c` as `list(c)` does."""

import itertools
import time
from itertools import islice


class Ticker:
    """An iterator over the clock: its `__iter__` is the instance itself."""

    def __iter__(self):
        return self

    def __next__(self):
        return time.time()  # want: deterministic call time.time from vio.iteration_cases.ticks via vio.iteration_cases.Ticker.__next__; deterministic call time.time from vio.iteration_cases.first_ticks via vio.iteration_cases.Ticker.__next__; deterministic call time.time from vio.iteration_cases.loop_ticks via vio.iteration_cases.Ticker.__next__


class Counter:
    """An iterator whose `__next__` reaches nothing."""

    def __iter__(self):
        return self

    def __next__(self):
        return 0


# claims: deterministic
def ticks():
    return list(Ticker())


# claims: deterministic
def first_ticks(n):
    return list(islice(Ticker(), n))


# claims: deterministic
def loop_ticks():
    for stamp in Ticker():
        return stamp
    return None


# claims: deterministic
def counted(n):
    return list(itertools.islice(Counter(), n))


# claims: deterministic
def take(n, iterable):
    return list(islice(iterable, n))  # want-blind: `iter(iterable)` from vio.iteration_cases.take


# claims: deterministic
def chained(first, second):
    return list(itertools.chain(first, second))  # want-blind: `iter(first)` from vio.iteration_cases.chained # want-blind: `iter(second)` from vio.iteration_cases.chained


# claims: deterministic
def literal_islice(n):
    return list(islice([1, 2, 3], n))
