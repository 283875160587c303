"""A module whose code may store `__class__` (`obj = Empty(); obj.__class__ = cls`, as Django's `Query.clone` does)
may make an instance another class's between its construction and its use: a value built there is of its class or
of any subclass, though the class's own hierarchy stores no `__class__`."""

from vio.exact_value_cases import Field


# claims: deterministic
def reclassed(cls):
    made = Field()
    made.__class__ = cls
    return made.clean(1)
