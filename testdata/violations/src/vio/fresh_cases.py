"""Shapes met measuring soundness on tenacity 9.0.0 (benchmarks/soundness.py): a project class over a capable
stdlib class whose stub leaves a special method to `object` (`concurrent.futures.Future` declares no `__init__`
or `__repr__`, the runtime class defines both), a base bound to a subscripted generic chosen by Python version (the
class it subscripts: vio.generic_base_cases), and the implicit calls on their instances."""

import logging
import sys
import typing
from concurrent import futures

if sys.version_info >= (3, 9):
    ChosenFuture = futures.Future[typing.Any]
else:
    ChosenFuture = futures.Future


class Attempt(futures.Future):
    # claims: deterministic
    def __init__(self, number: int) -> None:
        super().__init__()  # want: deterministic call concurrent.futures.Future.__init__ from vio.fresh_cases.Attempt.__init__
        self.number = number  # want-blind: `self.__setattr__` from vio.fresh_cases.Attempt.__init__

    # claims: deterministic
    def shown(self) -> str:
        return super().__repr__()  # want: deterministic call concurrent.futures.Future.__repr__ from vio.fresh_cases.Attempt.shown


class ChosenAttempt(ChosenFuture):
    # claims: deterministic
    def __init__(self, number: int) -> None:
        super().__init__()  # want: deterministic call concurrent.futures.Future.__init__ from vio.fresh_cases.ChosenAttempt.__init__
        self.number = number  # want-blind: `self.__setattr__` from vio.fresh_cases.ChosenAttempt.__init__


class PlainAttempt:
    # claims: deterministic
    def __init__(self, number: int) -> None:
        super().__init__()  # object's: nothing to see
        self.number = number


class ListedAttempts(list):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # a stdlib base the catalogue does not judge


class QuietHandler(logging.Handler):
    # claims: deterministic
    def emit(self, record: logging.LogRecord) -> None:
        return None


# claims: deterministic
def described(attempt: Attempt) -> str:
    return f"{attempt}"  # want: deterministic call concurrent.futures.Future.__format__ from vio.fresh_cases.described


# claims: deterministic
def described_chosen(attempt: ChosenAttempt) -> str:
    return str(attempt)  # want: deterministic call concurrent.futures.Future.__str__ from vio.fresh_cases.described_chosen


# claims: deterministic
def described_plain(attempt: PlainAttempt) -> str:
    return f"{attempt}"  # object's `__format__`: nothing to see


# claims: deterministic
def described_handler(handler: QuietHandler) -> str:
    return f"{handler}"  # a narrating base (`stdout` only): nothing a claim forbids


class GaveUp(Exception):
    # claims: deterministic
    def __init__(self, last: "ChosenAttempt") -> None:
        self.last = last
        super().__init__(last)

    # claims: deterministic
    def __str__(self) -> str:
        return f"{self.__class__.__name__}[{self.last}]"  # want: deterministic call concurrent.futures.Future.__format__ from vio.fresh_cases.GaveUp.__str__
