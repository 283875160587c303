"""Calls across the trust boundary pass; methods on the handles it returns are not acquisitions."""

from vio import sandbox


# claims: sandboxed
def load_settings(path):
    return sandbox.read_text(path).splitlines()  # want-blind: `sandbox.read_text(path).splitlines()` from vio.users.load_settings

