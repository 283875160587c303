"""What a blind-spot hint knows of the code around its site, read from the site's file (never imported).

A call's source text alone cannot tell an annotatable parameter `x` from a comprehension variable `x`, a
`**kwargs` parameter, a local def or a standard-library module bound to that name; to the user those are
different advice: annotate it, or nothing written here would help (and why). The file is parsed once per
summary; a file that cannot be read or parsed gives no context, and the hint falls back to the text alone.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple


class SiteContext(NamedTuple):
    """The names around one blind-spot site that change what a hint can honestly ask for."""

    comprehension: dict[str, ast.expr]
    """Names bound by a comprehension around the site -> the iterable they come from."""
    starstar: frozenset[str]
    """The `**` parameters of the functions around the site."""
    local_defs: frozenset[str]
    """Names of defs in the functions around the site and at the file's top level: a call of one is a call by
    name already."""
    libraries: frozenset[str]
    """Names the file binds by importing from the standard library (`import os`, `from random import x`)."""
    stored: dict[str, str]
    """Attributes the file assigns on an instance (`self.x = ...`), each with the name assigned ("" for another
    expression): a call of `self.x` calls a stored value."""
    assigned: dict[str, tuple[int, ...]]
    """Attributes the file assigns on an instance from an expression other than a name, without an annotation
    there (`self.x = make()`) -> the lines of those assignments: the attribute holds what they give, which a
    class-body annotation does not change."""
    rebound: dict[str, int]
    """Names the innermost function around the site rebinds from their own value (`x = x.strip()`, `x = x[1:]`)
    -> the line of the first such binding: the walk types no such name, annotated or not."""


Reader = Callable[[str, int], "SiteContext | None"]
"""(file as the site names it, line) -> the context there, or None."""


def source_reader(root: Path) -> Reader:
    """Contexts of sites in the files under `root` (a site's file is relative to it, or absolute), each file
    read and parsed at most once."""
    trees: dict[str, ast.Module | None] = {}

    def context(file: str, line: int) -> SiteContext | None:
        if file not in trees:
            trees[file] = _parse(root / file)
        tree = trees[file]
        return None if tree is None else site_context(tree, line)

    return context


def _parse(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_bytes())  # bytes: the file's coding declaration is honoured
    except (OSError, SyntaxError, ValueError):
        return None


def site_context(tree: ast.Module, line: int) -> SiteContext:
    """The context of `line` in `tree`: the comprehensions and functions whose lines hold it, and the file's
    imports and stored attributes."""
    comprehension: dict[str, ast.expr] = {}
    starstar: set[str] = set()
    local_defs: set[str] = set()
    around: list[ast.AST] = [tree]
    innermost: ast.AST | None = None
    while around:
        node = around.pop()
        around.extend(c for c in ast.iter_child_nodes(node) if _spans(c, line))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            innermost = node
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            for generator in node.generators:
                for name in ast.walk(generator.target):
                    if isinstance(name, ast.Name):
                        comprehension[name.id] = generator.iter
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if node.args.kwarg is not None:
                starstar.add(node.args.kwarg.arg)
            if not isinstance(node, ast.Lambda):
                body = [n for statement in node.body for n in ast.walk(statement)]
                local_defs.update(n.name for n in body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    local_defs.update(n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    rebound = _rebound(innermost) if innermost is not None else {}
    return SiteContext(comprehension, frozenset(starstar), frozenset(local_defs), *_file_names(tree), rebound)


def _rebound(function: ast.AST) -> dict[str, int]:
    """Names `function` rebinds from a member or an item of their own value (`x = x.strip()`), each with the
    line of the first such binding."""
    found: dict[str, int] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if any(_is_member_of(part, name) for part in ast.walk(node.value)):
                found[name] = min(found.get(name, node.lineno), node.lineno)
    return found


def _is_member_of(node: ast.AST, name: str) -> bool:
    """Whether `node` is `name.attr` or `name[...]`."""
    return (
        isinstance(node, (ast.Attribute, ast.Subscript))
        and isinstance(node.value, ast.Name)
        and node.value.id == name
    )


def _spans(node: ast.AST, line: int) -> bool:
    start = getattr(node, "lineno", None)
    end = getattr(node, "end_lineno", None)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.decorator_list:
        start = min(d.lineno for d in node.decorator_list)
    return start is not None and end is not None and start <= line <= end


def _file_names(tree: ast.Module) -> tuple[frozenset[str], dict[str, str], dict[str, tuple[int, ...]]]:
    """(names bound by standard-library imports, attributes assigned on `self` or `cls`, and the lines where one
    is assigned an expression other than a name) anywhere in the file."""
    libraries: set[str] = set()
    stored: dict[str, str] = {}
    assigned: dict[str, tuple[int, ...]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.partition(".")[0] in sys.stdlib_module_names:
                    libraries.add(alias.asname or alias.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module is not None:
            if node.module.partition(".")[0] in sys.stdlib_module_names:
                libraries.update(alias.asname or alias.name for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and _is_self(target.value):
                    name = node.value.id if isinstance(node.value, ast.Name) else ""
                    stored[target.attr] = name if stored.get(target.attr, name) == name else ""
                    if not name:
                        assigned[target.attr] = (*assigned.get(target.attr, ()), node.lineno)
    return frozenset(libraries), stored, assigned


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")
