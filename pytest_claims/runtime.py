"""The run-time side of claims: the `claims` decorator and the hermetic view (semantics §2, §13).

This module is imported by `import pytest_claims`, so it stays cheap: at run time it imports only `sys`,
`types` and the vocabulary (no pytest, no tomlkit, no `typing`, no `re`). `functools` and `enum` objects are
recognised through `sys.modules`: when a module is not loaded, no object of its types can exist. The
decorator records names and nothing else; proving them is the static pass's job.

The comment form (`# claims: deterministic` above a `def`) is read from the function's source file with the
static pass's own directive reader (`analysis.facts.extract`), imported the first time a view needs it and
never by `import pytest_claims`; nothing of the file is imported or run.
"""

from __future__ import annotations

import sys
import types

from pytest_claims.sourcetext import mentions
from pytest_claims.vocabulary import BUILTIN_CLAIMS

TYPE_CHECKING = False  # `typing.TYPE_CHECKING` without importing typing at run time; mypy honours the name

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, Final, TypeVar

    _T = TypeVar("_T")

__all__ = ["ClaimError", "HermeticView", "claims", "claims_of", "comment_claims", "hermetic"]

_FIRST: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_REST: Final = _FIRST | frozenset("0123456789_-")
"""A claim name is [a-z][a-z0-9_-]*: what the config may define and the comment form may carry."""

_UNWRAP_LIMIT: Final = 64
"""How far `__wrapped__` / `__func__` chains are followed; a cycle or a pathological chain stops here."""


class ClaimError(AttributeError):
    """An attribute a hermetic view refuses to hand out.

    An `AttributeError` on purpose: in a hermetic runtime the method is *not available*, so `hasattr(view,
    name)` is False and `getattr(view, name, default)` gives the default, exactly as for a missing attribute.
    """


# claims: deterministic
def claims(*names: str) -> Callable[[_T], _T]:
    """Declare what the decorated function guarantees, e.g. `@claims("deterministic", "sandboxed")`.

    Returns a decorator that gives back the same object with `__claims__` (a frozenset) set on the function
    and has no other effect. Names are checked for shape here, where the mistake is made; whether a custom
    name is defined in `[tool.claims.define]` is checked by the static pass, which reads the config.
    """
    bare = len(names) == 1 and isinstance(names[0], (staticmethod, classmethod, property))
    if bare or (len(names) == 1 and callable(names[0])):
        raise TypeError('@claims needs the claim names: write @claims("deterministic"), not a bare @claims')
    checked = _check_names(names)

    def decorate(obj: _T) -> _T:
        target = _claim_target(obj)
        if "__claims__" in getattr(target, "__dict__", {}):
            raise ValueError(
                f"{_describe(target)} already declares claims {_sorted(target.__claims__)}: "
                "list every claim in one @claims(...)"
            )
        try:
            target.__claims__ = checked
        except (AttributeError, TypeError):
            raise TypeError(f"@claims cannot record claims on {_describe(obj)}") from None
        return obj

    return decorate


def _check_names(names: tuple[object, ...]) -> frozenset[str]:
    """Refuse an empty, malformed or repeated name list with a message that says what to write instead."""
    if not names:
        raise ValueError(
            '@claims() names no claim: write e.g. @claims("deterministic"); built-in claims: '
            + ", ".join(sorted(BUILTIN_CLAIMS))
        )
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"@claims takes claim names as strings, got {type(name).__name__}: {name!r}")
        if not (name and name[0] in _FIRST and all(c in _REST for c in name)):
            hint = " (one name per argument)" if "," in name else ""
            raise ValueError(
                f"@claims: {name!r} is not a claim name{hint}: a name is lower-case letters, digits, "
                "'-' and '_', starting with a letter"
            )
        if name in seen:
            raise ValueError(f"@claims: {name!r} is named twice")
        seen.add(name)
    return frozenset(seen)


def _claim_target(obj: object) -> Any:
    """The function that carries `__claims__`: the one inside a static/class method or a property."""
    target: Any = obj
    for _ in range(_UNWRAP_LIMIT):
        if isinstance(target, (staticmethod, classmethod)):
            target = target.__func__
        elif isinstance(target, property):
            if target.fget is None:
                raise TypeError("@claims on a property needs its getter: the property has none")
            target = target.fget
        else:
            break
    if isinstance(target, type):
        raise TypeError(
            f"@claims goes on functions and methods, not on the class {target.__qualname__}: "
            "put it on the methods (for construction, on __init__)"
        )
    if not callable(target):
        raise TypeError(f"@claims goes on functions and methods, not on {_describe(target)}")
    return target


def claims_of(obj: object) -> frozenset[str] | None:
    """The claims `obj` carries, or None when it declares none: what a hermetic view decides on.

    Sees through what hides a function without changing what runs: bound methods, static and class methods,
    properties (the getter), `functools.partial`, `functools.wraps` chains (`__wrapped__`) and callable
    instances (their type's `__call__`). The nearest object in the chain that carries claims decides — a
    `__claims__` set by `@claims`, or for a plain function a `# claims:` comment on its `def` in its source file
    (`comment_claims`) —: a decorator's code is part of the claim under it (semantics §4), so an inner claim stands
    for the whole. Classes carry no claims of their own (None); a hermetic view judges them by their constructor.
    """
    current: Any = obj
    seen: set[int] = set()
    for _ in range(_UNWRAP_LIMIT):
        if current is None or isinstance(current, type) or id(current) in seen:
            return None
        seen.add(id(current))
        own = _own_claims(current)
        if own is None and isinstance(current, types.FunctionType):
            own = comment_claims(current)
        if own is not None:
            return own
        current = _unwrap_once(current)
    return None


_SourceTable = dict[str, list[tuple[int, "frozenset[str] | None"]]]
"""qualname -> (def line, the claims of its `# claims:` comment or None), one per def of that name."""

_SOURCES: dict[str, tuple[tuple[int, int, int], _SourceTable]] = {}
"""Per source file: its (mtime_ns, size, inode) when read, and what its comments claim. A changed file is read
again."""


def comment_claims(function: types.FunctionType) -> frozenset[str] | None:
    """The claims a `# claims:` comment gives `function` in its source file (semantics §2, §13), or None.

    Read statically with the static pass's directive reader (no import, nothing run). The def is found by its
    qualified name; where several defs share it (a property's getter and setter, platform branches) by the
    first one at or below the code's first line. None when the source cannot be read (a file gone, code built
    by `exec`), when the def is nested in a function (refused by the static pass), and when the directive is
    one the static pass refuses for its shape (an empty or malformed name, a name twice, two directives)."""
    code = function.__code__
    qualname: str = getattr(code, "co_qualname", function.__qualname__)  # functools.wraps copies __qualname__
    if "<" in qualname or qualname.rpartition(".")[2] != code.co_name:
        return None
    table = _source_table(code.co_filename)
    candidates = table.get(qualname) if table else None
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0][1]
    at_or_below = [entry for entry in candidates if entry[0] >= code.co_firstlineno]
    return min(at_or_below, key=lambda entry: entry[0])[1] if at_or_below else None


def _source_table(filename: str) -> _SourceTable | None:
    """What the comments of one source file claim, by qualname; None when it cannot be read."""
    import os  # loaded at interpreter start-up anyway

    try:
        stat = os.stat(filename)
        key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        known = _SOURCES.get(filename)
        if known is not None and known[0] == key:
            return known[1]
        with open(filename, "rb") as handle:
            data = handle.read()
    except (OSError, ValueError):  # gone, unreadable, a pseudo-name such as "<string>", a NUL in the name
        return None
    table: _SourceTable = {}
    if mentions(data):  # no directive can be written without the word (as Python reads the file): nothing to parse
        table = _read_comments(data, filename)
    _SOURCES[filename] = (key, table)
    return table


def _read_comments(data: bytes, filename: str) -> _SourceTable:
    from pytest_claims.analysis.facts import extract  # the static pass's reader, loaded only when needed

    facts = extract(data, filename)
    comments: dict[int, list[tuple[str, ...]]] = {}
    for directive in facts.directives:
        # A decorator is judged by what it did: a real `@claims` set `__claims__`, which the view reads first.
        if directive.function >= 0 and directive.form == "comment":
            comments.setdefault(directive.function, []).append(directive.names if not directive.error else ())
    table: _SourceTable = {}
    for index, func in enumerate(facts.functions):
        if func.kind == "state":  # a module- or class-level binding, not a def
            continue
        found = comments.get(index)
        claimed = _comment_names(found[0]) if found is not None and len(found) == 1 else None
        table.setdefault(func.qualname, []).append((func.line, claimed))
    return table


def _comment_names(names: tuple[str, ...]) -> frozenset[str] | None:
    """The names of one comment directive when the static pass would accept their shape, else None."""
    if not names or len(set(names)) != len(names):
        return None
    for name in names:
        if not (name and name[0] in _FIRST and all(c in _REST for c in name)):
            return None
    return frozenset(names)


def _own_claims(obj: object) -> frozenset[str] | None:
    """`obj.__claims__` when it is a set of names; anything else (a Mock's auto-attribute) is no claim."""
    try:
        value = getattr(obj, "__claims__", None)
    except Exception:  # a hostile __getattr__ is no claim, and must not break the view
        return None
    if isinstance(value, (frozenset, set)) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    return None


def _unwrap_once(obj: object) -> object | None:
    """One step inward, or None when nothing is wrapped."""
    if isinstance(obj, (types.MethodType, staticmethod, classmethod)):
        return obj.__func__
    if isinstance(obj, property):
        return obj.fget
    partial = _loaded("functools", "partial")
    if partial is not None and isinstance(obj, partial):
        inner: object = obj.func  # type: ignore[attr-defined]
        return inner
    try:
        wrapped = getattr(obj, "__wrapped__", None)
    except Exception:
        wrapped = None
    if wrapped is not None or isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
        return wrapped
    if callable(obj):  # a callable instance: what runs is its type's __call__
        return _static_lookup(type(obj), "__call__")
    return None


def _loaded(module: str, name: str) -> type | None:
    """A class of a module only if the module is loaded: otherwise no instance of it can exist."""
    found = getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, type) else None


def _static_lookup(cls: type, name: str) -> object | None:
    """`name` as stored on the MRO, without running descriptors (nothing the view guards may run early)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            stored: object = vars(klass)[name]
            return stored
    return None


def _defining_class(cls: type, name: str) -> type | None:
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass
    return None


def _constructor_steps(cls: type) -> list[object]:
    """The code that runs when `cls(...)` is called, beyond what `object` and `type` do (which is nothing
    observable): a metaclass `__call__`, `__new__` and `__init__`."""
    steps: list[object] = []
    if _defining_class(type(cls), "__call__") not in (type, None):
        steps.append(_static_lookup(type(cls), "__call__"))
    for name in ("__new__", "__init__"):
        if _defining_class(cls, name) not in (object, None):
            steps.append(_static_lookup(cls, name))
    return steps


_PASS_DUNDERS: Final = frozenset(
    {"__name__", "__qualname__", "__module__", "__doc__", "__all__", "__file__", "__version__", "__package__"}
)
"""Descriptive dunders read from the viewed object; every other dunder belongs to the view itself."""


class HermeticView:
    """A read-only view of a module, class or object that hands out only what claims `deterministic`.

    On attribute access:

    - a callable that does not claim `deterministic` (with `@claims` or a `# claims:` comment on its `def`) is
      refused with `ClaimError`;
      functions and methods are judged by their own claims (see `claims_of`);
    - a class is callable: it passes when constructing it is claimed deterministic (its `__init__`, and any
      `__new__` / metaclass `__call__` of its own, carry the claim; those inherited from `object` do nothing)
      and is then handed out as the class itself, so `isinstance`, `except` and `match` keep working.
      Exception and `enum.Enum` classes always pass: callers need them to handle errors and name values, and
      raising or looking a member up reaches nothing outside. A dataclass's generated `__init__` claims
      nothing, so a dataclass passes only through a claimed factory function;
    - on an instance, a property runs code when read, so it is judged like a method (its getter's claims);
    - a module is handed out as a hermetic view of it, so `view.submodule.func` is guarded too;
    - everything else passes through unchanged.

    The view is one level deep: it guards the attributes of what it wraps, not the values they return. It
    keeps honest code inside the admitted surface; it is not a security boundary against code that means to
    escape (Python cannot offer one in-process). Setting or deleting an attribute raises `AttributeError`.
    """

    __slots__ = ("_HermeticView__target",)

    def __new__(cls, target: object) -> HermeticView:
        # Set in __new__, with no __init__: `view.__init__(other)` must not be a way to re-point a view.
        view = super().__new__(cls)
        object.__setattr__(view, "_HermeticView__target", target)
        return view

    def __getattribute__(self, name: str) -> Any:
        target = object.__getattribute__(self, "_HermeticView__target")
        if name.startswith("__") and name.endswith("__") and name not in _PASS_DUNDERS:
            return object.__getattribute__(self, name)
        if not isinstance(target, type) and not isinstance(target, types.ModuleType):
            _check_instance_descriptor(target, name)
        value = getattr(target, name)
        if isinstance(value, types.ModuleType):
            return HermeticView(value)
        if not callable(value) or _admits(value):
            return value
        raise ClaimError(
            f"{_owner_name(target)}.{name} is not available in this runtime: "
            "this runtime is hermetic and the method makes no deterministic claim"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot set {name!r}: {self!r} is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r}: {self!r} is read-only")

    def __dir__(self) -> Iterable[str]:
        return dir(object.__getattribute__(self, "_HermeticView__target"))

    def __repr__(self) -> str:
        target = object.__getattribute__(self, "_HermeticView__target")
        if isinstance(target, types.ModuleType):
            return f"<hermetic view of module {target.__name__!r}>"
        if isinstance(target, type):
            return f"<hermetic view of class {target.__module__}.{target.__qualname__}>"
        cls = type(target)
        return f"<hermetic view of {cls.__module__}.{cls.__qualname__} object>"

    def __reduce__(self) -> tuple[Callable[[object], HermeticView], tuple[object]]:
        return hermetic, (object.__getattribute__(self, "_HermeticView__target"),)


def _admits(value: object) -> bool:
    """Whether a callable attribute may be handed out by a hermetic view."""
    if isinstance(value, type):
        enum = _loaded("enum", "Enum")
        if issubclass(value, BaseException) or (enum is not None and issubclass(value, enum)):
            return True  # needed by `except` / as values; raising or looking a member up reaches nothing
        return all(_claims_deterministic(step) for step in _constructor_steps(value))
    return _claims_deterministic(value)


def _claims_deterministic(obj: object) -> bool:
    found = claims_of(obj)
    return found is not None and "deterministic" in found


def _check_instance_descriptor(target: object, name: str) -> None:
    """Refuse reading a property whose getter makes no deterministic claim, before the getter runs."""
    stored = _static_lookup(type(target), name)
    getter: object | None = None
    if isinstance(stored, property):
        getter = stored.fget
    elif (cached := _loaded("functools", "cached_property")) is not None and isinstance(stored, cached):
        if name in getattr(target, "__dict__", {}):
            return  # already computed: reading it runs nothing
        getter = stored.func  # type: ignore[attr-defined]
    else:
        return
    if getter is None or _claims_deterministic(getter):
        return  # no getter: reading raises the usual AttributeError
    raise ClaimError(
        f"{_owner_name(target)}.{name} is not available in this runtime: "
        "this runtime is hermetic and the method makes no deterministic claim"
    )


def _owner_name(target: object) -> str:
    """The `<module or class name>` of the refusal message: `shell` for module `pkg.shell` (semantics §13)."""
    if isinstance(target, types.ModuleType):
        return target.__name__.rpartition(".")[2]
    if isinstance(target, type):
        return target.__name__
    return type(target).__name__


def _describe(obj: object) -> str:
    name = getattr(obj, "__qualname__", None)
    return f"{name}" if isinstance(name, str) else f"a {type(obj).__name__} object"


def _sorted(names: Iterable[str]) -> str:
    return "(" + ", ".join(sorted(names)) + ")"


def hermetic(obj: object) -> HermeticView:
    """A read-only view of `obj` (module, class or instance) for code that must stay deterministic.

    Hand it to code you host (plugins, templates, user scripts) so it can use only what claims
    `deterministic`; see `HermeticView` for the exact rules. A view of a view is the same view.
    """
    if isinstance(obj, HermeticView):
        return obj
    return HermeticView(obj)
