"""A value of unknown type may be a module or a capability object (one fetched from `sys.modules`, one passed
in, one annotated `Any`), so a method called on it whose name a catalogue entry bears leads somewhere: a module
function's name (`current_process` of `multiprocessing.current_process`), a class member's, a stateful
object's. Each such call is a blind spot; a name no catalogue entry and no project class bears is not.
`*args` is a tuple and `**kwargs` a dict whatever their annotation says of the elements."""

import sys
from typing import Any


# claims: deterministic
def from_the_module_table():
    found = sys.modules.get("multiprocessing")  # want: deterministic read sys.modules from vio.unknown_receiver_cases.from_the_module_table
    return found.current_process()  # want-blind: `found.current_process()` from vio.unknown_receiver_cases.from_the_module_table


# claims: deterministic
def on_any(value: Any):
    return value.getenv("HOME")  # want-blind: `value.getenv("HOME")` from vio.unknown_receiver_cases.on_any


# claims: deterministic
def formats_a_stamp(stamp):
    return stamp.strftime("%Y")  # want-blind: `stamp.strftime("%Y")` from vio.unknown_receiver_cases.formats_a_stamp


# claims: deterministic
def folds_any(value: Any):
    return value.casefold()  # no catalogue entry and no class of this tree bears `casefold`


# claims: deterministic
def pops_a_keyword(**options: int):
    return options.pop("a", None)  # a dict's own method, not an int's


# claims: deterministic
def counts_arguments(*values: str):
    return values.count("x")  # a tuple's own method
