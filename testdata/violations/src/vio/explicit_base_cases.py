"""`Base.m(self, ...)` in a method passes the method's own `self`: `m` runs for the caller's class, so a method it
calls on `self` is the caller's, never a sibling subclass's override (Django's `Field.__init__(self, ...)` in
`ModelChoiceField.__init__`)."""

import time


class Field:
    def __init__(self, **options):
        self.checked = self.check()
        self.options = options

    def check(self):
        return True


class Sibling(Field):
    def __init__(self):
        Field.__init__(self)

    def check(self):
        return time.time()  # want: deterministic call time.time from vio.explicit_base_cases.make_sibling via vio.explicit_base_cases.Sibling.__init__ -> vio.explicit_base_cases.Field.__init__ -> vio.explicit_base_cases.Sibling.check  # want: deterministic call time.time from vio.explicit_base_cases.make_for_any via vio.explicit_base_cases.Other.__init__ -> vio.explicit_base_cases.Field.__init__ -> vio.explicit_base_cases.Sibling.check


class Chooser(Field):
    def __init__(self, **options):
        Field.__init__(self, **options)  # self is a Chooser: Sibling.check never runs


class Other:
    def __init__(self, helper):
        Field.__init__(helper)  # not its own self: the base method stands for any Field


# claims: deterministic
def make_chooser():
    return Chooser()


# claims: deterministic
def make_sibling():
    return Sibling()


# claims: deterministic
def make_for_any(helper):
    return Other(helper)
