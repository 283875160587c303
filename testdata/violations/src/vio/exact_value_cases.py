"""The value a call of a class by its name gives is of exactly that class: `f = CharField(); f.clean(v)` enters
`CharField.clean` (or what its order finds) and no subclass's override, since the code never builds a subclass
there. A class the call may not give exactly (a project `__new__`, a metaclass, a base's decorator), `cls()` and `self.__class__()`, a
name bound to several classes and a field keep the subclasses in. A module that may store `__class__` keeps them
too (`exact_value_reclass.py`)."""

import functools
import time

from vio.exact_value_renew import renewing


class Field:
    def clean(self, value):
        return value

    def run(self):
        return self.clean(1)

    def stamp(self):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.own_method via vio.exact_value_cases.Field.stamp


class TimedField(Field):
    def clean(self, value):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.rebound via vio.exact_value_cases.TimedField.clean; deterministic call time.time from vio.exact_value_reclass.reclassed via vio.exact_value_cases.TimedField.clean; deterministic call time.time from vio.exact_value_cases.field_value via vio.exact_value_cases.Holder.use -> vio.exact_value_cases.TimedField.clean; deterministic call time.time from vio.exact_value_cases.called_field via vio.exact_value_cases.Maker.use -> vio.exact_value_cases.TimedField.clean; deterministic call time.time from vio.exact_value_cases.cached_value via vio.exact_value_cases.TimedField.clean


# claims: deterministic
def local_value():
    field = Field()
    return field.clean(1)  # held: the code builds a Field, never a TimedField


# claims: deterministic
def chained_value():
    return Field().clean(1)  # held


# claims: deterministic
def through_self():
    field = Field()
    return field.run()  # held: `self.clean` in `Field.run` is a Field's, for this call


# claims: deterministic
def own_method():
    field = Field()
    return field.stamp()  # the class's own method reads the clock


# claims: deterministic
def rebound(flag):
    field = Field()
    if flag:  # want-blind: `bool(flag)` from vio.exact_value_cases.rebound
        field = TimedField()
    return field.clean(1)  # either class: TimedField.clean too


class Holder:
    def __init__(self):
        self.field = Field()

    def use(self):
        return self.field.clean(1)  # a field: some other code may store a subclass's instance in it


# claims: deterministic
def field_value():
    return Holder().use()


class Maker:
    def __init__(self):
        made = Field
        self.field = made()  # a field set from a call on a local: kept as any field's value is

    @property
    def fresh(self):
        return Field()  # a new Field at every read

    @functools.cached_property
    def cached(self):
        return Field()  # a cached value, which an assignment may replace

    def use(self):
        return self.field.clean(1)


# claims: deterministic
def called_field():
    return Maker().use()


# claims: deterministic
def property_value():
    # held: a new Field at every read
    # want-blind: `Maker().fresh.clean(1)` from vio.exact_value_cases.property_value
    return Maker().fresh.clean(1)


# claims: deterministic
def cached_value():
    # want-blind: `Maker().cached.clean(1)` from vio.exact_value_cases.cached_value
    return Maker().cached.clean(1)


# -- `cls()` and `self.__class__()`: any subclass --


class Built:
    @classmethod
    def build(cls):
        made = cls()
        return made.clean()

    def copy(self):
        made = self.__class__()  # the class of `self`, even where `self` is a Built itself
        return made.clean()

    def clean(self):
        return None


class TimedBuilt(Built):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.built via vio.exact_value_cases.Built.build -> vio.exact_value_cases.TimedBuilt.clean; deterministic call time.time from vio.exact_value_cases.copied via vio.exact_value_cases.Built.copy -> vio.exact_value_cases.TimedBuilt.clean


# claims: deterministic
def built():
    return Built.build()


# claims: deterministic
def copied():
    return Built().copy()


# -- a project `__new__`, a metaclass: the call may give another class's instance --


class Fresh:
    def __new__(cls):
        return super().__new__(cls)

    def clean(self):
        return None


class TimedFresh(Fresh):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.fresh via vio.exact_value_cases.TimedFresh.clean


# claims: deterministic
def fresh():
    made = Fresh()
    return made.clean()


class Meta(type):
    def __call__(cls, *args, **kwargs):
        return super().__call__(*args, **kwargs)


class Metered(metaclass=Meta):
    def clean(self):
        return None


class TimedMetered(Metered):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.metered via vio.exact_value_cases.TimedMetered.clean


# claims: deterministic
def metered():
    made = Metered()
    return made.clean()


@renewing
class Renewed:
    replacement = None

    def clean(self):
        return None


class Plainly(Renewed):  # no decorator of its own: the base's `__new__` still runs for it
    pass


class TimedRenewed(Plainly):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_value_cases.renewed via vio.exact_value_cases.TimedRenewed.clean


# claims: deterministic
def renewed():
    made = Plainly()
    return made.clean()
