"""Which local defs a function installs on a class it defines (`analysis/installed.py`)."""

from __future__ import annotations

import ast
import textwrap

from pytest_claims.analysis.installed import installed


def _installed(source: str, shadowed: frozenset[str] = frozenset()) -> dict[str, tuple[str, str]]:
    func = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(func, ast.FunctionDef)
    found = installed(func, shadowed)
    return {f"{node.name}@{node.lineno}": site for node, site in found.items() if isinstance(node, ast.FunctionDef)}


LAZY = """
def lazy(func, *classes):
    class Proxy:
        pass
    for name in classes:
        def wrapper(self):
            return func()
        setattr(Proxy, name, wrapper)
    def wrapper(*args):
        return Proxy()
    return wrapper
"""


def test_the_lazy_shape_installs_the_loop_def_only() -> None:
    assert _installed(LAZY) == {"wrapper@6": ("Proxy", "wrapper")}


def test_a_literal_name_is_the_method_name() -> None:
    source = """
    def f(func):
        class Box:
            pass
        def wrapper(self):
            return func()
        setattr(Box, "run", wrapper)
    """
    assert _installed(source) == {"wrapper@5": ("Box", "run")}


def test_a_def_read_otherwise_stays_part_of_the_function() -> None:
    returned = LAZY.replace("    def wrapper(*args):\n        return Proxy()\n", "")
    assert _installed(returned) == {}
    before = LAZY.replace("    for name in classes:", "    keep = lambda: wrapper\n    for name in classes:")
    assert _installed(before) == {}


def test_only_a_class_of_the_function_bound_once_owns_it() -> None:
    assert _installed(LAZY.replace("setattr(Proxy,", "setattr(other,")) == {}
    assert _installed(LAZY.replace("        return Proxy()", "        Proxy = 1")) == {}


def test_a_decorated_def_or_a_shadowed_setattr_installs_nothing() -> None:
    assert _installed(LAZY.replace("        def wrapper(self):", "        @deco\n        def wrapper(self):")) == {}
    assert _installed(LAZY, frozenset({"setattr"})) == {}
