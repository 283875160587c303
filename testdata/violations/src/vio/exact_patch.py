"""Stores a value of some class into `vio.exact_cases.exact_patched` from outside its module: that name is no
value of exactly one class any more."""

from vio import exact_cases


def patch(signal: exact_cases.Signal) -> None:
    exact_cases.exact_patched = signal
