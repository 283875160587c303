"""Pure text helpers: they hold every claim they make."""

import re

_NON_WORD = re.compile(r"[^a-z0-9]+")


# claims: deterministic, sandboxed
def slugify(title: str) -> str:
    return _NON_WORD.sub("-", title.lower()).strip("-")


# claims: deterministic, offline
def render(template: str, values: dict[str, str]) -> str:
    return template.format_map({key: slugify(value) for key, value in values.items()})
