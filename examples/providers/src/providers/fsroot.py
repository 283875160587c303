"""The sandbox: the one place allowed to touch the file system (`trusted` in pyproject.toml)."""

import os


class Root:
    def __init__(self, base: str) -> None:
        self.base = os.path.abspath(base)

    def read_text(self, name: str) -> str:
        path = os.path.normpath(os.path.join(self.base, name))
        if not path.startswith(self.base + os.sep):
            raise PermissionError(name)
        with open(path, encoding="utf-8") as handle:
            return handle.read()
