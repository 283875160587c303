"""semantics §5: the class's annotation of `x` types `self.x`; an assignment of an empty literal in `__init__` does not
replace what the annotation says, so a loop over `self._args` calls `Arg.process` (and the comprehension form)."""

import time
from typing import List


class Arg:
    def process(self):
        # want: deterministic call time.time from vio.annotated_fields_cases.Parser.run via vio.annotated_fields_cases.Arg.process
        # want: deterministic call time.time from vio.annotated_fields_cases.Parser.collect via vio.annotated_fields_cases.Arg.process
        return time.time()


class Quiet:
    def process(self):
        return 0


class Parser:
    _args: List[Arg]

    def __init__(self):
        self._args = []

    # claims: deterministic
    def run(self):
        for arg in self._args:
            arg.process()

    # claims: deterministic
    def collect(self):
        return [arg.process() for arg in self._args]


class QuietParser:
    _args: List[Quiet]

    def __init__(self):
        self._args = []

    # claims: deterministic
    def run(self):
        for arg in self._args:
            arg.process()
