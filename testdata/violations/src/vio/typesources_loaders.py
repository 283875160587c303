"""A class the cases module imports only under `if TYPE_CHECKING:`: it types annotations there, and is never
reached as code."""

import time


class Loader:
    def load(self):
        # want: deterministic call time.time from vio.typesources_cases.checked_import via vio.typesources_loaders.Loader.load
        return time.time()

    def name(self):
        return "loader"
