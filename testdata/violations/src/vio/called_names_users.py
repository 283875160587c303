"""Calls of `called_names_cases`' claimed functions under the names `called_names_alias` binds them to."""

import time

from vio import called_names_alias


def later():
    return called_names_alias.go(time.time)  # want: deterministic call time.time from vio.called_names_cases.invokes


def calmly():
    return called_names_alias.calm(str)
