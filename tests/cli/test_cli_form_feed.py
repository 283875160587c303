"""`suggest --write` above a def whose line starts with a form feed (a `^L` page break): the directive lands
where the reader takes it, and the edit is kept."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.cli.edit import insert_lines


def test_insert_lines_leaves_the_form_feed_out_of_the_indentation() -> None:
    data = b"X = 1\n\fdef f():\n    return 1\nclass C:\n  \f    def m(self):\n        return 1\n"
    out = insert_lines(data, {2: b"# claims: deterministic", 5: b"# claims: deterministic"})
    assert out == (
        b"X = 1\n# claims: deterministic\n\fdef f():\n    return 1\n"
        b"class C:\n    # claims: deterministic\n  \f    def m(self):\n        return 1\n"
    )


@pytest.mark.parametrize(
    "source", ["X = 1\n\fdef f():\n    return 1\n", "class C:\n\f    def f(self):\n        return 1\n"]
)
def test_write_keeps_a_directive_above_a_form_feed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    module = tmp_path / "pkg" / "m.py"
    module.write_text(source)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(["suggest", "--write", "--no-cache", "--claim", "deterministic"], out, io.StringIO()) == 0
    assert "put back" not in out.getvalue()
    assert "wrote 1 directive" in out.getvalue()
    assert "# claims: deterministic\n" in module.read_text()
    status = main(["check", "--no-cache"], io.StringIO(), io.StringIO())
    assert status == 0
