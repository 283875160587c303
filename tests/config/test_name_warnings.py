"""A dotted name in `deny`, `allow`, `trusted`, `trusted-for` or `follow` that names nothing the analysis can find
is a one-line usage warning naming the key and the nearest name that exists; a name that exists is not."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.config import load_config
from pytest_claims.engine import check
from pytest_claims.usage import usage_warnings
from tests.helpers import write

MAIN = """\
import os


def load():
    return os.environ


class Reader:
    def read(self):
        return 1
"""

CONFIG = """\
[tool.claims]
packages = ["shop"]
trusted = ["shop.main.laod", "shop.main.Reader.read", "shop.main"]
follow = []

[tool.claims.deny]
deterministic = ["os.getnev", "os.path.exists", "datetime.datetime.now", "shop.mian"]

[tool.claims.allow]
deterministic = ["pytest.approx", "no_such_distribution_anywhere.x"]

[tool.claims.trusted-for]
sandboxed = ["winreg.QueryValue", "shop"]
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return write(tmp_path, {"pyproject.toml": CONFIG, "shop/__init__.py": "", "shop/main.py": MAIN})


def test_each_misspelt_name_is_named_with_the_nearest_that_exists(root: Path) -> None:
    warnings = usage_warnings(check(root, ["linux"], load_config(root)))
    assert [w.split(": ", 1)[0] + ": " + w.split(": ", 1)[1].split(" ", 1)[0] for w in warnings] == [
        "pyproject.toml [tool.claims] trusted: 'shop.main.laod'",
        "pyproject.toml [tool.claims] deny.deterministic: 'os.getnev'",
        "pyproject.toml [tool.claims] deny.deterministic: 'shop.mian'",
        "pyproject.toml [tool.claims] allow.deterministic: 'no_such_distribution_anywhere.x'",
    ]
    assert warnings[0].endswith("did you mean 'shop.main.load'?")
    assert warnings[1].endswith("did you mean 'os.getenv'?")
    assert warnings[2].endswith("did you mean 'shop.main'?")


def test_check_prints_them_as_warnings_and_still_passes(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check"], out, err) == 5  # no claiming function: the warnings change no exit status
    lines = err.getvalue().splitlines()
    assert len(lines) == 4 and all(line.startswith("warning: pyproject.toml [tool.claims] ") for line in lines)


def test_the_plugin_names_them_in_its_summary(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["shop"]\ndeny = { deterministic = ["os.getnev"] }\n')
    (pytester.path / "shop").mkdir()
    (pytester.path / "shop" / "__init__.py").write_text("# claims: deterministic\ndef f():\n    return 1\n")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "--claims-platform=linux")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["warning: pyproject.toml *tool.claims* deny.deterministic: 'os.getnev' *'os.getenv'*"])
