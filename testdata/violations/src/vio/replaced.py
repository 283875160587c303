"""Defs that a later binding of their name replaces (issue 16): the claim is checked against what Python binds."""

import os
import sys
from typing import overload


# claims: deterministic
@overload
def parse(text: str) -> str: ...


@overload
def parse(text: bytes) -> bytes: ...


def parse(text):
    return os.getenv("X")  # want: deterministic call os.getenv from vio.replaced.parse via vio.replaced.parse


# claims: deterministic
def portable():
    return 1


if sys.platform == "win32":

    def portable():
        return os.getenv("X")  # want: deterministic call os.getenv from vio.replaced.portable via vio.replaced.portable [win32]


class Box:
    # claims: deterministic
    @property
    def size(self):
        return 1

    @size.setter
    def size(self, value):
        os.environ["SIZE"] = str(value)
