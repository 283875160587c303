"""Keep the touches per project function, with their chains, and give them out as plain JSON-able data.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`).
"""

import _thread
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pytest_claims.analysis.catalog import Entry
from pytest_claims.observe.frames import Run, Via, function_name

__all__ = ["Touches", "snapshot_observed"]

_allocate_lock = _thread.allocate_lock  # the original, taken before anything is wrapped


@dataclass
class _Touch:
    """What one project function was seen doing to one capability."""

    entry: Entry
    categories: set[str] = field(default_factory=set)
    """The entry's categories the calls reached (a call with conditions may reach fewer: `observe.conditions`)."""
    count: int = 0
    chains: dict[tuple[Any, ...], int] = field(default_factory=dict)


class Touches:
    """Touches per project code object and capability name; at most `max_chains` distinct chains each.

    `name` gives a code object's `module.qualname`; `normalize` a stdlib function's catalogue name.
    """

    def __init__(self, max_chains: int, name: Callable[[types.CodeType], str], normalize: Callable[[str], str]):
        self._max_chains = max_chains
        self._name = name
        self._normalize = normalize
        self._lock = _allocate_lock()
        self._touches: dict[types.CodeType, dict[str, _Touch]] = {}

    def record(self, name: str, entry: Entry, run: Run, via: Via) -> None:
        """Count the touch once for each distinct project function in `run`, with its chain (bounded)."""
        with self._lock:
            seen: set[types.CodeType] = set()
            for index in range(len(run)):
                code = run[index][0]
                if code in seen:
                    continue
                seen.add(code)
                touches = self._touches.setdefault(code, {})
                touch = touches.get(name)
                if touch is None:
                    touch = touches[name] = _Touch(entry)
                touch.categories |= entry.categories
                touch.count += 1
                chain = (*reversed(run[: index + 1]), via)
                if chain in touch.chains:
                    touch.chains[chain] += 1
                elif len(touch.chains) < self._max_chains:
                    touch.chains[chain] = 1

    def observations(self) -> dict[str, Any]:
        """What was recorded so far, by function name (see `Recorder.observations`)."""
        with self._lock:
            observed: dict[str, Any] = {}
            for code, touches in self._touches.items():
                function = self._name(code)
                record = observed.setdefault(
                    function, {"file": code.co_filename, "line": code.co_firstlineno, "capabilities": {}}
                )
                for name, touch in sorted(touches.items()):
                    chains = self._chains(touch)
                    previous = record["capabilities"].get(name)
                    if previous is not None:
                        previous["categories"] = sorted(set(previous["categories"]) | touch.categories)
                        previous["count"] += touch.count
                        previous["chains"].extend(chains)
                        continue
                    record["capabilities"][name] = {
                        "entry": touch.entry.key,
                        "categories": sorted(touch.categories),
                        "count": touch.count,
                        "chains": chains,
                    }
            return dict(sorted(observed.items()))

    def _chains(self, touch: _Touch) -> list[dict[str, Any]]:
        chains = []
        for chain, count in touch.chains.items():
            *frames, via = chain
            inside = None
            if via is not None:
                module, c, line = via
                inside = [self._normalize(function_name(c, module)), c.co_filename, line]
            chains.append(
                {
                    "frames": [[self._name(c), c.co_filename, line] for c, line in frames],
                    "inside": inside,
                    "count": count,
                }
            )
        return chains


def snapshot_observed(observations: dict[str, Any], short: Callable[[str, int], str]) -> dict[str, Any]:
    """The observations as the soundness snapshot shows them: each chain as text, files as `short` makes them."""
    observed: dict[str, Any] = {}
    for function, record in observations.items():
        capabilities = {}
        for name, touch in record["capabilities"].items():
            chains = []
            for chain in touch["chains"]:
                text = [f"{hop} ({short(file, line)})" for hop, file, line in chain["frames"]]
                inside = chain["inside"]
                if inside is not None:
                    text.append(f"{inside[0]} ({short(inside[1], inside[2])})")
                text.append(name)
                chains.append({"chain": text, "count": chain["count"], "inside": None if inside is None else inside[0]})
            capabilities[name] = {**touch, "chains": chains}
        observed[function] = {"file": short(record["file"], record["line"]), "capabilities": capabilities}
    return observed
