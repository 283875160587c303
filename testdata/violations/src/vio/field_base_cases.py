"""A constructor's test of a field its base constructor stored from a parameter, after
`super().__init__(*args, **kwargs)` passed on what the construction gave (`CharField()`: `Field.__init__` stores
`self.max_length = max_length`, so `if self.max_length is not None:` in `CharField.__init__` reads the default, None).
Decided only for a construction, where the base never hands `self` out (code it runs cannot store the field), stores
the field once at the top of its body, and nothing between the `super()` call and the test runs code. Not for a call
that passes a value or unpacks what an unknown caller gave, a base that calls a method of `self` (an override may
store the field), a base that stores the field under a test or twice, or a constructor that runs code before the
test."""

import time

COUNTER = [0]


def next_order():
    return 1


def normalize(value):
    return value


class Field:
    creation_counter = 0

    def __init__(self, verbose_name=None, max_length=None, auto_created=False, choices=None):
        self.verbose_name = verbose_name
        self.max_length, self._unique = max_length, False
        if auto_created is True:
            self.order = -1
        else:
            self.order = Field.creation_counter
            Field.creation_counter = next_order()
        self.choices = choices

    @property
    def choices(self):
        return self._choices

    @choices.setter
    def choices(self, value):
        self._choices = normalize(value)


class Char(Field):
    def __init__(self, *args, collation=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.collation = collation
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.char_ten via vio.field_base_cases.Char.__init__
            # want: deterministic call time.time from vio.field_base_cases.char_positional via vio.field_base_cases.Char.__init__
            # want: deterministic call time.time from vio.field_base_cases.char_unknown via vio.field_base_cases.Char.__init__
            # want: deterministic call time.time from vio.field_base_cases.char_from via vio.field_base_cases.char_from_caller -> vio.field_base_cases.Char.__init__
            self.made = time.time()


class Email(Char):
    pass


# claims: deterministic
def char_default():
    return Char()


# claims: deterministic
def char_none():
    return Char(max_length=None, collation="C")


# claims: deterministic
def char_positional_none():
    return Char("name", None)


# claims: deterministic
def email_default():
    return Email()


# claims: deterministic
def char_ten():
    return Char(max_length=10)


# claims: deterministic
def char_positional():
    return Char("name", 5)


# claims: deterministic
def char_unknown(n):
    return Char(max_length=n)


def char_from_caller(**kwargs):
    return Char(**kwargs)


# claims: deterministic
def char_from():
    return char_from_caller()


class Prepared:
    def __init__(self, max_length=None):
        self.max_length = max_length
        self.prepare()

    def prepare(self):
        pass


class Widened(Prepared):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.widened_default via vio.field_base_cases.Widened.__init__
            self.made = time.time()

    def prepare(self):
        self.max_length = 5


class Maybe:
    def __init__(self, max_length=None):
        if max_length:  # want-blind: `bool(max_length)` from vio.field_base_cases.maybe_default via vio.field_base_cases.MaybeChar.__init__ -> vio.field_base_cases.Maybe.__init__
            self.max_length = max_length
        else:
            self.max_length = 3


class MaybeChar(Maybe):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.maybe_default via vio.field_base_cases.MaybeChar.__init__
            self.made = time.time()


class Twice:
    def __init__(self, max_length=None):
        self.max_length = max_length
        COUNTER.append(1)
        self.max_length = COUNTER[0]


class TwiceChar(Twice):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.twice_default via vio.field_base_cases.TwiceChar.__init__
            self.made = time.time()


class Busy(Field):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        next_order()
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.busy_default via vio.field_base_cases.Busy.__init__
            self.made = time.time()


# claims: deterministic
def widened_default():
    return Widened()


# claims: deterministic
def maybe_default():
    return MaybeChar()


# claims: deterministic
def twice_default():
    return TwiceChar()


# claims: deterministic
def busy_default():
    return Busy()


class Binary(Field):
    """`kwargs.setdefault("auto_created", False)` changes a keyword the test does not read (`BinaryField`)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_created", False)
        super().__init__(*args, **kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.binary_ten via vio.field_base_cases.Binary.__init__
            self.made = time.time()


class Sized(Field):
    """`kwargs.setdefault("max_length", 20)` changes the very keyword the test reads: open."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 20)
        super().__init__(*args, **kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.sized_default via vio.field_base_cases.Sized.__init__
            self.made = time.time()


# claims: deterministic
def binary_default():
    return Binary()


# claims: deterministic
def binary_ten():
    return Binary(max_length=10)


# claims: deterministic
def sized_default():
    return Sized()


REGISTRY = []


class Leaky:
    def __init__(self, max_length=None, choices=None):
        self.max_length = max_length
        self.choices = choices

    @property
    def choices(self):
        return None

    @choices.setter
    def choices(self, value):
        REGISTRY.append(self)


class LeakyChar(Leaky):
    """The base's `self.choices = ...` runs a setter that hands `self` out: code may store the field later."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.leaky_default via vio.field_base_cases.LeakyChar.__init__
            self.made = time.time()


class Made(Field):
    """A `__new__` may hand the instance out before `__init__` runs."""

    def __new__(cls, *args, **kwargs):
        made = super().__new__(cls)
        REGISTRY.append(made)
        return made

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.max_length is not None:
            # want: deterministic call time.time from vio.field_base_cases.made_default via vio.field_base_cases.Made.__init__
            self.made = time.time()


# claims: deterministic
def leaky_default():
    return LeakyChar()


# claims: deterministic
def made_default():
    return Made()
