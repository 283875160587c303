"""Other names of `called_names_cases`' claimed functions (no call here)."""

from vio.called_names_cases import invokes as go
from vio.called_names_cases import steady as calm

__all__ = ["calm", "go"]
