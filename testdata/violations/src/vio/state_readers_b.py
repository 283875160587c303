"""The second module to read vio.state_source's state: its readers reach it too (see there)."""

import vio.state_source
from vio.state_source import LIMIT, SEED


# claims: deterministic
def second_reader():
    return SEED * 2


# claims: deterministic
def through_module():
    return vio.state_source.SEED


# claims: deterministic
def reads_a_constant_too():
    return LIMIT
