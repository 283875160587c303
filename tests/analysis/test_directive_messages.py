"""Malformed claims directives, comment and decorator forms: property tests over the grammar pin the precise
message for every shape."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_claims.analysis.directives import read_directives
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.index import ModuleFile
from pytest_claims.analysis.project import Module
from pytest_claims.config import Config, load_config, nearest
from pytest_claims.engine import check
from tests.helpers import write

KNOWN = ("deterministic", "idempotent", "offline", "sandboxed")
NAME_ALPHABET = st.characters(
    whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters="_-. :;!?$%&*+/<=>@^`|~'()[]{}é"
)
claim_names = st.one_of(
    st.sampled_from([*KNOWN, "Deterministic", "determinstic", "claims", "", " ", "a b", "x.y", "déterministe"]),
    st.text(NAME_ALPHABET, max_size=12),
)
separators = st.sampled_from([",", ", ", " ,", " , ", ",\t"])
prefixes = st.sampled_from(["# claims:", "#claims:", "#  claims  :", "#\tclaims:", "# claims :"])


@pytest.fixture(scope="module")
def claims_config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    root = tmp_path_factory.mktemp("directives")
    write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n\n'
            '[tool.claims.define.offline]\ncategories = ["network"]\n',
            "pkg/__init__.py": "",
        },
    )
    return load_config(root)


def directives_of(source: str, config: Config) -> tuple[list[tuple[str, tuple[str, ...]]], list[str]]:
    """(qualname, claims) claimed and the refusals as shown, for `pkg/m.py` holding `source`."""
    module = Module(ModuleFile("pkg.m", Path("pkg/m.py"), "pkg/m.py", False), extract(source, "pkg/m.py"), "")
    assert module.facts.problems == (), module.facts.problems
    claimed, errors = read_directives(module, config)
    return [(c.qualname, c.claims) for c in claimed], [str(e) for e in errors]


def names_verdict(names: tuple[str, ...]) -> str | tuple[str, ...]:
    """The contract, restated: the refusal for a list of names, or the sorted claims."""
    if not names or all(not n for n in names):
        return "empty claims directive: name at least one claim"
    if any(not n for n in names):
        return "empty claim name in the directive (a stray comma?)"
    unknown = [n for n in names if n not in KNOWN]
    if unknown:
        close = nearest(unknown[0], KNOWN)
        did = f"did you mean {close!r}? " if close is not None else ""
        return f"unknown claim {unknown[0]!r} ({did}known claims: {', '.join(KNOWN)})"
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        return f"duplicate claim {duplicates[0]!r}"
    return tuple(sorted(names))


def comment_names(text: str) -> tuple[str, ...]:
    text = text.strip()
    return tuple(part.strip() for part in text.split(",")) if text else ()


PLACEMENTS: dict[str, tuple[str, int, str]] = {
    # name: (template with {d} for the directive, line of the directive, qualname or the refusal)
    "above-def": ("{d}\ndef f():\n    pass\n", 1, "f"),
    "above-decorators": ("import functools\n\n\n{d}\n@functools.cache\ndef f():\n    pass\n", 4, "f"),
    "comment-between": ("{d}\n# why it holds\ndef f():\n    pass\n", 1, "f"),
    "trailing": ("def f():  {d}\n    pass\n", 1, "f"),
    "trailing-multiline-signature": ("def f(\n    x,\n):  {d}\n    pass\n", 3, "f"),
    "method": ("class C:\n    {d}\n    def m(self):\n        pass\n", 2, "C.m"),
    "async": ("{d}\nasync def f():\n    pass\n", 1, "f"),
    "blank-line": ("{d}\n\ndef f():\n    pass\n", 1, "nothing"),
    "statement": ("{d}\nx = 1\n", 1, "nothing"),
    "end-of-file": ("x = 1\n{d}\n", 2, "nothing"),
    "trailing-statement": ("x = 1  {d}\n", 1, "nothing"),
    "trailing-decorator": ("import functools\n\n\n@functools.cache  {d}\ndef f():\n    pass\n", 4, "nothing"),
    "class": ("{d}\nclass C:\n    pass\n", 1, "nested"),
    "trailing-class": ("class C:  {d}\n    pass\n", 1, "nested"),
    "nested-def": ("def outer():\n    {d}\n    def inner():\n        pass\n", 2, "nested"),
    "in-string": ('S = """\n{d}\n"""\n\n\ndef f():\n    pass\n', 2, "ignored"),
}
NOTHING = "claims directive is attached to nothing: put it directly above a def or its decorators"
NESTED = "claims go on module-level functions and methods, not on nested functions or classes"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    placement=st.sampled_from(sorted(PLACEMENTS)),
    prefix=prefixes,
    names=st.lists(claim_names, max_size=4),
    sep=separators,
)
def test_comment_directives_get_precise_messages(
    claims_config: Config, placement: str, prefix: str, names: list[str], sep: str
) -> None:
    text = f"{prefix} {sep.join(names)}".rstrip()
    template, line, outcome = PLACEMENTS[placement]
    claimed, errors = directives_of(template.format(d=text), claims_config)
    if outcome == "ignored":
        assert (claimed, errors) == ([], [])
        return
    if outcome in ("nothing", "nested"):
        assert (claimed, errors) == ([], [f"pkg/m.py:{line}: {NOTHING if outcome == 'nothing' else NESTED}"])
        return
    verdict = names_verdict(comment_names(text.split(":", 1)[1]))
    if isinstance(verdict, str):
        assert (claimed, errors) == ([], [f"pkg/m.py:{line}: {verdict}"])
    else:
        assert (claimed, errors) == ([(outcome, verdict)], [])


DECORATOR_IMPORTS = [
    ("from pytest_claims import claims", "claims"),
    ("from pytest_claims import claims as promise", "promise"),
    ("import pytest_claims", "pytest_claims.claims"),
    ("import pytest_claims as pc", "pc.claims"),
]
NON_LITERALS = ["NAME", "1", "None", "f'{x}'", "*NAMES", "b'deterministic'"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    spelling=st.sampled_from(DECORATOR_IMPORTS),
    args=st.lists(st.one_of(claim_names.map(repr), st.sampled_from(NON_LITERALS)), max_size=4),
    bare=st.booleans(),
)
def test_decorator_directives_get_precise_messages(
    claims_config: Config, spelling: tuple[str, str], args: list[str], bare: bool
) -> None:
    imported, callee = spelling
    decorator = f"@{callee}" if bare else f"@{callee}({', '.join(args)})"
    source = f"{imported}\n\n\n{decorator}\ndef f():\n    pass\n"
    claimed, errors = directives_of(source, claims_config)
    if bare:
        expected: str | tuple[str, ...] = '@claims needs the claim names: @claims("deterministic")'
    elif any(a in NON_LITERALS for a in args):
        expected = "claim names must be string literals"
    else:
        expected = names_verdict(tuple(ast.literal_eval(a) for a in args))
    if isinstance(expected, str):
        assert (claimed, errors) == ([], [f"pkg/m.py:4: {expected}"])
    else:
        assert (claimed, errors) == ([("f", expected)], [])


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "from pytest_claims import claims\n\n\n# claims: sandboxed\n@claims('deterministic')\ndef f():\n    pass\n",
            ["pkg/m.py:5: pkg.m.f has both a # claims: comment and @claims(...): keep one"],
        ),
        (
            "# claims: sandboxed\ndef f():  # claims: deterministic\n    pass\n",
            ["pkg/m.py:2: pkg.m.f has more than one claims directive"],
        ),
        ("import other\n\n\n@other.claims('nonsense')\ndef f():\n    pass\n", []),  # not ours: no directive
        ("# Claims: deterministic\n# claims deterministic\ndef f():\n    pass\n", []),  # prose, not directives
    ],
    ids=["both-forms", "two-comments", "someone-elses-claims", "prose"],
)
def test_directive_shapes_beyond_the_grammar(claims_config: Config, source: str, expected: list[str]) -> None:
    assert directives_of(source, claims_config)[1] == expected


def test_a_misspelt_claim_name_gets_the_nearest_known_one(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/m.py": "# claims: determinstic\ndef f():\n    return 1\n",
        },
    )
    result = check(root, ["linux"])
    (error,) = result.errors
    assert "unknown claim 'determinstic' (did you mean 'deterministic'? known claims: " in error.message
