"""Direct reaches: each claiming function here touches one capability itself."""

import datetime
import functools
import importlib
import os
import pathlib
import platform
import socket
import subprocess
import sys
import tempfile


# claims: deterministic
def env_call():
    return os.getenv("X")  # want: deterministic call os.getenv from vio.direct.env_call


# claims: deterministic
def env_value():
    g = os.getenv  # want: deterministic reference os.getenv from vio.direct.env_value
    return g("X")  # want: deterministic call os.getenv from vio.direct.env_value


# claims: deterministic
def env_in_dict():
    return {"Env": os.getenv}  # want: deterministic reference os.getenv from vio.direct.env_in_dict


# claims: deterministic
def env_in_map(keys):
    return list(map(os.getenv, keys))  # want: deterministic reference os.getenv from vio.direct.env_in_map # want-blind: `iter(keys)` from vio.direct.env_in_map


# claims: deterministic
def env_partial():
    return functools.partial(os.getenv, "X")  # want: deterministic reference os.getenv from vio.direct.env_partial


# claims: deterministic
def env_compared(getter):
    """A function compared by identity is looked at, not used (`on_delete is CASCADE`): no reach."""
    return getter is os.getenv or getter is not os.putenv


def _reads_env():
    return os.getenv("X")


# claims: deterministic
def compared_to_a_helper(on_delete):
    """The same for a project function: comparing it with `is` does not enter it."""
    return on_delete is _reads_env


# claims: deterministic
def env_compared_then_kept(getter):
    """Beside a comparison, the same name used as a value is still a reference."""
    return getter if getter is os.getenv else os.getenv  # want: deterministic reference os.getenv from vio.direct.env_compared_then_kept


# claims: deterministic
def environ_read():
    return os.environ["X"]  # want: deterministic read os.environ from vio.direct.environ_read


# claims: deterministic
def argv_read():
    return sys.argv[1:]  # want: deterministic read sys.argv from vio.direct.argv_read


# claims: deterministic
def socket_new():
    return socket.socket()  # want: deterministic call socket.socket from vio.direct.socket_new


# claims: sandboxed
def popen(cmd):
    return subprocess.Popen(cmd)  # want: sandboxed call subprocess.Popen from vio.direct.popen


# claims: sandboxed
def path_new(p):
    return pathlib.Path(p)  # want: sandboxed call pathlib.Path from vio.direct.path_new


# claims: sandboxed
def tempdir():
    return tempfile.TemporaryDirectory()  # want: sandboxed call tempfile.TemporaryDirectory from vio.direct.tempdir


# claims: deterministic
def clock_member():
    return datetime.datetime.now()  # want: deterministic call datetime.datetime.now from vio.direct.clock_member


# claims: deterministic
def host_query():
    return platform.machine()  # want: deterministic call platform.machine from vio.direct.host_query


# claims: deterministic
def dynamic_eval(text):
    return eval(text)  # want: deterministic call builtins.eval from vio.direct.dynamic_eval


# claims: deterministic
def hash_of(value):
    return hash(value)  # want: deterministic call builtins.hash from vio.direct.hash_of # want-blind: `hash(value)` from vio.direct.hash_of


# claims: deterministic
def id_of(value):
    return id(value)  # want: deterministic call builtins.id from vio.direct.id_of


# claims: deterministic
def getattr_literal():
    return getattr(os, "getenv")  # want: deterministic reference os.getenv from vio.direct.getattr_literal


# claims: deterministic
def getattr_dynamic(name):
    return getattr(os, name)  # want: deterministic call builtins.getattr from vio.direct.getattr_dynamic


# claims: deterministic
def import_dynamic(name):
    return importlib.import_module(name)  # want: deterministic call importlib.import_module from vio.direct.import_dynamic


# claims: deterministic
def default_argument(cwd=os.getcwd()):  # want: deterministic call os.getcwd from vio.direct.default_argument
    return cwd


# claims: sandboxed
def opens(p):
    with open(p) as handle:  # want: sandboxed call builtins.open from vio.direct.opens # want-blind: `p.__fspath__(...)` from vio.direct.opens
        return handle.read()


# claims: offline
def fetches(host):
    return socket.create_connection((host, 80))  # want: offline call socket.create_connection from vio.direct.fetches


# claims: deterministic, sandboxed
def two_claims(p):
    return open(p)  # want: deterministic call builtins.open from vio.direct.two_claims; sandboxed call builtins.open from vio.direct.two_claims # want-blind: `p.__fspath__(...)` from vio.direct.two_claims


# claims: deterministic
def denied_by_config():
    from vio.legacy import compute

    return compute()  # want: deterministic call vio.legacy.compute from vio.direct.denied_by_config


# claims: deterministic
def dynamic_exec(text):
    exec(text)  # want: deterministic call builtins.exec from vio.direct.dynamic_exec
    return compile(text, "<x>", "exec"), __import__(text)  # want: deterministic call builtins.__import__ from vio.direct.dynamic_exec; deterministic call builtins.compile from vio.direct.dynamic_exec


# claims: deterministic
def interpreter_state():
    return sys.stdin, sys.path, sys.executable, sys.implementation  # want: deterministic read sys.executable from vio.direct.interpreter_state; deterministic read sys.implementation from vio.direct.interpreter_state; deterministic read sys.path from vio.direct.interpreter_state; deterministic read sys.stdin from vio.direct.interpreter_state


# claims: deterministic
def imported_environ():
    from os import environ
    import sysconfig

    return environ.get("X"), sysconfig.get_paths()  # want: deterministic read os.environ from vio.direct.imported_environ; deterministic call sysconfig.get_paths from vio.direct.imported_environ
