"""semantics §5: reading a name a class does not define falls back to its `__getattr__` (a plain read, `getattr` with a
literal, `hasattr`), and the read enters it; a name the class defines, or a class without `__getattr__`, does not."""

import os
import time


class Lazy:
    def __getattr__(self, name):
        return time.time()  # want: deterministic call time.time from vio.getattr_cases.plain_read via vio.getattr_cases.Lazy.__getattr__; deterministic call time.time from vio.getattr_cases.literal_getattr via vio.getattr_cases.Lazy.__getattr__; deterministic call time.time from vio.getattr_cases.probed via vio.getattr_cases.Lazy.__getattr__; deterministic call time.time from vio.getattr_cases.inherited_hook via vio.getattr_cases.Lazy.__getattr__; deterministic call time.time from vio.getattr_cases.chained_read via vio.getattr_cases.Lazy.__getattr__

    def known(self):
        return 1


class Child(Lazy):
    pass


class Plain:
    def known(self):
        return 2


class Settings:
    def __getattr__(self, name):
        return os.environ.get(name)  # want: deterministic read os.environ from vio.getattr_cases.Configured.lookup via vio.getattr_cases.Settings.__getattr__


# claims: deterministic
def plain_read(lazy: Lazy):
    return lazy.missing


# claims: deterministic
def literal_getattr(lazy: Lazy):
    return getattr(lazy, "missing", None)


# claims: deterministic
def probed(lazy: Lazy):
    return hasattr(lazy, "missing")


# claims: deterministic
def inherited_hook(child: Child):
    return child.missing


# claims: deterministic
def chained_read(lazy: Lazy):
    return lazy.missing.upper()  # no blind spot: no class of this tree binds `upper` (semantics §5)


# claims: deterministic
def defined_name(lazy: Lazy):
    return lazy.known()


# claims: deterministic
def no_hook(plain: Plain):
    return hasattr(plain, "missing") or plain.known()


class Configured(Settings):
    # claims: deterministic
    def lookup(self):
        return self.DEBUG
