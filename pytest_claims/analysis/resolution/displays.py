"""The elements a list, tuple or set display holds where a module or class body binds it (`DEFAULTS = [merge,
TimeStamper()]`), and those a copy of such a name keeps (`defaults = DEFAULTS[:]`): iterating the name or indexing
it gives them, so calling one enters it (a project instance's `__call__`). Each element is resolved where the
display is written, one level (a display's element that is itself a name bound to a display gives that name's
value, not its elements). What the binding gave before (a list of unknown content) stays beside: code anywhere may
fill the list or bind the name again, so such a call stays a blind spot as well (semantics §4.7).
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_claims.analysis.resolution.symbols import UNKNOWN, Elements, Missing, Sym
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import COPIED, DISPLAYED, Binding


def before_elements(binding: Binding) -> Binding:
    """The binding as it was read before its elements were recorded: a list of unknown content."""
    return binding._replace(member="") if binding.kind == "alias" else binding._replace(target="", member="")


def elements(binding: Binding, resolve: Callable[[tuple[str, ...]], list[Sym]], tracker: Tracker) -> list[Sym]:
    """What a display's alias (`records.DISPLAYED`) or a copy's binding (`records.COPIED`) adds: one `Elements` per
    value an element may be, each chain resolved by `resolve` ([] for any other binding). Resolving an element runs
    nothing of the module: the read of the name already counted its state."""
    with tracker.scope(modules="outer", state="off"):
        return _elements(binding, resolve)


def _elements(binding: Binding, resolve: Callable[[tuple[str, ...]], list[Sym]]) -> list[Sym]:
    if binding.kind == "var" and binding.member == COPIED:
        return [sym for sym in resolve(tuple(binding.target.split("."))) if isinstance(sym, Elements)]
    if binding.kind != "alias" or not binding.member.startswith(DISPLAYED) or binding.member == DISPLAYED:
        return []
    out: list[Sym] = []
    for text in binding.member[len(DISPLAYED) :].split(";"):
        syms = resolve(tuple(text.split("."))) if text else [UNKNOWN]
        out.extend(Elements(UNKNOWN if isinstance(sym, Missing) else sym) for sym in syms)
    return list(dict.fromkeys(out))
