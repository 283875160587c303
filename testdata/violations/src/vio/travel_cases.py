"""The receiver's class travels with the walk, whatever runs the method: a property getter run by
`getattr(self, name)` with a computed name, a base `__init__` reached through `super().__init__()` from a class
with many subclasses, a mixin's `self` (which stands only for the mixin's subclasses). In each, a method called on
`self` is the travelling class's or a subclass's, never a sibling's (Django's `SetUnusablePasswordMixin` and
`TypedChoiceField`)."""

import time


def stamp(value):
    # want: deterministic call time.time from vio.travel_cases.make_choice via vio.travel_cases.Field.make -> vio.travel_cases.Choice.__init__ -> vio.travel_cases.Field.__init__ -> vio.travel_cases.StampedChoice.validators_default -> vio.travel_cases.stamp
    return time.time()


# -- a property run by a computed getattr, in a base method entered for a mixin's subclass --


class BaseForm:
    fields = ()

    @property
    def errors(self):
        self.full_clean()
        return {}

    def full_clean(self):
        self._clean_fields()
        self._clean_form()

    def _clean_fields(self):
        for name in self.fields:
            found = getattr(self, name)  # may run any property of self's class
            self.cleaned = found

    def _clean_form(self):
        self.clean()

    def clean(self):
        return None


class LoginForm(BaseForm):
    def clean(self):
        # want: deterministic call time.time from vio.travel_cases.TimedMixin.validate via vio.travel_cases.BaseForm.errors -> vio.travel_cases.BaseForm.full_clean -> vio.travel_cases.BaseForm._clean_form -> vio.travel_cases.LoginForm.clean
        return time.time()


class UnusableMixin:
    # claims: deterministic
    def validate(self):
        return self.errors  # self is an AdminForm: LoginForm.clean never runs


class AdminForm(UnusableMixin, BaseForm):
    pass


class TimedMixin:
    # claims: deterministic
    def validate(self):
        return self.errors


class TimedLogin(TimedMixin, LoginForm):
    pass


# -- a class attribute read on self in a base __init__ reached through super().__init__() --


class Field:
    validators_default = []

    def __init__(self, validators=()):
        self.validators = [*self.validators_default, *validators]  # want-blind: `iter(validators)` from vio.travel_cases.make_choice via vio.travel_cases.Field.make -> vio.travel_cases.Choice.__init__ -> vio.travel_cases.Field.__init__ # want-blind: `iter(validators)` from vio.travel_cases.make_field via vio.travel_cases.Field.make -> vio.travel_cases.Text.__init__ -> vio.travel_cases.Field.__init__

    @classmethod
    def make(cls):  # `cls()`: the class it is called on, or any subclass of it
        return cls()


class Text(Field):
    def __init__(self, *, max_length=None, **kwargs):
        self.max_length = max_length
        super().__init__(**kwargs)


class Text1(Text):
    pass


class Text2(Text):
    pass


class Text3(Text):
    pass


class Text4(Text):
    pass


class Text5(Text):
    pass


class Text6(Text):
    pass


class Text7(Text):
    pass


class Text8(Text):
    pass


class Text9(Text):
    pass


class Choice(Field):
    def __init__(self, *, choices=(), **kwargs):
        super().__init__(**kwargs)
        self.choices = choices


class TypedChoice(Choice):
    def __init__(self, *, coerce=None, **kwargs):
        self.coerce = coerce
        super().__init__(**kwargs)


class Image(Field):
    validators_default = [stamp]  # a sibling of TypedChoice: never read for one


class StampedChoice(Choice):
    validators_default = [stamp]  # a subclass of Choice: read for one


# claims: deterministic
def make_field(choices):
    if choices:  # want-blind: `bool(choices)` from vio.travel_cases.make_field
        return TypedChoice(choices=choices)
    return Text.make()


# claims: deterministic
def make_choice():
    return Choice.make()


# -- a subclass's default for a name its instances then assign: super() still enters the base's def for it --


class Inner:
    def go(self):
        return None


class TimedInner:
    def go(self):
        return time.time()  # want: deterministic call time.time from vio.travel_cases.convert_continuous via vio.travel_cases.Continuous.convert -> vio.travel_cases.Range.convert -> vio.travel_cases.TimedInner.go


class Range:
    base = Inner

    def __init__(self):
        self.base = self.base()  # the class's default, or a subclass's, until this assignment

    def convert(self):
        # want-blind: `self.base.go()` from vio.travel_cases.convert_continuous via vio.travel_cases.Continuous.convert -> vio.travel_cases.Range.convert
        # want-blind: `self.base.go()` from vio.travel_cases.convert_discrete via vio.travel_cases.Discrete.convert -> vio.travel_cases.Range.convert
        return self.base.go()


class Continuous(Range):
    def convert(self):
        return super().convert()  # entered for Continuous, and for TimedRange, whose default the first misses


class TimedRange(Continuous):
    base = TimedInner


class Discrete(Range):
    def convert(self):
        return super().convert()


class TimedSibling(Range):
    base = TimedInner  # a sibling of Discrete: never its default


# claims: deterministic
def convert_continuous(c: Continuous):
    return c.convert()


# claims: deterministic
def convert_discrete(d: Discrete):
    return d.convert()


# -- a hook a read runs (`__getattr__`, `__getattribute__`), entered for the reading instance's class --


class Lazy:
    def __getattr__(self, name):
        return self.load()

    def load(self):
        return None

    def peek(self):
        return self.not_bound_anywhere  # runs __getattr__ for self's class


class QuietLazy(Lazy):
    pass


class TimedLazy(Lazy):
    def load(self):
        # want: deterministic call time.time from vio.travel_cases.peek_timed via vio.travel_cases.Lazy.peek -> vio.travel_cases.Lazy.__getattr__ -> vio.travel_cases.TimedLazy.load
        return time.time()


class Hooked:
    def __getattribute__(self, name):
        return self.look()

    def look(self):
        return None


class QuietHooked(Hooked):
    pass


class TimedHooked(Hooked):
    def look(self):
        return time.time()  # a sibling of QuietHooked


# claims: deterministic
def peek_quiet():
    return QuietLazy().peek()


# claims: deterministic
def peek_timed():
    return TimedLazy().peek()


# claims: deterministic
def quiet_hooked(h: QuietHooked):
    return h.anything


# -- a mixin's `self` reading a name its own classes do not bind: a deriving class's other base may answer --


class Answering:
    def __getattr__(self, name):
        # want: deterministic call time.time from vio.travel_cases.Asking.ask via vio.travel_cases.Answering.__getattr__
        return time.time()


class Asking:
    # claims: deterministic
    def ask(self):
        return self.not_bound_anywhere  # self is an AskingForm: Answering.__getattr__ runs


class AskingForm(Asking, Answering):
    pass


class Silent:
    # claims: deterministic
    def ask(self):
        return self.not_bound_anywhere  # no class deriving from Silent answers: a value of unknown class
