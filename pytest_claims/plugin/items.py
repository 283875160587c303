"""The nodes the plugin adds to pytest's tree: a project file seen only through its claims (`ClaimsFile`), the
configuration file as the holder of the rules (`RulesFile`), and their static items, whose verdict the analysis
decided: running one only reports it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.output.messages import failure_text, rule_failure_text, rule_item_name
from pytest_claims.plugin.failures import ClaimFailure, ClaimsCollectError
from pytest_claims.plugin.phases import nothing, run_phase
from pytest_claims.plugin.state import PENDING, STATE, ClaimsState, claim_key
from pytest_claims.records import ClaimResult, RuleResult


class ClaimsFile(pytest.File):
    """A project source file seen only through its claims; never imported."""

    def __init__(self, *, rel: str = "", state: ClaimsState | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rel = rel
        """The project-relative path whose claims it holds ("" for a project module without any)."""
        self.state = state or self.config.stash[STATE]
        """The state of the project the file belongs to."""

    def collect(self) -> Iterator[pytest.Item]:
        state = self.state
        errors = state.errors.get(self.rel)
        if errors:
            raise ClaimsCollectError("\n".join(errors))
        relfspath = None
        chosen = state.payload["changed"][0]  # a changed-only run's claims (None: all)
        for result in state.by_file.get(self.rel, []):
            name = f"{result.qualname}[{result.platform}]"
            if chosen is not None and claim_key(result) not in chosen:
                yield UnaffectedClaim.make(self, name, result)
                continue
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
        return parent.state if isinstance(parent, (ClaimsFile, RulesFile)) else self.config.stash[STATE]

    def runtest(self) -> None:
        if self.status == "held":
            return
        if self.status == PENDING:  # added to the run after pytest's selection was final: never judged
            raise ClaimFailure(f"{self.label}[{self.platform}]: not analysed (the item was added after collection)")
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
        run_phase(self, ihook, "setup", nothing)
        run_phase(self, ihook, "call", self.runtest)
        run_phase(self, ihook, "teardown", nothing)
        ihook.pytest_runtest_logfinish(nodeid=self.nodeid, location=self.location)


class ClaimItem(StaticItem):
    def __init__(self, *, result: ClaimResult, **kwargs: Any) -> None:
        super().__init__(words=(*result.claims, result.platform), **kwargs)
        self.result = result
        self.status = result.status
        self.platform = result.platform
        self.base = result.qualname
        self.label = result.function

    @property
    def key(self) -> tuple[str, str, int, str]:
        return claim_key(self.result)

    def judged(self, result: ClaimResult) -> None:
        """Its verdict, once the analysis judged it (`collection.pytest_collection_finish`)."""
        self.result = result
        self.status = result.status

    def failure(self, state: ClaimsState) -> str:
        r = self.result
        return failure_text(r.function, r.claims, r.status, r.violations, r.frontier, state.source_line, state.display)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.result.line - 1, f"{self.result.function}[{self.result.platform}]"


class UnaffectedClaim(pytest.Item):
    """A claim a changed-only run leaves out (`--claims-changed`): collected, so pytest counts it, then deselected
    at once (`changed.deselect`), never run. Made without pytest's node constructor (keywords, markers, the node
    id), whose cost per item was most of what a changed-only run spent on its items: the thousands of claims a
    one-line change cannot affect cost little more than their files. It has what a deselected item is read for."""

    nodeid_text = ""
    result: ClaimResult

    @classmethod
    def make(cls, parent: ClaimsFile, name: str, result: ClaimResult) -> UnaffectedClaim:
        item = cls.__new__(cls)
        item.name, item.parent, item.config, item.session, item.path = (
            name,
            parent,
            parent.config,
            parent.session,
            parent.path,
        )
        item.nodeid_text, item.result = f"{parent.nodeid}::{name}", result
        item.keywords = {name: True}
        item.own_markers, item.extra_keyword_matches, item.stash = [], set(), pytest.Stash()
        item._report_sections, item.user_properties = [], []
        return item

    @property
    def nodeid(self) -> str:
        return self.nodeid_text

    def __hash__(self) -> int:
        return hash(self.nodeid_text)

    @property
    def state(self) -> ClaimsState:
        parent = self.parent
        assert isinstance(parent, ClaimsFile)
        return parent.state

    def runtest(self) -> None:  # deselected as it is collected: it never runs
        raise ClaimFailure(f"{self.result.function}[{self.result.platform}]: not selected by --claims-changed")

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.result.line - 1, f"{self.result.function}[{self.result.platform}]"


class RulesFile(pytest.File):
    """The config file, seen as the holder of the forbid-reaches rules: one item per rule and platform."""

    def __init__(self, *, state: ClaimsState | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state or self.config.stash[STATE]
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

    def judged(self, rule: RuleResult) -> None:
        self.rule = rule
        self.status = rule.status

    def failure(self, state: ClaimsState) -> str:
        return rule_failure_text(self.rule, state.source_line, state.display)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.rule.line - 1, 0), f"forbid-reaches[{self.rule.id}][{self.rule.platform}]"
