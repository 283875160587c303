"""The stdlib's return and attribute types, read from the typeshed stubs (semantics §5: `Path.name` is `str`,
`str.split` returns `list[str]`): `Stubs.returns` and `Stubs.attribute`, per target platform and version."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.analysis import stubfiles, stubnames
from pytest_claims.analysis.stubdefs import parse_stub
from pytest_claims.analysis.stubs import Stubs, stubs_for
from pytest_claims.analysis.stubtypes import plain_annotation as _annotation
from pytest_claims.records import TypeRef

HOST = (3, 11)


def instance(module: str, qualname: str) -> TypeRef:
    return TypeRef("instance", module, qualname)


def elements(module: str, qualname: str) -> TypeRef:
    return TypeRef("elements", module, qualname)


STR = instance("builtins", "str")


@pytest.mark.parametrize(
    ("module", "qual", "expected"),
    [
        ("os", "getcwd", STR),
        ("builtins", "str.split", elements("builtins", "str")),
        ("builtins", "str.partition", elements("builtins", "str")),  # tuple[str, str, str]
        ("builtins", "str.encode", instance("builtins", "bytes")),
        ("builtins", "int.from_bytes", instance("builtins", "int")),  # a classmethod returning Self
        ("pathlib", "Path.iterdir", elements("pathlib", "Path")),  # Generator[Self]
        ("pathlib", "Path.glob", elements("pathlib", "Path")),
        ("pathlib", "Path.resolve", instance("pathlib", "Path")),  # Self
        ("pathlib", "Path.with_suffix", instance("pathlib", "Path")),  # Self, defined on PurePath
        ("pathlib", "PurePath.with_suffix", instance("pathlib", "PurePath")),
        ("pathlib", "Path.cwd", instance("pathlib", "Path")),
        ("pathlib", "Path.read_text", STR),
        ("pathlib", "Path.stat", instance("os", "stat_result")),
        ("subprocess", "run", instance("subprocess", "CompletedProcess")),  # every overload agrees
        ("subprocess", "Popen", instance("subprocess", "Popen")),  # calling a class constructs it
        ("re", "compile", instance("re", "Pattern")),  # Pattern[str] | Pattern[bytes] overloads
        ("re", "match", instance("re", "Match")),  # Match[str] | None
        ("logging", "getLogger", instance("logging", "Logger")),
        ("datetime", "datetime.now", instance("datetime", "datetime")),
        ("time", "time", instance("builtins", "float")),
        ("random", "random", instance("builtins", "float")),  # `random = _inst.random`: Random.random
        ("os", "walk", elements("builtins", "tuple")),  # Iterator[tuple[AnyStr, list[AnyStr], list[AnyStr]]]
        ("os", "path.exists", instance("builtins", "bool")),  # os.path -> posixpath
        ("os.path", "exists", instance("builtins", "bool")),
        ("shlex", "split", elements("builtins", "str")),
        ("platform", "system", STR),
        ("builtins", "dict.items", elements("builtins", "tuple")),
        # open: overloads of several IO classes, the last `-> IO[Any]`, which every other derives from
        ("builtins", "open", instance("typing", "IO")),
        ("io", "open", instance("typing", "IO")),  # `open = builtins.open` in _io
        ("pathlib", "Path.open", instance("typing", "IO")),
        # a container whose elements are not known is an instance of the container
        ("builtins", "sorted", instance("builtins", "list")),  # list[_T]
        ("builtins", "dict.keys", instance("_collections_abc", "dict_keys")),  # dict_keys[_KT, _VT]
        ("os", "_Environ.copy", instance("builtins", "dict")),  # dict[AnyStr, AnyStr]
        ("sys", "exc_info", instance("builtins", "tuple")),  # a tuple of several classes
        ("socket", "socket.recvfrom", instance("builtins", "tuple")),  # tuple[bytes, _RetAddress (Any)]
        ("threading", "Lock", instance("_thread", "LockType")),  # `Lock = _thread.LockType`
    ],
)
def test_returns(module: str, qual: str, expected: TypeRef) -> None:
    assert stubs_for("linux", HOST).returns(module, qual) == expected


@pytest.mark.parametrize(
    ("module", "qual", "why"),
    [
        ("copy", "copy", "a TypeVar"),
        ("json", "loads", "Any"),
        ("os", "path.join", "AnyStr"),
        ("shutil", "which", "overloads by argument: str | None and bytes | None"),
        ("os", "listdir", "overloads: list[str] and list[bytes]"),
        ("os", "getenv", "str | _T, a TypeVar in the union"),
        ("builtins", "pow", "overloads of several numeric classes"),
        ("os", "environ.get", "a method of a variable: ask attribute(), then returns() on its class"),
        ("os", "_Environ.get", "Mapping.get returns _VT_co | None: type parameters are not tracked"),
        ("os", "chdir", "returns None"),
        ("sys", "exit", "NoReturn"),
        ("pathlib", "PurePath.name", "a property: its value is not called"),
        ("sys", "argv", "a variable"),
        ("os", "nosuchfunction", "missing"),
        ("notamodule", "f", "not stdlib"),
        ("_ctypes", "_PyCSimpleType.from_address", "_typeshed.Self on a metaclass: a TypeVar, not Self"),
    ],
)
def test_returns_unknown(module: str, qual: str, why: str) -> None:
    assert stubs_for("linux", HOST).returns(module, qual) is None, why


@pytest.mark.parametrize(
    ("module", "qual", "expected"),
    [
        ("pathlib", "PurePath.name", STR),
        ("pathlib", "PurePath.suffix", STR),
        ("pathlib", "PurePath.parent", instance("pathlib", "PurePath")),  # Self
        ("pathlib", "Path.parent", instance("pathlib", "Path")),  # Self, looked up on Path
        ("pathlib", "PurePath.parents", elements("pathlib", "PurePath")),  # Sequence[Self]
        ("pathlib", "PurePath.suffixes", elements("builtins", "str")),
        ("sys", "argv", elements("builtins", "str")),
        ("sys", "path", elements("builtins", "str")),
        ("sys", "modules", elements("builtins", "str")),  # dict[str, ModuleType]: iteration yields keys
        ("sys", "platform", STR),  # LiteralString
        ("sys", "stdin", instance("typing", "TextIO")),  # TextIO | MaybeNone
        ("sys", "implementation", instance("sys", "_implementation")),
        ("os", "environ", instance("os", "_Environ")),  # _Environ[str]: a generic class is an instance of it
        ("os", "sep", STR),
        ("os", "path.sep", STR),
        ("subprocess", "CompletedProcess.returncode", instance("builtins", "int")),
        ("subprocess", "Popen.stdout", instance("typing", "IO")),  # IO[AnyStr] | None
        ("enum", "Enum.name", STR),  # `@_magic_enum_attr`, enum's spelling of property
        ("asyncio.mixins", "_global_lock", instance("_thread", "LockType")),  # `threading.Lock`, re-exported
    ],
)
def test_attribute(module: str, qual: str, expected: TypeRef) -> None:
    assert stubs_for("linux", HOST).attribute(module, qual) == expected


@pytest.mark.parametrize(
    ("module", "qual", "why"),
    [
        ("subprocess", "CompletedProcess.stdout", "_T"),
        ("enum", "Enum.value", "Any"),
        ("pathlib", "Path.read_text", "a method, not an attribute"),
        ("os", "getcwd", "a function"),
        ("pathlib", "Path", "a class"),
        ("os", "path", "a module"),
        ("_typeshed", "StrPath", "a type alias"),
        ("builtins", "AttributeError.obj", "object"),
    ],
)
def test_attribute_unknown(module: str, qual: str, why: str) -> None:
    assert stubs_for("linux", HOST).attribute(module, qual) is None, why


def test_platform_guards_are_honoured() -> None:
    linux, darwin, win32 = (stubs_for(platform, HOST) for platform in ("linux", "darwin", "win32"))
    # multiprocessing.connection defines Pipe under `if sys.platform != "win32"` and its `else`
    assert linux.returns("multiprocessing.connection", "Pipe") == elements("multiprocessing.connection", "Connection")
    assert darwin.returns("multiprocessing.connection", "Pipe") == elements("multiprocessing.connection", "Connection")
    assert win32.returns("multiprocessing.connection", "Pipe") == elements(
        "multiprocessing.connection", "PipeConnection"
    )
    assert linux.returns("tempfile", "TemporaryFile") == instance("typing", "IO")
    assert win32.returns("tempfile", "TemporaryFile") == instance("tempfile", "_TemporaryFileWrapper")
    # only on POSIX
    assert linux.returns("os", "getuid") == instance("builtins", "int")
    assert win32.returns("os", "getuid") is None
    # os.path is ntpath on win32: the re-export is followed there too
    assert win32.returns("os", "path.exists") == instance("builtins", "bool")


def test_version_guards_are_honoured() -> None:
    assert Stubs("linux", (3, 11)).returns("pathlib", "Path.walk") is None  # new in 3.12
    assert Stubs("linux", (3, 12)).returns("pathlib", "Path.walk") == elements("builtins", "tuple")
    assert Stubs("linux", (3, 9)).returns("pathlib", "Path.resolve") == instance("pathlib", "Path")


def test_results_are_memoised() -> None:
    stubs = Stubs("linux", HOST)
    first = stubs.returns("pathlib", "Path.iterdir")
    assert stubs._types[("pathlib", "Path.iterdir", True, "")] == first
    assert stubs.returns("pathlib", "Path.iterdir") is first


# -- the rules, on stubs written for the test ------------------------------------------------------------

FAKE = """
import sys
from typing import Any, AnyStr, Final, Generic, Literal, NewType, Optional, TypeVar, Union, overload
from typing_extensions import Self, TypeAlias
from collections.abc import Iterator, Mapping, Sequence

_T = TypeVar("_T")
Pair: TypeAlias = tuple[int, int]
Either = Union[int, str]
UserId = NewType("UserId", int)
LIMIT: Final = 10

class Base:
    def me(self) -> Self: ...
    def base(self) -> Base: ...
    @property
    def size(self) -> int: ...
    @size.setter
    def size(self, value: int) -> None: ...
    def forward(self) -> "Base": ...
    again = me

class Child(Base, Generic[_T]): ...

@overload
def agree(x: int) -> str: ...
@overload
def agree(x: bytes) -> str | None: ...
@overload
def disagree(x: int) -> str: ...
@overload
def disagree(x: bytes) -> bytes: ...
@overload
def widest(x: int) -> Child[int]: ...
@overload
def widest(x: str) -> Base: ...
@overload
def never(x: int) -> NoSuch: ...
@overload
def never(x: str) -> str: ...

if sys.platform == "win32":
    def guarded() -> int: ...
else:
    def guarded() -> str: ...
if sys.version_info >= (3, 12):
    @overload
    def versioned(x: int) -> int: ...
    @overload
    def versioned(x: str) -> str: ...
else:
    def versioned(x: int) -> int: ...

def optional() -> Optional[Base]: ...
def union() -> int | str: ...
def same_union() -> Union[str, str, None]: ...
def typevar(x: _T) -> _T: ...
def anystr(x: AnyStr) -> AnyStr: ...
def anything() -> Any: ...
def alias() -> Pair: ...
def either() -> Either: ...
def new_type() -> UserId: ...
def literal() -> Literal["r", "w"]: ...
def mixed_literal() -> Literal["r", 1]: ...
def mapping() -> Mapping[str, Base]: ...
def homogeneous() -> tuple[Base, ...]: ...
def nested() -> list[list[str]]: ...
def sequence_of_self_typed() -> Sequence[Child[int]]: ...
def callable_() -> Callable[[], int]: ...
def klass() -> type[Base]: ...
def iterator() -> Iterator[str]: ...
def nothing() -> None: ...
"""


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A stub module `fake`, alongside the real stdlib stubs."""
    parsed = parse_stub(FAKE.encode(), Path("fake.pyi"), "fake")
    real = stubfiles.load_stub

    def stub(module: str, version: tuple[int, int]) -> object:
        return parsed if module == "fake" else real(module, version)

    monkeypatch.setattr(stubnames, "load_stub", stub)
    yield


BASE = instance("fake", "Base")


@pytest.mark.parametrize(
    ("qual", "expected"),
    [
        ("Base.me", BASE),
        ("Child.me", instance("fake", "Child")),  # Self: the class looked up on
        ("Child.base", BASE),  # the class's own name: that class, as a type checker reads it
        ("Child.forward", BASE),  # a string annotation
        ("Child.again", instance("fake", "Child")),  # `again = me` in a class body
        ("Base.size", None),  # a property is not called
        ("agree", STR),  # every overload gives str (None dropped)
        ("disagree", None),
        ("widest", BASE),  # the overload every other one's class derives from
        ("never", None),  # an overload of an unknown class: not known
        ("optional", BASE),
        ("union", None),
        ("same_union", STR),
        ("typevar", None),
        ("anystr", None),
        ("anything", None),
        ("alias", elements("builtins", "int")),
        ("either", None),
        ("new_type", instance("builtins", "int")),
        ("literal", STR),
        ("mixed_literal", None),
        ("mapping", elements("builtins", "str")),  # a mapping iterates its keys
        ("homogeneous", elements("fake", "Base")),
        ("nested", elements("builtins", "list")),
        ("sequence_of_self_typed", elements("fake", "Child")),
        ("callable_", None),
        ("klass", None),
        ("iterator", elements("builtins", "str")),
        ("nothing", None),
        ("Child", instance("fake", "Child")),
    ],
)
@pytest.mark.usefixtures("fake")
def test_rules(qual: str, expected: TypeRef | None) -> None:
    assert Stubs("linux", HOST).returns("fake", qual) == expected


@pytest.mark.usefixtures("fake")
def test_rules_attributes() -> None:
    stubs = Stubs("linux", HOST)
    assert stubs.attribute("fake", "Base.size") == instance("builtins", "int")  # the getter, not the setter
    assert stubs.attribute("fake", "Child.size") == instance("builtins", "int")
    assert stubs.attribute("fake", "LIMIT") == instance("builtins", "int")  # `Final = 10`
    assert stubs.attribute("fake", "Pair") is None  # a type alias is not a value
    assert stubs.attribute("fake", "Base.me") is None


@pytest.mark.usefixtures("fake")
def test_rules_guards() -> None:
    assert Stubs("linux", HOST).returns("fake", "guarded") == STR
    assert Stubs("win32", HOST).returns("fake", "guarded") == instance("builtins", "int")
    assert Stubs("linux", (3, 11)).returns("fake", "versioned") == instance("builtins", "int")
    assert Stubs("linux", (3, 12)).returns("fake", "versioned") is None  # the 3.12 overloads disagree


def test_annotation_reduction() -> None:
    def reduced(text: str) -> object:
        return _annotation(ast.parse(text, mode="eval").body)

    assert reduced("str") == "str"
    assert reduced("os.PathLike") == "os.PathLike"
    assert reduced("None") == "None"
    assert reduced("list[str]") == ("[]", "list", "str")
    assert reduced("dict[str, int | None]") == ("[]", "dict", "str", ("|", "int", "None"))
    assert reduced("a | b | c") == ("|", "a", "b", "c")
    assert reduced("tuple[int, ...]") == ("[]", "tuple", "int", "...")
    assert reduced("Literal['r', 1]") == ("[]", "Literal", ("s", "r"), ("lit", "int"))
    assert reduced("Callable[[int], str]") == ("[]", "Callable", "?", "str")
    assert reduced("'Path'") == ("s", "Path")
    # iterative: a long union, and subscripts nested past the kept depth
    assert reduced(" | ".join(["int"] * 900)) == ("|", *["int"] * 900)
    deep = reduced("list[" * 100 + "int" + "]" * 100)
    for _ in range(6):
        assert isinstance(deep, tuple) and deep[:2] == ("[]", "list")
        deep = deep[2]
    assert deep == "?"


def test_parsed_stub_keeps_types_through_the_cache(tmp_path: Path) -> None:
    import typeshed_client

    from pytest_claims.persist.cache import derived_in

    path = Path(typeshed_client.get_stub_file("pathlib") or "")
    with derived_in(tmp_path):
        first = stubfiles.read_stub(path, "pathlib")
        again = stubfiles.read_stub(path, "pathlib")
    assert again == first and again is not first
    members = again.names["PurePath"][0].members
    assert members is not None
    (name,) = members["name"]
    assert (name.annotation, name.role) == ("str", "property")
