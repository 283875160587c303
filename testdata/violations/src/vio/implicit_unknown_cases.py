"""Implicit special-method calls on values of unknown class (a parameter, a field stored from one): Python runs
whatever the value's class defines, so the call is a blind spot where a project class defines the method (or the
one Python falls back to: `__len__` for a truth test, `__eq__` for a key) and that method reaches a capability.
A project method of that name that reaches nothing, or no project method of that name at all, adds none."""

import linecache
import time


class Deferred:
    """A truth test of one reads a file, through `__len__` and `__str__` (tbutils' `_DeferredLine`)."""

    def __init__(self, name):
        self.name = name

    def __len__(self):
        return len(str(self))

    def __str__(self):
        return linecache.getline(self.name, 1)  # want: deterministic call linecache.getline from vio.implicit_unknown_cases.Point.render via vio.implicit_unknown_cases.Deferred.__len__ -> vio.implicit_unknown_cases.Deferred.__str__


class Point:
    def __init__(self, path, line=None):
        self.path = path
        self.line = line

    @classmethod
    def from_path(cls, path):
        return cls(path, line=Deferred(path))

    # claims: deterministic
    def render(self):
        if self.line:  # want-blind: `bool(self.line)` from vio.implicit_unknown_cases.Point.render
            return "x"
        return "y"


class Stamped:
    """Hashing one reads the clock (setutils' `_ComplementSet`)."""

    def __hash__(self):
        return int(time.time())


class Bag:
    def __init__(self, items):
        self._items = set(items)

    # claims: deterministic
    def has(self, item):
        return item in self._items  # want-blind: `hash(item)` from vio.implicit_unknown_cases.Bag.has

    # claims: deterministic
    def put(self, item):
        self._items.add(item)  # want-blind: `hash(item)` from vio.implicit_unknown_cases.Bag.put


# claims: deterministic
def keyed(item, table: dict):
    return table.get(item)  # want-blind: `hash(item)` from vio.implicit_unknown_cases.keyed


# claims: deterministic
def in_literal(item):
    return {item}  # want-blind: `hash(item)` from vio.implicit_unknown_cases.in_literal


# claims: deterministic
def measured(x):
    return len(x)  # want-blind: `len(x)` from vio.implicit_unknown_cases.measured


class Pure:
    """`@` and unary `+`... of it reach nothing: a value of unknown class multiplied so is no blind spot."""

    def __init__(self, value):
        self.value = value

    def __matmul__(self, other):
        return self.value

    def __rmatmul__(self, other):
        return self.value


# claims: deterministic
def multiplied(a, b):
    return a @ b


# claims: deterministic
def multiplied_known(b):
    return Pure(1) @ b


# claims: deterministic
def shifted(a, b):
    return a >> b  # no project class defines `__rshift__` nor `__rrshift__`


# claims: deterministic
def truth_of_known():
    if Pure(2):  # a project class without `__bool__` or `__len__`: object's truth
        return 1
    return 0


class Sized:
    def __len__(self):
        return 0


# claims: deterministic
def either(flag, x):
    value = Sized() if flag else x  # want-blind: `bool(flag)` from vio.implicit_unknown_cases.either
    return len(value)  # want-blind: `len(value)` from vio.implicit_unknown_cases.either


class Expr:
    """An `__eq__` that reads the clock only for another `Expr` (Django's `Expression.__eq__`): compared with a
    string literal, its `isinstance` test is decided as for an explicit call, and it returns `NotImplemented`."""

    def __eq__(self, other):
        if not isinstance(other, Expr):
            return NotImplemented
        return self.stamp(other)

    def stamp(self, other):
        return time.time()  # want: deterministic call time.time from vio.implicit_unknown_cases.compared_stars via vio.implicit_unknown_cases.Expr.__eq__ -> vio.implicit_unknown_cases.Expr.stamp # want: deterministic call time.time from vio.implicit_unknown_cases.compared_known via vio.implicit_unknown_cases.Expr.__eq__ -> vio.implicit_unknown_cases.Expr.stamp # want: deterministic call time.time from vio.implicit_unknown_cases.counted_in_tuple via vio.implicit_unknown_cases.Expr.__eq__ -> vio.implicit_unknown_cases.Expr.stamp


class Star(Expr):
    pass


# claims: deterministic
def counted(expression):
    # before the rebinding below `expression` is what the caller passed: of unknown class, so a blind spot where
    # some project `__eq__` leads somewhere (`Expr`'s does); after it a `Star`, whose `__eq__` is passed the literal
    if expression == "*":  # want-blind: `expression.__eq__(...)` from vio.implicit_unknown_cases.counted
        expression = Star()
    return expression == "*"


# claims: deterministic
def counted_reflected():
    star = Star()
    return "*" == star  # `star.__eq__("*")`, reflected: passed the literal too


# claims: deterministic
def counted_made():
    star = Star()
    return star != ["*"]  # a display is never an `Expr`


# claims: deterministic
def compared_stars():
    star = Star()
    return star == Star()  # another `Expr`: its `__eq__` goes on


# claims: deterministic
def compared_known(other: Expr):
    star = Star()
    return star == other


# claims: deterministic
def counted_explicit():
    return Star().__eq__("*")


# claims: deterministic
def counted_in_tuple(other: Expr):
    star = Star()
    return star in ("*", other)  # `star == other` for the second element


# claims: deterministic
def counted_in_literal_tuple(value):
    # a display's membership compares, it does not hash: a blind spot more than Python's calls (not followed)
    return value in ("*", "?")  # want-blind: `hash(value)` from vio.implicit_unknown_cases.counted_in_literal_tuple
