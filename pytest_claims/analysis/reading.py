"""Which functions claim what, over the whole project: the directives read module by module, and the search
for every name the `@claims` decorator is bound to.

A module's reading is the last run's while neither it nor any module its decorators resolved through changed
(`validity.Validity.reading`); this run's readings are kept in the verdict store for the next.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from pytest_claims.analysis.directives import Decorators, read_directives, renamings
from pytest_claims.analysis.failures import AnalysisError, met
from pytest_claims.analysis.lightread import light_claims
from pytest_claims.analysis.project import Modules, Project
from pytest_claims.analysis.validity import Validity
from pytest_claims.config import Config
from pytest_claims.records import PLATFORM, Claimed, DirectiveError, Reading, VerdictKey


def read_claims(
    project: Project,
    config: Config,
    valid: Validity,
    decorators: Decorators,
    select: Callable[[str], bool] | None = None,
    light: bool = False,
) -> tuple[list[Claimed], list[DirectiveError], list[DirectiveError]]:
    """Every claiming function, refused directive and unreadable file (a reading is reused while its file and the
    modules its decorators resolved through are unchanged).

    The files read are those whose text mentions `claims` (the pre-scan) and, when one of them binds the
    decorator under another name (`promise = claims`, `from pytest_claims import claims as vow`), those that
    mention that name, and so on: a decorator can only be spelled with a name that some binding gave it.
    With `select`, only the files it accepts are read for claims (and their problems reported); the others are
    followed only for the names they give the decorator, so the files read are those the whole run reads.

    With `light`, a module without a valid stored reading is read without its facts where the light reading
    can tell (`lightread`): its claims then carry a negative function index, their ordinal (-1, -2, ...) until
    `full_readings` reads the module from its facts. Not when some binding renames the decorator: a light
    reading does not see what a module renames, so then every module is read from its facts."""
    if light:
        found = _read_claims(project, config, valid, decorators, select, True)
        if found is not None:
            return found
    found = _read_claims(project, config, valid, decorators, select, False)
    assert found is not None
    return found


def _read_claims(
    project: Project,
    config: Config,
    valid: Validity,
    decorators: Decorators,
    select: Callable[[str], bool] | None,
    light: bool,
) -> tuple[list[Claimed], list[DirectiveError], list[DirectiveError]] | None:
    """`read_claims`, with or without light readings; None when light readings met a renamed decorator."""
    modules = project.modules
    claimed: list[Claimed] = []
    errors: list[DirectiveError] = []
    problems: list[DirectiveError] = [DirectiveError(path, 0, message) for path, message in project.index.problems]
    words: set[str] = {"claims"}
    done: set[str] = set()
    todo = set(modules.mentions)
    while todo:
        batch, todo = sorted(todo - done), set()
        done.update(batch)
        wanted = batch if select is None else [name for name in batch if select(project.index.modules[name].rel)]
        readings = _readings(modules, config, valid, decorators, wanted, light)
        for name in batch:
            reading = readings.get(name)
            if reading is not None:
                claimed.extend(reading.claimed)
                errors.extend(reading.refused[: reading.n_refused])
                problems.extend(reading.refused[reading.n_refused :])
                renames = reading.renames
            else:
                renames = _renames_outside(modules, valid, name, words)
            for alias, word in renames:
                if word in words and alias not in words:
                    if light:
                        return None
                    words.add(alias)
                    todo.update(n for n in valid.mentioning(alias) if n not in done)
    return claimed, errors, problems


def _renames_outside(modules: Modules, valid: Validity, name: str, words: set[str]) -> tuple[tuple[str, str], ...]:
    """What a module outside the selection renames, as far as the search for the decorator's names needs: its
    stored reading's, else its facts' when its code may bind one of `words` (`Modules.may_bind`); none when it
    cannot, as every renaming of a name outside `words` is passed over."""
    reading = valid.reading(name)
    if reading is not None:
        return reading.renames
    return renamings(modules[name].facts) if modules.may_bind(name, words) else ()


def _readings(
    modules: Modules, config: Config, valid: Validity, decorators: Decorators, names: list[str], light: bool = False
) -> dict[str, Reading]:
    """The directive reading of each module (`records.Reading`); the last run's while still valid
    (`Validity.reading`). With `light`, a light reading where it can tell (kept for this run only: the verdict
    store keeps readings made from facts)."""
    out: dict[str, Reading] = {}
    if light:
        known = config.claim_categories()
        mutating = bool(config.mutating_returns)
        for name in names:
            if valid.reading(name) is None:
                lightly = _light_reading(modules, name, known, mutating)
                if lightly is not None:
                    out[name] = lightly
        names = [name for name in names if name not in out]
    modules.preload(name for name in names if valid.reading(name) is None)
    for name in names:
        reading = valid.reading(name)
        if reading is None:
            module = modules[name]
            decorators.deps.clear()
            try:
                found, refused = read_directives(module, config, decorators)
            except Exception as error:  # a defect met reading the file's directives: the file is named
                if isinstance(error, AnalysisError):
                    raise
                raise met(module.rel, "reading its claims directives", error) from error
            file_problems = [DirectiveError(module.rel, line, message) for line, message in module.facts.problems]
            reading = Reading(
                tuple(found),
                (*refused, *file_problems),
                len(refused),
                tuple(sorted(decorators.deps - {name, PLATFORM})),
                renamings(module.facts),
            )
        valid.store.directives[name] = out[name] = reading
    return out


def full_readings(
    modules: Modules, config: Config, valid: Validity, decorators: Decorators, names: list[str]
) -> dict[str, Reading]:
    """The readings of modules read lightly before, now from their facts (kept in the verdict store)."""
    return _readings(modules, config, valid, decorators, names)


def _light_reading(modules: Modules, name: str, known: Collection[str], mutating: bool) -> Reading | None:
    """A module's claims read without its facts (`lightread.light_claims`), each with its ordinal as a negative
    function index; None when only the facts can tell."""
    data = modules.source(name)
    if data is None:
        return None
    found = light_claims(data, known, mutating)
    if found is None:
        return None
    rel = modules.file(name).rel
    claimed = tuple(
        Claimed(name, -1 - ordinal, claim.qualname, rel, claim.line, claim.claims)
        for ordinal, claim in enumerate(found.claims)
    )
    refused = tuple(DirectiveError(rel, line, message) for line, message in found.refused)
    return Reading(claimed, refused, len(refused), (), ())


def every_function(project: Project, claims: tuple[str, ...], only: Collection[str] | None) -> list[Claimed]:
    """Every function and method of the project's own modules, claiming `claims` (`check(..., every=...)`)."""
    modules = project.modules
    files = sorted(project.index.modules.items())
    names = [name for name, file in files if file.path is not None and not file.followed]
    if only is not None:
        names = [name for name in names if any(o.startswith(name + ".") for o in only)]
    modules.preload(names)
    claimed: list[Claimed] = []
    for name in names:
        module = modules[name]
        for index, func in enumerate(module.facts.functions):
            if (
                func.kind in ("lambda", "state")
                or "<locals>" in func.qualname
                or (only is not None and f"{name}.{func.qualname}" not in only)
            ):
                continue
            claimed.append(Claimed(name, index, func.qualname, module.rel, func.line, claims))
    return claimed


def materialise(
    project: Project,
    config: Config,
    valid: Validity,
    decorators: Decorators,
    claimed: list[Claimed],
    wanted: Collection[VerdictKey] | None,
    errors: list[DirectiveError],
) -> tuple[list[Claimed], Collection[VerdictKey] | None, list[DirectiveError]]:
    """The claims read lightly that `wanted` names (None: all of them) read again from their facts: the claimed
    functions with their function indexes, `wanted` in those indexes, and the file problems their facts hold
    (`errors`: the refused directives read so far, which the facts' must equal).
    A light reading agrees with the facts' by construction; where it would not, the run stops rather than judge
    another function."""
    light = {c.module for c in claimed if c.function_index < 0}
    names = sorted(light if wanted is None else light.intersection(m for m, i, _ in wanted if i < 0))
    if not names:
        return claimed, wanted, []
    readings = full_readings(project.modules, config, valid, decorators, names)
    mapping: dict[tuple[str, int], Claimed] = {}
    problems: list[DirectiveError] = []
    for name in names:
        reading = readings[name]
        lightly = sorted((c for c in claimed if c.module == name), key=_place)
        found = sorted(reading.claimed, key=_place)
        refused = sorted(reading.refused[: reading.n_refused], key=str)
        if refused != sorted((e for e in errors if e.file == project.index.modules[name].rel), key=str) or [
            _place(c) for c in lightly
        ] != [_place(c) for c in found]:
            raise RuntimeError(f"pytest-claims: the claims of {name} read without its facts differ from its facts'")
        mapping.update(((c.module, c.function_index), full) for c, full in zip(lightly, found, strict=True))
        problems.extend(reading.refused[reading.n_refused :])
    claimed = [mapping.get((c.module, c.function_index), c) for c in claimed]
    if wanted is not None:
        wanted = {
            (m, mapping[(m, i)].function_index if (m, i) in mapping else i, platform) for m, i, platform in wanted
        }
    return claimed, wanted, problems


def _place(claim: Claimed) -> tuple[int, str, tuple[str, ...]]:
    return claim.line, claim.qualname, claim.claims
