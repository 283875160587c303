"""Defs that a later binding of their name replaces (issue 16): the claim is checked against what Python binds."""

import os
import sys
from typing import overload


# claims: deterministic
@overload
def parse(text: str) -> str: ...


def parse(text):
    return open(os.getenv("X"))  # want: deterministic call builtins.open from vio.replaced.parse via vio.replaced.parse; deterministic call os.getenv from vio.replaced.parse via vio.replaced.parse


# claims: deterministic
def portable():
    return 1


if sys.platform == "win32":

    def portable():
        return open(os.getenv("X"))  # want: deterministic call builtins.open from vio.replaced.portable via vio.replaced.portable [win32]; deterministic call os.getenv from vio.replaced.portable via vio.replaced.portable [win32]


class Box:
    # claims: deterministic
    @property
    def size(self):
        return 1

    @size.setter
    def size(self, value):
        os.environ["SIZE"] = str(value)
