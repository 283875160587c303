"""What the stdlib's names are, per target platform, from the typeshed stubs (typeshed-client).

The checker needs to tell functions, classes, exception classes, variables and modules apart, and to know
which modules and names exist on a target (`os.startfile` only on win32). The stubs are the source of these
facts; they are read lazily, once per (module, platform), and summarised into `StubSymbol`s.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache

import typeshed_client
from typeshed_client import ImportedName, NameInfo, OverloadedName


@dataclass(frozen=True, slots=True)
class StubSymbol:
    """`kind`: module | function | class | variable | missing. `where` is (module, dotted path in it)."""

    kind: str
    where: tuple[str, str]
    is_exception: bool = False


MISSING_MODULE = StubSymbol("missing", ("", ""))


class Stubs:
    """Stub lookups for one platform and Python version, memoised."""

    def __init__(self, platform: str, version: tuple[int, int]) -> None:
        self.platform = platform
        self.version = version
        self.context = typeshed_client.get_search_context(version=version, platform=platform, search_path=[])
        self._names: dict[str, dict[str, NameInfo] | None] = {}
        self._members: dict[tuple[str, str], StubSymbol] = {}

    # -- modules -----------------------------------------------------------------------------------------

    def names(self, module: str) -> dict[str, NameInfo] | None:
        """The stub names of a stdlib module, or None when typeshed has no stub for it on this version."""
        if module in self._names:
            return self._names[module]
        try:
            found = typeshed_client.get_stub_names(module, search_context=self.context)
        except (SyntaxError, ValueError, OSError):
            found = None
        result = dict(found) if found is not None else None
        self._names[module] = result
        return result

    def is_stdlib(self, module: str) -> bool:
        return self.names(module) is not None

    def module_has(self, module: str, name: str | None) -> bool | None:
        """Does `import module` (and `from module import name`) succeed on this target? None: not stdlib."""
        names = self.names(module)
        if names is None:
            return None
        exported = [k for k, v in names.items() if v.is_exported or not isinstance(v.ast, ImportedName)]
        if not exported and not _is_package_stub(self, module):
            return False
        if name is None:
            return True
        if name in names:
            return True
        return self.is_stdlib(f"{module}.{name}")

    # -- members -----------------------------------------------------------------------------------------

    def member(self, module: str, path: tuple[str, ...]) -> StubSymbol:
        """What `module.a.b` is: walks classes and follows imports and aliases inside the stubs."""
        symbol = StubSymbol("module", (module, ""))
        for index, attr in enumerate(path):
            symbol = self._step(symbol, attr)
            if symbol.kind in ("missing", "variable", "function"):
                if index + 1 < len(path) and symbol.kind != "missing":
                    # Attributes of a function or variable are methods on a value: stop here.
                    return symbol
                if symbol.kind == "missing":
                    return symbol
        return symbol

    def _step(self, symbol: StubSymbol, attr: str) -> StubSymbol:
        module, inner = symbol.where
        if symbol.kind == "module":
            return self._module_member(module, attr)
        if symbol.kind == "class":
            return self._class_member(module, inner, attr)
        return StubSymbol("missing", (module, f"{inner}.{attr}" if inner else attr))

    def _module_member(self, module: str, attr: str, depth: int = 0) -> StubSymbol:
        key = (module, attr)
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = self._module_member_uncached(module, attr, depth)
        self._members[key] = result
        return result

    def _module_member_uncached(self, module: str, attr: str, depth: int) -> StubSymbol:
        names = self.names(module)
        if names is None:
            return StubSymbol("missing", (module, attr))
        info = names.get(attr)
        if info is None:
            if self.is_stdlib(f"{module}.{attr}"):
                return StubSymbol("module", (f"{module}.{attr}", ""))
            return StubSymbol("missing", (module, attr))
        return self._classify(module, attr, info, depth)

    def _classify(self, module: str, attr: str, info: NameInfo, depth: int) -> StubSymbol:
        node = info.ast
        if depth > 20:
            return StubSymbol("missing", (module, attr))
        if isinstance(node, ImportedName):
            source = ".".join(node.module_name)
            if node.name is None:
                return StubSymbol("module", (source, ""))
            if self.is_stdlib(f"{source}.{node.name}"):
                # `from . import path as _path` in os: a submodule, not a member
                return StubSymbol("module", (f"{source}.{node.name}", ""))
            return self._module_member(source, node.name, depth + 1)
        if isinstance(node, (OverloadedName, ast.FunctionDef, ast.AsyncFunctionDef)):
            return StubSymbol("function", (module, attr))
        if isinstance(node, ast.ClassDef):
            return StubSymbol("class", (module, attr), self._is_exception(module, attr, 0))
        if isinstance(node, ast.Assign):
            value = node.value
            if isinstance(value, ast.Name):
                if value.id == attr:
                    return StubSymbol("missing", (module, attr))
                return self._module_member(module, value.id, depth + 1)
            if isinstance(value, ast.Attribute):
                # `random = _inst.random`: a bound method re-exported as a module function.
                return StubSymbol("function", (module, attr))
            return StubSymbol("variable", (module, attr))
        return StubSymbol("variable", (module, attr))

    def _class_info(self, module: str, qual: str) -> NameInfo | None:
        names = self.names(module)
        if names is None:
            return None
        parts = qual.split(".")
        info = names.get(parts[0])
        for part in parts[1:]:
            if info is None or info.child_nodes is None:
                return None
            info = info.child_nodes.get(part)
        return info

    def _class_member(self, module: str, qual: str, attr: str) -> StubSymbol:
        key = (module, f"{qual}.{attr}")
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = StubSymbol("missing", (module, f"{qual}.{attr}"))
        seen: set[tuple[str, str]] = set()
        todo = [(module, qual)]
        while todo:
            cls_module, cls_qual = todo.pop(0)
            if (cls_module, cls_qual) in seen or len(seen) > 50:
                continue
            seen.add((cls_module, cls_qual))
            info = self._class_info(cls_module, cls_qual)
            if info is None:
                continue
            children = info.child_nodes or {}
            child = children.get(attr)
            if child is not None:
                node = child.ast
                if isinstance(node, ast.ClassDef):
                    result = StubSymbol(
                        "class",
                        (cls_module, f"{cls_qual}.{attr}"),
                        self._is_exception(cls_module, f"{cls_qual}.{attr}", 0),
                    )
                elif isinstance(node, (OverloadedName, ast.FunctionDef, ast.AsyncFunctionDef)):
                    result = StubSymbol("function", (cls_module, f"{cls_qual}.{attr}"))
                else:
                    result = StubSymbol("variable", (cls_module, f"{cls_qual}.{attr}"))
                break
            todo.extend(self._bases(cls_module, info))
        self._members[key] = result
        return result

    def _bases(self, module: str, info: NameInfo) -> list[tuple[str, str]]:
        node = info.ast
        if not isinstance(node, ast.ClassDef):
            return []
        out: list[tuple[str, str]] = []
        for base in node.bases:
            if isinstance(base, ast.Subscript):
                base = base.value
            if isinstance(base, ast.Name):
                symbol = self._module_member(module, base.id)
                if symbol.kind == "class":
                    out.append(symbol.where)
                elif symbol.kind == "missing":
                    builtin = self._module_member("builtins", base.id)
                    if builtin.kind == "class":
                        out.append(builtin.where)
            elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                owner = self._module_member(module, base.value.id)
                if owner.kind == "module":
                    symbol = self._module_member(owner.where[0], base.attr)
                    if symbol.kind == "class":
                        out.append(symbol.where)
        return out

    def _is_exception(self, module: str, qual: str, depth: int) -> bool:
        seen: set[tuple[str, str]] = set()
        todo = [(module, qual)]
        while todo:
            current = todo.pop()
            if current in seen or len(seen) > 50:
                continue
            seen.add(current)
            if current == ("builtins", "BaseException"):
                return True
            info = self._class_info(*current)
            if info is not None:
                todo.extend(self._bases(current[0], info))
        return False


def _is_package_stub(stubs: Stubs, module: str) -> bool:
    path = typeshed_client.get_stub_file(module, search_context=stubs.context)
    return path is not None and path.name == "__init__.pyi"


@cache
def stubs_for(platform: str, version: tuple[int, int]) -> Stubs:
    """One memoised stub view per target, shared by every check in the process."""
    return Stubs(platform, version)


def typeshed_version() -> str:
    """Identifies the stub data, for cache keys and report revisions."""
    return str(getattr(typeshed_client, "__version__", "unknown"))
