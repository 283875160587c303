"""The stdlib calling back (semantics §5): the table (`specials.CALLS_BACK`) names real stdlib callables and real
parameters of them, read from typeshed's stubs (nothing imported), and the walk enters what the stdlib calls on
a value of known project class, however the stdlib callable is spelled; an unknown callable is a blind spot."""

from __future__ import annotations

import ast
from pathlib import Path

import typeshed_client
from typeshed_client import NameInfo, OverloadedName

from pytest_claims.analysis import specials
from pytest_claims.analysis.stubs import stubs_for
from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of
from tests.analysis.test_catalogue import PLATFORMS, VERSIONS, _class_children, _contexts, _names


def _info(module: str, path: list[str]) -> NameInfo | None:
    """The stub definition of `module.path` in the first context that has it (members of a class's bases in the
    same stub included)."""
    for index in range(len(_contexts())):
        info = _names(module, index).get(path[0])
        for attr in path[1:]:
            if info is None:
                break
            info = next((kids[attr] for kids in _class_children(module, index, info) if attr in kids), None)
        if info is not None:
            return info
    return None


def _signatures(module: str, path: list[str]) -> list[ast.arguments]:
    """The parameter lists of a stub function (each overload), or of a class's `__init__` / `__new__`."""
    info = _info(module, path)
    if info is None:
        return []
    if isinstance(info.ast, ast.ClassDef):
        return [*_signatures(module, [*path, "__init__"]), *_signatures(module, [*path, "__new__"])]
    nodes = info.ast.definitions if isinstance(info.ast, OverloadedName) else [info.ast]
    return [node.args for node in nodes if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _accepts(args: ast.arguments, position: int | None, keyword: str | None, bound: int) -> bool:
    positional = [a.arg for a in (*args.posonlyargs, *args.args)][bound:]
    if position is not None and position >= len(positional) and args.vararg is None:
        return False
    named = [a.arg for a in (*args.args, *args.kwonlyargs)]
    if keyword is not None and keyword not in named:
        return False
    return position is None or keyword is None or position >= len(positional) or positional[position] == keyword


def _problem(dotted: str, entry: specials.Callback) -> str | None:
    """What is wrong with one entry: its name defines no function or class in the stubs (on any target, followed
    to where the stubs define it, as the walk follows it), or none of its definitions takes that argument."""
    module, _, path = dotted.partition(".")
    found: list[tuple[str, list[str]]] = []
    for platform in PLATFORMS:
        for version in VERSIONS:
            symbol = stubs_for(platform, version).member(module, tuple(path.split(".")))
            if symbol.kind in ("function", "class"):
                found.append((symbol.where[0], symbol.where[1].split(".")))
    if not found:
        return "no function or class of that name in the stubs"
    for where, qual in found:
        info = _info(where, qual)
        bound = 1 if len(qual) > 1 or (info is not None and isinstance(info.ast, ast.ClassDef)) else 0
        if any(_accepts(args, entry.position, entry.keyword, bound) for args in _signatures(where, qual)):
            return None
    return f"takes no argument at position {entry.position} / keyword {entry.keyword}"


def test_every_entry_names_a_stdlib_callable_and_a_parameter_of_it() -> None:
    problems = [
        f"{dotted}: {problem}"
        for dotted, entries in sorted(specials.CALLS_BACK.items())
        for entry in entries
        if (problem := _problem(dotted, entry)) is not None
    ]
    assert problems == [], "callback entries that name nothing real:\n" + "\n".join(problems)


def test_the_stub_check_can_fail() -> None:
    assert _problem("json.dumps", specials.Callback(None, "defualt", (("()",),))) is not None
    assert _problem("datetime.datetime.astimezone", specials.Callback(3, None, (("()",),))) is not None
    assert _problem("json.dumpz", specials.Callback(0, None, (("()",),))) is not None
    assert typeshed_client.get_stub_names("json") is not None


def test_every_try_names_a_method_or_a_call() -> None:
    for entries in specials.CALLS_BACK.values():
        for entry in entries:
            for alternatives in entry.tries:
                assert alternatives
                assert all(name == "()" or name.isidentifier() for name in alternatives), alternatives


def test_a_given_use_keeps_its_slot_callee_and_text() -> None:
    code = specials.given_code("tz", ("<super:a.B:self>", "(s,?)", "astimezone"), "dt.astimezone(tz=z) | x")
    assert specials.read_given(code) == ("tz", ("<super:a.B:self>", "(s,?)", "astimezone"), "dt.astimezone(tz=z) | x")
    assert specials.given_passed(code) is None


def test_a_builtin_key_method_called_with_another_shape_calls_nothing_back() -> None:
    (add,) = specials.KEYED_BY_NAME["add"]
    (get,) = specials.KEYED_BY_NAME["get"]
    code = specials.given_code("0", ("obj", "add"), "obj.add(self, conn)\x1e", (2, 0))
    assert specials.read_given(code) == ("0", ("obj", "add"), "obj.add(self, conn)\x1e")
    assert specials.given_passed(code) == (2, 0)
    assert not specials.fits(add, (2, 0)) and specials.fits(add, (1, 0)) and specials.fits(add, None)
    assert specials.fits(get, (2, 0)) and not specials.fits(get, (1, 1)) and not specials.fits(get, (3, 0))


ZONE = """\
import datetime
import time


class Zone(datetime.tzinfo):
    def utcoffset(self, dt):
        return datetime.timedelta(seconds=time.time() % 2)


class Key:
    def __hash__(self):
        return int(time.time())
"""


def _statuses(tmp_path: Path, body: str) -> dict[str, str]:
    root = pkg_project(tmp_path, {"pkg/zones.py": ZONE, "pkg/core.py": body})
    return statuses_of(check(root, platforms=("linux",)))


def test_a_renamed_stdlib_callable_still_calls_back(tmp_path: Path) -> None:
    body = """\
    import json
    from datetime import datetime as Moment
    from json import dumps as encode
    from pkg.zones import Zone


    def clock(value):
        import time
        return time.time()


    # claims: deterministic
    def renamed_dumps(value):
        return encode(value, default=clock)


    # claims: deterministic
    def renamed_class():
        return Moment(2020, 1, 1, tzinfo=Zone())


    # claims: deterministic
    def local_alias(value):
        write = json.dumps
        return write(value, default=clock)
    """
    assert _statuses(tmp_path, body) == {
        "pkg.core.renamed_dumps": "violated",
        "pkg.core.renamed_class": "violated",
        "pkg.core.local_alias": "violated",
    }


def test_stdlib_typed_values_and_unknown_containers(tmp_path: Path) -> None:
    """A zone typed `datetime.tzinfo` may be any project subclass; a key given to a container of unknown class
    (or typed by a `typing` mapping) is hashed; a project class given where no instance is made is not."""
    body = """\
    import copy
    import datetime
    from typing import Mapping, MutableSet
    from pkg.zones import Key, Zone


    # claims: deterministic
    def any_zone(zone: datetime.tzinfo):
        return datetime.datetime(2020, 1, 1, tzinfo=zone)


    # claims: deterministic
    def mapping_get(table: Mapping[Key, int], key: Key):
        return table.get(key)


    # claims: deterministic
    def set_added(seen: MutableSet[Key], key: Key):
        seen.add(key)


    # claims: deterministic
    def unknown_container(table, key: Key):
        return table.get(key)


    # claims: deterministic
    def class_copied():
        return copy.copy(Key)


    # claims: deterministic
    def class_subscripted():
        return dict[Key, int]
    """
    assert _statuses(tmp_path, body) == {
        "pkg.core.any_zone": "violated",
        "pkg.core.mapping_get": "violated",
        "pkg.core.set_added": "violated",
        "pkg.core.unknown_container": "violated",
        "pkg.core.class_copied": "held",
        "pkg.core.class_subscripted": "held",
    }


def test_every_zone_reader_is_a_method_the_stubs_give() -> None:
    missing = [
        dotted
        for dotted in sorted(specials.READS_ITS_ZONE)
        if all(
            stubs_for(platform, version).member("datetime", tuple(dotted.split(".")[1:])).kind != "function"
            for platform in PLATFORMS
            for version in VERSIONS
        )
    ]
    assert missing == []


def test_a_zone_the_walk_cannot_see_is_a_blind_spot_only_where_the_project_has_zones(tmp_path: Path) -> None:
    body = """\
    import datetime


    # claims: deterministic
    def offset(dt: datetime.datetime):
        return dt.utcoffset(), dt.date()
    """
    (tmp_path / "without").mkdir()
    (tmp_path / "with").mkdir()
    without = pkg_project(tmp_path / "without", {"pkg/core.py": body})
    (claim,) = check(without, platforms=("linux",)).claims
    assert (claim.status, claim.blind_spots) == ("held", ())
    with_zone = pkg_project(tmp_path / "with", {"pkg/core.py": body, "pkg/zones.py": ZONE})
    (claim,) = check(with_zone, platforms=("linux",)).claims
    assert claim.status == "held"
    assert [(spot.line, spot.code) for spot in claim.blind_spots] == [(6, "dt.utcoffset()")]
