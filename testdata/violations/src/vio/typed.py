"""semantics §4-§5, revision 2: what a light inference knows about values, and module and class state."""

import logging
import pathlib
import signal
import os
import re
import time
from dataclasses import dataclass, field
from typing import List, Optional


class Clock:
    def now(self):
        return time.time()  # want: deterministic call time.time from vio.typed.Fleet.each via vio.typed.Clock.now; deterministic call time.time from vio.typed.Holder.from_constructor via vio.typed.Clock.now; deterministic call time.time from vio.typed.Holder.from_parameter via vio.typed.Clock.now; deterministic call time.time from vio.typed.Report.render via vio.typed.Clock.now; deterministic call time.time from vio.typed.annotated_return via vio.typed.Clock.now; deterministic call time.time from vio.typed.call_on_a_call via vio.typed.Clock.now; deterministic call time.time from vio.typed.constructed_local via vio.typed.Clock.now; deterministic call time.time from vio.typed.optional_parameter via vio.typed.Clock.now; deterministic call time.time from vio.typed.typed_parameter via vio.typed.Clock.now


class Calm:
    """An unrelated class with the same method name: never an override of Clock.now."""

    def now(self):
        return 0


def make_clock() -> Clock:
    return Clock()


# claims: deterministic
def typed_parameter(clock: Clock):
    return clock.now()


# claims: deterministic
def optional_parameter(clock: Optional["Clock"] = None):
    return clock.now() if clock else 0


# claims: deterministic
def constructed_local():
    clock = Clock()
    return clock.now()


# claims: deterministic
def call_on_a_call():
    return Clock().now()


# claims: deterministic
def annotated_return():
    return make_clock().now()


# claims: deterministic
def calm_is_not_clock(calm: Calm):
    return calm.now()


class Holder:
    def __init__(self, clock: Clock, label: str) -> None:
        self.clock = clock
        self.label = label
        self.made = Clock()

    # claims: deterministic
    def from_parameter(self):
        return self.clock.now()

    # claims: deterministic
    def from_constructor(self):
        return self.made.now()

    # claims: deterministic
    def label_only(self):
        return self.label.upper()


class Fleet:
    clocks: List[Clock]

    # claims: deterministic
    def each(self):
        for clock in self.clocks:
            clock.now()
        return [c.now() for c in self.clocks]


class Session:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def stamp(self):
        return time.monotonic()  # want: deterministic call time.monotonic from vio.typed.entered via vio.typed.Session.stamp


# claims: deterministic
def entered():
    with Session() as session:
        return session.stamp()


class Converter:
    # claims: deterministic
    def __call__(self, value):
        return self.convert(value)

    def convert(self, value):
        return value


class PathConverter(Converter):
    def convert(self, value):
        return os.stat(value)  # want: deterministic call os.stat from vio.typed.Converter.__call__ via vio.typed.PathConverter.convert; deterministic call os.stat from vio.protocol_cases.fire via vio.typed.Converter.__call__ -> vio.typed.PathConverter.convert


class Handler:
    # claims: deterministic
    def handle(self):
        return self.respond()


class EnvHandler(Handler):
    def respond(self):
        return os.getenv("MODE")  # want: deterministic call os.getenv from vio.typed.Handler.handle via vio.typed.EnvHandler.respond


class Report:
    formatter_class = Clock

    # claims: deterministic
    def render(self):
        return self.formatter_class().now()


RENDER = {"Env": os.getenv}  # want: deterministic reference os.getenv from vio.typed.table_of_functions via vio.typed.RENDER
START = time.time()  # want: deterministic call time.time from vio.typed.started via vio.typed.START
PATTERN = re.compile(r"[a-z]+")
LOG = logging.getLogger(__name__)
LIMIT = 3


# claims: deterministic
def table_of_functions(key):
    return RENDER[key]("X")  # want-blind: `RENDER[key]("X")` from vio.typed.table_of_functions # want-blind: `hash(key)` from vio.typed.table_of_functions


# claims: deterministic
def started():
    return START


# claims: deterministic
def pure_state(text):
    LOG.info("matching %s", text)
    return PATTERN.match(text) and LIMIT


class Settings:
    TIMEOUT = os.getenv("TIMEOUT")  # want: deterministic call os.getenv from vio.typed.Settings.timeout via vio.typed.Settings.TIMEOUT
    RETRIES = 3

    # claims: deterministic
    def timeout(self):
        return self.TIMEOUT

    # claims: deterministic
    def retries(self):
        return self.RETRIES


def load_items():
    return os.environ.get("ITEMS", "").split(",")  # want: deterministic read os.environ from vio.typed.basket via vio.typed.load_items


@dataclass
class Basket:
    items: list = field(default_factory=load_items)


@dataclass
class Plain:
    items: list = field(default_factory=list)


# claims: deterministic
def basket():
    return Basket()


# claims: deterministic
def plain():
    return Plain()


# claims: deterministic
def imported_inside():
    from .helpers import Recorder

    return Recorder().started


# claims: deterministic
def callback(fn):
    return fn()  # want-blind: `fn()` from vio.typed.callback


class Spec:
    def __init__(self, text: str) -> None:
        self.text = text

    def __hash__(self):
        return hash(self.text)  # want: deterministic call builtins.hash from vio.typed.spec_literal via vio.typed.Spec.__hash__; deterministic call builtins.hash from vio.typed.spec_set via vio.typed.Spec.__hash__

    def __eq__(self, other):
        return self.text == other


class Token:
    def __eq__(self, other):
        return True

    def __len__(self):
        return time.monotonic_ns()  # want: deterministic call time.monotonic_ns from vio.typed.token_length via vio.typed.Token.__len__

    def __str__(self):
        return os.getenv("TOKEN")  # want: deterministic call os.getenv from vio.typed.token_text via vio.typed.Token.__str__


# claims: deterministic
def spec_set(items):
    return frozenset(map(Spec, items))  # want-blind: `iter(items)` from vio.typed.spec_set


# claims: deterministic
def spec_literal(spec: Spec):
    return {spec}


# claims: deterministic
def token_length(token: Token):
    return len(token)


# claims: deterministic
def token_text(token: Token):
    return f"<{token}>"


# claims: deterministic
def token_equal(token: Token, other):
    return token == other


# claims: deterministic
def unknown_set(items):
    return set(items)  # want-blind: `iter(items)` from vio.typed.unknown_set


# claims: sandboxed
def path_value(path: "pathlib.Path"):
    return path.read_text()  # want: sandboxed call pathlib.Path.read_text from vio.typed.path_value


# claims: sandboxed, deterministic
def path_names(path: "pathlib.Path"):
    return path.name + path.suffix


# claims: deterministic
def signal_member(number: int):
    return signal.Signals(number).name


def lookup(key):
    return key


# claims: deterministic
def function_attribute(key):
    lookup.cache_clear()  # want-blind: `lookup.cache_clear()` from vio.typed.function_attribute
    return lookup(key)
