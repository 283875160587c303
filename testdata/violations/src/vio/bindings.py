"""Module-level bindings of every form (issue 16): a name is what every binding of it may hold."""

import contextlib
import os

chained = also_chained = os.getenv
number, unpacked = 1, os.getenv
for looped in (len, os.getenv):
    pass
for word in ("a", "b"):
    pass
if walrused := os.getenv:
    pass
with contextlib.nullcontext(os.getenv) as entered:  # want: deterministic reference os.getenv from vio.bindings.through_a_with_target via vio.bindings.entered
    pass
match [os.getenv]:  # want: deterministic reference os.getenv from vio.bindings.through_a_capture via vio.bindings.captured
    case [captured]:
        pass


def replaced(name):
    return name


replaced = os.getenv  # want: deterministic reference os.getenv from vio.bindings.through_a_rebound_def via vio.bindings.replaced


# claims: deterministic
def through_a_chain():
    return also_chained("X")  # want: deterministic call os.getenv from vio.bindings.through_a_chain


# claims: deterministic
def through_unpacking():
    return unpacked("X")  # want: deterministic call os.getenv from vio.bindings.through_unpacking


# claims: deterministic
def the_constant_beside_it():
    return number + 1  # want-blind: `number.__add__(...)` from vio.bindings.the_constant_beside_it


# claims: deterministic
def through_a_loop():
    return looped("X")  # want: deterministic call os.getenv from vio.bindings.through_a_loop


# claims: deterministic
def the_loop_over_strings():
    return word.upper()


# claims: deterministic
def through_a_walrus():
    return walrused("X")  # want: deterministic call os.getenv from vio.bindings.through_a_walrus


# claims: deterministic
def through_a_with_target():
    return entered("X")  # want-blind: `entered("X")` from vio.bindings.through_a_with_target


# claims: deterministic
def through_a_capture():
    return captured("X")  # want-blind: `captured("X")` from vio.bindings.through_a_capture


# claims: deterministic
def through_a_rebound_def():
    return replaced("X")  # want: deterministic call os.getenv from vio.bindings.through_a_rebound_def
