"""Record which project functions touch which capabilities while real code runs (semantics §13a).

`Recorder(packages).install()` wraps the capability catalogue's entry points: module-level functions of
catalogued modules and catalogued members (`os.getenv`, `time.time`, `subprocess.run`), constructors of
catalogued classes (`subprocess.Popen`, `pathlib.Path`, `threading.Thread`), catalogued methods of classes
(`pathlib.Path.home`, and every public method of the classes named in `value_classes`, whose values are names
rather than handles: `Path(p).read_text()`), the builtins `open`, `input`, `hash`, `id`, `eval`, `exec`,
`compile` and `__import__`, and the reads and writes of `os.environ` / `os.environb`. A module not imported yet
is wrapped when it is first imported (a meta-path finder watches for the catalogued names).

A wrapper records the touch, then hands the call to the original, with the same arguments, and leaves no frame
of its own on the stack while the original runs: what it returns and raises, and the tracebacks and stacks the
code sees, are the original's. A touch is attributed to the project functions on the stack: walking up
from the caller, the recorder's own frames and stdlib frames are skipped, project frames are collected, and
the walk stops at the first frame that is neither (test code, third-party code, pytest) or belongs to the
import system (what a module runs while it is imported is not a reach of the function that imported it). A
touch made inside a wrapped Python function with no project frame in between (`shutil.rmtree` calling
`os.unlink`) is not recorded again: the outer call is the touch, told by the wrapped function's code on the
stack. A touch made by stdlib code the catalogue does not wrap (`ast.parse` calling `compile`,
`copy.deepcopy` calling `id`) is recorded with that function as the chain's `inside`, so a reader can tell it
from one the project made itself. While the recorder itself runs, every wrapper calls straight through (a
per-thread flag), so it never recurses into itself.

Which project functions ran at all is recorded too (`sys.monitoring` on 3.12+, `sys.setprofile` before).

The recorder's collaborators, one job each: `wrappers` (the stand-ins), `patches` (putting them in place of
the entry points, and back), `imports` (modules imported after and before `install`), `frames` (the stack walk
that attributes a touch), `touches` (the records), `executed` (which functions ran). The recorder imports
nothing from the project but the catalogue. None of its modules uses `from __future__ import annotations`:
`compile`/`exec`/`eval` inherit the future flags of the frame that calls them (their wrappers run them from
their caller's frame).
"""

import os
import sys
import threading
import types
from collections.abc import Iterable, Mapping
from typing import Any

from pytest_claims.analysis.catalog import Catalogue, Entry, load_catalogue
from pytest_claims.observe import conditions as _conditions_module
from pytest_claims.observe import executed as _executed_module
from pytest_claims.observe import frames as _frames_module
from pytest_claims.observe import guards as _guards_module
from pytest_claims.observe import imports as _imports_module
from pytest_claims.observe import patches as _patches_module
from pytest_claims.observe import touches as _touches_module
from pytest_claims.observe import wrappers as _wrappers_module
from pytest_claims.observe.executed import Executed
from pytest_claims.observe.frames import PROJECT, RECORDER, Frames, function_name
from pytest_claims.observe.guards import PER_TARGET, decided_guard
from pytest_claims.observe.imports import EarlyCopies, ImportWatch
from pytest_claims.observe.patches import EntryPoints
from pytest_claims.observe.touches import Touches, snapshot_observed

__all__ = ["VALUE_CLASSES", "Recorder", "function_name"]

_getframe = sys._getframe  # the original, taken before anything is wrapped

VALUE_CLASSES: tuple[str, ...] = ("pathlib.Path",)
"""Classes whose values are names, not handles (semantics §4): every public method is a touch, named
`Class.method` and judged by the catalogue entry that covers that name."""

_OWN_FILES = (
    __file__,
    *(
        module.__file__ or ""
        for module in (
            _conditions_module,
            _executed_module,
            _frames_module,
            _guards_module,
            _imports_module,
            _patches_module,
            _touches_module,
            _wrappers_module,
        )
    ),
)
"""The recorder's own source files: the stack walk passes through their frames."""


class Recorder:
    """Wraps the catalogue's entry points and records touches per project function; see the module doc.

    `packages` maps each top-level project package (or module) name to its directory (or file). Only entries
    whose categories meet `categories` are wrapped (all of them by default).
    """

    def __init__(
        self,
        packages: Mapping[str, "str | os.PathLike[str]"],
        *,
        categories: Iterable[str] | None = None,
        catalogue: Catalogue | None = None,
        value_classes: Iterable[str] = VALUE_CLASSES,
        executed: bool = True,
        rebind: bool = True,
        max_chains: int = 8,
    ) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        wanted = None if categories is None else frozenset(categories)
        keys = [key for key, entry in self.catalogue.entries.items() if wanted is None or entry.categories & wanted]
        self._track_executed = executed
        self._rebind_copies = rebind
        self._local = threading.local()
        self._installed = False
        self._frames = Frames(packages, _OWN_FILES)
        self._touches = Touches(max_chains, self._frames.name, self.catalogue.normalize)
        self._executed = Executed(self._frames)
        self._points = EntryPoints(self.catalogue, keys, value_classes, self._touch, self._frames.wrapped)
        self._imports = ImportWatch(self._points, self._local)
        self._early = EarlyCopies(self._points, self._frames.path_kind)
        self.errors = 0
        """Exceptions raised inside the recorder while recording (swallowed: the wrapped call goes on)."""
        self.wrapped: dict[str, str] = self._points.wrapped
        """Dotted name -> how it was wrapped (function, constructor, method, stateful)."""
        self.not_wrapped: dict[str, str] = self._points.not_wrapped
        """Dotted name -> why it was left alone (refused, not patchable, a plain value)."""
        self.rebound: dict[str, str] = self._early.rebound
        """`module.attribute` -> the wrapped dotted name: an early `from x import y` copy now bound to the wrapper."""
        self.imported_before: list[str] = self._early.imported_before
        """Project modules already imported when the recorder was installed (their import-time copies rebound)."""

    @property
    def tracks_executed(self) -> bool:
        """Whether `executed()` is recorded (the `executed` argument)."""
        return self._track_executed

    # --- installing -----------------------------------------------------------------------------------

    def install(self) -> "Recorder":
        """Wrap every entry point now importable, watch imports for the rest, start recording."""
        if self._installed:
            raise RuntimeError("the recorder is already installed")
        self._installed = True
        self._local.busy = True
        try:
            self._imports.start(self._points.keys)
            if self._rebind_copies:
                self._early.rebind()
        finally:
            self._local.busy = False
        if self._track_executed:
            self._executed.start()
        return self

    def uninstall(self) -> None:
        """Put every original back (where it was not replaced since), stop watching and recording."""
        if not self._installed:
            return
        self._local.busy = True
        try:
            self._executed.stop()
            self._imports.stop()
            self._points.undo()
        finally:
            self._installed = False
            self._local.busy = False

    def __enter__(self) -> "Recorder":
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.uninstall()

    # --- recording ------------------------------------------------------------------------------------

    def _touch(self, name: str, entry: Entry) -> None:
        """Called by every wrapper, first thing: attribute the touch to the project frames above its caller."""
        local = self._local
        if getattr(local, "busy", False) or not self._installed:
            return
        local.busy = True
        try:
            self._attribute(name, entry, _getframe(2))
        except Exception:  # the wrapped call must go on whatever happens here
            self.errors += 1
        finally:
            local.busy = False

    def _attribute(self, name: str, entry: Entry, frame: types.FrameType | None) -> None:
        if entry.key in PER_TARGET and self._evaluated_guard(frame):
            return
        found = self._frames.project_run(frame)
        if found is not None:
            self._touches.record(name, entry, *found)

    def _evaluated_guard(self, frame: types.FrameType | None) -> bool:
        """The call is a project's platform guard the static pass evaluates per target: an input, no touch."""
        while frame is not None and self._frames.kind(frame.f_code) == RECORDER:
            frame = frame.f_back
        return frame is not None and self._frames.kind(frame.f_code) == PROJECT and decided_guard(frame)

    # --- results --------------------------------------------------------------------------------------

    def executed(self) -> set[str]:
        """`module.qualname` of every project code object that ran (modules' own code as `<module>`)."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True  # naming a code object may read its source (3.10): never a recorded touch
        try:
            return {self._frames.name(code) for code in list(self._executed.codes)}
        finally:
            self._local.busy = busy

    def observations(self) -> dict[str, Any]:
        """What was recorded so far, structured and JSON-able, files as absolute paths (the `--claims-observe`
        plugin matches them against the static pass's blind spots, and merges xdist workers' records):

            {function: {"file", "line", "capabilities": {name: {"entry", "categories", "count",
                "chains": [{"frames": [[function, file, line], ...], "inside": [function, file, line] | None,
                            "count"}]}}}}

        `frames` run from the function down to the last project frame before the touch, each with the line it
        was executing (the call it was making); `inside` is the uncatalogued stdlib function that made the
        touch, if any. Two code objects of one name (a redefined function) share one record."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True
        try:
            return self._touches.observations()
        finally:
            self._local.busy = busy

    def snapshot(self) -> dict[str, Any]:
        """Everything recorded so far, as plain JSON-able data (see docs/benchmarks.md, "Soundness")."""
        observed = snapshot_observed(self.observations(), self._frames.short)
        return {
            "python": ".".join(map(str, sys.version_info[:3])),
            "executed": sorted(self.executed()),
            "observed": observed,
            "wrapped": dict(sorted(self.wrapped.items())),
            "not_wrapped": dict(sorted(self.not_wrapped.items())),
            "rebound": dict(sorted(self.rebound.items())),
            "errors": self.errors,
        }
