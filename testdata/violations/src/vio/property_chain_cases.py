"""A property read inside a longer chain runs its getter (diskcache's `self._con.execute`), as a read that ends
the chain does."""

import time


class Connection:
    def execute(self, statement):
        return statement


class Store:
    @property
    def _con(self):
        # want: deterministic call time.time from vio.property_chain_cases.Store._sql via vio.property_chain_cases.Store._con
        # want: deterministic call time.time from vio.property_chain_cases.Store.row via vio.property_chain_cases.Store._sql -> vio.property_chain_cases.Store._con
        time.time()
        return Connection()

    @property
    def _plain(self):
        return Connection()

    # claims: deterministic
    @property
    def _sql(self):
        return self._con.execute

    # claims: deterministic
    def row(self):
        sql = self._sql
        return sql("SELECT 1")  # want-blind: `sql("SELECT 1")` from vio.property_chain_cases.Store.row

    # claims: deterministic
    @property
    def _plain_sql(self):
        return self._plain.execute
