"""A class statement's bases decide its metaclass hooks' tests of them (`arguments.ELEMENTS`).

`class Model(AltersData, metaclass=ModelBase)` calls `ModelBase.__new__(ModelBase, "Model", (AltersData,), ns)`;
its `parents = [b for b in bases if isinstance(b, ModelBase)]` is empty, since `AltersData`'s metaclass is `type`,
so `if not parents: return ...` returns at once. A base is an instance of a project metaclass `M` when its own
metaclass derives from `M`. That metaclass is the most derived of those written in the base's order (a keyword's,
or `type`), so one written there that derives from `M` makes the test true; it is false only when every class of the
base's order is a project class whose bases the walk names (a stdlib class's metaclass is the stdlib's, never a
project class), each metaclass written there is a class the walk names and none derives from `M`. `M` itself must
be a plain metaclass: its order writes no metaclass and its other bases are the stdlib's metaclasses, so
`isinstance` asks `type`, which no `__instancecheck__` overrides. Anything else stays open: both branches are walked.
"""

from __future__ import annotations

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ProjectClass, StdName, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import FunctionFacts

_TYPE = ("builtins", "type")


class Bases:
    """Answers, for one target's resolver, the tests a class statement's bases decide in its metaclass's hooks."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, bodies: Bodies) -> None:
        self.view, self.evaluator, self.hierarchy, self.bodies = view, evaluator, hierarchy, bodies

    def decided(
        self,
        callee: str,
        tests: tuple[tuple[str, ...], ...],
        bases: tuple[str, ...],
        site: tuple[Module, FunctionFacts],
    ) -> tuple[int, tuple[tuple[tuple[str, ...], bool], ...]]:
        """The `arguments.ELEMENTS` value of a parameter passed `bases` (dotted names as the statement in `site`
        writes them) whose `any(isinstance(b, C) ...)` tests name the class tuples `tests`, in the callee's module
        `callee`."""
        classes = [self._base(name, site) for name in bases]
        answers = []
        for names in tests:
            targets = self._targets(callee, names)
            if targets is None:
                continue
            per_base = [self._any_of(syms, targets) for syms in classes]
            if any(answer is True for answer in per_base):
                answers.append((names, True))
            elif all(answer is False for answer in per_base):
                answers.append((names, False))
        return len(bases), tuple(answers)

    def _base(self, name: str, site: tuple[Module, FunctionFacts]) -> list[Sym]:
        """What one base names where the statement stands ([] for one the walk cannot name)."""
        if name == "<?>":
            return []
        return list(self.bodies.use(site[0], site[1], tuple(name.split(".")))[0])

    def _targets(self, module_name: str, names: tuple[str, ...]) -> list[Sym] | None:
        """The classes a test names, each `type` or a plain project metaclass; None when one is anything else."""
        module = self.view.module(module_name)
        targets: list[Sym] = []
        for name in names:
            syms = self.evaluator.resolve_chain_in_module(module, tuple(name.split(".")), 1)
            if not syms or not all(_is_type(sym) or self._plain_metaclass(sym) for sym in syms):
                return None
            targets.extend(syms)
        return targets

    def _plain_metaclass(self, sym: Sym) -> bool:
        """A project class whose order writes no metaclass, and whose bases are classes the walk names: project
        ones, or stdlib metaclasses (`type`, `ABCMeta`), whose own metaclass is `type`."""
        if not isinstance(sym, ProjectClass):
            return False
        order = self.order(sym)
        if order is None:
            return False
        metaclasses, foreign = order
        stubs = self.view.stubs
        return not metaclasses and all(stubs.derives(*base.symbol.where, _TYPE) for base in foreign)

    def _any_of(self, syms: list[Sym], targets: list[Sym]) -> bool | None:
        """Whether the class a base names is an instance of one of `targets` (None: not known)."""
        answers = [self._is_a(sym, targets) for sym in syms]
        if answers and all(answer is True for answer in answers):
            return True
        if answers and all(answer is False for answer in answers):
            return False
        return None

    def _is_a(self, base: Sym, targets: list[Sym]) -> bool | None:
        is_class = isinstance(base, ProjectClass) or (isinstance(base, StdName) and base.symbol.kind == "class")
        if not is_class:
            return None
        if any(_is_type(target) for target in targets):
            return True
        if isinstance(base, StdName):  # a stdlib class's metaclass is the stdlib's: no project class
            return False
        assert isinstance(base, ProjectClass)
        order = self.order(base)
        if order is None:
            return None
        keys = {(t.module, t.idx) for t in targets if isinstance(t, ProjectClass)}
        exact = True
        for meta in order[0]:
            if not isinstance(meta, ProjectClass):
                continue  # a stdlib metaclass (`ABCMeta`) derives from no project class
            linearised, known = self.hierarchy.linearised(meta.module, meta.idx)
            if keys & set(linearised):
                return True
            exact = exact and known and not self._unnamed_bases(meta)
        return False if exact else None

    def order(self, cls: ProjectClass) -> tuple[list[Sym], list[StdName]] | None:
        """The metaclasses written in a project class's order and its stdlib bases; None when the order is not
        exact, or holds a base or a metaclass the walk cannot name or that is no stdlib or project class."""
        order, exact = self.hierarchy.linearised(cls.module, cls.idx)
        if not exact:
            return None
        metaclasses: list[Sym] = []
        foreign: list[StdName] = []
        for mod_name, index in order:
            module = self.view.module(mod_name)
            facts = module.facts.classes[index]
            for written, into in [*((base, True) for base in facts.bases), (facts.metaclass, False)]:
                if not written:
                    continue
                syms = self.hierarchy.base_syms(module, written, facts) if written != "<?>" else []
                if not syms:
                    return None
                for sym in syms:
                    if isinstance(sym, StdName) and sym.symbol.kind == "class":
                        if into and sym not in foreign:
                            foreign.append(sym)
                        elif not into:
                            metaclasses.append(sym)
                    elif isinstance(sym, ProjectClass):
                        if not into:
                            metaclasses.append(sym)
                    else:
                        return None
        return metaclasses, foreign

    def _unnamed_bases(self, meta: ProjectClass) -> bool:
        """Whether a project metaclass's order holds a base the walk cannot name (which might derive from a target)."""
        return self.order(meta) is None


def _is_type(sym: Sym) -> bool:
    return isinstance(sym, StdName) and sym.symbol.where == _TYPE
