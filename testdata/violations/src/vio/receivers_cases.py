"""semantics §5, the receiver's class travels with the walk: a method entered for a receiver of class D is walked with
`self` / `cls` standing for D or a project subclass of D, never for a sibling of D that derives from the same
base. The near misses (held) each had a false chain through a sibling's override before."""

import time


# -- an inherited method calls `self.create()`: which `create` depends on the receiver -------------------------
class Handler:
    def get(self):
        return self.create()

    def create(self):
        return 0


class Connections(Handler):
    def create(self):
        return 1


class Caches(Handler):
    def create(self):
        # want: deterministic call time.time from vio.receivers_cases.use_caches via vio.receivers_cases.Handler.get -> vio.receivers_cases.Caches.create
        # want: deterministic call time.time from vio.receivers_cases.use_handler via vio.receivers_cases.Handler.get -> vio.receivers_cases.Caches.create
        return time.time()


# claims: deterministic
def use_connections(c: Connections):
    return c.get()


# claims: deterministic
def use_caches(c: Caches):
    return c.get()


# claims: deterministic
def use_handler(h: Handler):
    return h.get()


class Registry:
    # claims: deterministic
    def lookup(self):
        return Connections().get()


# -- a subclass of the receiver still counts: `self.step()` in Walker.run entered for Middle ----------------------
class Walker:
    def run(self):
        return self.step()

    def step(self):
        return 0


class Middle(Walker):
    pass


class Leaf(Middle):
    def step(self):
        # want: deterministic call time.time from vio.receivers_cases.use_middle via vio.receivers_cases.Walker.run -> vio.receivers_cases.Leaf.step
        return time.time()


class Apart(Walker):
    def step(self):
        return 2


# claims: deterministic
def use_middle(m: Middle):
    return m.run()


# claims: deterministic
def use_apart(a: Apart):
    return a.run()


# -- super() hands the receiver on: Widget.context entered for Choice calls Choice's value -----------------------
class Widget:
    def context(self):
        return self.value()

    def value(self):
        return 0


class Choice(Widget):
    def context(self):
        return super().context()

    def value(self):
        return 1


class Clock(Widget):
    def value(self):
        # want: deterministic call time.time from vio.receivers_cases.clock_context via vio.receivers_cases.Widget.context -> vio.receivers_cases.Clock.value
        return time.time()


# claims: deterministic
def choice_context(w: Choice):
    return w.context()


# claims: deterministic
def clock_context(w: Clock):
    return w.context()


# -- a classmethod called on a subclass binds `cls` to it -----------------------------------------------------------
class Factory:
    @classmethod
    def build(cls):
        return cls.make()

    @classmethod
    def make(cls):
        return 0


class PureFactory(Factory):
    pass


class ClockFactory(Factory):
    @classmethod
    def make(cls):
        # want: deterministic call time.time from vio.receivers_cases.clock_build via vio.receivers_cases.Factory.build -> vio.receivers_cases.ClockFactory.make
        return time.time()


# claims: deterministic
def pure_build():
    return PureFactory.build()


# claims: deterministic
def clock_build():
    return ClockFactory.build()
