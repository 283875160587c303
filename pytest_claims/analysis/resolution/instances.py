"""Arguments of known class decide the callee's `isinstance` tests of its parameters (and `p is None`).

`do_timezone(value, timezone.utc)` into `if isinstance(arg, tzinfo): ... elif isinstance(arg, str): ...` walks only
the first branch. An argument's classes come from the call's facts as the conditional catalogue reads them
(`conditional.Judge.classes`: a constructor call, a display, a name the caller shows is never None). A test is
true when every class the argument may be derives from a tested class (its project MRO, its stub bases); false only
when the argument's class is exactly known (a constructor call, a display, a literal) and stdlib, and every tested
class is a builtin it does not derive from or a plain project class (no metaclass, no base the walk does not see, so
no ABC, no protocol, no `__instancecheck__` can then make it true): `x == "*"` enters a project `__eq__` whose
`isinstance(other, Expression)` is false. Anything else stays open: both branches are walked.
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import FUNCTION, INSTANCE, LITERALS, MADE, NAMED, SURE, VALUE, Signature, bound
from pytest_claims.analysis.resolution.conditional import Judge, Site
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import (
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    StdName,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import Cond, CondAnd, CondNot, CondOr, CondParam, Decided

ClassTests = dict[str, tuple[tuple[str, ...], ...]]
"""Per parameter, the class tuples (dotted names as written) a function's `isinstance` tests of it name."""


class Instances:
    """Decides, for one target's resolver, the `isinstance` tests an argument of known class answers."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, judge: Judge) -> None:
        self.view, self.evaluator, self.hierarchy, self.judge = view, evaluator, hierarchy, judge
        self.bodies = judge.bodies
        self._tests: dict[str, dict[int, ClassTests]] = {}

    def decide(
        self, key: tuple[str, int], tests: tuple[str, ...], accepts: Signature, site: Site, shift: int | None
    ) -> Decided:
        """The callee's tested parameters the call passes a value of known class (never None): each with the answers
        to its `isinstance` tests of it (`arguments.INSTANCE`); and those it passes a plain def by name
        (`arguments.FUNCTION`)."""
        passed = (*site.passed[0], *(v for _, v in site.passed[1]))
        if shift is None or not any(_of_class(v) or _bare(v) for v in passed):
            return ()
        values = bound(accepts, site.passed, shift)
        if values is None:
            return ()
        class_tests = self._class_tests(key)
        decided: list[tuple[str, str, object]] = []
        for param in tests:
            value = values.get(param)
            if isinstance(value, tuple) and _bare(value) and self._plain_def(str(value[1]), site):
                decided.append((param, FUNCTION, None))
                continue
            if not _of_class(value):
                continue
            assert isinstance(value, tuple) and isinstance(value[0], str)
            tested = class_tests.get(param, ())
            classes = self._named(str(value[1]), site) if value[0] == NAMED else self.judge.classes(value, site)
            if not classes:
                continue
            exact = value[0] in (MADE, VALUE) or value[0] in LITERALS
            answers = []
            for names in tested:
                answer = self._answer(key[0], names, classes, exact)
                if answer is not None:
                    answers.append((names, answer))
            decided.append((param, INSTANCE, tuple(answers)))
        return tuple(decided)

    def _plain_def(self, name: str, site: Site) -> bool:
        """Whether a bare name the caller passes denotes plain module-level defs only, undecorated (one, or one per
        branch that defines it): a function object that is no bound method (its `__func__` and `__self__` are never
        set by the project, an assumption)."""
        syms, _ = self.bodies.use(site.module, site.func, (name,))
        if not syms or not all(isinstance(sym, ProjectFunction) for sym in syms):
            return False
        for sym in syms:
            assert isinstance(sym, ProjectFunction)
            facts = self.view.module(sym.module).facts.functions[sym.idx]
            if facts.kind != "function" or facts.cls or facts.decorated:
                return False
        return True

    def _named(self, name: str, site: Site) -> list[Sym]:
        """The class of a stdlib attribute passed by name (`timezone.utc`), when the stubs declare it with one class
        and no None (`Stubs.never_none`); [] otherwise."""
        chain = tuple(name.split("."))
        if len(chain) < 2:
            return []
        owners, _ = self.bodies.use(site.module, site.func, chain[:-1])
        if len(owners) != 1 or not isinstance(owners[0], StdName) or owners[0].symbol.kind not in ("class", "module"):
            return []
        module, owner = owners[0].symbol.where
        qual = f"{owner}.{chain[-1]}" if owners[0].symbol.kind == "class" else chain[-1]
        stubs = self.view.stubs
        typed = stubs.attribute(module, qual)
        if typed is None or typed.kind != "instance" or not stubs.never_none(module, qual):
            return []
        return [StdInstance(typed.module, typed.qualname)]

    def _answer(self, module_name: str, names: tuple[str, ...], classes: list[Sym], exact: bool) -> bool | None:
        """`isinstance(value, names)` for a value of one of `classes`, or None when not known."""
        module = self.view.module(module_name)
        targets: list[Sym] = []
        for name in names:
            syms = self.evaluator.resolve_chain_in_module(module, tuple(name.split(".")), 1)
            if not syms or not all(_is_class(sym) for sym in syms):
                return None
            targets.extend(syms)
        results = [self._is_a(sym, targets, exact) for sym in classes]
        if all(result is True for result in results):
            return True
        if all(result is False for result in results):
            return False
        return None

    def _is_a(self, value: Sym, targets: list[Sym], exact: bool) -> bool | None:
        if any(self._derives(value, target) for target in targets):
            return True
        if exact and isinstance(value, StdInstance) and all(self._plain(target) for target in targets):
            return False
        return None

    def _plain(self, target: Sym) -> bool:
        """A class no exactly known stdlib value is an instance of: a builtin (`object` aside), or a project class
        whose order names no metaclass and holds no base the walk does not see (no ABC's `register`, no
        `__instancecheck__`)."""
        if _plain_builtin(target):
            return True
        if not isinstance(target, ProjectClass):
            return False
        order, exact = self.hierarchy.linearised(target.module, target.idx)
        if not exact or self.hierarchy.foreign_bases(target.module, target.idx):
            return False
        return all(not self.view.module(module).facts.classes[index].metaclass for module, index in order)

    def _derives(self, value: Sym, target: Sym) -> bool:
        stubs = self.view.stubs
        if isinstance(value, StdInstance):
            return isinstance(target, StdName) and stubs.derives(value.module, value.qualname, target.symbol.where)
        if not isinstance(value, ProjectInstance):
            return False
        if isinstance(target, ProjectClass):
            return (target.module, target.idx) in self.hierarchy.mro(value.module, value.idx)
        if not isinstance(target, StdName):
            return False
        return any(
            isinstance(base, StdName)
            and base.symbol.kind == "class"
            and stubs.derives(*base.symbol.where, target.symbol.where)
            for base in self.hierarchy.foreign_bases(value.module, value.idx)
        )

    def _class_tests(self, key: tuple[str, int]) -> ClassTests:
        per_module = self._tests.get(key[0])
        if per_module is None:
            per_module = self._tests[key[0]] = _collect(self.view.module(key[0]).facts.conds)
        return per_module.get(key[1], {})


def _collect(conds: tuple[Cond, ...]) -> dict[int, ClassTests]:
    """Every `isinstance` parameter test in a module's conditions, per function and parameter."""
    found: dict[int, dict[str, set[tuple[str, ...]]]] = {}
    for cond in conds:
        stack = [cond]
        while stack:
            node = stack.pop()
            if isinstance(node, CondNot):
                stack.append(node.operand)
            elif isinstance(node, (CondAnd, CondOr)):
                stack.extend(node.parts)
            elif isinstance(node, CondParam) and node.op == "isinstance" and node.value is not None:
                names = node.value[1]
                if isinstance(names, tuple):
                    found.setdefault(node.function, {}).setdefault(node.name, set()).add(names)
    return {fn: {p: tuple(sorted(s)) for p, s in params.items()} for fn, params in found.items()}


def _of_class(value: object) -> bool:
    """A passed value whose classes may be known: a call of a name, a display, a literal (not None), a name shown
    never None (`Judge.classes`), an attribute (`_named`)."""
    if not (isinstance(value, tuple) and len(value) == 2):
        return False
    kind = str(value[0])
    if kind in LITERALS:
        return kind != "None"
    return kind in (MADE, SURE, VALUE) or (kind == NAMED and "." in str(value[1]))


def _bare(value: object) -> bool:
    """A passed value that is a bare name (`receiver`): what `_plain_def` may find a def behind."""
    return isinstance(value, tuple) and len(value) == 2 and value[0] == NAMED and "." not in str(value[1])


def _is_class(sym: Sym) -> bool:
    return isinstance(sym, ProjectClass) or (isinstance(sym, StdName) and sym.symbol.kind == "class")


def _plain_builtin(target: Sym) -> bool:
    """A builtin class no value becomes an instance of but by deriving from it (`object` aside: everything is)."""
    return (
        isinstance(target, StdName) and target.symbol.where[0] == "builtins" and target.symbol.where[1] != "object"
    )

