"""Where one file's directives are written: its `# claims:` comments, read as Python reads comments, and the
`@claims(...)` decorators the walk met, each attached to the def it claims (or refused where it attaches to none).

Separate from the walk because a comment is no node of the tree: it is found in the lines and tied to the defs by
their lines (`directives.py` judges each one against the configuration)."""

from __future__ import annotations

import io
import re
import tokenize
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Protocol

from pytest_claims.records import Directive

_DIRECTIVE_LINE = re.compile(r"^[ \t]*#[ \t]*claims[ \t]*:(.*)$")
_TRAILING = re.compile(r"#[ \t]*claims[ \t]*:(.*)$")


class Decorated(Protocol):
    """A function of the walk, as far as its `@claims` decorators go (`facts._FunctionBuilder`)."""

    @property
    def decorator_calls(self) -> Sequence[tuple[tuple[str, ...], int, tuple[str | None, ...]]]: ...

    @property
    def bare_decorators(self) -> Sequence[tuple[tuple[str, ...], int]]: ...


class Walked(Protocol):
    """What the walk of the file found that places a directive (`facts._Extractor`)."""

    @property
    def source(self) -> str: ...

    @property
    def functions(self) -> Sequence[Decorated]: ...

    @property
    def def_lines(self) -> Mapping[int, int]: ...

    @property
    def def_spans(self) -> Sequence[tuple[int, int, int]]: ...

    @property
    def string_spans(self) -> Sequence[tuple[int, int]]: ...


def directives(ex: Walked, lines: list[str]) -> list[Directive]:
    found: list[Directive] = []
    if "claims" in ex.source or not ex.source.isascii():  # NFKC: a full-width comment is refused, not skipped
        found.extend(_comment_directives(ex, lines))
    for index, func in enumerate(ex.functions):
        for chain, line, args in func.decorator_calls:
            names = tuple(a if a is not None else "" for a in args)
            error = "" if all(a is not None for a in args) else "claim names must be string literals"
            found.append(Directive(line, "decorator", names, index, error, ".".join(chain)))
        for chain, line in func.bare_decorators:
            error = '@claims needs the claim names: @claims("deterministic")'
            found.append(Directive(line, "decorator", (), index, error, ".".join(chain)))
    found.sort(key=lambda d: (d.line, d.form))
    return found


def _comment_directives(ex: Walked, lines: list[str]) -> list[Directive]:
    found: list[Directive] = []
    trailing_lines: dict[int, int] | None = None
    # only a line that holds "claims", or a non-ASCII one (NFKC may make it so), can hold a directive
    candidates = [(number, text) for number, text in enumerate(lines, start=1) if "claims" in text]
    if not ex.source.isascii():
        others = [(number, text) for number, text in enumerate(lines, start=1) if not text.isascii()]
        candidates = sorted({*candidates, *others})
    for number, text in candidates:
        error = ""
        if "claims" not in text:
            if text.isascii() or "claims" not in unicodedata.normalize("NFKC", text):
                continue
            # a full-width `# claims:` looks like a directive, but Python reads comments as written: refused
            text, error = unicodedata.normalize("NFKC", text), _NOT_ASCII
        match = _DIRECTIVE_LINE.match(text)
        if match is not None:
            if _in_string(ex, number):
                continue
            found.append(Directive(number, "comment", _split(match.group(1)), _attached(ex, lines, number), error))
            continue
        comment = None if _in_string(ex, number) else _comment_of(text)
        tmatch = _TRAILING.match(comment) if comment is not None else None
        if tmatch is not None:
            # Trailing on a def line: that def. Anywhere else (a decorator, a class, a statement) it would be
            # silently ignored, so it is attached to nothing (-1), or to a class (-2): both are refused.
            if trailing_lines is None:
                trailing_lines = _trailing_lines(ex)
            attached = trailing_lines.get(number, -2 if ex.def_lines.get(number) == -2 else -1)
            found.append(Directive(number, "comment", _split(tmatch.group(1)), attached, error))
    return found


def _trailing_lines(ex: Walked) -> dict[int, int]:
    """Line -> the def whose header spans it (from the `def` line to its body's first): where a trailing
    directive attaches."""
    trailing_lines: dict[int, int] = {}
    for def_line, body_line, index in ex.def_spans:
        for line in range(def_line, max(body_line, def_line + 1)):
            trailing_lines.setdefault(line, index)
    return trailing_lines


_NOT_ASCII = "write `# claims:` in plain ASCII letters: a comment is read as written, not normalised like a name"


def _split(text: str) -> tuple[str, ...]:
    text = text.strip()
    if not text:
        return ()
    return tuple(part.strip() for part in text.split(","))


def _attached(ex: Walked, lines: list[str], number: int) -> int:
    """The def a comment line sits directly above: only comment lines may come between."""
    following = number + 1
    while following <= len(lines) and lines[following - 1].lstrip().startswith("#"):
        following += 1
    return ex.def_lines.get(following, -1)


def _comment_of(line: str) -> str | None:
    """The comment token of one source line, or None; tokenizing avoids `#` inside strings."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(line).readline):
            if token.type == tokenize.COMMENT:
                return token.string
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return None


def _in_string(ex: Walked, line: int) -> bool:
    return any(start < line <= end for start, end in ex.string_spans)
