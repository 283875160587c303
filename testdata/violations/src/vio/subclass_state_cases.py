"""semantics §4, instance state is not class state, down the hierarchy too: a base whose `__init__` assigns
`self.errcheck` reads its instance's value through `self.errcheck`, never what a subclass's body binds the name to
(the instance attribute shadows it). A name no method assigns on `self` stays class state, a subclass's binding
included."""

import time


def stamp():
    # want: deterministic call time.time from vio.subclass_state_cases.Plain.read via vio.subclass_state_cases.Special.errcheck -> vio.subclass_state_cases.stamp
    return time.time()


class Owner:
    def __init__(self):
        self.errcheck = 0

    # claims: deterministic
    def read(self):
        return self.errcheck


class Checked(Owner):
    errcheck = stamp()


class Plain:
    errcheck = None

    # claims: deterministic
    def read(self):
        return self.errcheck


class Special(Plain):
    errcheck = stamp()
