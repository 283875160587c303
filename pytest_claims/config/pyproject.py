"""The one file the configuration lives in: read and parsed (a problem is a `ConfigError` naming it), or looked at
only for whether it holds a `[tool.claims]` table."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from pytest_claims.config.messages import ConfigError
from pytest_claims.files import read_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

PYPROJECT = "pyproject.toml"
"""The only file the configuration is read from, at the project root."""

_CLAIMS_HEADER = re.compile(
    r"^[ \t]*\[{1,2}[ \t]*[\"']?tool[\"']?[ \t]*\.[ \t]*[\"']?claims[\"']?[ \t]*[\].]", re.MULTILINE
)
"""A `[tool.claims...]` header, for a file that does not parse: its errors are the project's to report."""


def holds_claims_table(file: Path) -> bool:
    """Whether `file` is a pyproject.toml that configures pytest-claims. A file that cannot be read as TOML holds
    the table when its text shows the header, so `load_config` then names the error; one that cannot be read at
    all (or is not a file) holds nothing."""
    try:
        if not file.is_file():
            return False
        text = read_file(file).decode("utf-8", errors="replace")
    except OSError:
        return False
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return _CLAIMS_HEADER.search(text) is not None
    tool = document.get("tool")
    return isinstance(tool, dict) and "claims" in tool


def read_document(file: Path, display: str) -> tuple[str, dict[str, Any]]:
    """The file's text and parsed document; unreadable or malformed TOML is a usage error."""
    try:
        data = read_file(file)  # never opens a FIFO or a device: a read from one may never end
    except OSError as error:
        raise ConfigError(f"{display}: cannot read the file: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{display}: invalid TOML: not UTF-8 ({error.reason} at byte {error.start})") from None
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        detail = " ".join(str(error).split())
        raise ConfigError(f"{display}: invalid TOML: {detail}") from None
    return text, document
