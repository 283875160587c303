"""Python's C3 method resolution order, and `super()` with arguments (semantics §5: "in Python's MRO order")."""

import os
import time


# -- a diamond: D(B, C) looks in C before A ----------------------------------------------------------------
class A:
    def m(self):
        return 1


class B(A):
    pass


class C(A):
    def m(self):
        return time.time()  # want: deterministic call time.time from vio.mro_cases.use_diamond via vio.mro_cases.C.m; deterministic call time.time from vio.mro_cases.D.go via vio.mro_cases.C.m


class D(B, C):
    # claims: deterministic
    def go(self):
        return self.m()


# claims: deterministic
def use_diamond():
    return D().m()


# -- near-miss: the pure method wins by C3 (depth-first would find the impure one) ------------------------
class Top:
    def m(self):
        return os.getenv("X")


class Left(Top):
    pass


class Right(Top):
    def m(self):
        return 2


class Bottom(Left, Right):
    # claims: deterministic
    def go(self):
        return self.m()


# claims: deterministic
def use_pure_diamond():
    return Bottom().m()


# -- super(X, self): the lookup starts after X in the enclosing class's MRO -------------------------------
class Root:
    def m(self):
        # want: deterministic call time.time from vio.mro_cases.Child.go via vio.mro_cases.Root.m
        # want: deterministic call time.time from vio.mro_cases.Odd.other_object via vio.mro_cases.Root.m
        # want: deterministic call time.time from vio.mro_cases.Odd.made via vio.mro_cases.Root.m
        return time.time()


class Mid(Root):
    def m(self):
        return 1


class Child(Mid):
    # claims: deterministic
    def go(self):
        return super(Mid, self).m()

    # claims: deterministic
    def near(self):
        return super(Child, self).m()

    # claims: deterministic
    def plain(self):
        return super().m()


# -- super() whose next class in the MRO is pure ----------------------------------------------------------
class Pure(Root):
    def m(self):
        return 3


class Leaf(Pure):
    # claims: deterministic
    def go(self):
        return super().m()


# -- super() in a diamond: next after Left2 in Bottom2's MRO is Right2 ------------------------------------
class Left2(A):
    pass


class Right2(A):
    def m(self):
        return time.time()  # want: deterministic call time.time from vio.mro_cases.Bottom2.go via vio.mro_cases.Right2.m


class Bottom2(Left2, Right2):
    # claims: deterministic
    def go(self):
        return super(Left2, self).m()


# -- super() where self may be a subclass whose MRO puts a sibling next: Bottom3's is Bottom3, Left3, Right3, A --
class Left3(A):
    # claims: deterministic
    def go(self):
        return super().m()


class Right3(A):
    def m(self):
        return time.time()  # want: deterministic call time.time from vio.mro_cases.Left3.go via vio.mro_cases.Right3.m


class Bottom3(Left3, Right3):
    pass


# -- super(X, cls) in a classmethod ------------------------------------------------------------------------
class Later(Mid):
    @classmethod
    def build(cls):
        return time.time()  # want: deterministic call time.time from vio.mro_cases.Latest.make via vio.mro_cases.Later.build


class Latest(Later):
    @classmethod
    def build(cls):
        return 4

    # claims: deterministic
    @classmethod
    def make(cls):
        return super(Latest, cls).build()


# -- super(X, obj) with obj not self: type(obj) is X or a subclass of X (Python requires it); X that is no ----
# -- plain name of a project class: a blind spot, never the wrong class --------------------------------------
def pick():
    return Mid


def stamped():
    return Child() if time.time() else None  # want: deterministic call time.time from vio.mro_cases.Odd.made via vio.mro_cases.stamped


class Odd(Mid):
    # claims: deterministic
    def computed(self):
        return super(pick(), self).m()  # want-blind: `super(pick(), self).m()` from vio.mro_cases.Odd.computed

    # claims: deterministic
    def other_object(self, other):
        return super(Mid, other).m()

    # claims: deterministic
    def made(self):
        return super(Mid, stamped()).m()

    # claims: deterministic
    def nearest(self, other):
        return super(Odd, other).m()
