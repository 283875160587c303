"""A decided parameter passed on unchanged decides the next callee's tests too, up to three calls deep; a value
that is never None (a display, a string) decides `p is None` / `p is not None`; an argument of known class (a
constructor call, `self`) decides `p is None` and `isinstance(p, C)` (and the `elif` after it). Unknown
arguments, a parameter rebound before it is passed on, and a fourth call keep both branches."""

import io
import sys
import time
from datetime import timedelta, timezone, tzinfo


class Client:
    def touch(self, key, timeout):
        if timeout is not None:
            # want: deterministic call time.time from vio.forwarding_cases.touch_unknown via vio.forwarding_cases.Cache.touch -> vio.forwarding_cases.Client.touch
            return time.time() + timeout  # want-blind: `timeout.__radd__(...)` from vio.forwarding_cases.touch_unknown via vio.forwarding_cases.Cache.touch -> vio.forwarding_cases.Client.touch
        return key


class Cache:
    def __init__(self):
        self._client = Client()

    def touch(self, key, timeout=None):
        return self._client.touch(key, timeout)


# claims: deterministic
def touch_none():
    return Cache().touch("k", None)


# claims: deterministic
def touch_default():
    return Cache().touch("k")


# claims: deterministic
def touch_unknown(limit):
    return Cache().touch("k", limit)


class Apps:
    def __init__(self, installed_apps=None):
        self.populate(installed_apps)

    def populate(self, installed_apps):
        if installed_apps is None:
            return []
        # want: deterministic call time.time from vio.forwarding_cases.apps_given via vio.forwarding_cases.Apps.__init__ -> vio.forwarding_cases.Apps.populate
        return [time.time(), *installed_apps]  # want-blind: `iter(installed_apps)` from vio.forwarding_cases.apps_given via vio.forwarding_cases.Apps.__init__ -> vio.forwarding_cases.Apps.populate


# claims: deterministic
def apps_default():
    return Apps()


# claims: deterministic
def apps_given(apps):
    return Apps(apps)


def first(flag):
    return second(flag)


def second(flag):
    return third(flag)


def third(flag):
    if flag:  # want-blind: `bool(flag)` from vio.forwarding_cases.four_deep via vio.forwarding_cases.zeroth -> vio.forwarding_cases.first -> vio.forwarding_cases.second -> vio.forwarding_cases.third # want-blind: `bool(flag)` from vio.forwarding_cases.rebound via vio.forwarding_cases.rebinds -> vio.forwarding_cases.third # want-blind: `bool(flag)` from vio.forwarding_cases.three_deep via vio.forwarding_cases.first -> vio.forwarding_cases.second -> vio.forwarding_cases.third # want-blind: `bool(flag)` from vio.forwarding_cases.three_unknown via vio.forwarding_cases.first -> vio.forwarding_cases.second -> vio.forwarding_cases.third
        # want: deterministic call time.time from vio.forwarding_cases.three_unknown via vio.forwarding_cases.first -> vio.forwarding_cases.second -> vio.forwarding_cases.third
        # want: deterministic call time.time from vio.forwarding_cases.rebound via vio.forwarding_cases.rebinds -> vio.forwarding_cases.third
        # want: deterministic call time.time from vio.forwarding_cases.four_deep via vio.forwarding_cases.zeroth -> vio.forwarding_cases.first -> vio.forwarding_cases.second -> vio.forwarding_cases.third
        return time.time()
    return 0


def zeroth(flag):
    return first(flag)


# claims: deterministic
def three_deep():
    return first(False)


# claims: deterministic
def three_unknown(flag):
    return first(flag)


# claims: deterministic
def four_deep():
    return zeroth(False)


def rebinds(flag=None):
    flag = flag or time  # want-blind: `bool(flag)` from vio.forwarding_cases.rebound via vio.forwarding_cases.rebinds
    return third(flag)


# claims: deterministic
def rebound():
    return rebinds(None)


def needs(value):
    if value is None:
        return time.time()  # want: deterministic call time.time from vio.forwarding_cases.needs_unknown via vio.forwarding_cases.relays -> vio.forwarding_cases.needs
    return value


def relays(value):
    return needs(value)


# claims: deterministic
def needs_display():
    return relays([1, 2])


# claims: deterministic
def needs_text():
    return needs(b"bytes")


# claims: deterministic
def needs_unknown(given):
    return relays(given)


def do_timezone(value, arg):
    if isinstance(arg, tzinfo):
        tz = arg
    elif isinstance(arg, str):
        # want: deterministic call time.time from vio.forwarding_cases.zone_unknown via vio.forwarding_cases.do_timezone
        tz = time.time()
    else:
        raise TypeError(arg)
    return value, tz


# claims: deterministic
def zone_made(value):
    return do_timezone(value, timezone(timedelta(hours=1)))


# claims: deterministic
def zone_utc(value):
    return do_timezone(value, timezone.utc)


# claims: deterministic
def zone_unknown(value, arg):
    return do_timezone(value, arg)


def text_or_buffer(source):
    if isinstance(source, (str, bytes)):
        # want: deterministic call time.time from vio.forwarding_cases.buffer_unknown via vio.forwarding_cases.text_or_buffer
        return time.time()
    return source


# claims: deterministic
def buffer_made():
    return text_or_buffer(io.BytesIO())


# claims: deterministic
def buffer_unknown(source):
    return text_or_buffer(source)


class Shape:
    pass


class Square(Shape):
    def area(self):
        return measure(self)


class Blob:
    pass


def measure(obj):
    if isinstance(obj, Shape):
        return 1
    # want: deterministic call time.time from vio.forwarding_cases.blob_measured via vio.forwarding_cases.measure
    return time.time()


# claims: deterministic
def square_measured():
    return Square().area()


# claims: deterministic
def blob_measured():
    return measure(Blob())


def opened(handle=None):
    if handle is None:
        # want: deterministic call time.time from vio.forwarding_cases.opened_unknown via vio.forwarding_cases.opened
        # want: deterministic call time.time from vio.forwarding_cases.opened_stdout via vio.forwarding_cases.opened
        return time.time()
    return handle


# claims: deterministic
def opened_made():
    return opened(io.StringIO())


# claims: deterministic
def opened_unknown(handle):
    return opened(handle)


# claims: deterministic
def opened_stdout():
    return opened(sys.stdout)  # the stubs let sys.stdout be None
