"""A loop's target holds, in its body, what the loop gives it (not every value the function binds the name to
elsewhere), and a module-level name bound once to a project class's call holds an instance of exactly that class
(no subclass's override is entered through it). The near misses (held) each had a false chain before: the first
as Django's `ModelBase.__new__` deep-copied `field` where another branch had bound it to a `OneToOneField`, the
second as `autoreload_started = Signal()` entered a subclass's `ModelSignal.connect`."""

import copy
import time


class Stamp:
    def __deepcopy__(self, memo):
        # want: deterministic call time.time from vio.exact_cases.rebound_in_the_body via vio.exact_cases.Stamp.__deepcopy__
        # want: deterministic call time.time from vio.exact_cases.rebound_in_an_inner_loop via vio.exact_cases.Stamp.__deepcopy__
        # want: deterministic call time.time from vio.exact_cases.read_by_a_local_def via vio.exact_cases.Stamp.__deepcopy__
        time.time()
        return self


class Plain:
    def __deepcopy__(self, memo):
        return self


# -- a loop's target in its body -------------------------------------------------------------------------------
# claims: deterministic
def bound_elsewhere(fields: list[Plain]):
    field = None
    for field in fields:
        copy.deepcopy(field)  # an element of `fields`: never the Stamp bound below
    field = Stamp()
    return field


# claims: deterministic
def copied_then_rebound(fields: list[Plain], flag: bool):
    for field in fields:
        if flag:
            continue
        field = copy.deepcopy(field)  # read before the rebinding, as `ModelBase.__new__` does
        field.mark = True
    field = Stamp()
    return field


# claims: deterministic
def rebound_in_the_body(fields: list[Plain]):
    for field in fields:
        copy.deepcopy(field)
        field = Stamp()
        copy.deepcopy(field)  # after the rebinding: the Stamp


# claims: deterministic
def rebound_in_an_inner_loop(fields: list[Plain], n: int):
    for field in fields:
        while n:
            copy.deepcopy(field)  # on the inner loop's second pass: the Stamp bound below
            field = Stamp()


# claims: deterministic
def read_by_a_local_def(fields: list[Plain]):
    for field in fields:

        def later():
            copy.deepcopy(field)  # runs after the loop: the Stamp

    field = Stamp()
    later()
    return field


# -- a module-level value of exactly one class -----------------------------------------------------------------
class Signal:
    def connect(self, receiver):
        return self._hook(receiver)

    def send(self):
        return self._hook(None)

    def _hook(self, receiver):
        return receiver


class ModelSignal(Signal):
    def connect(self, receiver):  # no super(): Signal.connect never runs for a ModelSignal
        # want: deterministic call time.time from vio.exact_cases.connect_patched via vio.exact_cases.ModelSignal.connect
        # want: deterministic call time.time from vio.exact_cases.connect_rebound via vio.exact_cases.ModelSignal.connect
        # want: deterministic call time.time from vio.exact_cases.connect_typed via vio.exact_cases.ModelSignal.connect
        time.time()
        return receiver

    def _hook(self, receiver):
        # want: deterministic call time.time from vio.exact_cases.send_patched via vio.exact_cases.Signal.send -> vio.exact_cases.ModelSignal._hook
        time.time()
        return receiver


exact_started = Signal()
exact_patched = Signal()  # `vio.exact_patch` stores another value in it
exact_rebound = Signal()


def rebind_it():
    global exact_rebound
    exact_rebound = ModelSignal()


class Listener:
    """Passes a method of the same name as an argument (Django's `Options.setting_changed`): a call's argument is
    read, so `exact_started` stays unstored and exactly a Signal."""

    def listen(self):
        exact_started.connect(self.exact_started)
        return {}[self.exact_started]

    def exact_started(self, **kwargs):
        return kwargs


# claims: deterministic
def connect_started():
    return exact_started.connect(print)  # exactly a Signal: neither ModelSignal.connect nor ModelSignal._hook


# claims: deterministic
def send_started():
    return exact_started.send()


# claims: deterministic
def connect_patched():
    return exact_patched.connect(print)


# claims: deterministic
def send_patched():
    return exact_patched.send()


# claims: deterministic
def connect_rebound():
    return exact_rebound.connect(print)  # want-blind: `exact_rebound.connect(print)` from vio.exact_cases.connect_rebound


# claims: deterministic
def connect_typed(signal: Signal):
    return signal.connect(print)  # a ModelSignal's own connect, or Signal.connect for no ModelSignal
