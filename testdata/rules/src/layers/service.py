"""The service layer: the only one allowed to talk to the database."""

from layers import db


def fetch(key):
    return db.query(key)


def pure(value):
    return value * 2


def open_connection():
    return db.Connection()
