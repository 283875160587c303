"""Content addressing: the same bytes always give the same address."""

import hashlib

from pytest_claims import claims


@claims("deterministic", "sandboxed")
def address(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()
