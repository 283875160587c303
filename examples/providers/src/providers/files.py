"""A file provider: reads through the sandbox, except where it forgets to."""

from providers.fsroot import Root
from providers.text import slugify


class FileProvider:
    def __init__(self, root: Root) -> None:
        self.root = root

    # claims: sandboxed
    def settings(self, name: str) -> list[str]:
        return self.root.read_text(slugify(name) + ".conf").splitlines()

    # claims: sandboxed
    def legacy_settings(self, path: str) -> list[str]:
        with open(path, encoding="utf-8") as handle:
            return handle.read().splitlines()
