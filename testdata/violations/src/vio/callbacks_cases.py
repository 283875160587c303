"""The stdlib calling back into project code: a project `tzinfo` handed to `datetime`, keys of project class
put in dicts and sets, objects copied and pickled, and callables handed to `json`, `threading`, `atexit`,
`contextlib.ExitStack` and `weakref.finalize` are entered where the stdlib call is made. An unknown value where
the stdlib would call back is a blind spot."""

import atexit
import contextlib
import copy
import datetime
import json
import os
import pickle
import threading
import time
import weakref


class ClockZone(datetime.tzinfo):
    """A zone whose offset reads the clock (as dateutil's `tzlocal` does through `time.localtime`)."""

    def utcoffset(self, dt):
        # want: deterministic call time.localtime from vio.callbacks_cases.built_with_clock via vio.callbacks_cases.ClockZone.utcoffset
        # want: deterministic call time.localtime from vio.callbacks_cases.replaced_with_clock via vio.callbacks_cases.ClockZone.utcoffset
        # want: deterministic call time.localtime from vio.zone_cases.exists_in via vio.callbacks_cases.ClockZone.utcoffset
        return datetime.timedelta(seconds=time.localtime().tm_gmtoff)

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        return "C"


class DiskZone(datetime.tzinfo):
    """A zone that reads the machine's zone file (`datetime`'s own conversions are `host` capabilities, so these
    cases claim `sandboxed`, which the zone file breaks)."""

    def utcoffset(self, dt):
        # want: sandboxed call os.path.exists from vio.callbacks_cases.shift_to_disk via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.callbacks_cases.stamp_in_disk via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.callbacks_cases.now_in_disk via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.callbacks_cases.typed_zone via vio.callbacks_cases.DiskZone.utcoffset
        # want: deterministic call os.path.exists from vio.zone_cases.exists_in via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.callbacks_cases.replaced_with_unknown via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.callbacks_cases.shift_to_unknown via vio.callbacks_cases.DiskZone.utcoffset
        # want: sandboxed call os.path.exists from vio.zone_cases.moved_to via vio.callbacks_cases.DiskZone.utcoffset
        return datetime.timedelta(hours=os.path.exists("/etc/localtime"))

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        return "D"


class FixedZone(datetime.tzinfo):
    def utcoffset(self, dt):
        return datetime.timedelta(hours=1)

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        return "F"


# claims: sandboxed
def shift_to_disk(dt: datetime.datetime):
    return dt.astimezone(DiskZone())  # want-blind: `dt.astimezone(DiskZone())` from vio.callbacks_cases.shift_to_disk


# claims: sandboxed
def shift_to_fixed(dt: datetime.datetime):
    return dt.astimezone(FixedZone())  # want-blind: `dt.astimezone(FixedZone())` from vio.callbacks_cases.shift_to_fixed


# claims: sandboxed
def shift_to_utc(dt: datetime.datetime):
    # dt's own zone is read too, and may be a project one:
    # want-blind: `dt.astimezone(datetime.timezone.utc)` from vio.callbacks_cases.shift_to_utc
    return dt.astimezone(datetime.timezone.utc)


# claims: sandboxed
def shift_to_unknown(dt: datetime.datetime, zone):
    return dt.astimezone(zone)  # want-blind: `dt.astimezone(zone)` from vio.callbacks_cases.shift_to_unknown


# claims: sandboxed
def stamp_in_disk(seconds: float):
    return datetime.datetime.fromtimestamp(seconds, DiskZone())


# claims: sandboxed
def stamp_in_fixed(seconds: float):
    return datetime.datetime.fromtimestamp(seconds, tz=FixedZone())


# claims: sandboxed
def now_in_disk():
    return datetime.datetime.now(DiskZone())


# claims: sandboxed
def typed_zone(dt: datetime.datetime, zone: DiskZone):
    return dt.astimezone(zone)  # want-blind: `dt.astimezone(zone)` from vio.callbacks_cases.typed_zone


# claims: deterministic
def built_with_clock():
    moment = datetime.datetime(2020, 1, 1, tzinfo=ClockZone())
    return moment.strftime("%Z")  # want-blind: `moment.strftime("%Z")` from vio.callbacks_cases.built_with_clock


# claims: deterministic
def built_with_fixed():
    moment = datetime.datetime(2020, 1, 1, tzinfo=FixedZone())
    return moment.utcoffset()  # want-blind: `moment.utcoffset()` from vio.callbacks_cases.built_with_fixed


# claims: deterministic
def offset_of(dt: datetime.datetime):
    """The zone `dt` carries may be one of the project's (`ClockZone`): which, the walk cannot tell."""
    return dt.utcoffset()  # want-blind: `dt.utcoffset()` from vio.callbacks_cases.offset_of


# claims: deterministic
def date_of(dt: datetime.datetime):
    return dt.date()


# claims: deterministic
def replaced_with_clock(dt: datetime.datetime):
    return dt.replace(tzinfo=ClockZone())


# claims: sandboxed
def replaced_with_unknown(dt: datetime.datetime, zone):
    return dt.replace(tzinfo=zone)  # want-blind: `dt.replace(tzinfo=zone)` from vio.callbacks_cases.replaced_with_unknown


class Key:
    """A key whose hash reads the process's state."""

    def __hash__(self):
        # want: deterministic call builtins.id from vio.callbacks_cases.key_lookup via vio.callbacks_cases.Key.__hash__
        # want: deterministic call builtins.id from vio.callbacks_cases.key_get via vio.callbacks_cases.Key.__hash__
        # want: deterministic call builtins.id from vio.callbacks_cases.key_in via vio.callbacks_cases.Key.__hash__
        # want: deterministic call builtins.id from vio.callbacks_cases.key_added via vio.callbacks_cases.Key.__hash__
        # want: deterministic call builtins.id from vio.callbacks_cases.key_setdefault via vio.callbacks_cases.Key.__hash__
        # want: deterministic call builtins.id from vio.callbacks_cases.key_popped via vio.callbacks_cases.Key.__hash__
        return id(self)

    def __eq__(self, other):
        return self is other


class PureKey:
    def __hash__(self):
        return 7

    def __eq__(self, other):
        return isinstance(other, PureKey)


class Registry:
    """A project container: its own `get` is walked, and hashes nothing."""

    def get(self, key):
        return None


# claims: deterministic
def key_lookup(table: dict, key: Key):
    return table[key]


# claims: deterministic
def key_get(table: dict):
    return table.get(Key())


# claims: deterministic
def key_in(table: dict, key: Key):
    return key in table


# claims: deterministic
def key_added(seen: set, key: Key):
    seen.add(key)


# claims: deterministic
def key_setdefault(table: dict, key: Key):
    return table.setdefault(key, [])


# claims: deterministic
def key_popped(table: dict, key: Key):
    return table.pop(key, None)


# claims: deterministic
def pure_key_get(table: dict, key: PureKey):
    return table.get(key)


# claims: deterministic
def registry_get(registry: Registry, key: Key):
    return registry.get(key)


class Snapshot:
    def __copy__(self):
        return os.getenv("COPY")  # want: deterministic call os.getenv from vio.callbacks_cases.copied via vio.callbacks_cases.Snapshot.__copy__

    def __deepcopy__(self, memo):
        return os.getenv("DEEP")  # want: deterministic call os.getenv from vio.callbacks_cases.deep_copied via vio.callbacks_cases.Snapshot.__deepcopy__

    def __reduce__(self):
        return (Snapshot, (os.getenv("PICKLE"),))  # want: deterministic call os.getenv from vio.callbacks_cases.pickled via vio.callbacks_cases.Snapshot.__reduce__


class Stated:
    def __getstate__(self):
        return {"at": time.time()}  # want: deterministic call time.time from vio.callbacks_cases.pickled_state via vio.callbacks_cases.Stated.__getstate__


class PlainRecord:
    def __init__(self):
        self.value = 1


# claims: deterministic
def copied(snapshot: Snapshot):
    return copy.copy(snapshot)


# claims: deterministic
def deep_copied(snapshot: Snapshot):
    return copy.deepcopy(snapshot)


# claims: deterministic
def pickled(snapshot: Snapshot):
    return pickle.dumps(snapshot)


# claims: deterministic
def pickled_state(stated: Stated):
    return pickle.dumps(stated)


# claims: deterministic
def copied_plain(record: PlainRecord):
    return copy.deepcopy(record)


def encode_clock(value):
    return time.time()  # want: deterministic call time.time from vio.callbacks_cases.dumped_with_default via vio.callbacks_cases.encode_clock


def encode_pure(value):
    return str(value)  # want-blind: `str(value)` from vio.callbacks_cases.dumped_pure via vio.callbacks_cases.encode_pure


class ClockEncoder(json.JSONEncoder):
    def default(self, o):
        return time.time()  # want: deterministic call time.time from vio.callbacks_cases.dumped_with_encoder via vio.callbacks_cases.ClockEncoder.default


class PureEncoder(json.JSONEncoder):
    def default(self, o):
        return repr(o)  # want-blind: `repr(o)` from vio.callbacks_cases.dumped_pure via vio.callbacks_cases.PureEncoder.default


# claims: deterministic
def dumped_with_default(value):
    return json.dumps(value, default=encode_clock)


# claims: deterministic
def dumped_with_encoder(value):
    return json.dumps(value, cls=ClockEncoder)


# claims: deterministic
def dumped_pure(value):
    return json.dumps(value, default=encode_pure, cls=PureEncoder)


# claims: deterministic
def dumped_unknown(value, fallback):
    return json.dumps(value, default=fallback)  # want-blind: `json.dumps(value, default=fallback)` from vio.callbacks_cases.dumped_unknown


def by_clock(value):
    # want: deterministic call time.monotonic from vio.callbacks_cases.sorted_in_place via vio.callbacks_cases.by_clock
    # want: deterministic call time.monotonic from vio.callbacks_cases.largest_by_clock via vio.callbacks_cases.by_clock
    return time.monotonic()


def by_length(value):
    return len(value)  # want-blind: `len(value)` from vio.callbacks_cases.largest_by_length via vio.callbacks_cases.by_length # want-blind: `len(value)` from vio.callbacks_cases.sorted_in_place_pure via vio.callbacks_cases.by_length


# claims: deterministic
def sorted_in_place(values: list):
    values.sort(key=by_clock)


# claims: deterministic
def sorted_in_place_pure(values: list):
    values.sort(key=by_length)


# claims: deterministic
def largest_by_clock(values: list):
    return max(values, key=by_clock)


# claims: deterministic
def largest_by_length(values: list):
    return max(values, key=by_length)


# claims: deterministic
def sorted_in_place_unknown(values: list, order):
    values.sort(key=order)  # want-blind: `values.sort(key=order)` from vio.callbacks_cases.sorted_in_place_unknown


def report_env():
    # want: deterministic call os.getenv from vio.callbacks_cases.stacked via vio.callbacks_cases.report_env
    # want: deterministic call os.getenv from vio.callbacks_cases.finalized via vio.callbacks_cases.report_env
    return os.getenv("REPORT")


def report_disk():
    # want: sandboxed call os.listdir from vio.callbacks_cases.threaded via vio.callbacks_cases.report_disk
    # want: sandboxed call os.listdir from vio.callbacks_cases.at_exit via vio.callbacks_cases.report_disk
    return os.listdir(".")


def report_nothing():
    return None


class ExitClock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        # want: deterministic call time.time from vio.callbacks_cases.stack_pushed via vio.callbacks_cases.ExitClock.__exit__
        # want: deterministic call time.time from vio.callbacks_cases.stack_entered via vio.callbacks_cases.ExitClock.__exit__
        return time.time()


class ExitQuiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# claims: sandboxed
def threaded():
    threading.Thread(target=report_disk).start()


# claims: sandboxed
def threaded_pure():
    threading.Thread(target=report_nothing).start()


# claims: sandboxed
def threaded_unknown(work):
    threading.Thread(target=work).start()  # want-blind: `threading.Thread(target=work)` from vio.callbacks_cases.threaded_unknown


# claims: sandboxed
def at_exit():
    atexit.register(report_disk)


# claims: sandboxed
def at_exit_unknown(work):
    atexit.register(work)  # want-blind: `atexit.register(work)` from vio.callbacks_cases.at_exit_unknown


# claims: deterministic
def stacked():
    with contextlib.ExitStack() as stack:  # want-blind: `with contextlib.ExitStack(...)` from vio.callbacks_cases.stacked
        stack.callback(report_env)


# claims: deterministic
def stacked_unknown(stack: contextlib.ExitStack, work):
    stack.callback(work)  # want-blind: `stack.callback(work)` from vio.callbacks_cases.stacked_unknown


# claims: deterministic
def stack_pushed():
    stack = contextlib.ExitStack()
    stack.push(ExitClock())
    return stack


# claims: deterministic
def stack_entered(stack: contextlib.ExitStack):
    return stack.enter_context(ExitClock())


# claims: deterministic
def stack_entered_quiet(stack: contextlib.ExitStack):
    return stack.enter_context(ExitQuiet())


# claims: deterministic
def key_class_copied():
    return copy.copy(Key), dict[Key, int]


# claims: deterministic
def finalized(obj: PlainRecord):
    weakref.finalize(obj, report_env)


# claims: deterministic
def finalized_unknown(obj: PlainRecord, work):
    weakref.finalize(obj, work)  # want-blind: `weakref.finalize(obj, work)` from vio.callbacks_cases.finalized_unknown


# claims: deterministic
def bound_method_alias(keys: list[PlainRecord]):
    seen = set()
    seen_add = seen.add  # a set's method called through a local (a one-name callee) hashes what it is given
    for k in keys:
        seen_add(k)
    return seen
