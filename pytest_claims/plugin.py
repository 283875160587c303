"""pytest hooks only: options, one item per claiming function and platform, the summary, the reports.

The analysis runs once per session, before collection, in the controller (under xdist the result travels to
the workers in `workerinput`, so no worker redoes it). Files of the analysed project are never imported:
when one is named on the command line, it is collected by `ClaimsFile`, not as a Python module.
"""

from __future__ import annotations

import fnmatch
import functools
import gc
import hashlib
import os
import pickle
import posixpath
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Literal

import pytest

from pytest_claims import __version__, unrewritten  # noqa: F401  (first: see pytest_claims.unrewritten)
from pytest_claims.analysis.project import Project, load
from pytest_claims.config import Config as ClaimsConfig
from pytest_claims.config import ConfigError, find_project_roots, load_config, sweep_env, unknown_platform
from pytest_claims.output.hints import source_reader
from pytest_claims.output.messages import excluded_line, failure_text, rule_failure_text, rule_item_name
from pytest_claims.output.summary import Counted, claim_sites, own_sites, summary_lines
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.snapshot import snapshot_for
from pytest_claims.records import ClaimResult, RuleResult
from pytest_claims.vocabulary import SWEEP_ENVS, platform_name

if TYPE_CHECKING:
    from pytest_claims.engine import Result

pytest_plugins = ("pytest_claims.observe.plugin",)  # --claims-observe (semantics §13a)


class ClaimsState:
    """What one session knows: the analysis result, indexed by file, and what ran."""

    def __init__(self, config: ClaimsConfig, result: Result | None, payload: dict[str, Any] | None = None) -> None:
        self.config = config
        self.result = result
        self.by_file: dict[str, list[ClaimResult]] = {}
        self.errors: dict[str, list[str]] = {}
        self.problems: list[str] = []
        self.platforms: tuple[str, ...] = ()
        if payload is None and result is not None:
            payload = {
                "claims": list(result.claims),
                "errors": [(e.file, e.line, e.message) for e in result.errors],
                "problems": [str(p) for p in result.problems],
                "platforms": result.platforms,
                "rules": list(result.rules),
                # every analysed source file: one named on the command line must not be imported by pytest
                # (as written: where links lead is looked up only when pytest asks for such a file)
                "modules": sorted(
                    {str(m.path) for m in result.project.index.modules.values() if m.path and not m.followed}
                ),
                "excluded": list(result.excluded),
            }
        if payload is not None:
            self.payload = payload
            for claim in payload["claims"]:
                self.by_file.setdefault(claim.file, []).append(claim)
            for file, line, message in payload["errors"]:
                self.errors.setdefault(file, []).append(f"{file}:{line}: {message}")
            self.problems = list(payload["problems"])
            self.platforms = tuple(payload["platforms"])
            self.rules: list[RuleResult] = list(payload["rules"])
            self.excluded: list[str] = list(payload.get("excluded", ()))
        self.display_prefix = ""
        """How the project root is reached from where pytest was started (posix, "" when it is that directory):
        failure texts show paths the way pytest shows node ids (`cwd_relative_nodeid`): relative to the rootdir,
        which is the project root, when pytest runs there, else from the invocation directory."""
        self.usage: list[str] = []
        """Usage warnings about `[tool.claims]` (`usage.usage_warnings`), one summary line each."""
        self.display_inside = ""
        """Where pytest was started, relative to the project root, when it lies inside it ("" otherwise): a path
        below it is shown as `main.py`, never as `../../src/pkg/main.py`."""
        self.tbstyle = "auto"
        self.sweep_groups: dict[tuple[str, str, int | None], list[Any]] | None = None
        self.blind_counts: dict[tuple[str, int], int] | None = None
        """(node id, line) -> blind-spot sites of a held item that has some (`pytest_report_teststatus`)."""
        """Failing claim and rule items of this session by `StaticItem.sweep_key`, built at the first failure."""
        self.outcomes: dict[tuple[str, int], str] = {}
        self.report_message = ""
        self.collected: set[str] = set()
        """What is collected already: claiming files by project-relative path, the rules file by its real path."""
        self._lines: dict[str, list[str]] = {}
        self.quiet_reports: list[Any] | None = None
        self.observed: dict[str, Any] | None = None
        """The report's `observed` (semantics §13a), set by pytest_claims.observe.plugin in an observed run."""
        """The terminal reporter's list of reports it shows nothing for (its `stats[""]`), if there is one."""
        self.direct: bool | None = None
        """Whether static items run without the phase hooks (`_runs_directly`), decided at the first item."""
        self.pickled: bytes | None = None
        """The payload as the xdist controller hands it to its workers (`pytest_configure_node`)."""
        self.analysis: tuple[float, int, int, int] | None = None
        """(seconds, files parsed, files read from the facts cache, verdicts reused) of the analysis this
        process ran; None in an xdist worker, which received the controller's result."""

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Remember how each claim item ended, for the summary (on the xdist controller: the workers' reports).

        A claim item's passed setup and teardown carry nothing to show, yet pytest keeps each in
        `stats[""]` and, for every failure, scans that whole list for teardown output: failures times items,
        seconds on a large project. Ours are taken back out right after the reporter filed them (trylast)."""
        if "claims" not in report.keywords:
            return
        if self.tbstyle == "line" and report.failed and isinstance(report.longrepr, str):
            report.longrepr = _LineRepr(report.longrepr)  # type: ignore[assignment]
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            # with the line: a property's getter and setter share a qualname, hence a node id
            self.outcomes[report.nodeid, report.location[1] or 0] = report.outcome
        elif report.passed and not report.sections and self.quiet_reports and self.quiet_reports[-1] is report:
            self.quiet_reports.pop()

    @functools.cached_property
    def claim_files(self) -> dict[Path, list[str]]:
        """Real path -> project-relative paths of every file holding claims or refused directives. Several
        modules may be one file (`pkg/a.py -> b.py`): each keeps its path, its node ids and its items."""
        files: dict[Path, list[str]] = {}
        real = _RealPaths()
        for rel in sorted(set(self.by_file) | set(self.errors)):
            files.setdefault(Path(real(str(self.config.root / rel))), []).append(rel)
        return files

    @functools.cached_property
    def modules(self) -> frozenset[str]:
        """The real paths of every analysed source file, resolved only when pytest offers a module to collect."""
        real = _RealPaths()
        return frozenset(real(path) for path in self.payload.get("modules", ()))

    def display(self, rel: str) -> str:
        if self.display_inside:
            return posixpath.relpath(rel, self.display_inside)
        return f"{self.display_prefix}/{rel}" if self.display_prefix else rel

    def source_line(self, rel: str, line: int) -> str:
        lines = self._lines.get(rel)
        if lines is None:
            try:
                # read_text turns \r\n and \r into \n; splitlines() would also split at form feeds (see facts.py)
                lines = (self.config.root / rel).read_text(encoding="utf-8", errors="replace").split("\n")
            except OSError:
                lines = []
            self._lines[rel] = lines
        return lines[line - 1] if 0 < line <= len(lines) else ""


class _Crash:
    """What pytest reads of a failure's `reprcrash` (`--tb=line`, the short summary): the first line."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return self.message


class _LineRepr:
    """A claim item's failure under `--tb=line`: pytest prints `str(reprcrash)` (the first violation line) and
    then the report's `toterminal`, which adds nothing; with a plain string it would print the whole text and
    then its first 50 characters. Set on the process that shows the reports (the xdist controller
    receives the text as a string)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.reprcrash = _Crash(text.split("\n", 1)[0])

    def toterminal(self, out: Any) -> None:
        pass

    def __str__(self) -> str:
        return self.text


_STATE = pytest.StashKey[ClaimsState]()
"""The first project's state (the only one, but in a run over several projects: `_STATES`)."""
_STATES = pytest.StashKey[list[ClaimsState]]()
"""Every project's state, the first project's first: a run over several projects checks each (`project_roots`)."""
_CONFIGS = pytest.StashKey[tuple[ClaimsConfig, ...]]()
_IDLE = pytest.StashKey[bool]()
"""Set when there is nothing to check (`_scanned`): an xdist worker is told so instead of looking again."""
_FROZEN = pytest.StashKey[bool]()
"""Set when this session moved the objects alive before its items ran out of the collector's sight (`_freeze`)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("claims", "static claims (pytest-claims)")
    group.addoption("--no-claims", action="store_true", default=False, help="do not check claims")
    group.addoption(
        "--claims-platform",
        action="store",
        default=None,
        metavar="PLATFORMS",
        help="target platform(s) instead of the host, comma separated (e.g. win32,darwin)",
    )
    group.addoption(
        "--claims-all-platforms",
        action="store_true",
        default=False,
        help=f"check every platform in `platforms` (also: {' or '.join(f'{name}=1' for name in SWEEP_ENVS)})",
    )
    group.addoption(
        "--claims-report",
        action="append",
        default=[],
        metavar="PATH",
        help="write a report, by suffix: .json the JSON report, .md the catalogue, .sarif or .sarif.json SARIF; "
        "may be given several times",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "claims: a static claim item from pytest-claims")
    if config.getoption("no_claims"):
        return
    try:
        tool_claims(config)
        sweep_env()  # a bad value is a usage error now, before anything runs (semantics §8)
    except ConfigError as exc:
        raise pytest.UsageError(str(exc)) from None
    for target in config.getoption("claims_report") or ():
        from pytest_claims.output.report import report_format  # loaded only when a report is asked for

        try:
            report_format(Path(target))
        except ValueError as exc:
            raise pytest.UsageError(f"--claims-report: {exc}") from None


def tool_claims(config: pytest.Config) -> ClaimsConfig:
    """`[tool.claims]` of the (first) project (`tool_claims_all`)."""
    return tool_claims_all(config)[0]


def tool_claims_all(config: pytest.Config) -> tuple[ClaimsConfig, ...]:
    """`[tool.claims]` of every project the session checks (`project_roots`), read once per session: the observer
    asks first, before `pytest_configure` (a malformed file raises `ConfigError` every time it is asked for)."""
    found = config.stash.get(_CONFIGS, None)
    workerinput = getattr(config, "workerinput", None) or {}
    worker_roots = workerinput.get("claims_roots")
    if worker_roots is None and "claims_root" in workerinput:
        worker_roots = [workerinput["claims_root"]]
    if found is None or (worker_roots is not None and [str(c.root) for c in found] != worker_roots):
        found = config.stash[_CONFIGS] = tuple(load_config(root) for root in project_roots(config))
    return found


def project_roots(config: pytest.Config) -> tuple[Path, ...]:
    """The projects the session checks, found as the command line finds them (`config.find_project_roots`): each
    path given (or the invocation directory) belongs to the project of its nearest pyproject.toml holding
    `[tool.claims]` at or above it, or holds those of the tables below it; none: the rootdir. An xdist worker takes
    the controller's, which may have looked from elsewhere."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and "claims_roots" in workerinput:
        return tuple(Path(root) for root in workerinput["claims_roots"])
    if workerinput is not None and "claims_root" in workerinput:
        return (Path(workerinput["claims_root"]),)
    invoked = Path(str(config.invocation_params.dir))
    args = getattr(config.known_args_namespace, "file_or_dir", None) or ()
    # a node id names its file; an argument that names no path (`--pyargs pkg.mod`) says nothing of where
    paths = [invoked / str(arg).split("::")[0] for arg in args]
    paths = [path for path in paths if os.path.lexists(path)]
    return find_project_roots(paths, invoked, Path(str(config.rootpath)))


def _states(config: pytest.Config) -> list[ClaimsState]:
    """Every project's state in this session (none when the plugin is idle or off)."""
    return config.stash.get(_STATES, [])


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """The analysis runs here, once per project: before collection, and (under xdist) before the workers start."""
    config = session.config
    configs = config.stash.get(_CONFIGS, None)
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
        state = _analyse(config, claims_config, index)
        if state is None:
            continue
        if index < len(sent):
            state.display_prefix, state.display_inside = sent[index]["prefix"], sent[index]["inside"]
        else:
            state.display_prefix = _display_prefix(claims_config.root, Path(str(config.invocation_params.dir)))
            state.display_inside = _display_inside(claims_config.root, Path(str(config.invocation_params.dir)))
        state.tbstyle = str(config.getoption("tbstyle", "auto"))
        if reporter is not None and isinstance(getattr(reporter, "stats", None), dict):
            state.quiet_reports = reporter.stats.setdefault("", [])
        # registered as a plugin of this session: the one hook pytest calls without the config (logreport)
        config.pluginmanager.register(state, f"claims-session-{index}" if index else "claims-session")
        states.append(state)
    if not states:
        config.stash[_IDLE] = True
        return
    config.stash[_STATE] = states[0]
    config.stash[_STATES] = states


def _display_inside(root: Path, invoked: Path) -> str:
    try:
        inside = invoked.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return ""
    return "" if inside == "." else inside


def _display_prefix(root: Path, invoked: Path) -> str:
    try:
        prefix = Path(os.path.relpath(root.resolve(), invoked.resolve())).as_posix()
    except ValueError:  # another drive (Windows): absolute, as pytest's bestrelpath gives
        return root.resolve().as_posix()
    return "" if prefix == "." else prefix


def _requested_platforms(config: pytest.Config) -> tuple[list[str] | None, bool]:
    option = config.getoption("claims_platform")
    requested = [p.strip() for p in option.split(",") if p.strip()] if option else None
    try:
        sweep = bool(config.getoption("claims_all_platforms")) or sweep_env()
    except ConfigError as exc:
        raise pytest.UsageError(str(exc)) from None
    return requested, sweep


def _analyse(config: pytest.Config, claims_config: ClaimsConfig, index: int = 0) -> ClaimsState | None:
    """The analysis of the session's `index`th project, or None when there is nothing to check (idle: `_scanned`)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and workerinput.get("claims_idle"):
        return None
    if workerinput is not None and "claims_payload" in workerinput:
        more = workerinput.get("claims_more", ())
        sent = workerinput["claims_payload"] if index == 0 else more[index - 1]["payload"]
        return ClaimsState(claims_config, None, pickle.loads(sent))
    requested, sweep = _requested_platforms(config)
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
    from pytest_claims.engine import check  # the resolver and the walks: loaded only when there is work

    shown = _progress(config, "claims: analysing the project ...")
    select, rules = _selection(config, claims_config)
    try:
        result = check(
            claims_config.root,
            requested,
            claims_config,
            sweep=sweep,
            cache=cache,
            details=report,
            project=project,
            select=select,
            rules=rules,
        )
    finally:
        if shown:
            _progress(config, "")
    state = ClaimsState(claims_config, result)
    state.analysis = (time.perf_counter() - started, cache.parsed, cache.hits, result.reused)
    from pytest_claims.usage import usage_warnings

    state.usage = usage_warnings(result)  # settings that do nothing: named in the summary, never an error
    # a report is built from the result alone (its details): the session does not carry the facts
    # (every later garbage collection would walk them)
    result.project.modules.release()
    return state


def _selection(config: pytest.Config, claims_config: ClaimsConfig) -> tuple[Callable[[str], bool] | None, bool]:
    """Which claiming files the analysis judges, and whether the rules are checked: every file with no paths, the
    project root among them, or `--claims-observe` (its verdicts cover every claim); else the files under a
    directory given, those given, and those pytest may collect under another name (a name `python_files`
    matches); the rules when a directory given holds a configured package (`_wanted`) or the configuration file
    is given."""
    if config.args_source != pytest.Config.ArgsSource.ARGS or config.getoption("claims_observe", False):
        return None, True
    root = _real(claims_config.root)
    paths = [_real(Path(str(config.invocation_params.dir)) / arg.split("::")[0]) for arg in config.args]
    if root in paths:
        return None, True
    packages = [_real(root / p) for p in claims_config.packages]
    rules = any(
        path.is_dir() and any(_is_relative_to(p, path) or _is_relative_to(path, p) for p in packages) for path in paths
    ) or (claims_config.file is not None and _real(claims_config.file) in paths)

    def select(rel: str) -> bool:
        real = _real(root / rel)
        return any(real == path or _is_relative_to(real, path) for path in paths) or _is_test_file(config, real)

    return select, rules


def _scanned(config: pytest.Config, claims_config: ClaimsConfig, cache: FactsCache) -> Project | None:
    """The project as the engine's pre-scan sees it (through the snapshot: a warm run reads no source file), when
    the session may be idle: no `[tool.claims]` table and no report or observation asked for. Idle when no file
    could hold a claim and none is unreadable: the plugin then adds nothing, so nothing is checked, stored or
    collected (semantics §9). Otherwise the analysis goes on from this very project (None: it loads its own)."""
    if claims_config.present or config.getoption("claims_report", None) or config.getoption("claims_observe", False):
        return None
    return load(claims_config, cache, snapshot_for(cache.directory))


def _progress(config: pytest.Config, text: str) -> bool:
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


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: hand the controller's analysis to each worker instead of redoing it there (for each project: the
    first under the keys of a single project's run, the others in `claims_more`)."""
    state = node.config.stash.get(_STATE, None)
    if state is not None:
        states = node.config.stash.get(_STATES, [state])
        for each in states:
            if each.pickled is None:  # once for every worker: the same bytes for each
                each.pickled = pickle.dumps(_for_workers(each.payload))
        node.workerinput["claims_payload"] = state.pickled
        node.workerinput["claims_display_prefix"] = state.display_prefix
        node.workerinput["claims_display_inside"] = state.display_inside
        node.workerinput["claims_root"] = str(state.config.root)
        if len(states) > 1:
            node.workerinput["claims_roots"] = [str(each.config.root) for each in states]
            node.workerinput["claims_more"] = [
                {"payload": each.pickled, "prefix": each.display_prefix, "inside": each.display_inside}
                for each in states[1:]
            ]
    elif node.config.stash.get(_IDLE, False):
        node.workerinput["claims_idle"] = True


def _for_workers(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload less what only the controller reads: the claims' blind spots, which feed the summary, the
    reports and `--claims-observe`, all made by the controller from its own copy. A worker's items show their
    verdicts and failure texts, which never list them. On a large project that is half the bytes each worker
    is sent and unpickles."""
    return {**payload, "claims": [claim._replace(blind=()) for claim in payload["claims"]]}


class ClaimsFile(pytest.File):
    """A project source file seen only through its claims; never imported."""

    def __init__(self, *, rel: str = "", state: ClaimsState | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rel = rel
        """The project-relative path whose claims it holds ("" for a project module without any)."""
        self.state = state or self.config.stash[_STATE]
        """The state of the project the file belongs to."""

    def collect(self) -> Iterator[pytest.Item]:
        state = self.state
        errors = state.errors.get(self.rel)
        if errors:
            raise ClaimsCollectError("\n".join(errors))
        relfspath = None
        for result in state.by_file.get(self.rel, []):
            name = f"{result.qualname}[{result.platform}]"
            item = ClaimItem.from_parent(self, name=name, nodeid=f"{self.nodeid}::{name}", result=result)
            if relfspath is None:
                relfspath = item.location[0]
            else:
                # pytest's `Item.location` (a cached_property) as pytest computes it: the path part is the same for
                # every item of the file, and working it out again costs more per item than the rest of its run
                item.__dict__["location"] = (relfspath, *item.reportinfo()[1:])
            yield item

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException]) -> str:  # type: ignore[override]
        if isinstance(excinfo.value, ClaimsCollectError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))


class ClaimsCollectError(Exception):
    """A refused directive: reported as a collection error naming file:line, without a traceback."""


class ClaimFailure(Exception):
    """A violated or unevaluable claim; its text is the whole report."""


_CLAIMS_MARK = pytest.mark.claims
"""Every static item's marker, made once (`add_marker("claims")` looks the name up again for each item)."""


class StaticItem(pytest.Item):
    """An item whose verdict was decided by the analysis: running it only reports that verdict."""

    status = "held"

    def __init__(self, *, words: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_marker(_CLAIMS_MARK)
        # -k matches names in extra_keyword_matches (and markers), not arbitrary keyword entries
        for word in words:
            self.keywords[word] = True
            self.extra_keyword_matches.add(word)

    platform = ""
    base = ""
    """The item's name without its `[<platform>]`: the items of one sweep share it (with the parent and line)."""
    label = ""
    """What the failure text names: the dotted function, or `forbid-reaches[<id>]`."""

    def failure(self, state: ClaimsState) -> str:
        raise NotImplementedError

    @property
    def sweep_key(self) -> tuple[str, str, int | None]:
        """The items of one function (or rule) on several platforms share it."""
        return (self.parent.nodeid if self.parent is not None else "", self.base, self.location[1])

    @property
    def state(self) -> ClaimsState:
        """The state of the item's project: its file's (a `ClaimsFile` or `RulesFile`)."""
        parent = self.parent
        return parent.state if isinstance(parent, (ClaimsFile, RulesFile)) else self.config.stash[_STATE]

    def runtest(self) -> None:
        if self.status == "held":
            return
        state = self.state
        text = self.failure(state)
        if self.status == "unevaluable" and state.config.on_unevaluable == "skip":
            pytest.skip(text.splitlines()[0])
        raise ClaimFailure(self._grouped(state, text))

    def _grouped(self, state: ClaimsState, text: str) -> str:
        """A sweep's violation identical on several platforms (same text, same verdict) is shown once.

        Each platform keeps its item (so `-k win32`, `--lf` and the per-platform counts work), but only the first
        selected item of the group shows the text, followed by `(the same on darwin, linux, win32)`; the others
        say in one line which item shows it. When that item is not selected (`-k win32`) the text is shown."""
        if len(state.platforms) < 2:  # one platform: no item has a sibling to share its text with
            return text
        if state.sweep_groups is None:  # once per session: the selected items are final when items run
            state.sweep_groups = {}
            for item in self.session.items:
                if isinstance(item, StaticItem) and item.status != "held":
                    state.sweep_groups.setdefault(item.sweep_key, []).append(item)
        siblings = [
            item
            for item in state.sweep_groups.get(self.sweep_key, ())
            if item.status == self.status and item.platform != self.platform
        ]
        same = sorted([self, *(item for item in siblings if item.failure(state) == text)], key=lambda i: i.platform)
        if len(same) == 1:
            return text
        if same[0] is self:
            return f"{text}\n(the same on {', '.join(item.platform for item in same)})"
        return f"{self.label}[{self.platform}]: the same as on {same[0].platform}, shown at {same[0].nodeid}"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ClaimFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def run_directly(self) -> None:
        """pytest's run protocol without its setup, call and teardown hooks, which only wrap `runtest` in what a
        test needs (captured output and logs, fixtures, skip and xfail marks, the set-up collectors) and cost more
        than the whole verdict: the same reports, made and logged through the same hooks, in the same order."""
        ihook = self.ihook  # once: each `ihook` looks up the conftests of the item's path (a stat)
        ihook.pytest_runtest_logstart(nodeid=self.nodeid, location=self.location)
        _run_phase(self, ihook, "setup", _nothing)
        _run_phase(self, ihook, "call", self.runtest)
        _run_phase(self, ihook, "teardown", _nothing)
        ihook.pytest_runtest_logfinish(nodeid=self.nodeid, location=self.location)


def _nothing() -> None:
    pass


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Before the items run: `_freeze` when nothing but static items will run in this process."""
    config = session.config
    if config.stash.get(_STATE, None) is None or not all(
        isinstance(item, StaticItem) for item in getattr(session, "items", ())
    ):
        return
    config.stash[_FROZEN] = _freeze()


def _freeze() -> bool:
    """Leave what is alive now out of every later cyclic garbage collection, until `pytest_unconfigure` thaws it.

    The analysis result, the items and the collected tree stay alive for the whole session, yet every full
    collection pytest's per-item reports (and the imports of its summary) set off would scan them all again and
    find nothing among them: on a large project several times what the items' run costs. Only when no test
    code runs here (every item is static, or the xdist controller collects none), so no test can see an object
    of its own kept past a collection; and only when nothing else froze objects (it would be thawed with ours)."""
    if gc.get_freeze_count():
        return False
    gc.freeze()
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Thaw what `_freeze` froze, before pytest's own last collection (unraisable exceptions) sees the heap."""
    if config.stash.get(_FROZEN, False):
        config.stash[_FROZEN] = False
        gc.unfreeze()


def _run_phase(
    item: StaticItem, ihook: Any, when: Literal["setup", "call", "teardown"], run: Callable[[], None]
) -> None:
    """One phase as pytest's `call_and_report` runs it, with `run` in place of the phase's hook (`ihook`: the
    item's, looked up once for its three phases)."""
    call = pytest.CallInfo.from_call(run, when=when, reraise=(pytest.exit.Exception, KeyboardInterrupt))
    report = ihook.pytest_runtest_makereport(item=item, call=call)
    ihook.pytest_runtest_logreport(report=report)
    excinfo = call.excinfo
    if excinfo is not None and not hasattr(report, "wasxfail") and not isinstance(excinfo.value, pytest.skip.Exception):
        ihook.pytest_exception_interact(node=item, call=call, report=report)


_PHASE_HOOKS = ("pytest_runtest_protocol", "pytest_runtest_setup", "pytest_runtest_call", "pytest_runtest_teardown")
"""The hooks a direct run leaves out: the phases, and the protocol itself (ours answers first, so any other
plugin's or conftest's protocol, a quarantine or a rerun, would never be asked)."""
_INERT_PHASE_PLUGINS = ("_pytest.", "pytest_claims.", "_hypothesis_pytestplugin")
"""Modules whose phase hooks do nothing a static item can show: pytest's own (captured output and logs of a
`runtest` that prints and logs nothing; fixtures, marks and set-up collectors a static item does not have), ours,
and Hypothesis's (it acts only on items with a test function, `item.obj`)."""


def _runs_directly(config: pytest.Config) -> bool:
    """Whether static items may skip the phase hooks (`StaticItem.run_directly`): only when no plugin or conftest
    outside `_INERT_PHASE_PLUGINS` hooks a phase or the run protocol, and no option shows or stops in the phases
    (`--pdb`, `--trace`, `--setup-show`, `--setup-only`, `--setup-plan`)."""
    if any(config.getoption(name, False) for name in ("usepdb", "trace", "setupshow", "setuponly", "setupplan")):
        return False
    for name in _PHASE_HOOKS:
        for impl in getattr(config.pluginmanager.hook, name).get_hookimpls():
            module = getattr(impl.function, "__module__", None) or ""
            if not (module.startswith(_INERT_PHASE_PLUGINS) or module in _INERT_PHASE_PLUGINS):
                return False
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """A static item marked by nothing but `claims` runs directly (`StaticItem.run_directly`) when the session
    allows it; anything else, such as an item a conftest marked `skip` or `xfail`, takes pytest's own protocol.
    So does the session's last item: its teardown is where pytest tears the session down (session-scoped
    fixtures of the tests before it), and an error there is reported as that item's."""
    if not isinstance(item, StaticItem) or nextitem is None:
        return None
    state = item.config.stash.get(_STATE, None)
    if state is None:
        return None
    if state.direct is None:
        state.direct = _runs_directly(item.config)
    if not state.direct or any(node.own_markers for node in item.listchain()[:-1]) or len(item.own_markers) != 1:
        return None
    item.run_directly()
    return True


class ClaimItem(StaticItem):
    def __init__(self, *, result: ClaimResult, **kwargs: Any) -> None:
        super().__init__(words=(*result.claims, result.platform), **kwargs)
        self.result = result
        self.status = result.status
        self.platform = result.platform
        self.base = result.qualname
        self.label = result.function

    def failure(self, state: ClaimsState) -> str:
        r = self.result
        return failure_text(r.function, r.claims, r.status, r.violations, r.frontier, state.source_line, state.display)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.result.line - 1, f"{self.result.function}[{self.result.platform}]"


class RulesFile(pytest.File):
    """The config file, seen as the holder of the forbid-reaches rules: one item per rule and platform."""

    def __init__(self, *, state: ClaimsState | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state or self.config.stash[_STATE]
        """The state of the project whose configuration file it is."""

    def collect(self) -> Iterator[pytest.Item]:
        state = self.state
        for rule in state.rules:
            name = rule_item_name(rule)
            yield RuleItem.from_parent(self, name=name, nodeid=f"{self.nodeid}::{name}", rule=rule)


class RuleItem(StaticItem):
    def __init__(self, *, rule: RuleResult, **kwargs: Any) -> None:
        super().__init__(words=("forbid-reaches", rule.id, rule.platform), **kwargs)
        self.rule = rule
        self.status = rule.status
        self.platform = rule.platform
        self.base = self.label = f"forbid-reaches[{rule.id}]"

    def failure(self, state: ClaimsState) -> str:
        return rule_failure_text(self.rule, state.source_line, state.display)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.rule.line - 1, 0), f"forbid-reaches[{self.rule.id}][{self.rule.platform}]"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """`pytest pyproject.toml` (or a rule's node id) collects the forbid-reaches rules."""
    for state in _states(parent.config):
        if not state.rules or state.config.file is None:
            continue
        if parent.session.isinitpath(file_path) and _real(file_path) == _real(state.config.file):
            state.collected.add(str(_real(file_path)))
            return RulesFile.from_parent(parent, path=file_path, state=state)
    return None


def _real(path: Path) -> Path:
    """The path with every symlink resolved, as far as they resolve: a symlink loop is left as it is (it is
    reported as an unreadable file), where `Path.resolve` raises RuntimeError before Python 3.13."""
    return Path(os.path.realpath(path))


class _RealPaths:
    """`os.path.realpath` of many files sharing directories: each directory is resolved once, then a file costs
    one `lstat` (a link among the files themselves is resolved in full). `realpath(d/f)` is
    `realpath(realpath(d)/f)`, and a plain name that is not a link adds nothing to it. On Windows, where
    `realpath` also gives each name the case it has on disk, every path is resolved in full."""

    def __init__(self) -> None:
        self._dirs: dict[str, str] = {}

    def __call__(self, path: str) -> str:
        head, name = os.path.split(path)
        if (
            sys.platform == "win32"
            or not os.path.isabs(path)
            or name in ("", os.curdir, os.pardir)
            or os.path.islink(path)
        ):
            return os.path.realpath(path)
        real_head = self._dirs.get(head)
        if real_head is None:
            real_head = self._dirs[head] = os.path.realpath(head)
        return os.path.join(real_head, name)


def _claims_file(parent: pytest.Collector, state: ClaimsState, rel: str) -> ClaimsFile:
    """A claiming file's collector, at its project-relative path: its node ids say how the project reaches it
    (`shop/x.py` for a package configured as the symlink `shop`), never where the link leads."""
    state.collected.add(rel)
    path = state.config.root / rel
    rootdir = Path(str(parent.config.rootpath))
    if _under(path, rootdir):
        return ClaimsFile.from_parent(parent.session, path=path, rel=rel, state=state)
    return ClaimsFile.from_parent(parent.session, path=path, rel=rel, state=state, nodeid=nodeid_path(path, rootdir))


def _under(path: Path, rootdir: Path) -> bool:
    """Whether pytest names a collector at `path` by itself: below the rootdir, as written or where links lead."""
    return _is_relative_to(path, rootdir) or _is_relative_to(_real(path), _real(rootdir))


def nodeid_path(path: Path, rootdir: Path) -> str:
    """As pytest names a collector at `path`: relative to the rootdir as written, not where links lead. A project
    above or beside the rootdir (its table found from where pytest ran, semantics §9) has its files named from the
    rootdir (`../pkg/x.py`), which pytest would not name at all."""
    try:
        return path.relative_to(rootdir).as_posix()
    except ValueError:
        pass
    try:
        return _real(path).relative_to(_real(rootdir)).as_posix()
    except ValueError:
        pass
    try:
        return Path(os.path.relpath(path, rootdir)).as_posix()
    except ValueError:  # another drive (Windows)
        return path.as_posix()


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A project file named on the command line is collected for its claims, never imported."""
    states = _states(parent.config)
    if not states:
        return None
    real = _real(module_path)
    for state in states:
        rels = state.claim_files.get(real)
        if rels:
            # the module named as the command line names it, when one file is several modules (`a.py -> b.py`)
            named = [rel for rel in rels if state.config.root / rel == Path(os.path.abspath(module_path))]
            return _claims_file(parent, state, (named or rels)[0])
    for state in states:
        if str(real) in state.modules and not _is_test_file(parent.config, module_path):
            # A project module without claims, named on the command line: pytest would import (run) it.
            return ClaimsFile.from_parent(parent.session, path=module_path, state=state)
    return None


def _is_test_file(config: pytest.Config, path: Path) -> bool:
    """A file pytest collects as tests (`python_files`): left to pytest even inside a configured package."""
    return any(python_files_match(pattern, path) for pattern in config.getini("python_files"))


def python_files_match(pattern: str, path: Path | PurePath) -> bool:
    """pytest's own matching of a `python_files` pattern (`_pytest.pathlib.fnmatch_ex`, which is private, so
    copied rather than imported: a pytest upgrade may move it). A pattern without a path separator matches the
    file name; one with a separator matches the whole path, a relative pattern anywhere below the root (so
    `tests/**/test_*.py` works). tests/plugin/test_plugin.py checks it against pytest's when pytest still has it."""
    path = PurePath(path)
    if sys.platform.startswith("win") and os.sep not in pattern and "/" in pattern:
        pattern = pattern.replace("/", os.sep)
    if os.sep not in pattern:
        name = path.name
    else:
        name = str(path)
        if path.is_absolute() and not os.path.isabs(pattern):
            pattern = f"*{os.sep}{pattern}"
    return fnmatch.fnmatch(name, pattern)


def _wanted(config: pytest.Config, state: ClaimsState) -> tuple[list[str], bool]:
    """Claim files this run collects (project-relative): all with no paths or the root; else those whose real
    path lies under a given directory. With them, whether the run collects claims of the configured packages
    at all (then the rules are collected too, semantics §12)."""
    everything = sorted(rel for rels in state.claim_files.values() for rel in rels)
    root = state.config.root
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return everything, True
    chosen: list[str] = []
    packages = False
    for arg in config.args:
        path = _real(Path(str(config.invocation_params.dir)) / arg.split("::")[0])
        if path == _real(root):
            return everything, True
        if path.is_dir():
            holds_package = any(
                _is_relative_to(_real(root / p), path) or _is_relative_to(path, _real(root / p))
                for p in state.config.packages
            )
            if holds_package:
                packages = True
                chosen.extend(
                    rel for real, rels in state.claim_files.items() if _is_relative_to(real, path) for rel in rels
                )
    return sorted(set(chosen)), packages


def _is_relative_to(path: Path, other: Path) -> bool:
    try:
        path.relative_to(other)
    except ValueError:
        return False
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    collectors: list[pytest.Collector] = []
    for state in _states(config):
        collectors.extend(_collectors(session, config, state))
    if not collectors:
        return
    added: list[pytest.Item] = []
    for collector in collectors:
        # Reported like any collection, so a refused directive is a collection error naming file:line.
        report = _collect(collector)
        session.ihook.pytest_collectreport(report=report)
        if report.passed:
            added.extend(r for r in report.result if isinstance(r, pytest.Item))
    items[:0] = added


def _collectors(session: pytest.Session, config: pytest.Config, state: ClaimsState) -> list[pytest.Collector]:
    """The collectors of one project's claiming files and rules that this run wants and pytest did not make."""
    collectors: list[pytest.Collector] = []
    wanted, packages = _wanted(config, state)
    for rel in wanted:
        if rel not in state.collected:
            collectors.append(_claims_file(session, state, rel))
    rules_file = state.config.file
    if state.rules and rules_file is not None and str(_real(rules_file)) not in state.collected and packages:
        rootdir = Path(str(config.rootpath))
        if _under(rules_file, rootdir):
            collectors.append(RulesFile.from_parent(session, path=rules_file, state=state))
        else:
            nodeid = nodeid_path(rules_file, rootdir)
            collectors.append(RulesFile.from_parent(session, path=rules_file, state=state, nodeid=nodeid))
    return collectors


def _collect(collector: pytest.Collector) -> pytest.CollectReport:
    """Collect one node through the public hooks, as pytest's own (private) `_pytest.runner.collect_one_node`
    does, minus `--pdb` on a collection error: our collectors raise only `ClaimsCollectError`, a refused
    directive reported by file:line, where a debugger has nothing to show."""
    collector.ihook.pytest_collectstart(collector=collector)
    report: pytest.CollectReport = collector.ihook.pytest_make_collect_report(collector=collector)
    report.__dict__.pop("call", None)  # pytest drops it too: the report must pickle (xdist) and not keep frames
    return report


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """One short block (semantics §9, `output.summary`): per kind and platform held / violated / unevaluable, with how
    many held claims have blind spots and at how many sites, the sites that hide the most claims (paths as in
    failure texts); then how long the analysis took. A run over several projects shows a block per project, each
    after a line naming it (its root as the failure texts show paths)."""
    states = _states(config)
    blocks = [(state, _summary_block(config, state)) for state in states]
    if not any(lines for _, lines in blocks) and not (states and states[0].report_message):
        return
    terminalreporter.section("claims")
    for state, lines in blocks:
        if len(states) > 1:
            shown = posixpath.normpath(state.display("."))
            terminalreporter.line(f"project {shown}" + ("" if lines else ": no claim item of it ran"))
        for line in lines:
            terminalreporter.line(line)
    if len(states) > 1 and states[0].observed is not None:
        first = posixpath.normpath(states[0].display("."))
        terminalreporter.line(f"warning: --claims-observe judged the claims of project {first} only")
    for message in states[0].report_message.splitlines():
        terminalreporter.line(message)


def _summary_block(config: pytest.Config, state: ClaimsState) -> list[str]:
    """One project's summary lines (none when it has nothing to say)."""
    expected = _expected_items(config, state)
    counted = [expected[key] for key in state.outcomes if key in expected]
    if not counted and not state.problems and not state.excluded and not state.usage:
        return []
    lines = summary_lines(counted, display=state.display, context=source_reader(state.config.root))
    if state.analysis is not None and counted:
        seconds, parsed, cached, reused = state.analysis
        line = f"analysis: {seconds:.2f} s, {parsed} file{'' if parsed == 1 else 's'} parsed, {cached} read from cache"
        if reused:
            line += f", {reused} verdict{'' if reused == 1 else 's'} reused"
        lines.append(line)
    lines += _unchecked_lines(state)
    lines += [f"warning: {line}" for line in state.usage]
    return lines


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    """A held claim or rule whose walk met calls it could not follow says so on its `-v` line: `PASSED (held,
    2 blind spots)`. Its category and letter stay those of a pass, so counts and `-q` output do not change."""
    if report.when != "call" or not report.passed or hasattr(report, "wasxfail") or "claims" not in report.keywords:
        return None
    state = config.stash.get(_STATE, None)
    if state is None:
        return None
    if state.blind_counts is None:  # once per session, on the process that shows the reports
        state.blind_counts = {k: v for each in _states(config) for k, v in _blind_counts(config, each).items()}
    count = state.blind_counts.get((report.nodeid, report.location[1] or 0), 0)
    if not count:
        return None
    return "passed", ".", f"PASSED (held, {count} blind spot{'' if count == 1 else 's'})"


def _blind_counts(config: pytest.Config, state: ClaimsState) -> dict[tuple[str, int], int]:
    """(node id, reported line) -> the number of blind-spot sites of each held claim and rule that has some.
    An xdist worker's payload has no blind spots: only the controller, which shows the reports, counts them."""
    rootdir = Path(str(config.rootpath))
    out: dict[tuple[str, int], int] = {}
    paths: dict[str, str] = {}
    for claim in state.payload["claims"]:
        if claim.status != "held" or not claim.blind:
            continue
        path = paths.get(claim.file)
        if path is None:
            path = paths[claim.file] = nodeid_path(state.config.root / claim.file, rootdir)
        out[f"{path}::{claim.qualname}[{claim.platform}]", claim.line - 1] = len(claim_sites(claim))
    if state.config.file is not None:
        path = nodeid_path(state.config.file, rootdir)
        for rule in state.rules:
            sites = {(b.file, b.line, b.code) for b in rule.blind_spots}
            if rule.status == "held" and sites:
                out[f"{path}::{rule_item_name(rule)}", max(rule.line - 1, 0)] = len(sites)
    return out


def _unchecked_lines(state: ClaimsState) -> list[str]:
    """What the run could not check: a line per unreadable file or unlistable directory, and one line naming the
    files `exclude` leaves out that hold claims (excluded on purpose, so they do not fail the run)."""
    lines = [f"unreadable: {problem}" for problem in state.problems]
    if state.excluded:
        lines.append(excluded_line(state.excluded))
    return lines


def _expected_items(config: pytest.Config, state: ClaimsState) -> dict[tuple[str, int], Counted]:
    """(node id, reported line) -> what the analysis says of that item, computed from the analysis so the xdist
    controller, which collects no items itself, can count what its workers ran."""
    rootdir = Path(str(config.rootpath))
    out: dict[tuple[str, int], Counted] = {}
    paths: dict[str, str] = {}
    for claim in state.payload["claims"]:
        path = paths.get(claim.file)
        if path is None:
            path = paths[claim.file] = nodeid_path(state.config.root / claim.file, rootdir)
        key = (f"{path}::{claim.qualname}[{claim.platform}]", claim.line - 1)
        if key in state.outcomes:  # the sites of a claim no item ran are never counted
            out[key] = ("claims", claim.platform, claim.status, claim_sites(claim), own_sites(claim))
    if state.config.file is not None:
        path = nodeid_path(state.config.file, rootdir)
        for rule in state.rules:
            blind = {(b.file, b.line, b.code) for b in rule.blind_spots}
            key = (f"{path}::{rule_item_name(rule)}", max(rule.line - 1, 0))
            out[key] = ("rules", rule.platform, rule.status, blind, set())
    return out


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write `--claims-report` once, from the process that ran the analysis (the xdist controller).

    A run in which some claiming file could not be read does not pass: its claims were not checked
    (fail closed), even though every item that could be collected passed."""
    config = session.config
    states = [state for state in _states(config) if state.result is not None]
    if not states:
        return
    state = states[0]
    passing = (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)  # every claiming file unreadable: 5
    if any(s.problems for s in states) and session.exitstatus in passing and not config.option.collectonly:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    messages = []
    results = [s.result for s in states if s.result is not None]
    for target in dict.fromkeys(config.getoption("claims_report", None) or ()):
        from pytest_claims.output.report import write_reports

        path = Path(str(config.invocation_params.dir)) / target
        try:
            # several projects: one report, its paths from the rootdir, each result naming its project
            write_reports(path, results, Path(str(config.rootpath)), __version__, state.observed)
        except OSError as exc:
            messages.append(f"could not write the claims report {target}: {exc.strerror or exc}")
        else:
            messages.append(f"claims report written to {target}")
    state.report_message = "\n".join(messages)
