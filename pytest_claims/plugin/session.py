"""The analysis, once per session and project, in `pytest_sessionstart`: before collection, in the process that
runs it (under xdist the controller; its workers receive the result, `workers`)."""

from __future__ import annotations

import hashlib
import pickle
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, NoReturn

import pytest

from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.analysis.project import Project, load
from pytest_claims.config import Config as ClaimsConfig
from pytest_claims.config import env_flag, unknown_platform
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.snapshot import snapshot_for
from pytest_claims.plugin.changed import changed_selection
from pytest_claims.plugin.options import requested_platforms
from pytest_claims.plugin.paths import (
    display_inside_of,
    display_prefix_of,
    is_relative_to,
    is_test_file,
    nodeid_path,
    real_path,
)
from pytest_claims.plugin.projects import CONFIGS
from pytest_claims.plugin.state import IDLE, STATE, STATES, ClaimsState, pending_payload
from pytest_claims.vocabulary import TRACEBACK_ENV, platform_name


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """The analysis runs here, once per project: before collection, and (under xdist) before the workers start."""
    config = session.config
    configs = config.stash.get(CONFIGS, None)
    if configs is None:
        return
    workerinput = getattr(config, "workerinput", None)
    # what the xdist controller sent for each project, the first's under the keys a single project's run uses
    sent: list[dict[str, Any]] = []
    if workerinput is not None and "claims_display_prefix" in workerinput:
        sent = [
            {"prefix": workerinput["claims_display_prefix"], "inside": workerinput.get("claims_display_inside", "")},
            *workerinput.get("claims_more", ()),
        ]
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    states: list[ClaimsState] = []
    for index, claims_config in enumerate(configs):
        try:
            state = _analyse(config, claims_config, index)
        except AnalysisError as error:
            stop(config, error)
        if state is None:
            continue
        if index < len(sent):
            state.display_prefix, state.display_inside = sent[index]["prefix"], sent[index]["inside"]
        else:
            state.display_prefix = display_prefix_of(claims_config.root, Path(str(config.invocation_params.dir)))
            state.display_inside = display_inside_of(claims_config.root, Path(str(config.invocation_params.dir)))
        state.tbstyle = str(config.getoption("tbstyle", "auto"))
        if reporter is not None and isinstance(getattr(reporter, "stats", None), dict):
            state.quiet_reports = reporter.stats.setdefault("", [])
        # registered as a plugin of this session: the one hook pytest calls without the config (logreport)
        config.pluginmanager.register(state, f"claims-session-{index}" if index else "claims-session")
        states.append(state)
    if not states:
        config.stash[IDLE] = True
        return
    config.stash[STATE] = states[0]
    config.stash[STATES] = states


def _analyse(config: pytest.Config, claims_config: ClaimsConfig, index: int = 0) -> ClaimsState | None:
    """The analysis of the session's `index`th project, or None when there is nothing to check (idle: `_scanned`)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and workerinput.get("claims_idle"):
        return None
    if workerinput is not None and "claims_payload" in workerinput:
        more = workerinput.get("claims_more", ())
        sent = workerinput["claims_payload"] if index == 0 else more[index - 1]["payload"]
        return ClaimsState(claims_config, None, pickle.loads(sent))
    requested, sweep = requested_platforms(config)
    if requested is not None:
        canonical = []
        for platform in requested:  # `windows`, `macOS` ... read as `win32`, `darwin` (vocabulary.PLATFORM_ALIASES)
            known = platform_name(platform)
            if known is None:
                raise pytest.UsageError(f"--claims-platform: {unknown_platform(platform)}")
            canonical.append(known)
        requested = canonical
    cache = FactsCache(_cache_dir(config, claims_config.root))
    report = bool(config.getoption("claims_report", None))  # details for the reports
    started = time.perf_counter()
    project = _scanned(config, claims_config, cache)
    if project is not None and not (
        project.modules.mentions or project.modules.unnamable_claims or project.index.problems
    ):
        return None  # idle: no table, no file that could hold a claim, no report or observation asked for
    from pytest_claims.engine import open_run  # the resolver and the walks: loaded only when there is work

    shown = progress(config, "claims: analysing the project ...")
    select, rules = _selection(config, claims_config)
    try:
        light = _on_demand(config) and _narrowing(config)
        run = open_run(
            claims_config.root,
            requested,
            claims_config,
            sweep=sweep,
            cache=cache,
            project=project,
            select=select,
            light=light,
        )
        # on demand, a file with a refused directive is a collection error and its claims make no item
        skipped = frozenset(e.file for e in run.errors) if _on_demand(config) else frozenset()
        state = ClaimsState(claims_config, None, pending_payload(run, changed_selection(config, run), rules, skipped))
        state.run, state.rules_wanted = run, rules
        state.analysis = (time.perf_counter() - started, cache.parsed, cache.hits, 0)
        if not _on_demand(config):
            chosen, keys = state.payload["changed"][0], state.payload["keys"]
            judge(state, None if chosen is None else {keys[key] for key in chosen}, report)
    finally:
        if shown:
            progress(config, "")
    return state


def stop(config: pytest.Config, error: AnalysisError) -> NoReturn:
    """A defect the analysis met stops the session before any item runs, so no verdict is shown: pytest's
    internal-error status and one line naming where it was met (`analysis.failures`). The traceback (pytest's
    INTERNALERROR, the cause chained) when asked for: `PYTEST_CLAIMS_TRACEBACK`, or a `--tb` style that shows one."""
    if env_flag(TRACEBACK_ENV) or config.getoption("tbstyle", "auto") in TRACEBACK_STYLES:
        raise error
    pytest.exit(f"claims: {error} (set {TRACEBACK_ENV}=1 for the traceback)", returncode=pytest.ExitCode.INTERNAL_ERROR)


TRACEBACK_STYLES = ("long", "short", "native")
"""The `--tb` styles that ask for a traceback (`auto`, pytest's default, does not: it is no choice)."""


def _on_demand(config: pytest.Config) -> bool:
    """Whether verdicts wait until pytest's selection is final (`collection.pytest_collection_finish`), so only
    the claims it will run are walked: not when a report or `--claims-observe` covers every claim, nor in an
    xdist controller, which collects nothing (its workers do; it judges every claim before they start)."""
    if config.getoption("claims_report", None) or config.getoption("claims_observe", False):
        return False
    return not config.pluginmanager.has_plugin("dsession")


_NARROWING = ("keyword", "markexpr", "deselect", "lf", "stepwise", "claims_changed")
"""The options by which pytest (or the plugin) will likely run a few of the claims (and a shard, `_sharded`): their
modules' facts are then read once the selection is final, the others' claims are read without facts
(`engine.open_run`'s `light`)."""


def _narrowing(config: pytest.Config) -> bool:
    return any(config.getoption(name, None) for name in _NARROWING) or _sharded(config)


def _sharded(config: pytest.Config) -> bool:
    """Whether a sharding plugin will run one of several shards: an option whose name says shards or splits
    holding a count above one (pytest-split's `--splits 4`, pytest-shard's `--num-shards 4`), whichever plugin
    registered it; a wrong guess costs only the time of a light reading."""
    return any(
        ("shard" in name or "split" in name) and type(value) is int and value > 1
        for name, value in vars(config.option).items()
    )


def judge(state: ClaimsState, wanted: Collection[tuple[str, int, str]] | None, report: bool = False) -> None:
    """The verdicts of the claims `wanted` names (None: all) and, when wanted, of the rules: the run finished, its
    result in the session's state (a report is built from the result alone, so the facts are released)."""
    run = state.run
    assert run is not None, "judged twice"
    started = time.perf_counter()
    result = run.finish(wanted, rules=state.rules_wanted, details=report)  # a defect: its caller `stop`s
    state.run = None
    state.judged(result)
    seconds = state.analysis[0] if state.analysis is not None else 0.0
    state.analysis = (seconds + time.perf_counter() - started, run.cache.parsed, run.cache.hits, result.reused)
    from pytest_claims.usage import usage_warnings

    state.usage = usage_warnings(result)  # settings that do nothing: named in the summary, never an error
    # the session does not carry the facts (every later garbage collection would walk them)
    result.project.modules.release()


def _selection(config: pytest.Config, claims_config: ClaimsConfig) -> tuple[Callable[[str], bool] | None, bool]:
    """Which claiming files the analysis judges, and whether the rules are checked: every file with no paths, the
    project root among them, or `--claims-observe` (its verdicts cover every claim); else the files under a
    directory given, those given, and those pytest may collect under another name (a name `python_files`
    matches); the rules when a directory given holds a configured package (`collection._wanted`) or the
    configuration file is given."""
    if config.args_source != pytest.Config.ArgsSource.ARGS or config.getoption("claims_observe", False):
        return None, True
    root = real_path(claims_config.root)
    paths = [real_path(Path(str(config.invocation_params.dir)) / arg.split("::")[0]) for arg in config.args]
    if root in paths:
        return None, True
    packages = [real_path(root / p) for p in claims_config.packages]
    rules = any(
        path.is_dir() and any(is_relative_to(p, path) or is_relative_to(path, p) for p in packages) for path in paths
    ) or (claims_config.file is not None and real_path(claims_config.file) in paths)

    def select(rel: str) -> bool:
        real = real_path(root / rel)
        return any(real == path or is_relative_to(real, path) for path in paths) or is_test_file(config, real)

    return select, rules


def _scanned(config: pytest.Config, claims_config: ClaimsConfig, cache: FactsCache) -> Project | None:
    """The project as the engine's pre-scan sees it (through the snapshot: a warm run reads no source file), when
    the session may be idle: no `[tool.claims]` table and no report or observation asked for. Idle when no file
    could hold a claim and none is unreadable: the plugin then adds nothing, so nothing is checked, stored or
    collected (semantics §9). Otherwise the analysis goes on from this very project (None: it loads its own)."""
    if claims_config.present or config.getoption("claims_report", None) or config.getoption("claims_observe", False):
        return None
    return load(claims_config, cache, snapshot_for(cache.directory))


def progress(config: pytest.Config, text: str) -> bool:
    """A progress line while the analysis runs, in pytest's own style: on a terminal only, at the default
    verbosity or above (never in `-q` output, never in output captured to a file); "" erases it."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or not getattr(reporter, "isatty", False) or config.get_verbosity() < 0:
        return False
    if text:
        reporter.write(text, flush=True)
    else:
        reporter.rewrite("", erase=True)
    return True


def _cache_dir(config: pytest.Config, root: Path) -> Path | None:
    """The facts cache lives in pytest's cache (so `--cache-clear` clears it); none without cacheprovider. A
    project other than the rootdir has a directory of its own below it, named by its path from the rootdir, so
    the projects of a monorepo keep their stored verdicts apart, whichever way the run found them."""
    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    try:
        directory = Path(cache.mkdir("claims"))
        inside = nodeid_path(root, Path(str(config.rootpath)))
        if inside in ("", "."):
            return directory
        directory = directory / "projects" / hashlib.sha256(inside.encode()).hexdigest()[:16]
        directory.mkdir(parents=True, exist_ok=True)
        return directory
    except OSError:
        return None
