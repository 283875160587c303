"""Propagation: reaches found through helpers, constructors, methods and decorators."""

import time


def stamp():
    return time.time()


def relay():
    return stamp()


def far():
    return relay()


# claims: deterministic
def one_hop():
    return stamp()


# claims: deterministic
def two_hops():
    return relay()


class Recorder:
    def __init__(self):
        self.started = time.monotonic()

    def record(self):
        return self.helper()

    def helper(self):
        return time.perf_counter()

    @classmethod
    def make(cls):
        return cls()


class Child(Recorder):
    def helper(self):
        return super().helper()


# claims: deterministic
def through_constructor():
    return Recorder()


# claims: deterministic
def through_self_method():
    recorder = Recorder.__new__(Recorder)
    return Recorder.record(recorder)


# claims: deterministic
def through_annotated_parameter(recorder: Recorder):
    return recorder.helper()


# claims: deterministic
def through_local_instance():
    child = Child.__new__(Child)
    other = Child()
    return child, other.helper()


# claims: deterministic
def through_classmethod():
    return Recorder.make()


def ping(n):
    return pong(n - 1) if n else 0


def pong(n):
    return ping(n) + time.time_ns()


# claims: deterministic
def through_cycle():
    return ping(3)


def left():
    return leaf()


def right():
    return leaf()


def leaf():
    return time.time()


# claims: deterministic
def diamond():
    return right() + left()


def timed(func):
    time.sleep(0)
    return func


# claims: deterministic
@timed
def decorated():
    return 1


# claims: deterministic
def callback_value():
    return sorted([3, 1], key=far)


# claims: deterministic
def pure_helpers(values):
    return sum(values) + len(values)
