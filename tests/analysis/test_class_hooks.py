"""Defining a class runs code: what the extractor records of a class statement, and the hooks entered across
modules (the fixture tree pins the same-module shapes: `testdata/violations/src/vio/hooks_cases.py`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.hierarchyshape import hierarchy_shape
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import FileFacts
from tests.analysis.helpers import pkg_project, statuses_of


def _facts(source: str) -> FileFacts:
    return extract(textwrap.dedent(source))


def test_a_class_statement_is_a_state_function_named_by_the_class() -> None:
    facts = _facts(
        """
        import time
        from pkg.meta import Meta

        class Plain:
            LIMIT = 3

        class Thing(Base, metaclass=Meta):
            STARTED = time.time()

            class Inner(Base):
                pass
        """
    )
    states = {f.qualname: f for f in facts.functions if f.kind == "state"}
    assert "Plain" not in states  # a constant body runs nothing
    thing = states["Thing"]
    assert thing.cls == "" and thing.line == 8
    contexts = {(use[0], use[1]) for use in thing.uses}
    assert (("Base",), "base") in contexts and (("Meta",), "base") in contexts
    assert (("Base", "__init_subclass__"), "implicit") in contexts
    assert (("Base", "__class__", "__new__"), "implicit") in contexts
    assert (("Meta", "__prepare__"), "implicit") in contexts
    # its body's statements that have `state` functions are its parts
    assert (("Thing.STARTED",), "part") in contexts and (("Thing.Inner",), "part") in contexts
    assert states["Thing.Inner"].cls == "Thing"
    assert [c.metaclass for c in facts.classes] == ["", "Meta", ""]


def test_implicit_classmethods_and_the_metaclass_in_the_shape() -> None:
    facts = _facts(
        """
        class Base:
            def __init_subclass__(cls, **kw):
                pass

        class Made(metaclass=make_meta()):
            pass
        """
    )
    kinds = {f.qualname: f.kind for f in facts.functions}
    assert kinds["Base.__init_subclass__"] == "classmethod"
    assert facts.classes[1].metaclass == "<?>"
    other = _facts(
        "class Base:\n    def __init_subclass__(cls, **kw):\n        pass\n\nclass Made(metaclass=M):\n    pass\n"
    )
    assert hierarchy_shape(facts) != hierarchy_shape(other)


def test_hooks_are_entered_across_modules(tmp_path: Path) -> None:
    files = {
        "pkg/base.py": """
            import time

            class Meta(type):
                def __init__(cls, *args):
                    cls.at = time.time()

            class Registered(metaclass=Meta):
                def __init_subclass__(cls, **kw):
                    cls.seen = time.monotonic()
        """,
        "pkg/models.py": """
            from pkg.base import Registered

            class Plugin(Registered):
                pass
        """,
        "pkg/use.py": """
            from pkg.models import Plugin

            # claims: deterministic
            def use():
                return Plugin.__name__

            # claims: deterministic
            def typed(plugin: Plugin) -> bool:
                return isinstance(plugin, Plugin)
        """,
    }
    result = check(pkg_project(tmp_path, files), ["linux"])
    assert statuses_of(result) == {"pkg.use.use": "violated", "pkg.use.typed": "held"}
    claim = next(c for c in result.claims if c.function == "pkg.use.use")
    assert sorted((v.reach, v.via) for v in claim.violations) == [
        ("time.monotonic", ("pkg.models.Plugin", "pkg.base.Registered.__init_subclass__")),
        ("time.time", ("pkg.models.Plugin", "pkg.base.Meta.__init__")),
    ]


def test_names_of_the_class_body_and_sibling_classes_are_no_frontier(tmp_path: Path) -> None:
    files = {
        "pkg/use.py": """
            def register(value):
                return value


            class Outer:
                class First:
                    pass

                class Second(First):
                    pass

                DEFAULT = 3

                def get(self, value=DEFAULT):
                    return value

                register(DEFAULT)


            # claims: deterministic
            def use():
                return Outer().get()
        """,
    }
    result = check(pkg_project(tmp_path, files), ["linux"])
    assert statuses_of(result) == {"pkg.use.use": "held"}
    assert not result.claims[0].frontier


def test_a_warm_run_sees_a_hook_added_in_another_module(tmp_path: Path) -> None:
    """The class statement's summary read the base's module: adding a hook there, or a metaclass, redoes it."""
    (tmp_path / "project").mkdir()
    root = pkg_project(
        tmp_path / "project",
        {
            "pkg/base.py": "class Registered:\n    pass\n",
            "pkg/models.py": "from pkg.base import Registered\n\nclass Plugin(Registered):\n    pass\n",
            "pkg/use.py": "from pkg.models import Plugin\n\n# claims: deterministic\ndef use():\n    return Plugin\n",
        },
    )
    cache = FactsCache(tmp_path / "cache")
    assert statuses_of(check(root, ["linux"], cache=cache)) == {"pkg.use.use": "held"}
    (root / "pkg/base.py").write_text(
        "import time\n\nclass Registered:\n    def __init_subclass__(cls):\n        cls.at = time.time()\n"
    )
    assert statuses_of(check(root, ["linux"], cache=FactsCache(tmp_path / "cache"))) == {"pkg.use.use": "violated"}
    (root / "pkg/base.py").write_text(
        "import time\n\nclass Meta(type):\n    def __new__(mcls, *args):\n        time.sleep(0)\n"
        "        return super().__new__(mcls, *args)\n\nclass Registered(metaclass=Meta):\n    pass\n"
    )
    (violation,) = next(iter(check(root, ["linux"], cache=FactsCache(tmp_path / "cache")).claims)).violations
    assert (violation.reach, violation.via) == ("time.sleep", ("pkg.models.Plugin", "pkg.base.Meta.__new__"))


def test_a_subscript_base_and_a_name_bound_to_one_are_kept() -> None:
    """`class F(Future[Any])` keeps `Future[]`, and `Alias = Future[Any]` the chain it subscripts (a base naming
    `Alias` is that class): both are part of what the hierarchy reads of the file."""
    head = "from concurrent import futures\nAlias = futures.{}[int]\n"
    tail = "class F(futures.Future[int], Alias):\n    pass\n"
    facts = _facts(head.format("Future") + tail)
    assert facts.classes[0].bases == ("futures.Future[]", "Alias")
    bound = [(b.kind, b.target, b.member) for b in facts.bindings if b.name == "Alias"]
    assert bound == [("var", "futures.Future", "[]")]
    assert hierarchy_shape(facts) != hierarchy_shape(_facts(head.format("Executor") + tail))


def test_a_class_keeps_its_decorators_as_the_names_they_call() -> None:
    """The exact class a call builds depends on them (`resolution/exact.py`): a decorator may return another class."""
    facts = _facts(
        """
        @dataclasses.dataclass(frozen=True)
        @register
        @registry[0]
        class Point:
            pass

        class Plain:
            pass
        """
    )
    assert facts.classes[0].decorators == ("dataclasses.dataclass", "register", "<?>")
    assert facts.classes[1].decorators == ()
