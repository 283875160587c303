"""A project module re-exporting attrs's `ib`, and a function that merely shares the name `field`."""

from attr import ib


def field(value):
    return value


__all__ = ["field", "ib"]
