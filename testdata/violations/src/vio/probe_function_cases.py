"""`hasattr(p, "__func__")` / `hasattr(p, "__self__")` of a parameter passed a plain module-level def: a plain
function has neither, so the branch that reads them does not run for it (Django's `dispatcher._make_id`)."""

import time


def make_id(target):
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_bound_method via vio.probe_function_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_none via vio.probe_function_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_plain_function via vio.probe_function_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_connect via vio.probe_function_cases.Signal.connect -> vio.probe_function_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_decorated via vio.probe_function_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.probe_function_cases.by_def_per_branch via vio.probe_function_cases.make_id
    if hasattr(target, "__func__"):
        # want: deterministic call time.time from vio.probe_function_cases.by_decorated via vio.probe_function_cases.make_id
        return (time.time(), target.__func__)  # want: deterministic call time.time from vio.probe_function_cases.by_bound_method via vio.probe_function_cases.make_id
    return target


def receiver(setting):
    return setting


class Box:
    def meth(self):
        return 1


# claims: deterministic
def by_plain_function():
    return make_id(receiver)


# claims: deterministic
def by_none():
    return make_id(None)


# claims: deterministic
def by_bound_method(box: Box):
    return make_id(box.meth)


class Signal:
    def connect(self, receiver, sender=None):
        return (make_id(receiver), make_id(sender))


changed = Signal()


# claims: deterministic
def by_connect():
    return changed.connect(receiver)


def register(f):
    return f


@register
def decorated_receiver(setting):
    return setting


# claims: deterministic
def by_decorated():
    return make_id(decorated_receiver)  # a decorator may hand back anything: the test stays open


def _choose():
    return len("fast") > 3


FAST = _choose()

if FAST:

    def branch_receiver(setting):
        return setting

else:

    def branch_receiver(setting):
        return None


# claims: deterministic
def by_def_per_branch():
    return make_id(branch_receiver)  # a plain def in either branch: neither has `__func__`
