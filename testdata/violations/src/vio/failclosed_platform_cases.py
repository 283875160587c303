"""A name in a platform test is the platform constant only where its binding in scope is the import or the alias:
a def's own parameter, local or loop variable of that name is some other value, and keeps both branches."""

import os
import os.path
import platform
import sys
from sys import platform as plat

WIN = sys.platform == "win32"


# claims: deterministic
def loop_variable_named_like_the_import(names):
    for plat in names:  # want-blind: `iter(names)` from vio.failclosed_platform_cases.loop_variable_named_like_the_import
        if plat == "win32":  # want-blind: `plat.__eq__(...)` from vio.failclosed_platform_cases.loop_variable_named_like_the_import
            return os.getcwd()  # want: deterministic call os.getcwd from vio.failclosed_platform_cases.loop_variable_named_like_the_import
    return None


# claims: deterministic
def local_shadows_the_platform_module(obj):
    platform = obj
    # want-blind: `platform.system()` from vio.failclosed_platform_cases.local_shadows_the_platform_module
    if platform.system() == "Plan9":  # want-blind: `platform.system(...).__eq__(...)` from vio.failclosed_platform_cases.local_shadows_the_platform_module
        return os.getcwd()  # want: deterministic call os.getcwd from vio.failclosed_platform_cases.local_shadows_the_platform_module
    return platform


# claims: deterministic
def parameter_shadows_the_alias(WIN):
    if WIN:  # want-blind: `bool(WIN)` from vio.failclosed_platform_cases.parameter_shadows_the_alias
        return os.getcwd()  # want: deterministic call os.getcwd from vio.failclosed_platform_cases.parameter_shadows_the_alias
    return None


# claims: deterministic
def local_shadows_the_alias(value):
    WIN = value == "x"  # want-blind: `value.__eq__(...)` from vio.failclosed_platform_cases.local_shadows_the_alias
    if WIN:  # want-blind: `bool(WIN)` from vio.failclosed_platform_cases.local_shadows_the_alias
        return os.getcwd()  # want: deterministic call os.getcwd from vio.failclosed_platform_cases.local_shadows_the_alias
    return None


# claims: deterministic
def the_import_in_scope():
    if plat == "plan9":
        return os.getcwd()
    if platform.system() == "Plan9":
        return os.getcwd()
    return None


# claims: deterministic
def the_alias_in_scope():
    if WIN:  # want-blind: `bool(WIN)` from vio.failclosed_platform_cases.the_alias_in_scope
        return os.getcwd()  # want: deterministic call os.getcwd from vio.failclosed_platform_cases.the_alias_in_scope [win32]
    return None


# claims: deterministic
def the_module_imported_twice():
    if os.name == "plan9":
        return os.getcwd()
    return os.path.sep
