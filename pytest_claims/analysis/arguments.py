"""Literal arguments (semantics §5): a call that passes a literal, or leaves a parameter at a literal default, decides
the callee's own tests of that parameter, the way a platform guard is decided.

This module says how a literal is written down in the facts, what a call passes and what a def accepts, and,
given both sides, which tested parameters a call decides. (Which parameters a body never binds again, so that
a test of one reads the argument, the extractor tracks as it walks: `facts._FunctionBuilder.stored`.) It reads
syntax only and imports nothing of the project.
"""

from __future__ import annotations

import ast

from pytest_claims.records import Decided

Lit = tuple[str, object]
"""A literal as the facts keep it: its kind and value, `("None", None)`, `("bool", True)`, `("int", 3)`,
`("float", 0.5)`, `("str", "x")`, and a tuple of such literals, its items as `Lit`s: the empty tuple `("tuple", ())` (a
common default: never None, false, nothing to iterate), `("tuple", (("int", 5), ("str", "final")))` (a module's
`VERSION`, whose items a test may read: `version[3] == "alpha"`). The kind keeps `True` and `1` apart where Python's
`==` would not (as keys); `plain` gives the value `==` compares."""

Passed = tuple[tuple[object, ...], tuple[tuple[str, object], ...]]
"""What a call passes: each positional argument's `Lit` (None: not a literal), and each keyword's (name, `Lit`
or None). A call with `*args` or `**kwargs` has none: what it passes is not known. An argument that is a plain
dotted name is kept as `(NAMED, "a.b")`: no literal, but what a stored callable may be (`Cache(timer=t)`)."""

NAMED = "name"
"""The kind of a passed argument that is a dotted name, not a literal: it decides no test."""

MADE = "made"
"""The kind of a passed argument that is a call of a dotted name (`io.BytesIO()` is `(MADE, "io.BytesIO")`): when
the name is a class, the argument is an instance of it, never None (a catalogue condition may read that)."""

VALUE = "value"
"""The kind of a passed argument that is a display or a literal the facts do not keep (`b"x"`, `f"{x}"`, `[1]`, a
long string): never None, of the class its value names (`(VALUE, "bytes")`)."""

SURE = "sure"
"""The kind of a passed argument that is a name the caller's body shows is never None: `self`, a parameter annotated
with a class (no `Optional`, no None default) or a local every binding of which is a call or a display, and which
nothing else binds (`(SURE, "buf")`). Like `NAMED`, what a stored callable may be."""

LITERALS = frozenset({"None", "bool", "int", "float", "str", "tuple"})
"""The kinds of `Lit` that decide a test of a parameter against a literal; `NAMED`, `MADE` and `VALUE` decide none."""

SOME = "some"
"""The kind of a decided parameter whose argument is never None but whose value is not known (a display or a string,
`VALUE`; the caller's own `self` or `cls`): it decides `p is None` / `p is not None` only."""

INSTANCE = "instance"
"""The kind of a decided parameter whose argument's class is known: never None, and its value the answers to the
callee's `isinstance` tests of the parameter, `((classes as written, answer), ...)` (a test not among them stays
open)."""

FUNCTION = "function"
"""The kind of a decided parameter whose argument is a plain module-level def passed by name (`connect(receiver)`):
never None, and without the members only a bound method has (`FUNCTION_LACKS`), so `hasattr(p, "__self__")` is
false. Its value is None."""

FUNCTION_LACKS = frozenset({"__func__", "__self__"})
"""The members a bound method has and a plain function lacks: what `hasattr` tests to tell the two apart
(Django's `dispatch._make_id`)."""

BASES = "bases"
"""The kind of a passed argument that is a class statement's bases, handed to its metaclass's `__new__`, `__init__`
and `__prepare__`: `(BASES, ("a.B", "C"))`, each base's dotted name as written in the statement's body, "<?>" for one
the walk cannot name (a call, a subscript). Never None, and of as many classes as written."""

NAMESPACE = "namespace"
"""The kind of a passed argument that is a class statement's namespace, handed to its metaclass's `__new__` and
`__init__`: `(NAMESPACE, "a.Meta")`, the metaclass keyword's dotted name as written ("" for none, "<?>" for one the
walk cannot name). What `__prepare__` made: the metaclass the statement names and its bases' say which one runs."""

TYPES = "<types>"
"""Opens the name of an entry of a `Decided` holding the classes of a parameter a class statement passes its
metaclass's hooks (`resolution/namespaces.py`): `(TYPES + parameter, TYPES, (value, ...))`, each value
`("std", module, qualname)` (an instance of a stdlib class: `builtins.dict`, the bases' `builtins.tuple`) or
`("project", module, index)` (an instance of a project class). One entry per parameter, so that a walk entering the
hook in many contexts keeps those all its contexts agree on (`walk._grouped`). No parameter has such a name, so no
test reads it."""

CLASSES = "<classes>"
"""Opens the name of the entry of a `Decided` holding the classes a bases parameter's tuple holds, beside its `TYPES`
entry: `(CLASSES + parameter, CLASSES, (key, ...))`, a project class's `(module, index)`, `()` for any other. No
parameter has such a name, so no test reads it."""

ELEMENTS = "elements"
"""The kind of a decided parameter passed a class statement's bases (`BASES`): never None, and its value is
`(count, ((classes as written, answer), ...))`, how many bases there are (so `if not bases` is decided) and whether
any of them is an instance of each class tuple the callee's `any(isinstance(b, C) for b in bases)` tests name."""

TRUTH = "truth"
"""The kind of a decided parameter whose value is not known but whose truth is (the value `True` or `False`): one the
body binds again only to values of the argument's truth (`analysis.keeps`, `context.settled`). It decides `if p:`,
`if not p:` and, where true, `p is None`; nothing else."""

DECIDING = LITERALS | {SOME, FUNCTION, TRUTH}
"""The kinds of a decided parameter (`Decided`)."""

HOPS = ""
"""The name of the entry of a `Decided` that counts how many calls its values were passed on through unchanged
since the function that first passed them on (`(HOPS, "hops", (n, origin))`, `origin` that function as (module,
qualname, line); absent: none). No parameter has this name, so no test reads it."""

START = "<start>"
"""The name of the entry of a `Decided` marking the function a claim's walk starts from (`STARTED`): any caller may
have called it, so its parameters hold what the project's own calls pass (`stored.Stored.passed`); inside the walk a
parameter holds what the walk's own call passed. No parameter has this name, so no test reads it."""

STARTED: Decided = ((START, START, True),)
"""The context a claim's walk enters its claiming function in, when its body may use that (`FunctionFacts.received`)."""

FROM = "<from>"
"""The name of the entry of a `Decided` saying which parameters hold a value the walk's start was passed:
`(FROM, FROM, (hops, ((parameter, module, function index, start's parameter), ...)))`. A parameter of the start that
it passes on unchanged to a plain function holds there what the project's calls pass the start, up to `MAX_HOPS`
more calls. No parameter has this name, so no test reads it."""

CLOSURE = "<closure>"
"""The name of the entry of a `Decided` that enters a factory for the value its call returned (`(CLOSURE,
CLOSURE, spans)`, `FunctionFacts.closes`): only the uses on those lines run, in the factory's scope. No parameter
has this name, so no test reads it."""

OUTSIDE = "<self>"
"""The name of the entry of a `Decided` that says which project subclasses the method's `self` is no instance of
(`(OUTSIDE, "outside", ((module, class index), ...))`; absent: none known): a method entered by a lookup of its name
on an instance never runs for the subclasses that override the name (`Exclusion.outside`). No parameter has this
name, so no test reads it."""

EARLY = "<early>"
"""The name of the entry of a `Decided` holding the decided parameters the body binds again before they are tested,
each decided only at the calls that pass it on before any binding of it can have run (`FunctionFacts.early`):
`(EARLY, EARLY, ((parameter, kind, value), ...))`. No parameter has this name, so no test reads it."""

FIELD_MARK = ">self."
"""What joins a parameter and a field of `self` in the name of a test of that field (`field_test`)."""

MAX_HOPS = 2
"""How many times a decided parameter is passed on: a literal decides the tests of the function it is passed to and
of the next two that receive it unchanged, three calls deep."""

MAX_TEXT = 64
"""Longer string literals are not kept (a test against one is rare, and facts stay small)."""

MAX_ITEMS = 16
"""Longer tuple displays are not kept as literals (a version tuple has five items)."""


# claims: deterministic
def field_test(param: str, field: str) -> str:
    """The name a test of `self.field` is kept under where it reads what `param` held when stored there
    (`analysis.fieldtests`): `size>self.size`. No parameter has such a name, and no dotted name written in the code
    either, so only a call's argument for `param` decides it (`decide`), and nothing passes it on."""
    return f"{param}{FIELD_MARK}{field}"


# claims: deterministic
def tested_param(name: str) -> str:
    """The parameter a tested name reads: itself, or the one a field test's field was stored from."""
    return name.partition(FIELD_MARK)[0]


# claims: deterministic
def literal(node: ast.expr | None) -> Lit | None:
    """The literal a node writes (`None`, `True`, `3`, `-1`, `"x"`, `()`, a tuple of those but tuples, `(5, "final")`),
    or None for anything else."""
    if isinstance(node, ast.Tuple) and isinstance(node.ctx, ast.Load) and len(node.elts) <= MAX_ITEMS:
        items = [literal(item) if not isinstance(item, ast.Tuple) else None for item in node.elts]
        return ("tuple", tuple(i for i in items if i is not None)) if all(items) else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        number = node.operand.value
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            return None
        return ("int" if isinstance(number, int) else "float", -number)
    if not isinstance(node, ast.Constant):
        return None
    value = node.value
    if value is None:
        return ("None", None)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("float", value)
    if isinstance(value, str) and len(value) <= MAX_TEXT:
        return ("str", value)
    return None


# claims: deterministic
def plain(lit: Lit) -> object:
    """What Python's `==` compares of a literal: its value, a tuple's items' values (`(True,) == (1,)` holds)."""
    if lit[0] == "tuple" and isinstance(lit[1], tuple):
        return tuple(plain(item) for item in lit[1] if isinstance(item, tuple))
    return lit[1]


# claims: deterministic
def passed(call: ast.Call) -> Passed | None:
    """What a call passes, or None when it unpacks (`f(*a)`, `f(**k)`)."""
    positional: list[object] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            return None
        positional.append(literal(arg) or named(arg) or made(arg))
    keywords: list[tuple[str, object]] = []
    for keyword in call.keywords:
        if keyword.arg is None:
            return None
        keywords.append((keyword.arg, literal(keyword.value) or named(keyword.value) or made(keyword.value)))
    return tuple(positional), tuple(keywords)


# claims: deterministic
def dotted(node: ast.expr) -> str | None:
    """`a.b.c` as written, or None for anything but a name and its attributes."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


# claims: deterministic
def named(node: ast.expr) -> Lit | None:
    """A dotted-name argument as `passed` keeps it (`(NAMED, "time.monotonic")`), or None."""
    name = dotted(node)
    return (NAMED, name) if name is not None else None


_DISPLAYS: tuple[tuple[type[ast.expr], str], ...] = (
    (ast.JoinedStr, "str"),
    (ast.List, "list"),
    (ast.ListComp, "list"),
    (ast.Tuple, "tuple"),
    (ast.Dict, "dict"),
    (ast.DictComp, "dict"),
    (ast.Set, "set"),
    (ast.SetComp, "set"),
    (ast.Lambda, "function"),
    (ast.Slice, "slice"),  # a subscript's `a:b`, the index its implicit `__getitem__` is passed
)


# claims: deterministic
def made(node: ast.expr) -> Lit | None:
    """A constructor-like call (`(MADE, "io.BytesIO")`) or a value that is never None (`(VALUE, "bytes")`), or None
    when the argument could be anything (a subscript, an operator, a call of a call)."""
    if isinstance(node, ast.Call):
        name = dotted(node.func)
        return (MADE, name) if name is not None else None
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, (str, bytes)):
            return (VALUE, type(value).__name__)
        return None
    for shape, kind in _DISPLAYS:
        if isinstance(node, shape):
            return (VALUE, kind)
    return None


# claims: deterministic
def admits_none(annotation: ast.expr | None) -> bool:
    """Whether an annotation lets the value be None: missing, `None`, `Optional[...]`, `Union[..., None]`, `X | None`,
    `Any` / `object`, or a string annotation of one of these (or unreadable)."""
    todo: list[ast.expr | None] = [annotation]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value.strip(), mode="eval").body
            except (SyntaxError, ValueError):
                return True
        if node is None or (isinstance(node, ast.Constant) and node.value is None):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            todo.extend((node.left, node.right))
            continue
        name = dotted(node.value if isinstance(node, ast.Subscript) else node)
        last = name.rpartition(".")[2] if name is not None else ""
        if last in ("Optional", "Any", "object", "TypeVar") or name is None:
            return True
        if last == "Union" and isinstance(node, ast.Subscript):
            inner = node.slice
            todo.extend(inner.elts if isinstance(inner, ast.Tuple) else [inner])
    return False


# claims: deterministic
def never_none_params(args: ast.arguments) -> frozenset[str]:
    """A def's parameters that are never None: annotated with a class that does not admit None, with no None
    default (`*args` / `**kwargs` aside)."""
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr | None] = dict(
        zip([p.arg for p in positional[len(positional) - len(args.defaults) :]], args.defaults, strict=True)
    )
    defaults.update((p.arg, d) for p, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None)
    sure: set[str] = set()
    for param in (*positional, *args.kwonlyargs):
        default = defaults.get(param.arg)
        if default is not None and (literal(default) or made(default) or ("None", None))[0] in ("None", MADE):
            continue  # a None default, or one that may be None (a name, a call of a function)
        if not admits_none(param.annotation):
            sure.add(param.arg)
    return frozenset(sure)


Signature = tuple[tuple[str, ...], int, tuple[str, ...], Decided]
"""What a def accepts, as far as literal arguments go: its positional parameter names (`self` included), how
many of them are positional-only, its keyword-only names, and its literal defaults (parameter, kind, value)."""


# claims: deterministic
def signature(args: ast.arguments) -> Signature:
    positional = [*args.posonlyargs, *args.args]
    defaults: list[tuple[str, str, object]] = []
    for param, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True):
        value = literal(default)
        if value is not None:
            defaults.append((param.arg, *value))
    for param, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        value = literal(kw_default)
        if value is not None:
            defaults.append((param.arg, *value))
    return (
        tuple(p.arg for p in positional),
        len(args.posonlyargs),
        tuple(p.arg for p in args.kwonlyargs),
        tuple(defaults),
    )


# claims: deterministic
def bound(accepts: Signature, call: Passed, shift: int) -> dict[str, object] | None:
    """What a call binds each parameter to: what it passes (`Passed`'s values), or the literal default it leaves
    (a parameter left at a default that is no literal is absent). None when the call cannot bind (more positional
    arguments than accepted, a name given twice, a positional-only name as a keyword). `shift` is how many leading
    parameters the call does not pass (1 for `self` / `cls` of a bound method)."""
    positional, posonly, kwonly, defaults = accepts
    given, keywords = call
    if len(given) > len(positional) - shift:
        return None  # more than it accepts positionally: `*args`, or an error; nothing decided
    values: dict[str, object] = dict(zip(positional[shift:], given, strict=False))
    for name, value in keywords:
        if name in values or (name in positional[:posonly]):
            return None  # given twice, or a positional-only name as a keyword: an error at run time
        values[name] = value
    for name, kind, value in defaults:
        if name not in values and (name in positional[shift:] or name in kwonly):
            values[name] = (kind, value)
    return values


# claims: deterministic
def decide(tests: tuple[str, ...], accepts: Signature, call: Passed, shift: int) -> Decided:
    """The tested parameters a call decides: each one it passes a literal to, or leaves at a literal default, and
    each one it passes a value that is never None (`SOME`); a field test (`field_test`) by its parameter's."""
    values = bound(accepts, call, shift)
    if values is None:
        return ()
    decided: list[tuple[str, str, object]] = []
    for name in tests:
        value = values.get(tested_param(name))
        if isinstance(value, tuple) and len(value) == 2 and value[0] in DECIDING:
            decided.append((name, value[0], value[1]))
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == VALUE:
            decided.append((name, SOME, None))
    return tuple(sorted(decided, key=lambda d: d[0]))


Arity = tuple[tuple[str, ...], int, int, tuple[str, ...], tuple[str, ...], bool, bool]
"""How a def binds a call's arguments: its positional parameter names (`self` included), how many of them have no
default, how many are positional-only, its keyword-only names, those of them with no default, and whether it
takes `*args` and `**kwargs`. The empty tuple: not known (a decorator may change what it accepts)."""


# claims: deterministic
def arity(args: ast.arguments) -> Arity:
    positional = [*args.posonlyargs, *args.args]
    return (
        tuple(p.arg for p in positional),
        len(positional) - len(args.defaults),
        len(args.posonlyargs),
        tuple(p.arg for p in args.kwonlyargs),
        tuple(p.arg for p, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None),
        args.vararg is not None,
        args.kwarg is not None,
    )


# claims: deterministic
def fits(accepted: Arity | tuple[()], given: int, keywords: tuple[str, ...], shift: int) -> bool:
    """Whether a call passing `given` positional arguments and `keywords` binds to a def that accepts `accepted`
    without a TypeError; `shift` leading parameters (`self` / `cls` of a bound method) are bound already. An
    unknown arity fits any call."""
    if not accepted:
        return True
    positional, required, posonly, kwonly, required_kw, varargs, varkw = accepted
    params = positional[shift:]
    if given > len(params) and not varargs:
        return False
    bound = set(params[:given])
    names = set(positional[max(posonly, shift) :]) | set(kwonly)
    for name in keywords:
        if (name in bound or name in positional[:shift]) and name not in positional[:posonly]:
            return False  # given twice
        if name not in names and not varkw:
            return False  # no such parameter (a positional-only name included)
    for index in range(shift, required):
        if index - shift >= given and (positional[index] not in keywords or index < posonly):
            return False  # a parameter with no default left unbound
    return all(name in keywords for name in required_kw)
