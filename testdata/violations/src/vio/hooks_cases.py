"""Defining a class runs code: its bases and keywords, its body's statements (its methods' defaults included), a
project base's `__init_subclass__`, the `__set_name__` of what its body binds, and its metaclass's `__prepare__`,
`__new__` and `__init__`. For a module-level (or nested) class that is import-time state, reached by whatever
uses the class as a value, and named by the class; constructing a class whose metaclass defines `__call__`
enters it. A type (an annotation, `isinstance`) is no use of the class: it reaches none of that."""

import time

import requests


# -- __init_subclass__ ------------------------------------------------------------------------------------


class Registered:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        # want: deterministic call time.time from vio.hooks_cases.construct_plugin via vio.hooks_cases.Plugin -> vio.hooks_cases.Registered.__init_subclass__
        # want: deterministic call time.time from vio.hooks_cases.read_plugin_attribute via vio.hooks_cases.Plugin -> vio.hooks_cases.Registered.__init_subclass__
        # want: deterministic call time.time from vio.hooks_cases.construct_outer via vio.hooks_cases.Outer -> vio.hooks_cases.Outer.Inner -> vio.hooks_cases.Registered.__init_subclass__
        # want: deterministic call time.time from vio.hooks_cases.local_subclass via vio.hooks_cases.Registered.__init_subclass__
        cls.created = time.time()


class Plugin(Registered):
    pass


# claims: deterministic
def construct_plugin():
    return Plugin()


# claims: deterministic
def read_plugin_attribute():
    return Plugin.__name__


# claims: deterministic
def construct_registered():
    # the base's own class statement does not call its `__init_subclass__`
    return Registered()


class Quiet:
    def __init_subclass__(cls, **kw):
        cls.tag = cls.__name__


class QuietChild(Quiet):
    pass


# claims: deterministic
def construct_quiet_child():
    return QuietChild()


class Outer:
    class Inner(Registered):
        pass


# claims: deterministic
def construct_outer():
    return Outer()


# claims: deterministic
def local_subclass():
    class Local(Registered):
        pass

    return Local


# -- types are not reaches --------------------------------------------------------------------------------


class Loud(Registered):
    def size(self) -> int:
        return 1


# claims: deterministic
def only_annotation(item: Loud) -> int:
    return 1


# claims: deterministic
def only_isinstance(item: object) -> bool:
    return isinstance(item, Loud)


# -- __set_name__ -----------------------------------------------------------------------------------------


class Stamp:
    def __set_name__(self, owner, name):
        # want: deterministic call time.time from vio.hooks_cases.construct_model via vio.hooks_cases.Model -> vio.hooks_cases.Stamp.__set_name__
        # want: deterministic call time.time from vio.hooks_cases.local_model via vio.hooks_cases.Stamp.__set_name__
        self.at = time.time()


class Model:
    field = Stamp()


# claims: deterministic
def construct_model():
    return Model()


# claims: deterministic
def local_model():
    class Local:
        field = Stamp()

    return Local


class Kinds:
    # the class itself, not an instance: Python calls its type's `__set_name__`, not `Stamp.__set_name__`
    kind = Stamp


# claims: deterministic
def construct_kinds():
    return Kinds()


class Label:
    def __set_name__(self, owner, name):
        self.name = name


class Form:
    title = Label()


# claims: deterministic
def construct_form():
    return Form()


# -- class body statements --------------------------------------------------------------------------------


class Settings:
    # want: deterministic call time.time from vio.hooks_cases.construct_settings via vio.hooks_cases.Settings -> vio.hooks_cases.Settings.STARTED
    STARTED = time.time()

    # want: deterministic call time.monotonic from vio.hooks_cases.construct_settings via vio.hooks_cases.Settings
    def method(self, at=time.monotonic()):
        return at


# claims: deterministic
def construct_settings():
    return Settings()


def announce():
    return time.time()  # want: deterministic call time.time from vio.hooks_cases.construct_announced via vio.hooks_cases.Announced -> vio.hooks_cases.announce


class Announced:
    announce()


# claims: deterministic
def construct_announced():
    return Announced()


# claims: deterministic
def only_model_annotation(model: Model) -> bool:
    return model is not None


SEED = int(time.time())  # want: deterministic call time.time from vio.hooks_cases.construct_configured via vio.hooks_cases.Configured -> vio.hooks_cases.SEED


class Configured:
    seed = SEED


# claims: deterministic
def construct_configured():
    return Configured()


class Holder:
    # a body that only names values runs nothing: a reader of the attribute reaches what it names
    handler = announce
    now = time.time
    later = lambda self: time.time()  # noqa: E731


# claims: deterministic
def construct_holder():
    return Holder()


# -- a stdlib or third-party base is named, not entered (its hooks are outside the walk) ------------------


class Adapter(requests.Session):
    LIMIT = 3


# claims: deterministic
def adapter_limit():
    return Adapter.LIMIT


# -- metaclasses ------------------------------------------------------------------------------------------


class Meta(type):
    def __new__(mcls, name, bases, ns):
        # want: deterministic call time.time from vio.hooks_cases.make via vio.hooks_cases.Thing -> vio.hooks_cases.Meta.__new__
        # want: deterministic call time.time from vio.hooks_cases.sub_name via vio.hooks_cases.SubThing -> vio.hooks_cases.Meta.__new__
        # a project `__setitem__` passed a `str` leads somewhere (`setter_slice_cases.Listish`): `ns` may be one
        # want-blind: `ns.__setitem__(...)` from vio.hooks_cases.make via vio.hooks_cases.Thing -> vio.hooks_cases.Meta.__new__
        # want-blind: `ns.__setitem__(...)` from vio.hooks_cases.sub_name via vio.hooks_cases.SubThing -> vio.hooks_cases.Meta.__new__
        ns["t"] = time.time()
        return super().__new__(mcls, name, bases, ns)

    def __init__(cls, *args):
        super().__init__(*args)

    @classmethod
    def __prepare__(mcls, name, bases):
        # want: deterministic call time.monotonic from vio.hooks_cases.make via vio.hooks_cases.Thing -> vio.hooks_cases.Meta.__prepare__
        # want: deterministic call time.monotonic from vio.hooks_cases.sub_name via vio.hooks_cases.SubThing -> vio.hooks_cases.Meta.__prepare__
        return {"p": time.monotonic()}

    def __call__(cls, *args, **kwargs):
        # want: deterministic call time.perf_counter from vio.hooks_cases.make via vio.hooks_cases.Meta.__call__
        # want: deterministic call time.perf_counter from vio.protocol_cases.fire via vio.hooks_cases.Meta.__call__
        # a metaclass's instances are classes, callable through it: a callable protocol conforms (any arguments)
        # want: deterministic call time.perf_counter from vio.conformance_cases.handle via vio.hooks_cases.Meta.__call__
        time.perf_counter()
        return super().__call__(*args, **kwargs)


class Thing(metaclass=Meta):
    pass


class SubThing(Thing):
    pass


# claims: deterministic
def make():
    return Thing()


# claims: deterministic
def sub_name():
    return SubThing.__name__


class CalmMeta(type):
    def __new__(mcls, name, bases, ns):
        return super().__new__(mcls, name, bases, ns)

    def __call__(cls, *args, **kwargs):
        return super().__call__(*args, **kwargs)


class Calm(metaclass=CalmMeta):
    pass


# claims: deterministic
def make_calm():
    return Calm()


def pick_meta():
    return CalmMeta


class Picked(metaclass=pick_meta()):  # want-blind: `class Picked(metaclass=pick_meta())` from vio.hooks_cases.construct_picked via vio.hooks_cases.Picked
    pass


# claims: deterministic
def construct_picked():
    return Picked()


# claims: deterministic
def thing_annotation(thing: Thing) -> bool:
    return isinstance(thing, SubThing)


class Reframing(type):
    def __call__(cls, *args, **kwargs):
        return super().__call__(*args, fresh=True)


class Framed(metaclass=Reframing):
    def __init__(self, fresh=False):
        if fresh:  # want-blind: `bool(fresh)` from vio.hooks_cases.framed_by_its_metaclass via vio.hooks_cases.Framed.__init__
            self.at = time.time()  # want: deterministic call time.time from vio.hooks_cases.framed_by_its_metaclass via vio.hooks_cases.Framed.__init__


# claims: deterministic
def framed_by_its_metaclass():
    return Framed()  # the metaclass calls `__init__` with `fresh=True`: the call's default decides nothing


class Unframed:
    def __init__(self, fresh=False):
        if fresh:  # want-blind: `bool(fresh)` from vio.hooks_cases.unframed_default via vio.hooks_cases.Unframed.__init__
            self.at = time.time()


# claims: deterministic
def unframed_default():
    return Unframed()  # no metaclass between: `fresh` is left at `False`
