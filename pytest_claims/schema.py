"""The JSON Schema of `[tool.claims]`, shipped as `data/tool-claims.schema.json` for validate-pyproject (its
`validate_pyproject.tool_schema` entry point names `tool_schema`) and for editors. `config` stays the full check:
the schema cannot see whether a path exists or a name is both trusted and denied."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "tool_schema"]

SCHEMA_FILE = "data/tool-claims.schema.json"


def tool_schema(tool: str = "claims") -> dict[str, Any]:
    """The `[tool.${tool}]` table of pytest-claims: what to load, the target platforms, what is trusted, denied
    or allowed per claim, custom claims and forbid-reaches rules."""
    text = resources.files("pytest_claims").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
