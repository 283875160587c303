"""What a name can denote, as typed records.

Each record is a named tuple whose last field is a constant kind tag, so two records of different kinds never
compare equal, hashing and comparing cost what a tuple's do (the walk builds and dedupes millions of them), and
`match` reads them by class: `case ProjectFunction(module, index):`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias

from pytest_claims.records import StubSymbol


class ProjectModule(NamedTuple):
    """A module of the project (or of a followed package)."""

    name: str
    kind: Literal["pmod"] = "pmod"


ClassKey = tuple[str, int]
"""A project class: (module name, index into its FileFacts.classes)."""


class ProjectFunction(NamedTuple):
    """A project function or method: its module and its index into `FileFacts.functions` (`idx`).

    `receiver`: for a method found on a value of known class, that class, when it is narrower than the class
    defining the method (`D().helper()` with `helper` defined in `Base`): inside the method `self` stands for
    that class or a project subclass of it. None: `self` stands for the defining class (or any subclass)."""

    module: str
    idx: int
    receiver: ClassKey | None = None
    kind: Literal["pfunc"] = "pfunc"


class ProjectClosure(NamedTuple):
    """What a call of a project function returns when that is one of its own nested defs or lambdas
    (`FunctionFacts.closes`): calling it runs those bodies in the function's scope (`receiver` as for the
    function)."""

    module: str
    idx: int
    receiver: ClassKey | None = None
    kind: Literal["pclosure"] = "pclosure"


class ProjectClass(NamedTuple):
    """A project class itself. `dispatch`: reached through `cls` or `type[C]`, so it may be any project subclass
    (a call on it may land in a subclass's override)."""

    module: str
    idx: int
    dispatch: bool = False
    kind: Literal["pclass"] = "pclass"


class ProjectInstance(NamedTuple):
    """An instance of a project class (or of any project subclass of it). `without`: project subclasses it is known
    to be no instance of (nor of their subclasses): the `self` of a method entered by its name's lookup, which
    the subclasses overriding that name never run (`Exclusion.outside`)."""

    module: str
    idx: int
    without: tuple[ClassKey, ...] = ()
    kind: Literal["pinst"] = "pinst"


class StdName(NamedTuple):
    """A stdlib module, function, class or variable, as the target's stubs declare it."""

    dotted: str
    symbol: StubSymbol
    kind: Literal["std"] = "std"


class StdInstance(NamedTuple):
    """An instance of a stdlib class (`builtins.str`, `pathlib.Path`)."""

    module: str
    qualname: str
    kind: Literal["sinst"] = "sinst"


class StdMethod(NamedTuple):
    """A method of a stdlib value, named by the class that defines it, and where it was looked up: the value's
    own class, which is what a stub's `Self` means."""

    dotted: str
    symbol: StubSymbol
    looked_up: tuple[str, str]
    kind: Literal["vstd"] = "vstd"


class External(NamedTuple):
    """A name of a third-party package, not analysed."""

    dotted: str
    kind: Literal["ext"] = "ext"


class Missing(NamedTuple):
    """A name that resolves to nothing the analysis can see, and why (a frontier entry when used)."""

    dotted: str
    reason: str
    kind: Literal["missing"] = "missing"


class Elements(NamedTuple):
    """A collection whose elements are `item`."""

    item: Sym
    kind: Literal["elems"] = "elems"


class MapOf(NamedTuple):
    """A mapping from `key` to `value`."""

    key: Sym
    value: Sym
    kind: Literal["map"] = "map"


class ContainerMethod(NamedTuple):
    """A method of a known container whose call gives `result` (`d.get` of a mapping gives its value)."""

    result: Sym
    kind: Literal["bound"] = "bound"


class Opaque(NamedTuple):
    """Known, and nothing to follow (a constant, a dunder of a module, a method of a known container)."""

    kind: Literal["opaque"] = "opaque"


class Unknown(NamedTuple):
    """A value whose class is not known statically: a call on it is a blind spot (semantics §5)."""

    kind: Literal["unknown"] = "unknown"


Sym: TypeAlias = (
    ProjectModule
    | ProjectFunction
    | ProjectClosure
    | ProjectClass
    | ProjectInstance
    | StdName
    | StdInstance
    | StdMethod
    | External
    | Missing
    | Elements
    | MapOf
    | ContainerMethod
    | Opaque
    | Unknown
)
"""Everything a name or an expression can denote."""

OPAQUE = Opaque()
UNKNOWN = Unknown()
TYPE_INSTANCE = StdInstance("builtins", "type")
"""What `x: type` types: some class, which an annotated alias (`x: type = Base`) knows exactly."""

HOLDS_METHODS = (ProjectClass, ProjectInstance, ProjectModule)
"""What an attribute lookup can find a project function in: every other kind of value gives a stdlib,
third-party, unknown or container answer."""


def order(sym: Sym) -> tuple[str, str]:
    """A total order over symbols of every kind: by kind, then by fields (candidates are listed in it)."""
    return sym[-1], repr(sym[:-1])


def instance_of(symbol: StubSymbol) -> StdInstance:
    """An instance of the stdlib class `symbol` declares."""
    return StdInstance(*symbol.where)


def as_written(chain: tuple[str, ...]) -> str:
    """A use's chain as the source writes it: a local standing for a narrowed name (`x@0`, inside an `isinstance`
    branch or a loop's body) is that name, and a call's step (`()`, or the classes it passes, `(s,?)`) is `(...)`:
    `make().run` reads `make(...).run`, since the step keeps no text of what was passed."""
    written = ""
    for part in chain:
        if part.startswith("("):
            written += "(...)"
        else:
            name = part.partition("@")[0]
            written = f"{written}.{name}" if written else name
    return written
