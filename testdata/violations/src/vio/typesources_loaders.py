"""A class the cases module imports only under `if TYPE_CHECKING:`: it types annotations there, and is never
reached as code."""

import time

LOADED_AT = time.time()  # what importing the module runs: no walk reaches it through an annotation


class Loader:
    def load(self):
        # want: deterministic call time.time from vio.typesources_cases.checked_import via vio.typesources_loaders.Loader.load
        return time.time()

    def name(self):
        return "loader"
