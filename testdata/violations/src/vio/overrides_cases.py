"""semantics §5, overrides: a class-body assignment overrides like a def, a name rebound in its own class body is
every value its bindings give, and a subclass's sibling base may supply the method its base's code calls."""

import time


def _run(self):
    # want: deterministic call time.time from vio.overrides_cases.Base.start via vio.overrides_cases._run
    # want: deterministic call time.time from vio.overrides_cases.use_base via vio.overrides_cases._run
    return time.time()


def _s(self):
    # want: deterministic call time.time from vio.overrides_cases.formatted via vio.overrides_cases._s
    return str(time.time())


def now():
    # want: deterministic call time.time from vio.overrides_cases.use_rebound via vio.overrides_cases.now
    return time.time()


class Base:
    # claims: deterministic
    def start(self):
        # want: deterministic call time.time from vio.overrides_cases.Base.start
        # want-blind: `self.run()` from vio.overrides_cases.Base.start
        return self.run()

    def run(self):
        return 1


class ByFunction(Base):
    run = _run


class ByLambda(Base):
    # want: deterministic call time.time from vio.overrides_cases.Base.start via vio.overrides_cases.ByLambda.run
    # want: deterministic call time.time from vio.overrides_cases.use_base via vio.overrides_cases.ByLambda.run
    run = lambda self: time.time()


class ByStdlib(Base):
    run = time.time


class Constant(Base):
    run = 3


class Unrelated:
    run = _run


# claims: deterministic
def use_base(b: Base):
    # want: deterministic call time.time from vio.overrides_cases.use_base
    # want-blind: `b.run()` from vio.overrides_cases.use_base
    return b.run()


class V:
    def __str__(self):
        return "v"


class W(V):
    __str__ = _s


# claims: deterministic
def formatted(x: V):
    return f"{x}"


class K:
    def m(self):
        return 1

    m = now


# claims: deterministic
def use_rebound(k: K):
    return k.m()


class Early:
    m = now

    def m(self):
        return 1


# claims: deterministic
def use_early(e: Early):
    return e.m()


class Root:
    # claims: deterministic
    def go(self):
        return self.helper()

    def helper(self):
        return 1

    def __eq__(self, other):
        return True

    __hash__ = None


class Other:
    def helper(self):
        # want: deterministic call time.time from vio.overrides_cases.Root.go via vio.overrides_cases.Other.helper
        # want: deterministic call time.time from vio.overrides_cases.use_root via vio.overrides_cases.Root.go -> vio.overrides_cases.Other.helper
        return time.time()

    def __eq__(self, other):
        # want: deterministic call time.time from vio.overrides_cases.compare via vio.overrides_cases.Other.__eq__
        return time.time() == other  # want-blind: `other.__eq__(...)` from vio.overrides_cases.compare via vio.overrides_cases.Other.__eq__


class Both(Other, Root):
    pass


# claims: deterministic
def use_root(m: Root):
    return m.go()


# claims: deterministic
def compare(m: Root):
    return m == 1


class Plain:
    # claims: deterministic
    def go(self):
        return self.helper()

    def helper(self):
        return 1


class Pure:
    def helper(self):
        return 2


class Mixed(Pure, Plain):
    pass


class Stamp:
    def mark(self):
        return 1


class Left(Stamp):
    pass


class Right(Stamp):
    def mark(self):
        # want: deterministic call time.time from vio.overrides_cases.use_diamond via vio.overrides_cases.Right.mark
        # want: deterministic call time.time from vio.overrides_cases.use_left via vio.overrides_cases.Right.mark
        return time.time()


class Diamond(Left, Right):
    """Python's MRO is Diamond, Left, Right, Stamp: `mark` is Right's, not Stamp's."""


class Solo(Left):
    pass


# claims: deterministic
def use_diamond(d: Diamond):
    return d.mark()


# claims: deterministic
def use_left(x: Left):
    return x.mark()


# claims: deterministic
def use_solo(s: Solo):
    return s.mark()


class Quiet:
    def run(self):
        return 1


class QuietConstant(Quiet):
    run = 3


class QuietPure(Quiet):
    run = lambda self: 2  # noqa: E731


class Stranger:
    """No subclass of Quiet: its `run` never answers for one."""

    run = _run


# claims: deterministic
def use_quiet(q: Quiet):
    return q.run()
