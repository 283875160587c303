"""Under a folder that the module `mod.py` beside it hides: no import can reach this file (so
`from vio.layout.beside.mod import helper` is not this module, though it looks like a submodule there)."""


def work():
    return 1
