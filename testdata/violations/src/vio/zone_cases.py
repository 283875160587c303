"""Zones the walk cannot name. A `datetime` the stdlib hands a zone's `fromutc` carries that zone (`dt.tzinfo is
self`), and so does the parameter a `fromutc` passes on unchanged (`self._fromutc(dt)`, dateutil's `_tzinfo`): where
the walk starts at that method, `dt.utcoffset()` enters the receiver's `utcoffset` and its subclasses' overrides. A
zone of unknown class handed to `datetime` (`dt.replace(tzinfo=tz)`, `dt.astimezone(tz)`) is an instance of some
`tzinfo` subclass (the stdlib checks it): the methods `datetime` calls on it are entered in every project `tzinfo`
subclass, and the blind spot stays for the zones of other packages. A `None` or a naive `replace(year=...)` hands
over no zone."""

import datetime
import time


def _checked(f):
    def fromutc(self, dt):
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        # want-blind: `f(self, dt)` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases._checked
        # want-blind: `f(self, dt)` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases._checked
        # want-blind: `f(self, dt)` from vio.zone_cases.exists_in via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases._checked
        # want-blind: `f(self, dt)` from vio.zone_cases.moved_to via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases._checked
        return f(self, dt)

    return fromutc


class CommonZone(datetime.tzinfo):
    """dateutil's `_tzinfo`: a base whose `fromutc` delegates to `_fromutc`, which asks the zone `dt` carries."""

    # claims: deterministic
    def _fromutc(self, dt):
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc
        # want-blind: `dt.utcoffset()` from vio.zone_cases.exists_in via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc
        # want-blind: `dt.utcoffset()` from vio.zone_cases.moved_to via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc
        offset = dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.zone_cases.CommonZone._fromutc
        dt += offset  # bound again after the use: there `dt` is still what `fromutc` passed # want-blind: `dt.__iadd__(...)` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `dt.__iadd__(...)` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `dt.__iadd__(...)` from vio.zone_cases.CommonZone._fromutc # want-blind: `dt.__iadd__(...)` from vio.zone_cases.exists_in via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `dt.__iadd__(...)` from vio.zone_cases.moved_to via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `offset.__radd__(...)` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `offset.__radd__(...)` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `offset.__radd__(...)` from vio.zone_cases.CommonZone._fromutc # want-blind: `offset.__radd__(...)` from vio.zone_cases.exists_in via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc # want-blind: `offset.__radd__(...)` from vio.zone_cases.moved_to via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._fromutc
        return dt

    # claims: deterministic
    def _rebuilt(self, dt):
        dt = datetime.datetime(2020, 1, 1)  # bound again before the use: no longer the datetime passed
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._rebuilt
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._rebuilt
        # want-blind: `dt.utcoffset()` from vio.zone_cases.exists_in via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._rebuilt
        # want-blind: `dt.utcoffset()` from vio.zone_cases.moved_to via vio.zone_cases.CommonZone.fromutc -> vio.zone_cases.CommonZone._rebuilt
        return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.zone_cases.CommonZone._rebuilt

    @_checked
    def fromutc(self, dt):
        self._rebuilt(dt)
        return self._fromutc(dt)


class ReadingZone(CommonZone):
    """dateutil's `tzlocal`: its offset reads the machine's clock and zone."""

    def utcoffset(self, dt):
        # want: deterministic call time.localtime from vio.zone_cases.CommonZone._fromutc via vio.zone_cases.ReadingZone.utcoffset
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.zone_cases.ReadingZone.utcoffset
        return datetime.timedelta(seconds=time.localtime().tm_gmtoff)

    def dst(self, dt):
        return datetime.timedelta(0)

    def is_ambiguous(self, dt):
        return False


class PlainBase(datetime.tzinfo):
    """A base whose zones are all pure: its `_fromutc` enters their offsets and reaches nothing."""

    # claims: deterministic
    def _fromutc(self, dt):
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc
        # want-blind: `dt.utcoffset()` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc
        # want-blind: `dt.utcoffset()` from vio.zone_cases.exists_in via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc
        # want-blind: `dt.utcoffset()` from vio.zone_cases.moved_to via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc
        return dt + dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.zone_cases.PlainBase._fromutc # want-blind: `dt.__add__(...)` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.__add__(...)` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.__add__(...)` from vio.zone_cases.PlainBase._fromutc # want-blind: `dt.__add__(...)` from vio.zone_cases.exists_in via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.__add__(...)` from vio.zone_cases.moved_to via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.utcoffset(...).__radd__(...)` from vio.callbacks_cases.replaced_with_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.utcoffset(...).__radd__(...)` from vio.callbacks_cases.shift_to_unknown via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.utcoffset(...).__radd__(...)` from vio.zone_cases.PlainBase._fromutc # want-blind: `dt.utcoffset(...).__radd__(...)` from vio.zone_cases.exists_in via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc # want-blind: `dt.utcoffset(...).__radd__(...)` from vio.zone_cases.moved_to via vio.zone_cases.PlainBase.fromutc -> vio.zone_cases.PlainBase._fromutc

    def fromutc(self, dt):
        return self._fromutc(dt)


class PlainZone(PlainBase):
    def utcoffset(self, dt):
        return datetime.timedelta(hours=1)

    def dst(self, dt):
        return datetime.timedelta(0)


class Shifter:
    """Not a zone: a `fromutc` of a class that is no `tzinfo` hands over nothing its parameter carries."""

    # claims: deterministic
    def _fromutc(self, dt):
        return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.zone_cases.Shifter._fromutc

    def fromutc(self, dt):
        return self._fromutc(dt)


# claims: deterministic
def exists_in(dt, tz=None):
    if tz is None:
        tz = dt.tzinfo
    # want-blind: `dt.replace(tzinfo=None)` from vio.zone_cases.exists_in
    dt = dt.replace(tzinfo=None)
    return dt.replace(tzinfo=tz)  # want-blind: `dt.replace(tzinfo=tz)` from vio.zone_cases.exists_in


# claims: sandboxed
def moved_to(dt, tz):
    return dt.astimezone(tz)  # want-blind: `dt.astimezone(tz)` from vio.zone_cases.moved_to


# claims: deterministic
def made_naive(dt: datetime.datetime):
    return dt.replace(tzinfo=None)


# claims: deterministic
def moved_year(dt, year):
    # want-blind: `dt.replace(year=year)` from vio.zone_cases.moved_year
    return dt.replace(year=year)


# -- `strftime` formats the `timetuple()`, whose `tm_isdst` asks the zone's `dst()` -----------------------------


class SummerZone(datetime.tzinfo):
    """A zone whose `dst()` alone reads the clock."""

    def utcoffset(self, dt):
        return datetime.timedelta(0)

    def dst(self, dt):
        # want: deterministic call time.localtime from vio.zone_cases.formatted via vio.zone_cases.SummerZone.dst
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.zone_cases.SummerZone.dst
        return datetime.timedelta(hours=time.localtime().tm_isdst)

    def tzname(self, dt):
        return "S"


# claims: deterministic
def formatted(dt):
    return dt.strftime("%Y%m%d")  # want-blind: `dt.strftime("%Y%m%d")` from vio.zone_cases.formatted


def formatted_summer():
    return formatted(datetime.datetime(2020, 1, 1, tzinfo=SummerZone()))


# claims: deterministic
def day_of(dt):
    return dt.day


def day_in_summer():
    return day_of(datetime.datetime(2020, 1, 1, tzinfo=SummerZone()))
