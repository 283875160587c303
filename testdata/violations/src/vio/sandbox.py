"""The trust boundary for `sandboxed` (`[tool.claims.trusted-for]`): it must touch the file system, by design.

Trusted for `sandboxed` only: a `deterministic` claim walks through it like any project code (semantics §5)."""


def read_text(path):
    with open(path) as handle:  # want: deterministic call builtins.open from vio.users.load_pinned via vio.sandbox.read_text # want-blind: `path.__fspath__(...)` from vio.users.load_pinned via vio.sandbox.read_text
        return handle.read()
