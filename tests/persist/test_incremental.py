"""A run that reuses the cache gives exactly what a cold run gives, whatever edits came between: every cache
layer at once (facts, directive readings, summaries, verdicts, the early cutoff for edits that leave the facts as
they were, walks shared between targets), under random sequences of edits that change a capability, a module
global, an override, a directive, or nothing but comments and lines."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.persist.helpers import outcome

TARGETS = ["linux", "win32"]

FILES = {
    "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
    "pkg/__init__.py": "",
    "pkg/core.py": """\
import os
import sys
import time

SEED = 1


class Base:
    def run(self):
        return 1


def helper():
    return 2


if sys.platform == "win32":
    def native():
        return 0
else:
    def native():
        return 0
""",
    "pkg/users.py": """\
from pkg.core import SEED, Base, helper, native


# claims: deterministic
def uses_seed():
    return SEED


# claims: deterministic
def uses_helper():
    return helper()


# claims: deterministic
def uses_base(base: Base):
    return base.run()


# claims: deterministic
def uses_native():
    return native()
""",
    "pkg/subs.py": """\
from pkg.core import Base


class Sub(Base):
    pass
""",
}

Edit = Callable[[Path], None]


def _toggle(rel: str, one: str, other: str) -> Edit:
    """Replace `one` by `other` in the file, or back when `other` is there."""

    def edit(root: Path) -> None:
        path = root / rel
        text = path.read_text()
        path.write_text(text.replace(one, other, 1) if one in text else text.replace(other, one, 1))

    return edit


def _append_comment(rel: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        path.write_text(path.read_text() + f"# note {len(path.read_text())}\n")

    return edit


def _first_line(rel: str) -> Edit:
    """A comment line inserted at the top, or taken away: every line below moves."""

    def edit(root: Path) -> None:
        path = root / rel
        text = path.read_text()
        path.write_text(text[len("# moved\n") :] if text.startswith("# moved\n") else "# moved\n" + text)

    return edit


def _trailing_spaces(rel: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        lines = path.read_text().split("\n")
        lines[0] = lines[0].rstrip() if lines[0].endswith(" ") else lines[0] + "   "
        path.write_text("\n".join(lines))

    return edit


EDITS: dict[str, Edit] = {
    "seed-from-env": _toggle("pkg/core.py", "SEED = 1\n", 'SEED = int(os.environ.get("SEED", "1"))\n'),
    "helper-reads-clock": _toggle("pkg/core.py", "    return 2\n", "    return time.time()\n"),
    # the non-win32 `native` reads the clock: a change on some targets only
    "native-on-linux-reads-clock": _toggle(
        "pkg/core.py",
        "else:\n    def native():\n        return 0\n",
        "else:\n    def native():\n        return time.time()\n",
    ),
    "sub-overrides-run": _toggle("pkg/subs.py", "    pass\n", "    def run(self):\n        return os.getcwd()\n"),
    "subs-imports-os": _toggle("pkg/subs.py", "from pkg.core import Base\n", "import os\nfrom pkg.core import Base\n"),
    "helper-claims": _toggle("pkg/core.py", "\n\ndef helper():", "\n\n# claims: deterministic\ndef helper():"),
    "comment-core": _append_comment("pkg/core.py"),
    "comment-users": _append_comment("pkg/users.py"),
    "lines-move-core": _first_line("pkg/core.py"),
    "lines-move-subs": _first_line("pkg/subs.py"),
    "lines-inside-helper": _toggle("pkg/core.py", "def helper():\n    return", "def helper():\n\n\n    return"),
    "spaces-users": _trailing_spaces("pkg/users.py"),
}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(EDITS)), min_size=1, max_size=5))
def test_a_run_on_the_cache_equals_a_cold_run_after_any_edits(edits: list[str]) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root, cache = Path(scratch) / "project", Path(scratch) / "cache"
        for rel, text in FILES.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        check(root, TARGETS, cache=FactsCache(cache))
        for name in edits:
            EDITS[name](root)
            warm = check(root, TARGETS, cache=FactsCache(cache))
            assert outcome(warm) == outcome(check(root, TARGETS)), f"after {edits[: edits.index(name) + 1]}"
        shutil.rmtree(root)


def test_the_edits_change_verdicts_both_ways() -> None:
    """The campaign above can fail: its edits turn claims from held to violated and back, on one target only too."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        for rel, text in FILES.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)

        def statuses() -> dict[tuple[str, str], str]:
            return {(r.qualname, r.platform): r.status for r in check(root, TARGETS).claims}

        before = statuses()
        assert set(before.values()) == {"held"}
        for name in ("seed-from-env", "helper-reads-clock", "sub-overrides-run", "subs-imports-os"):
            EDITS[name](root)
        EDITS["native-on-linux-reads-clock"](root)
        after = statuses()
        assert after["uses_seed", "linux"] == after["uses_helper", "win32"] == after["uses_base", "linux"] == "violated"
        assert after["uses_native", "linux"] == "violated" and after["uses_native", "win32"] == "held"
        assert re.search(r"def native\(\):\n        return time", (root / "pkg/core.py").read_text())
