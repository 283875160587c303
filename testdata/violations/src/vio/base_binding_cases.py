"""A class statement's base is the binding of its name live when the statement runs: the last statement of the
module's body above it that certainly bound the name, or one made after that (under `if` or `try`, a function's
`global` store, a star import), never one made below it. Each case's claim dispatches `self.template()` over the
subclasses of its own root class; what the subclass's base is decides which `template` that finds."""

import sys
import time

from vio.base_binding_source import Clocked as Backend
from vio.base_binding_source import Plain as Later
from vio.base_binding_source import Plain as Mixed
from vio.base_binding_source import Plain as Stamp
from vio.base_binding_source import Plain as Transform
from vio.base_binding_source import Plain as Tried


# The imported class is the base: the module's own class of that name is defined below the subclass (Django's
# `IsEmpty(GeoFuncMixin, Transform)` in gis's functions.py, where `Transform` is `django.db.models.Transform`).


class ShapeRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


class IsEmpty(Transform, ShapeRoot):
    pass


class Transform:
    def template(self):
        return time.time()


# The module's own class is the base, not the import it rebinds (Django's `DjangoDivFormRenderer(DjangoTemplates)`
# in forms/renderers.py, where `DjangoTemplates` was imported before).


class RendererRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


class Backend(RendererRoot):
    pass


class DivRenderer(Backend):
    pass


# The class defined above the subclass statement is the live one, and it reads the clock.


class StampRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


class Stamp:
    def template(self):
        # want: deterministic call time.time from vio.base_binding_cases.StampRoot.render via vio.base_binding_cases.Stamp.template
        return time.time()


class Stamped(Stamp, StampRoot):
    pass


# A binding under `if` may have run: the import above or the class below it, either may be the base.


class EitherRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


if sys.argv:
    from vio.base_binding_source import Clocked as Mixed


class Either(Mixed, EitherRoot):
    pass


# So may one in a `try` body, which may have stopped before it.


class TriedRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


try:
    from vio.base_binding_source import Clocked as Tried
except ImportError:
    pass


class TriedBase(Tried, TriedRoot):
    pass


# A function declaring the name `global` may store it when it is called, after the module's own statements last
# bound it and before the class statement.


class SwapRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


def swap():
    global Swapped
    from vio.base_binding_source import Clocked as Swapped


from vio.base_binding_source import Plain as Swapped

swap()


class SwappedBase(Swapped, SwapRoot):
    pass


# A later binding, even under `if`, is no base: the class statement has run by then.


class LateRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


class Late(Later, LateRoot):
    pass


if sys.argv:
    from vio.base_binding_source import Clocked as Later


# A star import after the name's last binding may bind it again (`base_binding_source` defines `Clocked`).


class StarRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


from vio.base_binding_source import Plain as Clocked
from vio.base_binding_source import *


class Starred(Clocked, StarRoot):
    pass


# A class defined in a function reads the function's names: every binding of the name there may be live (a loop
# makes the one below the statement live on its next turn), so both classes may be its base.


class LoopRoot:
    def template(self):
        return ""

    # claims: deterministic
    def render(self):
        return self.template()


def define_in_a_loop():
    from vio.base_binding_source import Plain as Base

    for _ in range(2):

        class Local(Base, LoopRoot):
            pass

        from vio.base_binding_source import Clocked as Base
    return Local
