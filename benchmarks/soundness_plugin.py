"""pytest plugin of the soundness benchmark: the capability recorder, active from the moment pytest loads it.

Loaded with `-p claims_soundness_plugin` (soundness.py puts it on PYTHONPATH), so it is imported while pytest
parses its arguments: before conftest.py files and test modules, hence before the package under test. The
environment names the package (CLAIMS_SOUNDNESS_PACKAGES, a JSON object name -> directory) and where the
records go (CLAIMS_SOUNDNESS_OUT). Besides the recorder's snapshot, the records hold its structured
`observations` (each chain's frames with absolute files): accountability matches them against blind spots.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from pytest_claims.observe.recorder import Recorder
from pytest_claims.vocabulary import BUILTIN_CLAIMS

_PACKAGES: dict[str, str] = json.loads(os.environ["CLAIMS_SOUNDNESS_PACKAGES"])
_IMPORTED_BEFORE = sorted(name for name in _PACKAGES if name in sys.modules)
_RECORDER = Recorder(_PACKAGES, categories=BUILTIN_CLAIMS["deterministic"]).install()


def pytest_unconfigure(config: Any) -> None:
    _RECORDER.uninstall()
    data = _RECORDER.snapshot()
    data["imported_before_recorder"] = _IMPORTED_BEFORE
    data["observations"] = _RECORDER.observations()  # the chains' frames as (function, absolute file, line)
    with open(os.environ["CLAIMS_SOUNDNESS_OUT"], "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
