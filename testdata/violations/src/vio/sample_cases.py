"""Shapes found by reading fresh precision samples hop by hop (docs/benchmarks.md, "Precision").

A parameter rebound only inside a branch that its literal argument (or its literal default) skips still holds
that literal wherever it is tested: attrs's `attrib(converter=None)` runs `converter = pipe(*converter)` only
under `if converter and ...`, so a class body's `attrib()` never reaches `pipe`. Where the literal takes the
branch, or another argument the call leaves open guards the rebinding, the parameter is not decided.

A `getattr(self, overrides.get(name, name))` over a local dict literal's keys reads those keys mapped through the
overrides, and nothing else (`Field` below); a name the body does not show may read any property.
"""

import time


def pipe(*converters):
    # want: deterministic call time.time from vio.sample_cases.converted via vio.sample_cases.attrib -> vio.sample_cases.pipe
    # want: deterministic call time.time from vio.sample_cases.piped_field via vio.sample_cases.Piped -> vio.sample_cases.attrib -> vio.sample_cases.pipe
    return time.time()


def attrib(default=None, converter=None):
    if converter and isinstance(converter, (list, tuple)):  # want-blind: `bool(converter)` from vio.sample_cases.converted via vio.sample_cases.attrib # want-blind: `bool(converter)` from vio.sample_cases.piped_field via vio.sample_cases.Piped -> vio.sample_cases.attrib # want-blind: `bool(converter)` from vio.sample_cases.plain_call via vio.sample_cases.attrib # want-blind: `bool(converter)` from vio.sample_cases.plain_field via vio.sample_cases.Plain -> vio.sample_cases.attrib
        converter = pipe(*converter)  # want-blind: `iter(converter)` from vio.sample_cases.converted via vio.sample_cases.attrib # want-blind: `iter(converter)` from vio.sample_cases.piped_field via vio.sample_cases.Piped -> vio.sample_cases.attrib
    return (default, converter)


class Plain:
    value = attrib()


class Piped:
    value = attrib(converter=[int])


# claims: deterministic
def plain_field():
    return Plain


# claims: deterministic
def plain_call():
    return attrib(default=1)


# claims: deterministic
def piped_field():
    return Piped


# claims: deterministic
def converted(given):
    return attrib(converter=given)


def separated(sep=None):
    if sep is None:
        sep = ","
    if sep:
        return time.time()  # want: deterministic call time.time from vio.sample_cases.separated_default via vio.sample_cases.separated
    return ""


# claims: deterministic
def separated_default():
    return separated()


def retried(ready=None, again=None):
    for _ in range(3):
        if ready:  # want-blind: `bool(ready)` from vio.sample_cases.retried_closed via vio.sample_cases.retried # want-blind: `bool(ready)` from vio.sample_cases.retried_open via vio.sample_cases.retried
            return time.time()  # want: deterministic call time.time from vio.sample_cases.retried_open via vio.sample_cases.retried
        if again is None:
            ready = True
    return None


# claims: deterministic
def retried_open():
    return retried()


# claims: deterministic
def retried_closed():
    return retried(again=False)


class Field:
    """Django's `Field.deconstruct` reads `getattr(self, attr_overrides.get(name, name))` over a local dict's keys:
    the names it reads are those keys mapped through the overrides, so the properties it maps away are not read.
    """

    @property
    def tablespace(self):
        # want: deterministic call time.time from vio.sample_cases.Field.every_key via vio.sample_cases.Field.tablespace
        # want: deterministic call time.time from vio.sample_cases.Field.any_name via vio.sample_cases.Field.tablespace
        return time.time()

    # claims: deterministic
    def deconstruct(self):
        possibles = {"name": None, "tablespace": None}
        attr_overrides = {"tablespace": "_tablespace"}
        kept = {}
        for name, default in possibles.items():
            kept[name] = getattr(self, attr_overrides.get(name, name), default)  # want-blind: `hash(name)` from vio.sample_cases.Field.deconstruct
        return kept

    # claims: deterministic
    def every_key(self):
        possibles = {"name": None, "tablespace": None}
        kept = []
        for name in possibles:
            kept.append(getattr(self, name))
        return kept

    # claims: deterministic
    def any_name(self, name):
        return getattr(self, name)


def stamped(text):
    return (text, time.time())  # want: deterministic call time.time from vio.sample_cases.Form.confirm via vio.sample_cases.AdminForm.messages -> vio.sample_cases.stamped


class Form:
    """A base method reading `self.messages` reads a subclass's class attribute on an instance of it: the chain's
    step into `AdminForm.messages` is a subclass's override of class state, not a function value."""

    messages = {"inactive": "inactive"}

    # claims: deterministic
    def confirm(self):
        return self.messages["inactive"]


class AdminForm(Form):
    messages = {**Form.messages, "invalid": stamped("invalid")}


class PlainForm(Form):
    messages = {**Form.messages, "invalid": "invalid"}

    # claims: deterministic
    def confirm_plain(self):
        return self.messages["inactive"]
