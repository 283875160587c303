"""semantics §5 implicit calls through more spellings: `str.format` and `%` formatting and `print` (`__format__`,
`__str__`, `__repr__`, as each field's conversion says), `list()` / `tuple()` / `set()` / `frozenset()` /
`sorted()`, starred values and unpacking assignments (`__iter__`), and an import under `global`, which binds the
module-level name (one more value it may hold)."""

import os
import time


class Shown:
    """Only `__str__` is impure: a plain `{}` field falls back to it, `{!r}` and `%r` do not call it."""

    def __str__(self):
        # want: deterministic call time.time from vio.spellings_cases.format_method via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.format_unknown_text via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.format_converted via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.percent_str via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.percent_tuple via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.percent_unknown via vio.spellings_cases.Shown.__str__
        # want: deterministic call time.time from vio.spellings_cases.printed via vio.spellings_cases.Shown.__str__
        return str(time.time())


class Formatted:
    def __format__(self, spec):
        # want: deterministic call time.time from vio.spellings_cases.format_keyword via vio.spellings_cases.Formatted.__format__
        # want: deterministic call time.time from vio.spellings_cases.format_function via vio.spellings_cases.Formatted.__format__
        # want: deterministic call time.time from vio.spellings_cases.format_nested via vio.spellings_cases.Formatted.__format__
        # want: deterministic call time.time from vio.spellings_cases.format_spec via vio.spellings_cases.Formatted.__format__
        return format(time.time(), spec)


class Quoted:
    def __repr__(self):
        # want: deterministic call os.getenv from vio.spellings_cases.format_repr via vio.spellings_cases.Quoted.__repr__
        # want: deterministic call os.getenv from vio.spellings_cases.percent_tuple via vio.spellings_cases.Quoted.__repr__
        # want: deterministic call os.getenv from vio.spellings_cases.percent_mapping via vio.spellings_cases.Quoted.__repr__
        return os.getenv("REPR", "")


class Listed:
    def __iter__(self):
        # want: deterministic call time.time from vio.spellings_cases.listed via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.tupled via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.setted via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.frozen via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.ordered via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.star_list via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.star_tuple via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.star_set via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.star_call via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.unpacked via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.starred_target via vio.spellings_cases.Listed.__iter__
        # want: deterministic call time.time from vio.spellings_cases.first_pair via vio.spellings_cases.FIRST -> vio.spellings_cases.Listed.__iter__
        return iter([time.time()])


class Pure:
    def __str__(self):
        return "pure"

    def __repr__(self):
        return "Pure()"

    def __format__(self, spec):
        return "pure"

    def __iter__(self):
        return iter(())


def total(*values):
    return len(values)


FIRST, SECOND = Listed()


# str.format


# claims: deterministic
def format_method(s: Shown):
    return "<{}>".format(s)


# claims: deterministic
def format_keyword(f: Formatted):
    return "{value:>8}".format(value=f)


# claims: deterministic
def format_function(f: Formatted):
    return str.format("{}", f)


# claims: deterministic
def format_nested(width: int, f: Formatted):
    return "{:{}}".format(width, f)


# claims: deterministic
def format_repr(q: Quoted):
    return "{!r}".format(q)


# claims: deterministic
def format_converted(s: Shown):
    return "{0!s}".format(s)


# claims: deterministic
def format_unknown_text(text, s: Shown):
    return str.format(text, s)


# claims: deterministic
def format_spec(f: Formatted):
    return format(f, ">8")


# % formatting and print


# claims: deterministic
def percent_str(s: Shown):
    return "%s" % s


# claims: deterministic
def percent_tuple(s: Shown, q: Quoted):
    return "%s %r" % (s, q)


# claims: deterministic
def percent_mapping(q: Quoted):
    return "%(q)r" % {"q": q}


# claims: deterministic
def percent_unknown(template, s: Shown):
    return template % (s,)


# claims: deterministic
def printed(s: Shown):
    print("now:", s)


# iteration


# claims: deterministic
def listed(c: Listed):
    return list(c)


# claims: deterministic
def tupled(c: Listed):
    return tuple(c)


# claims: deterministic
def setted(c: Listed):
    return set(c)


# claims: deterministic
def frozen(c: Listed):
    return frozenset(c)


# claims: deterministic
def ordered(c: Listed):
    return sorted(c, key=str)


# claims: deterministic
def star_list(c: Listed):
    return [*c]


# claims: deterministic
def star_tuple(c: Listed):
    return (*c,)


# claims: deterministic
def star_set(c: Listed):
    return {*c}


# claims: deterministic
def star_call(c: Listed):
    return total(*c)


# claims: deterministic
def unpacked(c: Listed):
    first, second = c
    return first


# claims: deterministic
def starred_target(c: Listed):
    [first, *rest] = c
    return rest


# claims: deterministic
def first_pair():
    return FIRST


# an import under `global`

clock = None
tick = None
text_tools = None


def install():
    global clock, tick, text_tools
    import string as text_tools
    import time as clock
    from time import monotonic as tick


# claims: deterministic
def stamped():
    return clock.time()  # want: deterministic call time.time from vio.spellings_cases.stamped


# claims: deterministic
def ticked():
    return tick()  # want: deterministic call time.monotonic from vio.spellings_cases.ticked


# near misses: must hold


# claims: deterministic
def conversions_elsewhere(s: Shown, f: Formatted):
    """`{!r}` and `%r` take `repr`, which `Shown` leaves pure; `{!s}` of `Formatted` never calls `__format__`."""
    return ("{!r}".format(s), "%r" % (s,), "%(s)r" % {"s": s}, "{!s}".format(f), "{0.__class__}".format(f))


# claims: deterministic
def pure_spellings(p: Pure, q: Pure):
    first, second = p
    print(p, *q)
    return (
        "{} {!r}".format(p, q),
        str.format("{}", p),
        "%s %r" % (p, q),
        format(p, ">2"),
        list(p),
        sorted(q),
        frozenset(p),
        [*p],
        {*q},
        total(*p),
        first,
    )


# claims: deterministic
def unknown_spellings(value, other):
    first, *rest = value  # want-blind: `iter(value)` from vio.spellings_cases.unknown_spellings
    print(other)  # want-blind: `str(other)` from vio.spellings_cases.unknown_spellings
    return ("{}".format(value), "%s" % value, other % value, list(value), (*other,), total(*value), first)  # want-blind: `format(value)` from vio.spellings_cases.unknown_spellings # want-blind: `iter(other)` from vio.spellings_cases.unknown_spellings # want-blind: `str(value)` from vio.spellings_cases.unknown_spellings


# claims: deterministic
def stdlib_spellings(number: int, names: list[str]):
    first, second = names
    print(number, names)
    return ("{:>4}".format(number), "%d %s" % (number, first), sorted(names), [*names], set(names))  # want-blind: `str(first)` from vio.spellings_cases.stdlib_spellings


# claims: deterministic
def literal_unpacking(c: Listed):
    """`a, b = x, y` unpacks the tuple it builds: nothing of `c` is iterated."""
    first, second = c, c
    return first, second


# claims: deterministic
def capitalised(text: str):
    return text_tools.capwords(text)
