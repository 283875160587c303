"""Behaviour stored in a value (docs/decisions.md, module and class state): the facts that say where a stored
callable and a property's value come from, and the walk following them across modules, within its bounds. The
shapes one by one, both ways, are in the fixture `testdata/violations/src/vio/stored_cases.py`."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.analysis.facts import extract
from pytest_claims.engine import check
from tests.analysis.helpers import pkg_project, statuses_of


def test_a_field_set_from_a_parameter_names_the_parameter_and_the_method() -> None:
    facts = extract(
        "class C:\n"
        "    def __init__(self, timer, other=None, *, key=str.lower):\n"
        "        self.t = timer\n"
        "        other = other or timer\n"
        "        self.o = other\n"
        "        self.k = key\n"
        "        def inner(timer):\n"
        "            self.n = timer\n"
        "    def set(self, fn):\n"
        "        self.f = fn\n"
    )
    fields = {b.name: (b.kind, b.target, b.member) for b in facts.classes[0].fields}
    assert fields["t"] == ("param", "timer", "__init__")
    assert fields["o"] == ("var", "", "")  # rebound before it is stored: not the argument
    assert fields["k"] == ("param", "key", "__init__")
    assert fields["n"] == ("var", "", "")  # a nested def's parameter shadows the method's
    assert fields["f"] == ("param", "fn", "set")


def test_a_field_set_from_or_and_or_a_ternary_holds_each_operand() -> None:
    facts = extract(
        "def make_key(a):\n"
        "    return a\n"
        "class C:\n"
        "    def __init__(self, key=None, fast=False):\n"
        "        self.k = key or make_key\n"
        "        self.t = make_key if fast else key and other.pick\n"
        "        self.v = key or []\n"
        "        self.n = late or key\n"
        "        for _ in range(2):\n"
        "            late = 1\n"
    )
    fields: dict[str, list[tuple[str, str, str]]] = {}
    for b in facts.classes[0].fields:
        fields.setdefault(b.name, []).append((b.kind, b.target, b.member))
    assert fields["k"] == [("param", "key", "__init__"), ("alias", "make_key", ""), ("var", "", "")]
    assert fields["t"] == [
        ("alias", "make_key", ""),
        ("var", "", ""),  # a module's name alone: followed, and unknown too
        ("param", "key", "__init__"),
        ("alias", "other.pick", ""),
    ]
    assert fields["v"] == [("param", "key", "__init__"), ("alias", "<list>", "")]
    assert fields["n"] == [("var", "", ""), ("param", "key", "__init__")]  # a local bound later is no module name


def test_params_are_kept_for_init_and_dotted_defaults_only() -> None:
    facts = extract(
        "import time\n"
        "class C:\n"
        "    def __init__(self, maxsize, timer=time.monotonic, *, size=len):\n"
        "        pass\n"
        "def plain(a, b=1):\n"
        "    pass\n"
        "def chosen(a, pick=max):\n"
        "    pass\n"
        "class D:\n"
        "    def __init__(self):\n"
        "        pass\n"
    )
    init, plain, chosen, bare = (f for f in facts.functions if f.kind != "state")  # a class statement's own aside
    assert init.params == (
        ("self", 0, "", 0),
        ("maxsize", 1, "", 0),
        ("timer", 2, "time.monotonic", 3),
        ("size", -1, "len", 3),
    )
    assert plain.params == ()
    assert chosen.params == (("a", 0, "", 0), ("pick", 1, "max", 7))
    assert bare.params == ()


def test_a_getter_gives_what_its_returns_give_and_a_setter_nothing() -> None:
    facts = extract(
        "class C:\n"
        "    @property\n"
        "    def timer(self):\n"
        "        if self.x:\n"
        "            return self._timer\n"
        "        def nested():\n"
        "            return 1\n"
        "        return make()\n"
        "    @timer.setter\n"
        "    def timer(self, value):\n"
        "        self._timer = value\n"
        "    @property\n"
        "    def size(self):\n"
        "        return self.a + self.b\n"
        "    @property\n"
        "    def raises(self):\n"
        "        raise NotImplementedError\n"
    )
    getter, setter, size, raises = facts.functions
    assert getter.gives == ("make.()", "self._timer")
    assert setter.gives == ()
    assert size.gives == ("?",)
    assert raises.gives == ("?",)


def test_a_local_def_or_lambda_is_a_binding_only_when_nothing_else_binds_the_name() -> None:
    facts = extract(
        "def f(given):\n"
        "    once = lambda: 1\n"
        "    def local():\n"
        "        return 2\n"
        "    twice = lambda: 3\n"
        "    twice = given\n"
        "    def given():\n"
        "        return 4\n"
        "    for looped in (): pass\n"
        "    looped = lambda: 5\n"
    )
    nested = sorted(b.name for b in facts.functions[0].bindings if b.kind == "nested")
    assert nested == ["local", "once"]


STORED = {
    "pkg/clock.py": """\
        import time


        class Clock:
            def __init__(self, source):
                self._source = source

            def now(self):
                return self._source()


        class Forward1(Clock):
            def __init__(self, source):
                Clock.__init__(self, source)


        class Forward2(Forward1):
            def __init__(self, source):
                super().__init__(source)


        class Forward3(Forward2):
            def __init__(self, source):
                super().__init__(source)


        class TooFar(Forward3):
            def __init__(self, source=time.process_time):
                super().__init__(source)
        """,
    "pkg/wiring.py": """\
        import time

        from pkg.clock import Clock


        def wall():
            return Clock(time.time)
        """,
    "pkg/use.py": """\
        from pkg.clock import Clock


        # claims: deterministic
        def stamp(clock: Clock):
            return clock.now()
        """,
}


def test_an_argument_is_reported_where_it_is_passed_and_forwarding_is_bounded(tmp_path: Path) -> None:
    result = check(pkg_project(tmp_path, STORED), platforms=["linux"])
    assert statuses_of(result) == {"pkg.use.stamp": "violated"}
    (claim,) = result.claims
    found = {(v.reach, v.file, v.line, v.via) for v in claim.violations}
    # `TooFar`'s default is four constructors back: past the bound, not followed (the blind spot says so)
    assert found == {("time.time", "pkg/wiring.py", 7, ("pkg.clock.Clock.now",))}
    assert [(b.file, b.line, b.code) for b in claim.blind_spots] == [("pkg/clock.py", 9, "self._source()")]
