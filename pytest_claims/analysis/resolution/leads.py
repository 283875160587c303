"""Implicit special-method calls on values of unknown class (`if x:`, `hash(k)`, `k in s`, `a == b`): Python runs
whatever the value's class defines, so such a call is a blind spot where it could lead somewhere, and only there.
A summary records it as a blind spot conditional on the special names that could answer it (`conditional`); the
walk keeps it when some project class defines one of those names with a method that, transitively, reaches a
capability the catalogue lists (through its calls and the implicit calls of its own that are kept), and drops it
otherwise (`Leads.settle`), so a project `__eq__` that compares fields adds nothing. The frontier entries and
the other blind spots of such a method do not count: they are reported where the walk enters it, and counting
them would make nearly every `if x:` of a large project a blind spot of its own. The answer is per target and
per name, memoised.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from pytest_claims.analysis.arguments import LITERALS, VALUE, Passed
from pytest_claims.analysis.resolution.found import closed
from pytest_claims.analysis.resolution.symbols import as_written
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import BUILTINS
from pytest_claims.records import METHOD_NAMES, PLATFORM, Blind, Summary, method_name

Key = tuple[str, int]

OPERAND = "|"
"""Parts the operand's class from the special names in a conditional blind spot's text."""

MARK = "\x00"
"""Opens (and closes) the special names of a conditional blind spot's text: `\\x00__hash__ __eq__\\x00hash(k)`."""

SPELLED = {BUILTINS[name]: name for name in ("len", "hash", "bool", "str", "repr", "format", "iter", "next", "abs")}
"""The builtin that makes an implicit call (`__len__`: `len`)."""

IMPORT_TIME = frozenset({"state", "class"})
"""Edges a search does not follow: reading module or class state (and the class statements it runs) reaches what
computing the value reached, once, when the module was imported; the method called later runs none of it."""

MAX_SEARCH = 4000
"""How many functions one name's search walks before it answers yes (fails closed)."""


def conditional(names: tuple[str, ...], text: str, kind: str = "") -> str:
    """The text of a blind spot that is one only where a project method named one of `names` leads somewhere;
    `kind`, the builtin class of the operand the call passes it (`x == "*"`: `str`), "" when not known."""
    return f"{MARK}{' '.join(names)}{OPERAND}{kind}{MARK}{text}"


def operand_kind(passed: Passed | None) -> str:
    """The builtin class of the one operand an implicit call passes (a literal other than None, a display), or
    "": a method entered with it decides its tests of it as for such a value (`summaries.operand_summary`)."""
    if passed is None or len(passed[0]) != 1 or passed[1]:
        return ""
    given = passed[0][0]
    if not (isinstance(given, tuple) and len(given) == 2):
        return ""
    kind, value = given
    if kind in LITERALS and kind != "None":
        return str(kind)
    return str(value) if kind == VALUE else ""


def unknown_call(chain: tuple[str, ...]) -> str:
    """How a blind spot names an implicit call `chain` (ending in its dunder): as the builtin that makes it
    (`bool(self.line)`, `hash(item)`), else as the method call (`x.__eq__(...)`)."""
    receiver, dunder = as_written(chain[:-1]), chain[-1]
    builtin = SPELLED.get(dunder)
    return f"{builtin}({receiver})" if builtin else f"{receiver}.{dunder}(...)"


def read(text: str) -> tuple[tuple[str, ...], str, str]:
    """`conditional` read back: (names, operand's class, shown text); no names for a blind spot that always is
    one."""
    if not text.startswith(MARK):
        return (), "", text
    head, _, shown = text[1:].partition(MARK)
    names, _, kind = head.partition(OPERAND)
    return tuple(names.split()), kind, shown


class Leads:
    """Whether a special method name leads somewhere on one target (some project method bearing it does)."""

    def __init__(
        self,
        view: TargetView,
        summaries: tuple[Callable[[Key], Summary], Callable[[Key, str], Summary]],
        tracker: Tracker,
    ) -> None:
        self.view, self.tracker = view, tracker
        self.summary, self.operand = summaries
        self._known: dict[tuple[str, str], tuple[bool, frozenset[str]]] = {}
        self._asking: set[tuple[str, str]] = set()

    def close(self) -> None:
        """Drop the references back to the summaries (`found.closed`)."""
        self.summary = self.operand = closed

    def settle(self, blind: tuple[Blind, ...]) -> tuple[tuple[Blind, ...], frozenset[str]]:
        """The blind spots of a summary that are ones on this target, their text as shown, and what deciding the
        conditional ones read (to be added to the verdict's dependencies)."""
        if not any(text.startswith(MARK) for _, text in blind):
            return blind, frozenset()
        kept: list[Blind] = []
        deps: set[str] = set()
        shown_once: set[str] = set()
        for line, text in sorted(blind):
            names, kind, shown = read(text)
            if not names:
                kept.append((line, text))
                continue
            if shown in shown_once:
                continue  # one per function and call text: `hash(key)` is the same question at every line
            leads = False
            for name in names:
                answer, read_, _ = self.lead(name, kind)
                deps.update(read_)
                if answer:
                    leads = True
                    break
            if leads:
                shown_once.add(shown)
                if (line, shown) not in kept:
                    kept.append((line, shown))
        return tuple(sorted(kept)), frozenset(deps)

    def lead(self, name: str, kind: str = "") -> tuple[bool, frozenset[str], bool]:
        """(whether a project method named `name`, passed an operand of the builtin class `kind` when given,
        reaches something, what the answer read, whether it assumed a name whose search was under way leads
        nowhere: such a "no" is not kept, the outer search decides)."""
        asked = (name, kind)
        known = self._known.get(asked)
        if known is not None:
            return (*known, False)
        if asked in self._asking:
            return False, frozenset(), True
        self._asking.add(asked)
        try:
            with self.tracker.scope() as seen:
                answer, deps, tentative = self._search(name, kind)
            deps |= seen.modules
        finally:
            self._asking.discard(asked)
        result = (answer, self.tracker.frozen(deps))
        if answer or not tentative:
            self._known[asked] = result
        return (*result, tentative and not answer)

    def _search(self, name: str, kind: str) -> tuple[bool, set[str], bool]:
        """Walk the summaries of every project method named `name` (entered with an operand of class `kind`, when
        given: `Expression.__eq__` returns at once for a string), and what they enter, until one reaches
        something."""
        deps: set[str] = {METHOD_NAMES, method_name(name)}
        bound, varies = self.view.binds(name)
        if varies:
            deps.add(PLATFORM)
        if not bound:
            return False, deps, False
        queue: deque[Key] = deque()
        modules = self.view.project.modules
        for module_name in modules.mentioning(name):
            module = self.view.module(module_name)
            deps.add(module_name)
            for index, func in self.view.live_functions(module):
                if func.cls and func.qualname.rpartition(".")[2] == name:
                    if func.kind == "state" and self._made(self.summary((module_name, index))):
                        return True, deps, False
                    queue.append((module_name, index))
        seen: set[Key] = set(queue)
        entries = len(queue) if kind else 0
        tentative = False
        while queue:
            if len(seen) > MAX_SEARCH:
                return True, deps, False
            key = queue.popleft()
            body = self.operand(key, kind) if entries else self.summary(key)
            entries = max(entries - 1, 0)
            deps.update(body.deps)
            if body.reaches:
                return True, deps, False
            for _, text in body.blind:
                names, operand, _ = read(text)
                for other in names:
                    answer, read_, assumed = self.lead(other, operand)
                    deps.update(read_)
                    tentative = tentative or assumed
                    if answer:
                        return True, deps, False
            for edge in body.edges:
                if edge.how not in IMPORT_TIME and edge.target not in seen:
                    seen.add(edge.target)
                    queue.append(edge.target)
        return False, deps, tentative

    @staticmethod
    def _made(body: Summary) -> bool:
        """Whether a class-body binding of the name (`__eq__ = new_method_proxy(operator.eq)`) makes the method by
        running something: what that method runs is not followed, so it leads somewhere. One that only names a
        function (`__str__ = __repr__`), or None, is followed as the function it names."""
        return bool(body.blind or body.frontier or any(edge.how not in ("", "reference") for edge in body.edges))
