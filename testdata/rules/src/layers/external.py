"""Third-party code: opaque, so a rule whose walk touches it is unevaluable, unless a path is definite."""

import requests

from layers import db


def fetch_user(uid):
    return requests.get(uid)


def mixed(uid):
    return requests.get(uid), db.query(uid)
