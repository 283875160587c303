"""Platform and version conditions: compiled once from source, evaluated per target.

A condition is a small tuple tree (hashable, picklable, cacheable) so that one parse of a file can serve
every target platform: facts carry conditions, never pre-evaluated booleans. Evaluation is three-valued
(True, False, None = unknown); an unknown condition keeps both branches.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pytest_claims.analysis.arguments import (
    ELEMENTS,
    FUNCTION,
    FUNCTION_LACKS,
    INSTANCE,
    LITERALS,
    SOME,
    TRUTH,
    Lit,
    dotted,
    literal,
    plain,
)
from pytest_claims.analysis.filtertests import FilterReads, filter_of
from pytest_claims.analysis.rejectsnone import none_rejected
from pytest_claims.analysis.specials import LITERAL_MEMBERS_BY_VERSION, PRESENCE_AT_RUN_TIME
from pytest_claims.records import (
    Cond,
    CondAnd,
    CondConst,
    CondHas,
    CondImport,
    CondNot,
    CondOr,
    CondParam,
    CondPlatform,
    CondUnknown,
    CondVersion,
)

# A condition is a tree of tagged records (`records.Cond`): literal `True` / `False` (`CondConst`, and
# `TYPE_CHECKING`), `sys.platform` / `os.name` / `platform.system()` against literals (`CondPlatform`),
# `sys.version_info` prefixes (`CondVersion`), imports that may fail (`CondImport`), a stdlib module's members
# (`CondHas`), a parameter's tests (`CondParam`: decided only by a call's literal arguments), and `not` / `and` /
# `or` over them; anything else is `CondUnknown`.

UNKNOWN: Cond = CondUnknown()
TYPE_CHECKING: Cond = CondConst(False, "TYPE_CHECKING")
"""`typing.TYPE_CHECKING`: false on every target, told apart from a literal `False` because what it guards still
types annotations (`TargetView.checking_bound`)."""

_SYSTEM_NAMES = {"linux": "Linux", "darwin": "Darwin", "win32": "Windows", "freebsd": "FreeBSD", "aix": "AIX"}
_VERSION_OPS: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
}
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


@dataclass(frozen=True)
class Target:
    """What a condition is evaluated against: one platform, one Python version."""

    platform: str
    version: tuple[int, int]
    module_has: Callable[[str, str | None], bool | None]
    """Whether the target's stdlib has a module (and a name in it); None when it is not a stdlib module."""

    @property
    def os_name(self) -> str:
        return "nt" if self.platform == "win32" else "posix"

    @property
    def system(self) -> str | None:
        return _SYSTEM_NAMES.get(self.platform)


# claims: deterministic
def evaluate(cond: Cond, target: Target, args: Mapping[str, Lit] | None = None) -> bool | None:
    """Three-valued evaluation; iterative over the tree so hostile nesting cannot overflow the stack. `args`:
    the literal arguments a call decided (parameter -> literal); without them a parameter test is unknown."""
    # Post-order evaluation with an explicit stack of (node, visited).
    results: list[bool | None] = []
    stack: list[tuple[Cond, bool]] = [(cond, False)]
    while stack:
        node, visited = stack.pop()
        if isinstance(node, (CondAnd, CondOr, CondNot)):
            children = (node.operand,) if isinstance(node, CondNot) else node.parts
            if not visited:
                stack.append((node, True))
                stack.extend((c, False) for c in reversed(children))
                continue
            values = results[len(results) - len(children) :]
            del results[len(results) - len(children) :]
            results.append(_combine(node.tag, values))
        elif isinstance(node, CondParam):
            results.append(None if args is None else _parameter(node, args))
        else:
            results.append(_atom(node, target))
    return results[0]


MAX_COND_DEPTH = 32
"""How deep a compiled condition may nest (`a and (b or (c and ...))`, or module-level aliases of aliases, which
no parser limit bounds; `not not x` is `x`, so negations never add up): a deeper part is unknown. Real tests nest a
few levels; records nesting deeper would exhaust the default stack of whatever walks them recursively (pickle,
comparisons, the cache codec), and an unknown part only keeps both branches."""
MAX_COND_SIZE = 10_000
"""How many parts a compiled condition may hold, counted as a tree (`A1 = A0 and A0`, `A2 = A1 and A1`, ... shares
its parts, and would double with each line; a flat `a and b and ...` is as wide as it is written): a larger part is
unknown."""


def measure(cond: Cond) -> tuple[int, int]:
    """A condition's depth and its size as a tree (a part reached twice counted twice); iterative, and bounded in
    work by what `compile` lets conditions hold."""
    depth = size = 0
    stack = [(cond, 1)]
    while stack:
        node, level = stack.pop()
        size += 1
        depth = max(depth, level)
        stack.extend((part, level + 1) for part in _operands(node) or ())
    return depth, size


def _bounded(out: list[Cond], measures: list[tuple[int, int]], cond: Cond, depth: int, size: int) -> None:
    """`cond` onto the compiler's output, or unknown when it holds more than a condition may (built bottom-up, so
    no work ever grows past `MAX_COND_SIZE`); its depth is cut at the end, from the top (`_truncated`)."""
    if size > MAX_COND_SIZE:
        cond, depth, size = UNKNOWN, 1, 1
    out.append(cond)
    measures.append((depth, size))


def _truncated(cond: Cond) -> Cond:
    """`cond` with every part at depth `MAX_COND_DEPTH` that combines others made unknown: the outer tests, which
    decide most often, stay. Unknown is sound in any place: three-valued evaluation only loses decisions by it."""
    out: list[Cond] = []
    stack: list[tuple[Cond, int, bool]] = [(cond, 1, False)]
    while stack:
        node, level, visited = stack.pop()
        operands = _operands(node)
        if operands is None:
            out.append(node)
        elif level >= MAX_COND_DEPTH:
            out.append(UNKNOWN)
        elif not visited:
            stack.append((node, level, True))
            stack.extend((part, level + 1, False) for part in reversed(operands))
        else:
            parts = tuple(out[len(out) - len(operands) :])
            del out[len(out) - len(operands) :]
            if isinstance(node, CondNot):
                out.append(UNKNOWN if parts[0] == UNKNOWN else CondNot(parts[0]))
            else:
                out.append(CondAnd(parts) if isinstance(node, CondAnd) else CondOr(parts))
    return out[0]


def _parameter(node: CondParam, args: Mapping[str, Lit]) -> bool | None:
    """A parameter test under the literal arguments of one call: unknown for a parameter the call left open."""
    op, want = node.op, node.value
    have = args.get(node.name)
    if have is None:
        return None
    if have[0] == ELEMENTS or op == "anyinstance":  # only a class statement's bases decide a filter of them
        return _elements(op, want, have)
    if op == "isinstance":  # decided only for an argument of known class (`INSTANCE`), per class tuple tested
        answers = have[1] if have[0] == INSTANCE and isinstance(have[1], tuple) else ()
        for classes, answer in answers:
            if want is not None and classes == want[1]:
                return bool(answer)
        return None
    if op == "hasattr":  # decided for a literal: its class is known exactly; for a plain def, what it lacks
        if have[0] == FUNCTION:
            return False if want is not None and want[1] in FUNCTION_LACKS else None
        return _literal_has(have, want)
    if have[0] in (SOME, INSTANCE, FUNCTION, TRUTH):
        return _value_unknown(op, want, have)
    if op == "truth":
        return bool(have[1])
    if want is None or op in ("item==", "item!="):
        return _item(op, want, have)
    if op in ("is", "isnot"):
        same = have[0] == want[0] and have[1] == want[1]
        return same if op == "is" else not same
    equal = plain(have) == plain(want)
    return equal if op == "==" else not equal


def _value_unknown(op: str, want: tuple[str, object] | None, have: Lit) -> bool | None:
    """A test of a parameter whose value is not known: never None (`SOME`, `INSTANCE`, `FUNCTION`), or of known truth
    (`TRUTH`, a true one never None). Only a test against None, and a truth test of the latter, is decided."""
    if have[0] == TRUTH and op == "truth":
        return bool(have[1])
    never_none = have[0] != TRUTH or bool(have[1])
    if never_none and op in ("is", "isnot") and want is not None and want[0] == "None":
        return op == "isnot"
    return None


def _item(op: str, want: tuple[str, object] | None, have: Lit) -> bool | None:
    """`p[k] == "x"` of a parameter passed a literal tuple: its item's value against the literal; an index out of
    range (the test raises) or any other argument stays open."""
    items, tested = have[1], want[1] if want is not None else None
    if op not in ("item==", "item!=") or have[0] != "tuple" or not isinstance(items, tuple):
        return None
    if not isinstance(tested, tuple) or len(tested) != 2:
        return None
    index, lit = tested
    if not isinstance(index, int) or not -len(items) <= index < len(items) or not isinstance(lit, tuple):
        return None
    equal = plain(items[index]) == plain(lit)
    return equal if op == "item==" else not equal


def _elements(op: str, want: tuple[str, object] | None, have: Lit) -> bool | None:
    """A test of a parameter passed a class statement's bases (`arguments.ELEMENTS`): never None, true when any base
    was written, and any base an instance of a class tuple as the walk answered it. Any other argument decides no
    filter."""
    value = have[1]
    if have[0] != ELEMENTS or not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], tuple)):
        return None
    count, answers = value
    if op in ("is", "isnot") and want is not None and want[0] == "None":
        return op == "isnot"
    if op == "truth" and isinstance(count, int):
        return count > 0
    if op == "anyinstance" and want is not None:
        for classes, answer in answers:
            if classes == want[1]:
                return bool(answer)
    return None


def _literal_has(have: Lit, want: tuple[str, object] | None) -> bool | None:
    """`hasattr(p, "name")` of a parameter passed a literal: the literal's class has the member, as the running
    interpreter says; a member some supported Python has and another lacks stays open."""
    if have[0] not in LITERALS or want is None:
        return None
    name = str(want[1])
    if name in LITERAL_MEMBERS_BY_VERSION:
        return None
    return hasattr(have[1], name)


def _combine(tag: str, values: list[bool | None]) -> bool | None:
    if tag == "not":
        return None if values[0] is None else not values[0]
    if tag == "and":
        if any(v is False for v in values):
            return False
        return True if all(v is True for v in values) else None
    if any(v is True for v in values):
        return True
    return False if all(v is False for v in values) else None


def _compare(op: str, left: str, right: str | tuple[str, ...]) -> bool | None:
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "in":
        return isinstance(right, tuple) and left in right
    if op == "notin":
        return isinstance(right, tuple) and left not in right
    if op == "startswith":
        return isinstance(right, str) and left.startswith(right)
    return None


def _atom(node: Cond, target: Target) -> bool | None:
    if isinstance(node, CondConst):
        return node.value
    if isinstance(node, CondPlatform):
        actual = {"platform": target.platform, "osname": target.os_name, "system": target.system}.get(node.subject)
        return None if actual is None else _compare(node.op, actual, node.value)
    if isinstance(node, CondVersion):
        want = node.value
        have = (*target.version, 0, 0)[: len(want)]
        return {
            "<": have < want,
            "<=": have <= want,
            ">": have > want,
            ">=": have >= want,
            "==": have == want,
            "!=": have != want,
        }.get(node.op)
    if isinstance(node, CondImport):
        return target.module_has(node.module, node.name)
    if isinstance(node, CondHas):
        return target.module_has(node.module, node.name)
    return None


def _operands(node: Cond) -> tuple[Cond, ...] | None:
    """The conditions `not` / `and` / `or` combine; None for an atom."""
    if isinstance(node, CondNot):
        return (node.operand,)
    if isinstance(node, (CondAnd, CondOr)):
        return node.parts
    return None


# claims: deterministic
def is_known(cond: Cond) -> bool:
    """False when a condition can never evaluate to anything but unknown (so it need not be stored)."""
    stack = [cond]
    while stack:
        node = stack.pop()
        if isinstance(node, CondUnknown):
            continue
        operands = _operands(node)
        if operands is None:
            return True
        stack.extend(operands)
    return False


# claims: deterministic
def is_decided(cond: Cond) -> bool:
    """True when every atom of a condition is known: evaluating it needs nothing but the target."""
    stack = [cond]
    while stack:
        node = stack.pop()
        if isinstance(node, (CondUnknown, CondParam)):
            return False
        stack.extend(_operands(node) or ())
    return True


def _no_names() -> frozenset[str]:
    return frozenset()


class ConditionCompiler:
    """Turns an `if` test into a Cond, seeing through the module's imports and boolean aliases.

    `names` maps a local name to what it denotes: a module (`"sys"`, `"os"`, `"platform"`, `"typing"`), a
    member (`"sys.platform"`, `"typing.TYPE_CHECKING"`), or a condition alias (a module-level
    `WIN = sys.platform == "win32"`).
    """

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.aliases: dict[str, Cond] = {}
        self.params: dict[str, int] = {}
        """The parameters a test may be of, while compiling a test inside a def: name -> the def's index."""
        self.fields: dict[ast.AST, str] = {}
        """While compiling a test inside a def: the reads of a field of `self` that read what a parameter held when
        stored there, each with the name its test is kept under (`fieldtests.field_tests`); in `params` too."""
        self.filters: FilterReads = {}
        """While compiling a test inside a def: the reads of a local holding a filter of a parameter
        (`filtertests.filter_tests`)."""
        self.tested: set[tuple[int, str]] = set()
        """Every (def index, parameter) some compiled test is of."""
        self.imported: dict[str, str] = {}
        """Every module-level name an import binds -> what it imports (`hasattr(time, "tzset")` probes it)."""
        self.shadowed: set[str] = set()
        """While compiling a test inside a def: its local names (parameters included), which hide the imports."""
        self.local_names: Callable[[], frozenset[str]] | None = None
        """The names the def whose test is being compiled binds (None outside a def): each hides the module's."""
        self.module_rebound: Callable[[], frozenset[str]] = _no_names
        """The module-level names bound more than once: none is a known constant. Asked on first need only."""
        self._rebound: frozenset[str] | None = None

    @property
    def rebound(self) -> frozenset[str]:
        if self._rebound is None:
            self._rebound = self.module_rebound()
        return self._rebound

    def hidden(self, name: str) -> bool:
        """A name in a test is the module's platform import or alias only where that binding is in scope: not
        where the def being compiled binds the name itself (a parameter, a local, a loop variable), nor where the
        module binds it more than once (a later `platform = os.environ.get(...)` is what a function reads)."""
        local = self.local_names
        return (local is not None and name in local()) or name in self.rebound

    def bind_import(self, local: str, dotted: str) -> None:
        if dotted.split(".")[0] in ("sys", "os", "platform", "typing", "typing_extensions"):
            self.names[local] = dotted
        else:
            self.names.pop(local, None)
        self.imported[local] = dotted
        self.aliases.pop(local, None)

    def forget(self, local: str) -> None:
        self.names.pop(local, None)
        self.imported.pop(local, None)
        self.aliases.pop(local, None)

    def _presence(self, node: ast.Call) -> Cond:
        """`hasattr(m, "name")` on an imported module `m` (or `m.sub`): decided by the target's stubs."""
        if len(node.args) != 2 or node.keywords:
            return UNKNOWN
        probed, name = node.args
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier()):
            return UNKNOWN
        parts: list[str] = []
        while isinstance(probed, ast.Attribute):
            parts.append(probed.attr)
            probed = probed.value
        if not isinstance(probed, ast.Name) or probed.id not in self.imported or probed.id in self.shadowed:
            return UNKNOWN
        module = ".".join([self.imported[probed.id], *reversed(parts)])
        if (module, name.value) in PRESENCE_AT_RUN_TIME:
            return UNKNOWN
        return CondHas(module, name.value)

    def compile(self, expr: ast.expr) -> Cond:
        """Compile iteratively: boolean structure via an explicit stack, atoms directly. A part larger than
        `MAX_COND_SIZE` (`_bounded`) or nested deeper than `MAX_COND_DEPTH` (`_truncated`) is unknown."""
        out: list[Cond] = []
        measures: list[tuple[int, int]] = []  # (depth, size) of each condition in `out`
        stack: list[tuple[ast.expr, bool]] = [(expr, False)]
        while stack:
            node, visited = stack.pop()
            if isinstance(node, ast.BoolOp):
                if not visited:
                    stack.append((node, True))
                    stack.extend((v, False) for v in reversed(node.values))
                    continue
                n = len(node.values)
                parts = tuple(out[-n:])
                depth, size = max(d for d, _ in measures[-n:]), sum(s for _, s in measures[-n:])
                del out[-n:]
                del measures[-n:]
                made = CondAnd(parts) if isinstance(node.op, ast.And) else CondOr(parts)
                _bounded(out, measures, made, depth + 1, size + 1)
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                if not visited:
                    stack.append((node, True))
                    stack.append((node.operand, False))
                    continue
                inner, (depth, size) = out.pop(), measures.pop()
                if inner == UNKNOWN:
                    _bounded(out, measures, UNKNOWN, 1, 1)
                elif isinstance(inner, CondNot):  # `not not x` is `x`, unknown or not: chains stay shallow
                    _bounded(out, measures, inner.operand, depth - 1, size - 1)
                else:
                    _bounded(out, measures, CondNot(inner), depth + 1, size + 1)
            else:
                atom = self._atom(node)  # an alias is a compiled condition, within the bounds itself
                _bounded(out, measures, atom, *measure(atom))
        return _truncated(out[0]) if measures[0][0] > MAX_COND_DEPTH else out[0]

    def rejecting(self, test: ast.expr) -> Cond:
        """That each parameter a test certainly applies `in` to (`x in p`, `analysis.rejectsnone`) is not None:
        where one is None the test raises, and what it guards (the `if`'s branches, the statements after it) never
        runs. UNKNOWN when it applies none to a parameter."""
        if not self.params:
            return UNKNOWN
        names = {self._tested_name(node) for node in none_rejected(test)}
        parts = tuple(self._param(name, "isnot", ("None", None)) for name in sorted(n for n in names if n))
        if not parts:
            return UNKNOWN
        return parts[0] if len(parts) == 1 else CondAnd(parts)

    def _dotted(self, node: ast.expr) -> str | None:
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        root = self.names.get(node.id)
        if root is None or self.hidden(node.id):
            return None
        parts.append(root)
        return ".".join(reversed(parts))

    def platform_subject(self, node: ast.expr) -> str | None:
        """ "platform", "osname" or "system" when `node` is `sys.platform`, `os.name` or `platform.system()`."""
        subject = self._subject(node)
        return subject[0] if subject is not None and subject[0] in ("platform", "osname", "system") else None

    def _subject(self, node: ast.expr) -> tuple[str, int] | None:
        """What a comparison side denotes: ("platform"|"osname"|"system"|"version", prefix length)."""
        if isinstance(node, ast.Call) and not node.args and not node.keywords:
            if self._dotted(node.func) == "platform.system":
                return ("system", 0)
            return None
        if isinstance(node, ast.Subscript):
            if self._dotted(node.value) != "sys.version_info":
                return None
            index = node.slice
            if isinstance(index, ast.Constant) and isinstance(index.value, int) and index.value >= 0:
                return ("version_item", index.value)
            if (
                isinstance(index, ast.Slice)
                and index.lower is None
                and index.step is None
                and isinstance(index.upper, ast.Constant)
                and isinstance(index.upper.value, int)
            ):
                return ("version", index.upper.value)
            return None
        dotted = self._dotted(node)
        if dotted == "sys.platform":
            return ("platform", 0)
        if dotted == "os.name":
            return ("osname", 0)
        if dotted == "sys.version_info":
            return ("version", 0)
        return None

    def _param(self, name: str, op: str, value: tuple[str, object] | None) -> Cond:
        function = self.params[name]
        self.tested.add((function, name))
        return CondParam(function, name, op, value)

    def _param_comparison(self, left: ast.expr, op: ast.cmpop, right: ast.expr) -> Cond | None:
        """`p is None`, `p is not True`, `p == "x"`, `0 != p`: a parameter against a literal; `p[3] == "x"`: an item
        of one at a constant index (decided by a literal tuple)."""
        for side, other in ((left, right), (right, left)):
            item = self._item_read(side)
            if item is not None and isinstance(op, (ast.Eq, ast.NotEq)):
                value = literal(other)
                if value is None:
                    return None
                tested = "item==" if isinstance(op, ast.Eq) else "item!="
                return self._param(item[0], tested, ("item", (item[1], value)))
            name = self._tested_name(side)
            if name is not None:
                value = literal(other)
                if value is None:
                    return None
                if isinstance(op, (ast.Is, ast.IsNot)) and value[0] in ("None", "bool"):
                    return self._param(name, "is" if isinstance(op, ast.Is) else "isnot", value)
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    return self._param(name, "==" if isinstance(op, ast.Eq) else "!=", value)
                return None
        return None

    def _item_read(self, node: ast.expr) -> tuple[str, int] | None:
        """`p[3]`, `p[-1]`: a parameter subscripted by a constant int, as (parameter, index)."""
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in self.params):
            return None
        index = literal(node.slice)
        if index is None or index[0] != "int" or not isinstance(index[1], int):
            return None
        return (node.value.id, index[1])

    def _tested_name(self, node: ast.expr) -> str | None:
        """The name a test of `node` is kept under: a parameter's own, or a field's read of one (`fields`)."""
        if isinstance(node, ast.Name) and node.id in self.params:
            return node.id
        return self.fields.get(node) if self.fields else None

    def _instance_test(self, node: ast.expr) -> Cond | None:
        """`isinstance(p, C)` / `isinstance(p, (C, D))` of a parameter, each class a dotted name the def does not
        bind: decided by an argument of known class (the classes are resolved in the walk, in the def's module)."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"):
            return None
        if len(node.args) != 2 or node.keywords or self.hidden("isinstance") or "isinstance" in self.imported:
            return None
        subject, tested = node.args
        if not (isinstance(subject, ast.Name) and subject.id in self.params):
            return None
        names = [dotted(n) for n in (tested.elts if isinstance(tested, ast.Tuple) else [tested])]
        if not names or any(n is None or self.hidden(n.split(".")[0]) for n in names):
            return None
        return self._param(subject.id, "isinstance", ("class", tuple(str(n) for n in names)))

    def _filter_test(self, node: ast.expr) -> Cond | None:
        """`any(isinstance(b, C) for b in p)`, `[b for b in p if isinstance(b, C)]` or a local holding that list
        (`filters`), of a parameter `p`: whether any element of it is an instance of `C`, decided by a class
        statement's bases (`arguments.ELEMENTS`)."""
        found = self.filters.get(node) if self.filters else None
        if found is None:
            found = filter_of(node)
            if found is not None and isinstance(node, ast.Call) and (self.hidden("any") or "any" in self.imported):
                return None
        if found is None or found[0] not in self.params or self.hidden("isinstance") or "isinstance" in self.imported:
            return None
        if any(self.hidden(name.split(".")[0]) for name in found[1]):
            return None
        return self._param(found[0], "anyinstance", ("class", found[1]))

    def _presence_test(self, node: ast.expr) -> Cond | None:
        """`hasattr(p, "name")` of a parameter: decided by an argument of known class (`_literal_has`)."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr"):
            return None
        if len(node.args) != 2 or node.keywords or self.hidden("hasattr") or "hasattr" in self.imported:
            return None
        subject, name = node.args
        if not (isinstance(subject, ast.Name) and subject.id in self.params):
            return None
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier()):
            return None
        return self._param(subject.id, "hasattr", ("attr", name.value))

    def _atom(self, node: ast.expr) -> Cond:
        if self.params:
            name = self._tested_name(node)
            if name is not None:
                return self._param(name, "truth", None)
            instance = self._instance_test(node) or self._presence_test(node) or self._filter_test(node)
            if instance is not None:
                return instance
            if isinstance(node, ast.Compare) and len(node.ops) == 1:
                tested = self._param_comparison(node.left, node.ops[0], node.comparators[0])
                if tested is not None:
                    return tested
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return CondConst(node.value)
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return UNKNOWN if self.hidden(node.id) else self.aliases[node.id]
        dotted = self._dotted(node)
        if dotted in ("typing.TYPE_CHECKING", "typing_extensions.TYPE_CHECKING"):
            return TYPE_CHECKING
        if isinstance(node, ast.Name) and node.id == "TYPE_CHECKING":
            return TYPE_CHECKING
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr":
            return self._presence(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "startswith":
            subject = self._subject(node.func.value)
            if (
                subject is not None
                and subject[0] in ("platform", "osname", "system")
                and len(node.args) == 1
                and not node.keywords
            ):
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    return CondPlatform(subject[0], "startswith", arg.value)
            return UNKNOWN
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            return self._comparison(node.left, node.ops[0], node.comparators[0])
        return UNKNOWN

    def _comparison(self, left: ast.expr, op: ast.cmpop, right: ast.expr) -> Cond:
        subject = self._subject(left)
        other = right
        flipped = False
        if subject is None:
            subject = self._subject(right)
            other = left
            flipped = True
        if subject is None:
            return UNKNOWN
        kind, size = subject
        value = _literal(other)
        if value is None:
            return UNKNOWN
        if kind in ("platform", "osname", "system"):
            if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(value, str):
                return CondPlatform(kind, "==" if isinstance(op, ast.Eq) else "!=", value)
            if (
                isinstance(op, (ast.In, ast.NotIn))
                and not flipped
                and isinstance(value, tuple)
                and all(isinstance(v, str) for v in value)
            ):
                names = tuple(v for v in value if isinstance(v, str))
                return CondPlatform(kind, "in" if isinstance(op, ast.In) else "notin", names)
            return UNKNOWN
        opname = _VERSION_OPS.get(type(op))
        if opname is None:
            return UNKNOWN
        if flipped:
            opname = _FLIPPED[opname]
        if kind == "version_item":
            if not isinstance(value, int) or size != 0:
                # only the major version ([0]) compares as a one-element prefix
                return UNKNOWN
            return CondVersion(opname, (value,))
        if not isinstance(value, tuple) or not all(isinstance(v, int) for v in value) or not value:
            return UNKNOWN
        if size and len(value) > size:
            return UNKNOWN
        return CondVersion(opname, tuple(v for v in value if isinstance(v, int)))


def _literal(node: ast.expr) -> object:
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = []
        for elt in node.elts:
            if not (isinstance(elt, ast.Constant) and isinstance(elt.value, (str, int))):
                return None
            items.append(elt.value)
        return tuple(items)
    return None
