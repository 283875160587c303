"""Trusted (see pyproject.toml): claims never walk through it; rules do, since trust is about capabilities."""

from layers import db


def secret():
    return db.helper()
