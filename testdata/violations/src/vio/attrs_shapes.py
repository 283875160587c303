"""Shapes of attrs's own `_make.py` (precision sample of seed 20261207). It declares `_AndValidator`'s field with
the `attrib` it defines itself, not an imported one: `_validators = attrib()` is still a field, instance state,
so reading `self._validators` (or `validator._validators` of an instance) reaches nothing the declaring call
does. The class statement does make that call, with its arguments: reading the class reaches them."""

import time

import attr


def stamp():
    # want: deterministic call time.time from vio.attrs_shapes.and_ via vio.attrs_shapes.AndValidator -> vio.attrs_shapes.attrib -> vio.attrs_shapes.stamp; deterministic call time.time from vio.attrs_shapes.validator_class via vio.attrs_shapes.Checked -> vio.attrs_shapes.stamp; deterministic call time.time from vio.attrs_shapes.imported_class via vio.attrs_shapes.Imported -> vio.attrs_shapes.stamp
    return time.time()


class _Counting:
    def __init__(self, default, validator, counter):
        self.default = default
        self.validator = validator
        self.counter = counter


def attrib(default=None, validator=None):
    """attrs's own field declaration: builds the counting attribute (here stamped, as attrs's rebinding of
    `_CountingAttr` compiles at import)."""
    return _Counting(default, validator, stamp())


def attrs(maybe_cls=None, slots=False):
    def wrap(cls):
        return cls

    return wrap if maybe_cls is None else wrap(maybe_cls)


@attrs(slots=True)
class AndValidator:
    _validators = attrib()

    # claims: deterministic
    def __call__(self, inst, value):
        for v in self._validators:  # want-blind: `iter(self._validators)` from vio.attrs_shapes.AndValidator.__call__
            v(inst, value)  # want-blind: `v(inst, value)` from vio.attrs_shapes.AndValidator.__call__


# claims: deterministic
def and_(*validators):
    vals = []
    for validator in validators:
        vals.extend(validator._validators if isinstance(validator, AndValidator) else [validator])
    return AndValidator(tuple(vals))


# claims: deterministic
def and_parts(validator):
    return validator._validators if isinstance(validator, AndValidator) else [validator]


def check(inst, value):
    return value


@attrs
class Checked:
    value = attrib(validator=check)
    stamped = attrib(default=stamp())

    # claims: deterministic
    def read(self):
        return self.stamped


# claims: deterministic
def validator_class():
    return Checked


@attr.s
class Imported:
    x = attr.ib(default=stamp())
    made = attr.ib(factory=list)

    # claims: deterministic
    def read(self):
        return self.x


# claims: deterministic
def imported_class():
    return Imported
