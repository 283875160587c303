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
    return os.getenv("X")


# claims: deterministic
def env_value():
    g = os.getenv
    return g


# claims: deterministic
def env_in_dict():
    return {"Env": os.getenv}


# claims: deterministic
def env_in_map(keys):
    return list(map(os.getenv, keys))


# claims: deterministic
def env_partial():
    return functools.partial(os.getenv, "X")


# claims: deterministic
def environ_read():
    return os.environ["X"]


# claims: deterministic
def argv_read():
    return sys.argv[1:]


# claims: deterministic
def socket_new():
    return socket.socket()


# claims: sandboxed
def popen(cmd):
    return subprocess.Popen(cmd)


# claims: sandboxed
def path_new(p):
    return pathlib.Path(p)


# claims: sandboxed
def tempdir():
    return tempfile.TemporaryDirectory()


# claims: deterministic
def clock_member():
    return datetime.datetime.now()


# claims: deterministic
def host_query():
    return platform.machine()


# claims: deterministic
def dynamic_eval(text):
    return eval(text)


# claims: deterministic
def hash_of(value):
    return hash(value)


# claims: deterministic
def id_of(value):
    return id(value)


# claims: deterministic
def getattr_literal():
    return getattr(os, "getenv")


# claims: deterministic
def getattr_dynamic(name):
    return getattr(os, name)


# claims: deterministic
def import_dynamic(name):
    return importlib.import_module(name)


# claims: deterministic
def default_argument(cwd=os.getcwd()):
    return cwd


# claims: sandboxed
def opens(p):
    with open(p) as handle:
        return handle.read()


# claims: offline
def fetches(host):
    return socket.create_connection((host, 80))


# claims: deterministic, sandboxed
def two_claims(p):
    return open(p)


# claims: deterministic
def denied_by_config():
    from vio.legacy import compute

    return compute()


# claims: deterministic
def dynamic_exec(text):
    exec(text)
    return compile(text, "<x>", "exec"), __import__(text)


# claims: deterministic
def interpreter_state():
    return sys.stdin, sys.path, sys.executable, sys.implementation


# claims: deterministic
def imported_environ():
    from os import environ
    import sysconfig

    return environ.get("X"), sysconfig.get_paths()
