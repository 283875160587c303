"""Where a parameter a def binds again still holds its argument: at a call that runs before any binding of it can.

`Signal.connect` computes `_make_id(receiver)` before `receiver = ref(receiver)`: at that call `receiver` is what the
caller passed, so what the caller's argument decides (a literal, a plain def's missing `__func__`) is passed on
there as for a parameter the body never binds again (`FunctionFacts.early`, `context.settled`).

Python's only backward jumps inside one body are loops, so a call ends before a binding in the text and no loop
holds both, runs before it every time. An assignment statement stores its targets after evaluating its value, so
its targets count as bound at its end (where no target holds a call): `version = get_complete_version(version)`
passes on what was passed.
Evaluation order inverts the text only where a binding is an expression
(`(p := v)` in a test or an argument): a name bound so, or by any form less plain than a statement (`del p`, an
`except ... as p`, a `match` capture, `global` / `nonlocal`, a nested scope's own `p`), is left open everywhere.
A call in a nested def, lambda, class body or comprehension may run at any time: never early.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)

Place = tuple[tuple[int, int], frozenset[int]]
"""Where a binding starts or a call ends in the text, and the loops (by their order in the walk) around it."""


# claims: deterministic
def early_calls(
    node: ast.FunctionDef | ast.AsyncFunctionDef, names: Iterable[str], calls: Mapping[int, tuple[ast.Call, set[str]]]
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Per parameter of `names` the def's body binds again, the calls (by `call` use index, with the parameter
    names each passes plainly) that run before every binding of it: the text ends the call before each binding
    starts, no loop holds both, and the call is in the def's own scope. A parameter bound in any other way than a
    plain statement is left out."""
    wanted = set(names)
    if not wanted or not calls:
        return ()
    by_node: dict[ast.AST, int] = {call: index for index, (call, _) in calls.items()}  # by the node: no address
    walker = _Walker(wanted, by_node)
    walker.walk(node.body)
    out: list[tuple[str, tuple[int, ...]]] = []
    for name in sorted(wanted - walker.unsure):
        stores = walker.stores.get(name)
        if not stores:
            continue  # bound where this walk does not look: left open
        held = tuple(
            sorted(
                index
                for index, (_, passes) in calls.items()
                if name in passes and index in walker.placed and _before_all(walker.placed[index], stores)
            )
        )
        if held:
            out.append((name, held))
    return tuple(out)


def _before_all(call: Place, stores: list[Place]) -> bool:
    end, loops = call
    return all(start >= end and not (loops & around) for start, around in stores)


class _Walker:
    """One iterative pass over a def's body: the bindings of the wanted names and the places of the calls."""

    def __init__(self, wanted: set[str], by_node: dict[ast.AST, int]) -> None:
        self.wanted, self.by_node = wanted, by_node
        self.stores: dict[str, list[Place]] = {}
        self.unsure: set[str] = set()
        self.placed: dict[int, Place] = {}
        self._loops = 0
        self._after: dict[ast.AST, tuple[int, int]] = {}
        """The names an assignment statement binds, each placed at the statement's end: Python evaluates the value
        (`p = f(p)`'s call) before it stores the targets."""

    def walk(self, body: list[ast.stmt]) -> None:
        stack: list[tuple[ast.AST, frozenset[int], bool]] = [(stmt, frozenset(), False) for stmt in reversed(body)]
        while stack:
            node, loops, nested = stack.pop()
            self._visit(node, loops, nested)
            if isinstance(node, _LOOPS):
                self._loops += 1
                loops = loops | {self._loops}
            inner = nested or isinstance(node, (*_NESTED, ast.GeneratorExp))
            stack.extend((child, loops, inner) for child in reversed(list(ast.iter_child_nodes(node))))

    def _visit(self, node: ast.AST, loops: frozenset[int], nested: bool) -> None:
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.end_lineno is not None:
            end = (node.end_lineno, node.end_col_offset or 0)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [name for target in targets for name in ast.walk(target)]
            if not any(isinstance(name, ast.Call) for name in names):  # `p, x[g(p)] = ...` calls g after binding p
                self._after.update((name, end) for name in names)
        if isinstance(node, ast.Name):
            if node.id in self.wanted and not isinstance(node.ctx, ast.Load):
                start = self._after.get(node, (node.lineno, node.col_offset))
                self._store(node.id, start, loops, nested or isinstance(node.ctx, ast.Del))
        elif isinstance(node, ast.Call):
            index = self.by_node.get(node)
            if index is not None and not nested and node.end_lineno is not None and node.end_col_offset is not None:
                self.placed[index] = ((node.end_lineno, node.end_col_offset), loops)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                self._store((alias.asname or alias.name).split(".")[0], (node.lineno, node.col_offset), loops, nested)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._store(node.name, (node.lineno, node.col_offset), loops, nested)
        else:
            self._unsure(odd_names(node))

    def _store(self, name: str, start: tuple[int, int], loops: frozenset[int], unsure: bool) -> None:
        if name not in self.wanted:
            return
        if unsure:
            self.unsure.add(name)
        self.stores.setdefault(name, []).append((start, loops))

    def _unsure(self, names: Iterable[str]) -> None:
        self.unsure.update(name for name in names if name in self.wanted)


def odd_names(node: ast.AST) -> tuple[str, ...]:
    """The names a node binds other than by a plain statement: a walrus, `except ... as`, a `match` capture,
    `global` / `nonlocal`, a nested scope's parameter (the walrus's target is a `Name` too: named here as well)."""
    if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
        return (node.target.id,)
    if isinstance(node, ast.ExceptHandler) and node.name:
        return (node.name,)
    if isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
        return (node.name,)
    if isinstance(node, ast.MatchMapping) and node.rest:
        return (node.rest,)
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return tuple(node.names)
    if isinstance(node, ast.arg):
        return (node.arg,)
    return ()
