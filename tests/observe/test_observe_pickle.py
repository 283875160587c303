"""Pickling and copying what holds a wrapper behaves as with the original (docs/observe.md): a test that pickles
an object storing `random.choice` (cachetools' RRCache) passes with observation as without."""

from __future__ import annotations

import copy
import os
import pathlib
import pickle
import random
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pytest_claims.observe.recorder import Recorder
from pytest_claims.observe.wrappers import unwrapped

CATEGORIES = {"env", "fs", "dynamic", "clock", "interpreter", "random"}


class Holder:
    """An object storing callables in its attributes, as cachetools' RRCache stores `choice=random.choice`."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)

    def __eq__(self, other: object) -> bool:
        return type(other) is Holder and vars(self) == vars(other)


INSTANCE = random.Random(7)
"""A module-level instance whose bound methods are held (as `random.choice` is `random._inst.choice`)."""

CASES: dict[str, Callable[[], Any]] = {
    "random.choice": lambda: random.choice,
    "random.random": lambda: random.random,
    "random.shuffle": lambda: random.shuffle,
    "time.monotonic": lambda: time.monotonic,
    "os.getcwd": lambda: os.getcwd,
    "os.urandom": lambda: os.urandom,
    "shutil.rmtree": lambda: shutil.rmtree,
    "uuid.uuid4": lambda: uuid.uuid4,
    "open": lambda: open,
    "Path.read_text": lambda: pathlib.Path.read_text,
    "Path.cwd": lambda: pathlib.Path.cwd,
    "a bound Path.read_text": lambda: pathlib.Path("x").read_text,
    "random.Random": lambda: random.Random,
    "subprocess.Popen": lambda: subprocess.Popen,
    "Random.__init__": lambda: random.Random.__init__,
    "random.Random(5)": lambda: random.Random(5),
    "INSTANCE.random": lambda: INSTANCE.random,
    "INSTANCE.choice": lambda: INSTANCE.choice,
    "os.environ": lambda: os.environ,
    "os.environ.get": lambda: os.environ.get,
    "os.environ.__getitem__": lambda: os.environ.__getitem__,
    "a holder": lambda: Holder(
        choice=random.choice,
        random=random.random,
        clock=time.monotonic,
        cwd=os.getcwd,
        cls=random.Random,
        instance=random.Random(3),
        method=INSTANCE.choice,
        data={1: 1, 2: 2},
    ),
}


def _round_trip(value: Any) -> Any:
    results = [pickle.loads(pickle.dumps(value, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    return results[-1]


def _outcome(make: Callable[[], Any], operation: Callable[[Any], Any]) -> tuple[Any, ...]:
    """What an operation on a fresh value gives, as the code under test could tell: raised what, or a result
    of which type, identical or equal to the value, equal to what the name denotes now."""
    value = make()
    try:
        result = operation(value)
    except Exception as error:
        return ("raised", type(error).__name__)
    return ("ok", type(unwrapped(result)).__name__, result is value, result == value, result == make())


OPERATIONS: dict[str, Callable[[Any], Any]] = {"pickle": _round_trip, "copy": copy.copy, "deepcopy": copy.deepcopy}


def _outcomes() -> dict[tuple[str, str], tuple[Any, ...]]:
    return {
        (case, name): _outcome(make, operation)
        for case, make in CASES.items()
        for name, operation in OPERATIONS.items()
    }


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    recording = Recorder({}, categories=CATEGORIES).install()
    try:
        yield recording
    finally:
        recording.uninstall()


def test_the_cases_hold_wrappers(recorder: Recorder) -> None:
    for wrapped in (random.choice, random.random, time.monotonic, os.getcwd, shutil.rmtree, open):
        assert unwrapped(wrapped) is not wrapped
    assert unwrapped(random.Random.__init__) is not random.Random.__init__


def test_pickle_and_copy_behave_as_without_observation() -> None:
    expected = _outcomes()
    recording = Recorder({}, categories=CATEGORIES).install()
    try:
        seen = _outcomes()
    finally:
        recording.uninstall()
    assert {key: value for key, value in seen.items() if value != expected[key]} == {}


def test_a_cache_storing_random_choice_round_trips(recorder: Recorder) -> None:
    source = Holder(choice=random.choice, data={1: 1, 2: 2})
    cache = pickle.loads(pickle.dumps(source))
    assert cache.data == source.data
    assert cache.choice([4, 5]) in (4, 5)
    assert copy.deepcopy(source).data == source.data
    assert copy.copy(source).choice == random.choice


def test_module_level_names_come_back_as_the_wrapper(recorder: Recorder) -> None:
    names: tuple[Any, ...] = (time.monotonic, os.getcwd, shutil.rmtree, random.Random, pathlib.Path.read_text, open)
    for value in names:
        assert pickle.loads(pickle.dumps(value)) is value
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
    for value in (random.random, random.choice):  # bound to the module's generator
        assert copy.copy(value) == value
    assert copy.deepcopy(random.random) is random.random


def test_unpickling_gives_what_the_name_denotes_now() -> None:
    names = (time.monotonic, os.getcwd, shutil.rmtree)
    plain = pickle.dumps(names)
    recording = Recorder({}, categories=CATEGORIES).install()
    try:
        observed = pickle.dumps((time.monotonic, os.getcwd, shutil.rmtree))
        clock, cwd, rmtree = pickle.loads(plain)
        assert clock is time.monotonic and rmtree is shutil.rmtree
        assert cwd is unwrapped(os.getcwd)  # pickled as posix.getcwd, which observation leaves alone
    finally:
        recording.uninstall()
    assert pickle.loads(observed) == names


def test_a_wrapper_equals_and_hashes_as_its_original() -> None:
    before = (time.monotonic, os.getcwd, random.choice, shutil.rmtree)
    recording = Recorder({}, categories=CATEGORIES).install()
    try:
        now = (time.monotonic, os.getcwd, random.choice, shutil.rmtree)
        assert all(unwrapped(value) is not value for value in now)
        assert now == before and before == now
        assert [hash(value) for value in now] == [hash(value) for value in before]
        assert {value: index for index, value in enumerate(before)}[random.choice] == 2
        assert random.choice == unwrapped(random.choice).__self__.choice  # looked up again
        assert random.choice != INSTANCE.choice and time.monotonic != time.time
    finally:
        recording.uninstall()
