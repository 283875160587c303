"""Claims that reach through the layouts beside this file: each name resolves as Python's import system would."""

from vio.layout.beside.mod import helper as beside_helper
from vio.layout.spaced.alone.deep import helper as namespaced_helper


# claims: deterministic
def module_beside_a_folder():
    return beside_helper()


# claims: deterministic
def inside_a_namespace_package():
    return namespaced_helper()
