"""Class bases written as subscripts: `class F(Future[Any])`, or `class F(FutureT)` with `FutureT = Future[Any]`.

Python asks the subscript's value for `__mro_entries__`: a generic alias (`types.GenericAlias`,
`typing._GenericAlias`) gives the class it subscripts, so `F` derives from `Future`. That holds when subscripting
the class makes such an alias: its metaclass defines no `__getitem__` (an Enum's `Color["RED"]` is a member), and
what is subscripted is a class at all (`handlers["a"]` of a dict is whatever the dict holds: unknown).
"""

from __future__ import annotations

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    External,
    Missing,
    ProjectClass,
    ProjectModule,
    StdName,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import MAX_ALIAS_DEPTH, Binding, FunctionFacts

Origin = tuple[Sym, bool]
"""What a base names, and whether a subscript gave it (a project class's metaclass then decides:
`hierarchy.item_class`)."""

Enclosing = tuple[FunctionFacts | None, bool]
"""Where a class defined in a function evaluates its bases: that function (None when not found), and whether the
class sits in another class's body there (`Hierarchy.enclosing`)."""

_TYPING = frozenset({"typing", "typing_extensions"})
"""Where the special forms live (`Generic[T]`, `Protocol[T]`, `List[int]`): as bases they stay what they name."""

GENERIC_FORMS = frozenset(
    {("typing", "Generic"), ("typing_extensions", "Generic"), ("typing", "Protocol"), ("typing_extensions", "Protocol")}
)
"""`Generic` and the protocols: a class deriving from one is subscripted by its `__class_getitem__`."""

PLAIN_METACLASSES = frozenset({("builtins", "type"), ("abc", "ABCMeta")})
"""Metaclasses that define no `__getitem__`: subscripting their classes calls `__class_getitem__`."""


def origins(
    view: TargetView, evaluator: Evaluator, module: Module, base: str, scope: Enclosing | None = None
) -> list[Origin]:
    """What a base as `ClassFacts.bases` writes it names (`a.B[]`: a subscript of `a.B`), each with whether a
    subscript gave it: the chain's value, seen through a name bound to a subscript (`FutureT = Future[Any]`,
    at module level, imported from another module, or a class attribute `Outer.FutureT`). For a class defined in
    a function (`scope`), a chain whose first name the function binds is that function's value of it (`Root =
    mod.Job; class Local(Root)`), unknown where that is in doubt; never the module's name."""
    written = base.removesuffix("[]")
    chain = tuple(written.split("."))
    local = scope is not None and (scope[0] is None or _binds(scope[0], chain[0]))
    if local:
        syms = _local_value(evaluator, module, scope, chain)
    else:
        syms = evaluator.resolve_chain_in_module(module, chain, 1)
    found: list[Origin] = [(sym, False) for sym in syms]
    if UNKNOWN in syms and not local:
        through = _through(view, evaluator, module, chain)
        if through is not None:
            found = through
    if written != base:
        found = [(subscripted(view, sym), True) for sym, _ in found]
    return list(dict.fromkeys(found))


def _binds(func: FunctionFacts, name: str) -> bool:
    """Whether the function's body binds the name (a local, a parameter, a closure name of an outer function)."""
    return name in func.locals or any(b.name == name for b in func.bindings)


def _local_value(evaluator: Evaluator, module: Module, scope: Enclosing | None, chain: tuple[str, ...]) -> list[Sym]:
    """A base chain whose first name is the enclosing function's, as that function's body resolves it; unknown
    when the function is not known or the class sits in another class's body (that body may bind the name)."""
    if scope is None or scope[0] is None or scope[1]:
        return [UNKNOWN]
    return evaluator.locals.use_apart(module, scope[0], chain) or [UNKNOWN]


def subscripted(view: TargetView, sym: Sym) -> Sym:
    """What `__mro_entries__` of a subscript of `sym` gives as a base: the class itself when it is a project class
    (its metaclass is checked once its order is known, `hierarchy.item_class`), a stdlib class but an Enum, a
    typing form, or a name the walk does not see into; unknown for any other value."""
    match sym:
        case ProjectClass() | External() | Missing():
            return sym
        case StdName(_, symbol) if symbol.kind == "class":
            return UNKNOWN if view.stubs.is_enum(*symbol.where) else sym
        case StdName(_, symbol) if symbol.where[0] in _TYPING:
            return sym
    return UNKNOWN


def _through(view: TargetView, evaluator: Evaluator, module: Module, chain: tuple[str, ...]) -> list[Origin] | None:
    """The chain's value when its last name is bound to a subscript (None when it is not: the chain's value as
    resolved stands). The name is looked up in the module, or in the module or project class the rest names."""
    if len(chain) == 1:
        return _named(view, evaluator, module, chain[0], 0)
    found: list[Origin] = []
    for owner in evaluator.resolve_chain_in_module(module, chain[:-1], 1):
        if isinstance(owner, ProjectModule):
            named = _named(view, evaluator, view.module(owner.name), chain[-1], 0)
        elif isinstance(owner, ProjectClass):
            named = _class_named(view, evaluator, owner, chain[-1])
        else:
            named = None
        if named is None:
            return None
        found.extend(named)
    return found


def _named(view: TargetView, evaluator: Evaluator, module: Module, name: str, depth: int) -> list[Origin] | None:
    """A module-level name's values, through a `from` import of a project module's name, when one of its
    bindings is a subscript (None otherwise)."""
    through = False
    found: list[Origin] = []
    for binding in view.bound(module, name):
        if binding.kind == "var" and binding.member == "[]":
            through = True
            found.extend(_subscript_of(view, evaluator, module, binding))
            continue
        if binding.kind == "from" and depth < MAX_ALIAS_DEPTH:
            source = evaluator.absolute(module, binding.target)
            if view.has(source) and not view.has(f"{source}.{binding.member}"):
                named = _named(view, evaluator, view.module(source), binding.member, depth + 1)
                if named is not None:
                    through = True
                    found.extend(named)
                    continue
        found.extend((sym, False) for sym in evaluator.resolve_binding(module, binding, depth + 1))
    return found if through else None


def _class_named(view: TargetView, evaluator: Evaluator, owner: ProjectClass, name: str) -> list[Origin] | None:
    """`Outer.FutureT`: the class's own class-body bindings of the name, when each is a subscript (None
    otherwise). The subscripted chain is read where the class body reads it: a name the body binds earlier is
    not the module's (unknown)."""
    module = view.module(owner.module)
    cls = module.facts.classes[owner.idx]
    bindings = [b for b in cls.attributes if b.name == name]
    if not bindings or any(n == name for n, _ in cls.methods):
        return None
    if not all(b.kind == "var" and b.member == "[]" for b in bindings):
        return None
    found: list[Origin] = []
    for binding in bindings:
        root = binding.target.split(".")[0]
        if any(b.name == root for b in cls.attributes) or any(n == root for n, _ in cls.methods):
            found.append((UNKNOWN, True))
        else:
            found.extend(_subscript_of(view, evaluator, module, binding))
    return found


def _subscript_of(view: TargetView, evaluator: Evaluator, module: Module, binding: Binding) -> list[Origin]:
    chain = tuple(binding.target.split("."))
    return [(subscripted(view, sym), True) for sym in evaluator.resolve_chain_in_module(module, chain, 1)]

