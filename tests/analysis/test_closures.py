"""Which lines of a factory a call of its returned value runs (`analysis.closures.closes`)."""

import ast
import textwrap

import pytest

from pytest_claims.analysis.closures import closes


def _closes(source: str) -> tuple[tuple[int, int], ...]:
    node = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    return closes(node)


def test_the_returned_def_and_the_local_def_it_calls() -> None:
    source = """
    def make(fmt):
        def now():
            return 1
        def never():
            return 2
        never()
        def stamp(e):
            e["t"] = now()
            return e
        return stamp
    """
    assert _closes(source) == ((4, 4), (9, 10))


def test_a_lambda_and_a_wraps_wrapper() -> None:
    assert _closes("def f():\n    return lambda: g()\n") == ((2, 2),)
    wrapped = """
    def deco(func):
        @functools.wraps(func)
        def wrapper(*a):
            return func(*a)
        return wrapper
    """
    assert _closes(wrapped) == ((5, 5),)


def test_a_local_def_handed_out_by_the_factory_may_run() -> None:
    source = """
    def make():
        def tick():
            return 1
        table = {"t": tick}
        def run(k):
            return table[k]()
        return run
    """
    assert _closes(source) == ((4, 4), (7, 7))


@pytest.mark.parametrize(
    "source",
    [
        "def f():\n    def g():\n        pass\n    return g()\n",  # returns what g returns
        "def f():\n    def g():\n        pass\n    g = 1\n    return g\n",  # g bound twice
        "def f(g):\n    return g\n",  # a parameter
        "def f():\n    @other\n    def g():\n        pass\n    return g\n",  # another decorator may wrap it
        "async def f():\n    def g():\n        pass\n    return g\n",  # a coroutine
        "def f():\n    def g():\n        pass\n    yield g\n",  # a generator
        "def f():\n    def g():\n        pass\n    if x:\n        return g\n    return None\n",  # not every return
        "def f():\n    pass\n",  # no return
    ],
)
def test_no_closure_factory(source: str) -> None:
    assert _closes(source) == ()
