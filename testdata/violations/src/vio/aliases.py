"""Alias forms: every spelling of a reach is seen through."""

import os as o
import os.path
from os import getenv as ge
from os.path import exists

import vio
from vio import stamp as package_stamp

from . import helpers
from .helpers import stamp


# claims: deterministic
def module_alias():
    return o.getenv("X")


# claims: deterministic
def name_alias():
    return ge("X")


# claims: sandboxed
def from_submodule(p):
    return exists(p)


# claims: sandboxed
def attribute_chain(p):
    return os.path.isfile(p)


# claims: deterministic
def relative_import():
    return stamp()


# claims: deterministic
def relative_module():
    return helpers.stamp()


# claims: deterministic
def package_reexport():
    return package_stamp() + vio.stamp()


# claims: sandboxed
def pure_path_functions(p):
    return os.path.join(p, "x"), os.path.basename(p)
