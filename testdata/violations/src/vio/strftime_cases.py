"""Time functions that read the clock only when no time is given, and the host's zone only where the format or the
conversion needs it (`time.strftime`'s host clause joins two clauses with `all = true`; `datetime.datetime.now` and
`fromtimestamp` given a tz read no local zone)."""

import datetime
import time
from typing import Optional


# claims: deterministic
def strftime_of_a_tuple(t: tuple):
    return time.strftime("%Y-%m-%d %H:%M:%S", t)


# claims: deterministic
def strftime_of_a_struct_time(t: time.struct_time):
    return time.strftime("%Y", t)


# claims: deterministic
def strftime_of_now():
    return time.strftime("%Y")  # want: deterministic call time.strftime from vio.strftime_cases.strftime_of_now


# claims: deterministic
def strftime_zone_of_a_tuple(t: tuple):
    return time.strftime("%Z", t)  # want: deterministic call time.strftime from vio.strftime_cases.strftime_zone_of_a_tuple


# claims: deterministic
def strftime_offset_of_a_tuple(t: tuple):
    return time.strftime("%H%z", t)  # want: deterministic call time.strftime from vio.strftime_cases.strftime_offset_of_a_tuple


# claims: deterministic
def strftime_format_unknown(fmt: str, t: tuple):
    return time.strftime(fmt, t)  # want: deterministic call time.strftime from vio.strftime_cases.strftime_format_unknown


# claims: deterministic
def strftime_tuple_maybe_none(t=None):
    return time.strftime("%Y", t)  # want: deterministic call time.strftime from vio.strftime_cases.strftime_tuple_maybe_none


# claims: deterministic
def asctime_of_a_tuple(t: tuple):
    return time.asctime(t)


# claims: deterministic
def asctime_of_now():
    return time.asctime()  # want: deterministic call time.asctime from vio.strftime_cases.asctime_of_now


# claims: deterministic
def gmtime_of_seconds():
    return time.gmtime(0)


# claims: deterministic
def gmtime_of_now():
    return time.gmtime()  # want: deterministic call time.gmtime from vio.strftime_cases.gmtime_of_now


# claims: deterministic
def gmtime_of_none():
    return time.gmtime(None)  # want: deterministic call time.gmtime from vio.strftime_cases.gmtime_of_none


# claims: timeless
def localtime_of_seconds():
    return time.localtime(0)


# claims: deterministic
def localtime_of_seconds_reads_the_zone():
    return time.localtime(0)  # want: deterministic call time.localtime from vio.strftime_cases.localtime_of_seconds_reads_the_zone


# claims: timeless
def ctime_of_now():
    return time.ctime()  # want: timeless call time.ctime from vio.strftime_cases.ctime_of_now


# claims: timeless
def ctime_of_seconds():
    return time.ctime(0)


# claims: placeless
def now_in_a_zone(tz: datetime.timezone):
    return datetime.datetime.now(tz)


# claims: placeless
def now_local():
    return datetime.datetime.now()  # want: placeless call datetime.datetime.now from vio.strftime_cases.now_local


# claims: placeless
def now_zone_maybe_none(tz: Optional[datetime.timezone] = None):
    return datetime.datetime.now(tz=tz)  # want: placeless call datetime.datetime.now from vio.strftime_cases.now_zone_maybe_none


# claims: deterministic
def from_timestamp_in_a_zone(tz: datetime.timezone):
    return datetime.datetime.fromtimestamp(0, tz)


# claims: deterministic
def from_timestamp_local():
    return datetime.datetime.fromtimestamp(0)  # want: deterministic call datetime.datetime.fromtimestamp from vio.strftime_cases.from_timestamp_local
