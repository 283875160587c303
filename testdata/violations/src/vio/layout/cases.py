"""Claims that reach through the layouts beside this file: each name resolves as Python's import system would."""

from vio.layout.beside.mod import helper as beside_helper
from vio.layout.reexport import tool
from vio.layout.shadowed import helper as attribute_helper
from vio.layout.shadowed import plain
from vio.layout.spaced.alone.deep import helper as namespaced_helper


# claims: deterministic
def module_beside_a_folder():
    return beside_helper()


# claims: deterministic
def inside_a_namespace_package():
    return namespaced_helper()


# claims: deterministic
def package_attribute_over_submodule():
    return attribute_helper()


# claims: deterministic
def submodule_not_shadowed():
    return plain.work()


# claims: deterministic
def reexported_function():
    return tool()
