"""A class statement reads its bases (and metaclass) when its line runs: which statements above it settle a name
(`ClassFacts.settled`, `analysis/settled.py`), and what the walk then takes the name to be. The fixture tree pins
the dispatch shapes (`testdata/violations/src/vio/base_binding_cases.py`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.hierarchyshape import hierarchy_shape
from pytest_claims.engine import check


def _settled(source: str) -> dict[str, dict[str, int]]:
    facts = extract(textwrap.dedent(source))
    return {cls.qualname: dict(cls.settled) for cls in facts.classes}


def test_the_last_statement_above_settles_a_name() -> None:
    settled = _settled(
        """
        from m import Transform
        class IsEmpty(Transform): pass
        class Transform(Base): pass
        class Later(Transform): pass
        """
    )
    assert settled["IsEmpty"] == {"Transform": 2}
    assert settled["Later"] == {"Transform": 4}
    assert settled["Transform"] == {}  # `Base` is bound nowhere above


def test_plain_statements_settle_what_they_bind() -> None:
    settled = _settled(
        """
        import a.b
        import c as D
        from e import f as G
        H, (I, *J) = make()
        K: type = make()
        L = M = make()
        @decorate
        def N(): pass
        class X(a.B, D, G, H, I, J, K, L, M, N[int]): pass
        """
    )
    assert settled["X"] == {"a": 2, "D": 3, "G": 4, "H": 5, "I": 5, "J": 5, "K": 6, "L": 7, "M": 7, "N": 9}


def test_what_may_not_have_run_settles_nothing() -> None:
    settled = _settled(
        """
        import sys
        if sys.argv:
            from m import A
        try:
            from m import B
        except ImportError:
            pass
        for C in ():
            pass
        with open(".") as D:
            E = 1
        F: type
        (G := make())
        from m import *
        class X(A, B, C, D, E, F, G, H): pass
        """
    )
    assert settled["X"] == {}


def test_a_name_declared_global_is_never_settled() -> None:
    settled = _settled(
        """
        def swap():
            global Base
            Base = make()
        from m import Base, Other
        swap()
        class X(Base, Other): pass
        """
    )
    assert settled["X"] == {"Other": 5}


def test_the_metaclass_is_settled_and_a_nested_class_reads_above_its_outer_statement() -> None:
    settled = _settled(
        """
        from m import Meta, Base
        class Outer(metaclass=Meta):
            class Inner(Base, Outer): pass
        def f():
            from m import Base
            class Local(Base): pass
        """
    )
    assert settled["Outer"] == {"Meta": 2}
    assert settled["Outer.Inner"] == {"Base": 2}  # `Outer` is bound once its statement has run
    assert settled["f.<locals>.Local"] == {}  # a function's names: the function's bindings decide


def _project(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    for name, text in {"pkg/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


META = """
import time


class Plain(type):
    pass


class Stamping(type):
    def __call__(cls, *args):
        time.time()
        return super().__call__(*args)
"""


def test_the_metaclass_is_the_binding_live_at_the_class(tmp_path: Path) -> None:
    """`metaclass=Meta` names the import above, not the module's own `Meta` below, whose `__call__` a
    construction would enter."""
    use = """
        from pkg.meta import Plain as Meta


        class Made(metaclass=Meta):
            pass


        class Meta(type):
            def __call__(cls, *args):
                import time

                time.time()
                return super().__call__(*args)


        # claims: deterministic
        def make():
            return Made()
        """
    result = check(_project(tmp_path, {"pkg/meta.py": META, "pkg/use.py": use}), ["linux"])
    assert {c.function: c.status for c in result.claims} == {"pkg.use.make": "held"}


def test_a_metaclass_bound_again_above_the_class_is_the_live_one(tmp_path: Path) -> None:
    use = """
        from pkg.meta import Plain as Meta
        from pkg.meta import Stamping as Meta


        class Made(metaclass=Meta):
            pass


        # claims: deterministic
        def make():
            return Made()
        """
    result = check(_project(tmp_path, {"pkg/meta.py": META, "pkg/use.py": use}), ["linux"])
    claim = next(c for c in result.claims if c.function == "pkg.use.make")
    assert claim.status == "violated"
    assert [(v.reach, v.file) for v in claim.violations] == [("time.time", "pkg/meta.py")]


def test_moving_a_binding_past_the_class_changes_the_hierarchy_shape() -> None:
    """The shape other modules' hierarchy answers are kept under (`hierarchy_shape`) holds which bindings a class
    statement reads its bases from, without lines: a blank line added elsewhere leaves it as it was."""
    above = "from m import Base\nclass Base: pass\nclass Sub(Base): pass\n"
    below = "from m import Base\nclass Sub(Base): pass\nclass Base: pass\n"
    spaced = "from m import Base\n\nclass Base: pass\n\nclass Sub(Base): pass\n"
    assert hierarchy_shape(extract(above)) != hierarchy_shape(extract(below))
    assert hierarchy_shape(extract(above)) == hierarchy_shape(extract(spaced))
