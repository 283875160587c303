"""Which lines of a factory a call of its returned value runs (`analysis.closures.closes`), and the first parameters of
what it returns (`closure(...).selves`)."""

import ast
import textwrap

import pytest

from pytest_claims.analysis.closures import closes, closure, wraps_names


def _closes(source: str, name: str = "") -> tuple[tuple[int, int], ...]:
    """`closes` of the module's def named `name` (its first def when none is named)."""
    tree = ast.parse(textwrap.dedent(source))
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    node = next(n for n in defs if n.name == name) if name else defs[0]
    return closes(node, wraps_names(tree))


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
    import functools
    def deco(func):
        @functools.wraps(func)
        def wrapper(*a):
            return func(*a)
        return wrapper
    """
    assert _closes(wrapped) == ((6, 6),)
    assert _closes(wrapped.replace("import functools", "from functools import wraps").replace("functools.", "")) == (
        (6, 6),
    )


def test_a_wraps_the_module_does_not_take_from_functools_hands_back_what_it_likes() -> None:
    """A project's own `wraps`, a `functools` rebound, or a `wraps` never imported: the decorator may return
    another function, so the factory's value is not the def."""
    body = """
    def deco(func):
        @wraps(func)
        def wrapper(*a):
            return func(*a)
        return wrapper
    """
    assert _closes(body) == ()  # `wraps` not bound by the module
    assert _closes("def wraps(f):\n    return lambda g: print\n" + textwrap.dedent(body), "deco") == ()
    assert _closes("from functools import wraps\nwraps = lambda f: id\n" + textwrap.dedent(body)) == ()
    assert _closes("from functools import wraps\n" + textwrap.dedent(body)) == ((6, 6),)
    dotted = "import functools\nfunctools = None\n" + textwrap.dedent(body).replace("@wraps", "@functools.wraps")
    assert _closes(dotted) == ()


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


def test_the_first_parameter_of_each_returned_def_or_lambda() -> None:
    """`__eq__ = make(op.eq)` in a class body makes `compare` a method: its `self` is what `selves` names; a local
    def the returned one calls, and a returned def with no positional parameter, name none."""
    source = """
    def make(flag):
        def helper(other):
            return other
        def compare(self, that):
            return helper(that)
        def bare(*args):
            return args
        if flag:
            return compare
        if flag is None:
            return lambda me, x: x
        return bare
    """
    tree = ast.parse(textwrap.dedent(source))
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    assert closure(node, wraps_names(tree)).selves == ("me", "self")
    no_factory = ast.parse("def f():\n    def g(s):\n        pass\n    return g()\n").body[0]
    assert isinstance(no_factory, ast.FunctionDef)
    assert closure(no_factory, frozenset()).selves == ()
