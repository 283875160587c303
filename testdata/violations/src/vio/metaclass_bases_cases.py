"""A class statement passes its metaclass's `__new__` the bases it writes: a test of which of them are the
metaclass's own instances is decided by them (Django's `ModelBase.__new__` returns at once for `Model` itself,
whose only base's metaclass is `type`). A base whose metaclass the walk cannot know keeps both branches."""

import time

import requests


class Mixin:
    pass


class Gatekeeper(type):
    def __new__(cls, name, bases, attrs, **kwargs):
        super_new = super().__new__
        parents = [b for b in bases if isinstance(b, Gatekeeper)]
        if not parents:
            return super_new(cls, name, bases, attrs)
        # want: deterministic call time.time from vio.metaclass_bases_cases.make_child via vio.metaclass_bases_cases.Child -> vio.metaclass_bases_cases.Gatekeeper.__new__
        # want: deterministic call time.time from vio.metaclass_bases_cases.make_grandchild via vio.metaclass_bases_cases.Grandchild -> vio.metaclass_bases_cases.Gatekeeper.__new__
        # want: deterministic call time.time from vio.metaclass_bases_cases.make_foreign via vio.metaclass_bases_cases.Foreign -> vio.metaclass_bases_cases.Gatekeeper.__new__
        # want: deterministic call time.time from vio.metaclass_bases_cases.make_from_third_party via vio.metaclass_bases_cases.FromThirdParty -> vio.metaclass_bases_cases.Gatekeeper.__new__
        # want: deterministic call time.time from vio.metaclass_bases_cases.make_narrowed_child via vio.metaclass_bases_cases.NarrowedChild -> vio.metaclass_bases_cases.Gatekeeper.__new__
        attrs["stamped"] = time.time()  # want-blind: `attrs.__setitem__(...)` from vio.metaclass_bases_cases.make_foreign via vio.metaclass_bases_cases.Foreign -> vio.metaclass_bases_cases.Gatekeeper.__new__ # want-blind: `attrs.__setitem__(...)` from vio.metaclass_bases_cases.make_from_third_party via vio.metaclass_bases_cases.FromThirdParty -> vio.metaclass_bases_cases.Gatekeeper.__new__
        return super_new(cls, name, bases, attrs)


class Root(Mixin, metaclass=Gatekeeper):
    pass


class Child(Root):
    pass


class Grandchild(Mixin, Child):
    pass


def make_base():
    return Mixin


class Foreign(make_base(), metaclass=Gatekeeper):  # want-blind: `class Foreign(make_base())` from vio.metaclass_bases_cases.make_foreign via vio.metaclass_bases_cases.Foreign
    pass


# claims: deterministic
def make_root():
    return Root()  # its only base's metaclass is `type`: `parents` is empty, `__new__` returns at once


# claims: deterministic
def make_child():
    return Child()


# claims: deterministic
def make_grandchild():
    return Grandchild()


# claims: deterministic
def make_foreign():
    return Foreign()


class FromStdlib(ValueError, metaclass=Gatekeeper):
    pass


# claims: deterministic
def make_from_stdlib():
    return FromStdlib()  # a stdlib class's metaclass is the stdlib's, never `Gatekeeper`


class FromThirdParty(requests.Session, metaclass=Gatekeeper):
    pass


# claims: deterministic
def make_from_third_party():
    # a third-party base's metaclass is not known: `__new__` may go on
    return FromThirdParty()  # want-frontier: requests.Session from vio.metaclass_bases_cases.make_from_third_party


class Narrower(Gatekeeper):
    pass


class Narrowed(metaclass=Narrower):
    pass


class NarrowedChild(Narrowed):
    pass


# claims: deterministic
def make_narrowed_child():
    return NarrowedChild()  # its base's metaclass derives from `Gatekeeper`


class Anyone(type):
    def __new__(mcs, name, bases, attrs):
        if not any(isinstance(b, Anyone) for b in bases):
            return super().__new__(mcs, name, bases, attrs)
        # want: deterministic call time.monotonic from vio.metaclass_bases_cases.make_derived via vio.metaclass_bases_cases.Derived -> vio.metaclass_bases_cases.Anyone.__new__
        attrs["at"] = time.monotonic()
        return super().__new__(mcs, name, bases, attrs)


class Based(metaclass=Anyone):
    pass


class Derived(Based):
    pass


# claims: deterministic
def make_based():
    return Based()


# claims: deterministic
def make_derived():
    return Derived()


class Bare(type):
    def __new__(mcs, name, bases, attrs):
        if bases:
            # want: deterministic call time.perf_counter from vio.metaclass_bases_cases.make_with_bases via vio.metaclass_bases_cases.WithBases -> vio.metaclass_bases_cases.Bare.__new__
            attrs["at"] = time.perf_counter()
        return super().__new__(mcs, name, bases, attrs)


class NoBases(metaclass=Bare):
    pass


class WithBases(Mixin, metaclass=Bare):
    pass


# claims: deterministic
def make_no_bases():
    return NoBases()


# claims: deterministic
def make_with_bases():
    return WithBases()


class Mutated(type):
    def __new__(mcs, name, bases, attrs):
        parents = [b for b in bases if isinstance(b, Mutated)]
        parents.append(mcs)  # the list changes before the test: it is not the filter any more
        if not parents:
            return super().__new__(mcs, name, bases, attrs)
        # want: deterministic call time.time_ns from vio.metaclass_bases_cases.make_mutated via vio.metaclass_bases_cases.MutatedRoot -> vio.metaclass_bases_cases.Mutated.__new__
        attrs["at"] = time.time_ns()
        return super().__new__(mcs, name, bases, attrs)


class MutatedRoot(metaclass=Mutated):
    pass


# claims: deterministic
def make_mutated():
    return MutatedRoot()
