"""Which functions a module claims, read without its facts: one parse, and a look at module and class bodies only.

A run that judges only some claims (`-k`, `-m`, a shard) still needs every claiming function, to make one item
each, but not every claiming module's facts: those are extracted only for the modules its wanted claims are in
and the modules their walks reach. This reading is exact where it answers, and declines (None) wherever the
facts would say more than a claim: a refused directive, a decorator that could be `@claims`, a def under a
condition (whose existence depends on the target), a file that does not parse or is not plain ASCII. A module it
declines is read from its facts, as before.
"""

from __future__ import annotations

import ast
import re
import unicodedata
import warnings
from collections.abc import Collection
from typing import NamedTuple

from pytest_claims.sourcetext import decoded

DIRECTIVE_LINE = re.compile(r"^[ \t]*#[ \t]*claims[ \t]*:(.*)$")
"""A whole-line `# claims:` comment (the facts' own pattern, `facts._DIRECTIVE_LINE`; a test holds them equal)."""


NESTED = "claims go on module-level functions and methods, not on nested functions or classes"
NOTHING = "claims directive is attached to nothing: put it directly above a def or its decorators"
"""The facts' refusals of a directive by where it stands (`directives._directive_problem`; a test holds them equal)."""

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


class LightClaim(NamedTuple):
    """A claiming function as the light reading finds it: what an item needs, without its place in the facts."""

    qualname: str
    line: int
    claims: tuple[str, ...]
    """sorted"""


class LightReading(NamedTuple):
    """A module's claims in the order of their lines, and its refused directives as (line, message)."""

    claims: list[LightClaim]
    refused: list[tuple[int, str]]


def light_claims(data: bytes, known: Collection[str], mutating: bool) -> LightReading | None:
    """The claims of one module's source and the directives the facts would refuse for where they stand; None
    when only its facts can tell (`known`: the claim names the config knows; `mutating`: whether
    `mutating-returns` is configured)."""
    text = _text(data)
    if text is None:
        return None
    lines = text.split("\n")
    candidates: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if "claims" in line:
            match = DIRECTIVE_LINE.match(line)
            if match is None:  # `claims` anywhere else: code, a string, a trailing comment -- the facts decide
                return None
            candidates.append((number, match.group(1)))
        elif not line.isascii() and "claims" in unicodedata.normalize("NFKC", line):
            return None  # a name Python normalises to `claims`, or a full-width comment the facts refuse
    if not candidates:
        return LightReading([], [])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = LightReading([], [])
    taken: set[int] = set()
    for number, written in candidates:
        following = number
        while following < len(lines) and lines[following].lstrip().startswith("#"):
            following += 1
        if any('"' in line or "'" in line for line in lines[number - 1 : following]):
            return None  # the comment might sit in a string that ends before the def
        target = _def_at(tree.body, following + 1)
        if target == "":
            found.refused.append((number, NOTHING))
            continue
        if target is None:
            return None  # a def under a condition (its existence depends on the target)
        if isinstance(target, str):
            found.refused.append((number, target))
            continue
        names = _names(written, known)
        qualname, def_line, returns = target
        if names is None or following + 1 in taken or (mutating and returns and "deterministic" in names):
            return None  # the facts word these refusals
        taken.add(following + 1)
        found.claims.append(LightClaim(qualname, def_line, tuple(sorted(names))))
    return found


def _text(data: bytes) -> str | None:
    """The source as Python reads it (None: the facts tell why it cannot be read), with no line ending but \\n."""
    if b"\0" in data or b"\r" in data:
        return None
    text = decoded(data)
    return text[1:] if text is not None and text.startswith("\ufeff") else text


def _names(text: str, known: Collection[str]) -> tuple[str, ...] | None:
    """The claim names of a directive, when none is empty, unknown or repeated (else the facts word the refusal)."""
    names = tuple(part.strip() for part in text.strip().split(","))
    if not names or any(not name or name not in known for name in names) or len(set(names)) != len(names):
        return None
    return names


def _def_at(body: list[ast.stmt], first: int) -> tuple[str, int, bool] | str | None:
    """What the def or class whose first line (its first decorator's, else its own) is `first` is to a directive
    above it: (qualname, def line, has a return annotation) for a def the facts give a function of its own and
    no guard; a refusal for a nested def, a local class's method or a class; "" for no def or class there; None
    for a def under a condition, loop, `with` or `try`, or after a module-level `assert` (the facts tell whether
    it exists on a target). Only the statements whose lines hold `first` are looked at."""
    cut = any(isinstance(node, ast.Assert) and node.lineno < first for node in body)  # guards the module's rest
    stack: list[tuple[list[ast.stmt], str, bool, bool]] = [(body, "", False, cut)]  # prefix, local, guarded
    while stack:
        stmts, prefix, local, guarded = stack.pop()
        for node in stmts:
            start = node.lineno
            if isinstance(node, (*_DEFS, ast.ClassDef)) and node.decorator_list:
                start = min(start, *(d.lineno for d in node.decorator_list))
            end = node.end_lineno or node.lineno
            if not start <= first <= end:
                continue
            if isinstance(node, _DEFS):
                if start == first:
                    if local:
                        return NESTED
                    return None if guarded else (f"{prefix}{node.name}", node.lineno, node.returns is not None)
                stack.append((node.body, "", True, guarded))
            elif isinstance(node, ast.ClassDef):
                if start == first:
                    return NESTED
                stack.append((node.body, f"{prefix}{node.name}.", local, guarded))
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    for part in getattr(node, field, ()):
                        inner = part.body if isinstance(part, (ast.ExceptHandler, ast.match_case)) else [part]
                        stack.append((inner, prefix, local, True))
    return ""
