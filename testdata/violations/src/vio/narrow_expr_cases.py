"""Narrowing inside an expression: the right operand of `and` runs only where the left one was true, of `or`
only where it was false, the branches of `a if test else b` only where the test was true (false), and a
comprehension's element and later clauses only where its `if` clauses were true. An `isinstance(x, C)` test
(also `type(x) is C`) there narrows `x` as it does in an `if` statement; a getter's value read on the narrowed
name is the getter's for that class. Each shape is flagged where the narrowing does not apply (the operand
runs where `x` is a `Stamping`) and holds where it does."""

import time


class Base:
    def m(self):
        return 0


class Quiet(Base):
    def m(self):
        return 1


class Stamping(Base):
    def m(self):
        # want: deterministic call time.time from vio.narrow_expr_cases.or_right via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.or_negated_other via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.and_chain_short via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.if_orelse via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.if_or_test via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.listcomp_if_not via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.comp_second_clause via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.type_is_not via vio.narrow_expr_cases.Stamping.m
        # want: deterministic call time.time from vio.narrow_expr_cases.type_shadowed via vio.narrow_expr_cases.Stamping.m
        return time.time()


# -- and / or ----------------------------------------------------------------------------------------------
# claims: deterministic
def and_right(x: Base):
    return isinstance(x, Quiet) and x.m()


# claims: deterministic
def or_right(x: Base):
    return isinstance(x, Quiet) or x.m()


# claims: deterministic
def or_negated(x: Base):
    return not isinstance(x, Quiet) or x.m()


# claims: deterministic
def or_negated_other(x: Base):
    return not isinstance(x, Stamping) or x.m()


# claims: deterministic
def and_chain(x: Base, y: Base, flag: bool):
    return isinstance(x, Quiet) and flag and isinstance(y, Quiet) and x.m() + y.m()  # want-blind: `x.m(...).__add__(...)` from vio.narrow_expr_cases.and_chain # want-blind: `y.m(...).__radd__(...)` from vio.narrow_expr_cases.and_chain


# claims: deterministic
def and_chain_short(x: Base, y: Base):
    return isinstance(x, Quiet) and y.m() and isinstance(y, Quiet)


# -- a if test else b --------------------------------------------------------------------------------------
# claims: deterministic
def if_body(x: Base):
    return x.m() if isinstance(x, Quiet) else None


# claims: deterministic
def if_orelse(x: Base):
    return None if isinstance(x, Quiet) else x.m()


# claims: deterministic
def if_and_test(x: Base, flag: bool):
    return x.m() if isinstance(x, Quiet) and flag else None


# claims: deterministic
def if_or_test(x: Base, flag: bool):
    return x.m() if isinstance(x, Quiet) or flag else None


# claims: deterministic
def if_nested(x: Base, y: Base):
    return (y.m() if isinstance(y, Quiet) else 0) if isinstance(x, Quiet) and x.m() else 0


# -- comprehension if clauses ------------------------------------------------------------------------------
# claims: deterministic
def listcomp_if(xs: list[Base]):
    return [x.m() for x in xs if isinstance(x, Quiet)]


# claims: deterministic
def listcomp_if_not(xs: list[Base]):
    return [x.m() for x in xs if not isinstance(x, Quiet)]


# claims: deterministic
def genexp_if(xs: list[Base]):
    return sum(x.m() for x in xs if isinstance(x, Quiet))


# claims: deterministic
def setcomp_later_if(xs: list[Base]):
    return {x.m() for x in xs if x and isinstance(x, Quiet)}  # want-blind: `hash(x.m(...))` from vio.narrow_expr_cases.setcomp_later_if


# claims: deterministic
def dictcomp_later_clause(xss: list[list[Base]]):
    return {x: x.m() for xs in xss for x in xs if isinstance(x, Quiet)}  # want-blind: `iter(xs)` from vio.narrow_expr_cases.dictcomp_later_clause # want-blind: `iter(xss)` from vio.narrow_expr_cases.dictcomp_later_clause


# claims: deterministic
def comp_second_clause(xs: list[Base], ys: list[Base]):
    return [x.m() for x in xs if isinstance(x, Quiet) for x in ys]


# -- type(x) is C ------------------------------------------------------------------------------------------
# claims: deterministic
def type_is(x: Base):
    return type(x) is Quiet and x.m()


# claims: deterministic
def type_is_not(x: Base):
    return type(x) is not Quiet and x.m()


# claims: deterministic
def type_is_not_or(x: Base):
    return type(x) is not Quiet or x.m()


# claims: deterministic
def type_is_statement(x: Base):
    if type(x) is Quiet:
        return x.m()
    return None


# claims: deterministic
def type_shadowed(x: Base, type=lambda value: Quiet):
    # `type` is the function's own name here, not the builtin: the test proves nothing of x
    return type(x) is Quiet and x.m()  # want-blind: `type(x)` from vio.narrow_expr_cases.type_shadowed


# -- a getter's value on a narrowed name -------------------------------------------------------------------
class Expr:
    @property
    def output(self):
        return "text"

    @property
    def output_or_none(self):
        return self.output


class Value(Expr):
    pass


class Aggregate(Expr):
    @property
    def output(self):
        # want: deterministic call time.time from vio.narrow_expr_cases.any_output via vio.narrow_expr_cases.Aggregate.output
        return time.time()


# claims: deterministic
def value_output(expr: Expr):
    return isinstance(expr, Value) and not expr.output_or_none  # want-blind: `bool(expr.output_or_none)` from vio.narrow_expr_cases.value_output


# claims: deterministic
def any_output(expr: Expr):
    return not expr.output_or_none  # want-blind: `bool(expr.output_or_none)` from vio.narrow_expr_cases.any_output
