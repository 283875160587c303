"""A parameter bound again only after a call still holds there what was passed for it, so the call passes it on
(a plain def's `hasattr(p, "__func__")`, a literal's tests) as it would a parameter never bound again: Django's
`Signal.connect` computes `_make_id(receiver)` before `receiver = ref(receiver)`; an assignment's own value runs
before its targets are bound (`target = make_id(target), ...`). A binding before the call, or one in a loop around
both, keeps the call's argument open."""

import time


def make_id(target):
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.after_weak via vio.forward_after_cases.Signal.connect -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.after_plain via vio.forward_after_cases.wrap_after -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.after_augmented via vio.forward_after_cases.count_after -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.before_plain via vio.forward_after_cases.wrap_before -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.in_loop via vio.forward_after_cases.wrap_in_loop -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.same_statement via vio.forward_after_cases.wrap_same -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.after_walrus via vio.forward_after_cases.wrap_walrus -> vio.forward_after_cases.make_id
    # want-blind: `hasattr(target, '__func__')` from vio.forward_after_cases.in_nested via vio.forward_after_cases.wrap_nested -> vio.forward_after_cases.make_id
    if hasattr(target, "__func__"):
        # want: deterministic call time.time from vio.forward_after_cases.before_plain via vio.forward_after_cases.wrap_before -> vio.forward_after_cases.make_id
        # want: deterministic call time.time from vio.forward_after_cases.in_loop via vio.forward_after_cases.wrap_in_loop -> vio.forward_after_cases.make_id
        # want: deterministic call time.time from vio.forward_after_cases.same_statement via vio.forward_after_cases.wrap_same -> vio.forward_after_cases.make_id
        # want: deterministic call time.time from vio.forward_after_cases.after_walrus via vio.forward_after_cases.wrap_walrus -> vio.forward_after_cases.make_id
        # want: deterministic call time.time from vio.forward_after_cases.in_nested via vio.forward_after_cases.wrap_nested -> vio.forward_after_cases.make_id
        return (time.time(), target.__func__)
    return target


def receiver(setting):
    return setting


def ref(target):
    return [target]


class Signal:
    def connect(self, receiver, weak=True):
        key = make_id(receiver)
        if weak:  # want-blind: `bool(weak)` from vio.forward_after_cases.after_weak via vio.forward_after_cases.Signal.connect
            # want-blind: `hasattr(receiver, '__self__')` from vio.forward_after_cases.after_weak via vio.forward_after_cases.Signal.connect
            if hasattr(receiver, "__self__"):  # bound again below: open here, whatever was passed
                receiver = ref(receiver.__self__)
            receiver = ref(receiver)
        return key, receiver


changed = Signal()


# claims: deterministic
def after_weak():
    return changed.connect(receiver)  # bound again only after `make_id(receiver)`, and only under `if weak:`


def wrap_after(target):
    key = make_id(target)
    target = ref(target)
    return key, target


# claims: deterministic
def after_plain():
    return wrap_after(receiver)


def count_after(target, n=0):
    key = make_id(target)
    for item in ref(target):  # want-blind: `iter(ref(...))` from vio.forward_after_cases.after_augmented via vio.forward_after_cases.count_after
        n += 1  # want-blind: `n.__iadd__(...)` from vio.forward_after_cases.after_augmented via vio.forward_after_cases.count_after
    target += n  # want-blind: `n.__radd__(...)` from vio.forward_after_cases.after_augmented via vio.forward_after_cases.count_after # want-blind: `target.__iadd__(...)` from vio.forward_after_cases.after_augmented via vio.forward_after_cases.count_after
    return key, item


# claims: deterministic
def after_augmented():
    return count_after(receiver)


def wrap_before(target):
    target = ref(target)
    return make_id(target)


# claims: deterministic
def before_plain():
    return wrap_before(receiver)


def wrap_in_loop(target):
    keys = []
    for _ in range(2):
        keys.append(make_id(target))
        target = ref(target)
    return keys


# claims: deterministic
def in_loop():
    return wrap_in_loop(receiver)


def wrap_same(target):
    target = make_id(target), ref(target)  # the calls run before the binding: they pass on what was passed
    return make_id(target)  # after it: open


# claims: deterministic
def same_statement():
    return wrap_same(receiver)


def wrap_walrus(target):
    key = make_id(target) if (target := ref(target)) else None  # the test runs first: `target` is bound again
    return key, target


# claims: deterministic
def after_walrus():
    return wrap_walrus(receiver)


def wrap_nested(target):
    def later():
        return make_id(target)  # runs whenever it is called: maybe after the binding below

    made = later
    target = ref(target)
    return made


# claims: deterministic
def in_nested():
    return wrap_nested(receiver)


def pick(mode):
    if mode == "clock":  # want-blind: `mode.__eq__(...)` from vio.forward_after_cases.literal_after via vio.forward_after_cases.relay_after -> vio.forward_after_cases.pick # want-blind: `mode.__eq__(...)` from vio.forward_after_cases.literal_before via vio.forward_after_cases.relay_before -> vio.forward_after_cases.pick # want-blind: `mode.__eq__(...)` from vio.forward_after_cases.literal_in_while via vio.forward_after_cases.relay_in_while -> vio.forward_after_cases.pick
        return time.time()  # want: deterministic call time.time from vio.forward_after_cases.literal_before via vio.forward_after_cases.relay_before -> vio.forward_after_cases.pick; deterministic call time.time from vio.forward_after_cases.literal_in_while via vio.forward_after_cases.relay_in_while -> vio.forward_after_cases.pick
    return 0.0


def relay_after(mode):
    value = pick(mode)
    mode = mode.upper()
    return value, mode


# claims: deterministic
def literal_after():
    return relay_after("quiet")


def relay_before(mode):
    mode = "clock"
    return pick(mode)


# claims: deterministic
def literal_before():
    return relay_before("quiet")


def relay_in_while(mode):
    value = 0.0
    while value < 1:  # want-blind: `value.__lt__(...)` from vio.forward_after_cases.literal_in_while via vio.forward_after_cases.relay_in_while
        value += pick(mode)  # want-blind: `pick(...).__radd__(...)` from vio.forward_after_cases.literal_in_while via vio.forward_after_cases.relay_in_while # want-blind: `value.__iadd__(...)` from vio.forward_after_cases.literal_in_while via vio.forward_after_cases.relay_in_while
        mode = "clock"
    return value


# claims: deterministic
def literal_in_while():
    return relay_in_while("quiet")
