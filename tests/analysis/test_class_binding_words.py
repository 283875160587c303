"""The text searches that decide which files a question about class bindings, or about the decorator's names,
must parse: each a superset of what the file's facts say."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.project import _BOUND, _bound_words, _in_code
from pytest_claims.analysis.resolution.target import class_bound

BINDINGS = textwrap.dedent(
    '''
    import os


    class A:
        import os.path, json as js
        from x import (
            first,
            second as other,
        )
        plain = 1
        annotated: int
        tupled, (nested, *starred) = 1, (2, 3)
        walrus = (inner := 2)
        total += 1
        for looped in range(2):
            pass
        with open("f") as handle, open("g") as (pa, pb):
            pass
        try:
            pass
        except OSError as caught:
            pass
        match os.name:
            case [captured, *rest] if captured:
                pass
            case {"k": valued, **remaining}:
                pass
            case Point(x=keyword) | Other(keyword):
                pass
        continued \\
            = 3
        del deleted

        class Inner:
            pass

        def method(self, param):
            self.field = param
            self.typed: int = 0
            self.a, self.b = 1, 2
            cls_like.augmented += 1

        async def \\
                spaced(self):
            pass

        @property
        def prop(self):
            return os.getenv("X")


    def outside(x):
        return x.get(1), x.get.y, x.get[0], x.get + 1
    '''
)


def test_every_name_a_class_binds_is_a_bound_word() -> None:
    facts = extract(BINDINGS.encode())
    assert not facts.problems
    bound = {name for cls in facts.classes for name, _ in class_bound(facts.functions, cls)}
    assert {"plain", "field", "spaced", "caught", "captured", "Inner", "first", "other"} <= bound
    words = _bound_words(_BOUND.findall(BINDINGS.encode()))
    assert {name.encode() for name in bound} <= words
    assert b"get" not in words  # read, called, subscripted or added: never bound


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("# claims: deterministic", False),
        ("x = 1  # claims elsewhere", False),
        ("vow = claims", True),
        ("from pytest_claims import claims as vow", True),
        ('s = "#"; vow = claims', True),
        ("s = f'#{claims}'", True),
        ("#{ (vow := claims) }", True),
        ("declaims = 1", False),
    ],
)
def test_a_word_after_a_comment_sign_is_no_code(line: str, found: bool) -> None:
    assert _in_code(f"import os\n{line}\n".encode(), b"claims") is found
