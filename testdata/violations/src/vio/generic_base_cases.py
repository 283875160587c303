"""A class base given as a subscript of a class, directly or through a name bound to one (tenacity 9.0.0's
`FutureGenericT = futures.Future[t.Any]` under a version test): the base is the class subscripted, as a generic
alias's `__mro_entries__` gives it. A subscript of anything else (a mapping's value, a class whose metaclass
defines `__getitem__`) names no class the walk knows: a blind spot, never a made-up class."""

import sys
import time
import typing
from concurrent import futures
from typing import Generic, TypeVar

T = TypeVar("T")

if sys.version_info >= (3, 9):
    FutureT = futures.Future[typing.Any]
else:
    FutureT = futures.Future


class VersionedFuture(FutureT):
    # claims: deterministic
    def __init__(self, number: int) -> None:
        # want: deterministic call concurrent.futures.Future.__init__ from vio.generic_base_cases.VersionedFuture.__init__
        # want: deterministic call concurrent.futures.Future.__init__ from vio.generic_base_cases.VersionedFuture.construct via vio.generic_base_cases.VersionedFuture.__init__
        super().__init__()
        # want-blind: `self.__setattr__` from vio.generic_base_cases.VersionedFuture.__init__
        # want-blind: `self.__setattr__` from vio.generic_base_cases.VersionedFuture.construct via vio.generic_base_cases.VersionedFuture.__init__
        self.number = number

    # claims: deterministic
    @classmethod
    def construct(cls, number: int) -> "VersionedFuture":
        return cls(number)


class DirectFuture(futures.Future[typing.Any]):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # want: deterministic call concurrent.futures.Future.__init__ from vio.generic_base_cases.DirectFuture.__init__


class Holder:
    Held = futures.Future[int]


class HeldFuture(Holder.Held):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # want: deterministic call concurrent.futures.Future.__init__ from vio.generic_base_cases.HeldFuture.__init__


class GaveUp(Exception):
    def __init__(self, last: "VersionedFuture") -> None:
        self.last = last

    # claims: deterministic
    def __str__(self) -> str:
        return f"{self.__class__.__name__}[{self.last}]"  # want: deterministic call concurrent.futures.Future.__format__ from vio.generic_base_cases.GaveUp.__str__


# A project generic class subscripted: its own methods are the base's.


class Clocked(Generic[T]):
    def __init__(self) -> None:
        self.at = time.time()  # want: deterministic call time.time from vio.generic_base_cases.ClockedInt.__init__ via vio.generic_base_cases.Clocked.__init__; deterministic call time.time from vio.generic_base_cases.ClockedDirect.__init__ via vio.generic_base_cases.Clocked.__init__


ClockedOfInt = Clocked[int]


class ClockedInt(ClockedOfInt):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()


class ClockedDirect(Clocked[str]):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()


# Near misses: a pure generic base; a mapping's value subscripted (as a value, and as a base); a class whose
# metaclass subscripts into anything.


class Pure(Generic[T]):
    def __init__(self) -> None:
        self.value = 0


PureOfInt = Pure[int]


class PureInt(PureOfInt):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()


MAKERS = {"pure": Pure}
Made = MAKERS["pure"]


# claims: deterministic
def made() -> object:
    return Made


class FromMapping(Made):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # want-blind: `<super>.__init__(...)` from vio.generic_base_cases.FromMapping.__init__


class FromMappingDirect(MAKERS["pure"]):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # want-blind: `<super>.__init__(...)` from vio.generic_base_cases.FromMappingDirect.__init__


class Registry(type):
    def __getitem__(cls, key: str) -> type:
        return Clocked


class Keyed(metaclass=Registry):
    def __init__(self) -> None:
        self.key = ""  # want-blind: `self.__setattr__` from vio.generic_base_cases.FromRegistry.__init__ via vio.generic_base_cases.Keyed.__init__


class FromRegistry(Keyed["clocked"]):
    # claims: deterministic
    def __init__(self) -> None:
        super().__init__()  # want-blind: `<super>.__init__(...)` from vio.generic_base_cases.FromRegistry.__init__
