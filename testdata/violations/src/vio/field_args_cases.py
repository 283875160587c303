"""A field set from a constructor parameter holds what the project's own calls of the constructor pass for it
(docs/decisions.md, module and class state): reading `self.line` gives, beside the unknown a caller outside the
project may pass, the instances of the classes the project's call sites construct for that parameter, so an
implicit call on the field (a truth test, `str()`) or a method call on it enters those classes' methods. The
shape of boltons' `tbutils.Callpoint`: `from_frame` builds a `_DeferredLine` and passes it to `cls(...)`."""

import time


class Deferred:
    def __init__(self, path):
        self.path = path

    def __len__(self):
        return len(self.__str__())  # want-blind: `len(self.__str__(...))` from vio.field_args_cases.renders via vio.field_args_cases.Point.render -> vio.field_args_cases.Deferred.__len__

    def __str__(self):
        # want: deterministic call builtins.open from vio.field_args_cases.renders via vio.field_args_cases.Point.render -> vio.field_args_cases.Deferred.__str__
        # want: deterministic call builtins.open from vio.field_args_cases.framed_text via vio.field_args_cases.Framed.text -> vio.field_args_cases.Deferred.__str__
        with open(self.path) as handle:  # want-blind: `self.path.__fspath__(...)` from vio.field_args_cases.framed_text via vio.field_args_cases.Framed.text -> vio.field_args_cases.Deferred.__str__ # want-blind: `self.path.__fspath__(...)` from vio.field_args_cases.renders via vio.field_args_cases.Point.render -> vio.field_args_cases.Deferred.__str__
            return handle.read()


class Point:
    def __init__(self, name, line=None):
        self.name = name
        self.line = line

    @classmethod
    def from_path(cls, name, path):
        line = Deferred(path)
        return cls(name, line=line)

    def render(self):
        ret = self.name
        if self.line:  # want-blind: `bool(self.line)` from vio.field_args_cases.renders via vio.field_args_cases.Point.render
            ret += str(self.line).strip()  # want-blind: `ret.__iadd__(...)` from vio.field_args_cases.renders via vio.field_args_cases.Point.render # want-blind: `str(self.line)` from vio.field_args_cases.renders via vio.field_args_cases.Point.render
        return ret


# claims: deterministic
def renders(p: Point):
    return p.render()


class Framed:
    def __init__(self, line=None):
        self.line = line

    def again(self, path):
        return type(self)(line=Deferred(path))

    def text(self):
        return str(self.line)  # want-blind: `str(self.line)` from vio.field_args_cases.framed_text via vio.field_args_cases.Framed.text


# claims: deterministic
def framed_text(f: Framed):
    return f.text()


# -- a plain constructor call passing a constructed instance; a method called on the field -------------------


class Clock:
    def now(self):
        return time.time()  # want: deterministic call time.time from vio.field_args_cases.stamps via vio.field_args_cases.Stamp.value -> vio.field_args_cases.Clock.now


class Stamp:
    def __init__(self, clock=None):
        self._clock = clock

    def value(self):
        return self._clock.now()  # want-blind: `self._clock.now()` from vio.field_args_cases.stamps via vio.field_args_cases.Stamp.value


def make_stamp():
    return Stamp(clock=Clock())


# claims: deterministic
def stamps(s: Stamp):
    return s.value()


# -- near misses: only pure classes passed; never passed anything but the default None ----------------------


class Pure:
    def __len__(self):
        return 1

    def now(self):
        return 0


class Quiet:
    def __init__(self, line=None):
        self.line = line

    @classmethod
    def build(cls):
        return cls(line=Pure())

    def render(self):
        return "x" if self.line else self.line.now()  # want-blind: `self.line.now()` from vio.field_args_cases.quiet_renders via vio.field_args_cases.Quiet.render # want-blind: `bool(self.line)` from vio.field_args_cases.quiet_renders via vio.field_args_cases.Quiet.render


# claims: deterministic
def quiet_renders(q: Quiet):
    return q.render()


class Empty:
    def __init__(self, line=None):
        self.line = line

    def render(self):
        return "x" if self.line else str(self.line)  # want-blind: `bool(self.line)` from vio.field_args_cases.empty_renders via vio.field_args_cases.Empty.render # want-blind: `str(self.line)` from vio.field_args_cases.empty_renders via vio.field_args_cases.Empty.render


def make_empty():
    return Empty()


# claims: deterministic
def empty_renders(e: Empty):
    return e.render()
