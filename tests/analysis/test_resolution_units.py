"""The resolution's collaborators one by one, below `engine.check`: each on a small project of its own."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.hierarchy import c3_merge
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    Elements,
    External,
    Missing,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    StdInstance,
    StdName,
    Sym,
    order,
)
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.config import load_config
from pytest_claims.engine import Resolvers, load
from pytest_claims.records import HIERARCHY, PLATFORM, Decided, FunctionFacts, Node
from tests.helpers import patches_internals


def resolver_for(tmp_path: Path, files: dict[str, str], platform: str = "linux") -> Resolver:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    for name, text in {"pkg/__init__.py": "", **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    config = load_config(tmp_path)
    return Resolvers(load(config), config, (platform,))(platform)


def class_key(resolver: Resolver, module: str, qualname: str) -> tuple[str, int]:
    (index,) = resolver.view.classes_named(resolver.module(module), qualname)
    return module, index


def function_key(resolver: Resolver, module: str, qualname: str) -> tuple[str, int]:
    (index,) = resolver.view.functions_named(resolver.module(module), qualname)
    return module, index


# -- symbols ------------------------------------------------------------------------------------------------------


def test_symbols_of_different_kinds_are_never_equal() -> None:
    kinds: list[Sym] = [ProjectFunction("m", 1), ProjectClass("m", 1), ProjectInstance("m", 1)]
    assert len(set(kinds)) == 3 and kinds[0] != kinds[1] != kinds[2]
    assert ProjectClass("m", 1) != ProjectClass("m", 1, True)
    assert ProjectFunction("m", 1) != ProjectFunction("m", 1, ("m", 0))
    assert len({ProjectFunction("m", 1), ProjectInstance("m", 1), ProjectModule("m")}) == 3


def test_the_order_of_symbols_is_by_kind_then_fields() -> None:
    syms: list[Sym] = [ProjectFunction("b", 2), ProjectClass("a", 1), ProjectFunction("a", 10), ProjectFunction("a", 9)]
    assert sorted(syms, key=order) == [
        ProjectClass("a", 1),
        ProjectFunction("a", 10),  # fields compare as written, the same every run
        ProjectFunction("a", 9),
        ProjectFunction("b", 2),
    ]


# -- tracking -----------------------------------------------------------------------------------------------------


def test_a_scope_records_apart_and_restores_the_outer_record() -> None:
    tracker = Tracker()
    with tracker.scope() as outer:
        tracker.module("a")
        with tracker.scope() as inner:
            tracker.module("b")
            tracker.state([("m", 1)])
        assert inner.modules == {"b"} and inner.state == {("m", 1)}
        assert outer.modules == {"a"} and outer.state == set()  # nothing passed on unless the caller does
        with tracker.scope(modules="outer", state="off"):
            tracker.module("c")
            tracker.state([("m", 2)])  # not collected
            assert not tracker.collects_state
        assert outer.modules == {"a", "c"} and outer.state == set()
    assert tracker.frozen({"x"}) is tracker.frozen(["x"])


def test_apart_keeps_only_the_platform_marker_for_whoever_asks() -> None:
    tracker = Tracker()
    memo: dict[str, tuple[int, bool]] = {}

    def compute() -> int:
        tracker.modules(["deep", PLATFORM])
        return 7

    for _ in range(2):  # computed once, replayed the second time
        with tracker.scope() as read:
            assert tracker.apart(memo, "k", compute) == 7
        assert read.modules == {PLATFORM}


# -- target -------------------------------------------------------------------------------------------------------

GUARDED = """
import sys
if sys.platform == "win32":
    def f(): return 1
else:
    def f(): return 2
"""


def test_the_target_sees_the_defs_its_guards_leave(tmp_path: Path) -> None:
    for platform, line in (("linux", 6), ("win32", 4)):
        resolver = resolver_for(tmp_path / platform, {"pkg/g.py": GUARDED}, platform)
        module = resolver.module("pkg.g")
        (index,) = resolver.view.functions_named(module, "f")
        assert module.facts.functions[index].line == line


# -- evaluate -----------------------------------------------------------------------------------------------------

NAMES = """
import os
import requests
from .other import helper as h, Thing
from . import nothing_here

def make() -> Thing: ...
def things() -> list[Thing]: ...
"""
OTHER = """
class Thing: ...
def helper(): ...
"""


def test_names_resolve_through_imports_to_typed_symbols(tmp_path: Path) -> None:
    resolver = resolver_for(tmp_path, {"pkg/names.py": NAMES, "pkg/other.py": OTHER})
    evaluate, module = resolver.evaluator, resolver.module("pkg.names")
    thing = class_key(resolver, "pkg.other", "Thing")
    assert evaluate.resolve_chain_in_module(module, ("h",), 1) == [
        ProjectFunction(*function_key(resolver, "pkg.other", "helper"))
    ]
    (getenv,) = evaluate.resolve_chain_in_module(module, ("os", "getenv"), 1)
    assert isinstance(getenv, StdName) and getenv.dotted == "os.getenv" and getenv.symbol.kind == "function"
    assert evaluate.resolve_chain_in_module(module, ("requests", "get"), 1) == [External("requests.get")]
    (missing,) = evaluate.resolve_chain_in_module(module, ("nothing_here",), 1)
    assert isinstance(missing, Missing)
    assert evaluate.module_sym("pkg.other") == ProjectModule("pkg.other")
    make = ProjectFunction(*function_key(resolver, "pkg.names", "make"))
    assert evaluate.called(make) == ProjectInstance(*thing)
    things = evaluate.called(ProjectFunction(*function_key(resolver, "pkg.names", "things")))
    assert things == Elements(ProjectInstance(*thing))
    assert evaluate.iteration.element(things, evaluate) == ProjectInstance(*thing)
    assert evaluate.iteration.element(StdInstance("builtins", "str"), evaluate) == StdInstance("builtins", "str")
    assert evaluate.iteration.element(UNKNOWN, evaluate) == UNKNOWN


# -- hierarchy and dispatch -----------------------------------------------------------------------------------------

CLASSES = """
import time

class Base:
    def get(self): return self.create()
    def create(self): return 0
    @classmethod
    def build(cls): return cls.create_cls()
    @classmethod
    def create_cls(cls): return 0

class Left(Base):
    def create(self): return 1

class Right(Base):
    def create(self): return time.time()

class Both(Left, Right): ...
"""


def test_c3_order_and_subclasses(tmp_path: Path) -> None:
    resolver = resolver_for(tmp_path, {"pkg/c.py": CLASSES})
    base, left, right, both = (class_key(resolver, "pkg.c", n) for n in ("Base", "Left", "Right", "Both"))
    assert resolver.hierarchy.mro(*both) == [both, left, right, base]
    assert resolver.hierarchy.subclasses(*base) == sorted([left, right, both])
    assert c3_merge([[("a", 1)], [("a", 1), ("b", 1)], [("b", 1), ("a", 1)]])[1] is False  # Python: TypeError


def test_a_method_found_in_a_base_is_entered_for_the_receiver(tmp_path: Path) -> None:
    resolver = resolver_for(tmp_path, {"pkg/c.py": CLASSES})
    base, left = class_key(resolver, "pkg.c", "Base"), class_key(resolver, "pkg.c", "Left")
    get = function_key(resolver, "pkg.c", "Base.get")
    assert resolver.dispatch.class_member(ProjectInstance(*left), "get", 1, dispatch=True) == [
        ProjectFunction(*get, left)
    ]
    assert resolver.dispatch.class_member(ProjectInstance(*base), "get", 1) == [ProjectFunction(*get)]
    # on the class itself a plain method is the defining class's (`Base.get(obj)` may pass anything), a
    # classmethod the class's own (`Left.build()` binds `cls` to Left)
    assert resolver.dispatch.class_member(ProjectClass(*left), "get", 1) == [ProjectFunction(*get)]
    build = function_key(resolver, "pkg.c", "Base.build")
    assert resolver.dispatch.class_member(ProjectClass(*left), "build", 1) == [ProjectFunction(*build, left)]


def test_overrides_are_every_subclass_definition(tmp_path: Path) -> None:
    resolver = resolver_for(tmp_path, {"pkg/c.py": CLASSES})
    base = class_key(resolver, "pkg.c", "Base")
    found = resolver.dispatch.class_member(ProjectInstance(*base), "create", 1, dispatch=True)
    names = sorted(resolver.function_name(s.module, s.idx) for s in found if isinstance(s, ProjectFunction))
    assert names == ["pkg.c.Base.create", "pkg.c.Left.create", "pkg.c.Right.create"]


# -- bodies and summaries -----------------------------------------------------------------------------------------


def _edges(resolver: Resolver, key: tuple[str, int], receiver: tuple[str, int] | None) -> list[str]:
    return sorted(e.name for e in resolver.summary_for(Node(*key, receiver, ())).edges)


def test_self_stands_for_the_receiver_the_walk_entered_with(tmp_path: Path) -> None:
    resolver = resolver_for(tmp_path, {"pkg/c.py": CLASSES})
    left, right = class_key(resolver, "pkg.c", "Left"), class_key(resolver, "pkg.c", "Right")
    get = function_key(resolver, "pkg.c", "Base.get")
    everyone = ["pkg.c.Base.create", "pkg.c.Left.create", "pkg.c.Right.create"]
    assert _edges(resolver, get, None) == everyone  # its own class: every subclass may be `self`
    assert _edges(resolver, get, left) == ["pkg.c.Left.create"]  # Left or Both: Both's MRO finds Left's first
    # Right or Both, and Both's MRO puts its sibling base Left first
    assert _edges(resolver, get, right) == ["pkg.c.Left.create", "pkg.c.Right.create"]
    assert resolver.summaries.receivers()[get] == 2
    assert resolver.summary_for(Node(*get, None, ())) is resolver.summary(get)


def test_an_edge_carries_the_receiver(tmp_path: Path) -> None:
    files = {"pkg/c.py": CLASSES, "pkg/use.py": "from .c import Right\ndef use(r: Right):\n    return r.get()\n"}
    resolver = resolver_for(tmp_path, files)
    (edge,) = resolver.summary(function_key(resolver, "pkg.use", "use")).edges
    assert edge.name == "pkg.c.Base.get" and edge.receiver == class_key(resolver, "pkg.c", "Right")


@pytest.mark.parametrize("receiver", [None, "Left"])
def test_super_hands_the_receiver_on(tmp_path: Path, receiver: str | None) -> None:
    files = {
        "pkg/c.py": CLASSES,
        "pkg/s.py": """
            from .c import Base
            class Mid(Base):
                def get(self): return super().get()
            class Low(Mid):
                def create(self): return 3
            """,
    }
    resolver = resolver_for(tmp_path, files)
    get = function_key(resolver, "pkg.s", "Mid.get")
    entered = [e for e in resolver.summary_for(Node(*get, None, ())).edges if e.name == "pkg.c.Base.get"]
    # entered for Mid, whose `self` stands for Low too: no entry per subclass finding the same def
    assert {e.receiver for e in entered} == {class_key(resolver, "pkg.s", "Mid")}


def test_super_enters_again_for_a_subclass_giving_a_default_of_instance_state(tmp_path: Path) -> None:
    files = {
        "pkg/s.py": """
            class Base:
                def __init__(self):
                    self.base = self.base()
                def get(self):
                    return self.base
            class Mid(Base):
                def get(self):
                    return super().get()
            class Low(Mid):
                base = dict
            class Lower(Mid):
                def create(self):
                    return 3
            """,
    }
    resolver = resolver_for(tmp_path, files)
    get = function_key(resolver, "pkg.s", "Mid.get")
    entered = [e for e in resolver.summary_for(Node(*get, None, ())).edges if e.name == "pkg.s.Base.get"]
    # Low's default of `base` is left out of the dispatch on Mid (instance state): Low keeps an entry of its own
    assert {e.receiver for e in entered} == {class_key(resolver, "pkg.s", "Mid"), class_key(resolver, "pkg.s", "Low")}


@pytest.mark.parametrize("hook", [False, True])
def test_hasattr_on_an_unknown_value_is_a_blind_spot_only_where_a_getattr_exists(tmp_path: Path, hook: bool) -> None:
    lazy = "class Lazy:\n    def __getattr__(self, name):\n        return 1\n" if hook else "class Plain: ...\n"
    files = {"pkg/a.py": lazy, "pkg/b.py": "def probe(value):\n    return hasattr(value, 'read')\n"}
    resolver = resolver_for(tmp_path, files)
    summary = resolver.summary(function_key(resolver, "pkg.b", "probe"))
    assert [code for _, code in summary.blind] == (["hasattr(value, 'read')"] if hook else [])
    assert HIERARCHY in summary.deps  # a class gaining a `__getattr__` anywhere changes the answer


def test_an_exit_stack_closing_is_a_blind_spot(tmp_path: Path) -> None:
    files = {
        "pkg/s.py": """
            import contextlib
            def close(stack: contextlib.ExitStack):
                stack.close()
            def enter(stack: contextlib.ExitStack):
                stack.enter_context(contextlib.nullcontext())
            """
    }
    resolver = resolver_for(tmp_path, files)
    assert [code for _, code in resolver.summary(function_key(resolver, "pkg.s", "close")).blind] == ["stack.close()"]
    assert resolver.summary(function_key(resolver, "pkg.s", "enter")).blind == ()


def test_a_local_bound_from_self_is_resolved_again_for_each_receiver(tmp_path: Path) -> None:
    files = {
        "pkg/c.py": """
            import time
            class Base:
                def get(self):
                    make = self.create
                    clock = time.monotonic
                    return make(), clock()
                def create(self): return 1
            class Left(Base):
                def create(self): return time.time()
            class Right(Base): ...
            """
    }
    resolver = resolver_for(tmp_path, files)
    left, right = class_key(resolver, "pkg.c", "Left"), class_key(resolver, "pkg.c", "Right")
    get = function_key(resolver, "pkg.c", "Base.get")
    # the local `make` is `self.create`: its answer is the receiver's, never the first context's
    assert set(_edges(resolver, get, None)) == {"pkg.c.Base.create", "pkg.c.Left.create"}
    assert set(_edges(resolver, get, right)) == {"pkg.c.Base.create"}
    assert set(_edges(resolver, get, left)) == {"pkg.c.Left.create"}
    reaches = {r.reach for r in resolver.summary_for(Node(*get, right, ())).reaches}
    assert reaches == {"time.monotonic"}  # `clock` asked nothing of the receiver: the same in every context


def test_a_local_bound_under_a_test_is_resolved_again_under_literal_arguments(tmp_path: Path) -> None:
    files = {
        "pkg/f.py": """
            import time
            def pick(fast):
                if fast:
                    clock = time.monotonic
                else:
                    clock = time.time
                return clock()
            """
    }
    resolver = resolver_for(tmp_path, files)
    pick = function_key(resolver, "pkg.f", "pick")

    def reaches(args: Decided) -> set[str]:
        return {r.reach for r in resolver.summary_for(Node(*pick, None, args)).reaches}

    assert reaches(()) == {"time.monotonic", "time.time"}
    assert reaches((("fast", "bool", True),)) == {"time.monotonic"}
    assert reaches((("fast", "bool", False),)) == {"time.time"}


@patches_internals
def test_a_chain_resolves_its_prefix_through_the_memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`box.a`, `box.b` and `box == 1` (its `box.__eq__`) resolve the local `box` once, not once a chain; the
    answers are those of each chain resolved whole."""
    source = """
        class Box:
            def a(self): return 1
            def b(self): return 2
        def use():
            box = Box()
            box.a()
            box.b()
            return box == 1
        """
    resolver = resolver_for(tmp_path, {"pkg/m.py": source})
    bodies = resolver.bodies
    asked: list[str] = []
    real = bodies.local_syms

    def counted(module: Module, func: FunctionFacts, name: str) -> list[Sym] | None:
        asked.append(name)
        return real(module, func, name)

    monkeypatch.setattr(bodies, "local_syms", counted)
    summary = resolver.summary(function_key(resolver, "pkg.m", "use"))
    assert sorted(e.name for e in summary.edges) == ["pkg.m.Box.a", "pkg.m.Box.b"]
    assert asked.count("box") == 1
