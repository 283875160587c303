"""A property's defs share its qualified name: which is the getter a read runs, which the setter or deleter a
store or `del` runs (`resolution.properties.accessor`, `read_defs`)."""

from __future__ import annotations

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolution.properties import accessor, read_defs

SOURCE = """\
class Box:
    @property
    def size(self):
        return 1

    @size.setter
    def size(self, value):
        pass

    @size.deleter
    def size(self):
        pass

    def plain(self):
        pass


class Extends:
    size = make()

    @size.setter
    def size(self, value):
        pass
"""


def test_each_def_of_a_property_says_which_accessor_it_is() -> None:
    functions = extract(SOURCE).functions
    kinds = {(f.qualname, f.line): accessor(f) for f in functions if f.kind != "state"}
    assert kinds == {
        ("Box.size", 3): "",
        ("Box.size", 7): "setter",
        ("Box.size", 11): "deleter",
        ("Box.plain", 14): "",
        ("Extends.size", 22): "setter",
    }


def test_a_read_runs_the_getter_only_where_the_class_body_has_one() -> None:
    functions = extract(SOURCE).functions
    box = [i for i, f in enumerate(functions) if f.qualname == "Box.size"]
    extends = [i for i, f in enumerate(functions) if f.qualname == "Extends.size"]
    assert read_defs(functions, box) == box[:1]
    assert read_defs(functions, extends) == extends  # the getter is bound elsewhere: the setter is kept
