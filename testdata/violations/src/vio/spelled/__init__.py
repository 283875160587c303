"""The decorator re-exported and renamed (issue 16): `@claims` is resolved like any other name."""

from pytest_claims import claims
from pytest_claims import claims as promise

__all__ = ["claims", "promise"]
