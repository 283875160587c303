"""Calls across the trust boundary pass; methods on the handles it returns are not acquisitions."""

from vio import sandbox


# claims: sandboxed
def load_settings(path):
    return sandbox.read_text(path).splitlines()  # no blind spot: no class of this tree binds `splitlines`


# claims: deterministic, sandboxed
def load_pinned(path):
    """`vio.sandbox` is trusted for `sandboxed` only: the sandboxed claim holds through it, while reading a
    file through the sandbox still breaks `deterministic` (the violation is pinned in `sandbox.py`)."""
    return sandbox.read_text(path)
