"""`load_config`: `[tool.claims]` read, every key checked once, and frozen into a `Config` (the defaults when there
is no table)."""

from __future__ import annotations

import os
from pathlib import Path

from pytest_claims.config.claims import claim_table, define_claims, refuse_trusted_and_denied
from pytest_claims.config.defaults import DEFAULT_EXCLUDE, DEFAULT_MAX_WALK, DYNAMIC_CALLS
from pytest_claims.config.detection import detect_packages
from pytest_claims.config.keys import EXTERNAL_VALUES, ON_UNEVALUABLE_VALUES, TOP_KEYS
from pytest_claims.config.messages import ConfigError, describe
from pytest_claims.config.model import Config, frozen_map
from pytest_claims.config.pyproject import PYPROJECT, read_document
from pytest_claims.config.rules import forbid_reaches
from pytest_claims.config.values import (
    Reader,
    boolean,
    choice,
    dotted_list,
    exclude_patterns,
    followed,
    max_walk,
    package_paths,
    platforms,
)
from pytest_claims.vocabulary import BUILTIN_CLAIMS, DEFAULT_PLATFORMS


def _defaults(root: Path, file: Path | None, present: bool, packages: tuple[str, ...]) -> Config:
    return Config(
        root=root,
        file=file,
        present=present,
        packages=packages,
        exclude=DEFAULT_EXCLUDE,
        platform=None,
        platforms=DEFAULT_PLATFORMS,
        trusted=(),
        trusted_for=frozen_map({}),
        deny=frozen_map({}),
        allow=frozen_map({}),
        external="unevaluable",
        follow=(),
        on_unevaluable="fail",
        mutating_returns=(),
        max_walk=DEFAULT_MAX_WALK,
        dynamic_calls=DYNAMIC_CALLS[0],
        claims_observe=False,
        define=frozen_map({}),
        forbid_reaches=(),
    )


def load_config(root: Path) -> Config:
    """Read, validate and freeze `[tool.claims]` from `<root>/pyproject.toml`.

    A missing file or a file without the table gives the defaults with `present=False`; anything malformed is
    a `ConfigError` whose one-line message starts with the file's path.
    """
    root = Path(os.path.abspath(root))
    file = root / PYPROJECT
    display = PYPROJECT
    if not file.exists():
        return _defaults(root, None, False, detect_packages(root))
    text, document = read_document(file, display)
    tool = document.get("tool")
    if tool is None:
        return _defaults(root, file, False, detect_packages(root))
    if not isinstance(tool, dict):
        raise ConfigError(f"{display}: [tool] expected a table, got {describe(tool)}")
    if "claims" not in tool:
        return _defaults(root, file, False, detect_packages(root))
    table = tool["claims"]
    reader = Reader(root, display, text)
    if not isinstance(table, dict):
        reader.fail("[tool.claims]", f"expected a table, got {describe(table)}")
    reader.check_keys(table, TOP_KEYS, "[tool.claims]")

    define = define_claims(reader, table["define"]) if "define" in table else {}
    known_claims = [*BUILTIN_CLAIMS, *define]
    deny = claim_table(reader, "deny", table["deny"], known_claims) if "deny" in table else {}
    allow = claim_table(reader, "allow", table["allow"], known_claims) if "allow" in table else {}
    for claim in sorted(set(deny) & set(allow)):
        both = sorted(set(deny[claim]) & set(allow[claim]))
        if both:
            reader.fail("[tool.claims]", f"{both[0]!r} is both in deny.{claim} and in allow.{claim}")
    where = "[tool.claims]"
    trusted = dotted_list(reader, where, "trusted", table.get("trusted", []))
    trusted_for = (
        claim_table(reader, "trusted-for", table["trusted-for"], known_claims) if "trusted-for" in table else {}
    )
    refuse_trusted_and_denied(reader, trusted, trusted_for, deny, define)

    exclude = exclude_patterns(reader, table["exclude"]) if "exclude" in table else DEFAULT_EXCLUDE
    detected = "packages" not in table
    packages = detect_packages(root, exclude) if detected else package_paths(reader, table["packages"])

    return Config(
        root=root,
        file=file,
        present=True,
        packages=packages,
        exclude=exclude,
        platform=platforms(reader, "platform", table["platform"]) if "platform" in table else None,
        platforms=platforms(reader, "platforms", table["platforms"]) if "platforms" in table else DEFAULT_PLATFORMS,
        trusted=trusted,
        trusted_for=frozen_map(trusted_for),
        deny=frozen_map(deny),
        allow=frozen_map(allow),
        external=choice(reader, "external", table.get("external", "unevaluable"), EXTERNAL_VALUES),
        follow=followed(reader, where, table.get("follow", [])),
        on_unevaluable=choice(reader, "on-unevaluable", table.get("on-unevaluable", "fail"), ON_UNEVALUABLE_VALUES),
        mutating_returns=dotted_list(reader, where, "mutating-returns", table.get("mutating-returns", [])),
        max_walk=max_walk(reader, table.get("max-walk", DEFAULT_MAX_WALK)),
        dynamic_calls=choice(reader, "dynamic-calls", table.get("dynamic-calls", DYNAMIC_CALLS[0]), DYNAMIC_CALLS),
        claims_observe=boolean(reader, "claims-observe", table.get("claims-observe", False)),
        define=frozen_map(define),
        forbid_reaches=forbid_reaches(reader, table["forbid-reaches"]) if "forbid-reaches" in table else (),
    )
