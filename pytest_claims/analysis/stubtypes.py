"""Stub annotations: reduced to plain data when a stub is read, and the class of value one declares.

`plain_annotation` turns an annotation's AST into `Ann` (cheap: it runs on every def of every stub parsed);
`AnnotationTypes` evaluates such an annotation, per target, into a `records.TypeRef` (`-> str` is an instance of
builtins.str, `-> list[Path]` elements of pathlib.Path), given how the target's stubs resolve a type name
(`Stubs._resolve_type`). Nothing here reads a stub: what names mean is the stubs' job, what annotations mean
is this module's.
"""

from __future__ import annotations

import ast
from ast import Attribute, BinOp, BitOr, Constant, Name, Subscript, Tuple
from collections.abc import Callable
from typing import NamedTuple

from pytest_claims.analysis.facts import chain_of
from pytest_claims.records import TypeRef

__all__ = [
    "NOTHING",
    "SPECIAL_FORMS",
    "TYPING_ALIASES",
    "Ann",
    "AnnotationTypes",
    "Resolved",
    "dotted",
    "plain_annotation",
    "union",
]

Ann = str | tuple[object, ...]
"""An annotation as written, reduced to plain data by `plain_annotation`: a name (`"str"`, `"os.PathLike"`, `"None"`,
`"..."`, `"?"` for a form it does not keep), `("[]", base, *args)` for a subscript, `("|", *members)` for a
union written with `|`, `("s", text)` for a string constant (a forward reference, or a `Literal` value) and
`("lit", type name)` for any other constant."""


def dotted(node: ast.expr) -> str | None:
    chain = chain_of(node)
    return ".".join(chain) if chain is not None else None


_ANNOTATION_DEPTH = 6
"""Subscripts nested deeper than this are kept as `"?"`: enough for `Generator[tuple[str, list[str]], ...]`."""


def plain_annotation(node: ast.expr | None) -> Ann | None:
    """An annotation reduced to plain data (`Ann`). Iterative, and cheap: it runs on every def of every stub
    parsed (the common plain forms are answered before the loop)."""
    if isinstance(node, Name):
        return node.id
    if node is None:
        return None
    if isinstance(node, Constant) and node.value is None:
        return "None"
    out: list[Ann] = []
    emit = out.append
    # an expression and its depth to reduce, or a head and a count: build `(*head, *the last count results)`
    todo: list[tuple[ast.expr, int] | tuple[tuple[str, ...], int]] = [(node, 0)]
    pop, push = todo.pop, todo.append
    while todo:
        expr, depth = pop()
        if isinstance(expr, Name):
            emit(expr.id)
        elif isinstance(expr, tuple):
            args = out[-depth:]
            del out[-depth:]
            emit(_compound(expr, args))
        elif isinstance(expr, Subscript) and depth < _ANNOTATION_DEPTH:
            base = expr.value.id if isinstance(expr.value, Name) else dotted(expr.value)
            if base is None:
                emit("?")
                continue
            index = expr.slice
            elements = index.elts if isinstance(index, Tuple) else (index,)
            push((("[]", base), len(elements)))
            for element in reversed(elements):
                push((element, depth + 1))
        elif isinstance(expr, BinOp) and isinstance(expr.op, BitOr):
            # a long `a | b | c` chain is left-nested: not counted as depth, flattened when built
            push((("|",), 2))
            push((expr.right, depth))
            push((expr.left, depth))
        elif isinstance(expr, Constant):
            emit(_constant(expr.value))
        elif isinstance(expr, Attribute):
            emit(dotted(expr) or "?")
        else:
            emit("?")
    return out[0]


def _compound(head: tuple[str, ...], args: list[Ann]) -> Ann:
    """`(*head, *args)`, a `|` union flattened: a member that is itself a union gives its members."""
    if head[0] != "|":
        return (*head, *args)
    members: list[object] = []
    for arg in args:
        if isinstance(arg, tuple) and arg[0] == "|":
            members.extend(arg[1:])
        else:
            members.append(arg)
    return ("|", *members)


def _constant(value: object) -> Ann:
    """A constant in an annotation: `None`, `...`, a string (`("s", text)`) or another literal's type name."""
    if value is None:
        return "None"
    if value is Ellipsis:
        return "..."
    return ("s", value) if isinstance(value, str) else ("lit", type(value).__name__)


NOTHING = TypeRef("nothing", "builtins", "None")
"""Internal: a type that yields no value (`None`, `NoReturn`, `Never`, typeshed's `MaybeNone`): dropped from a
union or an overload set, never returned."""

_OPAQUE = frozenset({("typing", "Any"), ("builtins", "object")})
"""Classes that say nothing about a value: `-> Any`, `-> object` give None."""

SPECIAL_FORMS = {
    **{(module, "Self"): "Self" for module in ("typing", "typing_extensions")},
    **{(module, "LiteralString"): "LiteralString" for module in ("typing", "typing_extensions")},
    **{(module, name): "Nothing" for module in ("typing", "typing_extensions") for name in ("NoReturn", "Never")},
    ("_typeshed", "MaybeNone"): "Nothing",
    **{(module, "Optional"): "Optional" for module in ("typing", "typing_extensions")},
    **{(module, "Union"): "Union" for module in ("typing", "typing_extensions")},
    **{(module, "Literal"): "Literal" for module in ("typing", "typing_extensions")},
    **{
        (module, name): "Unwrap"
        for module in ("typing", "typing_extensions")
        for name in ("Annotated", "Final", "ClassVar", "Required", "NotRequired", "ReadOnly")
    },
}
"""typing's special forms, by where the stubs define them (each is a variable there)."""

TYPING_ALIASES = {
    ("typing", "List"): ("builtins", "list"),
    ("typing", "Dict"): ("builtins", "dict"),
    ("typing", "Set"): ("builtins", "set"),
    ("typing", "FrozenSet"): ("builtins", "frozenset"),
    ("typing", "Tuple"): ("builtins", "tuple"),
    ("typing", "DefaultDict"): ("collections", "defaultdict"),
    ("typing", "Deque"): ("collections", "deque"),
    ("typing", "OrderedDict"): ("collections", "OrderedDict"),
    ("typing", "Counter"): ("collections", "Counter"),
    ("typing", "ChainMap"): ("collections", "ChainMap"),
}
"""typing's capitalised aliases (variables in the stubs) and the classes they stand for."""

_ITEMS = -1
_TUPLE = -2
_CONTAINERS: dict[tuple[str, str], int] = {
    **{
        ("builtins", name): 0
        for name in ("list", "set", "frozenset", "dict")
    },
    ("builtins", "tuple"): _TUPLE,
    **{
        ("typing", name): 0
        for name in (
            "Iterable", "Iterator", "Generator", "Reversible", "Collection", "Sequence", "MutableSequence",
            "AbstractSet", "MutableSet", "KeysView", "ValuesView", "Mapping", "MutableMapping",
            "AsyncIterable", "AsyncIterator", "AsyncGenerator",
        )
    },
    ("typing", "ItemsView"): _ITEMS,
    ("_collections_abc", "dict_keys"): 0,
    ("_collections_abc", "dict_values"): 1,
    ("_collections_abc", "dict_items"): _ITEMS,
    **{("collections", name): 0 for name in ("deque", "defaultdict", "OrderedDict", "Counter", "ChainMap")},
}  # fmt: skip
"""Generic classes whose subscripted form is a container of elements: the index of the type argument that
iteration yields (a mapping's keys: 0; `dict_values`: 1), `_ITEMS` (key-value tuples), `_TUPLE` (`tuple[T, ...]`,
or `tuple[T, T]` of one class)."""


class Resolved(NamedTuple):
    """What a type name in a stub is: kind `class` (module, name), `module` (module), `special` (name: the
    form), `alias` (a type alias: module and the annotation it stands for)."""

    kind: str
    module: str = ""
    name: str = ""
    annotation: Ann | None = None


def union(types: list[TypeRef | None]) -> TypeRef | None:
    """`X | None` is X; a union of several classes (or of an unknown) is not known."""
    known = [t for t in types if t != NOTHING]
    if not known:
        return NOTHING
    first = known[0]
    return first if all(t == first for t in known) else None


class AnnotationTypes:
    """The value types stub annotations declare, for one target; `resolve_type(module, dotted)` says what a type
    name in `module`'s stub is there (a class, a special form, a type alias or a module)."""

    def __init__(self, resolve_type: Callable[[str, str], Resolved | None]) -> None:
        self._resolve_type = resolve_type

    def evaluate(self, module: str, ann: Ann | None, looked_up: tuple[str, str] | None, depth: int) -> TypeRef | None:
        """The value type an annotation of a stub in `module` declares (`NOTHING` for `None`); `looked_up` is
        the class `Self` means. Recursion is bounded: annotations are kept at most `_ANNOTATION_DEPTH` deep, and
        aliases and forward references count against `depth`."""
        if ann is None or depth > 16:
            return None
        if isinstance(ann, str):
            return self._evaluate_name(module, ann, looked_up, depth)
        tag = ann[0]
        args: tuple[Ann, ...] = ann[1:]  # type: ignore[assignment]
        if tag == "|":
            return union([self.evaluate(module, arg, looked_up, depth + 1) for arg in args])
        if tag == "s":
            # a forward reference: `-> "Path"`
            try:
                node = ast.parse(str(ann[1]).strip(), mode="eval").body
            except SyntaxError:
                return None
            return self.evaluate(module, plain_annotation(node), looked_up, depth + 1)
        if tag != "[]":
            return None
        return self._evaluate_subscript(module, str(args[0]), args[1:], looked_up, depth)

    def _evaluate_name(self, module: str, ann: str, looked_up: tuple[str, str] | None, depth: int) -> TypeRef | None:
        """A plain (dotted) name as an annotation: a class, a type alias, `None` or a special form."""
        if ann == "None":
            return NOTHING
        resolved = self._resolve_type(module, ann)
        if resolved is None:
            return None
        if resolved.kind == "alias":
            return self.evaluate(resolved.module, resolved.annotation, None, depth + 1)
        if resolved.kind == "class":
            cls = (resolved.module, resolved.name)
            return None if cls in _OPAQUE else TypeRef("instance", *cls)
        if resolved.kind == "special":
            return _bare_special(resolved.name, looked_up)
        return None

    def _evaluate_subscript(
        self, module: str, base: str, args: tuple[Ann, ...], looked_up: tuple[str, str] | None, depth: int
    ) -> TypeRef | None:
        """`base[*args]`: a special form applied, a generic alias subscripted, or a generic class."""
        resolved = self._resolve_type(module, base)
        if resolved is None:
            return None
        if resolved.kind == "special":
            return self._evaluate_special(module, resolved.name, args, looked_up, depth)
        if resolved.kind == "alias":
            # a generic alias subscripted: its own parameters are TypeVars, which stay unknown
            return self.evaluate(resolved.module, resolved.annotation, None, depth + 1)
        if resolved.kind != "class":
            return None
        cls = (resolved.module, resolved.name)
        if cls in _OPAQUE or cls == ("builtins", "type"):
            return None
        return self._evaluate_generic(module, cls, args, looked_up, depth)

    def _evaluate_special(
        self, module: str, form: str, args: tuple[Ann, ...], looked_up: tuple[str, str] | None, depth: int
    ) -> TypeRef | None:
        """A special form subscripted: `Optional[X]`, `Union[...]`, `Annotated[X, ...]` and kin, `Literal[...]`."""
        if form in ("Optional", "Union"):
            types = [self.evaluate(module, arg, looked_up, depth + 1) for arg in args]
            return union([*types, NOTHING] if form == "Optional" else types)
        if form == "Unwrap" and args:
            return self.evaluate(module, args[0], looked_up, depth + 1)
        if form == "Literal":
            return _literal_class(args)
        return None

    def _evaluate_generic(
        self, module: str, cls: tuple[str, str], args: tuple[Ann, ...], looked_up: tuple[str, str] | None, depth: int
    ) -> TypeRef | None:
        """A generic class subscripted: a container's elements when one known class, else an instance of it."""
        index = _CONTAINERS.get(cls)
        if index is None:
            return TypeRef("instance", *cls)  # `IO[str]`, `Popen[bytes]`, `CompletedProcess[str]`
        if index == _ITEMS:
            return TypeRef("elements", "builtins", "tuple")
        # elements of one known class; else (a TypeVar, `Any`, a tuple of several classes) the container itself
        element = None
        if index == _TUPLE:
            if len(args) == 2 and args[1] == "...":
                element = self._element(module, args[0], looked_up, depth)
            else:
                elements = [self._element(module, arg, looked_up, depth) for arg in args]
                if elements and all(e == elements[0] for e in elements):
                    element = elements[0]
        elif index < len(args):
            element = self._element(module, args[index], looked_up, depth)
        return element or TypeRef("instance", *cls)

    def _element(self, module: str, ann: Ann, looked_up: tuple[str, str] | None, depth: int) -> TypeRef | None:
        """`elements` of the class an element annotation names (a container element is its container's class)."""
        if isinstance(ann, tuple) and ann[0] == "[]":
            resolved = self._resolve_type(module, str(ann[1]))
            if resolved is not None and resolved.kind == "class":
                cls = (resolved.module, resolved.name)
                return None if cls in _OPAQUE or cls == ("builtins", "type") else TypeRef("elements", *cls)
        value = self.evaluate(module, ann, looked_up, depth + 1)
        if value is None or value.kind != "instance" or value == NOTHING:
            return None
        return TypeRef("elements", value.module, value.qualname)


def _bare_special(form: str, looked_up: tuple[str, str] | None) -> TypeRef | None:
    """A special form written bare: `Self` (the class looked up), `LiteralString`, `NoReturn` and kin."""
    if form == "Self":
        return TypeRef("instance", *looked_up) if looked_up is not None else None
    if form == "LiteralString":
        return TypeRef("instance", "builtins", "str")
    if form == "Nothing":
        return NOTHING
    return None


def _literal_class(args: tuple[Ann, ...]) -> TypeRef | None:
    """`Literal[...]` as the values' own class, when all share one simple class: `Literal["r", "w"]` is a str."""
    names = {("str" if arg[0] == "s" else str(arg[1])) if isinstance(arg, tuple) else arg for arg in args}
    names.discard("None")
    if len(names) == 1 and next(iter(names)) in ("str", "int", "bool", "bytes"):
        return TypeRef("instance", "builtins", next(iter(names)))
    return None
