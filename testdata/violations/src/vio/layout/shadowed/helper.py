"""The submodule `from vio.layout.shadowed import helper` does not give: the package binds that name itself."""


def work():
    return 1
