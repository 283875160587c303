"""Bindings of every form: a name bound to a known value is that value, one the walk cannot know is never held,
rebound constants and replaced defs are judged as Python would run them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of

EXACT_BINDINGS: dict[str, str] = {
    "chained": "h = k = os.getenv",
    "unpacked": "k, h = 1, os.getenv",
    "unpacked into a list": "[k, (h, j)] = [1, (os.getenv, 2)]",
    "a for over a literal tuple": "for h in (len, os.getenv):\n    pass",
    "a walrus": "if (h := os.getenv):\n    pass",
    "a rebinding after def": "def h(name):\n    return name\n\nh = os.getenv",
    "a class-body chain": "class C:\n    h = k = os.getenv\n\nh = C.k",
}


@pytest.mark.parametrize("shape", sorted(EXACT_BINDINGS))
def test_a_name_bound_to_a_known_value_is_that_value(tmp_path: Path, shape: str) -> None:
    source = f"import os\n\n{EXACT_BINDINGS[shape]}\n\n# claims: deterministic\ndef f():\n    return h('X')\n"
    (claim,) = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
    calls = [(v.kind, v.reach, v.via) for v in claim.violations if v.line == source.count("\n")]
    assert calls == [("call", "os.getenv", ())], claim


UNKNOWN_BINDINGS: dict[str, str] = {
    "a with target": "import contextlib\n\nwith contextlib.nullcontext(os.getenv) as h:\n    pass",
    "a match capture": "match os.getenv:\n    case h:\n        pass",
    "a match capture in a sequence": "match [os.getenv]:\n    case [h]:\n        pass",
    "a for over a computed iterable": "for h in list((os.getenv,)):\n    pass",
    "a starred target": "*h, k = os.getenv, 1",
}


@pytest.mark.parametrize("shape", sorted(UNKNOWN_BINDINGS))
def test_a_name_bound_to_a_value_the_walk_cannot_know_is_never_held(tmp_path: Path, shape: str) -> None:
    """What it holds is not known exactly: reading it reaches what its binding evaluated (semantics §4)."""
    source = f"import os\n\n{UNKNOWN_BINDINGS[shape]}\n\n# claims: deterministic\ndef f():\n    return h('X')\n"
    (claim,) = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
    assert claim.status == "violated" and {v.reach for v in claim.violations} == {"os.getenv"}, claim


def test_a_name_bound_by_a_loop_over_unknown_values_is_a_blind_spot(tmp_path: Path) -> None:
    source = "from pkg.data import table\n\nfor h in table():\n    pass\n\n"
    source += "# claims: deterministic\ndef f():\n    return h()\n"
    files = {"pkg/use.py": source, "pkg/data.py": "def table():\n    return []\n"}
    table = '[tool.claims]\npackages = ["pkg"]\ndynamic-calls = "unevaluable"\n'
    (claim,) = check(pkg_project(tmp_path, files, table), ["linux"]).claims
    assert claim.status == "unevaluable" and [(b.line, b.code) for b in claim.blind_spots] == [(8, "h()")]


REBOUND: dict[str, str] = {
    "rebound to an unknown value before the if": "FLAG = True\nFLAG = os.environ.get('X') == '1'\n",
    "rebound by unpacking before the if": "FLAG = True\nFLAG, X = False, 1\n",
    "rebound in a loop": "FLAG = True\nfor FLAG in (True, False):\n    pass\n",
}


@pytest.mark.parametrize("shape", sorted(REBOUND))
def test_the_branch_python_may_take_after_a_rebinding_gets_its_item(tmp_path: Path, shape: str) -> None:
    source = f"import os\n\n{REBOUND[shape]}\nif FLAG:\n    def f():\n        return 1\nelse:\n"
    source += "    # claims: deterministic\n    def f():\n        return os.getenv('X')\n"
    assert statuses_of(check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "violated"}


@pytest.mark.parametrize(
    "later", ["FLAG = compute()", "FLAG, X = False, 1", "def set_flag():\n    global FLAG\n    FLAG = False"]
)
def test_a_function_body_sees_a_constant_rebound_later_in_the_module(tmp_path: Path, later: str) -> None:
    """A body runs after the whole module has run: a later rebinding is what it may see."""
    source = "import os\n\nFLAG = True\n\n# claims: deterministic\ndef f():\n    if FLAG:\n        return 1\n"
    source += f"    else:\n        return os.getenv('X')\n\n\ndef compute():\n    return False\n\n\n{later}\n"
    assert statuses_of(check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "violated"}


def test_a_constant_bound_once_still_decides_its_branches(tmp_path: Path) -> None:
    source = "import os\n\nFLAG = True\n\n# claims: deterministic\ndef f():\n    if FLAG:\n        return 1\n"
    source += "    else:\n        return os.getenv('X')\n"
    assert statuses_of(check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "held"}


REPLACED: dict[str, str] = {
    "an overload stub": """
        import os
        from typing import overload

        # claims: deterministic
        @overload
        def f(x: int) -> int: ...
        @overload
        def f(x: str) -> str: ...
        def f(x):
            return os.getenv("X")
    """,
    "a def replaced by a later def": """
        import os

        # claims: deterministic
        def f():
            return 1

        def f():
            return os.getenv("X")
    """,
    "a method replaced in its class": """
        import os

        class C:
            # claims: deterministic
            def f(self):
                return 1

            def f(self):
                return os.getenv("X")
    """,
    "a def rebound to a value": """
        import os

        # claims: deterministic
        def f():
            return 1

        f = os.getenv
    """,
}


@pytest.mark.parametrize("shape", sorted(REPLACED))
def test_a_claim_on_a_replaced_def_is_checked_against_what_replaces_it(tmp_path: Path, shape: str) -> None:
    (claim,) = check(pkg_project(tmp_path, {"pkg/use.py": REPLACED[shape]}), ["linux"]).claims
    assert claim.status == "violated" and {v.reach for v in claim.violations} == {"os.getenv"}, claim


def test_a_def_replaced_on_some_platforms_is_live_on_the_others(tmp_path: Path) -> None:
    source = """
        import os
        import sys

        # claims: deterministic
        def f():
            return 1

        if sys.platform == "win32":
            def f():
                return os.getenv("X")
    """
    result = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux", "win32"])
    assert {c.platform: c.status for c in result.claims} == {"linux": "held", "win32": "violated"}


def test_a_property_getter_is_not_replaced_by_its_setter(tmp_path: Path) -> None:
    source = """
        class C:
            # claims: deterministic
            @property
            def x(self):
                return 1

            @x.setter
            def x(self, value):
                open("log", "w").write(value)
    """
    assert statuses_of(check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.C.x": "held"}
