"""Module state read from other modules (semantics §7): every reader reaches what the binding evaluates, whichever
reader the walk met first (the answer for `from vio.state_source import SEED` is shared by every module that
imports it, and so are the state reads that come with it)."""

import os

SEED = int(os.environ.get("SEED", "0"))  # want: deterministic read os.environ from vio.state_readers_a.first_reader via vio.state_source.SEED; deterministic read os.environ from vio.state_readers_b.second_reader via vio.state_source.SEED; deterministic read os.environ from vio.state_readers_b.through_module via vio.state_source.SEED # want-blind: `os.environ.get(...).__int__(...)` from vio.state_readers_a.first_reader via vio.state_source.SEED # want-blind: `os.environ.get(...).__int__(...)` from vio.state_readers_b.second_reader via vio.state_source.SEED # want-blind: `os.environ.get(...).__int__(...)` from vio.state_readers_b.through_module via vio.state_source.SEED
LIMIT = 10
