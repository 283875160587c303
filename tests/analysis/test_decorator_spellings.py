"""The `@claims` decorator resolves like any other name, and the pre-scan cannot skip it: every spelling makes
an item, a near miss makes none, an undecidable one is refused, and stored readings follow re-exports."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of

FULL_WIDTH = "\uff43\uff4c\uff41\uff49\uff4d\uff53"


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
    result = check(pkg_project(tmp_path, SPELLINGS[spelling]), ["linux"])
    assert not result.errors and not result.problems, (result.errors, result.problems)
    assert statuses_of(result) == {"pkg.use.f": "violated"}


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
    result = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    assert statuses_of(result) == {"pkg.use.f": "violated"}


def test_a_file_that_may_not_claim_stays_unread_by_the_pre_scan(tmp_path: Path) -> None:
    """The cheap case stays cheap: pure-ASCII UTF-8 files without the word are never parsed for directives."""
    root = pkg_project(
        tmp_path, {"pkg/plain.py": "def g():\n    return 1\n", "pkg/uni.py": "def h():\n    return 'é'\n"}
    )
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
    result = check(pkg_project(tmp_path, NEAR_MISSES[near_miss]), ["linux"])
    assert result.claims == () and not result.errors


def test_a_star_import_of_the_plugin_does_not_hide_builtins(tmp_path: Path) -> None:
    """`from pytest_claims import *` binds the plugin's four names, not every name (`open` stays the builtin)."""
    source = "from pytest_claims import *\n\n@claims('sandboxed')\ndef f(p):\n    return open(p)\n"
    result = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    (claim,) = result.claims
    assert [v.reach for v in claim.violations] == ["builtins.open"]


def test_a_decorator_named_claims_that_resolves_to_nothing_is_refused(tmp_path: Path) -> None:
    """It may be the decorator (the name is right) and nothing can tell: refused at its line, never skipped."""
    use = CLAIMED.format(imports="import os\nfrom pkg.deco import claims", decorator="claims")
    files = {"pkg/deco.py": "x = 1\n", "pkg/use.py": use}
    result = check(pkg_project(tmp_path, files), ["linux"])
    assert [str(e) for e in result.errors] == [
        "pkg/use.py:5: cannot tell whether @claims is pytest_claims.claims: pkg.deco defines no claims"
    ]


def test_a_stored_reading_is_redone_when_the_re_export_changes(tmp_path: Path) -> None:
    from pytest_claims.persist.cache import FactsCache

    files = SPELLINGS["an alias imported under another name"]
    root = pkg_project(tmp_path, files)
    cache = tmp_path / ".cache" / "facts"
    assert statuses_of(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}
    (root / "pkg" / "deco.py").write_text("def promise(*names):\n    return lambda f: f\n")
    assert check(root, ["linux"], cache=FactsCache(cache)).claims == ()
    (root / "pkg" / "deco.py").write_text(files["pkg/deco.py"])
    assert statuses_of(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}


def test_a_full_width_comment_directive_is_refused_not_skipped(tmp_path: Path) -> None:
    source = f"# {FULL_WIDTH}: deterministic\ndef f():\n    return 1\n"
    result = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"])
    assert [e.line for e in result.errors] == [1] and "ASCII" in result.errors[0].message


def test_a_new_file_spelling_the_decorator_under_a_stored_name_is_read(tmp_path: Path) -> None:
    """The files mentioning a renamed decorator are kept from the last run (a warm run reads no file); a file
    added or changed since is read again."""
    from pytest_claims.persist.cache import FactsCache

    root = pkg_project(tmp_path, SPELLINGS["an alias imported under another name"])
    cache = tmp_path / ".cache" / "facts"
    assert statuses_of(check(root, ["linux"], cache=FactsCache(cache))) == {"pkg.use.f": "violated"}
    (root / "pkg" / "more.py").write_text(SPELLINGS["an alias imported under another name"]["pkg/use.py"])
    assert statuses_of(check(root, ["linux"], cache=FactsCache(cache))) == {
        "pkg.use.f": "violated",
        "pkg.more.f": "violated",
    }
