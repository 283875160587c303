"""`pytest-claims check` on claims in files no import can name: a refusal at each directive, the run refused."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.cli.common import EXIT_REFUSED

CLAIMED = 'import os\n\n\n# claims: deterministic\ndef f():\n    return os.getenv("X")\n'


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue() + err.getvalue()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    files = {
        "pkg/__init__.py": "",
        "pkg/ok.py": "# claims: deterministic\ndef fine():\n    return 1\n",
        "pkg/dash-name.py": CLAIMED,
        "pkg/sub-dir/deeper/x.py": CLAIMED,
        # the decorator renamed in the file itself, and one spelled in full
        "pkg/9lives.py": "from pytest_claims import claims as vow\n\n\n@vow('deterministic')\ndef g():\n    return 1\n",
        "pkg/b.py": "import pytest_claims\n\n\n@pytest_claims.claims('sandboxed')\ndef k():\n    return 1\n",
        "pkg/b/__init__.py": "",
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_refuses_each_directive(project: Path) -> None:
    status, output = run("check", "--no-cache")
    refused = [line for line in output.splitlines() if line.startswith("refused: ")]
    assert refused == [
        "refused: pkg/9lives.py:4: claims in a file no import can name (`9lives` is not a Python identifier):"
        " not checked; rename the file or move them",
        "refused: pkg/b.py:4: claims in a file no import can name (`pkg.b` is the package pkg/b/):"
        " not checked; rename the file or move them",
        "refused: pkg/dash-name.py:4: claims in a file no import can name (`dash-name` is not a Python identifier):"
        " not checked; rename the file or move them",
        "refused: pkg/sub-dir/deeper/x.py:4: claims in a file no import can name (the directory name `sub-dir` is"
        " not a Python identifier): not checked; rename the file or move them",
    ]
    assert "claims checked: 1" in output
    assert status == EXIT_REFUSED


def test_check_of_the_file_alone_and_warm(project: Path) -> None:
    for _ in range(2):  # cold, then from the snapshot and the facts cache
        status, output = run("check", "pkg/dash-name.py")
        assert "refused: pkg/dash-name.py:4: claims in a file no import can name" in output
        assert status == EXIT_REFUSED
