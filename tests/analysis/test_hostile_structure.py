"""Hostile structure: call, import, star-import, alias and base cycles and chains get verdicts without
recursion; a walk past `max-walk` is unevaluable; a 5 MB file gets its verdicts; a function of thousands of early exits
costs facts linear in their number."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.facts import GUARD_LIMIT, extract
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.helpers import headroom, reaches, reasons, statuses, write


def test_cycles_and_chains_get_verdicts_without_recursion(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
        "pkg/__init__.py": "from . import *\nfrom pkg import *\n",  # a package star-importing itself
        # call cycle across an import cycle, with one exit to the clock
        "pkg/a.py": "from pkg.b import ping\n\n\ndef pong(n):\n    return ping(n - 1)\n",
        "pkg/b.py": (
            "import time\n\nfrom pkg.a import pong\n\n\ndef ping(n):\n    return pong(n) if n else tick()\n\n\n"
            "def tick():\n    return time.time()\n\n\n"
            "def fact(n):\n    return n * fact(n - 1) if n else 1\n"
        ),
        # a name defined only through an import cycle
        "pkg/c.py": "from pkg.d import ghost\n",
        "pkg/d.py": "from pkg.c import ghost\n",
        # star-import chains: short enough to resolve, and far too long; and a star cycle
        **{f"pkg/s{i}.py": f"from pkg.s{i + 1} import *\n" for i in range(8)},
        "pkg/s8.py": "import os\n\n\ndef near():\n    return os.getenv('X')\n",
        **{f"pkg/t{i}.py": f"from pkg.t{i + 1} import *\n" for i in range(300)},
        "pkg/t300.py": "import os\n\n\ndef far():\n    return os.getenv('X')\n",
        "pkg/star_a.py": "from pkg.star_b import *\n\n\ndef in_a():\n    return 1\n",
        "pkg/star_b.py": "import time\n\nfrom pkg.star_a import *\n\n\ndef in_b():\n    return time.time()\n",
        # an alias chain of 2000 and a call chain of 3000
        "pkg/alias.py": "import time\n\na0 = time.time\n" + "".join(f"a{i} = a{i - 1}\n" for i in range(1, 2000)),
        "pkg/calls.py": "import time\n\n\n"
        + "".join(f"def c{i}():\n    return c{i + 1}()\n\n\n" for i in range(3000))
        + "def c3000():\n    return time.time()\n",
        # classes: a 600-deep hierarchy, a class that is its own base, a base cycle, a class-body alias cycle
        "pkg/classes.py": "import time\n\n\nclass K0:\n    def m(self):\n        return time.time()\n\n\n"
        + "".join(f"class K{i}(K{i - 1}):\n    pass\n\n\n" for i in range(1, 600))
        + "class A(A):\n    # claims: deterministic\n    def f(self):\n        return self.g()\n\n"
        "    def g(self):\n        return 1\n\n\n"
        "class B(C):\n    def m(self):\n        return time.time()\n\n\n"
        "class C(B):\n    # claims: deterministic\n    def f(self):\n        return self.m()\n\n\n"
        "class D:\n    a = b\n    b = a\n    __call__ = __call__\n\n"
        "    # claims: deterministic\n    def f(self):\n        return self.a() + self()\n",
        "pkg/claims.py": textwrap.dedent(
            """\
            from pkg import alias, b, calls, classes
            from pkg.c import ghost
            from pkg.s0 import *
            from pkg.star_a import *
            from pkg.t0 import *


            # claims: deterministic
            def cycle():
                return b.ping(3)


            # claims: deterministic
            def recursion():
                return b.fact(3)


            # claims: deterministic
            def cyclic_name():
                return ghost()


            # claims: deterministic
            def short_star():
                return near()


            # claims: deterministic
            def long_star():
                return far()


            # claims: deterministic
            def star_cycle():
                return in_a() + in_b()


            # claims: deterministic
            def short_alias():
                return alias.a5()


            # claims: deterministic
            def long_alias():
                return alias.a1999()


            # claims: deterministic
            def long_calls():
                return calls.c0()


            class Leaf(classes.K599):
                # claims: deterministic
                def f(self):
                    return self.m()

            """
        ),
    }
    root = write(tmp_path, files)
    with headroom(400):
        result = check(root, ["linux"])
    assert result.problems == () and result.errors == ()
    assert statuses(result) == {
        "pkg.claims.cycle": "violated",
        "pkg.claims.recursion": "held",
        "pkg.claims.cyclic_name": "unevaluable",
        "pkg.claims.short_star": "violated",
        "pkg.claims.long_star": "unevaluable",  # past the alias-depth bound: fail closed, never held
        "pkg.claims.star_cycle": "violated",
        "pkg.claims.short_alias": "violated",
        "pkg.claims.long_alias": "unevaluable",
        "pkg.claims.long_calls": "violated",
        "pkg.claims.Leaf.f": "violated",
        "pkg.classes.A.f": "held",
        "pkg.classes.C.f": "violated",  # a base cycle: each class once in the lookup order
        "pkg.classes.D.f": "unevaluable",  # a class-body alias cycle: fail closed
    }
    # `ping(3)`: the literal 3 decides `if n` in ping (semantics §5), so the clock is reached once round the cycle
    chain = ("pkg.b.ping", "pkg.a.pong", "pkg.b.ping", "pkg.b.tick")
    assert reaches(result, "pkg.claims.cycle") == [("time.time", chain)]
    assert reaches(result, "pkg.claims.short_star") == [("os.getenv", ("pkg.s8.near",))]
    assert reaches(result, "pkg.claims.star_cycle") == [("time.time", ("pkg.star_b.in_b",))]
    ((reach, via),) = reaches(result, "pkg.claims.long_calls")
    assert reach == "time.time" and len(via) == 3001 and via[-1] == "pkg.calls.c3000"
    assert reaches(result, "pkg.claims.Leaf.f") == [("time.time", ("pkg.classes.K0.m",))]
    assert reaches(result, "pkg.classes.C.f") == [("time.time", ("pkg.classes.B.m",))]


def test_a_walk_past_max_walk_is_unevaluable_not_held(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\nmax-walk = 100\n',
            "pkg/__init__.py": "",
            "pkg/calls.py": "".join(f"def c{i}():\n    return c{i + 1}()\n\n\n" for i in range(500))
            + "def c500():\n    return 1\n\n\n# claims: deterministic\ndef start():\n    return c0()\n",
        },
    )
    result = check(root, ["linux"])
    assert statuses(result) == {"pkg.calls.start": "unevaluable"}
    assert reasons(result, "pkg.calls.start") == ["the walk visited more than max-walk = 100 functions"]


@pytest.mark.slow
def test_a_5_mb_file_gets_its_verdicts(tmp_path: Path) -> None:
    pad = "Padding for size: " + "lorem ipsum " * 16
    parts = ["import os\nimport time\n\n\n"]
    expected: dict[str, str] = {}
    size, index = 0, 0
    while size < 5_000_000:
        if index % 500 == 0:
            violating = index % 1000 == 0
            callee = f"helper{index}" if violating else f"pure{index}"
            part = (
                f"# claims: deterministic\ndef claim{index}(x):\n    return {callee}(x)\n\n\n"
                f"def helper{index}(x):\n    return time.time() + x\n\n\n"
                f"def pure{index}(x):\n    return x * 2\n\n\n"
            )
            expected[f"pkg.big.claim{index}"] = "violated" if violating else "held"
        else:
            part = f'def f{index}(x):\n    """{pad}"""\n    return x + {index}\n\n\n'
        parts.append(part)
        size += len(part)
        index += 1
    parts.append("class Big:\n    # claims: sandboxed\n    def read(self):\n        return os.listdir('.')\n")
    expected["pkg.big.Big.read"] = "violated"
    source = "".join(parts)
    assert len(source.encode()) >= 5_000_000
    root = write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/__init__.py": ""})
    (root / "pkg" / "big.py").write_text(source)
    cache = FactsCache(tmp_path / "cache")
    result = check(root, ["linux"], cache=cache)
    assert result.problems == () and result.errors == ()
    assert statuses(result) == expected
    assert cache.parsed == 1
    assert reaches(result, "pkg.big.claim0") == [("time.time", ("pkg.big.helper0",))]


def _early_exits(count: int) -> str:
    branches = "".join(f"    if name == 'k{i}':\n        return {i}\n" for i in range(count))
    return (
        "import time\n\n\ndef lookup(name):\n" + branches + "    return time.time()\n\n\n"
        "# claims: deterministic\ndef early():\n    return lookup('k3')\n\n\n"
        "# claims: deterministic\ndef late():\n    return lookup('unknown')\n"
    )


def test_early_exits_cost_facts_linear_in_their_number() -> None:
    # every statement after an early exit is guarded by the negated test: conjoining all earlier ones made the
    # facts of N exits grow as N * N (3,000 exits: a 44 MB cache entry)
    small, large = (len(pickle.dumps(extract(_early_exits(n), "m.py"))) for n in (1000, 4000))
    assert large < 5 * small
    guards = extract(_early_exits(4000), "m.py").guards
    assert max(len(guard) for guard in guards) == GUARD_LIMIT


def test_early_exits_past_the_guard_limit_still_prune_the_leading_tests(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/__init__.py": "", "pkg/m.py": _early_exits(500)},
    )
    result = check(root, ["linux"])
    assert statuses(result) == {"pkg.m.early": "held", "pkg.m.late": "violated"}
