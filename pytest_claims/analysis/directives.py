"""Claim directives, validated against the config: which functions claim what, and what is refused.

The facts record directives as written; here they meet the config (custom claims, `mutating-returns`), so
every problem becomes one `file:line: message` a user can act on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.symbols import External, Missing, ProjectFunction, Sym
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.config import Config, unknown_hint
from pytest_claims.records import Claimed, Directive, DirectiveError, FileFacts

_IDENT = re.compile(r"[A-Za-z_][\w.]*")

THE_DECORATOR = frozenset({"pytest_claims.claims", "pytest_claims.runtime.claims"})
"""What `@claims` must resolve to (the package re-exports the runtime's)."""

Judge = Callable[[Module, Directive], "str | None"]
"""Is a recorded decorator `pytest_claims.claims`? None: no; "": yes; otherwise why that cannot be told."""


class Decorators:
    """Which decorators are `pytest_claims.claims`, resolved like any other name (semantics §2): through the project's
    imports, re-exports, aliases and star imports, on every target of the run (one is enough), with the modules
    each answer read collected in `deps` (a cached reading is valid while none of them changes)."""

    def __init__(self, resolvers: Callable[[], Iterable[Resolver]]) -> None:
        self.resolvers = resolvers
        """The resolver of each target, asked for only when a decorator needs judging (a warm run never does)."""
        self.deps: set[str] = set()

    def __call__(self, module: Module, directive: Directive) -> str | None:
        func = module.facts.functions[directive.function]
        doubt = None
        for resolver in self.resolvers():
            syms, deps = resolver.decorator(resolver.module(module.name), func, directive.callee)
            self.deps.update(deps)
            for sym in syms:
                if _dotted(resolver, sym) in THE_DECORATOR:
                    return ""
                if isinstance(sym, Missing) and directive.callee.rpartition(".")[2] == "claims":
                    doubt = f"cannot tell whether @{directive.callee} is pytest_claims.claims: {sym.reason}"
        return doubt


def _dotted(resolver: Resolver, sym: Sym) -> str:
    """The dotted name a resolved decorator stands for: a third-party or plugin name, or a project function."""
    if isinstance(sym, External):
        return sym.dotted
    if isinstance(sym, ProjectFunction):
        return resolver.function_name(sym.module, sym.idx)
    return ""


def renamings(facts: FileFacts) -> tuple[tuple[str, str], ...]:
    """(name, the name it was given from) for each module-level or class-body binding that names a value under a
    name of its own (`promise = claims`, `from x import claims as vow`, `import a.b as c`): the names under
    which a decorator may be spelled in another file, which the pre-scan then looks for."""
    found: set[tuple[str, str]] = set()
    for binding in (*facts.bindings, *(b for cls in facts.classes for b in cls.attributes)):
        if binding.kind == "from":
            source = binding.member
        elif binding.kind in ("import", "alias") and not binding.target.startswith("<"):
            source = binding.target.rpartition(".")[2]
        else:
            continue
        if source != binding.name and source[:1] != "(":  # `x = make()`: a call's value, no name
            found.add((binding.name, source))
    return tuple(sorted(found))


def written_as_claims(module: Module, directive: Directive) -> str | None:
    """The judgement from the file alone, for a module read without its project: the callee imported (under
    any name) from `pytest_claims` or `pytest_claims.runtime` as `claims`."""
    chain = directive.callee.split(".")
    imports = {b.name: b for b in module.facts.bindings if b.kind in ("import", "from")}
    binding = imports.get(chain[0])
    if binding is None:
        return None
    head = [*binding.target.split("."), binding.member] if binding.kind == "from" else binding.target.split(".")
    return "" if ".".join([*head, *chain[1:]]) in THE_DECORATOR else None


# No claim: the judge the engine passes resolves decorators through the resolvers, which may read other modules'
# facts from the cache or parse them (on a thread with a larger stack), so only `written_as_claims` is pure.
def read_directives(
    module: Module, config: Config, judge: Judge = written_as_claims
) -> tuple[list[Claimed], list[DirectiveError]]:
    """The claiming functions of a module and its refused directives; `judge` tells which recorded decorators
    are `@claims` (the others are just decorators)."""
    known = config.claim_categories()
    claimed: list[Claimed] = []
    errors: list[DirectiveError] = []
    by_function: dict[int, list[tuple[int, str, tuple[str, ...]]]] = {}
    facts = module.facts
    for directive in facts.directives:
        if directive.form == "decorator":
            doubt = judge(module, directive)
            if doubt is None:
                continue
            if doubt:
                errors.append(DirectiveError(module.rel, directive.line, doubt))
                continue
        problem = directive.error or _directive_problem(directive, known)
        if problem:
            errors.append(DirectiveError(module.rel, directive.line, problem))
            continue
        by_function.setdefault(directive.function, []).append((directive.line, directive.form, directive.names))
    for index in sorted(by_function):
        found = by_function[index]
        func = facts.functions[index]
        qualified = f"{module.name}.{func.qualname}"
        if len(found) > 1:
            errors.append(DirectiveError(module.rel, found[1][0], _repeated(found, qualified)))
            continue
        line, _, names = found[0]
        claims = tuple(sorted(names))
        if "deterministic" in claims and func.returns and config.mutating_returns:
            mutating = _mutating(func.returns, module, config)
            if mutating:
                errors.append(DirectiveError(module.rel, line, _mutating_message(qualified, func.returns)))
                continue
        claimed.append(Claimed(module.name, index, func.qualname, module.rel, func.line, claims))
    return claimed, errors


def _directive_problem(directive: Directive, known: Collection[str]) -> str | None:
    """What is wrong with one well-formed directive on its own (None: nothing), before directives meet."""
    if directive.function == -1:
        return "claims directive is attached to nothing: put it directly above a def or its decorators"
    if directive.function == -2:
        return "claims go on module-level functions and methods, not on nested functions or classes"
    names = directive.names
    if not names or all(not n for n in names):
        return "empty claims directive: name at least one claim"
    if any(not n for n in names):
        return "empty claim name in the directive (a stray comma?)"
    unknown = [n for n in names if n not in known]
    if unknown:
        return f"unknown claim {unknown[0]!r} {unknown_hint(unknown[0], known, 'known claims')}"
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        return f"duplicate claim {duplicates[0]!r}"
    return None


def _repeated(found: list[tuple[int, str, tuple[str, ...]]], qualified: str) -> str:
    """The message for a function carrying more than one directive (`found`: line, form, names of each)."""
    forms = {form for _, form, _ in found}
    if forms == {"comment", "decorator"}:
        return f"{qualified} has both a # claims: comment and @claims(...): keep one"
    return f"{qualified} has more than one claims directive"


def _mutating_message(qualified: str, returns: str) -> str:
    """The message for a deterministic claim whose return annotation names a mutating type (quotes dropped)."""
    shown = returns.strip()
    if len(shown) >= 2 and shown[0] == shown[-1] and shown[0] in "\"'":
        shown = shown[1:-1]
    return f'{qualified}: claims deterministic but returns "{shown}", which mutates by construction'


def _mutating(annotation: str, module: Module, config: Config) -> bool:
    """Does the annotation name a configured mutating type? Names are matched as written and through imports."""
    configured = set(config.mutating_returns)
    imports = {b.name: b for b in module.facts.bindings if b.kind in ("import", "from", "class")}
    for name in _IDENT.findall(annotation):
        if name in configured or f"{module.name}.{name}" in configured:
            return True
        head, _, rest = name.partition(".")
        binding = imports.get(head)
        if binding is None:
            continue
        if binding.kind == "from":
            base = f"{binding.target.lstrip('.')}.{binding.member}"
        elif binding.kind == "class":
            base = f"{module.name}.{binding.target}"
        else:
            base = binding.target
        full = f"{base}.{rest}" if rest else base
        if full in configured or any(full.endswith("." + c) or c.endswith("." + full) for c in configured):
            return True
    return False
