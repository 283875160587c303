"""`pytest --claims-observe` (semantics §13a): the user's own test run as a second, independent check of the claims.

Registered by `pytest_claims.plugin` (its `pytest_plugins`). When the option is given (or the config says
`claims-observe = true`), the recorder (`observe.recorder.Recorder`, shared with the soundness benchmark) is
installed in `pytest_load_initial_conftests`, before any conftest or test module, hence any project code, is
imported: the catalogue's entry points are wrapped (record, then call through), the stdlib's early `from x
import y` copies rebound to the wrappers. At the end of the session (`pytest_sessionfinish`, first) it is
uninstalled; an xdist worker sends its records to the controller in `workeroutput`, and the process that ran
the analysis judges them all (`observe.verdicts.judge`): a claim observed broken whose static verdict was
`held` is a miss of the static pass, listed first in the summary with its runtime chain and the blind spot
that hid it, and the run does not pass (exit status 1). The JSON report gains `observed`.

Wrappers only record and call through, and the recorder never records its own calls: the outcome of the
user's tests is the same with and without observation.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_claims.config import ConfigError
from pytest_claims.plugin.projects import tool_claims
from pytest_claims.plugin.state import STATE

if TYPE_CHECKING:  # the recorder and the judge are loaded only for an observed run: an idle plugin costs nothing
    from pytest_claims.analysis.catalog import Catalogue
    from pytest_claims.observe.recorder import Recorder
    from pytest_claims.observe.verdicts import Observation, ObservedClaim, Policy

WORKER_KEY = "claims_observed"
"""The `workeroutput` key an xdist worker's records travel under (a JSON string)."""

_ACTIVE: list[Recorder] = []
"""The recorder installed in this process, if any: one at a time (a session nested in-process, as pytester
runs one, observes nothing of its own while an outer session observes)."""


@dataclass
class _Observer:
    recorder: Recorder
    policy: Policy
    catalogue: Catalogue
    records: dict[str, Any] | None = None
    """This process's records, taken when the recorder came out."""
    workers: list[dict[str, Any]] = field(default_factory=list)
    missing: int = 0
    observation: Observation | None = None

    def uninstall(self) -> None:
        self.stop()

    def stop(self) -> dict[str, Any]:
        """Uninstall (once) and keep what was recorded."""
        if self.records is None:
            self.recorder.uninstall()
            if self.recorder in _ACTIVE:
                _ACTIVE.remove(self.recorder)
            executed = sorted(self.recorder.executed()) if self.recorder.tracks_executed else None
            self.records = {
                "observations": self.recorder.observations(),
                "executed": executed,
                "errors": self.recorder.errors,
            }
        return self.records


_OBSERVER = pytest.StashKey[_Observer]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("claims", "static claims (pytest-claims)")
    group.addoption(
        "--claims-observe",
        action="store_true",
        default=False,
        help="watch the test run: a claim the tests are seen breaking while its static verdict held fails the run",
    )


def _packages(config: Any) -> dict[str, Path]:
    """Top-level project package (or module) name -> its directory (or file), from the config's `packages`."""
    packages: dict[str, Path] = {}
    for source in config.packages:
        path = Path(config.root) / source
        packages[path.stem if path.suffix == ".py" else path.name] = path
    return packages


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config) -> None:
    """Install the recorder before the initial conftests (and so any project code) are imported."""
    namespace = early_config.known_args_namespace
    option = bool(getattr(namespace, "claims_observe", False))
    if getattr(namespace, "no_claims", False):
        if option:
            raise pytest.UsageError("--claims-observe judges the static verdicts: it cannot run with --no-claims")
        return
    try:
        project_config = tool_claims(early_config)
    except ConfigError:
        return  # the claims plugin reports it as a usage error
    if not (option or getattr(project_config, "claims_observe", False)) or _ACTIVE:
        return
    from pytest_claims.analysis.catalog import load_catalogue
    from pytest_claims.observe.recorder import Recorder
    from pytest_claims.observe.verdicts import Policy

    catalogue = load_catalogue()
    policy = Policy.of(project_config)
    categories = policy.wanted_categories(catalogue)
    if not categories:
        return
    recorder = Recorder(
        {name: path for name, path in _packages(project_config).items()},
        categories=categories,
        catalogue=catalogue,
        # Which functions ran is only counted (semantics §13a): on 3.12+ sys.monitoring tells at one event per
        # function; before it, a profile hook would cost more than the whole observation.
        executed=sys.version_info >= (3, 12),
    )
    recorder.install()
    _ACTIVE.append(recorder)
    observer = _Observer(recorder, policy, catalogue)
    early_config.stash[_OBSERVER] = observer
    early_config.add_cleanup(observer.uninstall)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """xdist controller: a worker's records arrive with its `workeroutput`."""
    observer = node.config.stash.get(_OBSERVER, None)
    if observer is None:
        return
    raw = getattr(node, "workeroutput", {}).get(WORKER_KEY)
    if raw is None:
        observer.missing += 1
    else:
        observer.workers.append(json.loads(raw))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop recording; a worker hands its records on, the process that ran the analysis judges them.

    First among the session-finish hooks: the claims plugin writes the report after it (with `observed`).
    Session-scoped fixtures were torn down with the last test, so their teardown was observed too."""
    config = session.config
    observer = config.stash.get(_OBSERVER, None)
    if observer is None:
        return
    records = observer.stop()
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[WORKER_KEY] = json.dumps(records)
        return
    state = config.stash.get(STATE, None)
    if state is None or config.option.collectonly:
        return
    from pytest_claims.observe.verdicts import judge, merge, observed_json

    merged: dict[str, Any] = {}
    executed: set[str] | None = set()
    errors = 0
    for part in (records, *observer.workers):
        merge(merged, part["observations"])
        errors += part["errors"]
        if part["executed"] is None or executed is None:
            executed = None
        else:
            executed.update(part["executed"])
    observation = judge(
        merged,
        state.payload["claims"],
        observer.policy,
        observer.catalogue,
        root=state.config.root,
        platform=sys.platform,
        executed=executed,
        errors=errors,
        workers_missing=observer.missing,
    )
    observer.observation = observation
    state.observed = observed_json(observation)
    if observation.missed and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    observer = config.stash.get(_OBSERVER, None)
    if observer is None or observer.observation is None:
        return
    terminalreporter.section(f"claims observed at run time ({observer.observation.platform})")
    for line in summary_lines(observer.observation):
        terminalreporter.line(line, red=line.startswith("MISSED"))


def summary_lines(observation: Observation) -> list[str]:
    """The terminal section: the static pass's misses first, each with its runtime chain and the blind spot
    that hid it, then the confirmed breaches, one line each, then the counts."""
    lines: list[str] = []
    for claim in observation.missed:
        lines.extend(_missed_lines(claim))
    confirmed = observation.confirmed
    if confirmed:
        lines.append(f"confirmed: {len(confirmed)} observed broken, as the static pass had found")
        for claim in confirmed:
            lines.append(f"  {claim.function} ({claim.static}): {', '.join(r.reach for r in claim.reaches)}")
    unchecked = [c for c in observation.broken if c.verdict == "unchecked"]
    if unchecked:
        lines.append(f"observed broken, not checked statically for {observation.platform}: {len(unchecked)}")
        for claim in unchecked:
            lines.append(f"  {claim.function}: {', '.join(r.reach for r in claim.reaches)}")
    counts = [
        f"{len(observation.missed)} missed by the static pass",
        f"{len(confirmed)} confirmed",
        f"{observation.claims - len(observation.broken) + len(unchecked)} of {observation.claims} not seen breaking",
    ]
    if observation.never_executed is not None:
        counts.append(f"{observation.never_executed} never executed by the tests")
    lines.append("observed: " + ", ".join(counts))
    if observation.errors:
        lines.append(f"the recorder failed {observation.errors} time(s) while recording: those touches are missing")
    if observation.workers_missing:
        lines.append(f"{observation.workers_missing} xdist worker(s) sent no records: what they saw is missing")
    return lines


def _missed_lines(claim: ObservedClaim) -> list[str]:
    lines = []
    for reach in claim.reaches:
        chain = reach.chains[0]
        calls = "call" if reach.count == 1 else "calls"
        lines.append(
            f"MISSED {claim.function} claims {', '.join(reach.claims)} (held statically) but reached "
            f"{reach.reach} [{', '.join(reach.categories)}] at run time ({reach.count} {calls})"
        )
        lines.append(f"    {' -> '.join(chain.text(reach.reach))}")
        spot = next((c.blind_spot for c in reach.chains if c.blind_spot is not None), None)
        if spot is not None:
            lines.append(f"    hidden by the blind spot at {spot.file}:{spot.line}: {spot.code}")
        else:
            lines.append("    no blind spot of the static walk lies on this chain")
    return lines
