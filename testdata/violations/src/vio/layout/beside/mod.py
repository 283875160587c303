"""The module `vio.layout.beside.mod`: what `import vio.layout.beside.mod` runs."""

import os


def helper():
    return os.getenv("X")  # want: deterministic call os.getenv from vio.layout.cases.module_beside_a_folder via vio.layout.beside.mod.helper
