"""A field set to a builtin's copy of a comprehension holds its elements (diskcache's `FanoutCache._shards =
tuple(Cache(...) for num in range(shards))`), beside what any other code may put in it."""

import time


class Shard:
    def get(self, key):
        return time.time()  # want: deterministic call time.time from vio.copied_elements_cases.Fanout.get via vio.copied_elements_cases.Shard.get


class PureShard:
    def get(self, key):
        return key


class Fanout:
    def __init__(self, count):
        self._shards = tuple(Shard() for num in range(count))

    # claims: deterministic
    def get(self, key):
        for shard in self._shards:
            return shard.get(key)  # want-blind: `shard.get(key)` from vio.copied_elements_cases.Fanout.get # want-blind: `hash(key)` from vio.copied_elements_cases.Fanout.get


class PureFanout:
    def __init__(self, count):
        self._shards = list([PureShard() for num in range(count)])

    # claims: deterministic
    def get(self, key):
        for shard in self._shards:
            return shard.get(key)  # want-blind: `shard.get(key)` from vio.copied_elements_cases.PureFanout.get # want-blind: `hash(key)` from vio.copied_elements_cases.PureFanout.get
