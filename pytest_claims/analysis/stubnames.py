"""What a stdlib name is on one target (a platform and a Python version), from the typeshed stubs: a module, a
function, a class (an exception class or not), a variable, or missing; and the facts about stub classes the
resolution asks (their bases, protocols, path and enum classes).

The definitions are shared by every target (`stubfiles`); here one target evaluates their guards, so
`os.startfile` is a function on win32 and missing elsewhere, and `os.path` is `ntpath` on win32. What the
values these names produce are (`Stubs.returns`) is `stubs`' job.
"""

from __future__ import annotations

from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.stubdefs import StubDef, StubModule
from pytest_claims.analysis.stubfiles import function_defaults, load_stub
from pytest_claims.records import Cond, StubSymbol

PROTOCOL_BASES = frozenset({("typing", "Protocol"), ("typing_extensions", "Protocol")})
"""Where the stubs define `Protocol`: a class listing it among its bases (`Protocol[T]` too) is a protocol."""


_PATH_CLASSES = frozenset({("builtins", "str"), ("builtins", "bytes"), ("os", "PathLike")})
"""What a file is named by: a path argument of one of these classes (or a subclass) opens a file."""

_PATH_LEAVES = (("builtins", "str"), ("builtins", "bytes"), ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"))
"""The path classes whose bases are all the classes a path may be typed as."""


class StubNames:
    """What the stdlib's names are for one platform and Python version, memoised."""

    def __init__(self, platform: str, version: tuple[int, int]) -> None:
        self.platform = platform
        self.version = version
        self.target = Target(platform, version, lambda module, name: None)
        self._members: dict[tuple[str, str], StubSymbol] = {}
        self._alive: dict[Cond, bool] = {}
        self._protocols: dict[tuple[str, str], bool] = {}

    # -- modules -----------------------------------------------------------------------------------------

    def is_stdlib(self, module: str) -> bool:
        return load_stub(module, self.version) is not None

    def _stub(self, module: str) -> StubModule | None:
        """The definitions of `module`'s stub for this target's Python version (None: no stdlib module)."""
        return load_stub(module, self.version)

    def _live(self, defs: list[StubDef] | None) -> StubDef | None:
        """The definition a target sees: the last one whose guard is not false there."""
        if not defs:
            return None
        for definition in reversed(defs):
            if definition.cond is None:
                return definition
            # keyed by the condition's value: an id could be reused once a stub's objects are gone
            alive = self._alive.get(definition.cond)
            if alive is None:
                alive = self._alive[definition.cond] = evaluate(definition.cond, self.target) is not False
            if alive:
                return definition
        return None

    def module_has(self, module: str, name: str | None) -> bool | None:
        """Does `import module` (and `from module import name`) succeed on this target? None: not stdlib."""
        stub = load_stub(module, self.version)
        if stub is None:
            return None
        if name is None:
            # typeshed wraps a platform-only module in one big guard: nothing it defines is alive elsewhere
            for name_, defs in stub.names.items():
                definition = self._live(defs)
                if definition is not None and definition.kind not in ("module", "from") and not name_.startswith("_"):
                    return True
            return stub.is_package or not stub.names
        return self.member(module, (name,)).kind != "missing"

    # -- members -----------------------------------------------------------------------------------------

    def member(self, module: str, path: tuple[str, ...]) -> StubSymbol:
        """What `module.a.b` is: walks classes and follows imports and aliases inside the stubs."""
        symbol = StubSymbol("module", (module, "")) if self.is_stdlib(module) else StubSymbol("missing", (module, ""))
        for attr in path:
            if symbol.kind == "module":
                symbol = self._module_member(symbol.where[0], attr, 0)
            elif symbol.kind == "class":
                symbol = self._class_member(symbol.where[0], symbol.where[1], attr)
            else:
                # attributes of a function or variable are methods on a value: the symbol stays what it was
                return symbol
        return symbol

    def _module_member(self, module: str, attr: str, depth: int) -> StubSymbol:
        key = (module, attr)
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = self._module_member_uncached(module, attr, depth)
        self._members[key] = result
        return result

    def _module_member_uncached(self, module: str, attr: str, depth: int) -> StubSymbol:
        missing = StubSymbol("missing", (module, attr))
        stub = load_stub(module, self.version)
        if stub is None or depth > 20:
            return missing
        definition = self._live(stub.names.get(attr))
        if definition is None:
            if self.is_stdlib(f"{module}.{attr}"):
                return StubSymbol("module", (f"{module}.{attr}", ""))
            for star in stub.stars:
                if self._live([star]) is not None and not attr.startswith("_"):
                    found = self._module_member(star.target, attr, depth + 1)
                    if found.kind != "missing":
                        return found
            return missing
        kind = definition.kind
        if kind == "function":
            return StubSymbol("function", (module, attr))
        if kind == "class":
            return StubSymbol("class", (module, attr), self._is_exception(module, attr))
        if kind == "module":
            return StubSymbol("module", (definition.target, ""))
        if kind == "from":
            if self.is_stdlib(f"{definition.target}.{definition.name}"):
                # `from . import path as _path` in os: a submodule, not a member
                return StubSymbol("module", (f"{definition.target}.{definition.name}", ""))
            return self._module_member(definition.target, definition.name, depth + 1)
        if kind == "alias" and definition.target != attr:
            return self._module_member(module, definition.target, depth + 1)
        if kind == "bound":
            # `random = _inst.random`: a bound method re-exported as a module function
            return StubSymbol("function", (module, attr))
        return StubSymbol("variable", (module, attr))

    def _class_defs(self, module: str, qual: str) -> StubDef | None:
        stub = load_stub(module, self.version)
        if stub is None:
            return None
        parts = qual.split(".")
        definition = self._live(stub.names.get(parts[0]))
        for part in parts[1:]:
            if definition is None or definition.members is None:
                return None
            definition = self._live(definition.members.get(part))
        return definition if definition is not None and definition.kind == "class" else None

    def _class_member(self, module: str, qual: str, attr: str) -> StubSymbol:
        key = (module, f"{qual}.{attr}")
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = StubSymbol("missing", (module, f"{qual}.{attr}"))
        for cls_module, cls_qual in self._mro(module, qual):
            definition = self._class_defs(cls_module, cls_qual)
            member = self._live((definition.members or {}).get(attr)) if definition is not None else None
            if member is None:
                continue
            where = (cls_module, f"{cls_qual}.{attr}")
            if member.kind == "class":
                result = StubSymbol("class", where, self._is_exception(*where))
            elif member.kind == "function":
                result = StubSymbol("function", where)
            else:
                result = StubSymbol("variable", where)
            break
        self._members[key] = result
        return result

    def derives(self, module: str, qual: str, base: tuple[str, str]) -> bool:
        """Whether the stub class `module.qual` is `base` or lists it among its stub bases, however far up."""
        return base in self._mro(module, qual)

    def _mro(self, module: str, qual: str) -> list[tuple[str, str]]:
        """The class and its stub bases, breadth-first, each once."""
        order: list[tuple[str, str]] = []
        todo = [(module, qual)]
        while todo and len(order) < 64:
            current = todo.pop(0)
            if current in order:
                continue
            order.append(current)
            definition = self._class_defs(*current)
            if definition is None:
                continue
            for base in definition.bases:
                symbol = self._base(current[0], base)
                if symbol.kind == "class":
                    todo.append(symbol.where)
        return order

    def _base(self, module: str, base: str) -> StubSymbol:
        """What a base written in a stub names (a dotted name, looked up in the stub's module, then builtins)."""
        head, _, rest = base.partition(".")
        symbol = self._module_member(module, head, 0)
        if symbol.kind == "missing":
            symbol = self._module_member("builtins", head, 0)
        for part in rest.split(".") if rest else []:
            if symbol.kind != "module":
                break
            symbol = self._module_member(symbol.where[0], part, 0)
        return symbol

    def is_protocol(self, module: str, qual: str) -> bool:
        """A stub class that lists `Protocol` among its own bases (`SupportsInt`, `Iterable`, `os.PathLike`): a
        value annotated with it may be of any class that has its methods. Python's rule: a class deriving from a
        protocol is one only when it says so (`typing.IO` is no protocol, though `Iterator` is among its bases)."""
        key = (module, qual)
        known = self._protocols.get(key)
        if known is None:
            definition = self._class_defs(module, qual)
            bases = definition.bases if definition is not None else ()
            known = self._protocols[key] = any(self._base(module, b).where in PROTOCOL_BASES for b in bases)
        return known

    def _protocol(self, module: str, qual: str) -> list[str] | None:
        """The members a stub protocol class declares itself (`Buffer`: `__buffer__`); None: no protocol."""
        definition = self._class_defs(module, qual)
        if definition is None or not self.is_protocol(module, qual):
            return None
        return [name for name, defs in (definition.members or {}).items() if self._live(defs) is not None]

    def may_be_path(self, module: str, qual: str) -> bool:
        """Whether a value of the stub class, or of a subclass, may name a file: it is a path class (`is_path`), a
        protocol, or a base of one (`Sequence`: a `str` is one)."""
        if self.is_path(module, qual) or self.is_protocol(module, qual):
            return True
        return any((module, qual) in self._mro(*path) for path in _PATH_LEAVES)

    def defaults_to_number(self, module: str, name: str, param: str) -> bool:
        """Whether every def of the module-level function `name` this target may see defaults `param` to a number
        (`gzip.compress`'s `mtime` from Python 3.14 on): False when there is none, or one does not."""
        defs = [
            d for guard, d in function_defaults(module, name, self.version) if evaluate(guard, self.target) is not False
        ]
        return bool(defs) and all(param in d for d in defs)

    def is_path(self, module: str, qual: str) -> bool:
        """Whether an instance of the stub class may name a file: a str, bytes or `os.PathLike` (by its bases, or a
        `__fspath__` of its own). A class the stubs do not have may: True."""
        if self._class_defs(module, qual) is None:
            return True
        if any(where in _PATH_CLASSES for where in self._mro(module, qual)):
            return True
        return self._defines(module, qual, "__fspath__")

    def _defines(self, module: str, qual: str, name: str) -> bool:
        return self._class_member(module, qual, name).kind != "missing"

    def _is_exception(self, module: str, qual: str) -> bool:
        return ("builtins", "BaseException") in self._mro(module, qual)

    def is_enum(self, module: str, qual: str) -> bool:
        """An `enum.Enum` subclass: calling it converts a value to a member (`signal.Signals(2)`), no acquisition."""
        return ("enum", "Enum") in self._mro(module, qual)
