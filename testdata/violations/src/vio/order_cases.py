"""A function's summary in one context must not depend on which of its contexts was summarised first: a call
passing on a tested parameter enters its callee with what that context decided, even where an earlier context
(a receiver, no literal argument) resolved the same call first."""

import time


def _stamp(target):
    if target is not None:
        return time.time()  # want: deterministic call time.time from vio.order_cases.sends_for_a_subclass via vio.order_cases.Sender.send -> vio.order_cases._stamp
    return 0


class Sender:
    def send(self, sender):
        if sender == "skip":  # want-blind: `sender.__eq__(...)` from vio.order_cases.sends_for_a_subclass via vio.order_cases.Sender.send # want-blind: `sender.__eq__(...)` from vio.order_cases.sends_none via vio.order_cases.Sender.send # want-blind: `sender.__eq__(...)` from vio.order_cases.sends_none_for_a_subclass via vio.order_cases.Sender.send
            return 0
        self.prepare()
        return _stamp(sender)

    def prepare(self):
        return 0


class LoudSender(Sender):
    def prepare(self):
        return 1


# claims: deterministic
def sends_for_a_subclass(value):
    return LoudSender().send(value)  # summarised first: LoudSender.send's receiver context, nothing decided


# claims: deterministic
def sends_none():
    return Sender().send(None)  # `_stamp(None)`: its clock is ruled out, whatever was summarised before


# claims: deterministic
def sends_none_for_a_subclass():
    return LoudSender().send(None)
