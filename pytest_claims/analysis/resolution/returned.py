"""Values the walk knows besides a call's literals (semantics §5.6): a module's constant tuple, and what a plain
function gives back where its arguments and the modules' constants say (`analysis/returned.py` reads both from the
syntax).

A module-level name the module binds once, by a top-level `NAME = (literal, ...)` (`FileFacts.constants`), is that
literal wherever it is read, when no project module's text may store it as an attribute or by name, delete it or
bind it through `global` (`Modules.may_store`, over the modules whose text holds the word), and its own module
stores nothing by a computed name (`FileFacts.named_stores`, a word `globals`). A computed-name store
from elsewhere (`setattr(module, name, v)` over a mapping, `sys.modules[...]` replaced) is assumed away, as it is
for class-body literals. So `get_version(VERSION)` passes Django's `(5, 1, 15, "final", 0)`.

A call of a plain, undecorated, synchronous function with `returned` sources gives a literal where every path the
call's arguments leave open gives the same literal: a parameter's argument, a module constant, or a function-local
`from m import N` of one. A def's `through` parameter (`version = get_complete_version(version)`, its first
statement) then holds that value in the rest of its body (`Returned.through`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pytest_claims.analysis.arguments import LITERALS, NAMED, SURE, Lit, Passed, bound
from pytest_claims.analysis.conditions import evaluate
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.context import as_mapping, at_call, forwarded
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.exact import unstored_anywhere
from pytest_claims.analysis.resolution.symbols import ProjectFunction
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import PLATFORM, CondParam, Decided, FunctionFacts

MAX_IMPORTS = 3
"""How many `from m import N` hops a constant is followed through."""


class Returned:
    """Module constants and plain functions' returned values, for one target (the text answers memoised per run)."""

    def __init__(self, view: TargetView, evaluator: Evaluator, tracker: Tracker) -> None:
        self.view, self.evaluator, self.tracker = view, evaluator, tracker
        self._storing: dict[str, str] = {}
        """name -> the first module whose text may store it ("": none)."""

    def constant(self, module: Module, name: str, depth: int = 0) -> Lit | None:
        """The literal tuple a module-level `name` certainly holds, following `from m import N` bindings."""
        found = [b for b in module.facts.bindings if b.name == name]
        if len(found) != 1 or depth > MAX_IMPORTS:
            return None
        binding = found[0]
        if binding.kind == "from" and binding.member and binding.member != "*":
            source = self.evaluator.absolute(module, binding.target)
            if not self.view.has(source):
                return None
            return self.constant(self.view.module(source), binding.member, depth + 1)
        value = dict(module.facts.constants).get(name)
        if binding.kind != "alias" or value is None or module.facts.named_stores:
            return None
        if module.name in self.view.project.modules.holding("globals"):
            return None  # `globals()[name] = v` by a computed name
        if not unstored_anywhere(self.tracker, self.view, self._storing, name):
            return None
        return value

    def passed(self, module: Module, func: FunctionFacts, passed: Passed) -> Passed:
        """What a call passes, each plain name of a module constant the caller does not bind replaced by its literal
        (`get_version(VERSION)`). A class body's names may be its own: left as they are."""
        if func.kind == "state" and func.cls:
            return passed

        def value(arg: object) -> object:
            name = arg[1] if isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) else None
            if not isinstance(name, str) or "." in name or name in func.locals:
                return arg
            return self.constant(module, name) or arg

        positional, keywords = passed
        if not any(_plain_name(a) for a in (*positional, *(v for _, v in keywords))):
            return passed
        return tuple(value(a) for a in positional), tuple((k, value(v)) for k, v in keywords)

    def gives(self, module: Module, func: FunctionFacts, passed: Passed) -> Lit | None:
        """The literal a call of `func` passing `passed` gives back, when every path its arguments leave open gives
        the same one."""
        values = bound(func.accepts, passed, 0) if func.returned else None
        if values is None:
            return None
        args: dict[str, Lit] = {
            k: v for k, v in values.items() if isinstance(v, tuple) and len(v) == 2 and v[0] in LITERALS
        }
        found: set[Lit] = set()
        for kind, name, line, conds in func.returned:
            if self._ruled_out(module, conds, args):
                continue
            value = self._source(module, func, (kind, name, line), args)
            if value is None:
                return None
            found.add(value)
        return found.pop() if len(found) == 1 else None

    def _ruled_out(self, module: Module, conds: tuple[tuple[int, bool], ...], args: Mapping[str, Lit]) -> bool:
        for index, polarity in conds:
            cond = module.facts.conds[index]
            if not isinstance(cond, CondParam):
                self.tracker.module(PLATFORM)
            value = evaluate(cond, self.view.target, args)
            if value is not None and value != polarity:
                return True
        return False

    def _source(
        self, module: Module, func: FunctionFacts, source: tuple[str, str, int], args: Mapping[str, Lit]
    ) -> Lit | None:
        kind, name, line = source
        if kind == "param":
            return args.get(name)
        if kind == "global":
            return self.constant(module, name)
        binding = next((b for b in func.bindings if b.name == name and b.line == line and b.kind == "from"), None)
        if binding is None or not binding.member or binding.member == "*":
            return None
        target = self.evaluator.absolute(module, binding.target)
        return self.constant(self.view.module(target), binding.member) if self.view.has(target) else None

    def through(self, module: Module, func: FunctionFacts, args: Decided) -> Decided:
        """`args` with each `through` parameter (`p = f(...)` first in the body) decided as what the call gives back,
        where the walk knows: the call is of a plain name the def does not bind, naming one plain project function.
        The call itself still passes on what `p` held before (`context.at_call`)."""
        if not func.through or not args:
            return args
        given = as_mapping(args)
        calls = dict(func.calls)
        added: list[tuple[str, str, object]] = []
        for name, use in func.through:
            if name in given or use not in calls:
                continue
            chain = func.uses[use][0]
            if len(chain) != 1 or chain[0] in func.locals:
                continue
            syms = self.evaluator.global_name(module, chain[0], 1)
            if len(syms) != 1 or not isinstance(syms[0], ProjectFunction):
                continue
            home = self.view.module(syms[0].module)
            callee = home.facts.functions[syms[0].idx]
            if callee.kind != "function" or callee.decorated or callee.is_async:
                continue
            passed = self.passed(module, func, forwarded(calls[use], at_call(func, given, use)))
            value = self.gives(home, callee, passed)
            if value is not None:
                added.append((name, *value))
        if not added:
            return args
        return tuple(sorted((*args, *added), key=lambda d: d[0]))


def _plain_name(arg: object) -> bool:
    return isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) and isinstance(arg[1], str)
