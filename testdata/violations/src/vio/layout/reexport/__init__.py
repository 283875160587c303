"""A package re-exporting a function under its submodule's name: after `from .tool import tool` the attribute
`tool` is the function (the import set it to the submodule first, then the name was bound again)."""

from .tool import tool as tool
