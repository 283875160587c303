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
from typing import NamedTuple, cast

from pytest_claims.analysis.chains import chain_of
from pytest_claims.records import TypeRef

__all__ = [
    "NOTHING",
    "SPECIAL_FORMS",
    "TYPING_ALIASES",
    "Ann",
    "AnnotationTypes",
    "Arguments",
    "Overloads",
    "Param",
    "Resolved",
    "call_arguments",
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
    **{(module, "Callable"): "Callable" for module in ("typing", "typing_extensions")},
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
    form), `alias` (a type alias: module and the annotation it stands for), `typevar` (module, name, and
    `("tv", *constraints)`)."""

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
        self._bound: dict[tuple[str, str], TypeRef] = {}

    def evaluate_bound(
        self, module: str, ann: Ann | None, looked_up: tuple[str, str] | None, bound: dict[tuple[str, str], TypeRef]
    ) -> TypeRef | None:
        """`evaluate`, with the TypeVars a call binds (`Overloads.bind`) standing for their classes."""
        self._bound = bound
        try:
            return self.evaluate(module, ann, looked_up, 0)
        finally:
            self._bound = {}

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
        if resolved.kind == "typevar":
            return self._bound.get((resolved.module, resolved.name))  # unbound: any class
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


Param = tuple[str, str, Ann | None, bool]
"""A parameter a caller passes, as a stub declares it: (kind, name, annotation, required); kind `p`
positional-only, `a` positional or keyword, `*` `*args`, `k` keyword-only, `**` `**kwargs` (a method's `self` /
`cls` left out); required: it has no default."""

Arguments = tuple[tuple[str, ...], tuple[tuple[str, str], ...]]
"""What a call passes, as classes: each positional argument's and (name, class) for each keyword argument; a
class is `builtins.str`'s or `builtins.bytes`' name, or "" (not known)."""

_ARGUMENT_CLASSES = {"s": "str", "b": "bytes"}


def call_arguments(step: str) -> Arguments:
    """A call step (`(s,?,sep=s)`, see `chains.call_step`) as `Arguments`."""
    positional: list[str] = []
    keywords: list[tuple[str, str]] = []
    for token in step[1:-1].split(",") if len(step) > 2 else ():
        name, _, cls = token.rpartition("=")
        if name:
            keywords.append((name, _ARGUMENT_CLASSES.get(cls, "")))
        else:
            positional.append(_ARGUMENT_CLASSES.get(cls, ""))
    return tuple(positional), tuple(keywords)


_NOT_MEMBERS = frozenset({"__slots__", "__class_getitem__", "__init_subclass__", "__subclasshook__", "__doc__"})
"""Names in a protocol's body that are no member a value must have."""


class Overloads:
    """Which overloads of a stub function a call selects by the classes of what it passes (a str literal is no
    `bytes | Pattern[bytes]`), and the constrained TypeVars (`AnyStr`) those classes bind.

    An argument rules an overload out only when its annotation certainly does not accept the argument's class:
    every part of it is a class the argument's class does not derive from, a protocol whose members the class
    lacks, `None`, a `Callable`, a literal of another class or a constrained TypeVar bound (or constrained) to
    another class. Anything else accepts: an overload is kept whenever in doubt.

    `mro(module, qual)` is a stub class's MRO; `protocol(module, qual)` the members a protocol class declares
    (None: not a protocol); `defines(module, qual, name)` whether a stub class (or a base) defines a member."""

    def __init__(
        self,
        resolve_type: Callable[[str, str], Resolved | None],
        mro: Callable[[str, str], list[tuple[str, str]]],
        protocol: Callable[[str, str], list[str] | None],
        defines: Callable[[str, str, str], bool],
    ) -> None:
        self._resolve_type = resolve_type
        self._mro = mro
        self._protocol = protocol
        self._defines = defines

    def bind(
        self, module: str, params: tuple[Param, ...] | None, args: Arguments
    ) -> dict[tuple[str, str], TypeRef] | None:
        """The TypeVars the call binds in an overload declared in `module`; None: the overload is ruled out.
        `params` None: not kept (nothing the def returns depends on them): it binds nothing, and stays in."""
        bound: dict[tuple[str, str], TypeRef] = {}
        if params is None:
            return bound
        positional = [p for p in params if p[0] in ("p", "a")]
        star = next((p for p in params if p[0] == "*"), None)
        stars = next((p for p in params if p[0] == "**"), None)
        passed: list[tuple[Param, str]] = []
        for index, cls in enumerate(args[0]):
            param = positional[index] if index < len(positional) else star
            if param is None:
                return None  # more arguments than the overload takes
            passed.append((param, cls))
        for name, cls in args[1]:
            param = next((p for p in params if p[0] in ("a", "k") and p[1] == name), stars)
            if param is None:
                return None
            passed.append((param, cls))
        given = {param[1] for param, _ in passed}
        if any(p[3] and p[1] not in given for p in params):
            return None  # a parameter it requires is not passed
        for param, cls in passed:
            if cls and self._accepts(module, param[2], ("builtins", cls), bound, 0) is False:
                return None
        return bound

    def _accepts(
        self, module: str, ann: Ann | None, cls: tuple[str, str], bound: dict[tuple[str, str], TypeRef], depth: int
    ) -> bool | None:
        """Whether a value of class `cls` fits the annotation: True, False, or None (not known); a constrained
        TypeVar it fits is bound in `bound`."""
        if ann is None or depth > 16:
            return None
        if isinstance(ann, str):
            return False if ann == "None" else self._accepts_resolved(module, ann, (), cls, bound, depth)
        tag = ann[0]
        args = cast(tuple[Ann, ...], ann[1:])
        if tag == "|":
            return _any_of([self._accepts(module, arg, cls, bound, depth + 1) for arg in args])
        if tag == "[]":
            return self._accepts_resolved(module, str(args[0]), args[1:], cls, bound, depth)
        return None

    def _accepts_resolved(
        self,
        module: str,
        name: str,
        args: tuple[Ann, ...],
        cls: tuple[str, str],
        bound: dict[tuple[str, str], TypeRef],
        depth: int,
    ) -> bool | None:
        """`_accepts` for a (dotted) name, subscripted with `args` or not."""
        resolved = self._resolve_type(module, name)
        if resolved is None:
            return None
        kind = resolved.kind
        if kind == "alias":
            return self._accepts(resolved.module, resolved.annotation, cls, bound, depth + 1)
        if kind == "typevar":
            return self._bind(resolved, cls, bound)
        if kind == "special":
            return self._accepts_special(module, resolved.name, args, cls, bound, depth)
        if kind != "class":
            return None
        target = (resolved.module, resolved.name)
        if target in _OPAQUE or target in self._mro(*cls):
            return True
        members = self._protocol(*target)
        if members is None:
            return False
        return all(self._defines(*cls, member) for member in members if member not in _NOT_MEMBERS)

    def _accepts_special(
        self,
        module: str,
        form: str,
        args: tuple[Ann, ...],
        cls: tuple[str, str],
        bound: dict[tuple[str, str], TypeRef],
        depth: int,
    ) -> bool | None:
        """`_accepts` for a special form: a union, `Callable`, `Literal`, `LiteralString`, `Annotated` and kin."""
        if form in ("Optional", "Union"):
            return _any_of([self._accepts(module, arg, cls, bound, depth + 1) for arg in args])
        if form == "Unwrap" and args:
            return self._accepts(module, args[0], cls, bound, depth + 1)
        if form == "Callable":
            return False if not self._defines(*cls, "__call__") else None
        if form == "LiteralString":
            return cls == ("builtins", "str") or None
        if form == "Nothing":
            return False
        if form == "Literal":
            kinds = {("str" if a[0] == "s" else str(a[1])) if isinstance(a, tuple) else "?" for a in args}
            return None if cls[1] in kinds or "?" in kinds else False
        return None

    def _bind(self, typevar: Resolved, cls: tuple[str, str], bound: dict[tuple[str, str], TypeRef]) -> bool | None:
        """A constrained TypeVar (`AnyStr`) takes the class of the first argument that fits one of its constraints;
        a later argument of another class fits no longer. Any other TypeVar accepts, and binds nothing."""
        key = (typevar.module, typevar.name)
        value = TypeRef("instance", *cls)
        if key in bound:
            return bound[key] == value
        annotation = typevar.annotation if isinstance(typevar.annotation, tuple) else ()
        constraints = [c for c in annotation[1:] if isinstance(c, (str, tuple))]
        if not constraints:
            return None
        verdicts = [self._accepts(typevar.module, c, cls, {}, 1) for c in constraints]
        fits = [c for c, verdict in zip(constraints, verdicts, strict=True) if verdict is True]
        if len(fits) == 1 and self._resolve_type(typevar.module, str(fits[0])) == Resolved("class", *cls):
            bound[key] = value
            return True
        return False if all(verdict is False for verdict in verdicts) else None


def _any_of(verdicts: list[bool | None]) -> bool | None:
    """A union accepts when one member does, does not when none may."""
    if True in verdicts:
        return True
    return False if verdicts and all(v is False for v in verdicts) else None
