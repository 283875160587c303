"""The modules the plugin imports load as plain modules: pytest marks the plugin's whole distribution for
assertion rewriting, which (where bytecode is not written) re-parses and rewrites the engine on every run."""

from __future__ import annotations

import pytest

LOADERS = """
import sys

from _pytest.assertion.rewrite import AssertionRewritingHook


def test_loaders():
    marked = sys.modules["pytest_claims.plugin"].__loader__
    if isinstance(marked, AssertionRewritingHook):  # pytest marked the distribution (plugins autoloaded)
        for name in ("pytest_claims.config", "pytest_claims.analysis.project", "pytest_claims.records"):
            assert not isinstance(sys.modules[name].__loader__, AssertionRewritingHook), name
"""


def test_the_plugins_modules_are_not_rewritten(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_loaders=LOADERS)
    result = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
