"""Issue 16, fail closed (items 1, 2, 3, 10): decorator spellings, bindings of every form, rebound constants and
replaced defs. Each of these gave a silent `held`, or no item at all, before."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from pytest_claims import hermetic
from pytest_claims.engine import Result, check

FULL_WIDTH = "\uff43\uff4c\uff41\uff49\uff4d\uff53"
"""`claims` in full-width letters: Python reads the identifier as `claims` (NFKC)."""


def _project(root: Path, files: Mapping[str, str | bytes], table: str = '[tool.claims]\npackages = ["pkg"]\n') -> Path:
    (root / "pyproject.toml").write_text(table)
    for name, text in {"pkg/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def _statuses(result: Result) -> dict[str, str]:
    return {c.function: c.status for c in result.claims}


# ---------------------------------------------------------------------------------------------------------
# Item 1: the decorator resolves like any other name, and the pre-scan cannot skip it


CLAIMED = """
{imports}

@{decorator}("deterministic")
def f():
    return os.getenv("X")
"""

SPELLINGS: dict[str, dict[str, str]] = {
    "re-exported from a project module": {
        "pkg/deco.py": "from pytest_claims import claims\n",
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pkg.deco import claims", decorator="claims"),
    },
    "re-exported from the package __init__": {
        "pkg/__init__.py": "from pytest_claims import claims\n",
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom . import claims", decorator="claims"),
    },
    "star import": {
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pytest_claims import *", decorator="claims"),
    },
    "an alias in the same file": {
        "pkg/use.py": CLAIMED.format(
            imports="import os\nfrom pytest_claims import claims\npromise = claims", decorator="promise"
        ),
    },
    "an alias imported under another name": {
        "pkg/deco.py": "from pytest_claims import claims as promise\n",
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pkg.deco import promise", decorator="promise"),
    },
    "an alias chain through two modules": {
        "pkg/deco.py": "import pytest_claims\npromise = pytest_claims.claims\n",
        "pkg/mid.py": "from pkg.deco import promise as vow\n",
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pkg.mid import vow", decorator="vow"),
    },
    "the runtime module": {
        "pkg/use.py": CLAIMED.format(
            imports="import os\nimport pytest_claims.runtime", decorator="pytest_claims.runtime.claims"
        ),
    },
    "from the runtime module": {
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pytest_claims.runtime import claims", decorator="claims"),
    },
    "full-width letters": {
        "pkg/use.py": CLAIMED.format(
            imports=f"import os\nfrom pytest_{FULL_WIDTH} import {FULL_WIDTH}", decorator=FULL_WIDTH
        ),
    },
}


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_every_spelling_of_the_decorator_makes_an_item(tmp_path: Path, spelling: str) -> None:
    result = check(_project(tmp_path, SPELLINGS[spelling]), ["linux"])
    assert not result.errors and not result.problems, (result.errors, result.problems)
    assert _statuses(result) == {"pkg.use.f": "violated"}


UTF7_DECORATOR = (
    b"# -*- coding: utf-7 -*-\n"
    b"import os\n"
    b"from pytest_+AGM-laims import +AGM-laims\n\n"
    b'@+AGM-laims("deterministic")\n'
    b"def f():\n"
    b'    return os.getenv("X")\n'
)
UTF7_COMMENT = (
    b'# -*- coding: utf-7 -*-\nimport os\n\n# +AGM-laims: deterministic\ndef f():\n    return os.getenv("X")\n'
)


@pytest.mark.parametrize("source", [UTF7_DECORATOR, UTF7_COMMENT], ids=["decorator", "comment"])
def test_a_utf7_source_is_decoded_before_the_pre_scan(tmp_path: Path, source: bytes) -> None:
    assert b"claims" not in source
    result = check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    assert _statuses(result) == {"pkg.use.f": "violated"}


def test_a_file_that_may_not_claim_stays_unread_by_the_pre_scan(tmp_path: Path) -> None:
    """The cheap case stays cheap: pure-ASCII UTF-8 files without the word are never parsed for directives."""
    root = _project(tmp_path, {"pkg/plain.py": "def g():\n    return 1\n", "pkg/uni.py": "def h():\n    return 'é'\n"})
    result = check(root, ["linux"])
    assert result.claims == ()
    assert result.project.modules.mentions == set()


NEAR_MISSES: dict[str, dict[str, str]] = {
    "a project function named claims": {
        "pkg/deco.py": "def claims(*names):\n    return lambda f: f\n",
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pkg.deco import claims", decorator="claims"),
    },
    "a third-party decorator named claims": {
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom other_lib import claims", decorator="claims"),
    },
    "an attribute named claims of a project object": {
        "pkg/use.py": CLAIMED.format(imports="import os\nfrom pkg import registry", decorator="registry.claims"),
        "pkg/registry.py": "def claims(*names):\n    return lambda f: f\n",
    },
}


@pytest.mark.parametrize("near_miss", sorted(NEAR_MISSES))
def test_a_decorator_that_is_not_pytest_claims_makes_no_item(tmp_path: Path, near_miss: str) -> None:
    result = check(_project(tmp_path, NEAR_MISSES[near_miss]), ["linux"])
    assert result.claims == () and not result.errors


def test_a_star_import_of_the_plugin_does_not_hide_builtins(tmp_path: Path) -> None:
    """`from pytest_claims import *` binds the plugin's four names, not every name (`open` stays the builtin)."""
    source = "from pytest_claims import *\n\n@claims('sandboxed')\ndef f(p):\n    return open(p)\n"
    result = check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    (claim,) = result.claims
    assert [v.reach for v in claim.violations] == ["builtins.open"]


@pytest.fixture
def importable(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "bindings_rt" or n.startswith("bindings_rt.")]:
            del sys.modules[name]


def test_the_hermetic_view_reads_a_utf7_comment_claim(importable: Path) -> None:
    """The run-time side agrees with the static one: the UTF-7 comment is a claim there too."""
    (importable / "bindings_rt.py").write_bytes(
        b"# -*- coding: utf-7 -*-\n\n# +AGM-laims: deterministic\ndef f():\n    return 1\n"
    )
    module = importlib.import_module("bindings_rt")
    assert hermetic(module).f() == 1


def test_a_decorator_named_claims_that_resolves_to_nothing_is_refused(tmp_path: Path) -> None:
    """It may be the decorator (the name is right) and nothing can tell: refused at its line, never skipped."""
    use = CLAIMED.format(imports="import os\nfrom pkg.deco import claims", decorator="claims")
    files = {"pkg/deco.py": "x = 1\n", "pkg/use.py": use}
    result = check(_project(tmp_path, files), ["linux"])
    assert [str(e) for e in result.errors] == [
        "pkg/use.py:5: cannot tell whether @claims is pytest_claims.claims: pkg.deco defines no claims"
    ]


def test_a_stored_reading_is_redone_when_the_re_export_changes(tmp_path: Path) -> None:
    from pytest_claims.persist.cache import FactsCache

    files = SPELLINGS["an alias imported under another name"]
    root = _project(tmp_path, files)
    cache = tmp_path / ".cache" / "facts"
    assert _statuses(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}
    (root / "pkg" / "deco.py").write_text("def promise(*names):\n    return lambda f: f\n")
    assert check(root, ["linux"], cache=FactsCache(cache)).claims == ()
    (root / "pkg" / "deco.py").write_text(files["pkg/deco.py"])
    assert _statuses(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}


def test_a_full_width_comment_directive_is_refused_not_skipped(tmp_path: Path) -> None:
    source = f"# {FULL_WIDTH}: deterministic\ndef f():\n    return 1\n"
    result = check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    assert [e.line for e in result.errors] == [1] and "ASCII" in result.errors[0].message


# ---------------------------------------------------------------------------------------------------------
# Item 2: a module-level name bound by any form is what it is bound to

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
    (claim,) = check(_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
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
    """What it holds is not known exactly: reading it reaches what its binding evaluated (SPEC §4)."""
    source = f"import os\n\n{UNKNOWN_BINDINGS[shape]}\n\n# claims: deterministic\ndef f():\n    return h('X')\n"
    (claim,) = check(_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
    assert claim.status == "violated" and {v.reach for v in claim.violations} == {"os.getenv"}, claim


def test_a_name_bound_by_a_loop_over_unknown_values_is_a_blind_spot(tmp_path: Path) -> None:
    source = "from pkg.data import table\n\nfor h in table():\n    pass\n\n"
    source += "# claims: deterministic\ndef f():\n    return h()\n"
    files = {"pkg/use.py": source, "pkg/data.py": "def table():\n    return []\n"}
    table = '[tool.claims]\npackages = ["pkg"]\ndynamic-calls = "unevaluable"\n'
    (claim,) = check(_project(tmp_path, files, table), ["linux"]).claims
    assert claim.status == "unevaluable" and [(b.line, b.code) for b in claim.blind_spots] == [(8, "h()")]


# ---------------------------------------------------------------------------------------------------------
# Item 3: a name bound more than once is no known constant

REBOUND: dict[str, str] = {
    "rebound to an unknown value before the if": "FLAG = True\nFLAG = os.environ.get('X') == '1'\n",
    "rebound by unpacking before the if": "FLAG = True\nFLAG, X = False, 1\n",
    "rebound in a loop": "FLAG = True\nfor FLAG in (True, False):\n    pass\n",
}


@pytest.mark.parametrize("shape", sorted(REBOUND))
def test_the_branch_python_may_take_after_a_rebinding_gets_its_item(tmp_path: Path, shape: str) -> None:
    source = f"import os\n\n{REBOUND[shape]}\nif FLAG:\n    def f():\n        return 1\nelse:\n"
    source += "    # claims: deterministic\n    def f():\n        return os.getenv('X')\n"
    assert _statuses(check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "violated"}


@pytest.mark.parametrize(
    "later", ["FLAG = compute()", "FLAG, X = False, 1", "def set_flag():\n    global FLAG\n    FLAG = False"]
)
def test_a_function_body_sees_a_constant_rebound_later_in_the_module(tmp_path: Path, later: str) -> None:
    """A body runs after the whole module has run: a later rebinding is what it may see."""
    source = "import os\n\nFLAG = True\n\n# claims: deterministic\ndef f():\n    if FLAG:\n        return 1\n"
    source += f"    else:\n        return os.getenv('X')\n\n\ndef compute():\n    return False\n\n\n{later}\n"
    assert _statuses(check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "violated"}


def test_a_constant_bound_once_still_decides_its_branches(tmp_path: Path) -> None:
    source = "import os\n\nFLAG = True\n\n# claims: deterministic\ndef f():\n    if FLAG:\n        return 1\n"
    source += "    else:\n        return os.getenv('X')\n"
    assert _statuses(check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.f": "held"}


# ---------------------------------------------------------------------------------------------------------
# Item 10: a claim is checked against the def Python binds

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
    (claim,) = check(_project(tmp_path, {"pkg/use.py": REPLACED[shape]}), ["linux"]).claims
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
    result = check(_project(tmp_path, {"pkg/use.py": source}), ["linux", "win32"])
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
    assert _statuses(check(_project(tmp_path, {"pkg/use.py": source}), ["linux"])) == {"pkg.use.C.x": "held"}


def test_a_new_file_spelling_the_decorator_under_a_stored_name_is_read(tmp_path: Path) -> None:
    """The files mentioning a renamed decorator are kept from the last run (a warm run reads no file); a file
    added or changed since is read again."""
    from pytest_claims.persist.cache import FactsCache

    root = _project(tmp_path, SPELLINGS["an alias imported under another name"])
    cache = tmp_path / ".cache" / "facts"
    assert _statuses(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}
    (root / "pkg" / "more.py").write_text(SPELLINGS["an alias imported under another name"]["pkg/use.py"])
    assert _statuses(check(root, ["linux"], cache=FactsCache(cache))) == {
        "pkg.use.f": "violated",
        "pkg.more.f": "violated",
    }
