"""Which functions claim what, over the whole project: the directives read module by module, and the search
for every name the `@claims` decorator is bound to.

A module's reading is the last run's while neither it nor any module its decorators resolved through changed
(`validity.Validity.reading`); this run's readings are kept in the verdict store for the next.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from pytest_claims.analysis.directives import Decorators, read_directives, renamings
from pytest_claims.analysis.project import Modules, Project
from pytest_claims.analysis.validity import Validity
from pytest_claims.config import Config
from pytest_claims.records import PLATFORM, Claimed, DirectiveError, Reading


def read_claims(
    project: Project,
    config: Config,
    valid: Validity,
    decorators: Decorators,
    select: Callable[[str], bool] | None = None,
) -> tuple[list[Claimed], list[DirectiveError], list[DirectiveError]]:
    """Every claiming function, refused directive and unreadable file (a reading is reused while its file and the
    modules its decorators resolved through are unchanged).

    The files read are those whose text mentions `claims` (the pre-scan) and, when one of them binds the
    decorator under another name (`promise = claims`, `from pytest_claims import claims as vow`), those that
    mention that name, and so on: a decorator can only be spelled with a name that some binding gave it.
    With `select`, only the files it accepts are read for claims (and their problems reported); the others are
    followed only for the names they give the decorator, so the files read are those the whole run reads."""
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
        readings = _readings(modules, config, valid, decorators, wanted)
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
    modules: Modules, config: Config, valid: Validity, decorators: Decorators, names: list[str]
) -> dict[str, Reading]:
    """The directive reading of each module (`records.Reading`); the last run's while still valid
    (`Validity.reading`)."""
    modules.preload(name for name in names if valid.reading(name) is None)
    out: dict[str, Reading] = {}
    for name in names:
        reading = valid.reading(name)
        if reading is None:
            module = modules[name]
            decorators.deps.clear()
            found, refused = read_directives(module, config, decorators)
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
