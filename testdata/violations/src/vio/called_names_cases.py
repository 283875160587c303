"""Argument values under another name of the function: the project's calls of a claimed function are found under
every name a module binds it to (`from ... import invokes as go`), written through that module
(`called_names_alias.go(time.time)` in `called_names_users.py`), and resolved to tell."""


# claims: deterministic
def invokes(fn):
    return fn()  # want-blind: `fn()` from vio.called_names_cases.invokes


# claims: deterministic
def steady(fn):
    return fn()  # want-blind: `fn()` from vio.called_names_cases.steady
