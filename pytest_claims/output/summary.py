"""The terminal summary both front ends print (semantics §9), and the blind-spot sites every report ranks.

One implementation for `pytest -p claims` and `pytest-claims check`: per kind and platform how many items held,
with how many of the held claims have blind spots and at how many call sites; then the blind-spot sites that hide
the most claims, each with what would let the walk see there. Every number is followed by what it counts
("claims", "rules", "sites"), so a number of claims is never read as a number of call sites.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import NamedTuple

from pytest_claims.analysis.arguments import dotted
from pytest_claims.analysis.specials import CALLS_ITS_ARGUMENT
from pytest_claims.output.hints import Reader, SiteContext
from pytest_claims.records import ClaimResult

Site = tuple[str, int, str]
"""A blind-spot site: (file, line, the call's source text)."""

Counted = tuple[str, str, str, Collection[Site], Collection[Site]]
"""One item the summary counts: (claims | rules, platform, status, its blind-spot sites, those of them in the
claiming function's own body)."""

SHOWN_SITES = 5
"""How many blind-spot sites the summary names (the JSON report's `blind_spot_sites` has them all)."""


class SiteCount(NamedTuple):
    """A blind-spot site and how many claim results (function, platform) it appears in."""

    file: str
    line: int
    code: str
    claims: int


# claims: deterministic
def _same(path: str) -> str:
    return path


# claims: deterministic
def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def claim_sites(claim: ClaimResult) -> set[Site]:
    """The distinct blind-spot sites of one claim result, read from its per-function groups (no chains built)."""
    return {(file, line, code) for file, _, calls in claim.blind for line, code in calls}


def own_sites(claim: ClaimResult) -> set[Site]:
    """The blind-spot sites in the claiming function's own body (met with no hop before them): the ones its
    author can see and fix where the claim is written."""
    return {(file, line, code) for file, via, calls in claim.blind if not via for line, code in calls}


def ranked(sites: Sequence[SiteCount], own: Collection[Site]) -> list[SiteCount]:
    """`sites` with those in a claiming function's own body first, each part in its given order (most claims
    first)."""
    return sorted(sites, key=lambda site: (site.file, site.line, site.code) not in own)


def count_sites(results: Iterable[Collection[Site]]) -> list[SiteCount]:
    """Each site once, with the number of results whose sites hold it; most claims first, then by file, line and
    code (a total order: the same input gives the same list under every hash seed)."""
    counts: dict[Site, int] = {}
    for sites in results:
        for site in sites:
            counts[site] = counts.get(site, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [SiteCount(file, line, code, n) for (file, line, code), n in ordered]


# claims: deterministic
def site_hint(code: str, context: SiteContext | None = None) -> str:
    """What would let the walk see at a blind spot, read off the call's source text: the receiver a type would
    make known, or the callable value to replace by a call of the function itself. With the `context` of the
    site (`output.hints`), a name no annotation can be written for, or none would help, is said to be so."""
    try:
        node = ast.parse(code, mode="eval").body
    except (SyntaxError, ValueError):  # cut at 120 characters, or not an expression
        return _ANY
    if not isinstance(node, ast.Call):
        return _ANY
    func = node.func
    written = dotted(func)
    chain = tuple(written.split(".")) if written is not None else None
    given = chain is not None and (node.args or node.keywords) and (
        chain in CALLS_ITS_ARGUMENT or chain[-1] in _PROBES or _is_builtin(chain)
    )  # called with no argument, a builtin's name holds something else (a parameter named `filter`)
    if context is not None:
        said = _context_hint(node, _argument(node, chain) if given and chain is not None else func, context)
        if said is not None:
            return said
    if given and chain is not None:
        return _argument_hint(node, chain)
    if isinstance(func, ast.Name):
        return f"`{func.id}` holds a callable value: call the function by its name"
    if isinstance(func, (ast.Subscript, ast.Call)):
        return "a callable fetched from data or returned by a call: call the function by its name"
    if not isinstance(func, ast.Attribute):
        return _ANY
    return _receiver_hint(func.value)


_ANY = "give the value a type (an annotated parameter or name, `x: C = ...`)"
_PROBES = frozenset({"hasattr", "getattr"})
"""Presence tests and reads by name: on a value of unknown class any project `__getattr__` may answer them."""


# claims: deterministic
def _is_builtin(chain: tuple[str, ...]) -> bool:
    return len(chain) == 1 and chain[0] in vars(builtins)


# claims: deterministic
def _argument(node: ast.Call, chain: tuple[str, ...]) -> ast.expr | None:
    """The argument of a builtin or stdlib call that the walk could not see into: the probed object, the
    callable it calls, or a builtin's only argument."""
    if chain[-1] in _PROBES:
        return node.args[0] if node.args else None
    position, keyword = CALLS_ITS_ARGUMENT.get(chain, (None, None))
    if position is None and keyword is None:
        return node.args[0] if len(node.args) == 1 and not node.keywords else None
    argument = node.args[position] if position is not None and position < len(node.args) else None
    return next((k.value for k in node.keywords if keyword and k.arg == keyword), argument)


# claims: deterministic
def _root(node: ast.expr) -> str | None:
    """The name an expression starts from: `x` of `x.a[k].b()`."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


# claims: deterministic
def _context_hint(node: ast.Call, subject: ast.expr | None, context: SiteContext) -> str | None:
    """The hint where the site's context decides it: a name bound where no annotation can be written, a value
    no annotation of the user's would type, a local def already called by name, a callable stored on the
    instance. None where the text alone decides."""
    func = node.func
    if subject is None:
        return None
    if subject is func and isinstance(func, ast.Name) and func.id in context.local_defs:
        return (
            f"`{func.id}` is a def called by its name already, yet which of its definitions runs here is not known"
            " (defined more than once, or conditionally): no declaration would help"
        )
    if subject is func and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):  # noqa: SIM102
        if func.value.id in ("self", "cls") and func.attr in context.stored:
            source = context.stored[func.attr]
            what = f"the parameter `{source}` it is stored from" if source else "the parameter to store it from"
            return (
                f"`{func.value.id}.{func.attr}` holds a callable stored on the instance, of unknown type: annotate"
                f" {what} with its class"
            )
    receiver = func.value if subject is func and isinstance(func, ast.Attribute) else subject
    root = _root(receiver)
    if root is None:
        return None
    if root in context.comprehension:
        return _comprehension_hint(root, context.comprehension[root], context.libraries)
    if root in context.starstar:
        return (
            f"`{root}` holds the `**` keyword arguments, whose values no declaration types one by one (`**{root}: C`"
            " types them all alike): no annotation would help here; a named, annotated parameter would"
        )
    if isinstance(receiver, ast.Name) and root in context.rebound:
        return (
            f"`{root}` is rebound from its own value (line {context.rebound[root]}), which only a declaration types:"
            f" annotate `{root}` with its class where it is first bound (`{root}: C`, or the parameter)"
        )
    if isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and root in ("self", "cls"):  # noqa: SIM102
        if receiver.attr in context.assigned:
            attribute = f"{root}.{receiver.attr}"
            lines = sorted(context.assigned[receiver.attr])
            where = f"line {lines[0]}" if len(lines) == 1 else "lines " + ", ".join(map(str, lines[:3]))
            where += ", ..." if len(lines) > 3 else ""
            return (
                f"`{attribute}` holds what its assignments give, and an expression is assigned to it ({where}),"
                f" which a class-body annotation does not type: annotate that value through a name (`v: C = ...`,"
                f" then `{attribute} = v`)"
            )
    if root in context.libraries and (subject is not func or not isinstance(receiver, ast.Call)):
        # a library's name, or what a builtin is given from a library; a library call's result as a receiver
        # can still be assigned to an annotated name, which the text's hint says
        return f"`{root}` is the standard library's: the walk types it from its stubs, and no declaration would help"
    return None


# claims: deterministic
def _comprehension_hint(name: str, iterable: ast.expr, libraries: Collection[str]) -> str:
    """A comprehension variable cannot be annotated; the iterable it comes from can, when it is a name, an
    attribute, or `.items()`/`.values()` of one."""
    where = "a comprehension, where no annotation can be written"
    target = iterable
    if isinstance(target, ast.Call) and isinstance(target.func, ast.Attribute) and not target.args:  # noqa: SIM102
        if target.func.attr in ("items", "values"):
            target = target.func.value
    if isinstance(target, ast.Name):
        return f"`{name}` is bound by {where}: annotate `{target.id}` with its element type (`list[C]`, `dict[K, C]`)"
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return (
            f"`{name}` is bound by {where}: annotate the attribute `{target.attr}` with its element type"
            f" (`{target.attr}: list[C]` in the class body)"
        )
    if isinstance(target, ast.Call) and _root(target) not in libraries:
        callee = _shown(target.func)
        if callee and isinstance(target.func, (ast.Name, ast.Attribute)):
            return f"`{name}` is bound by {where}: annotate the return type of `{callee}` (`-> list[C]`)"
    shown = _shown(iterable)
    over = f" over `{shown}`" if shown else ""
    return (
        f"`{name}` is bound by a comprehension{over}, whose elements have no type the walk knows, and no annotation"
        " can be written there: no declaration would help"
    )


# claims: deterministic
def _argument_hint(node: ast.Call, chain: tuple[str, ...]) -> str:
    """The hint for a blind spot in a builtin or stdlib function: what it is given is what the walk cannot see
    (the callable `map` or `sorted(key=)` calls, the object `hasattr` probes), so the hint is about that
    argument, never about calling the builtin itself."""
    name = ".".join(chain)
    if chain[-1] in _PROBES:
        target = _shown(node.args[0]) if node.args else ""
        what = f"`{target}`" if target else "the object"
        return f"`{name}` on a value of unknown class may run any `__getattr__`: annotate {what} with its class"
    position, keyword = CALLS_ITS_ARGUMENT.get(chain, (None, None))
    argument: ast.expr | None = None
    if position is not None and position < len(node.args):
        argument = node.args[position]
    argument = next((k.value for k in node.keywords if keyword and k.arg == keyword), argument)
    if argument is None:
        return f"give the arguments of `{name}` a type (an annotated parameter or name, `x: C = ...`)"
    shown = _shown(argument)
    what = f"its argument `{shown}`" if shown else "a callable it is given"
    return f"`{name}` calls {what}, of unknown type: pass a function by its name there"


# claims: deterministic
def _shown(node: ast.expr) -> str:
    """The source of a short argument, to name it in a hint; empty when it is too long to read at a glance."""
    text = ast.unparse(node)
    return text if len(text) <= 40 else ""


# claims: deterministic
def _receiver_hint(receiver: ast.expr) -> str:
    """The hint for `receiver.m(...)`, a method call on a value of unknown class."""
    if isinstance(receiver, ast.Name):
        if receiver.id in ("self", "cls"):
            return (
                f"a class in `{receiver.id}`'s hierarchy binds the method to a value of unknown type, or has a base "
                "the walk cannot name: define the method with def, name the base"
            )
        return f"annotate the receiver `{receiver.id}` with its class"
    if isinstance(receiver, ast.Attribute):
        return f"annotate the attribute `{receiver.attr}` with its class (`{receiver.attr}: C` in the class body)"
    if isinstance(receiver, ast.Subscript):
        container = ast.unparse(receiver.value)
        if len(container) <= 40:
            return f"annotate the container `{container}` with its element type (`list[C]`, `dict[K, C]`)"
        return "annotate the container with its element type (`list[C]`, `dict[K, C]`)"
    if isinstance(receiver, ast.Call):
        callee = ast.unparse(receiver.func)
        if callee == "super":
            return "call `super()` without arguments, or name the class: `super(C, self)`"
        if len(callee) <= 40:
            return f"annotate the return type of `{callee}`, or assign its result to an annotated name"
        return "annotate the return type of the call, or assign its result to an annotated name"
    return _ANY


def site_lines(
    sites: Sequence[SiteCount],
    display: Callable[[str], str] = _same,
    own: Collection[Site] = (),
    context: Reader | None = None,
) -> list[str]:
    """At most `SHOWN_SITES` blind-spot sites: first those in a claiming function's own body (`own`: where the
    claim is written, so where its author looks), then those that hide the most claims (where an annotation pays
    most)."""
    if not sites:
        return []
    ordered = ranked(sites, own) if own else list(sites)
    shown = ordered[:SHOWN_SITES]
    mine = any((site.file, site.line, site.code) in own for site in shown)
    what = "hiding the most claims"
    if mine:
        what = f"in claiming functions' own bodies first, then those {what}"
    if len(sites) > len(shown):
        head = (
            f"blind-spot sites {what} ({len(shown)} of {len(sites)} sites; the JSON report's "
            "blind_spot_sites lists every one):"
        )
    else:
        head = f"blind-spot sites {what}:"
    lines = [head]
    for site in shown:
        where = f"{display(site.file)}:{site.line}"
        body = ", in a claiming function's own body" if (site.file, site.line, site.code) in own else ""
        hides = f"hides {_plural(site.claims, 'claim')}{body}"
        hint = site_hint(site.code, context(site.file, site.line) if context is not None else None)
        lines.append(f"  {where}: {site.code} {hides}; {hint}")
    return lines


def summary_lines(
    counted: Iterable[Counted],
    platforms: Sequence[str] = (),
    display: Callable[[str], str] = _same,
    context: Reader | None = None,
) -> list[str]:
    """`claims checked: N`, then per platform `P: n claims held (k claims with blind spots), v claims violated,
    u claims unevaluable; blind spots at s sites` (every number says what it counts); the same for rules when some
    were checked; then the blind-spot sites of the claims that hide the most of them. `platforms` are listed even
    where nothing of a kind was checked."""
    items = list(counted)
    lines: list[str] = []
    for kind in ("claims", "rules"):
        mine = [item for item in items if item[0] == kind]
        if kind == "rules" and not mine:
            continue
        per: dict[str, dict[str, int]] = {p: _zero() for p in platforms}
        spots: dict[str, set[Site]] = {}
        for _, platform, status, blind, _ in mine:
            counts = per.setdefault(platform, _zero())
            counts[status] += 1
            if blind and status == "held":
                counts["blind"] += 1
            spots.setdefault(platform, set()).update(blind)
        lines.append(f"{kind} checked: {len(mine)}")
        noun = kind[:-1]
        for platform in sorted(per):
            counts = per[platform]
            held = f"{_plural(counts['held'], noun)} held"
            if counts["blind"]:
                held += f" ({_plural(counts['blind'], noun)} with blind spots)"
            violated = f"{_plural(counts['violated'], noun)} violated"
            line = f"{platform}: {held}, {violated}, {_plural(counts['unevaluable'], noun)} unevaluable"
            sites = len(spots.get(platform, ()))
            if sites:
                line += f"; blind spots at {_plural(sites, 'site')}"
            lines.append(line)
    claims = [item for item in items if item[0] == "claims"]
    own = {site for item in claims for site in item[4]}
    lines.extend(site_lines(count_sites(item[3] for item in claims), display, own, context))
    return lines


# claims: deterministic
def _zero() -> dict[str, int]:
    return {"held": 0, "violated": 0, "unevaluable": 0, "blind": 0}
