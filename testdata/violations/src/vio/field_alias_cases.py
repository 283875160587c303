"""semantics §4, an attrs field is instance state however its declaring call is spelled: `from attr import ib as
field`, a project module re-exporting `ib` (attrs's own `from ._make import attrib` is one). Reading `self.x`
reaches nothing of the field's default. A project function that merely shares the name `field` declares nothing:
its value is class state."""

import time

import attr
from attr import ib as field

from vio.field_compat import ib, field as plain_field


def stamp():
    # want: deterministic call time.time from vio.field_alias_cases.Plain.read via vio.field_alias_cases.Plain.y -> vio.field_alias_cases.stamp
    return time.time()


@attr.s
class Aliased:
    y = field(default=stamp())

    # claims: deterministic
    def read(self):
        return self.y


@attr.s
class Reexported:
    x = ib(default=stamp())

    # claims: deterministic
    def read(self):
        return self.x


class Plain:
    y = plain_field(stamp())

    # claims: deterministic
    def read(self):
        return self.y
