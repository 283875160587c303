"""Values carried where the walk cannot see them made. A function a project decorator is applied to is passed to it
(`@stamped` is the call `stamped(clocked)`), so the decorator's claim enters what the decorated functions reach where
the decorator's parameter is called; any other caller may pass anything, so the call stays a blind spot. A
`datetime` carries its zone: comparing, hashing, subtracting or printing one asks the zone for its offset, so where
the project defines a `tzinfo` those implicit calls on a `datetime` or `time` are blind spots, as `dt.utcoffset()`
is; a `date` or a `timedelta` carries none. Where the walk starts at a function whose parameter the project's calls
pass a datetime made with a project zone (`offset_here(datetime(..., tzinfo=LocalZone()))`, or a local bound to
`naive.replace(tzinfo=LocalZone())` before the call), `dt.utcoffset()` there enters that zone's `utcoffset`; a zone
that reads nothing, or one bound only after the call, adds no chain, and the blind spot stays either way."""

import datetime
import time


# -- a project decorator's parameter called inside it (dateutil's `_validate_fromutc_inputs`) -----------------


# claims: deterministic
def stamped(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.stamped

    return wrapper


@stamped
def clocked():
    return time.time()  # want: deterministic call time.time from vio.carried_cases.stamped via vio.carried_cases.clocked


# claims: deterministic
def checked(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.checked

    return wrapper


@checked
def pure():
    return 1


# claims: deterministic
def validated(f):
    def wrapper(self, value):
        return f(self, value)  # want-blind: `f(self, value)` from vio.carried_cases.validated

    return wrapper


class Zoneish:
    @validated
    def convert(self, value):
        return self._shift(value)

    def _shift(self, value):
        return value


class LocalZoneish(Zoneish):
    def _shift(self, value):
        return time.localtime()  # want: deterministic call time.localtime from vio.carried_cases.validated via vio.carried_cases.Zoneish.convert -> vio.carried_cases.LocalZoneish._shift


def tagged(func):
    return func


# claims: deterministic
def wrapped_outside(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.wrapped_outside

    return wrapper


@wrapped_outside
@tagged
def clocked_inside():
    return time.time()  # want: deterministic call time.time from vio.carried_cases.wrapped_outside via vio.carried_cases.clocked_inside


def wraps_it(func):
    def inner():
        return func()

    return inner


# claims: deterministic
def wrapped_by_other(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.wrapped_by_other

    return wrapper


@wrapped_by_other
@wraps_it
def clocked_wrapped():
    return time.time()


# -- a project `tzinfo` carried inside a `datetime` ---------------------------------------------------------


class LocalZone(datetime.tzinfo):
    """A zone whose offset reads the clock (dateutil's `tzlocal`)."""

    def utcoffset(self, dt):
        # want: deterministic call time.localtime from vio.carried_cases.offset_here via vio.carried_cases.LocalZone.utcoffset
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.carried_cases.LocalZone.utcoffset
        return datetime.timedelta(seconds=time.localtime().tm_gmtoff)

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.carried_cases.LocalZone.tzname
        return "DST" if time.localtime().tm_isdst else "STD"  # want: deterministic call time.localtime from vio.carried_cases.name_here via vio.carried_cases.LocalZone.tzname; deterministic call time.localtime from vio.carried_cases.Parser.assign via vio.carried_cases.LocalZone.tzname


class UtcZone(datetime.tzinfo):
    def utcoffset(self, dt):
        return datetime.timedelta(0)

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        return "UTC"


# claims: deterministic
def earlier(a: datetime.datetime, b: datetime.datetime):
    return a < b  # want-blind: `a.__lt__` from vio.carried_cases.earlier


# claims: deterministic
def same_moment(a: datetime.datetime, b: datetime.datetime):
    return a == b  # want-blind: `a.__eq__` from vio.carried_cases.same_moment


# claims: deterministic
def keyed(a: datetime.datetime):
    return {a: 1}  # want-blind: `a.__hash__` from vio.carried_cases.keyed


# claims: deterministic
def apart(a: datetime.datetime, b: datetime.datetime):
    return a - b  # want-blind: `a.__sub__` from vio.carried_cases.apart


# claims: deterministic
def shown(a: datetime.datetime):
    return f"at {a}"  # want-blind: `a.__format__` from vio.carried_cases.shown


# claims: deterministic
def earlier_day(a: datetime.date, b: datetime.date):
    return a < b


# claims: deterministic
def longer(a: datetime.timedelta, b: datetime.timedelta):
    return a < b




# claims: deterministic
def differ(a: datetime.time, b: datetime.time):
    return a != b  # want-blind: `a.__ne__` from vio.carried_cases.differ


# claims: deterministic
def printed(a: datetime.datetime):
    return str(a)  # want-blind: `a.__str__` from vio.carried_cases.printed


# -- a datetime carrying a project zone passed where the walk starts ----------------------------------------


# claims: deterministic
def offset_here(dt):
    return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.carried_cases.offset_here


def offset_local():
    return offset_here(datetime.datetime(2020, 1, 1, tzinfo=LocalZone()))


# claims: deterministic
def name_here(dt):
    return dt.tzname()  # want-blind: `dt.tzname()` from vio.carried_cases.name_here


def name_local(naive):
    aware = naive.replace(tzinfo=LocalZone())
    return name_here(aware)


# claims: deterministic
def offset_there(dt):
    return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.carried_cases.offset_there


def offset_utc():
    return offset_there(datetime.datetime(2020, 1, 1, tzinfo=UtcZone()))


# claims: deterministic
def date_here(dt):
    return dt.date()


def date_local():
    return date_here(datetime.datetime(2020, 1, 1, tzinfo=LocalZone()))


# claims: deterministic
def offset_later(dt):
    return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.carried_cases.offset_later


def offset_rebound(naive):
    moment = naive.replace(tzinfo=UtcZone())
    result = offset_later(moment)
    moment = naive.replace(tzinfo=LocalZone())
    return result, moment


class BaseZone(datetime.tzinfo):
    def utcoffset(self, dt):
        return datetime.timedelta(0)

    def dst(self, dt):
        return datetime.timedelta(0)

    def ambiguous(self, dt):
        dt = dt.replace(tzinfo=self)
        return dst_of(dt)


class OwnZone(BaseZone):
    """Overrides `ambiguous`: `BaseZone.ambiguous` never runs with an `OwnZone` as `self`."""

    def dst(self, dt):
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.carried_cases.OwnZone.dst
        return datetime.timedelta(hours=time.localtime().tm_isdst)

    def ambiguous(self, dt):
        return False


class SharedZone(BaseZone):
    def dst(self, dt):
        # want: deterministic call time.localtime from vio.carried_cases.dst_of via vio.carried_cases.SharedZone.dst
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.carried_cases.SharedZone.dst
        return datetime.timedelta(hours=time.localtime().tm_isdst)


# claims: deterministic
def dst_of(dt):
    return dt.dst()  # want-blind: `dt.dst()` from vio.carried_cases.dst_of


class Parser:
    """A method the walk starts from, given a datetime by its own class's calls (dateutil's `_assign_tzname`)."""

    # claims: deterministic
    def assign(self, dt, name):
        return dt.tzname() == name  # want-blind: `dt.tzname()` from vio.carried_cases.Parser.assign # want-blind: `dt.tzname(...).__eq__(...)` from vio.carried_cases.Parser.assign # want-blind: `name.__eq__(...)` from vio.carried_cases.Parser.assign

    def build(self, naive):
        aware = naive.replace(tzinfo=LocalZone())
        return self.assign(aware, "STD")

    # claims: deterministic
    def assign_utc(self, dt):
        return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.carried_cases.Parser.assign_utc

    def build_utc(self, naive):
        return self.assign_utc(naive.replace(tzinfo=UtcZone()))
