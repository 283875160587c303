"""An executor's `submit` and `map` run calls on its workers, and a pool starts its threads or processes there, not
when it is built (more-itertools' `callback_iter` builds its pool in `__init__` and submits in `_reader`): on a value
known to be an executor they are reaches, on a value of unknown class a blind spot (semantics §5.11)."""

import concurrent.futures
from concurrent.futures import ThreadPoolExecutor


class Reader:
    def __init__(self, pool, func):
        self._pool = pool
        self._func = func

    # claims: deterministic
    def start(self):
        return self._pool.submit(self._func)  # want-blind: `self._pool.submit(self._func)` from vio.executor_cases.Reader.start


class Batch:
    """A project queue of work, reaching nothing (its method is not named `submit`: a project method of that name
    would make `x.submit()` a blind spot by itself)."""

    def enqueue(self, item):
        return [item]


# claims: deterministic
def submitted(pool: ThreadPoolExecutor, func):
    return pool.submit(func)  # want: deterministic call concurrent.futures._base.Executor.submit from vio.executor_cases.submitted


# claims: deterministic
def mapped(pool: concurrent.futures.ProcessPoolExecutor, func):
    return list(pool.map(func, [1, 2]))  # want: deterministic call concurrent.futures._base.Executor.map from vio.executor_cases.mapped


# claims: deterministic
def batched():
    return Batch().enqueue(1)
