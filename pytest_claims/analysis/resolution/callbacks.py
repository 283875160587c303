"""The stdlib calling back into a value handed to it (a `given` use: `dt.astimezone(zone)`, `json.dumps(o,
default=f)`, `d[key]`): the project methods the value's class gives for what `specials.CALLS_BACK` says the stdlib
calls are entered, looked up by where the stubs define the callee; a callable or zone of unknown class handed over
is a blind spot. A zone of unknown class is some `tzinfo` (`datetime` checks): what `datetime` calls on it is also
entered in every project `tzinfo` subclass.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Found, Outcome, Reads, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.leads import conditional
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    ContainerMethod,
    Elements,
    Opaque,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
    Unknown,
    as_written,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import (
    CALLS_BACK,
    KEY,
    KEYED_BY_NAME,
    READS_ITS_ZONE,
    ZONE_BY_NAME,
    Callback,
    fills,
    fits,
    given_passed,
    hands_a_zone,
    hashes_a_key,
    read_given,
)
from pytest_claims.records import HIERARCHY, FunctionFacts


class Callbacks:
    """What the stdlib calls back on the values a body hands it, for one target (the table memoised per run)."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        outcome: Outcome,
        reads: Reads,
    ) -> None:
        self.view, _, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self._outcome, self._reads = outcome, reads
        self._callbacks: dict[str, tuple[Callback, ...]] | None = None

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self._outcome = self._reads = closed

    def given(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found, code: str
    ) -> None:
        """A value handed to a call that may call back into it (`specials.CALLS_BACK`): where the callee is the
        stdlib's, the project methods the value's class gives for what the stdlib calls are entered here; a
        value of unknown class where a callable or a zone is handed over is a blind spot (semantics §5)."""
        slot, callee, text = read_given(code)
        passed = given_passed(code)
        entries = [
            entry for entry in self._calls_back(module, func, callee) if fills(entry, slot) and fits(entry, passed)
        ]
        if not entries:
            return
        values, reads = self.bodies.use(module, func, chain)
        self._reads(reads, line, found)
        for entry in entries:
            if entry.blind and any(isinstance(sym, Unknown) for sym in values):
                found.blind_spot(line, text, text)
            elif entry.tries == KEY and any(isinstance(sym, Unknown) for sym in values):
                hashed = f"hash({as_written(chain)})"  # a key of unknown class: its `__hash__`, `__eq__`
                found.blind_spot(line, hashed, conditional(("__hash__", "__eq__"), hashed))
            self._called_back(module, func, chain, values, entry, line, found)

    def reads_zone(self, sym: Sym) -> bool:
        """Whether a call of `sym` calls back into a zone the walk cannot see (`READS_ITS_ZONE`) that may be a
        project `tzinfo`: one is defined (a question of the whole hierarchy, recorded as `HIERARCHY`)."""
        if not isinstance(sym, StdMethod) or (
            sym.dotted not in READS_ITS_ZONE and ".".join(sym.looked_up) not in READS_ITS_ZONE
        ):
            return False
        self.tracker.module(HIERARCHY)
        return bool(self.hierarchy.std_subclasses("datetime", "tzinfo"))

    def _calls_back(self, module: Module, func: FunctionFacts, callee: tuple[str, ...]) -> list[Callback]:
        """The table's entries for what `callee` denotes: a stdlib function, class or method by its name (and the
        name it was looked up by), a method of a container or of a value of unknown class by its name alone."""
        entries: list[Callback] = []
        table = self._callback_table()
        syms = self.bodies.use(module, func, callee)[0] if callee[0] != "<?>" else (UNKNOWN,)
        if (
            len(callee) > 1
            and any(isinstance(sym, StdMethod) for sym in syms)
            and any(isinstance(sym, Elements) for sym in self.bodies.use(module, func, callee[:-1])[0])
        ):  # a display's elements beside its container (`displays`): the container's method is the one called
            syms = [sym for sym in syms if not isinstance(sym, Opaque)]
        for sym in syms:
            match sym:
                case StdName(dotted, symbol) | StdMethod(dotted, symbol):
                    names = {dotted, ".".join(symbol.where)}
                    if isinstance(sym, StdMethod):
                        names.add(".".join(sym.looked_up))
                    entries += [entry for name in sorted(names) for entry in table.get(name, ())]
                case Unknown() | Opaque() | ContainerMethod() if len(callee) > 1:
                    entries += KEYED_BY_NAME.get(callee[-1], ())
                    if isinstance(sym, Unknown):  # `x.replace(tzinfo=zone)`: a datetime's, by its name
                        entries += ZONE_BY_NAME.get(callee[-1], ())
        return entries

    def _callback_table(self) -> dict[str, tuple[Callback, ...]]:
        """`CALLS_BACK` by every name it is known by on this target: as written there, and where the stubs define
        it (`pickle.dumps` is `_pickle.dumps`, `builtins.dict.setdefault` is `typing.MutableMapping`'s), so any
        spelling that reaches the same stub definition finds it."""
        table = self._callbacks
        if table is None:
            table = {}
            for dotted, entries in CALLS_BACK.items():
                module, _, path = dotted.partition(".")
                symbol = self.view.stubs.member(module, tuple(path.split(".")))
                where = ".".join(symbol.where) if symbol.kind in ("function", "class") else dotted
                for name in {dotted, where}:
                    known = table.get(name, ())
                    table[name] = known + tuple(entry for entry in entries if entry not in known)
            self._callbacks = table
        return table

    def _called_back(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        values: Sequence[Sym],
        entry: Callback,
        line: int,
        found: Found,
    ) -> None:
        """Enter what the stdlib calls on `values` (the syms of `chain`): for each of the entry's tries, the first
        alternative the value's class gives. A project class is called back only where the stdlib makes
        instances of it (`entry.cls`); a function value is entered by its reference already."""
        below = self._std_instances(values) if entry.blind else []
        if hands_a_zone(entry) and any(isinstance(sym, Unknown) for sym in values):
            below += [zone for zone in self._any_zone() if zone not in below]
        if not below and not any(isinstance(sym, (ProjectClass, ProjectInstance)) for sym in values):
            return
        # a class given where no instance of it is made: its methods are not called (`copy.copy(C)`), but a key's
        # hash and equality are its metaclass's (`C in seen`)
        members = entry.cls or not all(isinstance(sym, ProjectClass) for sym in values)
        keyed = not entry.cls and hashes_a_key(entry)
        metas = [
            meta for sym in values if keyed and isinstance(sym, ProjectClass) for meta in self.dispatch.metaclasses(sym)
        ]
        for alternatives in entry.tries:
            for name in alternatives:
                entered: list[Sym] = []
                if name == "()":  # calling a class constructs it; an instance, its `__call__`
                    entered = [sym for sym in values if isinstance(sym, (ProjectClass, ProjectInstance))]
                    entered += below
                elif members or metas:
                    found_below = [sym for inst in below for sym in self.dispatch.class_member(inst, name, 1)]
                    found_below += [
                        sym
                        for meta in metas
                        for sym in self.dispatch.class_member(meta, name, 1, dispatch=meta.dispatch)
                    ]
                    syms = [*(self.bodies.use(module, func, (*chain, name))[0] if members else ()), *found_below]
                    entered = [sym for sym in syms if isinstance(sym, ProjectFunction)]
                for sym in entered:
                    self._outcome(sym, "call", line, found, "", how="callback")
                if entered:
                    break

    def _any_zone(self) -> list[ProjectInstance]:
        """A zone of unknown class handed to `datetime` is an instance of some `tzinfo` subclass (the stdlib checks):
        an instance of each project class deriving from `datetime.tzinfo` (the zones of other packages stay a blind
        spot)."""
        self.tracker.module(HIERARCHY)
        return [ProjectInstance(*key) for key in self.hierarchy.std_subclasses("datetime", "tzinfo")]

    def _std_instances(self, values: Sequence[Sym]) -> list[ProjectInstance]:
        """A value of a stdlib class handed over to be called back (`zone: datetime.tzinfo`) may be an instance of
        any project class deriving from it: those instances."""
        below: list[ProjectInstance] = []
        for sym in values:
            if isinstance(sym, StdInstance):
                self.tracker.module(HIERARCHY)
                below += [ProjectInstance(*key) for key in self.hierarchy.std_subclasses(sym.module, sym.qualname)]
        return below
