"""A decoration in another module than the decorator's: the chain's step into the def is this module's `@`."""

import os

from vio.decorated_cases import Checked


@Checked(str)
def from_env(cls, value):
    return os.getenv(value)  # want: deterministic call os.getenv from vio.decorated_cases.Checked.__call__ via vio.decorated_users.from_env
