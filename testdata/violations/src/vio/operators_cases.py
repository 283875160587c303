"""semantics §5 implicit calls on values of known project class: reflected operators (`1 + r` calls `r.__radd__`,
`p < g` calls `g.__gt__` when `p` defines no `__lt__`), unary and augmented operators, `!=` through `__eq__`,
and truth tests (`if x:`, `not x`, `bool(x)`: `__bool__`, falling back to `__len__`)."""

import os
import time


class Plain:
    """No special methods of its own: Python tries the right operand's reflected method."""


class Radd:
    def __radd__(self, other):
        # want: deterministic call time.time from vio.operators_cases.constant_plus via vio.operators_cases.Radd.__radd__
        # want: deterministic call time.time from vio.operators_cases.plain_plus via vio.operators_cases.Radd.__radd__
        # want: deterministic call time.time from vio.operators_cases.running_total via vio.operators_cases.Radd.__radd__
        return time.time()


class Greater:
    def __gt__(self, other):
        return os.getenv("GT")  # want: deterministic call os.getenv from vio.operators_cases.plain_less via vio.operators_cases.Greater.__gt__


class Less:
    def __lt__(self, other):
        return os.getenv("LT")  # want: deterministic call os.getenv from vio.operators_cases.plain_greater via vio.operators_cases.Less.__lt__


class Forward:
    """Defines the forward operators (and they return a value): the right operand's reflected ones never run."""

    def __add__(self, other):
        return self

    def __lt__(self, other):
        return False


class Signed:
    def __neg__(self):
        return os.getenv("NEG")  # want: deterministic call os.getenv from vio.operators_cases.negated via vio.operators_cases.Signed.__neg__

    def __pos__(self):
        return os.getenv("POS")  # want: deterministic call os.getenv from vio.operators_cases.positive via vio.operators_cases.Signed.__pos__

    def __invert__(self):
        return os.getenv("INV")  # want: deterministic call os.getenv from vio.operators_cases.inverted via vio.operators_cases.Signed.__invert__


class Accumulator:
    def __iadd__(self, other):
        return time.monotonic()  # want: deterministic call time.monotonic from vio.operators_cases.in_place via vio.operators_cases.Accumulator.__iadd__

    def __add__(self, other):
        return self


class Added:
    def __add__(self, other):
        return time.monotonic()  # want: deterministic call time.monotonic from vio.operators_cases.in_place_fallback via vio.operators_cases.Added.__add__


class Table:
    def __getitem__(self, key):
        return os.getenv(key)  # want: deterministic call os.getenv from vio.operators_cases.item_in_place via vio.operators_cases.Table.__getitem__

    def __setitem__(self, key, value):
        pass


class Equal:
    def __eq__(self, other):
        # want: deterministic call os.getenv from vio.operators_cases.not_equal via vio.operators_cases.Equal.__eq__
        # want: deterministic call os.getenv from vio.operators_cases.equal_reflected via vio.operators_cases.Equal.__eq__
        return os.getenv("EQ") == other  # want-blind: `other.__eq__(...)` from vio.operators_cases.equal_reflected via vio.operators_cases.Equal.__eq__ # want-blind: `other.__eq__(...)` from vio.operators_cases.not_equal via vio.operators_cases.Equal.__eq__


class NotEqual:
    def __eq__(self, other):
        return os.getenv("EQ") == other

    def __ne__(self, other):
        return False


class Truthy:
    def __bool__(self):
        # want: deterministic call os.getenv from vio.operators_cases.if_truth via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.and_truth via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.conditional via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.last_tested via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.filtered via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.case_guard via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.first_tested via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.else_if via vio.operators_cases.Truthy.__bool__
        # want: deterministic call os.getenv from vio.operators_cases.negated_either via vio.operators_cases.Truthy.__bool__
        return bool(os.getenv("TRUTHY"))


class Sized:
    def __len__(self):
        # want: deterministic call time.time_ns from vio.operators_cases.while_truth via vio.operators_cases.Sized.__len__
        # want: deterministic call time.time_ns from vio.operators_cases.not_truth via vio.operators_cases.Sized.__len__
        # want: deterministic call time.time_ns from vio.operators_cases.asserted via vio.operators_cases.Sized.__len__
        # want: deterministic call time.time_ns from vio.operators_cases.bool_of_sized via vio.operators_cases.Sized.__len__
        # want: deterministic call time.time_ns from vio.operators_cases.Holder.attribute_truth via vio.operators_cases.Sized.__len__
        return time.time_ns()


class Both:
    """`__bool__` wins: Python never calls `__len__` for a truth test here."""

    def __bool__(self):
        return True

    def __len__(self):
        return time.time_ns()


class Pure:
    def __add__(self, other):
        return self

    def __radd__(self, other):
        return self

    def __iadd__(self, other):
        return self

    def __lt__(self, other):
        return False

    def __gt__(self, other):
        return False

    def __eq__(self, other):
        return self is other

    def __neg__(self):
        return self

    def __bool__(self):
        return True

    def __len__(self):
        return 0


class Holder:
    items: Sized

    # claims: deterministic
    def attribute_truth(self):
        if self.items:
            return 1
        return 0


# M10: reflected operators


# claims: deterministic
def constant_plus(r: Radd):
    return 1 + r


# claims: deterministic
def plain_plus(p: Plain, r: Radd):
    return p + r


# claims: deterministic
def plain_less(p: Plain, g: Greater):
    return p < g


# claims: deterministic
def plain_greater(p: Plain, lesser: Less):
    return p > lesser


# claims: deterministic
def equal_reflected(e: Equal):
    return 1 == e


# claims: deterministic
def running_total(items: list[Radd]):
    total = 0
    for item in items:
        total += item  # want-blind: `total.__iadd__(...)` from vio.operators_cases.running_total
    return total


# claims: deterministic
def forward_defined(f: Forward, r: Radd, g: Greater):
    return (f + r, f < g)


# M11: unary, augmented, `!=`


# claims: deterministic
def negated(s: Signed):
    return -s


# claims: deterministic
def positive(s: Signed):
    return +s


# claims: deterministic
def inverted(s: Signed):
    return ~s


# claims: deterministic
def in_place(a: Accumulator):
    a += 1
    return a


# claims: deterministic
def in_place_fallback(a: Added):
    a += 1
    return a


# claims: deterministic
def item_in_place(table: Table):
    table["k"] += 1


# claims: deterministic
def not_equal(e: Equal):
    return e != 1


# claims: deterministic
def own_not_equal(n: NotEqual):
    return n != 1


# M12: truth tests


# claims: deterministic
def if_truth(t: Truthy):
    if t:
        return 1
    return 0


# claims: deterministic
def while_truth(s: Sized):
    while s:
        break


# claims: deterministic
def and_truth(t: Truthy):
    return t and 1


# claims: deterministic
def not_truth(s: Sized):
    return not s


# claims: deterministic
def conditional(t: Truthy):
    return 1 if t else 2


# claims: deterministic
def asserted(s: Sized):
    assert s


# claims: deterministic
def bool_of_sized(s: Sized):
    return bool(s)


# claims: deterministic
def last_tested(flag: bool, t: Truthy):
    if flag and t:
        return 1
    return 0


# claims: deterministic
def first_tested(flag: bool, t: Truthy):
    return 1 if t or flag else 0


# claims: deterministic
def filtered(values: list[Truthy]):
    return [v for v in values if v]


# claims: deterministic
def case_guard(value: int, t: Truthy):
    match value:
        case 1 if t:
            return 1
    return 0


# claims: deterministic
def else_if(flag: bool, t: Truthy):
    if flag:
        return 1
    elif t:
        return 2
    return 0


# claims: deterministic
def negated_either(flag: bool, t: Truthy):
    return not (flag or t)


# near-misses: must hold


# claims: deterministic
def or_value(flag: bool, t: Truthy):
    return flag or t


# claims: deterministic
def both_truth(b: Both):
    return 1 if b else 0


# claims: deterministic
def compared(t: Truthy):
    """A comparison's result is a bool, whatever `t` is."""
    if t == 1 or not (t is None):
        return 1
    return 0


# claims: deterministic
def plain_truth(p: Plain):
    if p:
        return 1
    return not p


# claims: deterministic
def pure_operators(x: Pure, y: Pure):
    x += y
    if x and not y:
        return -x
    return (1 + x, x < y, y > x, x != y, x + y, bool(x))


# claims: deterministic
def builtin_operators(a: int, b: str):
    a += 1
    if a and not b:
        return -a
    return (1 + a, a < 2, 2 > a, a != 1, ~a, b + "x", bool(b))
