"""A lazy proxy (Django's `lazy()`): the factory defines a proxy class whose methods call the function it was
given, installs more such methods with `setattr`, and returns a def that only builds the proxy. Building a proxy
runs none of them: an installed def is a method of the class (a blind spot where the class leaves the factory),
and the function passed to the factory runs only in those methods, so passing it is no reference where it is
passed. A factory that calls what it is given, or a def installed on anything but its own class, stays a reach."""

import functools
import time


class Promise:
    pass


def lazy(func, *resultclasses):
    class Proxy(Promise):
        def __init__(self, args, kw):
            self._args = args
            self._kw = kw

        def cast(self):
            return func(*self._args, **self._kw)

        def __str__(self):
            return str(self.cast())

    for resultclass in resultclasses:
        for method_name in resultclass.__dict__:  # want-blind: `iter(resultclass.__dict__)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy # want-blind: `iter(resultclass.__dict__)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            if hasattr(Proxy, method_name):
                continue

            def __wrapper__(self, *args, __method_name=method_name, **kw):
                result = func(*self._args, **self._kw)
                return getattr(result, __method_name)(*args, **kw)

            # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
            setattr(Proxy, method_name, __wrapper__)

    @functools.wraps(func)
    def __wrapper__(*args, **kw):
        # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        # want-blind: `Proxy.__str__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        # want-blind: `Proxy.__wrapper__ (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        # want-blind: `Proxy.cast (its class leaves lazy)` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy -> vio.proxy_cases.lazy
        return Proxy(args, kw)

    return __wrapper__


def stamp(message):
    # want: deterministic call time.time from vio.proxy_cases.calls_what_it_is_given via vio.proxy_cases.stamp_now -> vio.proxy_cases.stamp
    # want: deterministic call time.time from vio.proxy_cases.installed_def_also_returned via vio.proxy_cases.stamp_returned -> vio.proxy_cases.stamp
    # want: deterministic call time.time from vio.proxy_cases.installed_on_a_class_it_does_not_define via vio.proxy_cases.stamp_installed -> vio.proxy_cases.stamp
    # want: deterministic call time.time from vio.proxy_cases.local_class_runs_it_there via vio.proxy_cases.stamp_run -> vio.proxy_cases.stamp
    # want: deterministic call time.time from vio.proxy_cases.installed_under_its_name via vio.proxy_cases.stamp_named -> vio.proxy_cases.stamp
    return message + str(time.time())  # want-blind: `message.__add__(...)` from vio.proxy_cases.calls_what_it_is_given via vio.proxy_cases.stamp_now -> vio.proxy_cases.stamp # want-blind: `message.__add__(...)` from vio.proxy_cases.installed_def_also_returned via vio.proxy_cases.stamp_returned -> vio.proxy_cases.stamp # want-blind: `message.__add__(...)` from vio.proxy_cases.installed_on_a_class_it_does_not_define via vio.proxy_cases.stamp_installed -> vio.proxy_cases.stamp # want-blind: `message.__add__(...)` from vio.proxy_cases.installed_under_its_name via vio.proxy_cases.stamp_named -> vio.proxy_cases.stamp # want-blind: `message.__add__(...)` from vio.proxy_cases.local_class_runs_it_there via vio.proxy_cases.stamp_run -> vio.proxy_cases.stamp


# want-blind: `stamp kept by lazy for the classes it defines` from vio.proxy_cases.builds_a_proxy via vio.proxy_cases.stamp_lazy
# want-blind: `stamp kept by lazy for the classes it defines` from vio.proxy_cases.renders_a_proxy via vio.proxy_cases.stamp_lazy
stamp_lazy = lazy(stamp, str)


# claims: deterministic
def builds_a_proxy():
    return stamp_lazy("x")  # want-blind: `stamp_lazy("x")` from vio.proxy_cases.builds_a_proxy


# claims: deterministic
def renders_a_proxy():
    return str(stamp_lazy("x"))  # want-blind: `stamp_lazy("x")` from vio.proxy_cases.renders_a_proxy # want-blind: `str(stamp_lazy(...))` from vio.proxy_cases.renders_a_proxy


def now(func):
    return func()  # want-blind: `func()` from vio.proxy_cases.calls_what_it_is_given via vio.proxy_cases.stamp_now -> vio.proxy_cases.now


stamp_now = now(stamp)


# claims: deterministic
def calls_what_it_is_given():
    return stamp_now


def installs_elsewhere(func, target):
    def wrapper(self):
        return func()  # want-blind: `func()` from vio.proxy_cases.installed_on_a_class_it_does_not_define via vio.proxy_cases.stamp_installed -> vio.proxy_cases.installs_elsewhere

    setattr(target, "run", wrapper)
    return target


stamp_installed = installs_elsewhere(stamp, Promise)


# claims: deterministic
def installed_on_a_class_it_does_not_define():
    return stamp_installed


def installs_and_returns(func):
    class Box:
        pass

    def wrapper(self):
        return func("x")  # want-blind: `func("x")` from vio.proxy_cases.installed_def_also_returned via vio.proxy_cases.installs_and_returns

    setattr(Box, "run", wrapper)
    return wrapper


stamp_returned = installs_and_returns(stamp)


# claims: deterministic
def installed_def_also_returned():
    return stamp_returned


def keeps_and_runs(func):
    class Box:
        def run(self):
            return func("x")  # want-blind: `func("x")` from vio.proxy_cases.local_class_runs_it_there via vio.proxy_cases.stamp_run -> vio.proxy_cases.keeps_and_runs -> vio.proxy_cases.keeps_and_runs.<locals>.Box.run

    return Box().run()  # want-blind: `Box.run (its class leaves keeps_and_runs)` from vio.proxy_cases.local_class_runs_it_there via vio.proxy_cases.stamp_run -> vio.proxy_cases.keeps_and_runs


stamp_run = keeps_and_runs(stamp)


# claims: deterministic
def local_class_runs_it_there():
    return stamp_run


def installs_a_named_method(func):
    class Box:
        pass

    def wrapper(self):
        return func("x")  # want-blind: `func("x")` from vio.proxy_cases.installed_under_its_name via vio.proxy_cases.stamp_named -> vio.proxy_cases.installs_a_named_method -> vio.proxy_cases.installs_a_named_method.<locals>.Box.wrapper

    setattr(Box, "run", wrapper)  # want-blind: `Box.run (its class leaves installs_a_named_method)` from vio.proxy_cases.installed_under_its_name via vio.proxy_cases.stamp_named -> vio.proxy_cases.installs_a_named_method

    return Box().run()  # want-blind: `Box.run (its class leaves installs_a_named_method)` from vio.proxy_cases.installed_under_its_name via vio.proxy_cases.stamp_named -> vio.proxy_cases.installs_a_named_method


stamp_named = installs_a_named_method(stamp)


# claims: deterministic
def installed_under_its_name():
    return stamp_named
