"""How an expression is named: as a chain of names (`a.b.c`, `super().m`, `make().run`, `", ".join`), as the
step of a call (what it passes), or as an annotation's type target.

Apart from the walk because the stubs name their expressions the same way (`stubtypes`): a chain the facts record
and one a stub declares mean the same thing only if one reader made both."""

from __future__ import annotations

import ast

_LITERALS: dict[type[ast.AST], str] = {
    ast.JoinedStr: "<str>",
    ast.List: "<list>",
    ast.ListComp: "<list>",
    ast.Dict: "<dict>",
    ast.DictComp: "<dict>",
    ast.Set: "<set>",
    ast.SetComp: "<set>",
    ast.Tuple: "<tuple>",
}


# claims: deterministic
def chain_of(node: ast.expr, calls: bool = False) -> tuple[str, ...] | None:
    """`a.b.c` -> ("a", "b", "c"); `super().m` -> ("<super>", "m"); `getattr(a, "b")` -> ("a", "b").

    With `calls`, a value may also be the result of a call or a literal: `make().run` -> ("make", "()", "run"),
    `", ".join` -> ("<str>", "join")."""
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            parts.append(node.id)
            break
        elif isinstance(node, ast.Call):
            root = super_root(node)
            if root:
                parts.append(root)
                break
            literal = getattr_literal(node)
            if literal is not None:
                parts.append(literal)
                node = node.args[0]
            elif calls:
                parts.append(call_step(node))
                node = node.func
            else:
                return None
        elif calls and parts and literal_root(node):
            parts.append(literal_root(node))
            break
        else:
            return None
    parts.reverse()
    return tuple(parts)


def super_root(node: ast.Call) -> str:
    """The chain root of a `super(...)` call, "" for any other call: `<super>` without arguments,
    `<super:X:obj>` for `super(X, obj)` with `X` a plain or dotted name (resolved as "after X in the MRO", semantics §5;
    `obj` is kept when it is a plain name, the method's `self` or not), and `<super:?>` for any other arguments (a
    blind spot, never the wrong class)."""
    if not (isinstance(node.func, ast.Name) and node.func.id == "super") or node.keywords:
        return ""
    if not node.args:
        return "<super>"
    if len(node.args) == 2 and not isinstance(node.args[1], ast.Starred):
        start = chain_of(node.args[0])
        if start is not None and not start[0].startswith("<"):
            obj = node.args[1].id if isinstance(node.args[1], ast.Name) else ""
            return f"<super:{'.'.join(start)}:{obj}>"
    return "<super:?>"


def literal_root(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        if node.value is None:
            return "<none>"  # `winreg = None` in an `except ImportError:`: a known value, nothing to follow
        return "<str>" if isinstance(node.value, str) else "<bytes>" if isinstance(node.value, bytes) else ""
    return _LITERALS.get(type(node), "")


def value_chain(node: ast.expr) -> tuple[str, ...] | None:
    """The chain of a value: a name, an attribute, a literal, or the result of calling one (a trailing `()`)."""
    root = literal_root(node)
    if root:
        return (root,)
    if isinstance(node, ast.Call) and getattr_literal(node) is None and chain_of(node) is None:
        callee = chain_of(node.func, calls=True)
        if callee is None or (callee[0].startswith("<super") and callee[-1] != "__new__"):
            return None
        step = call_step(node)  # `super().__new__(cls)`: an instance of what `cls` is, as `object.__new__(cls)`
        return (*callee, step) if not callee[0].startswith("<super") or step[:2] == "(=" else None
    return chain_of(node, calls=True)


_ARGUMENT_CLASSES: dict[type, str] = {str: "s", bytes: "b"}


# claims: deterministic
def call_step(node: ast.Call) -> str:
    """The chain step of a call whose value is used: `()`, or, when it passes a string or bytes literal, the
    classes of what it passes (`(s,?)`, `(?,sep=s)`: `s` a str, `b` bytes, `?` anything), so an overloaded or
    `AnyStr`-generic stub can say what the call returns (`re.sub("-", "_", s)` is a str). A `*` or `**` argument
    says nothing of where the others land: `()`. A `cast(C, v)` says its class: `(=C)` (a dotted name's dots as
    `/`), which `typing.cast` returns an instance of; so does `X.__new__(C, ...)` with C a plain or dotted name,
    whose value a builtin `__new__` makes an instance of."""
    cast_to = _cast_class(node) or _new_class(node)
    if cast_to:
        return f"(={cast_to.replace('.', '/')})"
    tokens: list[str] = []
    known = False
    for arg in node.args:
        if isinstance(arg, ast.Starred):
            return "()"
        token = _argument_class(arg)
        known = known or token != "?"
        tokens.append(token)
    for keyword in node.keywords:
        if keyword.arg is None:
            return "()"
        token = _argument_class(keyword.value)
        known = known or token != "?"
        tokens.append(f"{keyword.arg}={token}")
    return f"({','.join(tokens)})" if known else "()"


def _cast_class(node: ast.Call) -> str:
    """The class `cast(C, v)` (any callee named `cast`: resolution tells whether it is `typing.cast`) names, as a
    type target; "" when it names no single class."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name != "cast" or len(node.args) != 2 or node.keywords or isinstance(node.args[1], ast.Starred):
        return ""
    target = annotation_type(node.args[0])
    return target if target and target[0] not in "*{^(" else ""


def _new_class(node: ast.Call) -> str:
    """The class `X.__new__(C, ...)` is passed first, when a plain or dotted name (`cls`, `mod.C`); "" otherwise."""
    if not (isinstance(node.func, ast.Attribute) and node.func.attr == "__new__" and node.args):
        return ""
    chain = chain_of(node.args[0]) if isinstance(node.args[0], (ast.Name, ast.Attribute)) else None
    return ".".join(chain) if chain is not None and not chain[0].startswith("<") else ""


def _argument_class(node: ast.expr) -> str:
    if isinstance(node, ast.JoinedStr):
        return "s"
    if isinstance(node, ast.Constant):
        return _ARGUMENT_CLASSES.get(type(node.value), "?")
    return "?"


def getattr_literal(node: ast.Call) -> str | None:
    if (
        isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) in (2, 3)
        and not node.keywords
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        return node.args[1].value
    return None


def hasattr_chain(node: ast.Call) -> tuple[str, ...] | None:
    """`hasattr(x.y, "name")` as the read it makes, `x.y.name`; None for any other call."""
    func, args = node.func, node.args
    if not (isinstance(func, ast.Name) and func.id == "hasattr" and len(args) == 2 and not node.keywords):
        return None
    if not (isinstance(args[1], ast.Constant) and isinstance(args[1].value, str) and args[1].value.isidentifier()):
        return None
    target = chain_of(args[0])
    return (*target, args[1].value) if target is not None else None


_COLLECTIONS = frozenset(
    {
        "list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "Reversible",
        "set", "Set", "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "Generator", "AsyncIterator",
        "AsyncIterable", "AsyncGenerator", "deque", "Deque", "KeysView", "ValuesView",
    }
)  # fmt: skip
_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict", "DefaultDict"})


def annotation_type(node: ast.expr | None) -> str:
    """An annotation as a type target (see `Binding`): `C`, `*C` (a collection of C) or `{K,V` (a mapping);
    "" when it names no single class. `Optional[...]`, `... | None` and string annotations are seen through."""
    for _ in range(8):  # a string annotation holds at most a few levels of strings and optionals
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value.strip(), mode="eval").body
            except (SyntaxError, ValueError):
                return ""
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            if isinstance(node.right, ast.Constant) and node.right.value is None:
                node = node.left
                continue
            if isinstance(node.left, ast.Constant) and node.left.value is None:
                node = node.right
                continue
            return ""
        if isinstance(node, ast.Subscript):
            base = chain_of(node.value)
            args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if base is None:
                return ""
            if base[-1] in _WRAPPERS:  # `Optional[T]`, `Final[T]`, `ClassVar[T]`, `Annotated[T, ...]` type as `T`
                node = args[0]
                continue
            if base[-1] in ("type", "Type"):
                inner = annotation_type(args[0])
                return f"^{inner}" if inner and inner[0] not in "*{^" else ""
            if base[-1] in ("tuple", "Tuple") and not (len(args) == 2 and isinstance(args[1], ast.Constant)):
                return _fixed_tuple(node.slice, args)
            if base[-1] in _COLLECTIONS or (
                base[-1] in ("tuple", "Tuple") and len(args) == 2 and isinstance(args[1], ast.Constant)
            ):
                inner = annotation_type(args[0])
                return f"*{inner}" if inner and inner[0] not in "*{^" else ""
            if base[-1] in _MAPPINGS and len(args) == 2:
                key, value = annotation_type(args[0]), annotation_type(args[1])
                return f"{{{key},{value}" if (key or value) and not {key[:1], value[:1]} & {"*", "{"} else ""
            return ".".join(base)  # a generic class: `IO[str]`, `Popen[bytes]` are instances of it
        chain = chain_of(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
        if chain is not None and chain[-1] in _BARE_QUALIFIERS:
            return ""  # a bare `Final` / `ClassVar` says nothing of the class: the assigned value's type stands
        return ".".join(chain) if chain is not None else ""
    return ""


_WRAPPERS = frozenset({"Optional", "Final", "ClassVar", "Annotated", "Required", "NotRequired", "ReadOnly"})
"""Special forms whose first argument is the annotation's type."""
_BARE_QUALIFIERS = frozenset({"Final", "ClassVar"})


def _fixed_tuple(whole: ast.expr, args: list[ast.expr]) -> str:
    """`tuple[A, B]` as a type target: `(A;B`, each position's own target ("" where it names no single class, or
    holds a mapping or another tuple); unpacking the value gives each name its position's class."""
    if isinstance(whole, ast.Tuple) and not whole.elts:
        return "("  # `tuple[()]`
    parts = (annotation_type(arg) for arg in args)
    return "(" + ";".join(part if not {",", ";", "("} & set(part) else "" for part in parts)
