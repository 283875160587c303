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
    return o.getenv("X")  # want: deterministic call os.getenv from vio.aliases.module_alias


# claims: deterministic
def name_alias():
    return ge("X")  # want: deterministic call os.getenv from vio.aliases.name_alias


# claims: sandboxed
def from_submodule(p):
    return exists(p)  # want: sandboxed call os.path.exists from vio.aliases.from_submodule


# claims: sandboxed
def attribute_chain(p):
    return os.path.isfile(p)  # want: sandboxed call os.path.isfile from vio.aliases.attribute_chain


# claims: deterministic
def relative_import():
    return stamp()


# claims: deterministic
def relative_module():
    return helpers.stamp()


# claims: deterministic
def package_reexport():
    return package_stamp() + vio.stamp()  # want-blind: `package_stamp(...).__add__(...)` from vio.aliases.package_reexport # want-blind: `vio.stamp(...).__radd__(...)` from vio.aliases.package_reexport


# claims: sandboxed
def pure_path_functions(p):
    return os.path.join(p, "x"), os.path.basename(p)
