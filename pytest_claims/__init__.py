"""pytest-claims: functions declare what they guarantee; a static pass proves it.

Importing the package is cheap and never imports pytest: it only exposes the run-time side (the `claims`
decorator and the hermetic view). The pytest plugin lives in `pytest_claims.plugin`.
"""

from pytest_claims.runtime import ClaimError, claims, hermetic

__all__ = ["ClaimError", "__version__", "claims", "hermetic"]

__version__ = "0.1.0"
