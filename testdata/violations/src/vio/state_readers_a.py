"""The first module to read vio.state_source's state (see there)."""

from vio.state_source import LIMIT, SEED


# claims: deterministic
def first_reader():
    return SEED + 1


# claims: deterministic
def reads_a_constant():
    return LIMIT
