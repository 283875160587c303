"""The run-time side: the `claims` decorator and the hermetic view (semantics §2, §13)."""

from __future__ import annotations

import asyncio
import copy
import enum
import functools
import importlib.util
import inspect
import pickle
import subprocess
import sys
import textwrap
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pytest_claims
from pytest_claims import ClaimError, claims, hermetic
from pytest_claims.runtime import HermeticView, claims_of


def refusal(name: str) -> str:
    """The exact semantics §13 message for a refused attribute."""
    return (
        f"{name} is not available in this runtime: this runtime is hermetic and the method makes no deterministic claim"
    )


# ----------------------------------------------------------------------------------------------------
# The package surface


def test_package_exports() -> None:
    assert pytest_claims.__version__ == "0.1.0"
    assert set(pytest_claims.__all__) == {"ClaimError", "__version__", "claims", "hermetic"}
    assert issubclass(ClaimError, AttributeError)
    assert issubclass(ClaimError, Exception)


def test_import_leaves_pytest_and_heavy_modules_out() -> None:
    code = textwrap.dedent(
        """
        import sys
        before = set(sys.modules)  # what the interpreter (and an editable install's finder) loaded already
        import pytest_claims
        from pytest_claims import claims, hermetic

        @claims("deterministic")
        def f() -> int:
            return 1

        hermetic(sys).version
        heavy = {"pytest", "_pytest", "tomlkit", "tomllib", "typing", "re", "pytest_claims.plugin",
                 "pytest_claims.config", "pytest_claims.init"}
        print(sorted(heavy & (set(sys.modules) - before)))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


# ----------------------------------------------------------------------------------------------------
# The decorator: every function form, same object back, frozenset


def test_function_gets_frozenset_and_is_returned_unchanged() -> None:
    def total(x: int) -> int:
        return x + 1

    decorated = claims("deterministic", "sandboxed")(total)
    assert decorated is total
    assert total.__claims__ == frozenset({"deterministic", "sandboxed"})  # type: ignore[attr-defined]
    assert type(total.__claims__) is frozenset  # type: ignore[attr-defined]
    assert total(1) == 2


def test_async_and_generator_functions_stay_what_they_are() -> None:
    @claims("deterministic")
    async def fetch(x: int) -> int:
        return x

    @claims("idempotent")
    def numbers() -> Any:
        yield 1

    assert inspect.iscoroutinefunction(fetch)
    assert fetch.__claims__ == frozenset({"deterministic"})  # type: ignore[attr-defined]
    assert asyncio.run(fetch(3)) == 3
    assert inspect.isgeneratorfunction(numbers)
    assert numbers.__claims__ == frozenset({"idempotent"})  # type: ignore[attr-defined]


def test_custom_names_are_accepted_at_run_time() -> None:
    @claims("offline", "no-network", "pure_2")
    def f() -> None: ...

    assert f.__claims__ == frozenset({"offline", "no-network", "pure_2"})  # type: ignore[attr-defined]


class Cart:
    """Every method form, with `@claims` both outside and inside the other decorator."""

    def __init__(self) -> None:
        self.items = [2, 3]

    @claims("deterministic")
    def total(self) -> int:
        return sum(self.items)

    @claims("deterministic")
    @staticmethod
    def tax_outer(x: int) -> int:
        return x * 2

    @staticmethod
    @claims("deterministic")
    def tax_inner(x: int) -> int:
        return x * 3

    @claims("sandboxed")
    @classmethod
    def make_outer(cls) -> Cart:
        return cls()

    @classmethod
    @claims("sandboxed")
    def make_inner(cls) -> Cart:
        return cls()

    @claims("deterministic")  # type: ignore[prop-decorator]  # mypy's limit, not ours
    @property
    def count_outer(self) -> int:
        return len(self.items)

    @property
    @claims("deterministic")
    def count_inner(self) -> int:
        return len(self.items)

    @claims("deterministic", "idempotent")
    async def refresh(self) -> int:
        return 0

    class Line:
        @claims("deterministic")
        def price(self) -> int:
            return 1


@pytest.mark.parametrize(
    ("name", "kind", "expected"),
    [
        ("total", types.FunctionType, {"deterministic"}),
        ("tax_outer", staticmethod, {"deterministic"}),
        ("tax_inner", staticmethod, {"deterministic"}),
        ("make_outer", classmethod, {"sandboxed"}),
        ("make_inner", classmethod, {"sandboxed"}),
        ("count_outer", property, {"deterministic"}),
        ("count_inner", property, {"deterministic"}),
        ("refresh", types.FunctionType, {"deterministic", "idempotent"}),
    ],
)
def test_method_forms_keep_their_descriptor_and_carry_claims(name: str, kind: type, expected: set[str]) -> None:
    stored = vars(Cart)[name]
    assert type(stored) is kind  # the same descriptor object came back: still a static/class/property
    assert claims_of(stored) == frozenset(expected)
    function: Any = stored.fget if isinstance(stored, property) else getattr(stored, "__func__", stored)
    assert function.__claims__ == frozenset(expected)
    assert type(function.__claims__) is frozenset


def test_method_forms_still_work() -> None:
    cart = Cart()
    assert cart.total() == 5
    assert Cart.tax_outer(1) == 2 and Cart.tax_inner(1) == 3
    assert isinstance(Cart.make_outer(), Cart) and isinstance(Cart.make_inner(), Cart)
    assert cart.count_outer == 2 and cart.count_inner == 2
    assert Cart.Line().price() == 1
    assert Cart.Line.price.__claims__ == frozenset({"deterministic"})  # type: ignore[attr-defined]


def test_descriptor_objects_are_returned_as_is() -> None:
    def f(owner: Any = None) -> int:
        return 1

    descriptors: list[Any] = [staticmethod(f), classmethod(f), property(f)]
    for descriptor in descriptors:
        f.__dict__.pop("__claims__", None)
        assert claims("deterministic")(descriptor) is descriptor
        assert f.__claims__ == frozenset({"deterministic"})  # type: ignore[attr-defined]


def test_cache_wrappers_are_decorated_in_place() -> None:
    @claims("deterministic")
    @functools.cache
    def square(x: int) -> int:
        return x * x

    assert square(3) == 9
    assert claims_of(square) == frozenset({"deterministic"})


# ----------------------------------------------------------------------------------------------------
# The decorator: validation


def test_bare_decorator_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"needs the claim names: write @claims\(\"deterministic\"\)"):

        @claims  # type: ignore[arg-type]
        def f() -> None: ...


@pytest.mark.parametrize("descriptor", [staticmethod(print), classmethod(print), property(print)])
def test_bare_decorator_over_a_descriptor_is_a_type_error(descriptor: object) -> None:
    with pytest.raises(TypeError, match="not a bare @claims"):
        claims(descriptor)  # type: ignore[arg-type]


def test_empty_call_is_refused_and_lists_the_builtin_claims() -> None:
    with pytest.raises(ValueError, match=r"@claims\(\) names no claim.*deterministic, idempotent, sandboxed"):
        claims()


def test_duplicate_is_refused() -> None:
    with pytest.raises(ValueError, match="'deterministic' is named twice"):
        claims("deterministic", "sandboxed", "deterministic")


@pytest.mark.parametrize(
    "name", ["", " deterministic", "Deterministic", "deterministic, sandboxed", "1st", "-x", "a.b", "é"]
)
def test_malformed_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="is not a claim name"):
        claims(name)


def test_comma_list_gets_a_hint() -> None:
    with pytest.raises(ValueError, match=r"one name per argument"):
        claims("deterministic,sandboxed")


@pytest.mark.parametrize("value", [1, None, b"deterministic", ["deterministic"]])
def test_non_string_names_are_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="claim names as strings"):
        claims("deterministic", value)  # type: ignore[arg-type]


def test_classes_and_plain_values_are_refused() -> None:
    with pytest.raises(TypeError, match=r"not on the class .*Plain: put it on the methods"):

        @claims("deterministic")
        class Plain: ...

    with pytest.raises(TypeError, match="goes on functions and methods"):
        claims("deterministic")(42)
    with pytest.raises(TypeError, match="needs its getter"):
        claims("deterministic")(property())


def test_objects_that_cannot_carry_attributes_are_refused() -> None:
    with pytest.raises(TypeError, match="cannot record claims"):
        claims("deterministic")(len)


def test_second_claims_on_one_function_is_refused() -> None:
    with pytest.raises(ValueError, match=r"already declares claims \(deterministic\).*one @claims"):

        @claims("sandboxed")
        @claims("deterministic")
        def f() -> None: ...


# ----------------------------------------------------------------------------------------------------
# The hermetic view


@claims("deterministic")
def _join(*parts: str) -> str:
    return "/".join(parts)


def _exec(command: str) -> str:
    return command


def make_shell() -> types.ModuleType:
    """A module `pkg.shell` with a claimed function, an unclaimed one, values and classes."""
    module = types.ModuleType("pkg.shell", "The shell provider.")
    module.join = _join  # type: ignore[attr-defined]
    module.exec = _exec  # type: ignore[attr-defined]
    module.VERSION = "1.2"  # type: ignore[attr-defined]
    module.LIMITS = {"depth": 3}  # type: ignore[attr-defined]
    module.sub = types.ModuleType("pkg.shell.sub")  # type: ignore[attr-defined]
    module.sub.run = _exec
    return module


def test_module_view_refuses_unclaimed_callable_with_the_exact_message() -> None:
    view = hermetic(make_shell())
    with pytest.raises(ClaimError) as caught:
        view.exec  # noqa: B018
    assert str(caught.value) == refusal("shell.exec")


def test_module_view_admits_claimed_and_passes_values_unchanged() -> None:
    shell = make_shell()
    view = hermetic(shell)
    assert view.join is _join
    assert view.join("a", "b") == "a/b"
    assert view.VERSION == "1.2"
    assert view.LIMITS is shell.LIMITS
    assert view.__name__ == "pkg.shell"
    assert view.__doc__ == "The shell provider."


def test_refused_attribute_reads_as_absent() -> None:
    view = hermetic(make_shell())
    assert not hasattr(view, "exec")
    assert getattr(view, "exec", None) is None
    assert hasattr(view, "join")


def test_missing_attribute_is_a_plain_attribute_error() -> None:
    view = hermetic(make_shell())
    with pytest.raises(AttributeError) as caught:
        view.nothing  # noqa: B018
    assert not isinstance(caught.value, ClaimError)


def test_submodules_are_viewed_too() -> None:
    view = hermetic(make_shell())
    assert isinstance(view.sub, HermeticView)
    with pytest.raises(ClaimError, match=r"^sub\.run is not available in this runtime"):
        view.sub.run  # noqa: B018


def test_real_module_view() -> None:
    import os.path

    view = hermetic(os.path)
    assert view.sep == os.path.sep
    with pytest.raises(ClaimError) as caught:
        view.exists  # noqa: B018
    assert str(caught.value) == refusal(f"{os.path.__name__.rpartition('.')[2]}.exists")


class Clock:
    """A class with every kind of attribute a view must judge."""

    ZONE = "UTC"

    def __init__(self) -> None:
        self.offset = 2

    @claims("deterministic")
    def shift(self, t: int) -> int:
        return t + self.offset

    def now(self) -> int:
        return 1

    @staticmethod
    @claims("deterministic")
    def parse(text: str) -> int:
        return int(text)

    @staticmethod
    def read_env() -> str:
        return ""

    @classmethod
    @claims("deterministic")
    def utc(cls) -> Clock:
        return cls()

    @classmethod
    def local(cls) -> Clock:
        return cls()

    @property
    @claims("deterministic")
    def label(self) -> str:
        return f"+{self.offset}"

    @property
    def wall(self) -> int:
        raise AssertionError("a refused property must not run")

    @claims("sandboxed")
    def save(self) -> None: ...


def test_class_view() -> None:
    view = hermetic(Clock)
    assert view.ZONE == "UTC"
    assert view.parse("4") == 4
    assert isinstance(view.utc(), Clock)
    assert view.shift is Clock.shift
    for name in ("now", "read_env", "local", "save"):
        with pytest.raises(ClaimError) as caught:
            getattr(view, name)
        assert str(caught.value) == refusal(f"Clock.{name}")


def test_instance_view() -> None:
    clock = Clock()
    view = hermetic(clock)
    assert view.offset == 2
    assert view.shift(1) == 3
    assert view.parse("5") == 5
    assert view.label == "+2"
    for name in ("now", "read_env", "local", "save", "wall"):
        with pytest.raises(ClaimError) as caught:
            getattr(view, name)
        assert str(caught.value) == refusal(f"Clock.{name}")


def test_cached_property_is_judged_before_it_runs() -> None:
    class Lazy:
        @functools.cached_property
        def pure(self) -> int:
            return 1

        @functools.cached_property
        def impure(self) -> int:
            raise AssertionError("must not run")

    claims("deterministic")(vars(Lazy)["pure"].func)
    view = hermetic(Lazy())
    assert view.pure == 1
    with pytest.raises(ClaimError, match=r"^Lazy\.impure is not available"):
        view.impure  # noqa: B018


class Point:
    @claims("deterministic")
    def __init__(self, x: int) -> None:
        self.x = x


class Socketish:
    def __init__(self) -> None: ...


class Empty:
    pass


class Failure(Exception):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)


class Color(enum.Enum):
    RED = 1


def test_classes_pass_when_construction_is_claimed() -> None:
    module = types.ModuleType("api")
    module.Point = Point  # type: ignore[attr-defined]
    module.Socketish = Socketish  # type: ignore[attr-defined]
    module.Empty = Empty  # type: ignore[attr-defined]
    module.Failure = Failure  # type: ignore[attr-defined]
    module.Color = Color  # type: ignore[attr-defined]
    view = hermetic(module)
    assert view.Point is Point and view.Point(1).x == 1
    assert view.Empty is Empty  # nothing of its own runs on construction
    assert view.Failure is Failure  # exception classes always pass: `except api.Failure` must work
    assert view.Color.RED is Color.RED  # enums always pass
    with pytest.raises(ClaimError) as caught:
        view.Socketish  # noqa: B018
    assert str(caught.value) == refusal("api.Socketish")


def test_wrappers_partials_and_callable_instances() -> None:
    def logged(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any) -> Any:
            return function(*args)

        return wrapper

    class Handler:
        @claims("deterministic")
        def __call__(self) -> int:
            return 1

    class Unclaimed:
        def __call__(self) -> int:
            return 1

    module = types.ModuleType("tools")
    module.logged_join = logged(_join)  # type: ignore[attr-defined]
    module.bare_wrapper = functools.update_wrapper(lambda: None, _join, updated=())  # type: ignore[attr-defined]
    module.partial_join = functools.partial(_join, "root")  # type: ignore[attr-defined]
    module.partial_exec = functools.partial(_exec, "ls")  # type: ignore[attr-defined]
    module.handler = Handler()  # type: ignore[attr-defined]
    module.unclaimed = Unclaimed()  # type: ignore[attr-defined]
    module.builtin = len  # type: ignore[attr-defined]
    view = hermetic(module)
    assert view.logged_join("a", "b") == "a/b"
    assert view.bare_wrapper is module.bare_wrapper
    assert view.partial_join("x") == "root/x"
    assert view.handler() == 1
    for name in ("partial_exec", "unclaimed", "builtin"):
        with pytest.raises(ClaimError, match=rf"^tools\.{name} is not available"):
            getattr(view, name)


def test_a_claim_without_deterministic_is_refused() -> None:
    module = types.ModuleType("fs")

    @claims("sandboxed", "idempotent")
    def write() -> None: ...

    module.write = write  # type: ignore[attr-defined]
    with pytest.raises(ClaimError, match=r"^fs\.write is not available"):
        hermetic(module).write  # noqa: B018


def test_view_is_read_only() -> None:
    shell = make_shell()
    view = hermetic(shell)
    with pytest.raises(AttributeError, match="read-only"):
        view.exec = _join
    with pytest.raises(AttributeError, match="read-only"):
        view.VERSION = "2"
    with pytest.raises(AttributeError, match="read-only"):
        del view.join
    with pytest.raises(AttributeError, match="read-only"):
        view.new = 1
    with pytest.raises(AttributeError, match="read-only"):
        delattr(view, "exec")
    assert shell.exec is _exec
    assert shell.VERSION == "1.2"
    assert not hasattr(shell, "new")


def test_view_does_not_leak_its_target_through_dunders() -> None:
    shell = make_shell()
    view = hermetic(shell)
    assert view.__class__ is HermeticView
    assert not hasattr(view, "__dict__")
    view.__init__(types.ModuleType("other"))  # type: ignore[misc]  # must not re-point the view
    assert view.VERSION == "1.2"


def test_dir_repr_and_idempotence() -> None:
    shell = make_shell()
    view = hermetic(shell)
    assert {"join", "exec", "VERSION", "sub"} <= set(dir(view))
    assert repr(view) == "<hermetic view of module 'pkg.shell'>"
    assert repr(hermetic(Clock)) == f"<hermetic view of class {__name__}.Clock>"
    assert repr(hermetic(Clock())) == f"<hermetic view of {__name__}.Clock object>"
    assert hermetic(view) is view


def test_view_copies_and_pickles_as_a_view() -> None:
    view = hermetic(Clock)
    for clone in (copy.copy(view), pickle.loads(pickle.dumps(view))):
        assert isinstance(clone, HermeticView)
        assert clone.parse("1") == 1
        with pytest.raises(ClaimError):
            clone.now  # noqa: B018


def test_plugin_host_example() -> None:
    """The docs/runtime.md example: a host hands a plugin `hermetic(api)`, which admits only claimed code."""
    api = types.ModuleType("host.api")

    @claims("deterministic")
    def slugify(text: str) -> str:
        return text.lower().replace(" ", "-")

    def publish(text: str) -> None:
        raise AssertionError("unreachable from a hermetic plugin")

    api.slugify = slugify  # type: ignore[attr-defined]
    api.publish = publish  # type: ignore[attr-defined]

    def plugin(api: Any) -> str:
        try:
            api.publish("x")
        except ClaimError as error:
            return f"{api.slugify('Hello World')} ({error})"
        return "escaped"

    result = plugin(hermetic(api))
    assert result == "hello-world (" + refusal("api.publish") + ")"


# ----------------------------------------------------------------------------------------------------
# The comment form, read from the source file (semantics §13)

COMMENTED = """\
import functools
import os

from pytest_claims import claims


# claims: deterministic
def slug(text):
    return text.lower()


def shell(cmd):
    return os.system(cmd)


@functools.lru_cache
# claims: sandboxed
def misplaced():  # the comment is below a decorator: refused by the static pass, so no claim here
    return 1


# claims: deterministic
@functools.lru_cache
def cached(x):
    return x


class Box:
    # claims: deterministic
    def __init__(self, value):
        self.value = value

    def size(self):  # claims: deterministic, sandboxed
        return 1

    def leak(self):
        return os.getcwd()

    @property
    def label(self):
        return "box"

    # claims: deterministic
    @label.setter
    def label(self, value):
        pass


# claims: sandboxed
def only_sandboxed():
    return 1


# claims: deterministic, deterministic
def twice():
    return 1


# claims: deterministic
@claims("deterministic")
def both_forms():
    return 1
"""

_HERMETIC_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
import commented
from pytest_claims import ClaimError, hermetic

view = hermetic(commented)
assert view.slug("ABC") == "abc"
assert view.cached(3) == 3
box = view.Box(2)  # the constructor claims deterministic in a comment
assert hermetic(box).size() == 1
refused = []
for name in ("shell", "misplaced", "only_sandboxed", "twice"):
    try:
        getattr(view, name)
    except ClaimError as error:
        refused.append(str(error))
try:
    hermetic(box).leak
except ClaimError as error:
    refused.append(str(error))
print("\\n".join(refused))
print(sorted(m for m in ("pytest", "_pytest", "tomlkit", "pytest_claims.plugin") if m in sys.modules))
"""


def test_hermetic_reads_comment_claims_in_a_process_without_pytest(tmp_path: Path) -> None:
    (tmp_path / "commented.py").write_text(COMMENTED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _HERMETIC_SCRIPT, str(tmp_path)], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        refusal("commented.shell"),
        refusal("commented.misplaced"),
        refusal("commented.only_sandboxed"),
        refusal("commented.twice"),
        refusal("Box.leak"),
        "[]",
    ]


def _import_from(directory: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, directory / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_comment_claims_by_def(tmp_path: Path) -> None:
    (tmp_path / "commented_defs.py").write_text(COMMENTED, encoding="utf-8")
    module = _import_from(tmp_path, "commented_defs")
    assert claims_of(module.slug) == frozenset({"deterministic"})
    assert claims_of(module.cached) == frozenset({"deterministic"})  # through the cache wrapper
    assert claims_of(module.Box.size) == frozenset({"deterministic", "sandboxed"})  # trailing on the def line
    label = vars(module.Box)["label"]
    assert claims_of(label) is None  # the getter: a property's getter and setter share a qualname
    assert claims_of(label.fset) == frozenset({"deterministic"})
    assert claims_of(module.misplaced) is None
    assert claims_of(module.twice) is None  # a name twice: refused statically, so no claim
    assert claims_of(module.both_forms) == frozenset({"deterministic"})  # the decorator's own record


def test_an_unreadable_source_counts_as_no_claim(tmp_path: Path) -> None:
    source = tmp_path / "vanishing.py"
    source.write_text(COMMENTED, encoding="utf-8")
    module = _import_from(tmp_path, "vanishing")
    source.unlink()
    assert claims_of(module.slug) is None
    with pytest.raises(ClaimError, match=r"^vanishing\.slug is not available"):
        hermetic(module).slug  # noqa: B018
    namespace: dict[str, Any] = {}
    exec(compile("# claims: deterministic\ndef made():\n    return 1\n", "<generated>", "exec"), namespace)
    assert claims_of(namespace["made"]) is None


def test_an_edited_source_is_read_again(tmp_path: Path) -> None:
    source = tmp_path / "edited.py"
    source.write_text("# claims: deterministic\ndef f():\n    return 1\n", encoding="utf-8")
    module = _import_from(tmp_path, "edited")
    assert claims_of(module.f) == frozenset({"deterministic"})
    source.write_text("# claims: sandboxed\ndef f():\n    return 1\n\n\n", encoding="utf-8")
    assert claims_of(module.f) == frozenset({"sandboxed"})
