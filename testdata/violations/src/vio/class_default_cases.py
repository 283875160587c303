"""A class-body value is a default a store elsewhere replaces (semantics §4.7): `hook = None` in `_Config`'s body
and `_CONFIG.hook = hook` in `configure`, or `obj.hook = f` in any function, make `_CONFIG.hook()` and
`self.hook()` run what was stored. The call enters what the project shows was passed to the storing function;
what it cannot show (any caller's argument, a store it does not follow) stays a blind spot beside."""

import time


def pure_fn():
    return 1


# -- flagged: configure() stores a clock over the class-body None --------------------------------------------------


class _Config:
    hook = None


_CONFIG = _Config()


def configure(hook=None):
    _CONFIG.hook = hook


def setup():
    configure(hook=time.time)  # want: deterministic call time.time from vio.class_default_cases.runs_default


# claims: deterministic
def runs_default():
    return _CONFIG.hook()  # want-blind: `_CONFIG.hook()` from vio.class_default_cases.runs_default


class _Config2:
    hook = None

    # claims: deterministic
    def run_own(self):
        return self.hook()  # want-blind: `self.hook()` from vio.class_default_cases._Config2.run_own


_CONFIG2 = _Config2()


def configure2(hook=None):
    _CONFIG2.hook = hook


def setup2():
    configure2(time.time)  # want: deterministic call time.time from vio.class_default_cases._Config2.run_own


# -- held: the same with a pure function only ----------------------------------------------------------------------


class _PureConfig:
    hook = None


_PURE = _PureConfig()


def configure_pure(hook=None):
    _PURE.hook = hook


def pure_setup():
    configure_pure(hook=pure_fn)


# claims: deterministic
def runs_pure_default():
    return _PURE.hook()  # want-blind: `_PURE.hook()` from vio.class_default_cases.runs_pure_default


# -- a store on any object of that name: not followed, a blind spot -------------------------------------------------


class Holder:
    hook = None

    # claims: deterministic
    def go(self):
        return self.hook()  # want-blind: `self.hook()` from vio.class_default_cases.Holder.go


def install(obj):
    obj.hook = time.time


# -- held, no blind spot: a class-body value no module stores ------------------------------------------------------


class Quiet:
    unstored_hook_name = pure_fn

    # claims: deterministic
    def go(self):
        return self.unstored_hook_name()
