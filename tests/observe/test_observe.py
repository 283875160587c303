"""The run-time recorder (pytest_claims.observe.recorder) on a tiny synthetic package: no network, no corpus."""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.observe.recorder import Recorder

SOURCE = """
import contextlib
import datetime
import gzip
import io
import os
import pathlib
import platform
import random
import shutil
import time
import zipfile
from platform import system as host_system


def direct():
    return os.getenv("CLAIMS_OBSERVE_PROBE")


def outer():
    return direct()


@contextlib.contextmanager
def scope():
    yield os.getenv("CLAIMS_OBSERVE_PROBE")


def through_stdlib():
    with scope() as value:
        return value


def which():
    return shutil.which("definitely-not-a-command-claims")


def evaluate(x):
    return eval("x + 1")


def imports():
    import json

    return json.dumps(1), __import__("json").dumps(2)


def read(path):
    return pathlib.Path(path).read_text()


def fails(path):
    return open(path)


def env_get():
    return os.environ.get("CLAIMS_OBSERVE_PROBE"), "CLAIMS_OBSERVE_PROBE" in os.environ


def walk(path):
    return [directory for directory, _, _ in os.walk(path)]


def generators():
    return random.Random(5), random.SystemRandom()


def copies(source, target):
    return shutil.copytree(source, target, ignore=ignored)


def ignored(directory, names):
    probe = os.getenv("CLAIMS_OBSERVE_PROBE")
    return [probe] if probe in names else []


def opens(path):
    with open(path, opener=os.open) as handle:
        return handle.read()


def never_called():
    return os.getenv("X")


def format_tuple():
    return time.strftime("%Y", (2020, 1, 1, 0, 0, 0, 0, 1, 0))


def format_now():
    return time.strftime("%Y")


def format_zone():
    return time.strftime("%Z", (2020, 1, 1, 0, 0, 0, 0, 1, 0))


def format_datetime():
    return datetime.datetime(2020, 1, 1).strftime("%Y")


def compress_fixed():
    return gzip.compress(b"x", mtime=0)


def compress_stamped():
    return gzip.compress(b"x")


def guarded_mode():
    if platform.system() == "Windows":
        return 1
    return 0


def guarded_forms():
    first = "w" if host_system() in ("Windows", "Darwin") else "x"
    match platform.system():
        case "Linux":
            second = 1
        case _:
            second = 2
    if not platform.system().startswith("CYGWIN") and sys_name_fixed():
        return first, second
    return first, second


def sys_name_fixed():
    return True


def system_name():
    return platform.system()


def lowered_guard():
    if platform.system().lower() == "windows":
        return 1
    return 0


def mixed_guard():
    if platform.system() == "Windows" or len(system_name()) > 100:
        return 1
    return 0


def archive(named):
    with zipfile.ZipFile(io.BytesIO(), "w") as archive:
        archive.writestr(named if named else zipfile.ZipInfo("a", (2020, 1, 1, 0, 0, 0)), b"x")
"""


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    name = f"claims_observe_probe_{abs(hash(str(tmp_path))) % 10**8}"
    directory = tmp_path / name
    directory.mkdir()
    (directory / "__init__.py").write_text("")
    (directory / "mod.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CLAIMS_OBSERVE_PROBE", "probe-value")
    yield name, directory
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


@pytest.fixture
def observed(package: tuple[str, Path]) -> Iterator[tuple[Recorder, types.ModuleType]]:
    name, directory = package
    recorder = Recorder({name: directory}, categories={"env", "fs", "dynamic", "clock", "interpreter", "random"})
    recorder.install()
    try:
        module = importlib.import_module(f"{name}.mod")
        yield recorder, module
    finally:
        recorder.uninstall()


def _touches(recorder: Recorder) -> dict[str, dict[str, Any]]:
    return {function: record["capabilities"] for function, record in recorder.snapshot()["observed"].items()}


def _short(recorder: Recorder, module: types.ModuleType) -> dict[str, set[str]]:
    prefix = module.__name__ + "."
    return {function.removeprefix(prefix): set(capabilities) for function, capabilities in _touches(recorder).items()}


def test_attribution_stops_at_test_code_and_names_the_chain(observed: tuple[Recorder, types.ModuleType]) -> None:
    recorder, module = observed
    assert module.outer() == "probe-value"  # the wrapped call returns what the original returns
    assert _short(recorder, module) == {"outer": {"os.getenv"}, "direct": {"os.getenv"}}
    touch = _touches(recorder)[f"{module.__name__}.outer"]["os.getenv"]
    assert touch["categories"] == ["env"]
    assert touch["count"] == 1
    [chain] = touch["chains"]
    assert [hop.split(" (")[0] for hop in chain["chain"]] == [
        f"{module.__name__}.outer",
        f"{module.__name__}.direct",
        "os.getenv",
    ]
    assert chain["inside"] is None
    executed = recorder.executed()
    assert {f"{module.__name__}.outer", f"{module.__name__}.direct"} <= executed
    assert f"{module.__name__}.never_called" not in executed


def test_stdlib_frames_between_project_frames_are_skipped(observed: tuple[Recorder, types.ModuleType]) -> None:
    recorder, module = observed
    assert module.through_stdlib() == "probe-value"
    # contextlib's __enter__ sits between through_stdlib and scope: both are attributed.
    assert _short(recorder, module) == {"through_stdlib": {"os.getenv"}, "scope": {"os.getenv"}}


def test_a_touch_inside_a_wrapped_call_is_the_outer_call(observed: tuple[Recorder, types.ModuleType]) -> None:
    recorder, module = observed
    assert module.which() is None
    # shutil.which reads os.environ and stats files: recorded once, as shutil.which
    assert _short(recorder, module) == {"which": {"shutil.which"}}


def test_a_wrapped_python_function_is_one_touch_while_it_runs(
    observed: tuple[Recorder, types.ModuleType], tmp_path: Path
) -> None:
    # no wrapper frame is on the stack: the wrapped function's own code tells a touch inside it
    recorder, module = observed
    (tmp_path / "tree" / "sub").mkdir(parents=True)
    assert module.walk(str(tmp_path / "tree")) == [str(tmp_path / "tree"), str(tmp_path / "tree" / "sub")]
    module.generators()  # SystemRandom's __init__ is Random's: its wrapper wraps the original, not Random's wrapper
    (tmp_path / "tree" / "probe-value").write_text("")
    module.copies(tmp_path / "tree", tmp_path / "copy")
    assert not (tmp_path / "copy" / "probe-value").exists()
    touches = _short(recorder, module)
    assert "os.walk" in touches["walk"]
    if inspect.isgeneratorfunction(inspect.unwrap(os.walk)):  # 3.12+; before, os.walk returns a helper's generator
        assert touches["walk"] == {"os.walk"}  # the generator's body is os.walk's: no scandir of its own
    # SystemRandom (under the name of whichever module was wrapped first) and Random, each called once
    assert len(touches["generators"]) == 2
    assert _touches(recorder)[f"{module.__name__}.generators"]["random.Random"]["count"] == 1
    assert touches["copies"] == {"shutil.copytree", "os.getenv"}  # the callback's touch passes through copytree
    assert touches["ignored"] == {"os.getenv"}
    [chain] = _touches(recorder)[f"{module.__name__}.copies"]["os.getenv"]["chains"]
    assert [hop.split(" (")[0].removeprefix(module.__name__ + ".") for hop in chain["chain"]] == [
        "copies",
        "ignored",
        "os.getenv",
    ]


def test_a_wrapped_entry_point_handed_to_c_code_is_a_touch_of_its_own(
    observed: tuple[Recorder, types.ModuleType], tmp_path: Path
) -> None:
    # `open` is C code: nothing on the stack tells that it, not the project, calls the opener
    recorder, module = observed
    (tmp_path / "data.txt").write_text("content")
    assert module.opens(str(tmp_path / "data.txt")) == "content"
    assert _short(recorder, module) == {"opens": {"builtins.open", "os.open"}}


def test_wrappers_pickle_as_the_originals_do(observed: tuple[Recorder, types.ModuleType]) -> None:
    import pickle
    import time

    for wrapped in (time.time, os.getcwd, shutil.rmtree, Path.read_text, os.environ.__class__.__getitem__):
        assert pickle.loads(pickle.dumps(wrapped)) is wrapped


def test_environ_reads_and_dynamic_code(observed: tuple[Recorder, types.ModuleType]) -> None:
    recorder, module = observed
    assert module.env_get() == ("probe-value", True)
    assert module.evaluate(41) == 42  # eval sees the caller's locals, as the original does
    assert module.imports() == ("1", "2")
    touches = _short(recorder, module)
    assert touches["env_get"] == {"os.environ"}
    assert touches["evaluate"] == {"builtins.eval"}
    assert touches["imports"] == {"builtins.__import__"}  # the explicit call; the import statement is not one


def test_value_methods_and_exceptions_pass_through(observed: tuple[Recorder, types.ModuleType], tmp_path: Path) -> None:
    recorder, module = observed
    target = tmp_path / "data.txt"
    target.write_text("content")
    assert module.read(str(target)) == "content"
    with pytest.raises(FileNotFoundError) as raised:
        module.fails(str(tmp_path / "missing"))
    assert raised.value.filename == str(tmp_path / "missing")
    touches = _short(recorder, module)
    assert "pathlib.Path.read_text" in touches["read"]
    assert touches["fails"] == {"builtins.open"}


def test_recording_never_recurses_into_the_recorder(
    observed: tuple[Recorder, types.ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder, module = observed
    attribute = recorder._attribute
    depth = [0, 0]  # current, deepest

    def noisy(*args: Any) -> None:
        depth[0] += 1
        depth[1] = max(depth)
        try:
            assert os.getenv("CLAIMS_OBSERVE_PROBE") == "probe-value"  # a wrapped entry point, while recording
            attribute(*args)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(recorder, "_attribute", noisy)
    assert module.direct() == "probe-value"
    assert depth == [0, 1]  # the recorder's own call went straight through: it never re-entered
    assert _touches(recorder)[f"{module.__name__}.direct"]["os.getenv"]["count"] == 1
    assert recorder.errors == 0


def test_a_monkeypatched_entry_point_still_works(
    observed: tuple[Recorder, types.ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder, module = observed
    wrapper = os.getenv
    with monkeypatch.context() as patch:
        patch.setattr(os, "getenv", lambda name, default=None: f"fake-{name}")
        assert module.direct() == "fake-CLAIMS_OBSERVE_PROBE"
    assert os.getenv is wrapper
    assert module.direct() == "probe-value"
    assert _touches(recorder)[f"{module.__name__}.direct"]["os.getenv"]["count"] == 1


def test_uninstall_puts_the_originals_back(package: tuple[str, Path]) -> None:
    name, directory = package
    originals = (os.getenv, shutil.which, os.environ.__class__.__getitem__, Path.read_text, eval)
    recorder = Recorder({name: directory}).install()
    try:
        assert os.getenv is not originals[0]
        assert os.getenv.__name__ == "getenv"
        assert os.getenv("CLAIMS_OBSERVE_PROBE") == "probe-value"
    finally:
        recorder.uninstall()
    assert (os.getenv, shutil.which, os.environ.__class__.__getitem__, Path.read_text, eval) == originals
    assert recorder.wrapped
    assert "datetime.datetime.now" in recorder.not_wrapped


def test_early_copies_in_the_stdlib_are_rebound_and_put_back(package: tuple[str, Path]) -> None:
    """`threading` took `from time import monotonic as _time` long before the recorder: rebound to the
    wrapper while installed (a call through it is seen), the original again after."""
    import threading
    import time

    name, directory = package
    original = threading._time  # type: ignore[attr-defined]
    assert original is time.monotonic
    recorder = Recorder({name: directory}, categories={"clock"}, executed=False).install()
    try:
        assert time.monotonic is not original
        assert threading._time is time.monotonic  # type: ignore[attr-defined]
        assert recorder.rebound["threading._time"] == "time.monotonic"
    finally:
        recorder.uninstall()
    assert threading._time is original is time.monotonic  # type: ignore[attr-defined]


def test_functions_a_module_only_re_exports_are_not_its_entry_points(package: tuple[str, Path]) -> None:
    import collections
    import selectors

    name, directory = package
    recorder = Recorder({name: directory}, categories={"network", "os"}, executed=False).install()
    try:
        assert "selectors.DefaultSelector" in recorder.wrapped  # the module's own entry points are
        assert selectors.namedtuple is collections.namedtuple  # type: ignore[attr-defined]
        assert "selectors.namedtuple" not in recorder.wrapped
    finally:
        recorder.uninstall()


def test_a_call_is_a_touch_only_of_the_categories_its_arguments_reach(
    observed: tuple[Recorder, types.ModuleType],
) -> None:
    """An entry with conditions is judged on the values passed: `time.strftime` given a tuple reads no clock,
    and the host's zone only for %Z/%z; `datetime.strftime` calls it with a tuple."""
    import gzip

    recorder, module = observed
    assert module.format_tuple() == "2020"
    module.format_now()
    module.format_zone()
    assert module.format_datetime() == "2020"
    module.compress_fixed()
    module.compress_stamped()
    module.archive("a")
    module.archive(None)
    touches = _touches(recorder)
    prefix = module.__name__ + "."
    reached = {
        function.removeprefix(prefix): {name: touch["categories"] for name, touch in capabilities.items()}
        for function, capabilities in touches.items()
    }
    stamped = (gzip.compress.__kwdefaults__ or {}).get("mtime") is None  # 3.14: mtime=0
    assert reached == {
        "format_now": {"time.strftime": ["clock", "host"]},
        "format_zone": {"time.strftime": ["host"]},
        **({"compress_stamped": {"gzip.compress": ["clock"]}} if stamped else {}),
        "archive": {"zipfile.ZipFile.writestr": ["clock"]},  # a name is stamped, a ZipInfo is not; no file opened
    }
    [chain] = touches[prefix + "format_zone"]["time.strftime"]["chains"]
    assert [hop.split(" (")[0] for hop in chain["chain"]] == [prefix + "format_zone", "time.strftime"]
    assert touches[prefix + "archive"]["zipfile.ZipFile.writestr"]["count"] == 1
    assert recorder.errors == 0


def test_a_platform_guard_the_static_pass_evaluates_is_no_touch(package: tuple[str, Path]) -> None:
    """`if platform.system() == "Windows":` is the target's constant (semantics §4.3): no touch on one host.
    The same call anywhere else (returned, lowered before the comparison) is a touch."""
    name, directory = package
    recorder = Recorder({name: directory}, categories={"host"})
    recorder.install()
    try:
        module = importlib.import_module(f"{name}.mod")
        module.guarded_mode()
        module.guarded_forms()
        module.system_name()
        module.lowered_guard()
        module.mixed_guard()
    finally:
        recorder.uninstall()
    reached = _short(recorder, module)
    assert {function for function, names in reached.items() if "platform.system" in names} == {
        "system_name",
        "lowered_guard",
        "mixed_guard",  # through `system_name()`, in the part of the test the static pass cannot evaluate
    }
    [chain] = _touches(recorder)[f"{name}.mod.mixed_guard"]["platform.system"]["chains"]
    assert [hop.split(" (")[0] for hop in chain["chain"]] == [
        f"{name}.mod.mixed_guard",
        f"{name}.mod.system_name",
        "platform.system",
    ]
    assert recorder.errors == 0
