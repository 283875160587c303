"""A wrapper's result called at once is a call of what it wraps (semantics §5.8, `specials.CALLS_WHAT_IT_WRAPS`):
the arguments flow as on a direct call, however the wrapper is spelled; a shape the walk cannot pin down stays a
reference (a function value handed over), so its tests stay open."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.analysis import specials
from pytest_claims.analysis.resolution.wrapped import _passed
from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of

TRUSTING = '[tool.claims]\npackages = ["pkg"]\ntrusted = ["asgiref"]\n'

HELPERS = """\
def clock(flag, *, now=False):
    if flag or now:
        import time
        return time.time()
    return 0
"""


def _statuses(tmp_path: Path, body: str) -> dict[str, str]:
    root = pkg_project(tmp_path, {"pkg/helpers.py": HELPERS, "pkg/core.py": body}, TRUSTING)
    return statuses_of(check(root, platforms=("linux",)))


def test_the_wrapper_spellings_pass_the_arguments_on(tmp_path: Path) -> None:
    body = """\
    import functools
    from functools import partial as bind
    from asgiref import sync
    from asgiref.sync import SyncToAsync, sync_to_async as to_async
    from pkg.helpers import clock


    # claims: deterministic
    async def aliased():
        return await to_async(clock, thread_sensitive=True)(False)


    # claims: deterministic
    async def module_attribute():
        return await sync.sync_to_async(clock)(False, now=False)


    # claims: deterministic
    async def the_class():
        return await SyncToAsync(clock, True)(False)


    # claims: deterministic
    def bound_name():
        return bind(clock, False)(now=False)


    # claims: deterministic
    def keyword_overridden():
        return functools.partial(clock, now=True)(False, now=False)


    # claims: deterministic
    def keyword_kept():
        return functools.partial(clock, now=True)(False)


    # claims: deterministic
    def settings_are_not_arguments():
        return sync.async_to_sync(clock, True)(False)


    # claims: deterministic
    async def two_on_a_line():
        return (await to_async(clock)(False), await to_async(clock)(False))
    """
    assert _statuses(tmp_path, body) == {
        "pkg.core.aliased": "held",
        "pkg.core.module_attribute": "held",
        "pkg.core.the_class": "held",
        "pkg.core.bound_name": "held",
        "pkg.core.keyword_overridden": "held",
        "pkg.core.keyword_kept": "violated",
        "pkg.core.settings_are_not_arguments": "held",
        "pkg.core.two_on_a_line": "violated",
    }


def test_the_hop_is_a_call_and_no_reference_is_left(tmp_path: Path) -> None:
    body = """\
    from asgiref.sync import sync_to_async
    from pkg.helpers import clock


    # claims: deterministic
    async def at_once(flag):
        return await sync_to_async(clock)(flag)
    """
    result = check(pkg_project(tmp_path, {"pkg/helpers.py": HELPERS, "pkg/core.py": body}, TRUSTING), ("linux",))
    (claim,) = result.claims
    assert claim.status == "violated"
    assert [[step.how for step in v.steps] for v in claim.violations] == [["call", "call"]]


def test_partial_puts_its_own_arguments_first_and_its_keywords_under_the_call() -> None:
    given = ((("name", "f"), ("int", 1)), (("a", ("int", 2)), ("b", ("int", 3))))
    passed = ((("int", 4),), (("b", ("int", 5)),))
    assert _passed(specials.CALLS_WHAT_IT_WRAPS["functools.partial"], given, passed) == (
        (("int", 1), ("int", 4)),
        (("a", ("int", 2)), ("b", ("int", 5))),
    )
    assert _passed(specials.CALLS_WHAT_IT_WRAPS["asgiref.sync.sync_to_async"], given, passed) == passed
