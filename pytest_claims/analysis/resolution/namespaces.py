"""What a class statement passes its metaclass's hooks, as classes: the namespace and the bases (`arguments.TYPES`).

`class Article(Model)` runs `ModelBase.__new__(ModelBase, "Article", (Model,), ns)`: `bases` is a tuple of the classes
the statement names, and `ns` is what the metaclass's `__prepare__` made, a plain `dict` where that is `type`'s own.
So `attrs.pop("Meta", None)` in the hook calls `dict.pop`, never a project class's `pop`, and `iter(bases)` no
project `__iter__`. Which metaclass's `__prepare__` runs is the most derived of the one the statement names and its
bases' metaclasses, one of them: the namespace is known only where every one of them finds a `__prepare__` the walk
can name, and is then any value those return (`type`'s a `dict`; a project one, what its return annotation names, a
stdlib one, what its stub says: `EnumType`'s an `_EnumDict`). A base or metaclass the walk cannot name, or a
`__prepare__` whose value it cannot tell, leaves the namespace unknown, as before. Only the class statement's own
call is typed so, and a hook so entered passing a parameter it never binds on unchanged to another hook
(`super().__new__(mcs, name, bases, attrs)`: the same objects). Any other call of a hook by the project
(`type(form)(name, bases, attrs)`, `Base.__new__(mcs, name, bases, make())`) passes what its caller passes: unknown.

Each typed parameter is an entry of its own, and the bases' classes one beside it (`arguments.CLASSES`): a walk that
enters a hook for more class statements than it keeps apart (`walk.MAX_CONTEXTS`) keeps what they agree on, the
namespace's `dict` and the bases' tuple, and drops which classes those are.
"""

from __future__ import annotations

from pytest_claims.analysis import arguments
from pytest_claims.analysis.arguments import BASES, CLASSES, NAMED, NAMESPACE, SURE, TYPES
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bases import Bases
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Call
from pytest_claims.analysis.resolution.held import bound
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import Decided, FunctionFacts

_TYPE_PREPARE = "builtins.type.__prepare__"
"""`type.__prepare__`, which returns a new empty `dict` (its stub says only `MutableMapping`)."""

_DICT = ("std", "builtins", "dict")
_TUPLE = ("std", "builtins", "tuple")
_ENUM_DICT = ("std", "enum", "_EnumDict")

_TYPE = StdInstance("builtins", "type")
"""The metaclass of a class whose order writes none, and of a stdlib class but an enum (the stubs declare
`__prepare__` on `type` and on `EnumType` alone)."""
_ENUM = StdInstance("enum", "EnumType")
"""The metaclass of a stdlib enum."""

Value = tuple[object, ...]
"""One value a parameter may hold (`arguments.TYPES`)."""


class Namespaces:
    """Types the parameters a class statement's call passes its metaclass's hooks, for one target's resolver."""

    def __init__(self, view: TargetView, evaluator: Evaluator, bodies: Bodies, bases: Bases) -> None:
        self.view, self.evaluator, self.bodies, self.bases = view, evaluator, bodies, bases

    def decided(self, callee: FunctionFacts, call: Call) -> Decided:
        """The `arguments.TYPES` (and `arguments.CLASSES`) entries for a metaclass hook `callee` that a class
        statement's implicit call enters, or that a call in a hook so entered enters passing on a parameter it
        typed, unchanged (`super().__new__(mcs, name, bases, attrs)`: the same objects); () for any other call."""
        given = self._forwarded(call)
        if not given and not any(_marked(v, BASES) or _marked(v, NAMESPACE) for v in call.passed[0]):
            return ()
        implicit = call.use >= 0 and call.func.uses[call.use][1] == "implicit"
        # `__new__` is a static method: a call written out passes the class itself
        shift = 0 if callee.qualname.endswith(".__new__") and not implicit else bound(self.bodies, callee, call)
        values = arguments.bound(callee.accepts, call.passed, shift) if shift is not None else None
        if values is None:
            return ()
        bases = next((v[1] for v in call.passed[0] if isinstance(v, tuple) and _marked(v, BASES)), None)
        types: list[tuple[str, str, object]] = []
        for param, value in values.items():
            held = self._held(value, bases, given, (call.module, call.func))
            if held is not None:
                types.append((TYPES + param, TYPES, held[0]))
                types += [(CLASSES + param, CLASSES, held[1])] if held[1] is not None else []
        return tuple(sorted(types, key=lambda d: d[0]))

    def _forwarded(self, call: Call) -> dict[str, tuple[object, object]]:
        """The parameters of the body the call is written in that it passes on as plain names, typed there."""
        given: dict[str, tuple[object, object]] = {}
        for arg in (*call.passed[0], *(v for _, v in call.passed[1])):
            name = arg[1] if isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) else None
            if isinstance(name, str) and "." not in name:
                held = self.bodies.passed_type(call.func, name)
                if held is not None:
                    given[name] = held
        return given

    def _held(
        self, value: object, bases: object, given: dict[str, tuple[object, object]], site: tuple[Module, FunctionFacts]
    ) -> tuple[object, object] | None:
        """What one passed value holds, as the `TYPES` and `CLASSES` values (None: no `CLASSES`); None when not
        known."""
        if _marked(value, BASES) and isinstance(value, tuple):
            return (_TUPLE,), tuple(self._class(str(name), site) for name in value[1])
        if _marked(value, NAMESPACE) and isinstance(value, tuple) and bases is not None:
            made = self._namespace(str(value[1]), bases, site)
            return (made, None) if made else None
        if isinstance(value, tuple) and len(value) == 2 and value[0] in (NAMED, SURE):
            return given.get(str(value[1]))
        return None

    def _class(self, name: str, site: tuple[Module, FunctionFacts]) -> tuple[object, ...]:
        """A base as `arguments.TYPES` keeps it: a project class's key, () for any other (a stdlib or third-party
        class, one the walk cannot name, one of several)."""
        if name == "<?>":
            return ()
        syms = self.bodies.use(site[0], site[1], tuple(name.split(".")))[0]
        if len(syms) == 1 and isinstance(syms[0], ProjectClass) and not syms[0].dispatch:
            return (syms[0].module, syms[0].idx)
        return ()

    def _namespace(self, metaclass: str, bases: object, site: tuple[Module, FunctionFacts]) -> tuple[Value, ...]:
        """What the `__prepare__` that runs may return, () when not known: that of the metaclass the statement
        names, and of every metaclass its bases' orders may have."""
        if metaclass == "<?>" or not isinstance(bases, tuple) or "<?>" in bases:
            return ()
        candidates: list[Sym] = []
        for name in [metaclass] if metaclass else []:
            candidates += self.bodies.use(site[0], site[1], tuple(name.split(".")))[0] or [UNKNOWN]
        for name in bases:
            for base in self.bodies.use(site[0], site[1], tuple(str(name).split(".")))[0] or [UNKNOWN]:
                candidates += self._metaclasses(base)
        made: list[Value] = []
        for candidate in candidates or [_TYPE]:
            values = self._prepares(candidate)
            if not values:
                return ()
            made += [v for v in values if v not in made]
        return tuple(made)

    def _metaclasses(self, base: Sym) -> list[Sym]:
        """The metaclasses a base's order may give it, the stdlib's own as `_TYPE` or `_ENUM`; [UNKNOWN] when the
        walk cannot tell (a third-party base, an order it cannot name, anything but a class)."""
        if isinstance(base, StdName) and base.symbol.kind == "class":
            return [_ENUM if self.view.stubs.is_enum(*base.symbol.where) else _TYPE]
        if not isinstance(base, ProjectClass):
            return [UNKNOWN]
        order = self.bases.order(base)
        if order is None:
            return [UNKNOWN]
        written, foreign = order
        return [*written, *(m for b in foreign for m in self._metaclasses(b))] or [_TYPE]

    def _prepares(self, metaclass: Sym) -> list[Value]:
        """What a metaclass's `__prepare__` returns; [] when not known."""
        if metaclass in (_TYPE, _ENUM):
            return [_DICT if metaclass == _TYPE else _ENUM_DICT]
        if not isinstance(metaclass, (ProjectClass, StdName)):
            return []
        found = self.evaluator.step(metaclass, "__prepare__", 1)
        values = [self._prepared(sym) for sym in found]
        return [] if not values or not all(values) else [v for vs in values for v in vs]

    def _prepared(self, sym: Sym) -> list[Value]:
        """What calling one `__prepare__` returns; [] when not known."""
        if isinstance(sym, (StdMethod, StdName)) and _TYPE_PREPARE in (sym.dotted, ".".join(sym.symbol.where)):
            return [_DICT]  # looked up on `type` or on a metaclass that inherits it (`ABCMeta`)
        if not isinstance(sym, (ProjectFunction, StdMethod, StdName)):
            return []
        values: list[Value] = []
        for result in self.evaluator.step(sym, "()", 1):
            if isinstance(result, StdInstance):
                values.append(("std", result.module, result.qualname))
            elif isinstance(result, ProjectInstance) and not result.without:
                values.append(("project", result.module, result.idx))
            else:
                return []
        return values


def _marked(value: object, kind: str) -> bool:
    """A passed value of the marker `kind` (`arguments.BASES`, `arguments.NAMESPACE`)."""
    return isinstance(value, tuple) and len(value) == 2 and value[0] == kind
