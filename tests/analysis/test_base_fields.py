"""`analysis.fieldtests` across a base constructor: which tests after `super().__init__(*args, **kwargs)` read a field
the base left (`super_test`), what a base `__init__` leaves (`FunctionFacts.leaves`), and which class-body names
hold only literals (`ClassFacts.literals`)."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.fieldtests import Leaves, super_changed, super_test
from pytest_claims.analysis.resolution.basefields import _passed_on


def _init(body: str, params: str = "*args, **kwargs") -> tuple[str, ...]:
    source = f"class C(B):\n    def __init__(self, {params}):\n" + textwrap.indent(textwrap.dedent(body), "        ")
    func = next(f for f in extract(source).functions if f.qualname == "C.__init__")
    return tuple(n for n in func.tests if super_changed(n) is not None)


def _leaves(body: str, params: str = "size=None, label='x'", decorator: str = "") -> Leaves:
    source = f"class B:\n    {decorator}\n    def __init__(self, {params}):\n"
    source += textwrap.indent(textwrap.dedent(body), "        ")
    return next(f for f in extract(source).functions if f.qualname == "B.__init__").leaves


@pytest.mark.parametrize(
    ("body", "params", "changed"),
    [
        ("super().__init__(*args, **kwargs)\nif self.size is not None:\n    g()\n", "*args, **kwargs", ()),
        ("super().__init__(**kwargs)\nx = 1\nself.other = x\nif self.size:\n    g()\n", "**kwargs", ()),
        ("super().__init__(*args, **kwargs)\nself.db = db\nif self.size:\n    g()\n", "*args, db=None, **kwargs", ()),
        (
            "kwargs.setdefault('editable', False)\nsuper().__init__(**kwargs)\nif self.size:\n    g()\n",
            "**kwargs",
            ("editable",),
        ),
        ("x = kwargs.pop('size', None)\nsuper().__init__(**kwargs)\nif self.size:\n    g()\n", "**kwargs", ("size",)),
    ],
)
def test_a_test_after_passing_on_what_the_call_gave_reads_the_base_field(
    body: str, params: str, changed: tuple[str, ...]
) -> None:
    assert _init(body, params) == (super_test("size", changed),)


@pytest.mark.parametrize(
    ("body", "params"),
    [
        ("super().__init__(*args, **kwargs)\nself.prepare()\nif self.size:\n    g()\n", "*args, **kwargs"),  # a call
        ("g()\nsuper().__init__(*args, **kwargs)\nif self.size:\n    g()\n", "*args, **kwargs"),  # code before
        ("super().__init__(**kwargs)\nif self.size:\n    g()\n", "*args, **kwargs"),  # `*args` dropped
        ("super().__init__(*args, size=3, **kwargs)\nif self.size:\n    g()\n", "*args, **kwargs"),  # a keyword added
        ("kwargs = {}\nsuper().__init__(**kwargs)\nif self.size:\n    g()\n", "**kwargs"),  # bound again
        ("kwargs.update(x)\nsuper().__init__(**kwargs)\nif self.size:\n    g()\n", "**kwargs"),  # any other method
        ("super().__init__(*args, **kwargs)\nself.size = 5\nif self.size:\n    g()\n", "*args, **kwargs"),  # stored
        ("super().setup(*args, **kwargs)\nif self.size:\n    g()\n", "*args, **kwargs"),  # not the constructor
        ("if self.size:\n    g()\nsuper().__init__(*args, **kwargs)\n", "*args, **kwargs"),  # before the call
    ],
)
def test_a_test_the_base_field_may_have_changed_before_stays_open(body: str, params: str) -> None:
    assert _init(body, params) == ()


def test_a_base_leaves_each_field_stored_once_at_the_top_from_a_parameter() -> None:
    leaves = _leaves("self.size, self.n = size, 1\nif label:\n    self.other = g(label)\nself.label = label\n")
    assert leaves and leaves[0] == (("label", "label"), ("size", "size"))
    assert set(leaves[1]) == {"size", "n", "other", "label"}


@pytest.mark.parametrize(
    "body",
    [
        "self.size = size\nself.prepare()\n",  # a method of `self` may be overridden
        "self.size = size\ng(self)\n",  # `self` handed out
        "self.size = size\nh = lambda: self.other\n",  # captured by a nested scope
        "self.size = size\nsuper().__init__()\n",  # `super()` passes `self` on
        "self.size = size\nx = vars()\n",  # `vars()` reaches it
        "self.size = size\ng(self.__dict__)\n",  # its attributes handed out
        "self.size = size\nself.__class__ = Other\n",  # another class, other descriptors
    ],
)
def test_a_base_that_may_hand_self_out_leaves_nothing(body: str) -> None:
    assert _leaves(body) == ()


@pytest.mark.parametrize(
    "body",
    [
        "self.size = size\nif label:\n    self.size = 2\n",  # stored again under a test
        "if label:\n    return\nself.size = size\n",  # a `return` before the store
        "if label:\n    self.size = size\n",  # not at the top
        "size = 2\nself.size = size\n",  # the parameter bound again
        "self.size = size\ndel self.size\n",  # deleted
    ],
)
def test_a_field_the_base_may_not_leave_holding_the_parameter_is_left_out(body: str) -> None:
    leaves = _leaves(body)
    assert not leaves or "size" not in dict(leaves[0])


def test_only_a_constructor_reads_what_the_base_left() -> None:
    source = "class C(B):\n    def __call__(self, **kwargs):\n        super().__init__(**kwargs)\n"
    source += "        if self.size:\n            g()\n"
    func = next(f for f in extract(source).functions if f.qualname == "C.__call__")
    assert not any(super_changed(n) for n in func.tests)


def test_a_decorated_constructor_leaves_nothing() -> None:
    assert _leaves("self.size = size\n", decorator="@wrap") == ()


def test_a_property_accessor_that_keeps_self_is_kept_with_its_names() -> None:
    source = "class B:\n    @property\n    def c(self):\n        return self._c\n"
    source += "    @c.setter\n    def c(self, value):\n        self._c = norm(value)\n"
    source += "    @property\n    def d(self):\n        return g(self)\n"
    functions = {(f.qualname, f.line): f.leaves for f in extract(source).functions}
    getter, setter = functions[("B.c", 3)], functions[("B.c", 6)]
    assert getter and getter[1] == ("_c",)
    assert setter and setter[1] == ("_c",)
    assert functions[("B.d", 9)] == ()


def test_class_body_literals() -> None:
    body = "n = 0\ns = 'x'\nm = make()\nt = 1\nt += 1\nu = None\ndef u(self):\n    pass\n"
    source = "class B:\n" + textwrap.indent(body, "    ")
    (cls,) = extract(source).classes
    assert cls.literals == ("n", "s")


def test_what_the_packed_parameters_receive() -> None:
    accepts = (("self", "a"), 0, ("db",), ())
    passed = ((("int", 1), ("int", 2)), (("db", ("None", None)), ("size", ("int", 3))))
    assert _passed_on(accepts, passed) == ((("int", 2),), (("size", ("int", 3)),))
