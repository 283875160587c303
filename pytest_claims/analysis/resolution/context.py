"""How a walk entered a function: the class its `self` stands for (the receiver, `symbols.ClassKey`) and the
literal arguments that decide its own tests of its parameters (SPEC §5).

A walk node is (module, index, receiver, args). The receiver narrows dispatch on `self` (`dispatch`, `bodies`);
the arguments drop the uses under a test they decide, the way a platform guard drops them on a target. Both are
one level deep: what the callee passes on is decided by its own call sites, never by how it was entered.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_claims.analysis.arguments import Decided, Lit, Passed, decide
from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.records import FileFacts, FunctionFacts

Context = tuple[ClassKey | None, Decided]
"""How a function was entered: its receiver (None: its own class, or no class) and the arguments decided."""

NO_CONTEXT: Context = (None, ())


# claims: deterministic
def entered_with(callee: FunctionFacts, passed: Passed | None, shift: int | None) -> Decided:
    """The literal arguments a call decides for `callee`: none when it tests no parameter, when the call unpacks
    (`passed` None), or when how many leading parameters the call binds is not known (`shift` None)."""
    if not callee.tests or passed is None or shift is None:
        return ()
    return decide(callee.tests, callee.accepts, passed, shift)


def ruled_out(facts: FileFacts, guard: int, target: Target, args: dict[str, Lit]) -> bool:
    """Whether a use under `guard` cannot run when the call passes `args`: some test of the guard is false."""
    for cond_index, polarity in facts.guards[guard]:
        value = evaluate(facts.conds[cond_index], target, args)
        if value is not None and value != polarity:
            return True
    return False


# claims: deterministic
def as_mapping(args: Sequence[tuple[str, str, object]]) -> dict[str, Lit]:
    return {name: (kind, value) for name, kind, value in args}
