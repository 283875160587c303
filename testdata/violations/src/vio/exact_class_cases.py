"""A call of a class by its name builds an instance of exactly that class: in the `__init__` chain it enters
(through `super().__init__()`, and in the methods called on `self` there) `self` is no subclass's instance, so a
subclass's class attribute or override is never read (Django's `forms.CharField(...)` never reads
`EmailField.default_validators`). `cls(...)`, a project `__new__`, a metaclass, a class decorator or a name bound
to another class keep the subclasses in."""

import dataclasses
import time


def stamp():
    return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_email via vio.exact_class_cases.CharField.__init__ -> vio.exact_class_cases.Field.__init__ -> vio.exact_class_cases.EmailField.default_validators -> vio.exact_class_cases.stamp


# -- the Django shape: a base constructed by its name, a subclass's class attribute and override --


class Field:
    default_validators = []

    def __init__(self, required=True):
        self.required = required
        self.validators = list(self.default_validators)
        self.clean()

    def clean(self):
        return None


class CharField(Field):
    def __init__(self, *, max_length=None, **kwargs):
        self.max_length = max_length
        super().__init__(**kwargs)


class EmailField(CharField):
    default_validators = [stamp]


class TimedField(CharField):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_timed via vio.exact_class_cases.CharField.__init__ -> vio.exact_class_cases.Field.__init__ -> vio.exact_class_cases.TimedField.clean


class SlugField(CharField):
    pass


class TimedSlug(SlugField):
    default_validators = [stamp]


# claims: deterministic
def make_char():
    return CharField(max_length=3)  # held: EmailField's validators and TimedField's clean are a subclass's


# claims: deterministic
def make_slug():
    return SlugField()  # held: Field.__init__ entered for exactly a SlugField, never a TimedSlug


# claims: deterministic
def make_email():
    return EmailField()


# claims: deterministic
def make_timed():
    return TimedField()


def serve(field_class=Field):
    # the default: exactly a Field; any other class passed: unknown, a blind spot
    return field_class()  # want-blind: `field_class()` from vio.exact_class_cases.serve_default via vio.exact_class_cases.serve


# claims: deterministic
def serve_default():
    return serve()


# -- a stdlib decorator that returns the class it is given --


@dataclasses.dataclass
class Point:
    x: int = 0

    def __post_init__(self):
        self.clean()

    def clean(self):
        return None


class TimedPoint(Point):
    def clean(self):
        return time.time()


# claims: deterministic
def make_point():
    return Point(1)  # held: `__post_init__` runs on exactly a Point


# -- `cls(...)` in a classmethod: cls may be any subclass --


class Built(Field):
    @classmethod
    def build(cls):
        return cls()


class TimedBuilt(Built):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.build_field via vio.exact_class_cases.Built.build -> vio.exact_class_cases.Field.__init__ -> vio.exact_class_cases.TimedBuilt.clean


# claims: deterministic
def build_field():
    return Built.build()


class Copied(Field):
    def copy(self):
        return type(self)()  # the class of `self`: Copied or any subclass


class TimedCopied(Copied):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.copy_field via vio.exact_class_cases.Copied.copy -> vio.exact_class_cases.Field.__init__ -> vio.exact_class_cases.TimedCopied.clean


# claims: deterministic
def copy_field():
    return Copied().copy()


# -- a class's own order: a sibling base put after the first still runs --


class Left:
    def __init__(self):
        super().__init__()


class Right:
    def __init__(self):
        self.at = time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_both via vio.exact_class_cases.Left.__init__ -> vio.exact_class_cases.Right.__init__


class Both(Left, Right):
    pass


# claims: deterministic
def make_both():
    return Both()


# -- a project `__new__`, a metaclass, a class decorator, a name bound to another class --


class Fresh:
    def __new__(cls, timed=False):
        return super().__new__(TimedFresh if timed else cls)  # want-blind: `bool(timed)` from vio.exact_class_cases.make_fresh via vio.exact_class_cases.Fresh.__new__

    def __init__(self, timed=False):
        self.clean()

    def clean(self):
        return None


class TimedFresh(Fresh):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_fresh via vio.exact_class_cases.Fresh.__init__ -> vio.exact_class_cases.TimedFresh.clean


# claims: deterministic
def make_fresh():
    return Fresh()


class Meta(type):
    def __call__(cls, *args, **kwargs):
        return super().__call__(*args, **kwargs)


class Metered(metaclass=Meta):
    def __init__(self):
        self.clean()

    def clean(self):
        return None


class TimedMetered(Metered):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_metered via vio.exact_class_cases.Metered.__init__ -> vio.exact_class_cases.TimedMetered.clean


# claims: deterministic
def make_metered():
    return Metered()


def registered(cls):
    return cls


@registered
class Decorated:
    def __init__(self):
        self.clean()

    def clean(self):
        return None


class TimedDecorated(Decorated):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_decorated via vio.exact_class_cases.Decorated.__init__ -> vio.exact_class_cases.TimedDecorated.clean


# claims: deterministic
def make_decorated():
    return Decorated()


class Rebound:
    def __init__(self):
        self.clean()

    def clean(self):
        return None


class TimedRebound(Rebound):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_cases.make_rebound via vio.exact_class_cases.Rebound.__init__ -> vio.exact_class_cases.TimedRebound.clean


Rebound = TimedRebound


# claims: deterministic
def make_rebound():
    return Rebound()
