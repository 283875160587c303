"""A class decorator from another module that sets the class's `__new__` (as Django's `@deconstructible` does): a
call of any subclass runs it, so a subclass's call may give what it makes."""


def renewing(cls):
    def renew(klass, *args, **kwargs):
        return object.__new__(klass.replacement or klass)

    cls.__new__ = renew
    return cls
