"""What a configuration's defaults store is called where the elements of the collection are called (semantics §4.7,
structlog's `_BUILTIN_DEFAULT_PROCESSORS`): a list, tuple or set display bound at module or class level gives its
elements to a loop over it, through a copy (`DEFAULTS[:]`), a class-body binding read on a
module-level instance (`_CONFIG.processors`), a local, and a field stored from a constructor parameter that a
project call passes it for. Calling an element enters a function, or a project instance's `__call__`. A list may be
filled, and a field given anything, where the walk does not look: the call stays a blind spot beside."""

import time


class Stamper:
    def __call__(self, logger, event):
        return event, time.time()  # want: deterministic call time.time from vio.container_default_cases.processes_defaults via vio.container_default_cases.Stamper.__call__ # want: deterministic call time.time from vio.container_default_cases.processes_configured via vio.container_default_cases.Stamper.__call__ # want: deterministic call time.time from vio.container_default_cases.Logger.process via vio.container_default_cases.Stamper.__call__


class Upper:
    def __call__(self, logger, event):
        return event


def add_level(logger, event):
    return event


def add_clock(logger, event):
    return event, time.monotonic()  # want: deterministic call time.monotonic from vio.container_default_cases.runs_hooks via vio.container_default_cases.add_clock


DEFAULTS = [add_level, Stamper()]

PURE = [add_level, Upper()]

HOOKS = (add_level, add_clock)

PURE_HOOKS = (add_level,)


class _Config:
    processors = DEFAULTS[:]
    pure = PURE[:]


_CONFIG = _Config()


# -- flagged: a default list holding an impure instance, looped over and called ----------------------------------


# claims: deterministic
def processes_defaults(event):
    for proc in DEFAULTS:
        event = proc(None, event)  # want-blind: `proc(None, event)` from vio.container_default_cases.processes_defaults
    return event


# claims: deterministic
def processes_configured(event):
    procs = _CONFIG.processors
    for proc in procs:  # want-blind: `iter(procs)` from vio.container_default_cases.processes_configured
        event = proc(None, event)  # want-blind: `proc(None, event)` from vio.container_default_cases.processes_configured
    return event


# a tuple of functions
# claims: deterministic
def runs_hooks(event):
    for hook in HOOKS:
        event = hook(None, event)  # want-blind: `hook(None, event)` from vio.container_default_cases.runs_hooks
    return event


class Logger:
    def __init__(self, processors):
        self._processors = processors

    # claims: deterministic
    def process(self, event):
        for proc in self._processors:  # want-blind: `iter(self._processors)` from vio.container_default_cases.Logger.process
            event = proc(None, event)  # want-blind: `proc(None, event)` from vio.container_default_cases.Logger.process
        return event


class Proxy:
    def __init__(self, processors=None):
        self._processors = processors

    def bind(self):
        if self._processors is None:
            procs = _CONFIG.processors
        else:
            procs = self._processors
        return Logger(processors=procs)


# -- held: the same with pure elements only ----------------------------------------------------------------------


# claims: deterministic
def processes_pure(event):
    for proc in _CONFIG.pure:  # want-blind: `iter(_CONFIG.pure)` from vio.container_default_cases.processes_pure
        event = proc(None, event)  # want-blind: `proc(None, event)` from vio.container_default_cases.processes_pure
    return event


# claims: deterministic
def runs_pure_hooks(event):
    for hook in PURE_HOOKS:
        event = hook(None, event)  # want-blind: `hook(None, event)` from vio.container_default_cases.runs_pure_hooks
    return event


class PureLogger:
    def __init__(self, processors=PURE):
        self._processors = processors

    # claims: deterministic
    def process(self, event):
        for proc in self._processors:  # want-blind: `iter(self._processors)` from vio.container_default_cases.PureLogger.process
            event = proc(None, event)  # want-blind: `proc(None, event)` from vio.container_default_cases.PureLogger.process
        return event


def pure_logger():
    return PureLogger(_CONFIG.pure)
