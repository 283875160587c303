"""A reach that exists on one platform only."""

import sys

from layers import db


def sync():
    if sys.platform == "win32":
        return db.query("sync")
    return None
