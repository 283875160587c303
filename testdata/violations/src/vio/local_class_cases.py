"""A class defined in a function: defining it runs its statement (bases, hooks, body statements), not its
methods. Its methods are reached like any class's, as hops named `f.<locals>.Class.method`; where the class or
an instance of it may leave the function, each method whose body reaches something is a blind spot there, so a
caller that hashes or formats what left is never silently green."""

import time


def lazy(func):
    class Proxy:
        def __init__(self, args):
            self.args = args

        def __hash__(self):
            return id(self)

        def __len__(self):
            return 1

    def wrapper(*args):
        return Proxy(args)  # want-blind: `Proxy.__hash__ (its class leaves lazy)` from vio.local_class_cases.makes_a_lazy via vio.local_class_cases.lazy

    return wrapper


# claims: deterministic
def makes_a_lazy():
    return lazy(str)


def runs_its_method():
    class Local:
        def run(self):
            return time.time()  # want: deterministic call time.time from vio.local_class_cases.calls_a_local_method via vio.local_class_cases.runs_its_method -> vio.local_class_cases.runs_its_method.<locals>.Local.run

    return Local().run()  # want-blind: `Local.run (its class leaves runs_its_method)` from vio.local_class_cases.calls_a_local_method via vio.local_class_cases.runs_its_method


# claims: deterministic
def calls_a_local_method():
    return runs_its_method()


def defines_and_drops():
    class Quiet:
        def run(self):
            return time.time()

    return 1


# claims: deterministic
def defining_runs_no_method():
    return defines_and_drops()


def with_a_clocked_body():
    class Stamped:
        at = time.time()  # want: deterministic call time.time from vio.local_class_cases.defining_runs_its_body via vio.local_class_cases.with_a_clocked_body -> vio.local_class_cases.with_a_clocked_body.<locals>.Stamped.at

    return 1


# claims: deterministic
def defining_runs_its_body():
    return with_a_clocked_body()


def closes_over(prefix):
    class Joiner:
        def join(self, text):
            return prefix + text  # want-blind: `prefix.__add__(...)` from vio.local_class_cases.sees_the_function_names via vio.local_class_cases.closes_over -> vio.local_class_cases.closes_over.<locals>.Joiner.join # want-blind: `text.__radd__(...)` from vio.local_class_cases.sees_the_function_names via vio.local_class_cases.closes_over -> vio.local_class_cases.closes_over.<locals>.Joiner.join

    return Joiner().join("x")  # want-blind: `Joiner.join (its class leaves closes_over)` from vio.local_class_cases.sees_the_function_names via vio.local_class_cases.closes_over


# claims: deterministic
def sees_the_function_names():
    return closes_over("a")


def manager(zone):
    class Manager:
        timezone = zone

        def add(self):
            return 1

        add.alters_data = True

        def load(self):
            return self.timezone

    return Manager().load()  # want-blind: `Manager.load (its class leaves manager)` from vio.local_class_cases.class_body_sees_the_function via vio.local_class_cases.manager


# claims: deterministic
def class_body_sees_the_function():
    return manager(None)
