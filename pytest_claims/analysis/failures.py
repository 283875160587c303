"""An exception the analysis did not expect, told as one line: the stage, and where in the analysed code it was met.

Each stage catches what it did not expect at one boundary (a file's facts, a use in a function's body, a claim's
judging, a rule's walk, a module's directives) and raises an `AnalysisError` chained to it, so the front ends print
one line naming the file and line (the traceback only on request) and no verdict of the run is given or stored.
An error met inside another stage's boundary keeps the innermost place; the outer boundary adds what it was judging.
"""

from __future__ import annotations

import ast
from types import TracebackType

REPORT = "no verdict was given (a defect of pytest-claims: please report it with this file)"


class AnalysisError(Exception):
    """An unexpected exception met while analysing `where` (file:line) in `stage`; the cause is its `__cause__`."""

    def __init__(self, where: str, stage: str, cause: str) -> None:
        super().__init__(where, stage, cause)  # the arguments, so that it pickles (a `-j` worker sends it)
        self.where = where
        self.stage = stage
        self.cause = cause
        self.within = ""
        """The claim or rule whose judging met it, when that is not the stage itself."""

    def __str__(self) -> str:
        within = f", met judging {self.within}" if self.within else ""
        return f"{self.where}: internal error {self.stage}: {self.cause}{within}; {REPORT}"


class WalkTooDeep(AnalysisError):
    """A claim's judging past the recursion limit: the stage is the claiming function, named in the message."""

    def __str__(self) -> str:
        return (
            f"{self.where}: the walk of {self.stage} went deeper than Python's recursion limit allows; no verdict was "
            "given (a defect of pytest-claims: please report this file)"
        )


def met(where: str, stage: str, error: Exception) -> AnalysisError:
    """The `AnalysisError` for `error` met in `stage` at `where` (raise it `from error`)."""
    return AnalysisError(where, stage, f"{type(error).__name__}: {error}")


def passes(error: BaseException) -> bool:
    """Whether a boundary lets `error` through as it is: already told (an inner stage's), or the recursion limit, which
    the claim's judging names (`WalkTooDeep`) from a shallower stack."""
    return isinstance(error, (AnalysisError, RecursionError))


def node_line(traceback: TracebackType | None) -> int:
    """The line of the innermost syntax node the failing code held (a local named `node` first); 0 when none did (a
    compiled build keeps no frame locals)."""
    line = 0
    while traceback is not None:
        found = traceback.tb_frame.f_locals
        held = [found["node"]] if "node" in found else []
        for value in [*held, *found.values()]:
            lineno = getattr(value, "lineno", None) if isinstance(value, ast.AST) else None
            if isinstance(lineno, int):
                line = lineno
                break
        traceback = traceback.tb_next
    return line


def at(file: str, line: int) -> str:
    """`file:line`, or the file alone when the line is unknown."""
    return f"{file}:{line}" if line > 0 else file
