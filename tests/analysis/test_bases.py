"""Probe misses M1, M2 across modules: a base written as a qualified subscript (`pkg.base.Pair[int, str]`) or as
an annotated alias bound in another module (`Root: type = Base`, re-exported) makes a subclass the hierarchy
search finds. The fixture tree pins the same-module shapes (`testdata/violations/src/vio/bases_cases.py`)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

from pytest_claims.engine import check

BASE = """
import time
from typing import Generic, TypeAlias, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Base:
    def run(self):
        return 0


class Pair(Generic[K, V]):
    def run(self):
        return 0


Root: type = Base
"""

USE = """
from pkg.base import Base, Pair


# claims: deterministic
def use(obj: Base):
    return obj.run()


# claims: deterministic
def use_pair(obj: Pair):
    return obj.run()
"""

SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "a qualified subscripted base": (
        "pkg.use.use_pair",
        {"pkg/impl.py": "import time\nimport pkg.base\n\nclass Impl(pkg.base.Pair[int, str]):\n"
         "    def run(self):\n        return time.time()\n"},
    ),
    "an annotated alias imported from the defining module": (
        "pkg.use.use",
        {"pkg/impl.py": "import time\nfrom pkg.base import Root\n\nclass Impl(Root):\n"
         "    def run(self):\n        return time.time()\n"},
    ),
    "an annotated alias re-exported by another module": (
        "pkg.use.use",
        {
            "pkg/mid.py": "from pkg.base import Root as Again\n",
            "pkg/impl.py": "import time\nfrom pkg.mid import Again\n\nclass Impl(Again):\n"
            "    def run(self):\n        return time.time()\n",
        },
    ),
    "a rename of a name learnt after its module was read": (
        "pkg.use.use",
        {
            # read first (it names Base) while `Later` is no name of Base yet; `zmid` makes it one
            "pkg/amid.py": "from pkg.base import Base\nfrom pkg.zmid import Later as Leaf\n",
            "pkg/zmid.py": "from pkg.base import Base\n\nLater = Base\n",
            "pkg/impl.py": "import time\nfrom pkg.amid import Leaf\n\nclass Impl(Leaf):\n"
            "    def run(self):\n        return time.time()\n",
        },
    ),
    "a TypeAlias of a qualified name in another module": (
        "pkg.use.use",
        {
            "pkg/mid.py": "from typing import TypeAlias\nimport pkg.base\n\nRooted: TypeAlias = pkg.base.Base\n",
            "pkg/impl.py": "import time\nfrom pkg.mid import Rooted\n\nclass Impl(Rooted):\n"
            "    def run(self):\n        return time.time()\n",
        },
    ),
    "a subscript of the class bound in another module": (
        "pkg.use.use_pair",
        {
            "pkg/mid.py": "from pkg.base import Pair\n\nPairOf = Pair[int, str]\n",
            "pkg/impl.py": "import time\nfrom pkg.mid import PairOf\n\nclass Impl(PairOf):\n"
            "    def run(self):\n        return time.time()\n",
        },
    ),
}  # fmt: skip


def _project(root: Path, files: Mapping[str, str]) -> Path:
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    for name, text in {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/use.py": USE, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_subclass_is_entered(tmp_path: Path, shape: str) -> None:
    violated, files = SHAPES[shape]
    result = check(_project(tmp_path, files), ["linux"])
    statuses = {c.function: c.status for c in result.claims}
    assert statuses == {
        "pkg.use.use": "violated" if violated == "pkg.use.use" else "held",
        "pkg.use.use_pair": "violated" if violated == "pkg.use.use_pair" else "held",
    }
    claim = next(c for c in result.claims if c.function == violated)
    assert [(v.reach, v.file) for v in claim.violations] == [("time.time", "pkg/impl.py")]


def test_an_unrelated_subscripted_base_is_no_subclass(tmp_path: Path) -> None:
    files = {
        "pkg/impl.py": "import time\nfrom typing import Generic, TypeVar\nT = TypeVar('T')\n\n"
        "class Other(Generic[T]):\n    pass\n\n"
        "class Impl(Other[int]):\n    def run(self):\n        return time.time()\n"
    }
    result = check(_project(tmp_path, files), ["linux"])
    assert {c.function: c.status for c in result.claims} == {"pkg.use.use": "held", "pkg.use.use_pair": "held"}

