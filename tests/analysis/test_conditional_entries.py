"""Catalogue entries conditional on an argument: how the data is validated and read. The fixture tree
(`vio/conditional_cases.py`) pins what each built-in entry leaves of a call, end to end."""

from __future__ import annotations

import pytest

from pytest_claims.analysis.catalog import Condition, load_catalogue, parse_catalogue
from pytest_claims.analysis.stubs import stubs_for

_ENTRY = '[capabilities]\n"gzip.GzipFile" = { categories = ["fs", "clock"], reason = "r", %s }\n'


def test_a_condition_is_read_with_the_signature_it_finds_positions_in() -> None:
    fields = 'positional = ["filename", "mode"], conditions = [{ categories = ["fs"], unless-given = "fileobj" }]'
    text = _ENTRY % fields
    entry = parse_catalogue(text).entries["gzip.GzipFile"]
    assert entry.positional == ("filename", "mode")
    assert entry.conditions == (Condition(frozenset({"fs"}), unless_given="fileobj"),)


def test_clauses_joined_by_all_are_read_with_their_marks() -> None:
    fields = (
        'positional = ["format", "t"], conditions = [{ categories = ["fs"], unless-given = "t", '
        'unless-marked = "format", marks = ["%Z", "%z"], all = true }]'
    )
    (condition,) = parse_catalogue(_ENTRY % fields).entries["gzip.GzipFile"].conditions
    expected = Condition(frozenset({"fs"}), unless_given="t", unless_marked="format", marks=("%Z", "%z"), all=True)
    assert condition == expected


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ('conditions = [{ categories = ["network"], unless-given = "x" }]', "own categories"),
        ('conditions = [{ categories = ["fs"] }]', "needs a clause"),
        ('conditions = [{ categories = ["fs"], unless-given = "x", typo = "y" }]', "unknown condition field"),
        ('conditions = [{ categories = ["fs"], unless-instance = "x" }]', "go together"),
        ('conditions = [{ categories = ["fs"], unless-given = "not a name" }]', "must name a parameter"),
        ('positional = ["a b"]', "positional must be"),
        ('conditions = { categories = ["fs"] }', "list of tables"),
        ('conditions = [{ categories = ["fs"], unless-marked = "x" }]', "go together"),
        ('conditions = [{ categories = ["fs"], unless-marked = "x", marks = "%Z" }]', "marks must be"),
        ('conditions = [{ categories = ["fs"], unless-given = "x", all = true }]', "two clauses or more"),
    ],
)
def test_a_malformed_condition_fails_loudly(fields: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_catalogue(_ENTRY % fields)


def test_the_built_in_conditions_name_parameters_of_their_signature() -> None:
    """A condition naming a parameter the entry does not list by position must be keyword-only in the stub:
    the built-in ones are `mtime` of `gzip.compress` and nothing else."""
    keyword_only = {("gzip.compress", "mtime"), ("compression.gzip.compress", "mtime")}
    for key, entry in load_catalogue().entries.items():
        for condition in entry.conditions:
            names = (
                condition.unless_given,
                condition.when_writing,
                condition.when_path,
                condition.unless_instance,
                condition.unless_marked,
            )
            for name in names:
                assert not name or name in entry.positional or (key, name) in keyword_only, (key, name)


@pytest.mark.parametrize(("version", "number"), [((3, 11), False), ((3, 13), False), ((3, 14), True)])
def test_a_parameter_left_out_counts_as_given_where_the_stubs_default_it_to_a_number(
    version: tuple[int, int], number: bool
) -> None:
    stubs = stubs_for("linux", version)
    assert stubs.defaults_to_number("gzip", "compress", "mtime") is number
    assert stubs.defaults_to_number("gzip", "GzipFile", "mtime") is False  # a class: not a module function
