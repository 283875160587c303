"""Stub return types chosen by what a call passes (semantics §5: the stubs' own return types). typeshed types `re.sub`,
`Pattern.sub`, `re.escape` and `os.path.join` through `@overload`s and the constrained TypeVar `AnyStr`: given a
str literal, the result is a str, so a method call on it is known (a str's `strip`, never a project method of that
name), not a blind spot. Given only values of unknown class, or arguments no overload takes together, every
overload could answer: the result stays unknown, and a call on it a blind spot."""

import os
import re

_WORD = re.compile(r"\W+")


class Text:
    """Methods named like a str's: a call on a str never lands here."""

    def strip(self, chars=None):
        return os.getenv("STRIP")

    def lower(self):
        return os.getenv("LOWER")


# claims: deterministic
def module_sub(title):
    return re.sub(r"\W+", "-", title).strip("-")


# claims: deterministic
def pattern_sub(title):
    return _WORD.sub("-", title).lower()


# claims: deterministic
def assigned_then_called(title):
    cleaned = re.sub("x", "y", title)
    return cleaned.strip()


# claims: deterministic
def escaped():
    return re.escape("a.b").lower()


# claims: deterministic
def joined(name):
    return os.path.join("base", name).strip()


# claims: deterministic
def unknown_arguments(pattern, repl, text):
    return re.sub(pattern, repl, text).strip()  # want-blind: `re.sub(pattern, repl, text).strip()` from vio.stubreturn_cases.unknown_arguments


# claims: deterministic
def pattern_unknown_arguments(repl, text):
    return _WORD.sub(repl, text).lower()  # want-blind: `_WORD.sub(repl, text).lower()` from vio.stubreturn_cases.pattern_unknown_arguments


# claims: deterministic
def bytes_and_str(text):
    # a bytes pattern with a str replacement: no overload takes both, so nothing is guessed
    return re.sub(b"x", "y", text).strip()  # want-blind: `re.sub(b"x", "y", text).strip()` from vio.stubreturn_cases.bytes_and_str


# claims: deterministic
def spread_arguments(args):
    # `*args` says nothing of where the literal lands
    return re.sub("x", *args).strip()  # want-blind: `re.sub("x", *args).strip()` from vio.stubreturn_cases.spread_arguments # want-blind: `iter(args)` from vio.stubreturn_cases.spread_arguments
