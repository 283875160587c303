"""Reaches the database only through the trusted vault."""

from layers import vault


def record():
    return vault.secret()
