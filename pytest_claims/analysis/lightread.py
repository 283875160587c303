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
from bisect import bisect_right
from collections.abc import Collection
from typing import NamedTuple

from pytest_claims.sourcetext import decoded

DIRECTIVE_LINE = re.compile(r"^[ \t]*#[ \t]*claims[ \t]*:(.*)$")
"""A whole-line `# claims:` comment (the facts' own pattern, `comments._DIRECTIVE_LINE`; a test holds them equal)."""


NESTED = "claims go on module-level functions and methods, not on nested functions or classes"
NOTHING = "claims directive is attached to nothing: put it directly above a def or its decorators"
"""The facts' refusals of a directive by where it stands (`directives._directive_problem`; a test holds them equal)."""

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


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
    candidates = _candidates(text, lines)
    if candidates is None or not candidates:
        return None if candidates is None else LightReading([], [])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = LightReading([], [])
    taken: set[int] = set()
    bodies = _Bodies(tree.body)
    for number, written in candidates:
        following = number
        while following < len(lines) and lines[following].lstrip().startswith("#"):
            following += 1
        if any('"' in line or "'" in line for line in lines[number - 1 : following]) or bodies.in_string(number):
            return None  # the comment might sit in a string (the facts then see no directive)
        target = bodies.def_at(following + 1)
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


def _candidates(text: str, lines: list[str]) -> list[tuple[int, str]] | None:
    """The whole-line `# claims:` comments as (line, what follows the colon); None when `claims` stands
    anywhere else (code, a string, a trailing comment) or a line Python would normalise to it: the facts
    decide. An ASCII text is searched for the word, not walked line by line."""
    if not text.isascii():
        numbered: list[tuple[int, str]] = []
        for number, line in enumerate(lines, start=1):
            if "claims" in line:
                numbered.append((number, line))
            elif not line.isascii() and "claims" in unicodedata.normalize("NFKC", line):
                return None  # a name Python normalises to `claims`, or a full-width comment the facts refuse
    else:
        numbered, number, counted = [], 1, 0
        at = text.find("claims")
        while at >= 0:
            number += text.count("\n", counted, at)
            counted = at
            if not numbered or numbered[-1][0] != number:
                numbered.append((number, lines[number - 1]))
            at = text.find("claims", at + 6)
    candidates: list[tuple[int, str]] = []
    for number, line in numbered:
        match = DIRECTIVE_LINE.match(line)
        if match is None:
            return None
        candidates.append((number, match.group(1)))
    return candidates


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


class _Bodies:
    """The statements of a module's bodies by their first lines, so that finding those that hold a line looks at
    the few statements along the way (`bisect`) rather than at every statement of every body above it."""

    def __init__(self, body: list[ast.stmt]) -> None:
        self.body = body
        asserts = [node.lineno for node in body if isinstance(node, ast.Assert)]
        self.first_assert = min(asserts, default=None)  # a module-level `assert` guards the module's rest
        self.starts: dict[int, tuple[list[int], list[ast.stmt]]] = {}

    def holding(self, stmts: list[ast.stmt], line: int) -> ast.stmt | None:
        """The statement of `stmts` whose lines (from its first decorator's) hold `line`, if any: statements of
        one body do not overlap, so only the last one starting at or before it can."""
        known = self.starts.get(id(stmts))
        if known is None:
            known = self.starts[id(stmts)] = ([_start(node) for node in stmts], stmts)
        at = bisect_right(known[0], line) - 1
        if at < 0:
            return None
        node = stmts[at]
        return node if line <= (node.end_lineno or node.lineno) else None

    def def_at(self, first: int) -> tuple[str, int, bool] | str | None:
        """What the def or class whose first line (its first decorator's, else its own) is `first` is to a
        directive above it: (qualname, def line, has a return annotation) for a def the facts give a function of
        its own and no guard; a refusal for a nested def, a local class's method or a class; "" for no def or
        class there; None for a def under a condition, loop, `with` or `try`, or after a module-level `assert`
        (the facts tell whether it exists on a target). Only the statements whose lines hold `first` are
        looked at."""
        guarded = self.first_assert is not None and self.first_assert < first
        stack: list[tuple[list[ast.stmt], str, bool, bool]] = [(self.body, "", False, guarded)]  # prefix, local
        while stack:
            stmts, prefix, local, guarded = stack.pop()
            node = self.holding(stmts, first)
            if node is None:
                continue
            if isinstance(node, _DEFS):
                if _start(node) == first:
                    if local:
                        return NESTED
                    return None if guarded else (f"{prefix}{node.name}", node.lineno, node.returns is not None)
                stack.append((node.body, "", True, guarded))
            elif isinstance(node, ast.ClassDef):
                if _start(node) == first:
                    return NESTED
                stack.append((node.body, f"{prefix}{node.name}.", local, guarded))
            else:
                stack.extend((inner, prefix, local, True) for inner in _parts(node))
        return ""

    def in_string(self, line: int) -> bool:
        """Whether `line` lies inside a multi-line string (the facts see no directive there), or may: a string
        is part of the innermost statement holding the line, outside that statement's bodies."""
        holder: ast.stmt | None = None
        bodies = [self.body]
        while bodies:
            for stmts in bodies:
                inner = self.holding(stmts, line)
                if inner is not None:
                    break
            else:
                break
            holder = inner
            bodies = [inner.body] if isinstance(inner, _SCOPES) else _parts(inner)
        if holder is None or (isinstance(holder, _SCOPES) and line > _start(holder.body[0])):
            return False  # between the statements of a body: a comment, not a string
        return any(
            isinstance(node, (ast.Constant, ast.JoinedStr)) and node.lineno < line <= (node.end_lineno or node.lineno)
            for part in _own(holder)
            for node in ast.walk(part)
        )


def _start(node: ast.stmt) -> int:
    """A statement's first line: its first decorator's for a decorated def or class (decorators stand in the order
    of their lines, above the def)."""
    decorators = getattr(node, "decorator_list", None)
    return decorators[0].lineno if decorators else node.lineno


def _parts(node: ast.stmt) -> list[list[ast.stmt]]:
    """The bodies of a compound statement other than a def or class (`if`, `try`, `with`, `match`, ...), each
    an ordered list of statements."""
    parts: list[list[ast.stmt]] = []
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        for part in getattr(node, field, ()):
            parts.append(part.body if isinstance(part, (ast.ExceptHandler, ast.match_case)) else [part])
    return parts


def _own(node: ast.stmt) -> list[ast.AST]:
    """A statement's own expressions (its header's, an `except` clause's type, a case's pattern and guard), not
    the statements of its bodies."""
    own: list[ast.AST] = []
    for field, value in ast.iter_fields(node):
        if field in ("body", "orelse", "finalbody"):
            continue
        if field == "handlers":
            own.extend(handler.type for handler in value if handler.type is not None)
        elif field == "cases":
            own.extend(part for case in value for part in (case.pattern, case.guard) if part is not None)
        elif isinstance(value, ast.AST):
            own.append(value)
        elif isinstance(value, list):
            own.extend(item for item in value if isinstance(item, ast.AST))
    return own
