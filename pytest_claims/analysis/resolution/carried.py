"""A project `tzinfo` carried inside a `datetime` passed where a claim's walk starts: `offset(dt)` calling
`dt.utcoffset()`, where the project's own calls of `offset` pass `datetime(..., tzinfo=LocalZone())` or a local bound
from `naive.replace(tzinfo=LocalZone())`. The zones those datetimes were made with are what `dt.utcoffset()` calls
into; any other caller may pass any datetime, so the blind spot stays beside them. A datetime the stdlib hands a
zone's `fromutc` carries that zone (`dt.tzinfo is self`), and so does the one such a method passes on unchanged
(`self._fromutc(dt)`).
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import MADE
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.decorations import DECORATES, Site
from pytest_claims.analysis.resolution.exclusion import Exclusion
from pytest_claims.analysis.resolution.stored import MAX_SITES, Origin, Stored, passed_value
from pytest_claims.analysis.resolution.symbols import (
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdMethod,
    StdName,
    Unknown,
)
from pytest_claims.analysis.specials import ZONE_BY_NAME, ZONE_SLOTS, fills, read_given
from pytest_claims.records import HIERARCHY, FunctionFacts

_Known = tuple[list[Origin], frozenset[str]]


class Carried:
    """The project zones inside the datetimes the project's calls pass a plain function (memoised per run)."""

    def __init__(self, stored: Stored, bodies: Bodies) -> None:
        self.stored, self.bodies = stored, bodies
        self.exclusion = Exclusion(stored.view, stored.hierarchy, stored.tracker)
        self._zones: dict[tuple[str, int, str, int], _Known] = {}
        self.made: set[Origin] = set()
        """The zones found constructed where they are handed over (`tzinfo=LocalZone()`): of that class exactly."""

    def zones(self, module_name: str, index: int, param: str) -> list[Origin]:
        """The project zones (instances of project `tzinfo` classes) each datetime the project's own calls of the
        plain function (or method) pass for `param` was made with, where the zone is handed over."""
        key = (module_name, index, param, 0)
        return self.stored.remembered(
            self._zones, key, ("zones", *key), lambda: self._zones_uncached(module_name, index, param)
        )

    def _zones_uncached(self, module_name: str, index: int, param: str) -> list[Origin]:
        func = self.stored.view.module(module_name).facts.functions[index]
        position = next((p for name, p in func.received if name == param), None)
        if position is not None:
            sites = [site for site in self.stored.function_sites(module_name, index) if site[2] != DECORATES]
        else:
            position, sites = self._method_param(func, param), []
            if position is not None:
                sites = self._method_sites(module_name, index)
        found: list[Origin] = []
        if position is None:
            return found
        found += self._handed_self(module_name, index, param)
        for site_module, site_index, use_index, shift in sites:
            for origin in self._passed_zones(site_module, site_index, use_index, param, position - shift):
                if origin not in found:
                    found.append(origin)
        return found

    def _method_param(self, func: FunctionFacts, param: str) -> int | None:
        """The position (`self` counted) of a plain method's parameter, or None. What the parameter holds where it
        is used is the caller's (`Held`): bound again only after the use (`dt += delta`), it is the value passed."""
        if func.kind != "method" or not func.arity or param == func.first or param not in func.arity[0]:
            return None
        return func.arity[0].index(param)

    def _method_sites(self, module_name: str, index: int) -> list[Site]:
        """The project's calls of the method at (module, index) by its name on a project instance (`self.m(x)`,
        passing `self` first, shift 1) or on its class (`C.m(obj, x)`, shift 0), in the modules whose text names
        it; at most `MAX_SITES`."""
        name = self.stored.view.module(module_name).facts.functions[index].qualname.rpartition(".")[2]
        words = self.stored.searched(name)
        sites: list[Site] = []
        for caller in sorted(self.stored.view.project.modules.naming(name)):
            module = self.stored.view.module(caller)
            for site in self.stored.sites_in(module, words, set(), key=(module_name, index)):
                func = module.facts.functions[site[1]]
                chain = func.uses[site[2]][0]
                owners = self.bodies.use(module, func, chain[:-1])[0] if len(chain) > 1 else []
                if chain[0].startswith("<super"):
                    sites.append(site)
                elif owners and all(isinstance(owner, ProjectInstance) for owner in owners):
                    sites.append((site[0], site[1], site[2], 1))
                elif owners and all(isinstance(owner, ProjectClass) and not owner.dispatch for owner in owners):
                    sites.append((site[0], site[1], site[2], 0))
            if len(sites) >= MAX_SITES:
                return sites[:MAX_SITES]
        return sites

    def _passed_zones(
        self, module_name: str, index: int, use_index: int, param: str, position: int
    ) -> list[Origin]:
        """The zones the datetime one call passes for the parameter was made with: a datetime made in the
        argument itself (`f(datetime(..., tzinfo=zone))`), or a local of the caller bound to one before the call."""
        module = self.stored.view.module(module_name)
        func = module.facts.functions[index]
        value = passed_value(func, use_index, param, position)
        if value is None:
            return []
        name = value[1]
        if value[0] == MADE:
            return self._made_with(module, index, func.uses[use_index][2], tuple(name.split(".")))
        if "." in name:
            return []
        found: list[Origin] = []
        call_line = func.uses[use_index][2]
        rebound = False
        for binding in func.bindings:  # bound before the call: what a later binding makes is not passed here
            if binding.name != name or binding.line > call_line:
                continue
            rebound = True
            if binding.kind in ("alias", "instance") and binding.target:
                callee = tuple(binding.target.removesuffix(".()").split("."))
                found += self._made_with(module, index, binding.line, callee)
        if not rebound:  # the caller's own parameter, passed on unchanged
            found += self._handed_self(module_name, index, name)
        return found

    def _handed_self(self, module_name: str, index: int, param: str) -> list[Origin]:
        """The zone inside the datetime the stdlib hands a zone's `fromutc` for its parameter `param`: the zone itself
        (Python calls `tz.fromutc(dt)` with `dt.tzinfo is tz`), an instance of the method's class that is no
        instance of the subclasses overriding `fromutc` (the stdlib looks the name up on the zone). Any
        `fromutc` of a project `tzinfo` subclass counts, decorated or not: what a decorator's wrapper passes on is
        the same datetime, and other callers of the method stay a blind spot."""
        module = self.stored.view.module(module_name)
        func = module.facts.functions[index]
        if func.kind != "method" or not func.cls or func.qualname.rpartition(".")[2] != "fromutc":
            return []
        # the positional names, `self` first: a decorated def keeps them where it passes one on (`accepts`)
        positional = func.arity[0] if func.arity else func.accepts[0]
        if positional[1:2] != (param,):
            return []
        self.stored.tracker.module(HIERARCHY)
        zones = set(self.stored.hierarchy.std_subclasses("datetime", "tzinfo"))
        found: list[Origin] = []
        for cls_index in self.stored.view.classes_named(module, func.cls):
            if (module_name, cls_index) in zones:
                without = self.exclusion.outside(ProjectFunction(module_name, index), "fromutc")
                found.append((ProjectInstance(module_name, cls_index, tuple(sorted(without))), func.line, module_name))
        return found

    def _made_with(self, module: Module, index: int, line: int, callee: tuple[str, ...]) -> list[Origin]:
        """The project zones handed over at `line` to a call of `callee` that makes a datetime carrying them
        (`specials.ZONE_SLOTS`; on a receiver of unknown class, `x.replace(tzinfo=zone)` and `x.astimezone(zone)`).
        A zone that is the caller's `self` is no instance of the subclasses overriding the caller (they never run
        it, `Exclusion.outside`)."""
        func = module.facts.functions[index]
        found: list[Origin] = []
        for chain, ctx, at, _, code in func.uses:
            if ctx != "given" or at != line:
                continue
            slot, given_to, _ = read_given(code)
            if given_to != callee or not self._makes_zoned(module, func, callee, slot):
                continue
            for sym in self.bodies.use(module, func, chain)[0]:
                if isinstance(sym, ProjectInstance) and chain == (func.first,) and func.kind == "method":
                    name = func.qualname.rpartition(".")[2]
                    without = self.exclusion.outside(ProjectFunction(module.name, index), name)
                    sym = sym._replace(without=tuple(sorted({*sym.without, *without})))
                if isinstance(sym, ProjectInstance):
                    found.append((sym, line, module.name))
                    if chain[-1] == "()":
                        self.made.add((sym, line, module.name))
        return found

    def _makes_zoned(self, module: Module, func: FunctionFacts, callee: tuple[str, ...], slot: str) -> bool:
        """Whether a call of `callee` makes a datetime or time carrying the zone it is given in `slot`."""
        for sym in self.bodies.use(module, func, callee)[0]:
            match sym:
                case StdName(dotted, symbol) | StdMethod(dotted, symbol):
                    names = {dotted, ".".join(symbol.where)}
                    if isinstance(sym, StdMethod):
                        names.add(".".join(sym.looked_up))
                    if any(slot in ZONE_SLOTS.get(name, ()) for name in names):
                        return True
                case Unknown() if len(callee) > 1:
                    if any(fills(entry, slot) for entry in ZONE_BY_NAME.get(callee[-1], ())):
                        return True
        return False

