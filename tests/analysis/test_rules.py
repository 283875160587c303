"""forbid-reaches rules (semantics §12) over the fixture project `testdata/rules/`.

Every rule's verdict and witness path on each platform is pinned here exactly, including the tie-breaks: the
shortest path wins, and among the shortest the first by names compared hop by hop.
"""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.analysis.rules import check_rules
from pytest_claims.config import Config, ForbidRule, load_config
from pytest_claims.engine import Resolvers, load
from pytest_claims.output.messages import rule_failure_text, rule_item_name
from pytest_claims.records import RuleResult

ROOT = Path(__file__).resolve().parents[2] / "testdata" / "rules"
VIOLATIONS = Path(__file__).resolve().parents[2] / "testdata" / "violations"
PLATFORMS = ("linux", "win32")
ALL = "*"

D = "layers.diamond."
EXPECTED: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "ui-not-db": {ALL: ("held", ())},
    "api-not-db": {ALL: ("violated", ("layers.api.handle", "layers.service.fetch", "layers.db.query"))},
    "diamond": {ALL: ("violated", (D + "top", D + "left", D + "sink"))},
    "deep-diamond": {ALL: ("violated", (D + "deep", D + "b_branch", D + "z_last", D + "sink"))},
    "no-subprocess": {
        ALL: ("violated", ("layers.shell.run_tool", "layers.shell._spawn", "subprocess.run")),
    },
    "no-json": {ALL: ("violated", ("layers.shell.encode", "json.dumps"))},
    "exceptions-are-not-reaches": {ALL: ("held", ())},
    "external-not-db": {ALL: ("unevaluable", ())},
    "mixed-not-db": {ALL: ("violated", ("layers.external.mixed", "layers.db.query"))},
    "no-requests": {ALL: ("violated", ("layers.external.fetch_user", "requests.get"))},
    "plat-not-db": {
        "linux": ("held", ()),
        "win32": ("violated", ("layers.plat.sync", "layers.db.query")),
    },
    "no-bare-class": {ALL: ("violated", ("layers.service.open_connection", "layers.db.Connection"))},
    "through-trusted": {
        ALL: ("violated", ("layers.audit.record", "layers.vault.secret", "layers.db.helper")),
    },
    "into-trusted": {ALL: ("violated", ("layers.audit.record", "layers.vault.secret"))},
    "typo-from": {ALL: ("unevaluable", ())},
    "typo-to": {ALL: ("unevaluable", ())},
    "from-inside-to": {ALL: ("unevaluable", ())},
}


def run(
    config: Config, platforms: tuple[str, ...] = PLATFORMS, project: Project | None = None
) -> tuple[RuleResult, ...]:
    project = project or load(config)
    return check_rules(project, config, platforms, Resolvers(project, config, platforms))


@pytest.fixture(scope="module")
def config() -> Config:
    return load_config(ROOT)


@pytest.fixture(scope="module")
def results(config: Config) -> tuple[RuleResult, ...]:
    return run(config)


def one(results: tuple[RuleResult, ...], rule_id: str, platform: str = "linux") -> RuleResult:
    (found,) = [r for r in results if r.id == rule_id and r.platform == platform]
    return found


def test_every_rule_is_pinned(config: Config, results: tuple[RuleResult, ...]) -> None:
    assert [rule.id for rule in config.forbid_reaches] == list(EXPECTED)
    assert {(r.id, r.platform) for r in results} == {(i, p) for i in EXPECTED for p in PLATFORMS}


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("rule_id", list(EXPECTED))
def test_verdict_and_path(results: tuple[RuleResult, ...], rule_id: str, platform: str) -> None:
    table = EXPECTED[rule_id]
    expected = table.get(platform, table.get(ALL))
    rule = one(results, rule_id, platform)
    assert (rule.status, rule.path) == expected
    if rule.status == "violated":
        assert rule.frontier == ()
    if rule.status != "unevaluable":
        assert rule.frontier == ()
    else:
        assert rule.frontier, "an unevaluable rule always says why"


def test_results_are_sorted_by_id_then_platform(results: tuple[RuleResult, ...]) -> None:
    assert list(results) == sorted(results, key=lambda r: (r.id, r.platform))


def test_rule_fields_come_from_the_config(config: Config, results: tuple[RuleResult, ...]) -> None:
    for rule in config.forbid_reaches:
        found = one(results, rule.id)
        assert (found.source, found.target, found.line) == (rule.source, rule.target, rule.line)
        assert found.line > 0


def test_diamond_prefers_shortest_then_first_by_names(results: tuple[RuleResult, ...]) -> None:
    # top calls a_long first in sorted order, but its path to the sink is one hop longer
    assert one(results, "diamond").path == (D + "top", D + "left", D + "sink")
    # the first by names is decided at the first differing hop (b_branch < c_branch), not the last
    assert one(results, "deep-diamond").path == (D + "deep", D + "b_branch", D + "z_last", D + "sink")


def test_stdlib_target_ends_with_the_reach_name(results: tuple[RuleResult, ...]) -> None:
    rule = one(results, "no-subprocess")
    assert rule.path[-1] == "subprocess.run"
    assert rule.path[0] == "layers.shell.run_tool"


def test_third_party_closure_is_unevaluable_with_its_frontier(results: tuple[RuleResult, ...]) -> None:
    rule = one(results, "external-not-db")
    assert rule.status == "unevaluable"
    assert [(f.reach, f.file, f.line, f.via, f.reason) for f in rule.frontier] == [
        (
            "requests.get",
            "src/layers/external.py",
            9,
            ("layers.external.fetch_user",),
            "third-party code (requests) is not analysed",
        )
    ]
    assert 'follow = ["requests"]' in rule.frontier[0].hint


def test_definite_path_wins_over_the_frontier(results: tuple[RuleResult, ...]) -> None:
    assert one(results, "mixed-not-db").status == "violated"


def test_names_matching_nothing_are_unevaluable_with_the_reason(
    config: Config, results: tuple[RuleResult, ...]
) -> None:
    lines = {rule.id: rule.line for rule in config.forbid_reaches}
    for rule_id, reach, reason in (
        ("typo-from", "layers.nothere", "from = 'layers.nothere' names no module, class or function of the project"),
        ("typo-to", "layers.dbb", "to = 'layers.dbb' names no module, class or function of the project"),
        (
            "from-inside-to",
            "layers.db.query",
            "from = 'layers.db.query' lies inside to = 'layers.db': every function it names is a target",
        ),
    ):
        for platform in PLATFORMS:
            rule = one(results, rule_id, platform)
            assert [(f.reach, f.file, f.line, f.via, f.reason) for f in rule.frontier] == [
                (reach, "pyproject.toml", lines[rule_id], (), reason)
            ]
            assert rule_id in rule.frontier[0].hint


def test_tiny_max_walk_is_unevaluable_never_held(config: Config) -> None:
    def api_not_db(max_walk: int) -> RuleResult:
        return one(run(dataclasses.replace(config, max_walk=max_walk), ("linux",)), "api-not-db")

    # from = layers.api: the walk visits handle, health (the sources), then service.fetch, which calls db
    rule = api_not_db(1)
    assert (rule.status, rule.path) == ("unevaluable", ())
    (entry,) = rule.frontier
    assert (entry.reach, entry.file, entry.via) == ("<capacity>", "src/layers/api.py", ("layers.api.health",))
    assert entry.reason == "the walk visited more than max-walk = 1 functions"
    assert entry.hint == "max-walk = 4"
    assert api_not_db(2).frontier[0].via == ("layers.api.handle", "layers.service.fetch")
    assert api_not_db(3).status == "violated"
    # a rule that holds with room to walk does not hold when the walk was cut short
    assert one(run(dataclasses.replace(config, max_walk=1), ("linux",)), "ui-not-db").status == "unevaluable"


def test_platform_order_does_not_matter(config: Config) -> None:
    assert run(config, ("win32", "linux")) == run(config, ("linux", "win32"))


def test_same_answer_every_run(config: Config, results: tuple[RuleResult, ...]) -> None:
    assert run(config) == results


def test_resolvers_are_shared_per_platform(config: Config) -> None:
    project = load(config)
    factory = Resolvers(project, config, ("linux", "win32"))
    calls: list[str] = []

    def counting(platform: str) -> Resolver:
        calls.append(platform)
        return factory(platform)

    check_rules(project, config, ("linux", "win32", "linux"), counting)
    assert calls == ["linux", "win32"]
    assert factory("linux") is factory("linux")


def test_check_rule_alone(config: Config) -> None:
    rule = next(r for r in config.forbid_reaches if r.id == "api-not-db")
    (found,) = run(dataclasses.replace(config, forbid_reaches=(rule,)), ("linux",))
    assert found.path == ("layers.api.handle", "layers.service.fetch", "layers.db.query")


def test_no_rules_no_results() -> None:
    config = load_config(VIOLATIONS)
    assert config.forbid_reaches == ()
    assert run(config) == ()


def test_texts(results: tuple[RuleResult, ...]) -> None:
    assert rule_item_name(one(results, "api-not-db", "win32")) == "forbid-reaches[api-not-db][win32]"
    violated = one(results, "api-not-db")
    assert violated.steps == (("src/layers/api.py", 7), ("src/layers/service.py", 7))
    shown: list[tuple[str, int]] = []

    def source(file: str, line: int) -> str:
        shown.append((file, line))
        return "    return db.query(key)"

    # semantics §12: each hop's file:line (the call taking the next step), then the source line of the last one
    assert rule_failure_text(violated, source).splitlines() == [
        "forbid-reaches[api-not-db]: layers.api must never reach layers.db, but layers.api.handle reaches "
        "layers.db.query: layers.api.handle -> layers.service.fetch -> layers.db.query",
        "  layers.api.handle at src/layers/api.py:7 -> layers.service.fetch",
        "  layers.service.fetch at src/layers/service.py:7 -> layers.db.query",
        "    return db.query(key)",
    ]
    assert shown == [("src/layers/service.py", 7)]
    assert rule_failure_text(violated, display=lambda rel: f"sub/{rel}").splitlines()[1] == (
        "  layers.api.handle at sub/src/layers/api.py:7 -> layers.service.fetch"
    )
    for rule in results:
        assert len(rule.steps) == (len(rule.path) - 1 if rule.status == "violated" else 0)
        assert all(line > 0 for _, line in rule.steps), rule
    text = rule_failure_text(one(results, "external-not-db"), lambda file, line: "    return requests.get(uid)")
    assert text.splitlines() == [
        "forbid-reaches[external-not-db]: layers.external.fetch_user must never reach layers.db, "
        "but the rule is unevaluable:",
        "  requests.get at src/layers/external.py:9, through layers.external.fetch_user: third-party code "
        "(requests) is not analysed",
        "    return requests.get(uid)",
        '    resolve with: follow = ["requests"]  or  trusted = ["requests.get"]  or  external = "trust"',
    ]


def _project(root: Path, pyproject: str, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text(textwrap.dedent(pyproject), encoding="utf-8")
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def test_long_chain_is_walked_iteratively(tmp_path: Path) -> None:
    depth = 3000  # far past Python's default recursion limit
    body = "".join(f"def f{i}():\n    return f{i + 1}()\n\n\n" for i in range(depth))
    body += f"def f{depth}():\n    return sink()\n\n\ndef sink():\n    return 0\n"
    root = _project(
        tmp_path,
        """
        [tool.claims]
        packages = ["deep"]

        [[tool.claims.forbid-reaches]]
        id = "no-sink"
        from = "deep.chain.f0"
        to = "deep.chain.sink"
        """,
        {"deep/__init__.py": "", "deep/chain.py": body},
    )
    (rule,) = run(load_config(root), ("linux",))
    assert rule.status == "violated"
    assert rule.path == (*(f"deep.chain.f{i}" for i in range(depth + 1)), "deep.chain.sink")


def test_module_prefix_sources_and_class_targets(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        """
        [tool.claims]
        packages = ["app"]

        [[tool.claims.forbid-reaches]]
        id = "views-not-store"
        from = "app.views.Page"
        to = "app.store.Store"
        """,
        {
            "app/__init__.py": "",
            "app/store.py": """
                class Store:
                    def __init__(self):
                        self.items = []

                    def put(self, item):
                        self.items.append(item)
                """,
            "app/views.py": """
                from app.store import Store


                class Page:
                    def render(self):
                        return helper()


                def helper():
                    return Store()


                def about():
                    return "about"
                """,
        },
    )
    (rule,) = run(load_config(root), ("linux",))
    assert rule.path == ("app.views.Page.render", "app.views.helper", "app.store.Store.__init__")


def test_module_without_functions_holds(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        """
        [tool.claims]
        packages = ["app"]

        [[tool.claims.forbid-reaches]]
        id = "constants-not-db"
        from = "app.constants"
        to = "app.db"
        """,
        {"app/__init__.py": "", "app/constants.py": "LIMIT = 3\n", "app/db.py": "def q():\n    return 1\n"},
    )
    (rule,) = run(load_config(root), ("linux",))
    assert (rule.status, rule.path, rule.frontier) == ("held", (), ())


def test_to_inside_from_excludes_the_targets_from_the_sources(config: Config) -> None:
    wide = dataclasses.replace(config, forbid_reaches=(ForbidRule("wide", "layers", "layers.db", 0),))
    (found,) = run(wide, ("linux",))
    # every non-db function is a source; the first by name with a direct call into layers.db wins
    assert found.path == ("layers.external.mixed", "layers.db.query")
