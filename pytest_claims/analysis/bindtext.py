"""Text tests on one word of one file, as Python reads it: does the word occur in code, may a class bind it?

They decide which files a question must parse (`Modules.may_bind`, `Modules.mentioning`), so each says "no"
only where the file's facts could not say "yes": what is not sure to be a comment, a read or a module-level
definition counts. Each occurrence of the word is judged by the characters around it, in a file's text searched
once per word; no file is tokenised.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterator

_WORD_BYTES = frozenset(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
"""The ASCII word characters (a bytes pattern's `\\w`)."""

_TARGET_END = re.compile(rb"[ \t\f]*(?:[-+*/%&|^@<>]{0,2}=|[:,)\]};|\\#\r\n]|in\b|if\b|$)")
"""What may follow a name a statement binds: an assignment (`=`, `+=`, `:` of an annotation or a walrus), the
end of a target list, a line or an import (`,` `)` `]` `}` `;` `|` `\\` `#` a newline, the end of the text),
`in` (a `for` target), `if` (a `case` capture's guard). A name read is never followed by `(`, `.`, `[` or an
operator alone."""

_FIELD_END = re.compile(rb"[ \t\f)\]]*(?:[-+*/%&|^@<>]{0,2}=|[:,\\#\r\n]|in\b|$)")
"""What may follow `self.name` when a statement sets it: an assignment or an annotation, its parentheses closed
first (`(self.name) = v`), where a newline, a `#` or a `\\` may lead to the `=`; the `,` of a tuple target
(`self.a, self.b = ...`); the `in` of a `for` target; the `:` after a `with`'s `as self.name`."""

_ELEMENT_END = re.compile(rb"[ \t\f]*(?:,|in\b|[ \t\f)\]]*[-+*/%&|^@<>]{0,2}=(?!=))")
"""What may follow `self.name` after a `,` when it is a later element of a tuple target: another element's `,`,
the `in` of a `for`, or the `=` (after the target's closing brackets), never a call's closing parenthesis
(`f(v, self.name)`)."""

_FIELD_KEYWORDS = (b"for", b"as")
"""Keywords a field set on `self` may follow: `for self.x in ...`, `with ... as self.x`."""

_TARGET_START = frozenset(b"\n\r;:=([")
"""What may come right before an assignment target (blanks and continuations aside): a line's start, a `;` or a
compound statement's `:`, the `=` of a chained assignment, a parenthesis or bracket (a later element of a tuple
target follows a `,`: `_ELEMENT_END`)."""

_DOT_AFTER = re.compile(rb"[ \t\f]*\.")

_MODULE_STATEMENT = re.compile(rb"(?:from[ \t\f]+[\w.]+[ \t\f]+import|import|(?:async[ \t\f]+)?def)[ \t\f]")
"""Statements whose whole first line is module-level code when they begin a line at column 0: an import (`from`
then `import`: never `yield from`, which an expression in brackets may put there), a def's header (its
parameters, defaults and one-line body belong to the module or the function). Not `class`: `class A: x = 1`
binds in A."""

_ARGUMENT_END = re.compile(rb"[ \t\f]*(?:[,)]|=(?!=))")

_NOT_SIGNATURE = re.compile(rb"[^\w \t\f\r\n\\,=*:.|/]")
"""A character no plain parameter list holds (its defaults and annotations names and dots): a bracket, a quote, a
`#`, an operator. Where one stands, the text is not sure to be a signature."""

_KEYWORDS = (b"def", b"class", b"type")
"""The keywords whose statement binds the name after them (`type X = ...`, Python 3.12)."""

_EXPRESSION_KEYWORDS = tuple(b"return yield await assert raise not and or is in if elif while else lambda".split())
"""Keywords an expression follows, whose first name is read (a `lambda`'s is its own parameter), unless it is a
walrus's target."""

_WALRUS = re.compile(rb"[ \t\f]*:=")


def occurrences(text: bytes, word: bytes) -> Iterator[int]:
    """Where `word` occurs as a whole ASCII word. The pattern begins with the word, so the search skips ahead as
    `bytes.find` does (a pattern led by a look-behind tries every position); the character before is checked
    here. Compiled patterns are kept by `re`."""
    for found in re.compile(re.escape(word) + rb"(?!\w)").finditer(text):
        start = found.start()
        if start == 0 or text[start - 1] not in _WORD_BYTES:
            yield start


def in_code(text: bytes, word: bytes) -> bool:
    """Does `word` occur as a word anywhere but in a comment (`commented`)?"""
    return any(not commented(text, start) for start in occurrences(text, word))


def commented(text: bytes, start: int) -> bool:
    """Is the text at `start` sure to be a comment's? When a `#` comes before it on its line with no quote or `{`
    before it: a `#` that is code's would lie in a string that the line closes, or leaves through an f-string's
    `{`, before `start`."""
    before = text[_line_start(text, start) : start]
    return b"#" in before and not any(mark in before for mark in (b"'", b'"', b"{"))


def may_bind_in_class(text: bytes, word: bytes) -> bool:
    """May a class of this source bind `word`: as a method, a class-body name (an assignment or any other
    binding statement, an import, a nested class) or a field a method sets on `self`? Every such binding is an
    occurrence `binds_at` accepts, outside comments."""
    end = len(word)
    return any(binds_at(text, at, at + end) for at in occurrences(text, word) if not commented(text, at))


_SETS_BY_NAME = re.compile(rb"\b(?:setattr|globals|vars|__dict__|__setattr__)\b")
"""What may set a name given as a string (`setattr(mod, "word", v)`, `globals()["word"] = v`)."""

_DEL_OR_GLOBAL = re.compile(rb"\b(?:del|global)\b")


def may_store_attribute(text: bytes, word: bytes) -> bool:
    """May this source set `word` as an attribute of some object (`mod.word = v`, `mod.word += v`, `for mod.word
    in`, `with ... as mod.word`, a tuple target's element), delete it (`del mod.word`), bind it through `global`,
    or set it by a name in a string (`setattr(mod, "word", v)`, `globals()["word"]` where such a call stands)? Each
    occurrence outside comments is judged as `_field` judges a field set on `self`, and a line holding `del` or
    `global` before the word counts whatever else stands there: a superset."""
    end = len(word)
    quoted = False
    for at in occurrences(text, word):
        if commented(text, at):
            continue
        if _DEL_OR_GLOBAL.search(text, _line_start(text, at), at):
            return True
        before = _skip_back(text, at)
        if before and text[before - 1] == ord(".") and _field(text, before - 1, at + end):
            return True
        quoted = quoted or (at > 0 and text[at - 1] in b"'\"" and text[at + end : at + end + 1] in (b"'", b'"'))
    return quoted and _SETS_BY_NAME.search(text) is not None


def binds_at(text: bytes, start: int, end: int) -> bool:
    """May the word at `start:end` be a name a class binds? The name after `def`, `class` or `type` unless that
    keyword begins a line no backslash continues (a module-level one: a class's body is indented, and the keyword
    begins its statement); after a dot, a field (`_field`); else a target (`_TARGET_END`) or the package that
    `import w.x` binds. A target-like word is no binding after all when it is sure to be read or bound elsewhere:
    after `return` and the like (`_read`), or in a call's or a def's parentheses (`_in_call_or_signature`) in a
    file with no line that begins with `case` (a class pattern, `case Point(x, word):`, binds what looks like
    arguments)."""
    if _module_level_line(text, start):
        return False
    before = _skip_back(text, start)
    binder = _keyword_before(text, before, _KEYWORDS)
    if binder is not None:
        return not _begins_line(text, before - len(binder))
    if before and text[before - 1] == ord("."):
        return _field(text, before - 1, end)
    if _TARGET_END.match(text, end):
        return not (_read(text, before, end) or (_in_call_or_signature(text, start, end) and not _cases(text)))
    return _imported_package(text, start, end)


def _read(text: bytes, before: int, end: int) -> bool:
    """Is the word sure to be read, right after a keyword that an expression follows (`return word`, `if word:`),
    and no walrus's target (`if word := f():` binds it)?"""
    return _keyword_before(text, before, _EXPRESSION_KEYWORDS) is not None and not _WALRUS.match(text, end)


def _cases(text: bytes) -> bool:
    """Does a line begin with `case` (after blanks): may the file hold a class pattern?"""
    return any(not text[_line_start(text, at) : at].strip(b" \t\f") for at in occurrences(text, b"case"))


def _module_level_line(text: bytes, start: int) -> bool:
    """Is the line of `start` sure to be module-level code? When it begins, at column 0 and continuing no other
    line, an import or a def (`_MODULE_STATEMENT`): everything on it is then the module's or the function's."""
    line = _line_start(text, start)
    return _begins_line(text, line) and bool(_MODULE_STATEMENT.match(text, line))


def _in_call_or_signature(text: bytes, start: int, end: int) -> bool:
    """Is the word at `start:end` sure to be a def's parameter, annotation or default (the function's, or read), a
    call's argument or keyword (read) or a class's base (read)? It stands right in parentheses that a name other
    than a keyword, or a call's or a subscript's end, opens, with only plain arguments before it there
    (`_NOT_SIGNATURE`: no bracket, string or comment, which could hide a `(` or another scope); in a call, before
    a `,`, a `)` or a keyword's `=` (`f(word := 1)` binds it)."""
    paren = text.rfind(b"(", 0, start)
    if paren < 0 or _NOT_SIGNATURE.search(text, paren + 1, start) or b"#" in text[_line_start(text, paren) : paren]:
        return False  # not sure to be code's parenthesis, or not sure to hold the word right in it
    head = _skip_back(text, paren)
    name = head
    while name and text[name - 1] in _WORD_BYTES:
        name -= 1
    if name == head:
        return head > 0 and text[head - 1] in b")]" and bool(_ARGUMENT_END.match(text, end))
    opener = text[name:head].decode("ascii")
    if keyword.iskeyword(opener) or keyword.issoftkeyword(opener):
        return False  # `in (a, word)`, `import (a, word)`: a display or a binding
    return _keyword_before(text, _skip_back(text, name), (b"def",)) is not None or bool(_ARGUMENT_END.match(text, end))


def _field(text: bytes, dot: int, end: int) -> bool:
    """May `x.word` (its dot at `dot`) be a field set on `self`? Only an assignment's or an annotation's target sets
    one, `x` a name: so `x` begins a statement or follows an `=` or a `(` (`_TARGET_START`), `for` or `as`, or
    a `,` with an `=`, a `,` or `in` after it (a tuple target's element), never another keyword, an operator or a
    dot (`return self.word`, `f(a, self.word)`, `a.b.word`). Where no name comes before
    the dot (`(self).word`) what follows decides alone."""
    root_end = _skip_back(text, dot)
    root = root_end
    while root and text[root - 1] in _WORD_BYTES:
        root -= 1
    if root < root_end:
        previous = _skip_back(text, root)
        if previous and text[previous - 1] == ord("*"):
            previous = _skip_back(text, previous - 1)  # a starred element: `a, *self.word = ...`
        if previous and text[previous - 1] == ord(","):
            return bool(_ELEMENT_END.match(text, end))
        after_keyword = _keyword_before(text, previous, _FIELD_KEYWORDS) is not None
        if previous and text[previous - 1] not in _TARGET_START and not after_keyword:
            return False
        if previous and text[previous - 1] == ord("=") and _keyword_argument(text, previous - 1):
            return False
        if previous and text[previous - 1] in b"([" and _applied(text, previous - 1):
            return False
    return bool(_FIELD_END.match(text, end))


def _keyword_argument(text: bytes, equals: int) -> bool:
    """Is the `=` at `equals` surely a call's keyword argument or a parameter's default (`f(a, name=self.word)`),
    after which `self.word` is read, never set? So it is where a single `=` follows a name that follows a `(`,
    or a `,` inside a `(` that opens on the same line with no quote, `#` or unmatched bracket in between: no
    assignment statement stands there (`a, name = self.word = v` is one, outside brackets)."""
    if equals and text[equals - 1] in b"=!<>+-*/%&|^@:":
        return False  # `==`, `<=`, `+=`, `:=`, ...
    end = _skip_back(text, equals)
    start = end
    while start and text[start - 1] in _WORD_BYTES:
        start -= 1
    if start == end or keyword.iskeyword(text[start:end].decode("ascii", "replace")):
        return False
    before = _skip_back(text, start)
    if not before or text[before - 1] not in b"(,":
        return False
    closing: list[int] = []
    for at in range(before - 1, -1, -1):
        char = text[at]
        if char in b"\r\n'\"#":
            return False
        if char in b")]}":
            closing.append(char)
        elif char in b"([{":
            if not closing:
                return char == ord("(")
            if closing.pop() != {ord("("): ord(")"), ord("["): ord("]"), ord("{"): ord("}")}[char]:
                return False
    return False


def _applied(text: bytes, bracket: int) -> bool:
    """Does the bracket at `bracket` open a call's arguments or a subscript (`f(self.word)`, `d[self.word]`)
    rather than a target's parentheses? It does after an expression's end or a name that is no keyword: what
    stands inside is read, or it is the item set, never `self.word` itself."""
    before = _skip_back(text, bracket)
    if not before:
        return False
    if text[before - 1] in b")]}'\"":  # after an expression's end: `f()(x)`, `{}[x]`, `"%s"[x]`
        return True
    start = before
    while start and text[start - 1] in _WORD_BYTES:
        start -= 1
    return start < before and not keyword.iskeyword(text[start:before].decode("ascii", "replace"))


def _imported_package(text: bytes, start: int, end: int) -> bool:
    """`import w.x` binds `w`: a word followed by a dot on a line that holds `import` or continues another."""
    if not _DOT_AFTER.match(text, end):
        return False
    line = _line_start(text, start)
    return b"import" in text[line:start] or _continued(text, line)


def _keyword_before(text: bytes, index: int, keywords: tuple[bytes, ...]) -> bytes | None:
    """The one of `keywords` that ends right before `index` as a whole word, if any."""
    for candidate in keywords:
        at = index - len(candidate)
        if at >= 0 and text.startswith(candidate, at) and (at == 0 or text[at - 1] not in _WORD_BYTES):
            return candidate
    return None


def _skip_back(text: bytes, index: int) -> int:
    """`index` moved back over blanks and backslash line continuations (a bare newline stops it: fail closed)."""
    while index:
        if text[index - 1] in b" \t\f":
            index -= 1
            continue
        backslash = _continuation_before(text, index)
        if backslash is None:
            break
        index = backslash
    return index


def _continuation_before(text: bytes, index: int) -> int | None:
    """Where the backslash of a line continuation ending right before `index` stands, if one does; not after a
    `#` on its line (a comment's backslash continues nothing; a string's would: fail closed)."""
    for ending in (b"\\\n", b"\\\r\n", b"\\\r"):
        if text.endswith(ending, 0, index):
            backslash = index - len(ending)
            return None if b"#" in text[_line_start(text, backslash) : backslash] else backslash
    return None


def _begins_line(text: bytes, index: int) -> bool:
    """Does `index` begin a line that no backslash continues? (After a lone `\\r`: no, which fails closed.)"""
    return index == 0 or (text[index - 1] == ord("\n") and not _continued(text, index))


def _continued(text: bytes, line: int) -> bool:
    """Does the line beginning at `line` continue the one before it (a backslash ends that one)?"""
    return text.endswith((b"\\\n", b"\\\r\n", b"\\\r"), 0, line)


def _line_start(text: bytes, index: int) -> int:
    return max(text.rfind(b"\n", 0, index), text.rfind(b"\r", 0, index)) + 1
