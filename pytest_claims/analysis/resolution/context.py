"""How a walk entered a function: the class its `self` stands for (the receiver, `symbols.ClassKey`) and the
literal arguments that decide its own tests of its parameters (semantics §5).

A walk node is (module, index, receiver, args). The receiver narrows dispatch on `self` (`dispatch`, `bodies`);
the arguments drop the uses under a test they decide, the way a platform guard drops them on a target. The
receiver is one level deep. A decided parameter the callee passes on unchanged (a plain name of it as an argument)
decides the next callee's tests too (`forward`), up to `arguments.MAX_HOPS` more calls; any other argument of the
callee's calls is decided by its own call sites, never by how it was entered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_claims.analysis.arguments import (
    EARLY,
    ELEMENTS,
    HOPS,
    INSTANCE,
    MAX_HOPS,
    NAMED,
    SOME,
    SURE,
    Lit,
    Passed,
    decide,
)
from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.records import Decided, FileFacts, FunctionFacts

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


# claims: deterministic
def forward(
    passed: Passed, given: Mapping[str, Lit], body: object, callee: object
) -> tuple[Passed, int, object] | None:
    """A call's arguments in a body entered under decided `given` parameters: each plain name of one replaced by
    what it was decided to be, how many calls the values have now been passed through, and the function they were
    first passed on from (`body` where it is that one). None when the call passes on no decided parameter, or when
    they were passed on `MAX_HOPS` times already. Passed back into the function they were first passed on from
    (`callee` is it: recursion, `build_filter -> _add_q -> build_filter`), they count no call: any count is sound,
    and a lap of a cycle then enters what the first lap entered, however many laps the walk follows."""
    hops = given.get(HOPS)
    depth, origin = hops[1] if hops is not None and isinstance(hops[1], tuple) else (0, body)
    if depth and callee == origin:
        depth, origin = -1, None  # back where they started from: no call counted
    elif depth >= MAX_HOPS:
        return None
    positional, keywords = passed
    result = (tuple(_forwarded(v, given) for v in positional), tuple((k, _forwarded(v, given)) for k, v in keywords))
    return (result, depth + 1, origin) if result != passed else None


# claims: deterministic
def forwarded(passed: Passed, given: Mapping[str, Lit]) -> Passed:
    """A call's arguments with each plain name of a decided parameter replaced by what it was decided to be, however
    many calls it came through (what the call passes, not what decides its callee: `forward` counts those)."""
    positional, keywords = passed
    return tuple(_forwarded(v, given) for v in positional), tuple((k, _forwarded(v, given)) for k, v in keywords)


# claims: deterministic
def _forwarded(arg: object, given: Mapping[str, Lit]) -> object:
    """One argument as `forward` passes it on: a plain name of a decided parameter is what it was decided to be
    (no closure: compiled, a nested function and its environment would be a reference cycle)."""
    name = arg[1] if isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) else None
    if isinstance(name, str) and name != HOPS and name in given:
        value = given[name]
        return (SOME, None) if value[0] in (INSTANCE, ELEMENTS) else value  # its answers name its own tests' classes
    return arg


# claims: deterministic
def with_hops(args: Decided, hops: int, origin: object = None) -> Decided:
    """`args` counting `hops` calls passed through since `origin` passed them on (`arguments.HOPS`); nothing decided,
    or no call passed through, stays as it is."""
    if not args or not hops:
        return args
    entry = (HOPS, "hops", (hops, origin))
    return tuple(sorted((*(d for d in args if d[0] != HOPS), entry), key=lambda d: d[0]))


def ruled_out(facts: FileFacts, guard: int, target: Target, args: dict[str, Lit]) -> bool:
    """Whether a use under `guard` cannot run when the call passes `args`: some test of the guard is false."""
    for cond_index, polarity in facts.guards[guard]:
        value = evaluate(facts.conds[cond_index], target, args)
        if value is not None and value != polarity:
            return True
    return False


def settled(facts: FileFacts, func: FunctionFacts, args: Decided, target: Target) -> Decided:
    """`args` without the parameters `func` may bind again under them (`FunctionFacts.guarded`): one stays decided
    only where the decided arguments rule out every test its bindings sit under, so no binding runs and each test
    of it reads the argument. Dropping one may reopen another's guards: repeated until none is dropped. A parameter
    bound again (unguarded, or under guards not ruled out) that some calls pass on before any binding can have run
    (`FunctionFacts.early`) moves into the `EARLY` entry, which no test reads and only those calls pass on."""
    if not (func.guarded or func.early) or not args:
        return args
    early = dict(func.early)
    guarded = dict(func.guarded)
    kept = tuple(d for d in args if d[0] not in early or d[0] in guarded)  # bound outside tests: never settled
    while True:
        given = as_mapping(kept)
        dropped = {
            name
            for name, guards in func.guarded
            if name in given and not all(ruled_out(facts, guard, target, given) for guard in guards)
        }
        if not dropped:
            break
        kept = tuple(d for d in kept if d[0] not in dropped)
    held = tuple(d for d in args if d[0] in early and d not in kept)
    if not held:
        return kept
    return tuple(sorted((*kept, (EARLY, EARLY, held)), key=lambda d: d[0]))


def at_call(func: FunctionFacts, given: dict[str, Lit], index: int) -> dict[str, Lit]:
    """The decided parameters a call (`func.uses[index]`) of a body entered under `given` may pass on: `given`,
    and the parameters of its `EARLY` entry that the call passes before any binding of them can have run."""
    early = given.get(EARLY)
    if early is None or not isinstance(early[1], tuple):
        return given
    here = {name for name, uses in func.early if index in uses}
    held = {name: (kind, value) for name, kind, value in early[1] if name in here}
    return {**given, **held} if held else given


# claims: deterministic
def as_mapping(args: Sequence[tuple[str, str, object]]) -> dict[str, Lit]:
    return {name: (kind, value) for name, kind, value in args}
