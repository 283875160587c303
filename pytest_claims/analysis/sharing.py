"""Equal parts of one file's facts made one object, once the facts are final.

The facts of every module a walk reads are kept for the whole run, and a file repeats itself: its calls pass the
same arguments (`self`, `"utf-8"`, `None`) again and again, its methods share their locals and their signatures.
A table lives for one file's extraction only (a run-wide one costs about what it saves), and the facts cache and
the extraction helpers keep the sharing: pickle writes an object met twice once.

A shared value passes as `Any`, never as a fixed-length tuple type: compiled (mypyc), such a tuple is held unboxed
and boxed anew wherever it is stored, which would make a new object of every shared one.
"""

from __future__ import annotations

from typing import Any

from pytest_claims.analysis import arguments
from pytest_claims.records import Use

Call = tuple[int, arguments.Passed]


def _exact(value: object) -> bool:
    """Whether equal means the same here: `0.0 == -0.0`, so a literal float zero keeps its own object."""
    return not (isinstance(value, tuple) and len(value) == 2 and value[0] == "float" and value[1] == 0)


class Sharing:
    """One object for equal parts of one file's facts."""

    def __init__(self) -> None:
        self._seen: dict[object, object] = {}
        """Each value by itself; the values are of kinds that never compare equal across kinds."""

    def one(self, value: Any) -> Any:
        """`value`, or the equal object met first."""
        return self._seen.setdefault(value, value)

    def calls(self, calls: tuple[Call, ...]) -> tuple[Call, ...]:
        """What each call passes, every argument, argument list and call entry equal to an earlier one that one."""
        if not calls:
            return calls
        shared: tuple[Call, ...] = self.one(tuple(self.one(self._call(index, passed)) for index, passed in calls))
        return shared

    def _call(self, index: int, passed: arguments.Passed) -> Any:
        given, keywords = passed
        if not all(_exact(value) for value in given) or not all(_exact(value) for _, value in keywords):
            return (index, passed)
        shared_given = self.one(tuple(self.one(value) for value in given))
        shared_keywords = self.one(tuple(self.one((name, self.one(value))) for name, value in keywords))
        return (index, self.one((shared_given, shared_keywords)))

    def signature(self, accepts: arguments.Signature) -> Any:
        """A def's signature (`arguments.Signature`), unless its literal defaults hold a float zero."""
        decided = accepts[3]
        if any(kind == "float" and value == 0 for _, kind, value in decided):
            return accepts
        return self.one(accepts)


def one_chain_each(uses: list[Use], chains: dict[tuple[str, ...], tuple[str, ...]]) -> tuple[Use, ...]:
    """The uses, each chain equal to an earlier one of the file replaced by that one object: facts are kept for the
    whole run and half the chains of a file repeat (`self.x`, `os.path.join`). Once the uses are final: while they
    are recorded, a call knows its own use by its chain's identity (`facts._passes`)."""
    out: list[Use] = []
    for use in uses:
        chain = use[0]
        known = chains.setdefault(chain, chain)
        out.append(use if known is chain else (known, use[1], use[2], use[3], use[4]))
    return tuple(out)
