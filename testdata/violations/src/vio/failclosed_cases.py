"""Fail closed in resolution: what the analysis cannot decide keeps both ways open.

A `try` whose body may raise `ImportError` other than through a stdlib import keeps its `except ImportError:`
handler live; the stdlib-only body keeps it dead on a target that has the modules.
"""

import os
import time


def _raises_import_error():
    raise ImportError("not here")


def _dumps_plain(value):
    return str(value)  # want-blind: `str(value)` from vio.failclosed_cases.uses_module_fallback via vio.failclosed_cases._dumps_plain


def _loads_plain(value):
    return str(value)  # want-blind: `str(value)` from vio.failclosed_cases.uses_dead_module_fallback via vio.failclosed_cases._loads_plain


# -- except ImportError: the handler is dead only when every statement is a stdlib import --------------------------
try:
    import json

    _raises_import_error()
except ImportError:

    def _dumps_plain(value):
        return os.getenv("DUMPS")  # want: deterministic call os.getenv from vio.failclosed_cases.uses_module_fallback via vio.failclosed_cases._dumps_plain

try:
    import json as _json2
    from os import path as _path2
except ImportError:

    def _loads_plain(value):
        return os.getenv("LOADS")


# claims: deterministic
def uses_module_fallback():
    return _dumps_plain(1)


# claims: deterministic
def uses_dead_module_fallback():
    return _loads_plain(1), _json2, _path2


# claims: deterministic
def relative_import_in_try():
    try:
        import json

        from . import helpers
    except ImportError:
        return time.time()  # want: deterministic call time.time from vio.failclosed_cases.relative_import_in_try
    return json, helpers


# claims: deterministic
def project_call_in_try():
    try:
        import json

        _raises_import_error()
    except ImportError:
        return time.time()  # want: deterministic call time.time from vio.failclosed_cases.project_call_in_try
    return json


# claims: deterministic
def explicit_raise_in_try():
    try:
        import json

        raise ModuleNotFoundError("json")
    except (ValueError, ModuleNotFoundError):
        return time.time()  # want: deterministic call time.time from vio.failclosed_cases.explicit_raise_in_try
    return json


# claims: deterministic
def stdlib_imports_only():
    try:
        import json
        from os import path
    except ImportError:
        return time.time()
    return json, path
