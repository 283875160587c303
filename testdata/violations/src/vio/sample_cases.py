"""Shapes found by reading fresh precision samples hop by hop (docs/benchmarks.md, "Precision").

A parameter rebound only inside a branch that its literal argument (or its literal default) skips still holds
that literal wherever it is tested: attrs's `attrib(converter=None)` runs `converter = pipe(*converter)` only
under `if converter and ...`, so a class body's `attrib()` never reaches `pipe`. Where the literal takes the
branch, or another argument the call leaves open guards the rebinding, the parameter is not decided.
"""

import time


def pipe(*converters):
    # want: deterministic call time.time from vio.sample_cases.converted via vio.sample_cases.attrib -> vio.sample_cases.pipe
    # want: deterministic call time.time from vio.sample_cases.piped_field via vio.sample_cases.Piped -> vio.sample_cases.attrib -> vio.sample_cases.pipe
    return time.time()


def attrib(default=None, converter=None):
    if converter and isinstance(converter, (list, tuple)):
        converter = pipe(*converter)
    return (default, converter)


class Plain:
    value = attrib()


class Piped:
    value = attrib(converter=[int])


# claims: deterministic
def plain_field():
    return Plain


# claims: deterministic
def plain_call():
    return attrib(default=1)


# claims: deterministic
def piped_field():
    return Piped


# claims: deterministic
def converted(given):
    return attrib(converter=given)


def separated(sep=None):
    if sep is None:
        sep = ","
    if sep:
        return time.time()  # want: deterministic call time.time from vio.sample_cases.separated_default via vio.sample_cases.separated
    return ""


# claims: deterministic
def separated_default():
    return separated()


def retried(ready=None, again=None):
    for _ in range(3):
        if ready:
            return time.time()  # want: deterministic call time.time from vio.sample_cases.retried_open via vio.sample_cases.retried
        if again is None:
            ready = True
    return None


# claims: deterministic
def retried_open():
    return retried()


# claims: deterministic
def retried_closed():
    return retried(again=False)
