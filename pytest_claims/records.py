"""The records the stages exchange: plain data, no behaviour beyond properties, no project imports.

Every layer imports from here and this module imports nothing of the project, so the data flow reads one
way: facts (one parse of one file) -> summaries (what one function reaches on one target) -> verdicts (a
walk's outcome) -> results (what reports and the plugin show). The caches persist these records as plain
tuples through codecs derived from the field lists below (`codec`), and the cache version is derived
from the same definitions: adding or changing a field can never serve an entry of the old shape.
NamedTuples where many are built or read back on a warm run; frozen slotted dataclasses elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

FACTS_MAKERS = (
    "pytest_claims.analysis.facts",
    "pytest_claims.analysis.arguments",
    "pytest_claims.analysis.chains",
    "pytest_claims.analysis.closures",
    "pytest_claims.analysis.comments",
    "pytest_claims.analysis.computed",
    "pytest_claims.analysis.contents",
    "pytest_claims.analysis.early",
    "pytest_claims.analysis.failures",
    "pytest_claims.analysis.keeps",
    "pytest_claims.analysis.lines",
    "pytest_claims.analysis.fieldtests",
    "pytest_claims.analysis.filtertests",
    "pytest_claims.analysis.freshlocals",
    "pytest_claims.analysis.rejectsnone",
    "pytest_claims.analysis.returned",
    "pytest_claims.analysis.installed",
    "pytest_claims.analysis.namedstores",
    "pytest_claims.analysis.settled",
    "pytest_claims.analysis.sharing",
    "pytest_claims.analysis.valueflow",
    "pytest_claims.analysis.conditions",
    "pytest_claims.analysis.specials",
    "pytest_claims.records",
    "pytest_claims.codec",
)
"""The modules whose code decides what a fact means and how it is stored (the fact pass and what it imports of
the package, a test keeps the list whole): the digest of their source (`codekey.code_digest`) is part of the
facts cache's namespace, so facts made by other code are never read back, whatever changed."""

HANDED = "<handed "
"""How the `code` of a `ref` use begins when the use is a dotted name passed to a call without `*` / `**`:
`<handed I S>`, I the index of the call's `call` use, S the argument's position or keyword."""

THIRD_PARTY = "third-party code ("
"""How a frontier entry for code outside the project and the stdlib begins (`external = "trust"` drops them)."""

MAX_ALIAS_DEPTH = 24
"""How many alias, re-export and star-import hops a name may take before it is unevaluable (the resolver's
bound, published in the reports' `limits`)."""

CONSTRUCTS = "<cls>"
"""`FunctionFacts.result` of an unannotated classmethod whose every `return` is a call of its `cls`: it gives an
instance of the class it is called on."""

HIERARCHY = "<hierarchy>"
"""A pseudo-module in dependency sets: the computation looked for overrides in the project's subclasses, so
it is stale whenever any module's classes (their names, bases, methods or class-body assignments) change."""

METHOD_NAMES = "<methods>"
"""A pseudo-module in dependency sets: the computation asked whether the project's classes bind a method name
(a call on a value of unknown class is a blind spot only when one does, semantics §5). Each name asked is recorded
too, as `method_name(name)`: the computation is stale when a changed module binds that name differently in its
classes; by this marker alone, when what a changed module bound before is not known."""


def method_name(name: str) -> str:
    """The pseudo-module of one method name asked about (`METHOD_NAMES`)."""
    return f"{METHOD_NAMES}{name}"


CALLED_NAMES = "<called>"
"""A pseudo-module in dependency sets: the computation looked for the project's calls of a function (argument
values, semantics §4.7), reading the modules whose text names it under any of its names. Each name is recorded too,
as `called_name(name)`: the computation is stale when a changed module's text holds one of them (a module that
held none before was not read, and may now call it); by this marker alone, when a changed text cannot be read."""


def called_name(name: str) -> str:
    """The pseudo-module of one name the calls of a function were looked for under (`CALLED_NAMES`)."""
    return f"{CALLED_NAMES}{name}"


PLATFORM = "<platform>"
"""A pseudo-module in dependency sets (`Summary.deps`): the computation consulted something that differs
between the targets of the run, so its result is kept per platform."""

# --------------------------------------------------------------------------------------------------------
# Conditions and facts (one parse of one file, every platform)


class CondConst(NamedTuple):
    """A literal `True` / `False`; `flag` "TYPE_CHECKING" for `typing.TYPE_CHECKING`, false on every target, told
    apart from a literal `False` because what it guards still types annotations."""

    value: bool
    flag: str = ""
    tag: Literal["const"] = "const"


class CondUnknown(NamedTuple):
    """A test the analysis does not decide: both branches stay."""

    tag: Literal["unknown"] = "unknown"


class CondPlatform(NamedTuple):
    """`sys.platform` (`subject` "platform"), `os.name` ("osname") or `platform.system()` ("system") against a
    literal; `op`: == != in notin startswith."""

    subject: str
    op: str
    value: str | tuple[str, ...]
    tag: Literal["platform"] = "platform"


class CondVersion(NamedTuple):
    """`sys.version_info[:len(value)] <op> value`."""

    op: str
    value: tuple[int, ...]
    tag: Literal["version"] = "version"


class CondImport(NamedTuple):
    """`try: import module` / `from module import name` succeeds (`name` None: the module alone)."""

    module: str
    name: str | None
    tag: Literal["import"] = "import"


class CondHas(NamedTuple):
    """`hasattr(module, "name")` of a stdlib module: the target's stubs have the member (unknown for a module they
    do not have)."""

    module: str
    name: str
    tag: Literal["has"] = "has"


class CondParam(NamedTuple):
    """A test of a parameter its body never rebinds (of the def at `function` in `FileFacts.functions`): against a
    literal (`op` truth is isnot == !=; `value` an `arguments.Lit`, None for truth), of its class (op isinstance;
    value ("class", dotted names)), of whether any of its elements is of a class (op anyinstance, same value:
    `analysis.filtertests`) or of a member (op hasattr; value ("attr", name)). Unknown on every target,
    decided by the literal arguments a call passes (semantics §5)."""

    function: int
    name: str
    op: str
    value: tuple[str, object] | None
    tag: Literal["param"] = "param"


class CondNot(NamedTuple):
    operand: Cond
    tag: Literal["not"] = "not"


class CondAnd(NamedTuple):
    parts: tuple[Cond, ...]
    tag: Literal["and"] = "and"


class CondOr(NamedTuple):
    parts: tuple[Cond, ...]
    tag: Literal["or"] = "or"


Cond = (
    CondConst | CondUnknown | CondPlatform | CondVersion | CondImport | CondHas | CondParam | CondNot | CondAnd | CondOr
)
"""A platform or version condition, compiled once from source and evaluated per target (`analysis.conditions`): a
tree of tagged named tuples, hashable and cheap to cache; each keeps its `tag` (last), so conditions of different
kinds never compare equal and the stores tell them apart (`codec`)."""


Guard = tuple[tuple[int, bool], ...]
"""A conjunction of (condition index, polarity); the empty guard always holds."""


Decided = tuple[tuple[str, str, object], ...]
"""The literal arguments a call decides its callee's parameters with, sorted: (parameter, kind, value) each
(`analysis.arguments` names the kinds and the entries no parameter has). Empty: nothing decided."""


Use = tuple[tuple[str, ...], str, int, int, str]
"""A name used in a function body: (chain, ctx, line, guard, code), a plain tuple so facts stay cheap to cache.

`chain` is the dotted access (`("os", "path", "exists")`); a step `()` is the result of a call (`make().run` is
`("make", "()", "run")`; `(s,?)` that of a call passing a str literal first: `chains.call_step`), a root `<str>` /
`<list>` / `<dict>` / `<set>` / `<tuple>` / `<bytes>` a literal, and the root `<?>` a callee with no name at all
(`handlers[k]()`). `ctx` is how it is used: `call` (the callee of a call), `ref` (a value), `type`
(isinstance/except position: never a reach), `getattr` (the object of `getattr(obj, <non-literal>)`), `setattr` /
`delattr` (`setattr(obj, <non-literal>, v)`, `delattr(obj, ...)`, their `object.__setattr__` / `super()` forms:
the chain ends with the shape of the names, as a `getattr` use's does; its setters run), `probe`
(`hasattr(obj, "name")`: the name is tested, not read; only a project class's `__getattr__` runs), `passed` (a
callable handed to `map`, `sorted(key=)`, ...: `specials.CALLS_ITS_ARGUMENT`), `given` (a value handed to a call
that may call back into it, `dt.astimezone(zone)`, `d[key]`: `specials.CALLS_BACK`; its `code` says the slot, the
callee's chain and the call's text, `specials.given_code`), `identity` (an operand of `is`), `base` (a base or the
metaclass a module-level or class-body `class` statement names: read, its hooks entered by `implicit` uses, a
stdlib or third-party class not entered) or `part` (in a class statement's `state` function: the statement of its
body whose `state` function is named by the chain, at this line) or `escape` (a class defined in the function, named
by the chain, or an instance of it may leave the function here: its methods that reach something are blind spots);
`guard` indexes `FileFacts.guards`; `code` is the call's source text, whitespace-normalised (at most 120
characters), kept only for calls whose callee may turn out to be of unknown type and for `getattr` uses (a blind
spot is reported with it), else "".
`implicit` (a special method Python calls: `("a", "__eq__")` for `a == b`): there `code` is the dotted chain of
the forward call whose landing on a
project method means this reflected one does not happen (`x.__add__` for the `y.__radd__` of `x + y`), or "";
prefixed with `UNTYPED` when the value is a parameter no annotation and no binding seen so far in the body
gives a class: its class is unknown there, so the call is only a blind spot where it may lead somewhere.
"""

UNTYPED = "?"
"""Opens the `code` of an `implicit` use on a value whose class is unknown where it is used (`Use`)."""


class Binding(NamedTuple):
    """A name bound in a scope. `kind` says by what:

    import: `target` is a module (`import a.b` binds `a` to "a"; `import a.b as x` binds x to "a.b");
    from: `from target import member` (target keeps leading dots of a relative import);
    star: `from target import *`; def/class: `target` is the qualname defined here;
    alias: `name = a.b.c` (target "a.b.c"; `name: T = a.b.c` has member T, which types what the alias leaves
    unknown); instance: `name = a.b.C(...)`, `name: a.b.C`, `with a.b.C() as name` (target "a.b.C": the value of
    calling it, or an instance of the class it names; member "declared" for an annotation in a function, which
    types every binding of the name there); element: `for name in a.b` (target "a.b": an element of
    that value; member "[]" for `name = a.b[i]` in a function, one item of it); param: a field set from a
    parameter of the method `member` that its body has not rebound (`self.x = timer`, target "timer"); called: a
    field set from a call on a local of the method whose qualname is `member` (`self.b = maker.make()`, target
    "maker.make.()": the value the call gives there); nested: in a
    function, a local def or `name = lambda` that nothing else binds the name to (its body's uses are the
    function's own); unpacked: `a, name = f()` in a function (target "f.()", member "position/length": that
    position of the value); typevar: `T = TypeVar("T", bound=C)` or `TypeVar("T", A, B)` (target: the type
    targets of its bound or constraints, `;`-separated: what an annotation naming T types); var: any other
    assignment (outside a function, `name = a.B[...]` keeps target "a.B" and member "[]": a class naming the
    name as its base may take the class `a.B` names, as a generic alias's `__mro_entries__` gives it).
    An annotation's target may say more than a class: `*C` is a collection of C (`list[C]`, `Sequence[C]`,
    `tuple[C, ...]`, `set[C]`, `Iterable[C]`), `{K,V` a mapping of K to V (`dict[K, V]`, `Mapping[K, V]`), `(A;B` a
    tuple of an A and a B (`tuple[A, B]`; a position that names no single class is empty).
    A field set from `a or b`, `a and b` or `b if c else d` has one binding per operand, as if each were assigned
    alone; a field set from a module's name alone (`self.f = make_key`) is an alias of it and a var beside it.
    """

    name: str
    kind: str
    target: str
    member: str
    line: int
    guard: int


DISPLAYED = "["
"""The member of an alias of a list, tuple or set display outside a function (`name = [f, C()]`): followed by the
chains of its elements, `;`-separated ("" for an element no chain names), which iterating or indexing the name
gives (semantics §4.7)."""

COPIED = "[:]"
"""The member of a `var` binding of a copy of a dotted name's elements outside a function (`name = a.b[:]`)."""


def holds_elements(binding: Binding) -> bool:
    """Whether a binding outside a function names the elements it holds: a display's alias, a copy."""
    return (binding.kind == "alias" and binding.member.startswith(DISPLAYED)) or (
        binding.kind == "var" and binding.member == COPIED
    )


@dataclass(frozen=True, slots=True)
class FunctionFacts:
    """A module-level function, a method, or a module-level `name = lambda ...`.

    Nested functions, lambdas and classes inside it are part of it: their uses are its uses.
    `first` is the name of the `self`/`cls` parameter of a method; `returns` the return annotation as written.
    """

    qualname: str
    line: int
    cls: str
    kind: str
    """function | method | staticmethod | classmethod | property | lambda | state (what a module-level or
    class-body assignment evaluates, or what a module-level or class-body `class` statement runs: its uses are
    what reading the name reaches)"""
    first: str
    is_async: bool
    guard: int
    uses: tuple[Use, ...]
    locals: frozenset[str]
    bindings: tuple[Binding, ...]
    returns: str
    result: str
    """The return annotation as a type target (see `Binding`), "" when it names no class; `CONSTRUCTS` for a
    classmethod with no annotation whose every `return` gives `cls(...)` (an alternate constructor)."""
    tests: tuple[str, ...] = ()
    """The parameters its body tests against literals and never rebinds, or rebinds only under tests
    (`guarded`): a call's literal arguments decide those tests (semantics §5; the `param` conditions)."""
    accepts: tuple[tuple[str, ...], int, tuple[str, ...], Decided] = ((), 0, (), ())
    """What it accepts (`arguments.Signature`), kept only when `tests` is not empty."""
    calls: tuple[tuple[int, tuple[tuple[object, ...], tuple[tuple[str, object], ...]]], ...] = ()
    """What each of its calls without `*` / `**` passes: (index of the `call` use, `arguments.Passed`); also for an
    attribute store's or delete's `implicit` use of `__setattr__` / `__delattr__`, the attribute's name."""
    params: tuple[tuple[str, int, str, int], ...] = ()
    """Its parameters, for a method named `__init__` or a def with a default that is a dotted name (what a callable
    stored from a parameter may be): (name, position among the positional ones, `self` included, or -1 for a
    keyword-only one, the default as a dotted name ("" none, "?" any other expression), the default's line)."""
    gives: tuple[str, ...] = ()
    """For a property's getter, the chain each of its `return` statements gives (see `Binding`: "?" a value that
    is no chain, and for a getter with no `return`); a setter's or deleter's is empty."""
    arity: tuple[tuple[str, ...], int, int, tuple[str, ...], tuple[str, ...], bool, bool] | tuple[()] = ()
    """For a def in a class body whose decorators leave its arguments as they are, how it binds a call's arguments
    (`arguments.Arity`): a call on a protocol-typed value enters only the implementers it fits."""
    received: tuple[tuple[str, int], ...] = ()
    """For a plain function (no class), the parameters its body never binds again nor shadows (a nested def's or
    lambda's own parameter of the same name, an assignment, `global`), with their position among the positional
    ones (-1 for a keyword-only one): such a parameter holds what a call passes for it, and the project's own calls
    show some of that (`stored.Stored.passed`)."""
    decorated: tuple[str, ...] = ()
    """Its decorators other than `staticmethod`, `classmethod` and `abstractmethod`, each a dotted chain as written,
    `name()` for a call of one, "<?>" for anything else: a call's arguments decide its `tests` only where each of
    them is known to hand the def back unchanged (`hands_back`)."""
    hands_back: str = ""
    """What it returns when used as a decorator, read from its own `return` statements: "arg" when each returns its
    first argument (after `self` / `cls`) as it came, "def" when each returns a local def that does that itself (a
    decorator factory, a registry's `register("name")`); "" anything else."""
    guarded: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The parameters of `tests` its body binds again, each only under tests: (name, the guards of those
    bindings). A call decides such a parameter only where its arguments rule every one of those guards out, so
    the parameter still holds the argument wherever it is tested (`context.settled`)."""
    self_calls: tuple[int, ...] = ()
    """For a method, its `call` uses whose first positional argument is its own first parameter (`Base.m(self)`)."""
    early: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The parameters of `tests` its body binds again (not only under tests the arguments rule out), each with the
    `call` uses that pass it on as a plain name before any binding of it can have run (`analysis.early`): there it
    still holds the argument, so a call passes it on as decided; everywhere else it is open (`context.settled`)."""
    plain: tuple[str, ...] = ()
    """When `tests` holds a test of a field of `self` read just after the body stored a parameter there
    (`analysis.fieldtests`), the field names it relies on being stored and read on `self` without running code: the
    walk decides those tests only where no class `self` may be an instance of hooks or binds one of them
    (`resolution/plainfields.py`)."""
    holds: tuple[tuple[str, str, int], ...] = ()
    """What its body puts in the lists, tuples and sets it builds (`analysis.contents`): (a local bound to a display,
    or `self.attr` for a field of a method's `self`; the chain of an element put in it, "" for one the facts cannot
    see; line). A local's entries are all it may hold; a field's are only what this method adds."""
    leaves: (
        tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[tuple[str, ...], int, tuple[str, ...], Decided]]
        | tuple[()]
    ) = ()
    """For an `__init__` that never hands out `self` (`fieldtests.leaves`): the (field, parameter) pairs of the fields
    it leaves holding a parameter when it returns, every field name it reads or stores on `self`, and what it
    accepts (`arguments.Signature`): a subclass's `super().__init__(*args, **kwargs)` passing on a construction's
    arguments decides its tests of those fields (`resolution/basefields.py`). For an `__enter__`, and a method
    that tests a field it never stores (`entered_reads`): a (field, "") pair per field it reads and never stores,
    the names, its signature (`resolution/freshfields.py`)."""
    closes: tuple[tuple[int, int], ...] = ()
    """For a def each of whose `return`s hands back one of its local defs or a lambda (`analysis.closures`): the
    lines of its body a call of that value runs (first, last), sorted; () for any other def."""
    selves: tuple[str, ...] = ()
    """For such a def, the first parameter of each def or lambda it returns: the instance it runs on where a class
    body binds the def's value as a method (`__eq__ = _make_compare(...)`, `resolution/bodies.py`)."""
    fresh: tuple[str, ...] = ()
    """Its locals bound once, by `x = f(...)`, and read once, as `x.m(...)` (`analysis.freshlocals`): that call runs
    on the value the one call just gave, which nothing else held (`resolution/freshfields.py`)."""
    keeps: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    """The parameters of `tests` its body binds again only by assignments that may keep a call's decision of them
    (`analysis.keeps`), each with those bindings' shapes: a literal, `p and ...`, `p or ...`. A call decides such a
    parameter where every shape keeps what its argument decides (`context.settled`)."""
    returned: tuple[tuple[str, str, int, tuple[tuple[int, bool], ...]], ...] = ()
    """For a plain function whose one `return p` ends its body, where `p` comes from on each path (`analysis.returned`:
    its parameter unchanged, a module-level name, a function-local import; each with the tests on its path, as
    (condition index, polarity)): a call's arguments and the modules' constants may say what it gives back."""
    through: tuple[tuple[str, int], ...] = ()
    """A parameter the def binds once, by its first statement, to a call's value (`p = f(p)`), with that `call` use:
    where the walk knows what the call gives back, every test of `p` reads that (`resolution/returned.py`)."""
    kept: tuple[tuple[str, str, str], ...] = ()
    """Its stores of a parameter it never binds again on an object it reaches by a name it does not bind
    (`CONFIG.field = p`), or a method's on its `self` (`self.field = p`, annotated or not): (that name, the field,
    the parameter), `analysis.valueflow` (semantics §4.7); no line, so that a move of lines changes no fact."""
    either: tuple[tuple[str, str], ...] = ()
    """Its locals it calls (`cls(...)`) bound to a dotted name or to `a or b` / `b if c else d` of them: (the
    local, each dotted operand), `analysis.valueflow`; a call of one constructs each class an operand may be."""
    applied: str = ""
    """The parameter a decorator application hands the decorated def to, where this def is what a call of the
    decorator's value runs: a `__call__` method's first after `self` (`@Deco(...)` over `def f` is
    `Deco(...).__call__(f)`), or the first of the one local def a plain function returns (`@deco(...)` calls that
    def with `f`); only one its body never binds again nor shadows. "" for none (`stored.Stored.applications`)."""


@dataclass(frozen=True, slots=True)
class ClassFacts:
    """A class: its bases as dotted chains (`a.B[]` for a subscript of `a.B`, "<?>" for no chain), its methods
    and attributes by name."""

    qualname: str
    line: int
    guard: int
    bases: tuple[str, ...]
    methods: tuple[tuple[str, int], ...]
    """(name, index into FileFacts.functions), in source order; a name may repeat under different guards."""
    attributes: tuple[Binding, ...]
    """Names bound in the class body."""
    fields: tuple[Binding, ...]
    """Instance attributes a method assigns (`self.x = T(...)`, `self.x = param` with `param: T`, `self.x: T`)."""
    factories: tuple[tuple[str, int], ...]
    """Dataclass / attrs field factories (`field(default_factory=f)`, `attr.ib(factory=f)`): (chain, line)."""
    metaclass: str = ""
    """The `metaclass=` keyword as a dotted chain ("<?>" when it names nothing the walk can follow), "" without
    one (a base's metaclass is then the class's)."""
    decorators: tuple[str, ...] = ()
    """Each class decorator as a dotted chain (the callee of `@dataclass(frozen=True)`; "<?>" for any other
    expression): the name the statement binds is what they return, which may be no instance maker of the class."""
    settled: tuple[tuple[str, int], ...] = ()
    """For a class not defined in a function: (first name of a base or of the metaclass, line of the last
    statement of the module's body above the class's that certainly bound it, `analysis/settled.py`). The class
    statement reads the name as bound there or later, before its own line; a name not listed, as bound anywhere
    above it."""
    literals: tuple[str, ...] = ()
    """The names its body binds only by assigning literals (`creation_counter = 0`): no descriptor, so storing or
    reading one on an instance runs no code of the class's (`resolution/basefields.py`)."""
    values: tuple[tuple[str, tuple[str, object]], ...] = ()
    """Of `literals`, those its body binds once, unconditionally, each with its literal as `arguments.Lit`: what reading
    the name on an instance gives where nothing stores it (`resolution/classliterals.py`)."""


@dataclass(frozen=True, slots=True)
class Directive:
    """A `# claims:` comment, or a decorator of a def that may be `@claims(...)`, as written; validated later
    against the config. Whether a decorator is `pytest_claims.claims` depends on the project's imports (a
    re-export, an alias, a star import), so every decorator of a def is recorded and resolved later."""

    line: int
    form: str
    names: tuple[str, ...]
    function: int
    """Index of the function it is attached to; -1 attached to nothing; -2 on a nested function or a class."""
    error: str
    callee: str = ""
    """A decorator's dotted name as written (NFKC-normalised, as Python reads it); "" for a comment."""


@dataclass(frozen=True, slots=True)
class FileFacts:
    conds: tuple[Cond, ...]
    guards: tuple[Guard, ...]
    bindings: tuple[Binding, ...]
    functions: tuple[FunctionFacts, ...]
    classes: tuple[ClassFacts, ...]
    directives: tuple[Directive, ...]
    problems: tuple[tuple[int, str], ...]
    """(line, message) for what could not be read; a file with problems makes the claims it touches unevaluable."""
    def_count: int
    """How many functions and methods (lambdas excluded) the file defines: the catalogue's coverage base."""
    local_bound: tuple[tuple[str, int], ...] = ()
    """(name, guard) of every name a class defined inside a function may bind (its methods, its body's names, an
    attribute set anywhere in it): that class's body is part of the function, yet a call on a value of unknown
    type may be of one of them (`TargetView.binds`)."""
    named_stores: tuple[int, ...] = ()
    """The lines whose code may store or delete an attribute under a name computed at run time (`setattr(o, name,
    v)`, `o.__dict__[k] = v`, a `__dict__` or `vars()` handed on) or store `__class__` (`analysis/namedstores.py`)."""
    constants: tuple[tuple[str, tuple[str, object]], ...] = ()
    """The module-level names a top-level statement binds to a tuple of literals (`VERSION = (5, 1, 15, "final", 0)`),
    each with that literal (`arguments.Lit`): the name's value where nothing else binds or stores it
    (`resolution/returned.py`)."""


# --------------------------------------------------------------------------------------------------------
# Resolution (one function on one target)

Receiver = tuple[str, int] | None
"""The project class (module, class index) a method is entered for (its `self` an instance of it or of a subclass),
or None: a function, or a method entered for the class that defines it."""


class Node(NamedTuple):
    """A project function as a walk enters it: the context (receiver, literal arguments) it is entered in decides
    its summary (`Summaries.summary_in`). A named tuple: hashable and cheap, the walks build and look up many."""

    module: str
    function_index: int
    """Its place in the module's `facts.functions`."""
    receiver: Receiver = None
    args: Decided = ()

    @property
    def key(self) -> tuple[str, int]:
        """The function, whatever the context: (module, function index)."""
        return (self.module, self.function_index)


class SummaryKey(NamedTuple):
    """Where the summary store keeps a function's summary in a context: the node and the platform, "*" for a
    summary that consulted nothing platform-specific (`persist.store.SummaryStore`)."""

    node: Node
    platform: str


@dataclass(frozen=True, slots=True)
class StubSymbol:
    """`kind`: module | function | class | variable | missing. `where` is (module, dotted path in it)."""

    kind: str
    where: tuple[str, str]
    is_exception: bool = False


class TypeRef(NamedTuple):
    """The class of a stdlib value, as the stubs declare it (`Stubs.returns`, `Stubs.attribute`).

    `kind`: `instance` (the value is an instance of the class) or `elements` (the value is iterated and what
    iteration yields are instances of the class: `list[str]`, `Iterator[Path]`, and a mapping's keys).
    `module` / `qualname`: where the stubs define the class (`("builtins", "str")`, `("pathlib", "Path")`),
    imports and aliases followed.
    """

    kind: str
    module: str
    qualname: str


@dataclass(frozen=True, slots=True)
class Reach:
    """A capability touched directly by a function body."""

    reach: str
    kind: str
    """call | reference | read"""
    line: int
    categories: frozenset[str]
    subject: str
    """The dotted name whose trust covers this entry: the reach itself, or the project class whose construction
    leads to it (a trusted class is trusted with everything its constructor does)."""
    module: str = ""
    """The module whose file holds `line`, when it is not the body's own (a dataclass field's factory, reported
    where it is written)."""
    site: int = 0
    """The line of the body's own call that met it, when `line` is elsewhere (a stored value's binding, a field's
    factory): the last step of a violation's chain (`ChainStep`). 0: `line` itself."""
    how: str = ""
    """How that call met it, when not plainly (`stored`, `constructor`); "" means as `kind` says."""


HOW: dict[str, str] = {
    "call": "a call",
    "reference": "a function value",
    "read": "a read",
    "override": "a subclass's override",
    "protocol": "a protocol implementer",
    "implicit": "a special method Python calls",
    "getter": "a property's getter, run by reading it",
    "setter": "a property's setter, run by assigning it",
    "deleter": "a property's deleter, run by deleting it",
    "callback": "called back by the stdlib",
    "stored": "a stored callable",
    "closure": "a nested def or lambda its factory returned",
    "argument": "a value a project call passes",
    "decorated": "the def a decorator is applied to (`@d` over `def f` is `d(f)`)",
    "state": "module or class state read",
    "class": "a class statement's body run",
    "constructor": "a constructor",
    "redefined": "a later def of the claiming name",
}
"""How a step of a chain was entered, and how the failure text says it. A plain call's step (and a reach's step
that is what the violation's `kind` says) adds no line to the failure text."""


@dataclass(frozen=True, slots=True)
class Edge:
    """A project function a body calls or references (or enters through a constructor)."""

    target: tuple[str, int]
    name: str
    line: int
    subject: str
    """As for `Reach`: the function itself, or the class whose constructor is entered."""
    receiver: Receiver = None
    """The project class a method is entered for (`self` is an instance of it or of a subclass), when narrower
    than the class defining it; None for a function, or a method entered for its own class."""
    args: Decided = ()
    """The literal arguments the call passes to parameters the callee tests (`Decided`): they decide
    those tests when the walk enters it (semantics §5)."""
    how: str = "call"
    """How the body enters it (`HOW`): shown for each step of a violation's chain, so a doubted chain names the
    dispatch that took it."""
    module: str = ""
    """The module whose file holds `line`, when it is not the body's own: a def a decorator is applied to is entered
    where its parameter is called, and its step is placed at the `@` that handed it over (`how` = `decorated`)."""


@dataclass(frozen=True, slots=True)
class Frontier:
    """Something the walk cannot see into; `hint` is the config line that would resolve it."""

    reach: str
    line: int
    reason: str
    hint: str
    subject: str
    """As for `Reach`."""


Blind = tuple[int, str]
"""A call the walk cannot follow (a value of unknown type, a callable passed in or fetched from data): its line
and its source text. A plain pair, so the verdicts that share a function's calls share the very tuple, in
memory and in the stores (a record would be rebuilt for every verdict that reads it back)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What one function's body touches on one target, before any policy (`trusted`, `external`) is applied:
    the walks of claims and rules apply theirs (`analysis.policy`)."""

    reaches: tuple[Reach, ...]
    edges: tuple[Edge, ...]
    frontier: tuple[Frontier, ...]
    blind: tuple[Blind, ...]
    names: tuple[str, ...]
    """Every dotted name the body calls or uses as a value (project, stdlib, third-party), for forbid-reaches
    rules; empty in runs without rules."""
    deps: frozenset[str]
    """Every module whose facts (or absence) this summary was computed from: a cached verdict built on it is
    valid exactly as long as none of these changed."""


# --------------------------------------------------------------------------------------------------------
# Verdicts and results (named tuples of plain fields: a warm run reads thousands back, retyped at C speed)


class ChainStep(NamedTuple):
    """One step of a violation's chain: the hop (or the reach) entered, the file and line of the call, reference
    or read that took it, and how it was entered (`HOW`)."""

    function: str
    file: str
    line: int
    how: str


class Violation(NamedTuple):
    claim: str
    kind: str
    reach: str
    file: str
    line: int
    via: tuple[str, ...]
    steps: tuple[ChainStep, ...] = ()
    """One per hop of `via`, then one for the reach."""


class FrontierEntry(NamedTuple):
    reach: str
    file: str
    line: int
    via: tuple[str, ...]
    reason: str
    hint: str


class BlindSpot(NamedTuple):
    """A call site inside a walk that the walk could not follow (semantics §5), with the hops that led there."""

    file: str
    line: int
    code: str
    via: tuple[str, ...]


class BlindCalls(NamedTuple):
    """The calls one function met by a walk cannot follow, with the hops that led to that function: what a walk
    keeps per function rather than per call, so the many claims whose walks pass one function share its calls
    (a large project has several times fewer of these than blind spots). `blind_spots` spells them out."""

    file: str
    via: tuple[str, ...]
    calls: tuple[Blind, ...]


def blind_spots(found: tuple[BlindCalls, ...]) -> tuple[BlindSpot, ...]:
    """One blind spot per call site, with the chain of its first meeting (a walk keeps its functions nearest
    first), sorted by file, line and code."""
    first: dict[tuple[str, int, str], tuple[str, ...]] = {}
    for file, via, calls in found:
        for line, code in calls:
            first.setdefault((file, line, code), via)
    return tuple(BlindSpot(*site, first[site]) for site in sorted(first))


class Verdict(NamedTuple):
    status: str
    """held | violated | unevaluable"""
    violations: tuple[Violation, ...]
    frontier: tuple[FrontierEntry, ...]
    blind: tuple[BlindCalls, ...]
    """The calls the walk could not follow, per function met (`blind_spots` lists them one by one)."""

    @property
    def blind_spots(self) -> tuple[BlindSpot, ...]:
        return blind_spots(self.blind)


class Claimed(NamedTuple):
    """A function that claims something: the unit the checker gives a verdict to. (A named tuple: a warm
    run rebuilds thousands of them from the verdict store, at a third of a frozen dataclass's cost.)"""

    module: str
    function_index: int
    """Its place in the module's `facts.functions`."""
    qualname: str
    file: str
    line: int
    claims: tuple[str, ...]
    """sorted"""

    @property
    def function(self) -> str:
        return f"{self.module}.{self.qualname}"


@dataclass(frozen=True, slots=True)
class DirectiveError:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        # line 0: a problem of the whole file (unreadable) or of a configured path, which has no line
        return f"{self.file}:{self.line}: {self.message}" if self.line > 0 else f"{self.file}: {self.message}"


class ClaimResult(NamedTuple):
    """The verdict of one claiming function on one platform. (A named tuple: a warm run builds thousands.)"""

    function: str
    module: str
    qualname: str
    file: str
    line: int
    claims: tuple[str, ...]
    platform: str
    status: str
    violations: tuple[Violation, ...]
    frontier: tuple[FrontierEntry, ...]
    blind: tuple[BlindCalls, ...] = ()
    """As its verdict holds them: `blind_spots` lists them one by one, sorted."""

    @property
    def blind_spots(self) -> tuple[BlindSpot, ...]:
        return blind_spots(self.blind)


class Reading(NamedTuple):
    """A module's directive reading as the verdict store keeps it (through its codec, `codec.encode`)."""

    claimed: tuple[Claimed, ...]
    """Its claiming functions."""
    refused: tuple[DirectiveError, ...]
    """Its refused directives, then its file problems."""
    n_refused: int
    """How many of `refused` are refused directives (the rest are file problems)."""
    resolved_through: tuple[str, ...]
    """The other modules its decorators were resolved through: the reading is stale when one changes."""
    renames: tuple[tuple[str, str], ...]
    """The names its module-level bindings give other names (`directives.renamings`)."""


VerdictKey = tuple[str, int, str]
"""What the verdict store keeps a claim's verdict under: (module, function index, platform). A plain tuple, as the
store's keys are written as they are."""


class StoredVerdict(NamedTuple):
    """A claim's verdict on one target as the verdict store keeps it (written as a plain tuple)."""

    read: tuple[str, ...]
    """The modules its walk read (for a claim whose function does not exist on the target: its own module); empty
    for a walk of a run that writes no store (`--no-cache`), which never asks."""
    verdict: object
    """The encoded `Verdict` (`codec.encode`), None when the function does not exist on the target. A walk of the
    running process leaves its `Verdict` here as it is (the verdict its results share): the store encodes it
    when it is written, and only then."""


@dataclass(frozen=True, slots=True)
class RuleResult:
    """The verdict of one forbid-reaches rule on one platform."""

    id: str
    source: str
    """The rule's `from`."""
    target: str
    """The rule's `to`."""
    platform: str
    status: str
    """held | violated | unevaluable"""
    path: tuple[str, ...]
    """Violated: every function from a `from` function to the reached name, both included; else empty."""
    frontier: tuple[FrontierEntry, ...]
    """Unevaluable: what the walk could not see into; `via` runs from the `from` function to the holder."""
    line: int
    """The rule's header line in pyproject.toml (0 when unknown)."""
    blind_spots: tuple[BlindSpot, ...] = ()
    """Call sites the walk could not follow (semantics §5, §12), sorted by file, line, code; `via` runs from the
    `from` function to the function holding the call. A violated rule stops at its first path, so it lists
    those met until then."""
    steps: tuple[tuple[str, int], ...] = ()
    """Violated: for each hop of `path` but the last, the (project-relative file, line) of the call or reference
    in that function that takes the next step (semantics §12); the function's `def` line when the body uses the name
    without a recorded line (a project class without a constructor, a plain stdlib or third-party name). Empty
    otherwise."""
