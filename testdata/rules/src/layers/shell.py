"""Stdlib targets: capabilities (subprocess) and plain modules (json) alike."""

import json
import subprocess


def _spawn(args):
    return subprocess.run(args, check=True)


def run_tool(name):
    return _spawn([name])


def encode(value):
    return json.dumps(value, sort_keys=True)


def fail(code):
    raise subprocess.CalledProcessError(code, "tool")
