"""How a static item fails: the exceptions its collectors and items raise, and its failure under `--tb=line`."""

from __future__ import annotations

from typing import Any


class ClaimsCollectError(Exception):
    """A refused directive: reported as a collection error naming file:line, without a traceback."""


class ClaimFailure(Exception):
    """A violated or unevaluable claim; its text is the whole report."""


class _Crash:
    """What pytest reads of a failure's `reprcrash` (`--tb=line`, the short summary): the first line."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return self.message


class LineRepr:
    """A claim item's failure under `--tb=line`: pytest prints `str(reprcrash)` (the first violation line) and
    then the report's `toterminal`, which adds nothing; with a plain string it would print the whole text and
    then its first 50 characters. Set on the process that shows the reports (the xdist controller
    receives the text as a string)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.reprcrash = _Crash(text.split("\n", 1)[0])

    def toterminal(self, out: Any) -> None:
        pass

    def __str__(self) -> str:
        return self.text
