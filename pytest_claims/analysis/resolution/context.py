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
    LITERALS,
    MAX_HOPS,
    NAMED,
    SOME,
    SURE,
    TRUTH,
    Lit,
    Passed,
    decide,
)
from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.keeps import AND, OR
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
    of it reads the argument. Dropping one may reopen another's guards: repeated until none is dropped. One bound
    again only by assignments that keep the decision (`FunctionFacts.keeps`, `_kept`) stays decided: with its value
    where each binding keeps that, else (and only where the guards do not keep the value) with its truth. A
    parameter bound again otherwise that some calls pass on before any binding can have run (`FunctionFacts.early`)
    moves into the `EARLY` entry, which no test reads and only those calls pass on."""
    if not (func.guarded or func.early or func.keeps) or not args:
        return args
    early = dict(func.early)
    guarded = dict(func.guarded)
    keeps = dict(func.keeps)
    keeping = {d[0]: found for d in args if d[0] in keeps and (found := _kept(d, keeps[d[0]])) is not None}
    exact = {d[0] for d in args if keeping.get(d[0]) == d}  # its value wherever it is tested
    kept = tuple(d for d in args if d[0] in exact or d[0] in guarded or (d[0] not in keeps and d[0] not in early))
    while True:
        given = as_mapping(kept)
        dropped = {
            name
            for name, guards in func.guarded
            if name in given
            and name not in exact
            and not all(ruled_out(facts, guard, target, given) for guard in guards)
        }
        if not dropped:
            break
        kept = tuple(d for d in kept if d[0] not in dropped)
    names = {d[0] for d in kept}
    truths = tuple(found for name, found in keeping.items() if name not in names)  # each `TRUTH`: none rules out more
    if truths:
        kept = tuple(sorted((*kept, *truths), key=lambda d: d[0]))
        names.update(d[0] for d in truths)
    held = tuple(d for d in args if d[0] in early and d[0] not in names)
    if not held:
        return kept
    return tuple(sorted((*kept, (EARLY, EARLY, held)), key=lambda d: d[0]))


# claims: deterministic
def _kept(decided: tuple[str, str, object], shapes: tuple[Lit, ...]) -> tuple[str, str, object] | None:
    """A decided parameter as it stands wherever the body tests it, when each of its bindings (`shapes`,
    `analysis.keeps`) gives a value of the argument's truth: a literal of that truth, `p and ...` where it is false,
    `p or ...` where it is true. Its value is the argument's where each literal is that same one, else only its truth
    is known (`TRUTH`). None where a binding may change its truth, or the argument's truth is not known."""
    name, kind, value = decided
    truth = bool(value) if kind in LITERALS or kind == TRUTH else None
    if truth is None:
        return None
    same = True
    for shape in shapes:
        if shape in (AND, OR):
            if truth != (shape == OR):
                return None
        elif bool(shape[1]) != truth:
            return None
        else:
            same = same and kind in LITERALS and shape == (kind, value)
    return decided if same else (name, TRUTH, truth)


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
