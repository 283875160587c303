"""The fixture tree `testdata/violations/` is the product's own proof that it can tell.

Every shape of semantics §4, §5 and §8 has a claiming function there. What the engine must report about each one is
written in the fixture itself, as an expectation comment on the line the report is about (the syntax is in
`testdata/violations/README.md`); `test_the_fixture_says_what_the_engine_reports` reads every such comment and
compares them with one `check` over all three platforms. A claim with no expectation comment must hold.
"""

from __future__ import annotations

import io
import re
import shutil
import sys
import tokenize
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from pytest_claims.engine import ClaimResult, Result, check, open_run
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import Claimed

ROOT = Path(__file__).resolve().parents[2] / "testdata" / "violations"
PLATFORMS = ("darwin", "linux", "win32")

# ----------------------------------------------------------------------------------------------------------
# Reading the expectation comments

WANT = "want"
FRONTIER = "want-frontier"
BLIND = "want-blind"
ONLY = "want-platforms"
FORMS = (WANT, FRONTIER, BLIND, ONLY)

_MARKER = re.compile(r"#\s*(want\b[-\w]*)\s*(:?)")
_DIRECTIVE = re.compile(r"#\s*claims\s*:")
_FROM = r"\s+from\s+(?P<function>\S+)"
_VIA = r"(?:\s+via\s+(?P<via>\S+(?:\s*->\s*\S+)*))?"
_PLATFORMS = r"(?:\s*\[(?P<platforms>[^\]]*)\])?"
_GRAMMAR = {
    WANT: re.compile(rf"(?P<claim>[\w-]+)\s+(?P<kind>[\w-]+)\s+(?P<reach>\S+){_FROM}{_VIA}{_PLATFORMS}"),
    FRONTIER: re.compile(rf"(?P<reach>\S+){_FROM}{_VIA}{_PLATFORMS}(?:\s*`(?P<words>[^`]+)`)?"),
    BLIND: re.compile(rf"`(?P<code>[^`]+)`{_FROM}{_VIA}{_PLATFORMS}"),
    ONLY: re.compile(r"\[(?P<platforms>[^\]]*)\]"),
}
_HEAD = {WANT: ("claim", "kind", "reach"), FRONTIER: ("reach",), BLIND: ("code",), ONLY: ()}
_SHAPE = {
    WANT: "<claim> <kind> <reach> from <function> [via <hop> -> <hop>] [[platform,...]]",
    FRONTIER: "<reach> from <function> [via <hop> -> <hop>] [[platform,...]] [`words of the reason or hint`]",
    BLIND: "`<code>` from <function> [via <hop> -> <hop>] [[platform,...]]",
    ONLY: "[platform,...]",
}


@dataclass(frozen=True)
class Expectation:
    """One expectation: the engine must report `entry` about `function` at `file:line` (on `platforms`)."""

    form: str
    file: str
    line: int
    function: str
    entry: tuple[str, ...]
    """want: (claim, kind, reach); want-frontier: (reach,); want-blind: (code,)."""
    via: tuple[str, ...] = ()
    platforms: frozenset[str] | None = None
    """None: every platform the function is checked on."""
    words: str = ""
    """want-frontier only: must occur in the entry's reason or hint."""
    written: int = 0
    """The line the comment is written on, when it is not `line` (the own-line form, above the code)."""

    @property
    def shown(self) -> int:
        """The line a message about this expectation names: where it is written."""
        return self.written or self.line

    @property
    def at(self) -> str:
        return f"{self.file}:{self.shown}"

    @property
    def key(self) -> Key:
        return (self.form, self.file, self.line, self.entry, self.via)


Key = tuple[str, str, int, tuple[str, ...], tuple[str, ...]]
"""(form, file, line, entry, via): what an expectation and a reported entry have in common."""


@dataclass
class Fixture:
    """Everything the fixture's comments say."""

    expectations: list[Expectation]
    claiming: dict[tuple[str, int], frozenset[str] | None]
    """(file, def line) of every claiming function -> its `want-platforms`, None when not restricted."""
    errors: list[str]


def render(key: Key, function: str) -> str:
    """An entry as an expectation comment spells it (a failure message can be pasted into the fixture)."""
    form, _, _, entry, via = key
    head = f"`{entry[0]}`" if form == BLIND else " ".join(entry)
    hops = f" via {' -> '.join(via)}" if via else ""
    return f"{form}: {head} from {function}{hops}"


def _parse(form: str, body: str, file: str, line: int, errors: list[str]) -> Expectation | None:
    if form not in FORMS:
        errors.append(f"{file}:{line}: unknown expectation form {form!r} (known: {', '.join(FORMS)})")
        return None
    match = _GRAMMAR[form].fullmatch(body.strip())
    if match is None:
        errors.append(f"{file}:{line}: cannot read {form}: {body.strip()!r}; the form is `# {form}: {_SHAPE[form]}`")
        return None
    groups = match.groupdict()
    platforms = None
    if groups["platforms"] is not None:
        platforms = frozenset(p.strip() for p in groups["platforms"].split(",") if p.strip())
        if (not platforms and form != ONLY) or not platforms <= set(PLATFORMS):
            errors.append(f"{file}:{line}: platforms must be some of {', '.join(PLATFORMS)}, not {sorted(platforms)}")
            return None
    via = tuple(hop.strip() for hop in groups["via"].split("->")) if groups.get("via") else ()
    entry = tuple(groups[name] for name in _HEAD[form])
    return Expectation(form, file, line, groups.get("function") or "", entry, via, platforms, groups.get("words") or "")


def _comment_bodies(comment: str) -> Iterable[tuple[str, str] | str]:
    """(form, body) for each `want...:` in one comment token (several per comment, each a `;`-list); str = error."""
    markers = list(_MARKER.finditer(comment))
    for i, marker in enumerate(markers):
        end = markers[i + 1].start() if i + 1 < len(markers) else len(comment)
        form, colon = marker.group(1), marker.group(2)
        if not colon:
            yield f"`# {form}` needs a colon: `# {form}: ...`"
            continue
        for body in comment[marker.end() : end].split(";"):
            yield (form, body)


_NOT_CODE = frozenset(
    {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
)


def read_fixture(root: Path) -> Fixture:
    """Tokenize every analysed file (comments only, never strings) and gather claims and expectations."""
    fixture = Fixture([], {}, [])
    for path in sorted(root.rglob("*.py")):
        read_file(path.relative_to(root).as_posix(), path.read_text(encoding="utf-8"), fixture)
    return fixture


@dataclass
class _Tokens:
    """What one file's tokens say: lines where code starts, `def` lines, comments, and claims directives."""

    code: set[int]
    defs: list[int]
    comments: list[tuple[int, str]]
    directives: list[tuple[int, bool]]  # (line, trailing on a def line)


def _tokens(source: str) -> _Tokens:
    found = _Tokens(set(), [], [], [])
    previous = ""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        row = token.start[0]
        if token.type == tokenize.COMMENT:
            found.comments.append((row, token.string))
            if _DIRECTIVE.match(token.string):
                found.directives.append((row, row in found.code))
        elif token.type not in _NOT_CODE:
            found.code.add(row)
            if token.type == tokenize.NAME and token.string == "def":
                found.defs.append(row)
            if previous == "@" and unicodedata.normalize("NFKC", token.string) in ("claims", "pytest_claims"):
                found.directives.append((row, False))  # the decorator form (any other spelling: `# want-platforms`)
            previous = token.string
    return found


def _claiming(tokens: _Tokens) -> dict[int, frozenset[str] | None]:
    """The def line of every claiming function (value: its `# want-platforms`, None until one is read)."""
    claiming: dict[int, frozenset[str] | None] = {}
    for row, trailing in tokens.directives:  # the def it trails, or the next def below (decorators between)
        following = [d for d in tokens.defs if d == row] if trailing else [d for d in tokens.defs if d > row]
        if following:
            claiming[following[0]] = None
    return claiming


def read_file(file: str, source: str, fixture: Fixture) -> None:
    tokens = _tokens(source)
    code, comments = tokens.code, tokens.comments
    own_line = {row for row, _ in comments} - code
    claiming = _claiming(tokens)

    for row, text in comments:
        about = row
        if row in own_line:  # the own-line form: about the code line directly below (only comment lines between)
            while about in own_line:
                about += 1
        for item in _comment_bodies(text):
            if isinstance(item, str):
                fixture.errors.append(f"{file}:{row}: {item}")
                continue
            if about not in code:
                fixture.errors.append(f"{file}:{row}: an own-line expectation must sit directly above a line of code")
                continue
            e = _parse(*item, file, row, fixture.errors)
            if e is None:
                continue
            if e.form != ONLY:
                fixture.expectations.append(replace(e, line=about, written=row if about != row else 0))
            elif about in claiming or about in tokens.defs:  # also a def whose decorator the tokens cannot tell
                claiming[about] = e.platforms
            else:
                fixture.errors.append(f"{file}:{row}: `# {ONLY}` belongs on the def line of a claiming function")
    fixture.claiming.update({(file, line): only for line, only in claiming.items()})


# ----------------------------------------------------------------------------------------------------------
# Comparing them with the engine's result


def reported(claim: ClaimResult) -> dict[Key, str]:
    """What the engine reported about one claim, keyed like expectations; value: the text words must be in."""
    found: dict[Key, str] = {}
    for v in claim.violations:
        found[(WANT, v.file, v.line, (v.claim, v.kind, v.reach), v.via)] = ""
    for f in claim.frontier:
        found[(FRONTIER, f.file, f.line, (f.reach,), f.via)] = f"{f.reason} {f.hint}"
    for b in getattr(claim, "blind_spots", ()):  # issue 12 adds them: file, line, code, via
        found[(BLIND, b.file, b.line, (b.code,), tuple(b.via))] = ""
    return found


def verdict(wanted: Iterable[Key]) -> str:
    forms = {key[0] for key in wanted}
    return "violated" if WANT in forms else "unevaluable" if FRONTIER in forms else "held"


class _Problems:
    """Differences keyed by (file, line, text), with the platforms each one shows on."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, int, str], set[str]] = defaultdict(set)

    def add(self, file: str, line: int, text: str, platform: str = "") -> None:
        self.found[(file, line, text)].add(platform)

    def lines(self) -> list[str]:
        out = []
        for (file, line, text), platforms in sorted(self.found.items()):
            named = sorted(p for p in platforms if p)
            out.append(f"{file}:{line}: {text}" + (f" [{','.join(named)}]" if named else ""))
        return out


def _expected(fixture: Fixture, result: Result, problems: _Problems) -> dict[tuple[str, str], dict[Key, Expectation]]:
    """(function, platform) -> the expectations that apply there."""
    checked_at = {c.function: (c.file, c.line) for c in result.claims}
    expected: dict[tuple[str, str], dict[Key, Expectation]] = defaultdict(dict)
    for e in fixture.expectations:
        if e.function not in checked_at:
            problems.add(e.file, e.shown, f"{e.function} is not a claiming function the engine checked")
            continue
        for platform in sorted(e.platforms or fixture.claiming.get(checked_at[e.function]) or PLATFORMS):
            if e.key in expected[(e.function, platform)]:
                problems.add(e.file, e.shown, f"written twice: {render(e.key, e.function)}", platform)
            expected[(e.function, platform)][e.key] = e
    return expected


def _presence(fixture: Fixture, result: Result, problems: _Problems) -> None:
    """Every `# claims:` in the fixture is checked on its platforms, and nothing else is."""
    for platform in result.platforms:
        checked = {(c.file, c.line) for c in result.claims if c.platform == platform}
        declared = {where for where, only in fixture.claiming.items() if only is None or platform in only}
        for file, line in sorted(declared - checked):
            problems.add(file, line, "the claiming function defined here was not checked", platform)
        for file, line in sorted(checked - declared):
            problems.add(file, line, "a function was checked here that the fixture does not expect", platform)


def compare(fixture: Fixture, result: Result) -> list[str]:
    """Every difference between the fixture's comments and the result, as `file:line: what [platforms]` lines."""
    problems = _Problems()
    expected = _expected(fixture, result, problems)
    _presence(fixture, result, problems)
    for claim in result.claims:
        function, platform = claim.function, claim.platform
        wanted, got = expected.pop((function, platform), {}), reported(claim)
        for key in sorted(got.keys() - wanted.keys()):
            problems.add(key[1], key[2], f"reported, no expectation: `# {render(key, function)}`", platform)
        for key in sorted(wanted.keys() - got.keys()):
            problems.add(key[1], wanted[key].shown, f"expected, not reported: {render(key, function)}", platform)
        for key in sorted(wanted.keys() & got.keys()):
            if wanted[key].words not in got[key]:
                text = f"`{wanted[key].words}` is not in what {function} was told: {got[key].strip()!r}"
                problems.add(key[1], wanted[key].shown, text, platform)
        if claim.status != verdict(wanted):
            problems.add(claim.file, claim.line, f"{function} is {claim.status}, expected {verdict(wanted)}", platform)
        if list(claim.violations) != sorted(claim.violations, key=lambda v: (v.file, v.line, v.reach, v.claim)):
            problems.add(claim.file, claim.line, f"{function}: violations not sorted by file, line, reach, claim")
    for (function, platform), wanted in expected.items():
        for e in wanted.values():
            problems.add(e.file, e.shown, f"expected, but {function} is not checked", platform)
    return [f"{error}  (the syntax: testdata/violations/README.md)" for error in fixture.errors] + problems.lines()


# ----------------------------------------------------------------------------------------------------------
# The test


@pytest.fixture(scope="module")
def sweep() -> Result:
    return check(ROOT, list(PLATFORMS))


@pytest.fixture(scope="module")
def fixture() -> Fixture:
    return read_fixture(ROOT)


def test_the_fixture_says_what_the_engine_reports(sweep: Result, fixture: Fixture) -> None:
    assert not sweep.errors
    assert not sweep.problems
    problems = compare(fixture, sweep)
    if problems:
        pytest.fail(f"{len(problems)} difference(s) with the fixture's comments:\n" + "\n".join(problems), False)


# ----------------------------------------------------------------------------------------------------------
# The comparison can fail, and says where

ALL_THREE = "[darwin,linux,win32]"


def _with(fixture: Fixture, without: Expectation | None = None, added: Expectation | None = None) -> Fixture:
    kept = [e for e in fixture.expectations if e is not without]
    return Fixture(kept + ([added] if added else []), fixture.claiming, fixture.errors)


def _of(function: str, fixture: Fixture, sweep: Result) -> tuple[Fixture, Result]:
    """The fixture and the result cut down to one claiming function: what `compare` says about its lines is the same.

    `compare` judges each claim by its own expectations, so a change to one expectation can only change what it
    says about that function; comparing the cut keeps the load-bearing test linear in the fixture's size."""
    claims = tuple(c for c in sweep.claims if c.function == function)
    where = {(c.file, c.line) for c in claims}
    kept = [e for e in fixture.expectations if e.function == function]
    return Fixture(kept, {k: v for k, v in fixture.claiming.items() if k in where}, []), replace(sweep, claims=claims)


def test_every_expectation_is_load_bearing(sweep: Result, fixture: Fixture) -> None:
    """Drop any one expectation, or move it down a line: the comparison fails and names the line."""
    assert len(fixture.expectations) > 50
    cuts = {e.function: _of(e.function, fixture, sweep) for e in fixture.expectations}
    assert all(compare(*cut) == [] for cut in cuts.values())
    silent = []
    for e in fixture.expectations:
        part, result = cuts[e.function]
        problems = compare(_with(part, without=e), result)
        if not any(
            p.startswith(f"{e.file}:{e.line}: reported, no expectation: `# {render(e.key, e.function)}`")
            for p in problems
        ):
            silent.append(f"dropping {e.at}")
        moved = replace(e, line=e.line + 1, written=0)
        problems = compare(_with(part, without=e, added=moved), result)
        if not any(p.startswith(f"{e.file}:{e.line + 1}: expected, not reported") for p in problems):
            silent.append(f"moving {e.at}")
    assert silent == []


def test_a_cut_to_one_function_says_what_the_whole_says_about_it(sweep: Result, fixture: Fixture) -> None:
    """The load-bearing test compares cuts; for one dropped expectation, the cut and the whole agree."""
    e = fixture.expectations[len(fixture.expectations) // 2]
    whole = compare(_with(fixture, without=e), sweep)
    part, result = _of(e.function, fixture, sweep)
    assert whole and compare(_with(part, without=e), result) == whole


def test_a_held_claim_with_an_expectation_fails(sweep: Result, fixture: Fixture) -> None:
    named = {e.function for e in fixture.expectations}
    held = next(c for c in sweep.claims if c.function not in named)
    bogus = Expectation(WANT, held.file, held.line, held.function, ("deterministic", "call", "time.time"))
    problems = compare(_with(fixture, added=bogus), sweep)
    assert set(problems) == {
        f"{held.file}:{held.line}: {held.function} is held, expected violated {ALL_THREE}",
        f"{held.file}:{held.line}: expected, not reported: {render(bogus.key, held.function)} {ALL_THREE}",
    }


def test_wrong_words_and_platforms_fail(sweep: Result, fixture: Fixture) -> None:
    frontier = next(e for e in fixture.expectations if e.words)
    problems = compare(_with(fixture, without=frontier, added=replace(frontier, words="no such words")), sweep)
    assert len(problems) == 1
    assert problems[0].startswith(f"{frontier.at}: `no such words` is not in what {frontier.function} was told")
    narrowed = next(e for e in fixture.expectations if e.platforms is None and e.form == "want")
    problems = compare(_with(fixture, without=narrowed, added=replace(narrowed, platforms=frozenset({"linux"}))), sweep)
    assert set(problems) == {
        f"{narrowed.file}:{narrowed.line}: reported, no expectation: `# {render(narrowed.key, narrowed.function)}`"
        " [darwin,win32]",
        f"{sweep_line(sweep, narrowed.function)}: {narrowed.function} is violated, expected held [darwin,win32]",
    }


def test_a_duplicate_or_an_unknown_function_fails(sweep: Result, fixture: Fixture) -> None:
    e = next(e for e in fixture.expectations if e.platforms is None and e.form == "want")
    assert compare(_with(fixture, added=replace(e, platforms=frozenset({"linux"}))), sweep) == [
        f"{e.at}: written twice: {render(e.key, e.function)} [linux]"
    ]
    assert compare(_with(fixture, without=e, added=replace(e, function="vio.nowhere")), sweep) == sorted(
        [
            f"{e.at}: vio.nowhere is not a claiming function the engine checked",
            f"{e.at}: reported, no expectation: `# {render(e.key, e.function)}` {ALL_THREE}",
            f"{sweep_line(sweep, e.function)}: {e.function} is violated, expected held {ALL_THREE}",
        ],
        key=lambda line: (line.split(":")[0], int(line.split(":")[1]), line),
    )


def sweep_line(result: Result, function: str) -> str:
    return next(f"{c.file}:{c.line}" for c in result.claims if c.function == function)


def test_an_edited_copy_of_the_fixture_is_caught(tmp_path: Path, sweep: Result, fixture: Fixture) -> None:
    """One reach taken out of the code, one comment taken out of another file: both named, nothing else."""
    root = tmp_path / "violations"
    shutil.copytree(ROOT, root)
    plain = [e for e in fixture.expectations if e.form == WANT and e.platforms is None and not e.via]
    alone = [e for e in plain if [o.line for o in plain if o.file == e.file].count(e.line) == 1]
    edited, uncommented = alone[0], next(e for e in alone if e.file != alone[0].file)
    for e in (edited, uncommented):
        path = root / e.file
        lines = path.read_text(encoding="utf-8").split("\n")
        code, _, comment = lines[e.line - 1].partition("  #")
        indent = code[: len(code) - len(code.lstrip())]
        lines[e.line - 1] = f"{indent}return None  #{comment}" if e is edited else code
        path.write_text("\n".join(lines), encoding="utf-8")
    problems = compare(read_fixture(root), check(root, list(PLATFORMS)))
    assert set(problems) == {
        f"{edited.at}: expected, not reported: {render(edited.key, edited.function)} {ALL_THREE}",
        f"{sweep_line(sweep, edited.function)}: {edited.function} is held, expected violated {ALL_THREE}",
        f"{uncommented.at}: reported, no expectation: `# {render(uncommented.key, uncommented.function)}` {ALL_THREE}",
        f"{sweep_line(sweep, uncommented.function)}: {uncommented.function} is violated, expected held {ALL_THREE}",
    }


@pytest.mark.parametrize(
    ("comment", "error"),
    [
        ("# want: deterministic call", "cannot read want"),
        ("# want-frontiers: x from f", "unknown expectation form 'want-frontiers'"),
        ("# want deterministic call os.getenv from f", "needs a colon"),
        ("# want: deterministic call os.getenv from f [beos]", "platforms must be some of"),
        ("# want-platforms: [linux]", "belongs on the def line of a claiming function"),
    ],
)
def test_a_malformed_comment_is_an_error_at_its_line(comment: str, error: str) -> None:
    fixture = Fixture([], {}, [])
    read_file("src/m.py", f"def f():\n    return 1  {comment}\n", fixture)
    assert [e.split(": ", 1)[0] for e in fixture.errors] == ["src/m.py:2"]
    assert error in fixture.errors[0]


def test_comment_forms() -> None:
    """Several per line (`;` or a second `#`), the own-line form above code, strings never read, want-blind parsed."""
    source = (
        "# claims: deterministic\n"
        "@decorated\n"
        "def f():  # want-platforms: [linux]\n"
        '    x = "# want: not a comment"  # want: d call a.b from m.f; d read a.c from m.f [linux]'
        "  # want: d call a.d from m.f\n"
        "    # want-frontier: r.s from m.f via m.g -> m.h `some words`\n"
        "    # want-blind: `self.x.y(1)` from m.f\n"
        "    return x\n"
        "    # want: d call a.e from m.f\n"
        "\n"
    )
    fixture = Fixture([], {}, [])
    read_file("src/m.py", source, fixture)
    assert fixture.errors == ["src/m.py:8: an own-line expectation must sit directly above a line of code"]
    assert fixture.claiming == {("src/m.py", 3): frozenset({"linux"})}
    decorated = Fixture([], {}, [])
    read_file("src/d.py", "@pytest_claims.claims('sandboxed')\n@other\nasync def g():\n    pass\n", decorated)
    assert decorated.claiming == {("src/d.py", 3): None}
    got = [(e.form, e.line, e.written, e.entry, e.via, e.platforms, e.words) for e in fixture.expectations]
    assert got == [
        (WANT, 4, 0, ("d", "call", "a.b"), (), None, ""),
        (WANT, 4, 0, ("d", "read", "a.c"), (), frozenset({"linux"}), ""),
        (WANT, 4, 0, ("d", "call", "a.d"), (), None, ""),
        (FRONTIER, 7, 5, ("r.s",), ("m.g", "m.h"), None, "some words"),
        (BLIND, 7, 6, ("self.x.y(1)",), (), None, ""),
    ]


# ----------------------------------------------------------------------------------------------------------
# Not about single lines


def test_flagged_and_clean_shapes_both_exist(sweep: Result) -> None:
    statuses = {c.status for c in sweep.claims}
    assert statuses == {"held", "violated", "unevaluable"}


def test_host_is_the_default_target() -> None:
    result = check(ROOT)
    assert result.platforms == (sys.platform,)
    assert {c.platform for c in result.claims} == {sys.platform}


def test_results_do_not_depend_on_the_order_of_platforms() -> None:
    forward = check(ROOT, ["linux", "win32"])
    backward = check(ROOT, ["win32", "linux"])
    assert forward.claims == backward.claims


# ----------------------------------------------------------------------------------------------------------
# A subset of the claims (what pytest runs after `-k`, `-m`, a shard) gets the whole run's verdicts


def _every(pairs: list[tuple[Claimed, str]], step: int, start: int) -> tuple[set[tuple[str, int, str]], set[object]]:
    """Every `step`th claim on a target from `start`: as `Run.finish` names them, and as results name them."""
    chosen = pairs[start::step]
    return (
        {(c.module, c.function_index, p) for c, p in chosen},
        {(c.module, c.qualname, c.line, p) for c, p in chosen},
    )


def _named(result: Result, names: set[object]) -> list[ClaimResult]:
    return [c for c in result.claims if (c.module, c.qualname, c.line, c.platform) in names]


def test_a_subset_of_the_claims_gets_the_whole_runs_verdicts(tmp_path: Path, sweep: Result) -> None:
    """Three platforms, cold and warm: a quarter of the claims judged alone get the whole sweep's verdicts, and
    the store such a run writes leaves a later whole run's verdicts as a cold one gives them."""
    run = open_run(ROOT, list(PLATFORMS), cache=FactsCache(tmp_path / "facts"))
    pairs = run.alive()
    assert len(pairs) == len(sweep.claims)
    wanted, names = _every(pairs, 4, 0)
    cold = run.finish(wanted)
    assert cold.claims == tuple(_named(sweep, names))
    assert cold.reused == 0
    whole = check(ROOT, list(PLATFORMS), cache=FactsCache(tmp_path / "facts"))  # over the subset's store
    assert whole.claims == sweep.claims
    assert whole.reused == len(cold.claims)
    wanted, names = _every(pairs, 3, 1)
    warm = open_run(ROOT, list(PLATFORMS), cache=FactsCache(tmp_path / "facts")).finish(wanted)
    assert warm.claims == tuple(_named(sweep, names))
    assert warm.reused == len(warm.claims)
