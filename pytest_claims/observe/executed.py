"""Which project functions ran at all: `sys.monitoring` on 3.12+ (one event per code object), a profile hook
before.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`).
"""

import sys
import threading
import types
from typing import Any

from pytest_claims.observe.frames import PROJECT, Frames

__all__ = ["Executed"]

# Originals, taken before anything is wrapped.
_sys_setprofile = sys.setprofile
_sys_getprofile = sys.getprofile
_threading_setprofile = threading.setprofile


class Executed:
    """The project code objects that started running between `start` and `stop` (`codes`)."""

    def __init__(self, frames: Frames) -> None:
        self._frames = frames
        self.codes: set[types.CodeType] = set()
        self._called: set[types.CodeType] = set()
        self._monitoring_tool: int | None = None
        self._previous_profile: Any = None

    def start(self) -> None:
        if sys.version_info >= (3, 12):
            monitoring = sys.monitoring
            for tool in (3, 4, 1, 2, 0, 5):
                if monitoring.get_tool(tool) is None:
                    monitoring.use_tool_id(tool, "pytest-claims")
                    self._monitoring_tool = tool
                    break
            else:  # pragma: no cover - every tool id taken
                return
            monitoring.register_callback(tool, monitoring.events.PY_START, self._started)
            monitoring.set_events(tool, monitoring.events.PY_START)
            return
        self._previous_profile = _sys_getprofile()  # pragma: no cover - 3.10 / 3.11
        _sys_setprofile(self._profile)  # pragma: no cover
        _threading_setprofile(self._profile)  # pragma: no cover

    def stop(self) -> None:
        if sys.version_info >= (3, 12):
            tool = self._monitoring_tool
            if tool is not None:
                sys.monitoring.set_events(tool, 0)
                sys.monitoring.register_callback(tool, sys.monitoring.events.PY_START, None)
                sys.monitoring.free_tool_id(tool)
                self._monitoring_tool = None
            return
        if _sys_getprofile() == self._profile:  # pragma: no cover - 3.10 / 3.11
            _sys_setprofile(self._previous_profile)
        _threading_setprofile(None)  # pragma: no cover

    def _started(self, code: types.CodeType, offset: int) -> object:  # pragma: no cover - 3.12+
        kind = self._frames.kinds.get(code)
        if kind is None:
            kind = self._frames.classify(code)
        if kind == PROJECT:
            self.codes.add(code)
        return sys.monitoring.DISABLE  # type: ignore[attr-defined, unused-ignore]

    def _profile(self, frame: types.FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code in self._called:
            return
        self._called.add(code)
        kind = self._frames.kinds.get(code)
        if kind is None:
            kind = self._frames.classify(code)
        if kind == PROJECT:
            self.codes.add(code)
