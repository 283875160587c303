"""What a configuration stores is what its callers pass (semantics §4.7, structlog's `configure()`): a plain function
storing its parameter on a module-level instance (`_CONFIG.hook = hook`) makes that field hold what the project's
calls of it pass; a local bound to `self._cls or _CONFIG.cls` and called constructs each class an operand may be,
so the constructor's arguments flow into the fields its `__init__` stores (an annotated parameter's too). Any caller
may pass anything else: each call stays a blind spot beside."""

import time
from typing import Any, Callable, Iterable


class Stamper:
    def __call__(self, logger, event):
        return event, time.time()  # want: deterministic call time.time from vio.configured_class_cases.Base.process via vio.configured_class_cases.Stamper.__call__ # want: deterministic call time.time from vio.configured_class_cases.Logger.info via vio.configured_class_cases.Base.process -> vio.configured_class_cases.Stamper.__call__


class Upper:
    def __call__(self, logger, event):
        return event


def clock_hook():
    return time.monotonic()  # want: deterministic call time.monotonic from vio.configured_class_cases.runs_hook via vio.configured_class_cases.clock_hook


def pure_hook():
    return 1


DEFAULTS = [Stamper()]

PURE = [Upper()]


class Base:
    def __init__(self, processors: Iterable[Callable[..., Any]]):
        self._processors = processors

    # claims: deterministic
    def process(self, event):
        for proc in self._processors:
            event = proc(None, event)  # want-blind: `proc(None, event)` from vio.configured_class_cases.Base.process # want-blind: `proc(None, event)` from vio.configured_class_cases.Logger.info via vio.configured_class_cases.Base.process
        return event


class Logger(Base):
    # claims: deterministic
    def info(self, event):
        return self.process(event)


class _Config:
    processors = DEFAULTS[:]
    wrapper = None


_CONFIG = _Config()


def configure(wrapper=None, hook=None):
    if wrapper is not None:
        _CONFIG.wrapper = wrapper
    if hook is not None:
        _CONFIG.hook = hook


def defaults():
    configure(wrapper=Logger, hook=clock_hook)


class Proxy:
    def __init__(self, wrapper=None):
        self._wrapper = wrapper

    def bind(self):
        cls = self._wrapper or _CONFIG.wrapper
        return cls(processors=_CONFIG.processors)


# -- flagged: a hook configure() stores, called on the module-level instance ----------------------------------------


# claims: deterministic
def runs_hook():
    return _CONFIG.hook()  # want-blind: `_CONFIG.hook()` from vio.configured_class_cases.runs_hook


# -- held: the same with pure values only ---------------------------------------------------------------------------


class PureBase:
    def __init__(self, processors: Iterable[Callable[..., Any]]):
        self._processors = processors

    # claims: deterministic
    def process(self, event):
        for proc in self._processors:
            event = proc(None, event)  # want-blind: `proc(None, event)` from vio.configured_class_cases.PureBase.process
        return event


class _PureConfig:
    processors = PURE[:]
    wrapper = None


_PURE = _PureConfig()


def configure_pure(wrapper=None, hook=None):
    if wrapper is not None:
        _PURE.wrapper = wrapper
    if hook is not None:
        _PURE.hook = hook


def pure_defaults():
    configure_pure(wrapper=PureBase, hook=pure_hook)


class PureProxy:
    def __init__(self, wrapper=None):
        self._wrapper = wrapper

    def bind(self):
        cls = self._wrapper or _PURE.wrapper
        return cls(processors=_PURE.processors)


# claims: deterministic
def runs_pure_hook():
    return _PURE.hook()  # want-blind: `_PURE.hook()` from vio.configured_class_cases.runs_pure_hook
