"""semantics §5.6, literal arguments decide more of the callee: `hasattr(p, "name")` of a parameter passed a value
of known class, a `for` over a parameter passed an empty tuple, the right operand of `and` / `or` once the left
decides it, and a stored callable called with literals."""

import importlib
import sys
import time


def make_id(target):
    # want-blind: `hasattr(target, '__func__')` from vio.shape_literal_cases.make_id_none via vio.shape_literal_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.shape_literal_cases.make_id_text via vio.shape_literal_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.shape_literal_cases.make_id_unknown via vio.shape_literal_cases.make_id
    if hasattr(target, "__func__"):
        # want: deterministic call time.time from vio.shape_literal_cases.make_id_unknown via vio.shape_literal_cases.make_id
        return time.time()
    return 0


# claims: deterministic
def make_id_none():
    return make_id(None)


# claims: deterministic
def make_id_text():
    return make_id("x")


# claims: deterministic
def make_id_unknown(given):
    return make_id(given)


def has_upper(target):
    # want-blind: `hasattr(target, 'upper')` from vio.shape_literal_cases.has_upper_none via vio.shape_literal_cases.has_upper
    # want-blind: `hasattr(target, 'upper')` from vio.shape_literal_cases.has_upper_text via vio.shape_literal_cases.has_upper
    if hasattr(target, "upper"):
        # want: deterministic call time.time from vio.shape_literal_cases.has_upper_text via vio.shape_literal_cases.has_upper
        return time.time()
    return 0


# claims: deterministic
def has_upper_text():
    return has_upper("x")


# claims: deterministic
def has_upper_none():
    return has_upper(None)


def populate(installed=()):
    for entry in installed:  # want-blind: `iter(installed)` from vio.shape_literal_cases.populate_empty via vio.shape_literal_cases.populate # want-blind: `iter(installed)` from vio.shape_literal_cases.populate_given via vio.shape_literal_cases.populate
        # want: deterministic call importlib.import_module from vio.shape_literal_cases.populate_given via vio.shape_literal_cases.populate
        importlib.import_module(entry)
    else:
        # want: deterministic call time.time from vio.shape_literal_cases.populate_empty via vio.shape_literal_cases.populate
        # want: deterministic call time.time from vio.shape_literal_cases.populate_given via vio.shape_literal_cases.populate
        time.time()


# claims: deterministic
def populate_empty():
    return populate(())


# claims: deterministic
def populate_given():
    return populate(("a",))


def init(x=()):
    # want: deterministic read sys.modules from vio.shape_literal_cases.init_none via vio.shape_literal_cases.init
    if x is None and hasattr(sys.modules[__name__], "apps"):
        # want: deterministic call time.time from vio.shape_literal_cases.init_none via vio.shape_literal_cases.init
        return time.time()
    return 0


def init_or(x=()):
    # want: deterministic call time.time from vio.shape_literal_cases.init_or_none via vio.shape_literal_cases.init_or
    return x is not None or time.time()


# claims: deterministic
def init_default():
    return init()


# claims: deterministic
def init_none():
    return init(None)


# claims: deterministic
def init_or_default():
    return init_or()


# claims: deterministic
def init_or_none():
    return init_or(None)


class Registry:
    def __init__(self, installed=()):
        if installed is None:
            # want: deterministic call time.time from vio.shape_literal_cases.registry_none via vio.shape_literal_cases.Registry.__init__
            time.time()


# claims: deterministic
def registry_default():
    return Registry()


# claims: deterministic
def registry_none():
    return Registry(None)


class Executor:
    def __init__(self, callback=None):
        self.callback = callback

    # claims: deterministic
    def run(self):
        self.callback("render_start")  # want-blind: `self.callback("render_start")` from vio.shape_literal_cases.Executor.run

    # claims: deterministic
    def run_apply(self):
        self.callback("apply_start")  # want-blind: `self.callback("apply_start")` from vio.shape_literal_cases.Executor.run_apply


class Command:
    def handle(self):
        return Executor(self.progress)

    def progress(self, action):
        if action == "apply_start":  # want-blind: `action.__eq__(...)` from vio.shape_literal_cases.Executor.run via vio.shape_literal_cases.Command.progress # want-blind: `action.__eq__(...)` from vio.shape_literal_cases.Executor.run_apply via vio.shape_literal_cases.Command.progress
            time.time()  # want: deterministic call time.time from vio.shape_literal_cases.Executor.run_apply via vio.shape_literal_cases.Command.progress
