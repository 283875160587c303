"""Classes defined in functions, based on a local name (see `local_base_cases`)."""

import time

from vio import local_base_cases as cases

Root = cases.PureJob  # the module's `Root`: none of the local classes below derives from it


def clocked() -> object:
    Root = cases.LocalJob

    class Local(Root):
        def run(self) -> float:
            return time.time()  # want: deterministic call time.time from vio.local_base_cases.runs_a_local_alias_subclass via vio.local_base_makers.clocked.<locals>.Local.run

    return Local()


def pure() -> object:
    Root = cases.PureJob

    class Local(Root):
        def run(self) -> float:
            return 2.0

    return Local()


def valued() -> object:
    Root = cases.ValueJob()  # an instance, not a class: no subclass of `ValueJob`

    class Local(Root):  # type: ignore[misc,valid-type]
        def run(self) -> float:
            return time.time()

    return Local()
