"""Line numbers: a file's lines as Python numbers them, and the lines its facts hold, ranked.

Apart from the walk, which only splits the lines, because the stores read them too: two versions of a file whose
facts differ only in where their lines lie keep what was built on the one for the other, its lines mapped
(`validity`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pytest_claims.records import Binding, FileFacts


# claims: deterministic
def physical_lines(text: str) -> list[str]:
    """The lines as Python's tokenizer numbers them, ends kept: only \\n, \\r\\n and \\r end a line.

    `str.splitlines` also splits at form feeds, \\x1c-\\x1e, \\x85, \\u2028 and \\u2029, which Python source may
    hold (a ^L between sections, a separator inside a string): it would shift every line number after them.
    """
    return _PHYSICAL_LINE.findall(text)


_PHYSICAL_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


# claims: deterministic
def line_numbers(facts: FileFacts) -> list[int]:
    """Every line number the facts hold, and 0 ("no line"), sorted, each once."""
    lines = {0}
    lines.update(b.line for b in facts.bindings)
    lines.update(line for line, _ in facts.problems)
    lines.update(d.line for d in facts.directives)
    for f in facts.functions:
        lines.add(f.line)
        lines.update(use[2] for use in f.uses)
        lines.update(b.line for b in f.bindings)
        lines.update(param[3] for param in f.params)
    for c in facts.classes:
        lines.add(c.line)
        lines.update(b.line for b in c.attributes)
        lines.update(b.line for b in c.fields)
        lines.update(line for _, line in c.factories)
        lines.update(line for _, line in c.settled)
    return sorted(lines)


# claims: deterministic
def lines_ranked(facts: FileFacts) -> FileFacts:
    """The facts with every line number replaced by its rank in `line_numbers` (0 stays 0): two versions of a
    file whose facts differ only in where their lines lie, every line in the same order (lines added or removed
    above, between or below the code, a docstring grown), give equal results."""
    rank = {line: i for i, line in enumerate(line_numbers(facts))}

    def bound(bindings: tuple[Binding, ...]) -> tuple[Binding, ...]:
        return tuple(b._replace(line=rank[b.line]) for b in bindings)

    functions = tuple(
        replace(
            f,
            line=rank[f.line],
            uses=tuple((chain, ctx, rank[line], guard, code) for chain, ctx, line, guard, code in f.uses),
            bindings=bound(f.bindings),
            params=tuple((name, at, default, rank[line]) for name, at, default, line in f.params),
        )
        for f in facts.functions
    )
    classes = tuple(
        replace(
            c,
            line=rank[c.line],
            attributes=bound(c.attributes),
            fields=bound(c.fields),
            factories=tuple((chain, rank[line]) for chain, line in c.factories),
            settled=tuple((name, rank[line]) for name, line in c.settled),
        )
        for c in facts.classes
    )
    return replace(
        facts,
        bindings=bound(facts.bindings),
        functions=functions,
        classes=classes,
        directives=tuple(replace(d, line=rank[d.line]) for d in facts.directives),
        problems=tuple((rank[line], message) for line, message in facts.problems),
    )
