"""The storage layer: what the upper layers must not reach."""

import sqlite3


def query(sql):
    return sql.upper()


def connect():
    return sqlite3.connect(":memory:")


def helper():
    return query("x")


class Connection:
    """Has no constructor of its own: building it enters no project function."""

    dsn = ""
