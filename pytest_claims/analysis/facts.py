"""One parse of one file, reduced to compact facts.

The facts of a file depend on its bytes alone (not on its module name, the config or the target platform),
so they can be cached by content and one parse serves every platform: every use and binding carries the
index of the guard (a conjunction of platform conditions) under which it exists, and guards are evaluated
later, per target. No AST outlives `extract`.

The walker is iterative (an explicit stack, no recursion) and judges every `ast` node class explicitly:
`HANDLED` and `INERT` together must name every concrete node class of the running Python (a test checks
it), and a node of any other class makes the file a problem, never a silent "no reference".
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import string
import tokenize
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

from pytest_claims.analysis import arguments, comments, returned, specials
from pytest_claims.analysis.chains import (
    annotation_type,
    chain_of,
    getattr_literal,
    hasattr_chain,
    literal_root,
    super_root,
    value_chain,
)
from pytest_claims.analysis.closures import Closure, closure, wraps_names
from pytest_claims.analysis.computed import computed_names, name_pattern
from pytest_claims.analysis.conditions import TYPE_CHECKING, UNKNOWN, ConditionCompiler, is_decided, is_known
from pytest_claims.analysis.contents import COPYING_CALLS, DISPLAYS, FILLS, Holds, contents
from pytest_claims.analysis.early import early_calls
from pytest_claims.analysis.failures import AnalysisError, at, met, node_line
from pytest_claims.analysis.fieldtests import FieldReads, class_reads, constructor_leaves, field_tests
from pytest_claims.analysis.filtertests import FilterReads, filter_tests
from pytest_claims.analysis.freshlocals import fresh_locals
from pytest_claims.analysis.installed import Installs, installed
from pytest_claims.analysis.keeps import Kept, kept
from pytest_claims.analysis.lines import physical_lines
from pytest_claims.analysis.namedstores import named_stores
from pytest_claims.analysis.settled import Settled, declared_global
from pytest_claims.analysis.sharing import Sharing, one_chain_each
from pytest_claims.analysis.valueflow import either, kept_params, operands
from pytest_claims.records import (
    CONSTRUCTS,
    COPIED,
    DISPLAYED,
    HANDED,
    UNTYPED,
    Binding,
    ClassFacts,
    Cond,
    CondAnd,
    CondConst,
    CondImport,
    CondOr,
    CondParam,
    CondPlatform,
    FileFacts,
    FunctionFacts,
    Guard,
    Use,
    holds_elements,
)

GUARD_LIMIT = 32
"""The most tests a guard conjoins. A test past it is left out, as a test of unknown value is: the code under it
counts on every target and for every argument (sound, only less pruned), and a function of N early exits costs
facts linear in N, not quadratic (each later statement would carry the negated tests of all earlier ones)."""

TOO_DEEP = "cannot parse: nested too deeply for Python's parser"
"""The problem for a file CPython's parser gives up on (RecursionError, MemoryError): how deep it may nest
depends on the caller's stack, so `project` retries such a file from a fresh thread (see `extract_fresh`)."""


# --------------------------------------------------------------------------------------------------------
# Scopes under construction


@dataclass
class _FunctionBuilder:
    qualname: str
    line: int
    cls: str
    kind: str
    first: str
    is_async: bool
    guard: int
    returns: str
    result: str = ""
    pending: bool = False
    """A `state` function not in the facts yet: it joins them with its first use (constants never do)."""
    uses: list[Use] = field(default_factory=list)
    locals: set[str] = field(default_factory=set)
    globals: set[str] = field(default_factory=set)
    bindings: list[Binding] = field(default_factory=list)
    decorator_calls: list[tuple[tuple[str, ...], int, tuple[str | None, ...]]] = field(default_factory=list)
    bare_decorators: list[tuple[tuple[str, ...], int]] = field(default_factory=list)
    params: dict[str, int] | None = None
    """The parameters a test in its body may decide (`self` / `cls` and `*args` / `**kwargs` aside): name -> its
    index among the file's functions; built at its first test."""
    node: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    """The def (None for a lambda or a `state` function), kept until the end of extraction."""
    field_reads: FieldReads | None = None
    """The reads of a field of `self` that read a parameter stored there just before (`fieldtests`), found at its
    first test."""
    plain: frozenset[str] = frozenset()
    """The field names those reads rely on being stored and read plainly (`FunctionFacts.plain`)."""
    filter_reads: FilterReads | None = None
    """The reads of a local holding a filter of a parameter (`filtertests`), found at its first test."""
    index: int = -1
    calls: list[tuple[int, arguments.Passed]] = field(default_factory=list)
    """(index of a `call` use, what the call passes)."""
    call_nodes: dict[int, ast.Call] = field(default_factory=dict)
    """Per `call` use of `calls` that a call expression makes, that expression (`early.early_calls`), kept until the
    def is let go."""
    self_calls: list[int] = field(default_factory=list)
    """The `call` uses whose first positional argument is its own first parameter (`FunctionFacts.self_calls`)."""
    narrowings: int = 0
    """How many names `isinstance` tests narrowed in it so far: numbers the locals standing for them."""
    nonlocals: frozenset[str] | None = None
    """The names nested defs declare `nonlocal` (`_nonlocals`), found on first need."""
    loop_locals: list[tuple[str, str]] = field(default_factory=list)
    """(local, name) for each loop target standing for a local in its body (`_loop_narrowed`)."""
    stored: set[str] = field(default_factory=set)
    """Every name its body binds or shadows (its own parameters aside): a test of such a parameter is not of the
    argument."""
    stores: dict[str, int] = field(default_factory=dict)
    """How many times its body binds or shadows each name: a local def or lambda bound once is what the name is."""
    store_guards: dict[str, set[int]] = field(default_factory=dict)
    """Per name its body binds only under tests, the guards of those bindings (`_decided_tests`)."""
    unguarded: set[str] = field(default_factory=set)
    """The names its body binds or shadows at least once outside any test, or where the guard is not kept."""
    parent: _FunctionBuilder | None = None
    """For a `state` function of a class body, the class statement's, which runs it (`materialise`)."""
    outer: _FunctionBuilder | None = None
    """For a method of a class defined in a function, that function: its body sees the function's names."""
    local_classes: list[tuple[str, str, int]] = field(default_factory=list)
    """The classes defined in its body: (name, qualname, line)."""
    installs: Installs | None = None
    """The local defs of its body that are methods of its local classes (`installed`), found on first need."""

    def store(self, name: str, guard: int = 0) -> None:
        self.stored.add(name)
        self.stores[name] = self.stores.get(name, 0) + 1
        if guard:
            self.store_guards.setdefault(name, set()).add(guard)
        else:
            self.unguarded.add(name)
    bound: _BoundNames | None = None
    """Every name bound anywhere in the def, parameters and nested scopes included, found at its first test of a
    platform name."""
    if_conds: dict[ast.AST, Cond] = field(default_factory=dict)
    """Per `if` statement of the def's own body, its test's condition (`returned.returned`), kept until the def is
    let go."""


@dataclass
class _ClassBuilder:
    qualname: str
    line: int
    guard: int
    bases: tuple[str, ...]
    methods: list[tuple[str, int]] = field(default_factory=list)
    attributes: list[Binding] = field(default_factory=list)
    fields: list[Binding] = field(default_factory=list)
    factories: list[tuple[str, int]] = field(default_factory=list)
    metaclass: str = ""
    decorators: tuple[str, ...] = ()
    outer: _FunctionBuilder | None = None
    """For a class defined in a function, that function."""
    settled: tuple[tuple[str, int], ...] = ()
    literal_binds: dict[str, int] = field(default_factory=dict)
    """Per name its body assigns a literal (`creation_counter = 0`), how many times (`ClassFacts.literals`)."""
    literal_last: dict[str, arguments.Lit] = field(default_factory=dict)
    """Per name its body assigns a literal, the last literal assigned (`ClassFacts.values`)."""
    plainly: frozenset[str] = frozenset()
    """The names a statement of the body's own block assigns, which it deletes nowhere (`ClassFacts.values`)."""


class _Scope:
    """Where a node sits: module level, a class body, or (the inside of) a function."""

    __slots__ = ("cls", "func", "kind", "narrowed", "outer", "prefix")

    def __init__(
        self,
        kind: str,
        prefix: str,
        func: _FunctionBuilder | None = None,
        cls: _ClassBuilder | None = None,
        narrowed: dict[str, str] | None = None,
        outer: _Scope | None = None,
    ) -> None:
        self.kind = kind
        self.prefix = prefix
        self.func = func
        self.cls = cls
        self.outer = outer
        """Of a `state` function: the module or class body its assignment sits in (a walrus there binds in it)."""
        self.narrowed = narrowed
        """In a function's block that runs only where `isinstance` tests held: each tested name -> the local
        that stands for it there (`name@n`, the function's n-th narrowing, bound to the tested classes)."""

    def unnarrowed(self) -> _Scope:
        """The scope for code that may run after the block does (a nested def, lambda, class or generator): a
        narrowed name may be rebound by then."""
        return self if not self.narrowed else _Scope(self.kind, self.prefix, self.func, self.cls, outer=self.outer)


_BODY = "body"
"""The mark of a task that is the rest of a block (compared by identity)."""
_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}
_TRY_NODES: tuple[type[ast.AST], ...] = tuple(getattr(ast, n) for n in ("Try", "TryStar") if hasattr(ast, n))


# --------------------------------------------------------------------------------------------------------
# The extractor


class _Extractor:
    def __init__(self, source: str) -> None:
        self.source = source
        self.conds: list[Cond] = []
        self.cond_index: dict[Cond, int] = {}
        self.guards: list[Guard] = [()]
        self.guard_index: dict[Guard, int] = {(): 0}
        self.bindings: list[Binding] = []
        self.module_kinds: dict[str, str] = {}
        """How each module-level name was last bound so far (import, def, var, ...)."""
        self.renamed: dict[str, set[str]] = {}
        """Names bound, in any scope, to something of another name (`from json import dumps as encode`,
        `encode = json.dumps`): the names it may stand for, for `_given`'s look-up by name."""
        self.functions: list[_FunctionBuilder] = []
        self.classes: list[_ClassBuilder] = []
        self.problems: list[tuple[int, str]] = []
        self.local_bound: list[tuple[str, int]] = []
        """(name, guard): what classes defined inside functions may bind (`FileFacts.local_bound`)."""
        self.def_names: dict[ast.AST, frozenset[str]] = {}
        self.class_names: dict[ast.AST, frozenset[str]] = {}
        """Per node of the tree (by identity, for this parse only), the names its subtree binds (`_gathered`):
        nested defs and classes ask for their own subtrees, so each is walked once."""
        self.fields_set: set[ast.expr] = set()
        """The `id` of every `self.x` target an assignment recorded as a field (`_self_fields`); any other `self.x`
        a method stores to (a tuple element, a `for` or `with` target) is a field too, of a value unknown here."""
        self.compiler = ConditionCompiler()
        self.tree: ast.Module | None = None
        """The module being walked, kept for `rebound`."""
        self.settled = Settled(source)
        """The names the module's statements walked so far certainly bound (`ClassFacts.settled`)."""
        self.def_lines: dict[int, int] = {}
        """first line of a def (its first decorator) -> function index or -2 (nested/class)."""
        self.def_spans: list[tuple[int, int, int]] = []
        """(def line, line of the body's first statement, function index or -2): where trailing comments go."""
        self.string_spans: list[tuple[int, int]] = []
        self.def_count = 0
        self.lines: list[bytes] | None = None
        """The physical lines with their ends, encoded, for `segment` off its fast path."""
        self.stripped: list[str] | None = None
        self.plain = "\r" not in source
        """Only \n ends a line (the common case): the lines are a plain split."""
        self.stack: list[tuple[Any, ...]] = []
        """Tasks: (node, scope, guard, ctx), or (_BODY, stmts, index, scope, guard) for the rest of a block."""
        self.block_binds: dict[ast.stmt, tuple[list[ast.stmt], dict[str, int]]] = {}
        """Per block (by identity), `later_binds`'s table."""
        self.stmt_binds: dict[ast.stmt, frozenset[str]] = {}
        """Per statement of a narrowed block, the names it binds anywhere (`rebinding`)."""
        self.early_test: tuple[ast.If, Cond] | None = None
        """An `if` test compiled where its early exit was judged, with its `if`, which is handled right after and
        reuses it (one object: an absurdly deep condition compared with its own copy would exhaust the recursion
        limit)."""
        self.raising: tuple[ast.If, int] | None = None
        """The last `if` whose branches' guard `unraised` made, with that guard."""

    def physical(self) -> list[str]:
        """The file's physical lines without their ends, split once for both `segment` and the directives."""
        if self.stripped is None:
            stripped: list[str]
            if not self.plain:
                stripped = [line.rstrip("\r\n") for line in physical_lines(self.source)]
            else:  # only a newline ends a line: a plain split, much cheaper than the general pattern
                stripped = self.source.split("\n")
                if not stripped[-1]:
                    stripped.pop()
            self.stripped = stripped
        return self.stripped

    def segment(self, node: ast.expr) -> str:
        """The source text of a node, as written (ast.get_source_segment re-splits the file on every call).

        Offsets count UTF-8 bytes: on ASCII lines of a file whose lines all end in a newline that is the text
        itself; anywhere else the lines are encoded (with their own ends) and the bytes sliced."""
        lines = self.physical()
        start, col = node.lineno, node.col_offset
        end_line = node.end_lineno or start
        end_col = node.end_col_offset if node.end_col_offset is not None else 0
        if self.plain and all(line.isascii() for line in lines[start - 1 : end_line]):
            if end_line == start:
                return lines[start - 1][col:end_col]
            return "\n".join([lines[start - 1][col:], *lines[start : end_line - 1], lines[end_line - 1][:end_col]])
        if self.lines is None:
            self.lines = [line.encode() for line in physical_lines(self.source)]
        if end_line == start:
            raw = self.lines[start - 1][col:end_col]
        else:
            first = self.lines[start - 1][col:]
            raw = first + b"".join(self.lines[start : end_line - 1]) + self.lines[end_line - 1][:end_col]
        return raw.decode(errors="replace")

    # -- guards -------------------------------------------------------------------------------------------

    def guard_with(self, guard: int, cond: Cond, polarity: bool) -> int:
        if not is_known(cond) or len(self.guards[guard]) >= GUARD_LIMIT:
            return guard
        ci = self.cond_index.get(cond)
        if ci is None:
            ci = self.cond_index[cond] = len(self.conds)
            self.conds.append(cond)
        new = (*self.guards[guard], (ci, polarity))
        gi = self.guard_index.get(new)
        if gi is None:
            gi = self.guard_index[new] = len(self.guards)
            self.guards.append(new)
        return gi

    # -- driver -------------------------------------------------------------------------------------------

    @property
    def rebound(self) -> frozenset[str]:
        """Module-level names bound more than once (or by a function's `global`): never a known constant.
        Found on first need only: a second pass over the module, which most files never need (only a module-level
        assignment of a known condition asks)."""
        return self.compiler.rebound

    def compiling(self, scope: _Scope) -> None:
        """Tell the condition compiler which def's names hide the module's in the test it compiles next."""
        func = scope.func if scope.kind == "function" else None
        if func is None or func.node is None:
            self.compiler.local_names = None
            return
        if func.bound is None:
            func.bound = _BoundNames(func.node, self.def_names)
        self.compiler.local_names = func.bound.get

    def run(self, tree: ast.Module) -> None:
        self.tree = tree
        self.compiler.module_rebound = partial(rebound_names, tree, self.source)  # no reference back to self
        self.push_body(tree.body, _Scope("module", ""), 0)
        handlers = HANDLED
        stack = self.stack
        pop, append = stack.pop, stack.append
        while stack:
            task = pop()
            node = task[0]
            if node is _BODY:
                # the next statement of a block: the rest of the block waits under it, and the statement is
                # handled at once (what a push and a pop of it would do)
                _, stmts, index, scope, guard = task
                if index and stmts is tree.body:  # the module's statement before has run, with all it holds
                    self.settled.after(stmts[index - 1])
                node = stmts[index]
                ctx = "stmt"
                kind = type(node)
                after = scope
                if scope.narrowed:
                    scope, after = self.rebinding(node, scope)
                # even after the last statement: it interns guards
                next_guard = self._next_guard(node, scope, guard) if kind is ast.If or kind is ast.Assert else guard
                if index + 1 < len(stmts):
                    after = _after_exit(self, node, after, stmts, index) if kind is ast.If else after
                    append((_BODY, stmts, index + 1, after, next_guard))
            else:
                _, scope, guard, ctx = task
            handler = handlers.get(type(node))
            if handler is None:
                if type(node) in INERT:
                    continue
                line = getattr(node, "lineno", 0)
                self.problems.append((line, f"unsupported syntax {type(node).__name__}"))
                continue
            handler(self, node, scope, guard, ctx)

    def push(self, node: ast.AST | None, scope: _Scope, guard: int, ctx: str) -> None:
        if node is not None:
            self.stack.append((node, scope, guard, ctx))

    def push_all(self, nodes: Sequence[ast.AST | None], scope: _Scope, guard: int, ctx: str) -> None:
        for node in reversed(nodes):
            if node is not None:  # `{**a}` has a None key; optional fields may be None
                self.stack.append((node, scope, guard, ctx))

    def push_body(self, stmts: list[ast.stmt], scope: _Scope, guard: int) -> None:
        if stmts:
            self.stack.append((_BODY, stmts, 0, scope, guard))

    def _next_guard(self, stmt: ast.stmt, scope: _Scope, guard: int) -> int:
        """The guard of the statements after `stmt` in its block."""
        kind = type(stmt)
        if kind is ast.Assert and scope.kind == "module":
            # A false module-level `assert sys.platform == ...` cuts the rest of the module on that target.
            assert isinstance(stmt, ast.Assert)
            return self.guard_with(guard, self.compiler.compile(stmt.test), True)
        if kind is ast.If and scope.kind == "function":
            # `if p is None: return` leaves the rest of the block to the runs where the test was false
            assert isinstance(stmt, ast.If)
            guard = self.unraised(stmt, scope, guard)
            body_exits = _exits(stmt.body)
            if body_exits != _exits(stmt.orelse):
                cond = self.test(stmt.test, scope)
                self.early_test = (stmt, cond)
                return self.guard_with(guard, cond, not body_exits)
        return guard

    def unraised(self, stmt: ast.If, scope: _Scope, guard: int) -> int:
        """`guard`, and that the `if`'s test does not raise for a parameter it applies `in` to
        (`ConditionCompiler.rejecting`): the guard of both branches and of the statements after the `if`. Made once
        per `if` (`_next_guard` asks, then `_if`)."""
        known = self.raising
        if known is not None and known[0] is stmt:
            return known[1]
        func = scope.func
        made = guard
        if scope.kind == "function" and func is not None:
            self.compiling(scope)
            made = self.guard_with(guard, self._compiled(stmt.test, func, self.compiler.rejecting), True)
        self.raising = (stmt, made)
        return made

    def rebinding(self, stmt: ast.stmt, scope: _Scope) -> tuple[_Scope, _Scope]:
        """The scope of a statement of a narrowed block and of the statements after it: a narrowed name the
        statement binds (a loop's target rebound in its body) stands for the name again after it, and in it too
        unless the statement reads everything before it binds (`_reads_first`)."""
        narrowed = scope.narrowed
        assert narrowed
        bound = self.stmt_binds.get(stmt)
        if bound is None:
            bound = self.stmt_binds[stmt] = frozenset(n for sub in ast.walk(stmt) for n in _bound_names(sub) if n)
        if bound.isdisjoint(narrowed):
            return scope, scope
        kept = {name: local for name, local in narrowed.items() if name not in bound}
        after = _Scope(scope.kind, scope.prefix, scope.func, scope.cls, kept or None, scope.outer)
        return (scope if _reads_first(stmt) else after), after

    def later_binds(self, stmts: list[ast.stmt]) -> dict[str, int]:
        """Name -> the index of the last statement of the block that binds it (one walk per block)."""
        if not stmts:
            return {}
        known = self.block_binds.get(stmts[0])  # a block is known by its first statement (a node is in one block)
        if known is None or known[0] is not stmts:
            table: dict[str, int] = {}
            for index, stmt in enumerate(stmts):
                for node in ast.walk(stmt):
                    for name in _bound_names(node):
                        if name:
                            table[name] = index
            known = self.block_binds[stmts[0]] = (stmts, table)
        return known[1]

    # -- recording ----------------------------------------------------------------------------------------

    def use(self, scope: _Scope, chain: tuple[str, ...], ctx: str, line: int, guard: int, code: str = "") -> None:
        func = scope.func
        if func is not None:
            chain = narrow(scope, chain)
            if func.pending:  # a `state` function exists only once its assignment uses something
                self.materialise(func)
            func.uses.append((chain, ctx, line, guard, code))

    def materialise(self, func: _FunctionBuilder) -> None:
        """A pending `state` function joins the facts, and so does each class statement around it, which runs it:
        a use of context `part` (the chain its qualname, the line its own) says so."""
        chain = [func]
        while chain[-1].pending:
            child = chain[-1]
            child.pending = False
            self.functions.append(child)
            if child.parent is None:
                return
            child.parent.uses.append(((child.qualname,), "part", child.line, child.guard, ""))
            chain.append(child.parent)

    def test(self, test: ast.expr, scope: _Scope) -> Cond:
        """A test compiled as a condition; inside a def, a test of one of its parameters against a literal is
        one too (`arguments`: a call's literal arguments decide it)."""
        func = scope.func
        self.compiling(scope)
        if scope.kind != "function" or func is None:
            return self.compiler.compile(test)
        return self._compiled(test, func, self.compiler.compile)

    def _compiled(self, test: ast.expr, func: _FunctionBuilder, compile: Callable[[ast.expr], Cond]) -> Cond:
        """`compile(test)` with the def's locals hiding the module's imports."""
        self.compiler.shadowed = func.locals  # `hasattr(time, ...)` with a local `time` probes no module
        try:
            return self._test_in(test, func, compile)
        finally:
            self.compiler.shadowed = set()

    def _test_in(self, test: ast.expr, func: _FunctionBuilder, compile: Callable[[ast.expr], Cond]) -> Cond:
        if func.node is None:
            return compile(test)
        if func.params is None:
            args = func.node.args
            positional = args.posonlyargs + args.args
            func.params = {param.arg: func.index for param in positional[1 if func.first else 0 :]}
            func.params.update((param.arg, func.index) for param in args.kwonlyargs)
        if func.field_reads is None:
            first = func.first if func.kind in ("method", "property") else ""  # `cls.f` may run a descriptor
            passing = func.params or func.node.args.vararg or func.node.args.kwarg
            func.field_reads, func.plain = field_tests(func.node, first, func.params) if passing else ({}, frozenset())
            func.field_reads = {**class_reads(func.node, first), **func.field_reads}
        if not func.params and not func.field_reads:
            return compile(test)  # nothing a call or the class decides
        if func.filter_reads is None:
            func.filter_reads = filter_tests(func.node, func.params)
        self.compiler.params = func.params
        self.compiler.filters = func.filter_reads
        if func.field_reads:
            self.compiler.fields = func.field_reads
            self.compiler.params = {**func.params, **dict.fromkeys(func.field_reads.values(), func.index)}
        try:
            return compile(test)
        finally:
            self.compiler.params = {}
            self.compiler.fields = {}
            self.compiler.filters = {}

    def code(self, node: ast.expr) -> str:
        """A call's source text for a blind spot: whitespace-normalised, at most 120 characters."""
        return " ".join(self.segment(node).split())[:120]

    def bind(self, scope: _Scope, binding: Binding) -> None:
        original = binding.member if binding.kind == "from" else binding.target if binding.kind == "alias" else ""
        original = original.rsplit(".", 1)[-1]
        if original and original != binding.name:
            self.renamed.setdefault(binding.name, set()).add(original)
        if scope.kind == "function":
            assert scope.func is not None
            scope.func.store(binding.name, binding.guard)
            if binding.kind in ("import", "from", "star", "instance", "element", "alias", "unpacked"):
                scope.func.bindings.append(binding)
            else:
                _rebinds_receiver(scope.func, binding.name, binding.line, binding.guard)
            if binding.name not in scope.func.globals:
                scope.func.locals.add(binding.name)
            elif binding.kind in ("import", "from"):
                # `global X` then `import m as X`: the module-level name is bound, one more value it may hold
                # (semantics §5); the platform conditions are not told, as a function runs after the whole module
                self.bindings.append(binding)
            else:
                self.bindings.append(_replace_kind(binding, "var"))
        elif scope.kind == "class":
            assert scope.cls is not None
            scope.cls.attributes.append(binding)
            if scope.cls.outer is not None and scope.func is not None:
                scope.func.stored.add(binding.name)  # a test of the function's parameter of that name: undecided
                scope.func.unguarded.add(binding.name)
        else:
            self.bindings.append(binding)
            self.module_kinds[binding.name] = binding.kind
            if binding.kind in ("import", "from"):
                dotted = binding.target if binding.kind == "import" else f"{binding.target}.{binding.member}"
                self.compiler.bind_import(binding.name, dotted)
            else:
                self.compiler.forget(binding.name)

    def store_name(self, scope: _Scope, name: str, line: int, guard: int) -> None:
        if scope.kind == "function":
            assert scope.func is not None
            scope.func.store(name, guard)
            _rebinds_receiver(scope.func, name, line, guard)
            if name in scope.func.globals:
                self.bindings.append(Binding(name, "var", "", "", line, guard))
            else:
                scope.func.locals.add(name)
        else:
            self.bind(scope, Binding(name, "var", "", "", line, guard))


class _BoundNames:
    """The names a def binds (`_def_bound_names`), found on first need: most tests name no platform module."""

    __slots__ = ("memo", "names", "node")

    def __init__(self, node: ast.FunctionDef | ast.AsyncFunctionDef, memo: dict[ast.AST, frozenset[str]]) -> None:
        self.node = node
        self.memo = memo
        self.names: frozenset[str] | None = None

    def get(self) -> frozenset[str]:
        if self.names is None:
            self.names = _def_bound_names(self.node, self.memo)
        return self.names


_NAMED_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler, ast.MatchAs, ast.MatchStar)


def _def_bound_names(
    node: ast.FunctionDef | ast.AsyncFunctionDef, memo: dict[ast.AST, frozenset[str]]
) -> frozenset[str]:
    """Every name a def binds anywhere inside it, its parameters and its nested defs', lambdas' and
    comprehensions' names included (more names only keep more branches): a test of one of them is not of the
    module's platform import."""
    return _gathered(node, _def_binds, memo)


def _def_binds(sub: ast.AST) -> tuple[str, ...]:
    """The names one node binds, for `_def_bound_names` (a def's or class's own name included)."""
    if isinstance(sub, ast.Name):
        return () if type(sub.ctx) is ast.Load else (sub.id,)
    if isinstance(sub, ast.arg):
        return (sub.arg,)
    if isinstance(sub, (ast.Import, ast.ImportFrom)):
        return tuple((alias.asname or alias.name).split(".")[0] for alias in sub.names)
    if isinstance(sub, _NAMED_NODES):
        return (sub.name,) if sub.name else ()
    return (sub.rest,) if isinstance(sub, ast.MatchMapping) and sub.rest else ()


_NONE_BOUND: frozenset[str] = frozenset()


def _gathered(
    root: ast.AST, binds: Callable[[ast.AST], tuple[str, ...]], memo: dict[ast.AST, frozenset[str]]
) -> frozenset[str]:
    """The names `binds` finds in `root`'s subtree, `root`'s own name left out (a def names itself outside).
    Bottom up and iterative (`ast.walk` from each nested def would be quadratic in the nesting): each node's
    names are kept in `memo`, so a nested def or class asked later reads its subtree's at once."""
    stack: list[tuple[ast.AST, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if node in memo:
            continue
        children = list(ast.iter_child_nodes(node))
        if not ready:
            stack.append((node, True))
            stack.extend((child, False) for child in children if child not in memo)
            continue
        memo[node] = _joined(binds(node), [memo[child] for child in children])
    own = [name for name in binds(root) if not (isinstance(root, _NAMED_NODES) and name == root.name)]
    return _joined(tuple(own), [memo[child] for child in ast.iter_child_nodes(root)])


def _joined(own: tuple[str, ...], parts: list[frozenset[str]]) -> frozenset[str]:
    """`own` and every part, sharing a part's set where it already holds all (most nodes add nothing)."""
    filled = [part for part in parts if part]
    if not own and len(filled) <= 1:
        return filled[0] if filled else _NONE_BOUND
    return frozenset(own).union(*filled)


def _rebinds_receiver(func: _FunctionBuilder, name: str, line: int, guard: int) -> None:
    """`self = self.parent`, `for self in ...`, `cls = k`: a method's `self` / `cls` bound again in its body holds
    something other than the receiver, unknown here (a binding that says what, an alias or an element, is kept
    by `bind`); the walk takes the receiver or that value (`Bodies.local_syms`)."""
    if name == func.first and func.cls:
        func.bindings.append(Binding(name, "var", "", "", line, guard))


def rebound_names(tree: ast.Module, source: str) -> frozenset[str]:
    """Module-level names bound more than once anywhere in the module's own code (any form: assignment, loop,
    import, def, `del`, walrus, capture; an import of the same value again aside), or declared `global` in a
    function: a function body runs after the whole module has, and a branch after a rebinding sees the new value,
    so none of them is a known constant (a class-body or comprehension name counts too, which only keeps more
    branches). Function bodies are not walked; their `global` statements are found in the text."""
    counts: dict[str, int] = {}
    imported: dict[str, set[str]] = {}
    stack: list[object] = list(tree.body)
    pop, push, extend = stack.pop, stack.append, stack.extend
    children = _CHILD_FIELDS
    while stack:
        node = pop()
        kind = type(node)
        name: str | None = None
        if kind is ast.Name:
            assert isinstance(node, ast.Name)
            if type(node.ctx) is not ast.Load:
                counts[node.id] = counts.get(node.id, 0) + 1
            continue
        if kind in _DEFS:
            # its own name is not counted (as it never was: a def rebinding a constant is rare, and counting it now
            # would change the facts of the files that do)
            assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            extend(node.decorator_list)
            if isinstance(node, ast.ClassDef):
                extend(node.bases)
                extend(node.body)
            continue
        elif kind is ast.Lambda or kind is ast.Constant:
            continue
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            _count_imports(node, counts, imported)
            continue
        elif kind is ast.MatchAs or kind is ast.MatchStar or kind is ast.ExceptHandler:
            assert isinstance(node, (ast.MatchAs, ast.MatchStar, ast.ExceptHandler))
            name = node.name
        elif kind is ast.MatchMapping:
            assert isinstance(node, ast.MatchMapping)
            name = node.rest
        if name:
            counts[name] = counts.get(name, 0) + 1
        for field_name in children.get(kind, ()):
            value = getattr(node, field_name, None)
            if type(value) is list:
                extend(value)
            elif isinstance(value, ast.AST):
                push(value)
    declared = declared_global(source)
    return frozenset(name for name, count in counts.items() if count > 1 or name in declared)


def _count_imports(node: ast.Import | ast.ImportFrom, counts: dict[str, int], imported: dict[str, set[str]]) -> None:
    """Count the names an import binds, for `rebound_names`: the same value bound again is no rebinding (`import
    os` then `import os.path` bind `os` to the same module)."""
    for alias in node.names:
        bound = (alias.asname or alias.name).split(".")[0]
        if isinstance(node, ast.ImportFrom):
            what = f"{'.' * node.level}{node.module or ''}:{alias.name}"
        else:
            what = alias.name if alias.asname else bound
        if what not in imported.setdefault(bound, set()):
            imported[bound].add(what)
            counts[bound] = counts.get(bound, 0) + 1


_DEFS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_NO_NAMES = frozenset({"ctx", "op", "ops"})
"""Fields that hold only markers (`Load`, `Add`, `Eq`): never a name."""
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(name for name in kind._fields if name not in _NO_NAMES)
    for kind in vars(ast).values()
    if isinstance(kind, type) and issubclass(kind, ast.AST)
}
"""Per node class, the fields `rebound_names` looks into (anything else on its stack, the `str` of `global a, b`
or the None key of `{**a}`, has none)."""


def _replace_kind(binding: Binding, kind: str) -> Binding:
    return binding._replace(kind=kind)


Handler = Callable[[_Extractor, ast.AST, _Scope, int, str], None]

# --------------------------------------------------------------------------------------------------------
# Statement handlers


def _nested_def(
    ex: _Extractor,
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    scope: _Scope,
    guard: int,
    lines: tuple[int, int],
) -> None:
    """A nested def is part of the function that contains it, unless the function installs it on a class it
    defines (`installed`): it is then a method of that class (`_installed_method`)."""
    if _installed_method(ex, node, scope, guard):
        return
    first_line, body_line = lines
    ex.def_lines.setdefault(first_line, -2)
    ex.def_spans.append((node.lineno, body_line, -2))
    ex.def_count += 1
    assert scope.func is not None
    ex.store_name(scope, node.name, node.lineno, guard)
    scope.func.bindings.append(Binding(node.name, "nested", "", "", node.lineno, guard))
    ex.push_body(node.body, scope.unnarrowed(), guard)
    _arguments(ex, node.args, scope, guard, scope.func)
    _nested_decorators(ex, node.decorator_list, scope, guard)


def _installed_method(ex: _Extractor, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Scope, guard: int) -> bool:
    """A def the function installs on a class it defines (`setattr(Proxy, name, wrapper)`) becomes a method of
    that class, under the name given (`installed.installed`): reached where the class's methods are, and a blind
    spot where the class leaves the function, as the methods written in its body are."""
    func = scope.func
    if func is None or func.node is None:
        return False
    if func.installs is None:
        func.installs = installed(func.node, frozenset(ex.module_kinds))
    site = func.installs.get(node)
    if site is None:
        return False
    owner = f"{scope.prefix}{site[0]}"
    cls = next((c for c in ex.classes if c.qualname == owner and c.outer is func), None)
    if cls is None:
        return False
    _function_def(ex, node, _Scope("class", f"{owner}.", func=func, cls=cls), guard, "")
    name, index = cls.methods[-1]
    cls.methods[-1] = (site[1], index)
    ex.local_bound.extend(((name, guard), (site[1], guard)))
    return True


def _method_kind(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, str]:
    """A method's kind (by its decorators and name) and the name of its `self` / `cls` parameter."""
    kind = "method"
    for deco in node.decorator_list:
        chain = chain_of(deco)
        if chain in (("staticmethod",),):
            kind = "staticmethod"
        elif chain == ("classmethod",):
            kind = "classmethod"
        elif chain in (("property",), ("functools", "cached_property"), ("cached_property",)) or (
            chain is not None and len(chain) >= 2 and chain[-1] in ("setter", "getter", "deleter")
        ):
            kind = "property"
    if kind == "method" and node.name in specials.IMPLICIT_CLASSMETHODS:
        kind = "classmethod"
    params = node.args.posonlyargs + node.args.args
    return kind, params[0].arg if kind != "staticmethod" and params else ""


def _function_def(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    first_line = min([d.lineno for d in node.decorator_list] + [node.lineno])
    body_line = node.body[0].lineno if node.body else node.lineno
    if scope.kind == "function":
        _nested_def(ex, node, scope, guard, (first_line, body_line))
        return
    cls = scope.cls.qualname if scope.kind == "class" and scope.cls else ""
    kind, first = _method_kind(node) if cls else ("function", "")
    qualname = f"{scope.prefix}{node.name}"
    returns = ex.segment(node.returns) if node.returns is not None else ""
    builder = _FunctionBuilder(
        qualname=qualname,
        line=node.lineno,
        cls=cls,
        kind=kind,
        first=first,
        is_async=isinstance(node, ast.AsyncFunctionDef),
        guard=guard,
        returns=returns,
        result=annotation_type(node.returns),
    )
    index = len(ex.functions)
    ex.functions.append(builder)
    ex.def_count += 1
    builder.node = node
    builder.index = index
    local = scope.kind == "class" and scope.cls is not None and scope.cls.outer is not None
    ex.def_lines[first_line] = -2 if local else index  # a claim on a local class's method is refused
    ex.def_spans.append((node.lineno, body_line, -2 if local else index))
    if scope.kind == "class":
        assert scope.cls is not None
        scope.cls.methods.append((node.name, index))
        builder.outer = scope.cls.outer
        if local and scope.func is not None:  # the class body's own code runs in the function (`f.x = 1`)
            scope.func.store(node.name)
            scope.func.locals.add(node.name)
    else:
        ex.bind(scope, Binding(node.name, "def", qualname, "", node.lineno, guard))
    inner = _Scope("function", f"{qualname}.<locals>.", func=builder, cls=scope.cls if scope.kind == "class" else None)
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call):
            chain = chain_of(deco.func)
            if chain is not None:
                args = tuple(
                    a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in deco.args
                )
                builder.decorator_calls.append((chain, deco.lineno, args))
        else:
            chain = chain_of(deco)
            if chain is not None:
                builder.bare_decorators.append((chain, deco.lineno))
    ex.push_body(node.body, inner, guard)
    _arguments(ex, node.args, inner, guard, builder, own=True)
    if scope.kind == "class":
        # the class statement evaluates a method's defaults too (its decorators: see `_class_def`); a default that
        # only names a value (`timer=time.monotonic`, `setitem=Cache.__setitem__`) runs nothing then: it is looked
        # at for the module state it reads, as `run = _run` in the body is, and the method that calls it reaches it
        for default in [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]:
            if isinstance(default, (ast.Name, ast.Attribute)) and chain_of(default) is not None:
                ex.push(default, scope, guard, "identity")
            elif not isinstance(default, ast.Lambda):
                ex.push(default, scope, guard, "ref")
    # Decorators and defaults run when the def does, and are part of the function.
    ex.push_all(node.decorator_list, inner, guard, "ref")


def _passed_callables(ex: _Extractor, scope: _Scope, node: ast.Call, chain: tuple[str, ...], guard: int) -> None:
    """`map(fn, xs)`, `sorted(xs, key=fn)`: the callee calls the callable it is given (ctx `passed`: a blind
    spot when the walk cannot tell what it is; what it is, it references as any argument does)."""
    where = specials.CALLS_ITS_ARGUMENT.get(chain)
    if where is None:
        return
    position, keyword = where
    passed = [node.args[position]] if position is not None and len(node.args) > position else []
    passed += [k.value for k in node.keywords if keyword is not None and k.arg == keyword]
    for value in passed:
        value_chain = chain_of(value)
        if value_chain is not None:
            ex.use(scope, value_chain, "passed", node.lineno, guard, ex.code(node))


def _given(ex: _Extractor, scope: _Scope, node: ast.Call, chain: tuple[str, ...], guard: int) -> None:
    """`dt.astimezone(zone)`, `json.dumps(o, default=f)`: the arguments a stdlib call may call back into
    (`specials.CALLS_BACK`, by the callee's last name; resolution tells whether the callee is the stdlib's)."""
    names = {chain[-1], *ex.renamed.get(chain[-1], ())} if len(chain) == 1 else {chain[-1]}
    found = [specials.CALLS_BACK_SLOTS[name] for name in names if name in specials.CALLS_BACK_SLOTS]
    if not found:
        return
    positions = frozenset().union(*(slot[0] for slot in found))
    keywords = frozenset().union(*(slot[1] for slot in found))
    passed: list[tuple[str, ast.expr]] = []
    for position, arg in enumerate(node.args):
        if isinstance(arg, ast.Starred):
            break
        if position in positions:
            passed.append((str(position), arg))
    passed += [(k.arg, k.value) for k in node.keywords if k.arg in keywords]
    typed = names <= specials.CALLS_BACK_TYPED  # only keys and objects copied: a plain local's class is unknown
    starred = any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords)
    shape = None if starred else (len(node.args), len(node.keywords))
    for slot, value in passed:
        # literals, lambdas and other expressions with no chain: nothing to enter, or part of the function already
        given = _typed_chain(scope, value) if typed else value_chain(value)
        if given is not None and not given[0].startswith("<"):
            code = specials.given_code(slot, chain, ex.code(node), shape)
            ex.use(scope, given, "given", node.lineno, guard, code)


def _nested_decorators(ex: _Extractor, decorators: list[ast.expr], scope: _Scope, guard: int) -> None:
    """A nested def's or class's decorator runs when the enclosing function does: `@deco` is the call `deco(f)`,
    so a decorator the walk cannot see (a parameter) is a blind spot there, as `deco(f)` written out is. A
    decorator written as a call (`@wraps(f)`) is that call, then a call of its result (not followed)."""
    for decorator in decorators:
        chain = chain_of(decorator)
        if chain is None:
            ex.push(decorator, scope, guard, "ref")
        else:
            ex.use(scope, chain, "call", decorator.lineno, guard, "@" + ".".join(chain))


def _arguments(
    ex: _Extractor, args: ast.arguments, scope: _Scope, guard: int, func: _FunctionBuilder, own: bool = False
) -> None:
    """A def's or lambda's parameters: its own (`own`), or a nested one's, which shadow the outer names."""
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    if args.vararg:
        params.append(args.vararg)
    if args.kwarg:
        params.append(args.kwarg)
    for param in params:
        func.locals.add(param.arg)
        if not own:
            func.store(param.arg)
            _rebinds_receiver(func, param.arg, param.lineno, guard)  # a nested def's or lambda's own `self`
        elif param.arg == func.first and func.cls:
            continue  # the receiver: its class travels with the walk, whatever the annotation says
        target = annotation_type(param.annotation)
        if param is args.vararg or param is args.kwarg:
            # `*args: T` is a tuple of T and `**kwargs: T` a dict of str to T, whatever T: their methods are the
            # tuple's and the dict's, never T's
            func.bindings.append(_packed(param, param is args.vararg, target, guard))
        elif target:  # a def's own annotated parameter is declared: every binding of it in the body holds a T
            func.bindings.append(Binding(param.arg, "instance", target, "declared" if own else "", param.lineno, guard))
    if own:
        _default_values(args, guard, func)
    defaults: list[ast.expr] = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    ex.push_all(defaults, scope, guard, "ref")


def _default_values(args: ast.arguments, guard: int, func: _FunctionBuilder) -> None:
    """A parameter left at a default that names a value (`clock=time`, `timer=time.monotonic`, `key=str.lower`)
    holds that value, or whatever a caller passes: an alias of the default (at the default's line) beside an
    unknown value. An annotated parameter is typed by its annotation instead."""
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *zip(args.kwonlyargs, args.kw_defaults, strict=True),
    ]
    for param, default in pairs:
        if not isinstance(default, (ast.Name, ast.Attribute)):
            continue
        chain = chain_of(default)
        if chain is None or chain[0] == param.arg or annotation_type(param.annotation):
            continue
        func.bindings.append(Binding(param.arg, "alias", ".".join(chain), "", default.lineno, guard))
        func.bindings.append(Binding(param.arg, "var", "", "", param.lineno, guard))


_NEVER_NONE_ROOTS = frozenset({"<str>", "<bytes>", "<list>", "<dict>", "<set>", "<tuple>"})


def _sure_calls(func: _FunctionBuilder) -> tuple[tuple[int, arguments.Passed], ...]:
    """What each call passes, a plain name the body shows is never None marked `arguments.SURE`: the def's
    `self` / `cls` or a parameter typed by a class without None (neither rebound), or a local every store of which
    is a binding to a call, a display or an exception caught (whether the call makes an instance, the resolver
    judges)."""
    if not func.calls:
        return ()
    sure: set[str] = set()
    if func.node is not None:
        args = func.node.args
        sure.update(p for p in arguments.never_none_params(args) if not func.stores.get(p))
        if func.first and func.cls and func.kind != "staticmethod" and not func.stores.get(func.first):
            sure.add(func.first)
    made: dict[str, int] = {}
    caught: set[tuple[str, int]] = set()  # `except (C, D) as e` binds e once, to either class
    for binding in func.bindings:
        if binding.kind == "alias" and (binding.target.endswith(".()") or binding.target in _NEVER_NONE_ROOTS):
            made[binding.name] = made.get(binding.name, 0) + 1
        elif binding.kind == "instance" and binding.member == "caught" and (binding.name, binding.line) not in caught:
            caught.add((binding.name, binding.line))  # the exception caught, never None
            made[binding.name] = made.get(binding.name, 0) + 1
    params = _own_params(func.node) if func.node is not None else frozenset()
    sure.update(n for n, count in made.items() if n not in params and count == func.stores.get(n, 0))
    if not sure:
        return tuple(func.calls)
    return tuple((index, _marked(passed, sure)) for index, passed in func.calls)


def _passed_on(calls: list[tuple[int, arguments.Passed]]) -> set[str]:
    """The plain names a def's calls pass as arguments (`x` in `f(x)`, `f(k=x)`)."""
    names: set[str] = set()
    for _, (positional, keywords) in calls:
        for arg in (*positional, *(value for _, value in keywords)):
            if isinstance(arg, tuple) and arg[:1] == (arguments.NAMED,) and "." not in str(arg[1]):
                names.add(str(arg[1]))
    return names


def _own_params(node: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    args = node.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return frozenset(a.arg for a in every if a is not None)


def _marked(passed: arguments.Passed, sure: set[str]) -> arguments.Passed:
    def mark(value: object) -> object:
        if isinstance(value, tuple) and value[:1] == (arguments.NAMED,) and value[1] in sure:
            return (arguments.SURE, value[1])
        return value

    given, keywords = passed
    return tuple(mark(v) for v in given), tuple((name, mark(v)) for name, v in keywords)


def _packed(param: ast.arg, positional: bool, element: str, guard: int) -> Binding:
    """The binding of `*args` (a tuple, of `element` when annotated) or `**kwargs` (a dict of str to it)."""
    if element and element[0] not in "*{^":
        target = f"*{element}" if positional else f"{{str,{element}"
        return Binding(param.arg, "instance", target, "", param.lineno, guard)
    return Binding(param.arg, "alias", "<tuple>" if positional else "<dict>", "", param.lineno, guard)


def _lambda(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Lambda)
    if scope.func is None:
        return  # evaluated at import time; a module-level `name = lambda` is made a function by _assign
    ex.push(node.body, scope.unnarrowed(), guard, "ref")
    _arguments(ex, node.args, scope, guard, scope.func)


def _class_def(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.ClassDef)
    first_line = min([d.lineno for d in node.decorator_list] + [node.lineno])
    ex.def_lines.setdefault(first_line, -2)
    builder = _class_builder(ex, node, scope, guard)
    if scope.kind == "class" and scope.cls is not None:
        builder.outer = scope.cls.outer  # a class nested in a local class sees the same function's names
    if scope.kind == "function":
        _local_class(ex, node, scope, guard, builder)
        return
    if builder.outer is None:  # where the module's statements above have left the names its bases read
        written = (*builder.bases, builder.metaclass)
        builder.settled = ex.settled.floors(w.removesuffix("[]").split(".")[0] for w in written if w and w != "<?>")
    qualname = builder.qualname
    if scope.kind == "class":
        assert scope.cls is not None
        scope.cls.attributes.append(Binding(node.name, "class", qualname, "", node.lineno, guard))
    else:
        ex.bind(scope, Binding(node.name, "class", qualname, "", node.lineno, guard))
    # What the class statement runs is import-time state of its own, named by the class: its bases and keywords
    # (where the statement stands), its body's statements and the hooks Python calls. Its body's assignments
    # have `state` functions of their own, which it reaches (`parent`); a class decorator is not entered.
    statement = _state_scope(ex, scope, node.name, node.lineno, guard)
    assert statement.func is not None
    ex.push_body(node.body, _Scope("class", f"{qualname}.", func=statement.func, cls=builder), guard)
    for named in [*node.bases, *(k.value for k in node.keywords if k.arg == "metaclass")]:
        chain = chain_of(_unsubscripted(named))
        if chain is not None and chain[0][:1] != "<":
            ex.use(statement, chain, "base", named.lineno, guard)  # named: read, not entered (`base`)
        else:
            ex.push(named, statement, guard, "ref")
    ex.push_all([k.value for k in node.keywords if k.arg != "metaclass"], statement, guard, "ref")
    _class_hooks(ex, node, statement, guard)


def _class_builder(ex: _Extractor, node: ast.ClassDef, scope: _Scope, guard: int) -> _ClassBuilder:
    """The class a `class` statement defines, among the file's classes: its qualname, bases and metaclass."""
    qualname = f"{scope.prefix}{node.name}"
    # a base the walk cannot name (`make_base()`, `*bases`) is kept as "<?>": an unknown class
    bases = tuple(_base_written(b) for b in node.bases)
    builder = _ClassBuilder(qualname, node.lineno, guard, bases)
    builder.decorators = tuple(_decorator_written(d) for d in node.decorator_list)
    builder.plainly = _plainly_assigned(node)
    for keyword in node.keywords:
        if keyword.arg == "metaclass":
            written = chain_of(keyword.value)
            builder.metaclass = ".".join(written) if written is not None and written[0][:1] != "<" else "<?>"
    ex.classes.append(builder)
    return builder


def _decorator_written(node: ast.expr) -> str:
    """A class decorator as `ClassFacts.decorators` keeps it: the dotted name it calls, "<?>" for anything else."""
    chain = chain_of(node.func if isinstance(node, ast.Call) else node)
    return ".".join(chain) if chain is not None and chain[0][:1] != "<" else "<?>"


def _local_class(ex: _Extractor, node: ast.ClassDef, scope: _Scope, guard: int, builder: _ClassBuilder) -> None:
    """A class defined in a function. Its statement runs at each call, so its bases, keywords, hooks,
    decorators and body statements are part of the function; its methods are the class's own (`f.<locals>.C.m`),
    reached like any class's: constructing it, calling its instances' methods. Defining it runs none of them.
    Where the class may leave the function, the function's `escape` uses say so (`_escapes`)."""
    func = scope.func
    assert func is not None
    builder.outer = func
    ex.local_bound.extend((name, guard) for name in sorted(_local_class_names(node, ex.class_names)))  # sorted
    if node.name in func.globals:
        ex.store_name(scope, node.name, node.lineno, guard)
    else:
        func.store(node.name)
        func.locals.add(node.name)
        func.bindings.append(Binding(node.name, "class", builder.qualname, "", node.lineno, guard))
        func.local_classes.append((node.name, builder.qualname, node.lineno))
    ex.push_body(node.body, _Scope("class", f"{builder.qualname}.", func=func, cls=builder), guard)
    ex.push_all([*node.bases, *(k.value for k in node.keywords)], scope, guard, "ref")
    _class_hooks(ex, node, scope, guard)
    for stmt in node.body:  # the class statement calls `__set_name__` on what its body binds
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            _implicit(ex, scope, stmt.value, "__set_name__", stmt.lineno, guard)
    _nested_decorators(ex, node.decorator_list, scope, guard)


def _loop_declarations(ex: _Extractor) -> None:
    """A loop's target in its body holds what the function declares its name to be (`c: Clock`, an annotated
    parameter), as every binding of a declared name does (`bodies._declared`), wherever the declaration sits."""
    for builder in ex.functions:
        for local, name in builder.loop_locals:
            for b in list(builder.bindings):
                if b.name != name:
                    continue
                if b.kind == "instance" and b.member == "declared":
                    builder.bindings.append(b._replace(name=local))
                elif b.kind == "alias" and b.member:  # `c: Clock = make()`: the declaration, not that value
                    builder.bindings.append(Binding(local, "instance", b.member, "declared", b.line, b.guard))


def _closures(ex: _Extractor) -> None:
    """A method of a class defined in a function sees that function's names (a closure): each becomes one of
    its locals, with the function's bindings of it. Outer functions come first in the file's order, so a
    method of a class nested two functions deep sees both."""
    for builder in ex.functions:
        outer = builder.outer
        if outer is None:
            continue
        own = builder.locals | {builder.first}
        wanted = {chain[0] for chain, *_ in builder.uses if chain} - own
        seen: set[str] = set()
        while wanted:  # the names its body uses, and those their bindings in the function name in turn
            seen |= wanted & outer.locals
            roots = {b.target.lstrip("*{^(").split(".")[0] for b in outer.bindings if b.name in seen and b.target}
            wanted = (roots & outer.locals) - seen - own
        builder.locals |= seen
        builder.bindings.extend(b for b in outer.bindings if b.name in seen)
    for cls in ex.classes:  # a local class's attribute bound to one of the function's names: unknown here
        if cls.outer is not None:
            names = cls.outer.locals
            cls.attributes = [_closed_over(b, names) for b in cls.attributes]
            cls.fields = [_closed_over(b, names) for b in cls.fields]


def _closed_over(binding: Binding, names: set[str]) -> Binding:
    """A class attribute whose value names a local of the function around its class: a value of unknown class
    (the class's module cannot resolve the name)."""
    if binding.kind in ("alias", "instance", "element") and binding.target.split(".")[0].lstrip("*{^(") in names:
        return binding._replace(kind="var", target="", member="")
    return binding


def _escapes(ex: _Extractor) -> None:
    """Where a class defined in a function may leave it: constructed (the instance may be returned, stored or
    passed) or used as a value. An `escape` use there lets the summary list, as blind spots, the methods a
    caller may run on what left (hashing, copying or formatting it), which defining the class does not run."""
    for builder in ex.functions:
        if not builder.local_classes:
            continue
        names = {name for name, _, _ in builder.local_classes}
        found = {
            (chain[0], line, guard)
            for chain, ctx, line, guard, _ in builder.uses
            if chain and chain[0] in names and len(chain) == 1 and ctx in ("call", "ref", "passed")
        }
        builder.uses.extend(((name,), "escape", line, guard, "") for name, line, guard in sorted(found))


def _class_hooks(ex: _Extractor, node: ast.ClassDef, scope: _Scope, guard: int) -> None:
    """The hooks a `class` statement calls: each named base's `__init_subclass__` (as that base's MRO finds it),
    and its metaclass's `specials.CLASS_STATEMENT` hooks, whether given by keyword or a base's (a base's
    metaclass is its `__class__`). Implicit calls: they enter project methods only. A base or metaclass the walk
    cannot name (`make_base()`, `*bases`) may have any hooks: a blind spot, as a call of an unknown value is."""
    metaclasses = [k.value for k in node.keywords if k.arg == "metaclass"]
    for written in [*node.bases, *metaclasses]:
        is_base = not any(written is m for m in metaclasses)
        chain = chain_of(_unsubscripted(written))
        if chain is None or chain[0][:1] == "<":
            text = f"class {node.name}({'' if is_base else 'metaclass='}{ex.code(written)})"
            ex.use(scope, ("<?>",), "call", written.lineno, guard, text)
            continue
        hooks = [(*chain, "__class__", hook) for hook in specials.CLASS_STATEMENT] if is_base else []
        hooks += [(*chain, "__init_subclass__")] if is_base else [(*chain, h) for h in specials.CLASS_STATEMENT]
        for hook in hooks:
            ex.use(scope, hook, "implicit", written.lineno, guard)
            if hook[-1] in specials.CLASS_STATEMENT:
                _class_statement_passes(scope, node)


def _class_statement_passes(scope: _Scope, node: ast.ClassDef) -> None:
    """What the class statement passes the metaclass hook just recorded, after its first parameter (the metaclass,
    or the new class for `__init__`): the class's name, its bases (`arguments.BASES`), the namespace
    (`arguments.NAMESPACE`: what the metaclass's `__prepare__` made) and its keywords but `metaclass`
    (`FunctionFacts.calls`), so the hook's tests of them are decided as a call's are, and its parameters typed.
    Nothing where the statement unpacks (`*bases`, `**kw`)."""
    caller = scope.func
    if caller is None or not caller.uses or any(isinstance(b, ast.Starred) for b in node.bases):
        return
    keywords: list[tuple[str, object]] = []
    for keyword in node.keywords:
        if keyword.arg is None:
            return
        if keyword.arg != "metaclass":
            value = keyword.value
            keywords.append((keyword.arg, arguments.literal(value) or arguments.named(value) or arguments.made(value)))
    bases = tuple(arguments.dotted(b) or "<?>" for b in node.bases)
    name = arguments.literal(ast.Constant(node.name))
    given: tuple[object, ...] = (name, (arguments.BASES, bases))
    metaclass = next((arguments.dotted(k.value) or "<?>" for k in node.keywords if k.arg == "metaclass"), "")
    namespace = (arguments.NAMESPACE, metaclass)
    passed = given if caller.uses[-1][0][-1] == "__prepare__" else (*given, namespace)
    caller.calls.append((len(caller.uses) - 1, (passed, tuple(keywords))))


def _local_class_names(node: ast.ClassDef, memo: dict[ast.AST, frozenset[str]]) -> frozenset[str]:
    """What a class defined inside a function may bind: every name its body (nested defs and classes included)
    defines, stores, imports or sets as an attribute. More than it binds only makes more blind spots."""
    return _gathered(node, _class_binds, memo)


def _class_binds(sub: ast.AST) -> tuple[str, ...]:
    """The names one node binds, for `_local_class_names`."""
    if isinstance(sub, (ast.Name, ast.Attribute)) and type(sub.ctx) is ast.Store:
        return (sub.id if isinstance(sub, ast.Name) else sub.attr,)
    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return (sub.name,)
    if isinstance(sub, (ast.Import, ast.ImportFrom)):
        return tuple((alias.asname or alias.name).split(".")[0] for alias in sub.names)
    return ()


def _base_written(base: ast.expr) -> str:
    """A class base as `ClassFacts.bases` keeps it: its dotted chain, with `[]` after it when the base is a
    subscript of it (`Base[int]`, `Generic[T]`: what `__mro_entries__` of the subscript gives, which resolution
    decides by what the chain names), "<?>" for anything else."""
    chain = chain_of(_unsubscripted(base))
    if chain is None:
        return "<?>"
    return ".".join(chain) + ("[]" if isinstance(base, ast.Subscript) else "")


def _subscript_binding(binding: Binding, value: ast.expr | None) -> Binding:
    """`name = a.B[...]` outside a function: a value of unknown class (a `var`) that keeps the chain it subscripts
    (member `[]`), so that a class naming the name as its base can take the class the chain names (a generic
    alias's `__mro_entries__`). Any other `var` binding as it was."""
    if binding.kind != "var" or not isinstance(value, ast.Subscript):
        return binding
    chain = chain_of(value.value)
    if chain is None or chain[0][:1] == "<":
        return binding
    whole = value.slice
    if isinstance(whole, ast.Slice) and whole.lower is None and whole.upper is None and whole.step is None:
        return binding._replace(target=".".join(chain), member=COPIED)  # `a.b[:]`: a copy of its elements
    return binding._replace(target=".".join(chain), member="[]")


def _unsubscripted(base: ast.expr) -> ast.expr:
    """A generic base names its class: `Base[int]`, `pkg.m.Base[K, V]` and `Generic[T]` are `Base`, `pkg.m.Base`
    and `Generic` (a subclass of `Base[int]` is one of `Base`)."""
    return base.value if isinstance(base, ast.Subscript) else base


def _if(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.If)
    early, ex.early_test = ex.early_test, None
    cond = early[1] if early is not None and early[0] is node else ex.test(node.test, scope)
    if scope.kind == "function" and scope.func is not None and scope.func.node is not None:
        scope.func.if_conds[node] = cond
    branches = ex.unraised(node, scope, guard)
    orelse = _narrowed(ex, scope, node.test, False, node.lineno, _Binds(node.orelse)) if node.orelse else scope
    ex.push_body(node.orelse, orelse, ex.guard_with(branches, cond, False))
    body = _narrowed(ex, scope, node.test, True, node.lineno, _Binds(node.body))
    ex.push_body(node.body, body, ex.guard_with(branches, cond, True))
    _push_test(ex, node.test, scope, guard, cond)


# --------------------------------------------------------------------------------------------------------
# isinstance narrowing


def narrow(scope: _Scope, chain: tuple[str, ...]) -> tuple[str, ...]:
    """A chain as written where it sits: rooted at the local standing for a name an `isinstance` test narrowed."""
    narrowed = scope.narrowed
    if narrowed and chain and chain[0] in narrowed:
        return (narrowed[chain[0]], *chain[1:])
    return chain


def _narrowed(
    ex: _Extractor,
    scope: _Scope,
    test: ast.expr,
    held: bool,
    line: int,
    binds: _Binds,
    bound: frozenset[str] = frozenset(),
) -> _Scope:
    """The scope of blocks that run only where `test` evaluated to `held`: each name it proves an instance of
    classes (`isinstance(x, C)`, `isinstance(x, (C, D))`, `type(x) is C`) stands for a local bound to those
    classes there, unless the blocks rebind it (a name rebound in the branch is whatever it was given). `bound`:
    names certainly bound before the test that the body has not recorded yet (a comprehension's targets)."""
    func = scope.func
    if scope.kind != "function" or func is None:
        return scope
    tests = _isinstance_tests(test, held)
    if not tests:
        return scope
    narrowed = dict(scope.narrowed or {})
    for name, classes, builtin in tests:
        if builtin in ex.module_kinds or builtin in func.locals:
            continue  # `isinstance` / `type` is the project's own name here
        # only a name of this body's own, bound before the test (a parameter or an earlier local), never declared
        # `nonlocal` by a nested def (which could rebind it when called), nor bound by the test or the blocks
        if (name not in func.locals and name not in bound) or name in func.globals or name in _nonlocals(func):
            continue
        if any(name in _bound_names(node) for node in ast.walk(test)) or binds.binds(name):
            continue
        local = f"{name}@{func.narrowings}"
        func.narrowings += 1
        # under no guard: only the block's uses name it, and they carry the block's guard
        func.bindings.extend(Binding(local, "instance", cls, "isinstance", line, 0) for cls in classes)
        narrowed[name] = local
    if narrowed == (scope.narrowed or {}):
        return scope
    return _Scope(scope.kind, scope.prefix, func, scope.cls, narrowed)


def _loop_narrowed(scope: _Scope, target: ast.expr, made: list[Binding]) -> _Scope:
    """The scope of a `for` body: each name the loop's target binds stands there for a local holding only what
    this loop gives it (`name@n`, bound like the target; unknown when the element's class is not known), not for
    every value the function's bindings of the name may give, until a statement of the body rebinds it
    (`_Extractor.rebinding`). The receiver, a global and a name a nested def declares `nonlocal` keep them all."""
    func = scope.func
    if func is None or scope.kind != "function":
        return scope
    narrowed = dict(scope.narrowed or {})
    for node in ast.walk(target):
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Store):
            continue
        name = node.id
        if name == func.first or name in func.globals or name in _nonlocals(func):
            continue
        local = f"{name}@{func.narrowings}"
        func.narrowings += 1
        func.locals.add(local)
        func.bindings.extend(b._replace(name=local) for b in made if b.name == name)
        func.loop_locals.append((local, name))
        narrowed[name] = local
    if narrowed == (scope.narrowed or {}):
        return scope
    return _Scope(scope.kind, scope.prefix, func, scope.cls, narrowed)


_PLAIN_TARGET = (ast.Name, ast.Tuple, ast.List, ast.Starred, ast.expr_context)


def _reads_first(stmt: ast.stmt) -> bool:
    """A statement that evaluates what it reads before it binds a name: a plain assignment to names (`x = f(x)`,
    `x += 1`), or an `if` whose test binds nothing (its branches are blocks of their own)."""
    if isinstance(stmt, ast.If):
        return not any(isinstance(sub, ast.NamedExpr) for sub in ast.walk(stmt.test))
    if isinstance(stmt, ast.Assign):
        targets, value = stmt.targets, stmt.value
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
        targets, value = [stmt.target], stmt.value
    else:
        return False
    plain = all(isinstance(sub, _PLAIN_TARGET) for t in targets for sub in ast.walk(t))
    return plain and not any(isinstance(sub, ast.NamedExpr) for sub in ast.walk(value))


def _operand_scopes(ex: _Extractor, scope: _Scope, node: ast.BoolOp) -> list[_Scope]:
    """The scope of each operand of `a and b` (`a or b`): one after a test is evaluated only where that test was
    true (false), so `isinstance(x, C) and x.m()` narrows `x` in `x.m()`."""
    scopes = [scope]
    if scope.kind != "function" or len(node.values) < 2:
        return scopes * len(node.values)
    held = isinstance(node.op, ast.And)
    binds = _Binds([node])  # one walk of the whole operation, whichever operand narrows
    for index in range(1, len(node.values)):
        earlier = node.values[index - 1]
        scopes.append(_narrowed(ex, scopes[-1], earlier, held, node.lineno, binds))
    return scopes


def _after_exit(ex: _Extractor, node: ast.stmt, scope: _Scope, stmts: list[ast.stmt], index: int) -> _Scope:
    """The scope of the statements after an `if` one of whose branches always exits (`if not isinstance(x, C):
    return`): they run only where the test took the other branch."""
    assert isinstance(node, ast.If)
    if scope.kind != "function" or not (_isinstance_tests(node.test, True) or _isinstance_tests(node.test, False)):
        return scope
    body_exits = _exits(node.body)
    if body_exits == _exits(node.orelse):
        return scope
    # the branches, then the rest of the block: each statement of a block is walked once, however many exits
    binds = _Binds([*node.body, *node.orelse], ex.later_binds(stmts), index)
    return _narrowed(ex, scope, node.test, not body_exits, node.lineno, binds)


def _isinstance_tests(test: ast.expr, held: bool) -> list[tuple[str, tuple[str, ...], str]]:
    """The names `test` proves instances of classes (those classes, as written, and the builtin the test calls)
    when it evaluates to `held`: `isinstance(x, C)` held, `type(x) is C` held (an instance of C exactly, so of
    C), `type(x) is not C` not held, `not ...` not held, every operand of a held `and` and of a failed `or`."""
    out: list[tuple[str, tuple[str, ...], str]] = []
    pending = [(test, held)]
    while pending:
        node, value = pending.pop()
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            pending.append((node.operand, not value))
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And if value else ast.Or):
            pending.extend((operand, value) for operand in node.values)
        elif value and _is_isinstance(node):
            assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Name)
            classes = _class_names(node.args[1])
            if classes:
                out.append((node.args[0].id, classes, "isinstance"))
        elif isinstance(node, ast.Compare):
            name = _type_is(node, value)
            classes = _class_names(node.comparators[0]) if name is not None else ()
            if name is not None and classes and not isinstance(node.comparators[0], ast.Tuple):
                out.append((name, classes, "type"))
    return out


def _type_is(node: ast.Compare, value: bool) -> str | None:
    """The name `x` of `type(x) is C` evaluated to true (or of `type(x) is not C` to false), else None."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], ast.Is if value else ast.IsNot):
        return None
    left = node.left
    if not (
        isinstance(left, ast.Call)
        and isinstance(left.func, ast.Name)
        and left.func.id == "type"
        and len(left.args) == 1
        and not left.keywords
        and isinstance(left.args[0], ast.Name)
    ):
        return None
    return left.args[0].id


def _is_isinstance(node: ast.expr) -> bool:
    """`isinstance(name, classes)`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
    )


def _class_names(node: ast.expr) -> tuple[str, ...]:
    """The classes an `isinstance` test names (a name, a dotted name, or a literal tuple of them); () when one of
    them is anything else (the value may be of a class the walk cannot name)."""
    elements = node.elts if isinstance(node, ast.Tuple) else [node]
    names = [chain_of(element) for element in elements]
    if not names or any(n is None or n[0].startswith("<") for n in names):
        return ()
    return tuple(".".join(n) for n in names if n is not None)


def _nonlocals(func: _FunctionBuilder) -> frozenset[str]:
    """The names a def nested in `func` declares `nonlocal` (found once per function, when it first narrows)."""
    if func.nonlocals is None:
        node = func.node
        func.nonlocals = frozenset(
            name
            for sub in (ast.walk(node) if node is not None else ())
            if isinstance(sub, ast.Nonlocal)
            for name in sub.names
        )
    return func.nonlocals


class _Binds:
    """The names some code binds anywhere (an assignment, a loop or `with` target, `del`, an import, a def, a
    parameter of a nested def, a capture, `global`), found on the first question: `nodes`, and the statements of
    a block after `index` (`later`: name -> the last index of the block's statements binding it)."""

    def __init__(self, nodes: Sequence[ast.AST], later: dict[str, int] | None = None, index: int = 0) -> None:
        self.nodes = nodes
        self.names: set[str] | None = None
        self.later = later
        self.index = index

    def binds(self, name: str) -> bool:
        if self.later is not None and self.later.get(name, -1) > self.index:
            return True
        if self.names is None:
            self.names = {n for node in self.nodes for sub in ast.walk(node) for n in _bound_names(sub) if n}
        return name in self.names


def _bound_names(node: ast.AST) -> tuple[str | None, ...]:
    """The names one node binds (or may: `global`), as far as narrowing cares."""
    if isinstance(node, ast.Name):
        return () if isinstance(node.ctx, ast.Load) else (node.id,)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return (node.name,)
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return tuple(node.names)
    if isinstance(node, ast.alias):
        return (node.asname or node.name.split(".")[0],)
    if isinstance(node, ast.arg):
        return (node.arg,)
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return (node.name,)
    if isinstance(node, ast.MatchMapping):
        return (node.rest,)
    return ()


_EXIT_STATEMENTS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _exits(stmts: list[ast.stmt]) -> bool:
    """A block that never falls through to the statement after it: it ends in `return`, `raise`, `continue` or
    `break`, or in an `if` / `else` whose branches all do. Anything else (a `with`, whose exit may swallow the
    exception; a `try`; a loop) may fall through."""
    pending = [stmts]
    while pending:
        block = pending.pop()
        last = block[-1] if block else None
        if isinstance(last, ast.If) and last.orelse:
            pending += (last.body, last.orelse)
        elif not isinstance(last, _EXIT_STATEMENTS):
            return False
    return True


def _try(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, _TRY_NODES)
    node = cast(ast.Try, node)  # TryStar has the same fields
    cond = _try_imports(node.body)
    catches_import = any(_catches_import_error(h) for h in node.handlers)
    body_guard = ex.guard_with(guard, cond, True) if catches_import else guard
    handler_guard = ex.guard_with(guard, cond, False) if catches_import else guard
    ex.push_body(node.finalbody, scope, guard)
    ex.push_body(node.orelse, scope, body_guard)
    for handler in reversed(node.handlers):
        hguard = handler_guard if _catches_import_error(handler) else guard
        ex.push_body(handler.body, scope, hguard)
        if handler.name:
            _caught(ex, scope, handler, isinstance(node, ast.Try), hguard)
        ex.push(handler.type, scope, hguard, "type")
    ex.push_body(node.body, scope, body_guard)


def _caught(ex: _Extractor, scope: _Scope, handler: ast.ExceptHandler, plain: bool, guard: int) -> None:
    """`except C as e` in a function binds e to an instance of C (or of a subclass), of any class of `except (C, D)
    as e`, as `isinstance(e, C)` narrows a name: member `caught` (the resolver types only a project class so).
    `except*` binds an exception group, and a type that is no plain name leaves e some value."""
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    chains = [chain_of(t) if isinstance(t, (ast.Name, ast.Attribute)) else None for t in types]
    name, line = handler.name, handler.lineno
    assert name is not None
    func = scope.func
    if scope.kind != "function" or func is None or name in func.globals or not plain or not types or None in chains:
        ex.store_name(scope, name, line, guard)
        return
    targets = list(dict.fromkeys(".".join(chain) for chain in chains if chain is not None))
    ex.bind(scope, Binding(name, "instance", targets[0], "caught", line, guard))
    func.bindings.extend(Binding(name, "instance", t, "caught", line, guard) for t in targets[1:])


def _try_imports(body: list[ast.stmt]) -> Cond:
    """When a `try` body succeeds, from the imports it makes: `try: import winreg` / `except ImportError:` takes
    the branch the target's stdlib decides. Anything else in the body (a relative or project import, which the
    target cannot decide; a call; an explicit `raise`) may raise `ImportError` too, so it adds an unknown: the
    handler is dead only when every statement is an import the target has."""
    imports: list[Cond] = []
    for stmt in body:
        if isinstance(stmt, ast.Import):
            imports.extend(CondImport(alias.name, None) for alias in stmt.names)
        elif isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module:
            names = [a.name for a in stmt.names]
            imports.extend(CondImport(stmt.module, None if n == "*" else n) for n in names)
        elif not isinstance(stmt, ast.Pass):
            imports.append(UNKNOWN)
    return CondAnd(tuple(imports)) if imports else UNKNOWN


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in _IMPORT_ERRORS for t in types)


def _import(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Import)
    for alias in node.names:
        if alias.asname:
            ex.bind(scope, Binding(alias.asname, "import", alias.name, "", node.lineno, guard))
        else:
            root = alias.name.split(".")[0]
            ex.bind(scope, Binding(root, "import", root, "", node.lineno, guard))


def _import_from(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.ImportFrom)
    module = "." * node.level + (node.module or "")
    for alias in node.names:
        if alias.name == "*":
            ex.bind(scope, Binding("*", "star", module, "", node.lineno, guard))
        else:
            ex.bind(scope, Binding(alias.asname or alias.name, "from", module, alias.name, node.lineno, guard))


_DECLARED = ("", "declared")
"""The member of an annotation's `instance` binding: outside a function, and in one (a declaration)."""


def _typing_flag(name: str, cond: Cond) -> Cond:
    """A module's own `TYPE_CHECKING = False` is the typing flag without importing typing (type checkers honour
    the name): what it guards types annotations and is never reached, as under `typing.TYPE_CHECKING`."""
    return TYPE_CHECKING if name == "TYPE_CHECKING" and cond == CondConst(False) else cond


def _assign(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
    targets: list[ast.expr] = list(node.targets) if isinstance(node, ast.Assign) else [node.target]
    value = node.value
    annotated = annotation_type(node.annotation) if isinstance(node, ast.AnnAssign) else ""
    _self_fields(ex, targets, value, annotated, scope, guard)
    single = targets[0] if len(targets) == 1 and isinstance(targets[0], ast.Name) else None
    if single is not None and not isinstance(node, ast.AugAssign):
        name = single.id
        if scope.kind == "module" and isinstance(value, ast.Lambda):
            _module_lambda(ex, name, value, scope, guard)
            return
        function = scope.kind == "function"
        classed = _class_of(ex, scope, value) if function and value is not None else None
        binding = (
            Binding(name, "alias", ".".join(classed), "", node.lineno, guard)  # `TypeSelf = type(self)`
            if classed
            else _typevar(name, value, node.lineno, guard)
            or _value_binding(name, value, node.lineno, guard, subscript=not function, function=function)
        )
        if annotated and not holds_elements(binding):  # a display's elements say more than its type
            if isinstance(value, (ast.Name, ast.Attribute)) and binding.kind == "alias":
                # `Root: type = Base` is the alias `Root = Base` whatever the annotation says (a base, a name the
                # hierarchy search follows); the annotation types what the alias leaves unknown
                binding = binding._replace(member=annotated)
            else:  # in a function, a declaration (member `declared`): the name holds a T wherever it is bound there
                binding = Binding(name, "instance", annotated, _DECLARED[scope.kind == "function"], node.lineno, guard)
        if scope.kind == "module" and value is not None:
            cond = ex.compiler.compile(value)
            if is_known(cond) and binding.kind == "var" and name not in ex.rebound:
                ex.bind(scope, binding)
                ex.compiler.aliases[name] = _typing_flag(name, cond)
                ex.push(value, scope, guard, "ref")
                return
        if scope.kind == "class" and isinstance(value, ast.Call):
            _factory(ex, value, scope)
            if _declares_field(ex, value):
                # a dataclass or attrs field is instance state, reached through construction (its factory): the
                # declaration is no class state a reader of the name reaches (semantics §4); the class statement
                # still makes the declaring call (and its arguments' calls), so readers of the class reach them
                declared = binding if binding.kind == "instance" else Binding(name, "var", "", "", node.lineno, guard)
                ex.bind(scope, declared)
                ex.push_all(_declaring_parts(ex, value), scope, guard, "ref")
                return
        binding = _item_binding(scope, binding, value) or binding  # `x = items[i]`: one item of `items`
        _count_literal(scope, name, value)
        if binding.kind != "var" or scope.kind != "function":
            ex.bind(scope, binding)
        else:
            ex.store_name(scope, name, node.lineno, guard)
            if isinstance(value, ast.Lambda) and scope.func is not None:
                scope.func.bindings.append(Binding(name, "nested", "", "", node.lineno, guard))
        ex.push(value, _member_state(ex, scope, name, value, node.lineno, guard), guard, "ref")
        return
    if isinstance(node, ast.AugAssign):
        _augmented(ex, node, scope, guard)
    if isinstance(node, ast.AugAssign) or value is None:
        ex.push(value, scope, guard, "ref")
        for target in reversed(targets):
            ex.push(target, scope, guard, "ref")
        return
    pairs = [pair for target in targets for pair in _pairs(target, value)]
    unpacked = any(isinstance(target, (ast.Tuple, ast.List)) for target in targets)  # `a, b = c` iterates c
    _unpacked_call(ex, scope, targets, value, guard)
    _bind_pairs(ex, scope, pairs, value, node.lineno, guard, value if unpacked else None)
    for target in reversed(targets):
        _push_stores(ex, target, scope, guard)


def _unpacked_call(ex: _Extractor, scope: _Scope, targets: list[ast.expr], value: ast.expr, guard: int) -> None:
    """`a, b = make()` in a function: each name is its position of what the call returns, which the callee's
    return annotation may say (`-> tuple[A, B]`): an `unpacked` binding, `member` "position/length"."""
    if scope.kind != "function" or not isinstance(value, ast.Call):
        return
    chain = value_chain(value)
    if chain is None or chain[0].startswith("<"):
        return
    chain = narrow(scope, chain)
    for target in targets:
        if not isinstance(target, (ast.Tuple, ast.List)) or not all(isinstance(e, ast.Name) for e in target.elts):
            continue
        length = len(target.elts)
        for position, element in enumerate(target.elts):
            assert isinstance(element, ast.Name)
            binding = Binding(element.id, "unpacked", ".".join(chain), f"{position}/{length}", element.lineno, guard)
            ex.bind(scope, binding)


def _member_state(ex: _Extractor, scope: _Scope, name: str, value: ast.expr | None, line: int, guard: int) -> _Scope:
    """The `state` function of a one-name assignment's value (`_state_scope`); in a class body, the class
    statement also calls `__set_name__` on the value, and runs no part of a lambda's body."""
    state = _state_scope(ex, scope, name, line, guard)
    if scope.kind == "class":
        _implicit(ex, scope, value, "__set_name__", line, guard)
        if isinstance(value, ast.Lambda) and state.func is not None:
            state.func.parent = None
    return state


def _augmented(ex: _Extractor, node: ast.AugAssign, scope: _Scope, guard: int) -> None:
    """`x += y` calls `x.__iadd__` (or `__add__`, then `y.__radd__`); `t[k] += y` also reads `t[k]`, and `o.a += y`
    reads `o.a` (a property's getter runs, then its setter)."""
    dunder = specials.BINARY.get(type(node.op))
    if dunder is not None:
        _implicit(ex, scope, node.target, f"__i{dunder[2:]}", node.lineno, guard, node.value)
        _reflected(ex, scope, node.target, node.value, f"__i{dunder[2:]}", node.lineno, guard)
        if scope.kind == "function" and scope.func is not None and isinstance(node.target, ast.Name):
            # `c += x` binds c to what `c.__iadd__(x)` (or `c.__add__(x)`) returns: another class, maybe
            scope.func.bindings.append(Binding(node.target.id, "augmented", dunder, "", node.lineno, guard))
    if isinstance(node.target, ast.Subscript):
        _implicit(ex, scope, node.target.value, "__getitem__", node.lineno, guard, node.target.slice)
    elif isinstance(node.target, ast.Attribute) and (chain := chain_of(node.target, calls=True)) is not None:
        ex.use(scope, chain, "ref", node.lineno, guard, "")


def _pairs(target: ast.expr, value: ast.expr | None) -> list[tuple[ast.Name, ast.expr | None]]:
    """Each name a target binds, with the part of `value` it receives when that is known exactly (`a, (b, c) =
    x, (y, z)`; a starred target or a value of another shape leaves its names unknown: None). Iterative."""
    out: list[tuple[ast.Name, ast.expr | None]] = []
    stack: list[tuple[ast.expr, ast.expr | None]] = [(target, value)]
    while stack:
        current, part = stack.pop()
        if isinstance(current, ast.Name):
            out.append((current, part))
        elif isinstance(current, ast.Starred):
            stack.append((current.value, None))
        elif isinstance(current, (ast.Tuple, ast.List)):
            exact = (
                isinstance(part, (ast.Tuple, ast.List))
                and len(part.elts) == len(current.elts)
                and not any(isinstance(e, ast.Starred) for e in (*part.elts, *current.elts))
            )
            parts: list[ast.expr | None] = list(part.elts) if exact and isinstance(part, (ast.Tuple, ast.List)) else []
            for index in reversed(range(len(current.elts))):
                stack.append((current.elts[index], parts[index] if parts else None))
    out.reverse()
    return out


def _bind_pairs(
    ex: _Extractor,
    scope: _Scope,
    pairs: Sequence[tuple[ast.Name, ast.expr | None]],
    value: ast.expr,
    line: int,
    guard: int,
    iterated: ast.expr | None = None,
) -> None:
    """Bind each name to its exact part of `value` (an alias when that is a name or a call), or to an unknown part
    of it. At module and class level every name gets a `state` function of its own at the statement's line: what
    its part (the whole value when its part is unknown) evaluates is what reading the name reaches (semantics §4).
    `iterated`: the value an unpacking target iterates (`a, b = c` calls `c.__iter__`), in each of those."""
    for name, part in pairs:
        binding = _value_binding(name.id, part, line, guard) if part is not None else None
        if scope.kind == "function":
            item = _item_binding(scope, binding, part) if binding is not None else None
            if binding is not None and binding.kind != "var":
                ex.bind(scope, binding)
            elif item is not None:
                ex.bind(scope, item)
            else:
                ex.store_name(scope, name.id, line, guard)
            continue
        ex.bind(scope, binding or Binding(name.id, "var", "", "", line, guard))
        _count_literal(scope, name.id, part)
        state = _state_scope(ex, scope, name.id, line, guard)
        _implicit(ex, state, iterated, "__iter__", line, guard)
        ex.push(part or value, state, guard, "ref")
    if scope.kind == "function" or not pairs:
        _implicit(ex, scope, iterated, "__iter__", line, guard)
        ex.push(value, scope, guard, "ref")


def _item_binding(scope: _Scope, binding: Binding, value: ast.expr | None) -> Binding | None:
    """For a `var` binding of `x = items[i]` in a function (an index, not a slice, of a dotted name): one item of
    that value (an `element` binding whose member is "[]"); None for any other binding or value, and for the
    method's own `self` / `cls`."""
    name, line, guard = binding.name, binding.line, binding.guard
    if binding.kind != "var" or not isinstance(value, ast.Subscript) or isinstance(value.slice, ast.Slice):
        return None
    if scope.kind != "function" or scope.func is None or name == scope.func.first:
        return None
    chain = chain_of(value.value)
    if chain is None or chain[0].startswith("<"):
        return None
    return Binding(name, "element", ".".join(narrow(scope, chain)), "[]", line, guard)


def _push_stores(ex: _Extractor, target: ast.expr, scope: _Scope, guard: int) -> None:
    """What a target evaluates besides the names it binds (those are bound already): `obj.x`, `d[k]`."""
    stack = [target]
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.Tuple, ast.List)):
            stack.extend(current.elts)
        elif isinstance(current, ast.Starred):
            stack.append(current.value)
        elif not isinstance(current, ast.Name):
            ex.push(current, scope, guard, "ref")


def _state_scope(ex: _Extractor, scope: _Scope, name: str, line: int, guard: int) -> _Scope:
    """Where a module-level or class-body assignment's value is evaluated: a `state` function of its own (named
    after the first name bound), whose uses are what reading the name reaches (semantics §4, module and class state)."""
    if scope.kind == "function":
        return scope
    cls = scope.cls.qualname if scope.kind == "class" and scope.cls is not None else ""
    qualname = f"{scope.prefix}{name}"
    builder = _FunctionBuilder(qualname, line, cls, "state", "", False, guard, "", pending=True)
    if scope.kind == "class":
        builder.parent = scope.func
        builder.outer = scope.cls.outer if scope.cls is not None else None  # a local class's: a closure too
    return _Scope("function", f"{qualname}.<locals>.", func=builder, outer=scope)


def _self_fields(
    ex: _Extractor, targets: list[ast.expr], value: ast.expr | None, annotated: str, scope: _Scope, guard: int
) -> None:
    """`self.x = ...` in a method: what the instance attribute holds, when that is known."""
    func, cls = scope.func, scope.cls
    if scope.kind != "function" or func is None or cls is None or not func.first:
        return
    for target in targets:
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
            continue
        if target.value.id != func.first:
            continue
        parts = operands(value)
        values = [("instance", annotated)] if annotated else [v for part in parts for v in _field_value(part, func)]
        for kind, typed in dict.fromkeys(values):
            method = func.qualname.rpartition(".")[2] if kind == "param" else func.qualname if kind == "called" else ""
            cls.fields.append(Binding(target.attr, kind, typed, method, target.lineno, guard))
        ex.fields_set.add(target)


def _field_value(value: ast.expr | None, func: _FunctionBuilder) -> list[tuple[str, str]]:
    """The (kind, target) field bindings `self.x = value` makes (`Binding`): one, or for a module's name alone two."""
    if isinstance(value, ast.Name):
        for binding in func.bindings:  # `self.x = param` with `param: T`
            if binding.name == value.id and binding.kind == "instance":
                return [("instance", binding.target)]
        if _is_parameter(func, value.id):  # `self.x = param`: what callers pass, or its default
            return [("param", value.id)]
        if value.id not in func.locals and value.id != func.first and not _bound_in(func.node, value.id):
            # `self.x = make_key`: what the module binds the name to is followed, and the value stays unknown too
            return [("alias", value.id), ("var", "")]
        return [("var", "")]
    chain = value_chain(value) if value is not None else None
    if chain is not None and chain[-1] == "()" and (chain[0] in func.locals or chain[0] == func.first):
        # `self.b = maker.make()`, `self.b = self._make()`: the call's value, as the method's body types it
        return [("called", ".".join(chain))]
    if chain is not None and chain[0] not in func.locals and (len(chain) > 1 or chain[0].startswith("<")):
        # `self.x = Client()`, `self.x = make()`, `self.x = []`: a chain from the module (a local's is unknown)
        return [("alias", ".".join(chain))]
    return [("var", "")]


def _bound_in(node: ast.AST | None, name: str) -> bool:
    """Whether a def binds `name` anywhere in it (a local, also where bound after the line that reads it, in a loop
    going back to it); no def known: assumed so."""
    if node is None:
        return True
    for current in ast.walk(node):
        if current is node:
            continue
        if isinstance(current, ast.Name) and current.id == name and not isinstance(current.ctx, ast.Load):
            return True
        if isinstance(current, ast.alias) and (current.asname or current.name.partition(".")[0]) == name:
            return True
        if getattr(current, "name", None) == name:  # a nested def or class, `except E as name`, `case [*name]`
            return True
    return False


def _is_parameter(func: _FunctionBuilder, name: str) -> bool:
    """Whether `name` is still the argument of one of the def's own parameters (`self` / `cls` aside): not rebound
    so far, nor shadowed by a nested def's parameter."""
    node = func.node
    if node is None or name in func.stored or name == func.first:
        return False
    args = node.args
    return any(param.arg == name for param in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[tuple[str, int, str, int], ...]:
    """`FunctionFacts.params` of a def: kept for `__init__` and for a def with a dotted-name default."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr] = dict(
        zip((p.arg for p in positional[len(positional) - len(args.defaults) :]), args.defaults, strict=True)
    )
    defaults.update((p.arg, d) for p, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None)
    named = {name: arguments.dotted(value) for name, value in defaults.items()}
    if not any(named.values()) and (node.name != "__init__" or len(positional) + len(args.kwonlyargs) < 2):
        return ()
    out: list[tuple[str, int, str, int]] = []
    for position, param in [*enumerate(positional), *((-1, p) for p in args.kwonlyargs)]:
        default = defaults.get(param.arg)
        written = "" if default is None else named[param.arg] or "?"
        out.append((param.arg, position, written, default.lineno if default is not None else 0))
    return tuple(out)


def _received(builder: _FunctionBuilder) -> tuple[tuple[str, int], ...]:
    """`FunctionFacts.received` of a plain function: its parameters nothing in its body binds again or shadows."""
    node = builder.node
    if node is None or builder.cls or builder.kind != "function":
        return ()
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    out: list[tuple[str, int]] = []
    for position, param in [*enumerate(positional), *((-1, p) for p in args.kwonlyargs)]:
        if not builder.stores.get(param.arg) and param.arg not in builder.globals:
            out.append((param.arg, position))
    return tuple(out)


def _applied(builder: _FunctionBuilder) -> str:
    """`FunctionFacts.applied`: the parameter a decorator application passes the decorated def to, where the body
    never binds it again nor shadows it (the returned def's own parameter is its one binding in a factory)."""
    node = builder.node
    if node is None or builder.is_async:
        return ""
    if builder.kind == "method" and node.name == "__call__":
        params = [*node.args.posonlyargs, *node.args.args]
        first = params[1].arg if len(params) > 1 else ""
        return first if first and not builder.stores.get(first) and first not in builder.globals else ""
    if builder.kind != "function" or builder.cls:
        return ""
    returns, stores, defs, generator = _own_returns(node)
    names = {r.id for r in returns if isinstance(r, ast.Name)}
    if generator or len(names) != 1 or len(returns) != sum(isinstance(r, ast.Name) for r in returns):
        return ""
    inner = defs.get(next(iter(names)))
    if inner is None or stores.get(inner.name) != 1 or inner.decorator_list:
        return ""
    params = [*inner.args.posonlyargs, *inner.args.args]
    args = node.args
    own = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    first = params[0].arg if params else ""
    if not first or first in own or builder.stores.get(first) != 1 or first in builder.globals:
        return ""
    return first


def _returned(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """`FunctionFacts.gives` of a property's getter: the chain of each `return` of its own body (not of a nested
    def, lambda or class); "?" for any other value, and for a body with no `return`."""
    found: list[str] = []
    stack: list[ast.AST] = list(node.body)
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, ast.Return):
            chain = value_chain(current.value) if current.value is not None else None
            found.append(".".join(chain) if chain is not None and not chain[0].startswith("<") else "?")
        stack.extend(child for child in ast.iter_child_nodes(current) if isinstance(child, ast.stmt))
    return tuple(dict.fromkeys(sorted(found))) or ("?",)


def _holds(builder: _FunctionBuilder, displayed: set[str]) -> Holds:
    """`FunctionFacts.holds`, read from the def only where it may fill a list: it binds a local to a display, or
    (a method) calls a filling method on a field of `self` or binds one of `displayed`, its class's fields set to a
    display somewhere."""
    node, first = builder.node, builder.first
    if node is None:
        return ()
    local = {b.name for b in builder.bindings if b.kind == "alias" and b.target in DISPLAYS}
    if local:  # only a list the body iterates, indexes or passes on by name is asked what it holds
        read = {b.target for b in builder.bindings if b.kind == "element"}
        passed = {
            str(arg[1])
            for _, (given, named) in builder.calls
            for arg in (*given, *(value for _, value in named))
            if isinstance(arg, tuple) and len(arg) == 2
        }
        local &= read | passed
    stored = {(name, "__set__") for name in displayed}
    fields = bool(first) and any(
        len(chain) == 3
        and chain[0] == first
        and ((ctx == "call" and chain[2] in FILLS) or (ctx == "implicit" and chain[1:] in stored))
        for chain, ctx, *_ in builder.uses
    )
    return contents(node, first if fields else "", value_chain, frozenset(local)) if local or fields else ()


def _constructs(builder: _FunctionBuilder) -> str:
    """`CONSTRUCTS` for an unannotated classmethod each of whose `return`s (at least one) gives `cls(...)`, and no
    `yield` or `await` (a generator's or a coroutine's call gives no instance); "" for any other def."""
    node = builder.node
    if node is None or builder.kind != "classmethod" or builder.is_async or not builder.first:
        return ""
    found = False
    stack: list[ast.AST] = list(node.body)
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, (ast.Yield, ast.YieldFrom, ast.Await)):
            return ""
        if isinstance(current, ast.Return):
            value = current.value
            if not (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == builder.first
            ):
                return ""
            found = True
        stack.extend(ast.iter_child_nodes(current))
    return CONSTRUCTS if found and builder.first not in builder.stored else ""


def _keep_nested(builder: _FunctionBuilder) -> None:
    """A local def or lambda is what its name denotes only when nothing else binds the name in the function (no
    other assignment, loop or parameter, no `global`): its `nested` binding is dropped otherwise."""
    if not any(b.kind == "nested" for b in builder.bindings):
        return
    own: set[str] = set(builder.globals)
    if builder.node is not None:
        args = builder.node.args
        own.update(p.arg for p in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if p)
    builder.bindings = [
        b for b in builder.bindings if b.kind != "nested" or (builder.stores.get(b.name) == 1 and b.name not in own)
    ]


def _getter(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A property's getter, not its setter or deleter (`@x.setter`)."""
    return not any(
        (chain := chain_of(deco)) is not None and len(chain) >= 2 and chain[-1] in ("setter", "deleter")
        for deco in node.decorator_list
    )


def _shapes(ex: _Extractor) -> dict[int, tuple[tuple[tuple[str, int, str, int], ...], tuple[str, ...]]]:
    """Per def, its `params` and, for a property's getter, what it `gives` (read before the defs are dropped)."""
    out: dict[int, tuple[tuple[tuple[str, int, str, int], ...], tuple[str, ...]]] = {}
    for index, builder in enumerate(ex.functions):
        _keep_nested(builder)
        node = builder.node
        if node is None:
            continue
        params = _parameters(node)
        gives = _returned(node) if builder.kind == "property" and _getter(node) else ()
        if params or gives:
            out[index] = (params, gives)
    return out


_FACTORY_CALLEES = frozenset({"field", "ib", "attrib"})


def _factory(ex: _Extractor, value: ast.Call, scope: _Scope) -> None:
    """`x: list = field(default_factory=f)` / `x = attr.ib(factory=f)`: constructing the class calls `f`."""
    callee = chain_of(value.func)
    if scope.cls is None or callee is None or callee[-1] not in _FACTORY_CALLEES:
        return
    for keyword in value.keywords:
        if keyword.arg in ("default_factory", "factory"):
            chain = chain_of(keyword.value)
            if chain is not None:
                scope.cls.factories.append((".".join(chain), keyword.value.lineno))


def _declaring_parts(ex: _Extractor, value: ast.Call) -> list[ast.expr]:
    """What a field declaration evaluates in the class statement: its arguments, less a factory `_factory`
    recorded (construction calls it; the declaration only stores it); and the call itself where the declaring
    function is a def of this module (attrs's own `attrib`), project code the statement enters. A library's
    field function (`dataclasses.field`, `attr.ib`) only records its arguments."""
    kept = [k for k in value.keywords if k.arg not in ("default_factory", "factory") or chain_of(k.value) is None]
    callee = chain_of(value.func)
    own = callee is not None and len(callee) == 1 and ex.module_kinds.get(callee[0]) == "def"
    if own:
        return [ast.copy_location(ast.Call(func=value.func, args=value.args, keywords=kept), value)]
    return [*value.args, *(k.value for k in kept)]


_FIELD_MODULES = frozenset({"dataclasses", "attr", "attrs"})


def _declares_field(ex: _Extractor, value: ast.Call) -> bool:
    """`dataclasses.field(...)`, `attr.ib(...)`, `attrs.field(...)`, or those names imported from those modules,
    under any local name (`from attr import ib as field`); attrs's own `attrib` / `ib` imported from anywhere (a
    re-export, attrs's `from ._make import attrib`) or defined in the module (attrs's `_make.py` declares
    `_AndValidator`'s field with its own `attrib`). A project function called `field` is not one."""
    callee = chain_of(value.func)
    if callee is None or len(callee) > 2:
        return False
    for binding in reversed(ex.bindings):
        if binding.name != callee[0]:
            continue
        if len(callee) == 2:
            return callee[1] in _FACTORY_CALLEES and binding.kind == "import" and binding.target in _FIELD_MODULES
        if binding.kind == "def":
            return binding.name in _ATTRS_FIELD_NAMES
        if binding.kind != "from" or binding.member not in _FACTORY_CALLEES:
            return False
        return binding.target in _FIELD_MODULES or binding.member in _ATTRS_FIELD_NAMES
    return False


_ATTRS_FIELD_NAMES = frozenset({"ib", "attrib"})
"""attrs's own spellings of a field, names no other library uses for anything else: a re-export of one is one."""


def _value_binding(
    name: str, value: ast.expr | None, line: int, guard: int, subscript: bool = False, function: bool = False
) -> Binding:
    """`name = a.b`, `name = make()`, `name = []`: the name holds that value (an alias of its chain). With
    `subscript` (outside a function), `name = a.B[...]` keeps the chain it subscripts (`_subscript_binding`). In a
    `function`, `name = super().m` is an alias of what `super().m` finds (Django's `super_new = super().__new__`):
    the body resolves it as it resolves `super().m()`, for the class its `self` stands for; so is `name =
    super().__new__(cls)` (an instance of what `cls` is, `call_step`)."""
    chain = value_chain(value) if value is not None else None
    made = chain is not None and chain[1:2] == ("__new__",) and chain[2:3] != () and chain[2][:2] == "(="
    if chain is not None and (not chain[0].startswith("<super") or (function and (len(chain) == 2 or made))):
        return Binding(name, "alias", ".".join(chain), _displayed(value) if subscript else "", line, guard)
    var = Binding(name, "var", "", "", line, guard)
    return _subscript_binding(var, value) if subscript else var


def _displayed(value: ast.expr | None) -> str:
    """`DISPLAYED` and the elements' chains for a list, tuple or set display without a starred element; "" for
    any other value."""
    if not isinstance(value, (ast.List, ast.Tuple, ast.Set)) or any(isinstance(e, ast.Starred) for e in value.elts):
        return ""
    chains = [value_chain(element) for element in value.elts]
    return DISPLAYED + ";".join(".".join(c) if c is not None and ";" not in "".join(c) else "" for c in chains)


def _typevar(name: str, value: ast.expr | None, line: int, guard: int) -> Binding | None:
    """`T = TypeVar("T", bound=C)` / `TypeVar("T", A, B)`: an annotation naming T types its bound, or each of its
    constraints (target: their type targets, `;`-separated; "" for one that names no single class). None for
    any other value, and for a TypeVar with neither (it says nothing of a value's class)."""
    if not isinstance(value, ast.Call):
        return None
    callee = chain_of(value.func)
    if callee is None or callee[-1] != "TypeVar" or any(isinstance(a, ast.Starred) for a in value.args):
        return None
    given = [k.value for k in value.keywords if k.arg == "bound"] or value.args[1:]
    if not given:
        return None
    types = [annotation_type(node) for node in given]
    return Binding(name, "typevar", ";".join(t if ";" not in t else "" for t in types), "", line, guard)


def _module_lambda(ex: _Extractor, name: str, value: ast.Lambda, scope: _Scope, guard: int) -> None:
    builder = _FunctionBuilder(name, value.lineno, "", "lambda", "", False, guard, "")
    ex.functions.append(builder)
    ex.bind(scope, Binding(name, "def", name, "", value.lineno, guard))
    inner = _Scope("function", f"{name}.<locals>.", func=builder)
    ex.push(value.body, inner, guard, "ref")
    _arguments(ex, value.args, inner, guard, builder, own=True)


def _for(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.For, ast.AsyncFor))
    ex.push_body(node.orelse, scope, guard)
    body_guard = _iterated(ex, scope, node, guard)
    if scope.kind != "function":
        ex.push_body(node.body, scope, body_guard)
        # `for h in (f, g)` binds h to each element; any other loop to some element of what it iterates
        _bind_elements(ex, scope, node.target, node.iter, node.lineno, guard)
        _push_stores(ex, node.target, scope, guard)
        return
    made = _element(ex, node.target, node.iter, scope, guard)
    ex.push_body(node.body, _loop_narrowed(scope, node.target, made), body_guard)
    for dunder in specials.ASYNC_ITERATION if isinstance(node, ast.AsyncFor) else ("__iter__",):
        _implicit(ex, scope, node.iter, dunder, node.lineno, guard)
    ex.push(node.target, scope, guard, "ref")
    ex.push(node.iter, scope, guard, "ref")


def _iterated(ex: _Extractor, scope: _Scope, node: ast.For | ast.AsyncFor, guard: int) -> int:
    """The guard of a loop's body: a plain `for` over a parameter runs its body only where the argument is true (a
    false literal, `()` or `""`, has no element; `None` or `False` raises first), so an empty literal decides it."""
    if scope.kind != "function" or isinstance(node, ast.AsyncFor) or not isinstance(node.iter, ast.Name):
        return guard
    cond = ex.test(node.iter, scope)
    if not isinstance(cond, CondParam) or cond.op != "truth":
        return guard
    return ex.guard_with(guard, cond, True)


def _bind_elements(ex: _Extractor, scope: _Scope, target: ast.expr, iterable: ast.expr, line: int, guard: int) -> None:
    """A loop target at module or class level: a name over a literal tuple, list or set is each element in turn
    (one alias per element); any other target is an unknown part of the iterable, which reading it reaches."""
    literal = isinstance(iterable, (ast.Tuple, ast.List, ast.Set)) and isinstance(target, ast.Name)
    if literal and not any(isinstance(e, ast.Starred) for e in iterable.elts):  # type: ignore[attr-defined]
        assert isinstance(target, ast.Name) and isinstance(iterable, (ast.Tuple, ast.List, ast.Set))
        for element in iterable.elts:
            ex.bind(scope, _value_binding(target.id, element, line, guard))
        ex.push(iterable, _state_scope(ex, scope, target.id, line, guard), guard, "ref")
        return
    _bind_pairs(ex, scope, _pairs(target, None), iterable, line, guard)


_SAME_ELEMENTS = frozenset({"sorted", "reversed", "list", "tuple", "set", "frozenset", "iter"})


def _element(ex: _Extractor, target: ast.expr, iterable: ast.expr, scope: _Scope, guard: int) -> list[Binding]:
    """`for name in <value>`: name is an element of that value (its class is known when the value's is); so are
    `for i, name in enumerate(<value>)`, `for a, b in zip(<a>, <b>)`, `for k, v in <mapping>.items()` and the
    loops over `sorted(<value>)`, `reversed(...)`, `list(...)`. Returns the bindings made."""
    made: list[Binding] = []
    if scope.kind != "function":
        return made
    pairs: list[tuple[ast.expr, tuple[str, ...] | None]] = []
    callee = chain_of(iterable.func) if isinstance(iterable, ast.Call) else None
    args = iterable.args if isinstance(iterable, ast.Call) else []
    if callee is not None and len(callee) == 1 and callee[0] in _SAME_ELEMENTS and len(args) == 1:
        pairs.append((target, value_chain(args[0])))
    elif isinstance(target, ast.Tuple) and callee == ("enumerate",) and args and len(target.elts) == 2:
        pairs.append((target.elts[1], value_chain(args[0])))
    elif isinstance(target, ast.Tuple) and callee == ("zip",) and len(args) == len(target.elts):
        pairs.extend((elt, value_chain(arg)) for elt, arg in zip(target.elts, args, strict=True))
    elif isinstance(target, ast.Tuple) and callee is not None and callee[-1] == "items" and len(target.elts) == 2:
        func = iterable.func if isinstance(iterable, ast.Call) else None
        mapping = value_chain(func.value) if isinstance(func, ast.Attribute) else None
        if mapping is not None:
            pairs.append((target.elts[0], mapping))
            pairs.append((target.elts[1], (*mapping, "values", "()")))
    else:
        pairs.append((target, value_chain(iterable)))
    for name, chain in pairs:
        if isinstance(name, ast.Name) and chain is not None and not chain[0].startswith("<super"):
            made.append(Binding(name.id, "element", ".".join(chain), "", name.lineno, guard))
            ex.bind(scope, made[-1])
    return made


def _comprehension(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """One `for` clause of a comprehension: each of its `if` clauses runs only where the ones before it held, so
    `isinstance` tests narrow there (`_narrowed`)."""
    assert isinstance(node, ast.comprehension)
    _element(ex, node.target, node.iter, scope, guard)
    for dunder in specials.ASYNC_ITERATION if node.is_async else ("__iter__",):
        _implicit(ex, scope, node.iter, dunder, node.iter.lineno, guard)
    scopes = [scope]  # the scope of each `if` clause
    binds, bound = _Binds(node.ifs), _target_names(node.target)
    for test in node.ifs[:-1]:
        scopes.append(_narrowed(ex, scopes[-1], test, True, test.lineno, binds, bound))
    for test, tested in zip(node.ifs, scopes, strict=False):
        _tested(ex, tested, test, guard)
    for test, tested in reversed(list(zip(node.ifs, scopes, strict=False))):
        ex.push(test, tested, guard, "ref")
    ex.push(node.target, scope, guard, "ref")
    ex.push(node.iter, scope, guard, "ref")


def _target_names(target: ast.expr) -> frozenset[str]:
    """The names a `for` clause's target binds."""
    return frozenset(n for sub in ast.walk(target) for n in _bound_names(sub) if n)


def _push_comprehension(
    ex: _Extractor,
    node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
    scope: _Scope,
    guard: int,
    ctx: str,
) -> _Scope:
    """A comprehension's `for` clauses, then its element (`elt`; `key` and `value`), in source order; returns the
    element's scope. A clause after another, and the element, run only where the earlier clauses' `if` tests held:
    an `isinstance` test there narrows its name in them (`[x.m() for x in xs if isinstance(x, C)]`), unless they
    bind it again."""
    parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    sub = "type" if ctx == "type" else "ref"
    scopes = _comprehension_scopes(ex, node.generators, parts, scope)
    ex.push_all(parts, scopes[-1], guard, sub)
    for generator, within in reversed(list(zip(node.generators, scopes, strict=False))):
        ex.push(generator, within, guard, sub)
    return scopes[-1]


def _comprehension_scopes(
    ex: _Extractor, generators: list[ast.comprehension], parts: list[ast.expr], scope: _Scope
) -> list[_Scope]:
    """The scope of each `for` clause, then of the element: narrowed by the `if` clauses before it."""
    scopes = [scope]
    if scope.kind != "function":
        return scopes * (len(generators) + 1)
    bound: frozenset[str] = frozenset()
    for index, generator in enumerate(generators):
        bound |= _target_names(generator.target)
        current = scopes[-1]
        if generator.ifs:
            binds = _Binds([*generator.ifs, *generators[index + 1 :], *parts])
            for test in generator.ifs:
                current = _narrowed(ex, current, test, True, test.lineno, binds, bound)
        scopes.append(current)
    return scopes


def _named_expr(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """`(h := value)` binds h like `h = value` does (at module level too: a walrus in an `if` test)."""
    assert isinstance(node, ast.NamedExpr)
    _bind_pairs(ex, scope, [(node.target, node.value)], node.value, node.lineno, guard)
    outer = scope.outer
    if outer is not None and outer.kind == "class" and outer.cls is not None:
        # `x = (y := f())` in a class body binds y in the class, though f() is evaluated in x's `state` function
        outer.cls.attributes.append(Binding(node.target.id, "var", "", "", node.lineno, guard))


def _while(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.While)
    ex.push_body(node.orelse, scope, guard)
    ex.push_body(node.body, scope, guard)
    ex.push(node.test, scope, guard, "ref")
    _tested(ex, scope, node.test, guard)


def _with(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.With, ast.AsyncWith))
    ex.push_body(node.body, scope, guard)
    for item in reversed(node.items):
        target, entered = item.optional_vars, item.context_expr
        for dunder in specials.ASYNC_CONTEXT if isinstance(node, ast.AsyncWith) else ("__enter__", "__exit__"):
            _implicit(ex, scope, entered, dunder, entered.lineno, guard)
        if scope.kind == "function" and isinstance(target, ast.Name) and isinstance(entered, ast.Call):
            chain = value_chain(entered)  # `with T(...) as v`: v is what T(...) made (`__enter__` returns it)
            if chain is not None:
                ex.bind(scope, Binding(target.id, "alias", ".".join(chain), "", target.lineno, guard))
        if scope.kind != "function" and target is not None:
            # at module or class level the target is some value `entered` gave: reading it reaches what that evaluated
            _bind_pairs(ex, scope, _pairs(target, None), entered, node.lineno, guard)
            _push_stores(ex, target, scope, guard)
            continue
        ex.push(target, scope, guard, "ref")
        ex.push(entered, scope, guard, "ref")


def _match(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Match)
    # `match platform.system(): case "Darwin": ...` selects per target like an if/elif chain.
    ex.compiling(scope)
    kind = ex.compiler.platform_subject(node.subject)
    guards: list[int] = []
    earlier: list[Cond] = []
    for case in node.cases:
        case_guard = guard
        for previous in earlier:
            case_guard = ex.guard_with(case_guard, previous, False)
        values = _case_strings(case.pattern) if kind else None
        if kind and values:
            cond: Cond = CondOr(tuple(CondPlatform(kind, "==", v) for v in values))
            case_guard = ex.guard_with(case_guard, cond, True)
            if case.guard is None:
                earlier.append(cond)
        guards.append(case_guard)
    for case, case_guard in zip(reversed(node.cases), reversed(guards), strict=True):
        ex.push_body(case.body, scope, case_guard)
        ex.push(case.guard, scope, case_guard, "ref")
        if case.guard is not None:
            _tested(ex, scope, case.guard, case_guard)
        ex.push(case.pattern, scope, case_guard, "ref")
        if scope.kind != "function":  # a capture at module or class level is some part of the subject
            captures = [ast.Name(id=name, ctx=ast.Store()) for name in _captures(case.pattern)]
            _bind_pairs(ex, scope, [(name, None) for name in captures], node.subject, node.lineno, case_guard)
    if kind is None:
        ex.push(node.subject, scope, guard, "ref")


def _captures(pattern: ast.pattern) -> list[str]:
    """The names a case pattern binds (`case [a, *rest]`, `case {"k": v, **more}`, `case C(x=y) as z`). Iterative."""
    names: list[str] = []
    stack: list[ast.AST] = [pattern]
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.MatchAs, ast.MatchStar)) and current.name:
            names.append(current.name)
        elif isinstance(current, ast.MatchMapping) and current.rest:
            names.append(current.rest)
        stack.extend(child for child in ast.iter_child_nodes(current) if isinstance(child, ast.pattern))
    return names


def _case_strings(pattern: ast.pattern) -> tuple[str, ...] | None:
    """The string literals a case pattern matches (`"a"`, `"a" | "b"`), None for anything else."""
    options = pattern.patterns if isinstance(pattern, ast.MatchOr) else [pattern]
    values = []
    for option in options:
        if not (
            isinstance(option, ast.MatchValue)
            and isinstance(option.value, ast.Constant)
            and isinstance(option.value.value, str)
        ):
            return None
        values.append(option.value.value)
    return tuple(values)


def _global(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.Global, ast.Nonlocal))
    if scope.func is not None:
        for name in node.names:
            scope.func.store(name)
    if scope.func is not None and isinstance(node, ast.Global):
        scope.func.globals.update(node.names)
        scope.func.locals.difference_update(node.names)


def _list_comp(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.ListComp)
    _push_comprehension(ex, node, scope, guard, ctx)


def _generator(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """A generator expression runs when it is consumed, maybe after a narrowed name was rebound."""
    assert isinstance(node, ast.GeneratorExp)
    _push_comprehension(ex, node, scope.unnarrowed(), guard, ctx)


def _children(*fields: str, ctx: str = "ref") -> Handler:
    """A handler that pushes the named fields (expressions or lists of them) in source order."""

    def handler(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, incoming: str) -> None:
        # A tuple or union in a type position (`isinstance(x, (A, B | C))`) stays a type position.
        sub = "type" if incoming == "type" else ctx
        for name in reversed(fields):
            value = getattr(node, name, None)
            if isinstance(value, list):
                ex.push_all(value, scope, guard, sub)
            elif isinstance(value, ast.AST):
                ex.push(value, scope, guard, sub)

    return handler


# --------------------------------------------------------------------------------------------------------
# Expression handlers

_PUSH_LEFT_RIGHT = _children("left", "right")
_PUSH_OPERAND = _children("operand")
_PUSH_TEST_MSG = _children("test", "msg")
_PUSH_VALUE_SLICE = _children("value", "slice")
_PUSH_ELTS = _children("elts")
_PUSH_KEYS_VALUES = _children("keys", "values")
_PUSH_VALUE_FORMAT_SPEC = _children("value", "format_spec")
_PUSH_VALUE = _children("value")


def _name(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Name)
    if isinstance(node.ctx, ast.Load):
        code = ctx.partition("\x00")[2]  # an argument of a call (`HANDED`)
        ex.use(scope, (node.id,), ctx if ctx in ("type", "identity") else "ref", node.lineno, guard, code)
    else:
        ex.store_name(scope, node.id, node.lineno, guard)


def _attribute(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Attribute)
    if not isinstance(node.ctx, ast.Load):
        # `obj.x = v` / `os.environ.x = v`: what is written through is still read.
        ex.push(node.value, scope, guard, "ref")
        dunder = "__setattr__" if isinstance(node.ctx, ast.Store) else "__delattr__"
        _named_implicit(ex, scope, node.value, dunder, node.attr, node.lineno, guard)
        # a descriptor the class body binds to the name: `o.x = v` runs its `__set__`, `del o.x` its `__delete__`
        _implicit(ex, scope, node, "__set__" if dunder == "__setattr__" else "__delete__", node.lineno, guard)
        if isinstance(node.ctx, ast.Store) and node not in ex.fields_set:
            _stored_field(node, scope, guard)
        return
    chain = chain_of(node, calls=True)
    if chain is not None:
        code = ctx.partition("\x00")[2]  # an argument of a call (`HANDED`)
        ex.use(scope, chain, ctx if ctx in ("type", "identity") else "ref", node.lineno, guard, code)
        _push_chain_roots(ex, node, scope, guard)
    else:
        ex.push(node.value, scope, guard, "ref")


def _stored_field(node: ast.Attribute, scope: _Scope, guard: int) -> None:
    """`self.a, self.b = ...`, `for self.x in ...`, `with ... as self.x`: a method sets a field whose value is
    not known here; the class binds the name all the same."""
    func, cls, root = scope.func, scope.cls, node.value
    in_method = scope.kind == "function" and func is not None and cls is not None and bool(func.first)
    if in_method and isinstance(root, ast.Name) and func is not None and cls is not None and root.id == func.first:
        cls.fields.append(Binding(node.attr, "var", "", "", node.lineno, guard))


def _push_chain_roots(ex: _Extractor, node: ast.expr, scope: _Scope, guard: int) -> None:
    """What a chain evaluates besides its own name: the default of `getattr(x, "lit", default)`, the call whose
    result it continues (`make()` in `make().run`), the literal it starts from."""
    while isinstance(node, (ast.Attribute, ast.Call)):
        if isinstance(node, ast.Attribute):
            node = node.value
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "getattr" and getattr_literal(node) is not None:
            ex.push_all(node.args[2:], scope, guard, "ref")
            ex.use(scope, ("getattr",), "call", node.lineno, guard)
            node = node.args[0]
            continue
        root = super_root(node)
        if not root:
            ex.push(node, scope, guard, "ref")  # a call in the middle of a chain: recorded by its own handler
        elif root == "<super:?>":
            ex.push_all(node.args, scope, guard, "ref")  # `super(pick(), self)` calls `pick`
        elif root.endswith(":>"):
            ex.push(node.args[1], scope, guard, "ref")  # `super(X, make())` calls `make`
        return
    if literal_root(node):
        ex.push(node, scope, guard, "ref")


_BUILTIN_NAMES = frozenset(dir(builtins))


def _maybe_blind(ex: _Extractor, scope: _Scope, chain: tuple[str, ...] | None) -> bool:
    """Could this callee turn out to be of unknown type? Only then is the call's source text kept."""
    if chain is None or any(step[:1] == "(" for step in chain):
        return True
    root = chain[0]
    if root.startswith("<"):
        return root == "<?>" or root.startswith("<super:")
    func = scope.func
    if func is not None and (root in func.locals or root == func.first):
        return True
    kind = ex.module_kinds.get(root)
    if kind is None:
        return root not in _BUILTIN_NAMES
    # a module-level value, or an attribute of a function or class set at run time (`cached.cache_clear()`)
    return kind in ("var", "alias") or (len(chain) > 1 and kind in ("def", "class"))


def _typed_chain(scope: _Scope, operand: ast.expr | None) -> tuple[str, ...] | None:
    """The chain of a value an implicit call on may run project code, or None for a literal or `super()`: a value
    of a project class enters its method, one of unknown class (a parameter, a loop's variable) may be an instance
    of any class (`resolution.leads`)."""
    func = scope.func
    if func is None or operand is None:
        return None
    chain = value_chain(operand)
    if chain is None or chain[0].startswith("<"):
        return None
    return chain


def _untyped(scope: _Scope, chain: tuple[str, ...]) -> str:
    """`UNTYPED` for a chain rooted at a parameter of the def that no annotation and no binding seen so far in the
    body types, nor an `isinstance` test narrows: its class is unknown at this use (before a later binding, the
    parameter still holds the argument), so an implicit call on it enters nothing and is a blind spot only. Any
    other local (`total = 0`, a loop's variable) is the resolution's question."""
    func, root = scope.func, chain[0]
    if func is None or func.node is None or (scope.narrowed and root in scope.narrowed) or root == func.first:
        return ""
    if root not in func.locals or root not in _own_params(func.node):
        return ""
    return "" if any(b.name == root and b.kind != "nested" for b in func.bindings) else UNTYPED


def _implicit(
    ex: _Extractor,
    scope: _Scope,
    operand: ast.expr | None,
    dunder: str,
    line: int,
    guard: int,
    other: ast.expr | None = None,
) -> None:
    """An implicit special-method call on a value (`a == b` calls `a.__eq__(b)`): recorded as a use in context
    `implicit`, which enters the method when the value's class is a known project class. `other`, the operand
    the method is passed: kept as a call's argument is (`FunctionFacts.calls`), so a literal decides the
    method's tests of it (`x == "*"` enters `__eq__` with `other` the string, and its `isinstance(other, C)`
    is decided as for an explicit call)."""
    chain = _typed_chain(scope, operand)
    if chain is None:
        return
    ex.use(scope, (*chain, dunder), "implicit", line, guard, _untyped(scope, chain))
    if other is not None:
        _passing(scope, other)


def _passing(scope: _Scope, other: ast.expr) -> None:
    """The operand the implicit use just recorded passes its method, when it is a literal or a value made by a
    call or a display (a name is left out: passing one on would make the method's tests of it contexts)."""
    caller = scope.func
    given = arguments.literal(other) or arguments.made(other)
    if caller is not None and given is not None:
        caller.calls.append((len(caller.uses) - 1, ((given,), ())))


def _named_implicit(
    ex: _Extractor, scope: _Scope, operand: ast.expr, dunder: str, attr: str, line: int, guard: int
) -> None:
    """`o.x = v` and `setattr(o, "x", v)` call `o.__setattr__("x", v)` (`del o.x`, `o.__delattr__("x")`): the
    implicit use is recorded with the attribute's name passed as a literal, so the hook's own tests of it are
    decided as a call's are (semantics §5)."""
    caller = scope.func
    before = len(caller.uses) if caller is not None else -1
    _implicit(ex, scope, operand, dunder, line, guard)
    if caller is None or len(caller.uses) != before + 1:
        return  # no use recorded (a value whose class cannot be known): nothing to pass
    name = arguments.literal(ast.Constant(attr))
    passed = (name, None) if dunder == "__setattr__" else (name,)
    caller.calls.append((before, (passed, ())))


def _reflected(
    ex: _Extractor, scope: _Scope, left: ast.expr, right: ast.expr, forward: str, line: int, guard: int
) -> None:
    """`x + y` calls `y.__radd__(x)` when `x` has no `__add__` (`1 + y` too); `x < y`, `y.__gt__(x)`. Recorded as
    an implicit use of the right operand whose `code` is the forward call (`x.__add__`) that, when it enters a
    project method, makes this one not happen; "" when the left operand's class cannot be known."""
    chain = _typed_chain(scope, right)
    if chain is None:
        return
    known = _typed_chain(scope, left)
    unless = ".".join((*known, forward)) if known is not None else ""
    ex.use(scope, (*chain, specials.REFLECTED[forward]), "implicit", line, guard, _untyped(scope, chain) + unless)
    _passing(scope, left)  # `y.__radd__(x)`, `y.__eq__(x)`: passed the left operand


def _tested(ex: _Extractor, scope: _Scope, test: ast.expr, guard: int) -> None:
    """A truth test (`if x:`, `not x`, `x and y`) calls `x.__bool__` (or `__len__`). Only on a name or attribute
    chain: a call's or a comparison's result is not followed. Of `a and b` only `b` is left for the position
    that tests the whole; the operator itself tests `a` (`_bool_op`)."""
    while isinstance(test, ast.BoolOp):
        test = test.values[-1]
    if isinstance(test, (ast.Name, ast.Attribute)) and chain_of(test) is not None:
        _implicit(ex, scope, test, "__bool__", test.lineno, guard)


def _hashed(ex: _Extractor, scope: _Scope, values: ast.expr, line: int, guard: int) -> None:
    """`set(map(C, xs))`, `frozenset(C(x) for x in xs)`: every element is hashed."""
    if isinstance(values, ast.Call) and chain_of(values.func) == ("map",) and values.args:
        callee = chain_of(values.args[0])
        if callee is not None and not callee[0].startswith("<super"):
            ex.use(scope, (*callee, "()", "__hash__"), "implicit", line, guard)
    elif isinstance(values, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
        _implicit(ex, scope, values.elt, "__hash__", line, guard)
    elif isinstance(values, (ast.List, ast.Tuple, ast.Set)):
        for element in values.elts:
            _implicit(ex, scope, element, "__hash__", line, guard)


def _keyed(ex: _Extractor, scope: _Scope, container: ast.expr, key: ast.expr, dunder: str, guard: int) -> None:
    """`d[k]`, `k in d`: a mapping or a set hashes and compares the key (`specials.CALLS_BACK`), recorded as the
    key given to the container's special method (a key whose class cannot be known is left out, as for `_implicit`)."""
    chain = _typed_chain(scope, key)
    if chain is not None:
        owner = chain_of(container, calls=True) or ("<?>",)
        ex.use(scope, chain, "given", key.lineno, guard, specials.given_code("0", (*owner, dunder), ""))


def _compare(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """Comparisons call the operands' special methods; a name compared only by identity (`on_delete is
    CASCADE`) is looked at, not used as a value: a function there is no reference (ctx "identity")."""
    assert isinstance(node, ast.Compare)
    left = node.left
    for op, right in zip(node.ops, node.comparators, strict=True):
        if isinstance(op, (ast.In, ast.NotIn)):
            _implicit(ex, scope, right, "__contains__", node.lineno, guard)
            _keyed(ex, scope, right, left, "__contains__", guard)
        elif type(op) in specials.COMPARE:
            _implicit(ex, scope, left, specials.COMPARE[type(op)], node.lineno, guard, right)
            _reflected(ex, scope, left, right, specials.COMPARE[type(op)], node.lineno, guard)
        left = right
    operands = [node.left, *node.comparators]
    identity = [isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops]
    for i, operand in enumerate(operands):
        only_identity = all(identity[max(i - 1, 0) : i + 1])
        named = isinstance(operand, (ast.Name, ast.Attribute)) and chain_of(operand) is not None
        ex.push(operand, scope, guard, "identity" if only_identity and named and ctx != "type" else ctx)


def _binop(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.BinOp)
    dunder = specials.BINARY.get(type(node.op))
    if dunder is not None and ctx != "type":  # `A | B` in a type position is no call
        _implicit(ex, scope, node.left, dunder, node.lineno, guard, node.right)
        _reflected(ex, scope, node.left, node.right, dunder, node.lineno, guard)
        if isinstance(node.op, ast.Mod):
            _percent(ex, scope, node.left, node.right, guard)
    _PUSH_LEFT_RIGHT(ex, node, scope, guard, ctx)


def _unary(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.UnaryOp)
    if isinstance(node.op, ast.Not):
        _tested(ex, scope, node.operand, guard)
    elif ctx != "type":
        _implicit(ex, scope, node.operand, specials.UNARY[type(node.op)], node.lineno, guard)
    _PUSH_OPERAND(ex, node, scope, guard, ctx)


def _bool_op(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """`a and b`, `a or b` test every operand but the last (which the enclosing test, if any, tests)."""
    assert isinstance(node, ast.BoolOp)
    for value in node.values[:-1]:
        _tested(ex, scope, value, guard)
    scopes = _operand_scopes(ex, scope, node)
    guards = _operand_guards(ex, scope, node, guard)
    for value, value_scope, value_guard in reversed(list(zip(node.values, scopes, guards, strict=True))):
        ex.push(value, value_scope, value_guard, ctx)


def _operand_guards(ex: _Extractor, scope: _Scope, node: ast.BoolOp, guard: int) -> list[int]:
    """The guard of each operand of `a and b` (`a or b`): one after a test runs only where that test was true (false),
    so a decided test (a literal argument, a platform) cuts what the operands after it reach."""
    guards = [guard]
    if scope.kind != "function":
        return guards * len(node.values)
    held = isinstance(node.op, ast.And)
    for earlier in node.values[:-1]:
        guards.append(ex.guard_with(guards[-1], ex.test(earlier, scope), held))
    return guards


def _assert(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Assert)
    _tested(ex, scope, node.test, guard)
    _PUSH_TEST_MSG(ex, node, scope, guard, ctx)


def _subscript(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Subscript)
    if ctx != "type":
        dunder = {ast.Store: "__setitem__", ast.Del: "__delitem__"}.get(type(node.ctx), "__getitem__")
        # the index is passed as an operand is: `x[a:b]` a `slice`, `x[0]` an `int`, deciding `isinstance(i, slice)`
        _implicit(ex, scope, node.value, dunder, node.lineno, guard, node.slice)
        if dunder == "__getitem__":  # `d[k]` on a `dict` subclass, `C[int]` on a class (`SUBSCRIPTED`)
            for also in specials.SUBSCRIPTED:
                _implicit(ex, scope, node.value, also, node.lineno, guard, node.slice)
        _keyed(ex, scope, node.value, node.slice, dunder, guard)
        _indexed(ex, scope, node.value, node.slice, guard)
    _PUSH_VALUE_SLICE(ex, node, scope, guard, ctx)


def _indexed(ex: _Extractor, scope: _Scope, container: ast.expr, key: ast.expr, guard: int) -> None:
    """`[a, b][c]`, `"text"[c:]`: a built-in sequence calls `__index__` of the index (and of a slice's bounds).
    Only a literal sequence is known to be one: a mapping looks its key up by hash instead."""
    if not isinstance(container, (ast.List, ast.Tuple, ast.ListComp, ast.Constant, ast.JoinedStr)):
        return
    bounds = [key.lower, key.upper, key.step] if isinstance(key, ast.Slice) else [key]
    for bound in bounds:
        if bound is not None:
            _implicit(ex, scope, bound, "__index__", bound.lineno, guard)


def _awaited(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """`await c` calls `c.__await__()`; `yield from c`, `c.__iter__()`."""
    assert isinstance(node, (ast.Await, ast.YieldFrom))
    dunder = "__await__" if isinstance(node, ast.Await) else "__iter__"
    _implicit(ex, scope, node.value, dunder, node.lineno, guard)
    _PUSH_VALUE(ex, node, scope, guard, ctx)


def _hash_elements(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """A set or dict literal or comprehension hashes its elements (keys)."""
    if isinstance(node, ast.Set):
        for element in node.elts:
            _implicit(ex, scope, element, "__hash__", node.lineno, guard)
        _PUSH_ELTS(ex, node, scope, guard, ctx)
    elif isinstance(node, ast.Dict):
        for key in node.keys:
            _implicit(ex, scope, key, "__hash__", node.lineno, guard)
        _PUSH_KEYS_VALUES(ex, node, scope, guard, ctx)
    elif isinstance(node, ast.SetComp):
        within = _push_comprehension(ex, node, scope, guard, ctx)
        _implicit(ex, within, node.elt, "__hash__", node.lineno, guard)
    elif isinstance(node, ast.DictComp):
        within = _push_comprehension(ex, node, scope, guard, ctx)
        _implicit(ex, within, node.key, "__hash__", node.lineno, guard)


def _formatted(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.FormattedValue)
    _implicit(ex, scope, node.value, "__format__", node.value.lineno, guard)
    _PUSH_VALUE_FORMAT_SPEC(ex, node, scope, guard, ctx)


def _computed_name(ex: _Extractor, scope: _Scope, node: ast.Call, named: str, guard: int) -> None:
    """`getattr(obj, name)` / `hasattr(obj, name)` with a name computed at run time: a read of each name where the
    function's syntax shows them all (`computed_names`), else of the names of the shape it shows
    (`name_pattern`: `"_m2m_reverse_*_cache"`, the last element of the chain, `*` for what is computed), else of
    any name (`*`). A `getattr` reads by a `getattr` use (the value may be a capable module's), a `hasattr`
    probes (`probe`: it runs a getter or `__getattr__`, and reads nothing of what the name is bound to)."""
    target = chain_of(node.args[0])
    if target is None:
        return
    func = scope.func.node if scope.func is not None else None
    names = computed_names(func, node) if func is not None else None
    if names is None:
        shape = name_pattern(func, node.args[1]) or "*"
        names = (shape,)
    for attr in names:
        if named == "hasattr":
            ex.use(scope, (*target, attr), "probe", node.lineno, guard, ex.code(node) if "*" in attr else "")
        elif "*" in attr:
            ex.use(scope, (*target, attr), "getattr", node.lineno, guard, ex.code(node))
        else:
            ex.use(scope, (*target, attr), "ref", node.lineno, guard)


def _call(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.Call)
    rest: list[ast.expr] = [*node.args, *(k.value for k in node.keywords)]
    func = node.func
    classed = _class_of(ex, scope, func)
    chain = classed or chain_of(func, calls=True)
    if chain is not None:
        chain = narrow(scope, chain)  # as `use` records it: `calls` below finds the use by identity
    named = func.id if isinstance(func, ast.Name) else ""
    literal = getattr_literal(node) if named == "getattr" else None
    if literal is not None:
        value = chain_of(node)
        if value is not None:
            ex.use(scope, value, "ref", node.lineno, guard)
    probed = hasattr_chain(node) if named == "hasattr" else None
    if probed is not None:  # `hasattr(x, "name")` tests `x.name`: a project class's `__getattr__` may answer
        ex.use(scope, probed, "probe", node.lineno, guard)
    elif named in ("getattr", "hasattr") and len(node.args) >= 2 and literal is None:
        _computed_name(ex, scope, node, named, guard)
    handed: dict[ast.expr, str] = {}
    if chain is not None:
        ex.use(scope, chain, "call", func.lineno, guard, ex.code(node) if _maybe_blind(ex, scope, chain) else "")
        handed = _passes(scope, node, chain)
        _passes_self(scope, node, chain)
        _passed_callables(ex, scope, node, chain, guard)
        _given(ex, scope, node, chain, guard)
        if classed is None:  # `type(x)` reads only x, which its chain names
            _push_chain_roots(ex, func, scope, guard)
        _implicit_in_call(ex, scope, node, chain, guard)
        if chain in (("isinstance",), ("issubclass",)) and len(node.args) == 2:
            ex.push(node.args[1], scope, guard, "type")
            rest = [node.args[0], *(k.value for k in node.keywords)]
        elif literal is not None:
            # getattr(os, "getenv") is os.getenv used as a value
            rest = [*node.args[2:], *(k.value for k in node.keywords)]
    else:
        ex.use(scope, ("<?>",), "call", func.lineno, guard, ex.code(node))  # `handlers[k]()`, `f()()`
        ex.push(func, scope, guard, "ref")
    for arg in reversed(rest):
        ex.push(arg, scope, guard, handed.get(arg, "ref"))


def _passes(scope: _Scope, node: ast.Call, chain: tuple[str, ...]) -> dict[ast.expr, str]:
    """What the call just recorded passes (`FunctionFacts.calls`), and the ctx of its dotted-name arguments."""
    caller = scope.func
    if caller is None or not caller.uses or caller.uses[-1][0] is not chain:
        return {}
    given = arguments.passed(node)
    if given is None:
        return {}
    caller.calls.append((len(caller.uses) - 1, given))
    if caller.node is not None:
        caller.call_nodes[len(caller.uses) - 1] = node
    return _handed(node, len(caller.uses) - 1)


def _passes_self(scope: _Scope, node: ast.Call, chain: tuple[str, ...]) -> None:
    """A call just recorded whose first positional argument is the method's own `self` (`Base.m(self, **kw)`)."""
    caller = scope.func
    if caller is None or not caller.first or not caller.cls or not caller.uses or caller.uses[-1][0] is not chain:
        return
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Name) and first.id == caller.first:
        caller.self_calls.append(len(caller.uses) - 1)


def _handed(node: ast.Call, index: int) -> dict[ast.expr, str]:
    """The arguments of a call that are dotted names (by identity: an address, `id`, would make the facts depend on
    the process), each with the ctx its `ref` use is pushed with (`HANDED`)."""
    slots = [(str(position), arg) for position, arg in enumerate(node.args)]
    slots += [(k.arg, k.value) for k in node.keywords if k.arg is not None]
    return {
        value: f"ref\x00{HANDED}{index} {slot}>"
        for slot, value in slots
        if isinstance(value, (ast.Name, ast.Attribute)) and arguments.dotted(value) is not None
    }


def _implicit_in_call(ex: _Extractor, scope: _Scope, node: ast.Call, chain: tuple[str, ...], guard: int) -> None:
    """The special methods a call of a builtin (or `str.format`) calls on its arguments (semantics §5)."""
    args = node.args
    if len(chain) == 1:
        name = chain[0]
        if name in specials.BUILTINS and (len(args) == 1 or (name == "format" and len(args) == 2)):
            _implicit(ex, scope, args[0], specials.BUILTINS[name], node.lineno, guard)  # `format(x, spec)` too
        elif (name in specials.ITERATING or name in specials.COMPARING) and len(args) == 1:
            _implicit(ex, scope, args[0], "__iter__", node.lineno, guard)  # `list(c)`, `sorted(c, key=k)`
        elif name in specials.COMPARING:
            for arg in args:  # `max(a, b)`: `b.__gt__(a)`, else `a.__lt__(b)`
                _implicit(ex, scope, arg, "__lt__", node.lineno, guard)
                _implicit(ex, scope, arg, "__gt__", node.lineno, guard)
        elif name == "print":
            for arg in args:  # `print(*c)` iterates c (`_starred`); its elements are unknown
                if not isinstance(arg, ast.Starred):
                    _implicit(ex, scope, arg, "__str__", arg.lineno, guard)
    if chain in specials.HASHING and args:
        _hashed(ex, scope, args[0], node.lineno, guard)
    _first_and_rest(ex, scope, node, chain, guard)
    _stored_by_name(ex, scope, node, chain, guard)
    if chain in (("<str>", "format"), ("str", "format")):
        _format_call(ex, scope, node, guard)


def _first_and_rest(ex: _Extractor, scope: _Scope, node: ast.Call, chain: tuple[str, ...], guard: int) -> None:
    """`round(x, 2)`, `divmod(x, y)` (else `y.__rdivmod__`), `operator.index(x)`: a special method of the first
    argument (`specials.FIRST_ARGUMENT`); `zip(a, b)`, `map(f, c)`, `"".join(c)` iterate their arguments."""
    args = [arg for arg in node.args if not isinstance(arg, ast.Starred)]
    dunder = specials.FIRST_ARGUMENT.get(chain)
    if dunder is not None and args and args[0] is node.args[0]:
        name = arguments.literal(node.args[1]) if len(node.args) >= 2 and args[1] is node.args[1] else None
        if dunder in ("__setattr__", "__delattr__") and name is not None and name[0] == "str":
            _named_implicit(ex, scope, args[0], dunder, str(name[1]), node.lineno, guard)  # `setattr(o, "x", v)`
        else:
            _implicit(ex, scope, args[0], dunder, node.lineno, guard)
        if dunder in specials.REFLECTED and len(node.args) >= 2 and args[1] is node.args[1]:
            _reflected(ex, scope, args[0], args[1], dunder, node.lineno, guard)
    start = specials.ITERATING_FROM.get(chain)
    if start is not None:
        for arg in node.args[start:]:
            if not isinstance(arg, ast.Starred):
                _implicit(ex, scope, arg, "__iter__", node.lineno, guard)


_BY_NAME: dict[str, str] = {
    "setattr": "__set__",
    "__setattr__": "__set__",
    "delattr": "__delete__",
    "__delattr__": "__delete__",
}
"""What a store (delete) by name runs besides the class's own hook: a property's setter or a descriptor's `__set__`
(its deleter, `__delete__`), the implicit use `o.x = v` records on `o.x` (`_attribute`)."""


def _stored_by_name(ex: _Extractor, scope: _Scope, node: ast.Call, chain: tuple[str, ...], guard: int) -> None:
    """`setattr(o, "x", v)`, `object.__setattr__(o, "x", v)` and `super().__setattr__("x", v)` store `o.x` as
    CPython's generic store does (`delattr`, `__delattr__`: delete it): the property's setter or the data
    descriptor's `__set__` runs (the two last skip only the class's own `__setattr__`, which `setattr` runs:
    `_first_and_rest`). A name computed at run time is each name the syntax shows (`computed_names`), else a
    `setattr` / `delattr` use of the shape it fixes (`name_pattern`, `*` for any name), resolved to the setters of
    the names that fit (`hooks.Hooks.by_name`)."""
    args = node.args
    if node.keywords or any(isinstance(arg, ast.Starred) for arg in args):
        return
    if chain in (("setattr",), ("delattr",)) or chain in (("object", "__setattr__"), ("object", "__delattr__")):
        if len(args) < 2:
            return
        receiver, name = args[0], args[1]
    elif len(chain) == 2 and chain[1] in ("__setattr__", "__delattr__") and chain[0].startswith("<super") and args:
        owner = _super_object(scope, chain[0])
        if owner is None:
            return
        receiver, name = ast.Name(owner, ast.Load()), args[0]
    else:
        return
    dunder = _BY_NAME[chain[-1]]
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        names: tuple[str, ...] | None = (name.value,)
    else:
        func = scope.func.node if scope.func is not None else None
        names = computed_names(func, node, args.index(name)) if func is not None else None
    if names is None:
        target = _typed_chain(scope, receiver)
        shape = name_pattern(scope.func.node if scope.func is not None else None, name) or "*"
        if target is not None:
            ctx = "setattr" if dunder == "__set__" else "delattr"
            ex.use(scope, (*target, shape), ctx, node.lineno, guard, ex.code(node))
        return
    for attr in names:
        stored = ast.Attribute(receiver, attr, ast.Store(), lineno=node.lineno, col_offset=node.col_offset)
        _implicit(ex, scope, stored, dunder, node.lineno, guard)


def _super_object(scope: _Scope, root: str) -> str | None:
    """The name of the object a `super()` chain root stands for: the method's `self` for `super()`, `obj` for
    `super(C, obj)` with `obj` a plain name; None when it is not known."""
    if root == "<super>":
        return scope.func.first if scope.func is not None and scope.func.first else None
    obj = root[:-1].rpartition(":")[2] if root.startswith("<super:") and root != "<super:?>" else ""
    return obj or None


def _class_of(ex: _Extractor, scope: _Scope, func: ast.expr) -> tuple[str, ...] | None:
    """`type(x)` called, x a name or an attribute chain: the chain of `x.__class__`, whose call constructs x's class
    as `x.__class__()` does (semantics §5); None for any other callee, or where `type` is not the builtin."""
    if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "type"):
        return None
    if len(func.args) != 1 or func.keywords or "type" in ex.module_kinds:
        return None
    if scope.func is not None and "type" in scope.func.locals:
        return None
    value = chain_of(func.args[0])
    if value is None or value[0].startswith("<"):
        return None
    return (*value, "__class__")


_FORMATTER = string.Formatter()
_FIELD_HEAD = re.compile(r"[^.\[]*")


def _format_fields(text: str) -> list[tuple[int | str, str]] | None:
    """The arguments a `str.format` string formats, each with the special method its field's conversion calls on
    it (`{}`: `__format__`, `{!r}`: `__repr__`), in order; None when the text does not parse or mixes automatic
    and manual numbering. A field that formats a part of its argument (`{0.name}`, `{k[0]}`) is not listed."""
    entries: list[tuple[str, str | None]] = []
    try:
        for _, name, spec, conversion in _FORMATTER.parse(text):
            if name is None:
                continue
            entries.append((name, conversion))
            if spec and "{" in spec:  # `{:{width}}`: a nested field, formatted too (Python nests one level)
                entries.extend((inner, conv) for _, inner, _, conv in _FORMATTER.parse(spec) if inner is not None)
    except ValueError:
        return None
    fields: list[tuple[int | str, str]] = []
    automatic = manual = 0
    for name, conversion in entries:
        match = _FIELD_HEAD.match(name)
        head = match.group() if match is not None else ""
        key: int | str
        if not head:
            key, automatic = automatic, automatic + 1
        elif head.isdigit():
            key, manual = int(head), manual + 1
        else:
            key = head
        dunder = specials.CONVERSIONS.get(conversion)
        if head == name and dunder is not None:
            fields.append((key, dunder))
    return None if automatic and manual else fields


def _format_call(ex: _Extractor, scope: _Scope, node: ast.Call, guard: int) -> None:
    """`"{} {k!r}".format(x, k=y)`, `str.format("{}", x)`: each value a field formats, with the special method
    its conversion calls (a plain field's `__format__` falls back to `__str__`); every value's `__format__` when
    the string cannot be read or the arguments are unpacked (`*args`, `**kwargs`)."""
    args = list(node.args)
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, (ast.Constant, ast.JoinedStr)):
        text_node: ast.expr = func.value
    elif args and not isinstance(args[0], ast.Starred):
        text_node = args.pop(0)  # `str.format(text, ...)`
    else:
        return
    text = text_node.value if isinstance(text_node, ast.Constant) and isinstance(text_node.value, str) else None
    keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
    unpacked = any(isinstance(a, ast.Starred) for a in args) or len(keywords) < len(node.keywords)
    fields = _format_fields(text) if text is not None and not unpacked else None
    if fields is None:
        for value in (*args, *keywords.values()):
            _implicit(ex, scope, value, "__format__", value.lineno, guard)
        return
    for key, dunder in dict.fromkeys(fields):
        formatted = (args[key] if key < len(args) else None) if isinstance(key, int) else keywords.get(key)
        if formatted is not None:
            _implicit(ex, scope, formatted, dunder, formatted.lineno, guard)


_PERCENT_SPEC = re.compile(r"%(?:\(([^)]*)\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?(.?)", re.DOTALL)


def _percent_fields(text: str) -> tuple[list[str], list[tuple[str, str]]] | None:
    """What a `%` format string calls on its values: by position, the special method each conversion calls
    ("" for one that calls none the project defines; a `*` width takes a value of its own), or by mapping key;
    None when it mixes the two (an error at run time)."""
    positional: list[str] = []
    keyed: list[tuple[str, str]] = []
    for match in _PERCENT_SPEC.finditer(text):
        key, width, precision, conversion = match.groups()
        if conversion == "%":
            continue
        dunder = specials.PERCENT.get(conversion, "")
        if key is not None:
            keyed.append((key, dunder))
            continue
        positional.extend([""] * ((width == "*") + (precision == "*")))
        positional.append(dunder)
    return None if positional and keyed else (positional, keyed)


def _percent(ex: _Extractor, scope: _Scope, left: ast.expr, right: ast.expr, guard: int) -> None:
    """`"%s %r" % (x, y)` calls `x.__str__` and `y.__repr__`; `"%(k)s" % {"k": x}`, `x.__str__`. A format string
    that cannot be read (not a literal) calls `__str__` of each value; a number or bytes on the left, none."""
    text = left.value if isinstance(left, ast.Constant) else None
    if text is not None and not isinstance(text, str):
        return
    parsed = _percent_fields(text) if text is not None else None
    values: list[tuple[ast.expr, str]] = []
    if parsed is None:
        parts = right.elts if isinstance(right, ast.Tuple) else right.values if isinstance(right, ast.Dict) else [right]
        values = [(value, "__str__") for value in parts]
    elif parsed[1]:
        if isinstance(right, ast.Dict):
            mapping = {
                k.value: v
                for k, v in zip(right.keys, right.values, strict=True)
                if isinstance(k, ast.Constant) and v is not None
            }
            values = [(mapping[key], dunder) for key, dunder in parsed[1] if key in mapping]
    elif isinstance(right, ast.Tuple):
        if not any(isinstance(e, ast.Starred) for e in right.elts):
            values = list(zip(right.elts, parsed[0], strict=False))  # a value too many or too few: an error
    elif len(parsed[0]) == 1:
        values = [(right, parsed[0][0])]  # `"%s" % x`: the one value
    for value, dunder in dict.fromkeys(values):
        if dunder and not isinstance(value, ast.Starred):
            _implicit(ex, scope, value, dunder, value.lineno, guard)


def _starred(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """`[*c]`, `(*c,)`, `{*c}`, `f(*c)` iterate c: `c.__iter__()` (a starred target, `a, *b = c`, binds)."""
    assert isinstance(node, ast.Starred)
    if isinstance(node.ctx, ast.Load) and ctx != "type":
        _implicit(ex, scope, node.value, "__iter__", node.lineno, guard)
    ex.push(node.value, scope, guard, "type" if ctx == "type" else "ref")


def _if_exp(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.IfExp)
    cond = ex.test(node.test, scope)
    orelse = _narrowed(ex, scope, node.test, False, node.lineno, _Binds([node.orelse]))
    ex.push(node.orelse, orelse, ex.guard_with(guard, cond, False), ctx)
    body = _narrowed(ex, scope, node.test, True, node.lineno, _Binds([node.body]))
    ex.push(node.body, body, ex.guard_with(guard, cond, True), ctx)
    _push_test(ex, node.test, scope, guard, cond)


def _push_test(ex: _Extractor, test: ast.expr, scope: _Scope, guard: int, cond: Cond) -> None:
    """A guard the platform evaluator decides (`platform.system() == "Darwin"`) is evaluated, not reached. Each
    part is truth-tested (the `BoolOp` itself is not pushed, so its handler does not see them). `cond` is the
    whole test compiled: of `a and b` its parts are `a` and `b` compiled (`ConditionCompiler.compile`), so no
    part is compiled again."""
    if isinstance(test, ast.BoolOp):
        parts: list[ast.expr] = test.values
        assert isinstance(cond, (CondAnd, CondOr))  # a `BoolOp` compiles to its parts (`ConditionCompiler.compile`)
        conds = cond.parts
        scopes = _operand_scopes(ex, scope, test)
    else:
        parts, conds, scopes = [test], (cond,), [scope]
    held = isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
    part_guard = guard
    for part, part_cond, part_scope in zip(parts, conds, scopes, strict=True):
        _tested(ex, scope, part, part_guard)
        if not is_decided(part_cond):
            ex.push(part, part_scope, part_guard, "ref")
        if scope.kind == "function":  # a part after one runs only where that one was true (`and`), false (`or`)
            part_guard = ex.guard_with(part_guard, part_cond, held)


def _match_as(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, (ast.MatchAs, ast.MatchStar))
    if node.name:
        ex.store_name(scope, node.name, node.lineno, guard)
    if isinstance(node, ast.MatchAs):
        ex.push(node.pattern, scope, guard, "ref")


def _match_mapping(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.MatchMapping)
    if node.rest:
        ex.store_name(scope, node.rest, node.lineno, guard)
    ex.push_all(node.patterns, scope, guard, "ref")
    ex.push_all(node.keys, scope, guard, "ref")


def _match_class(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    assert isinstance(node, ast.MatchClass)
    ex.push_all(node.kwd_patterns, scope, guard, "ref")
    ex.push_all(node.patterns, scope, guard, "ref")
    ex.push(node.cls, scope, guard, "type")


def _constant(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """A constant names nothing; a multi-line string is remembered so `# claims:` inside it is not a directive."""
    assert isinstance(node, ast.Constant)
    if isinstance(node.value, str) and node.end_lineno is not None and node.end_lineno > node.lineno:
        ex.string_spans.append((node.lineno, node.end_lineno))


def _skip(ex: _Extractor, node: ast.AST, scope: _Scope, guard: int, ctx: str) -> None:
    """Type-level statements (`type X = ...`, type parameters): annotations are not part of a claim."""


HANDLED: dict[type[ast.AST], Handler] = {
    # statements
    ast.FunctionDef: _function_def,
    ast.AsyncFunctionDef: _function_def,
    ast.ClassDef: _class_def,
    ast.Return: _children("value"),
    ast.Delete: _children("targets"),
    ast.Assign: _assign,
    ast.AugAssign: _assign,
    ast.AnnAssign: _assign,
    ast.For: _for,
    ast.AsyncFor: _for,
    ast.While: _while,
    ast.If: _if,
    ast.With: _with,
    ast.AsyncWith: _with,
    ast.Match: _match,
    ast.Raise: _children("exc", "cause"),
    ast.Try: _try,
    ast.Assert: _assert,
    ast.Import: _import,
    ast.ImportFrom: _import_from,
    ast.Global: _global,
    ast.Nonlocal: _global,
    ast.Expr: _children("value"),
    # expressions
    ast.BoolOp: _bool_op,
    ast.NamedExpr: _named_expr,
    ast.BinOp: _binop,
    ast.UnaryOp: _unary,
    ast.Lambda: _lambda,
    ast.IfExp: _if_exp,
    ast.Dict: _hash_elements,
    ast.Set: _hash_elements,
    ast.ListComp: _list_comp,
    ast.SetComp: _hash_elements,
    ast.DictComp: _hash_elements,
    ast.GeneratorExp: _generator,
    ast.comprehension: _comprehension,
    ast.Await: _awaited,
    ast.Yield: _children("value"),
    ast.YieldFrom: _awaited,
    ast.Compare: _compare,
    ast.Call: _call,
    ast.FormattedValue: _formatted,
    ast.JoinedStr: _children("values"),
    ast.Attribute: _attribute,
    ast.Subscript: _subscript,
    ast.Starred: _starred,
    ast.Name: _name,
    ast.Constant: _constant,
    ast.List: _children("elts"),
    ast.Tuple: _children("elts"),
    ast.Slice: _children("lower", "upper", "step"),
    # patterns
    ast.MatchValue: _children("value"),
    ast.MatchSingleton: _skip,
    ast.MatchSequence: _children("patterns"),
    ast.MatchMapping: _match_mapping,
    ast.MatchClass: _match_class,
    ast.MatchStar: _match_as,
    ast.MatchAs: _match_as,
    ast.MatchOr: _children("patterns"),
}

# Node classes newer than the oldest supported Python (3.10), judged where the running Python has them.
for _name_ in ("TypeAlias", "TypeVar", "ParamSpec", "TypeVarTuple"):
    if hasattr(ast, _name_):
        HANDLED[getattr(ast, _name_)] = _skip
if hasattr(ast, "TryStar"):  # 3.11 except*
    HANDLED[ast.TryStar] = _try
if hasattr(ast, "TemplateStr"):  # 3.14 t-strings: their interpolations are evaluated
    HANDLED[ast.TemplateStr] = _children("values")
    HANDLED[getattr(ast, "Interpolation")] = _children("value", "format_spec")  # noqa: B009

INERT: frozenset[type[ast.AST]] = frozenset(
    {
        # no names inside
        ast.Pass,
        ast.Break,
        ast.Continue,
        # contexts, operators: markers, never visited as nodes
        ast.Load,
        ast.Store,
        ast.Del,
        ast.And,
        ast.Or,
        ast.Add,
        ast.Sub,
        ast.Mult,
        ast.MatMult,
        ast.Div,
        ast.Mod,
        ast.Pow,
        ast.LShift,
        ast.RShift,
        ast.BitOr,
        ast.BitXor,
        ast.BitAnd,
        ast.FloorDiv,
        ast.Invert,
        ast.Not,
        ast.UAdd,
        ast.USub,
        ast.Eq,
        ast.NotEq,
        ast.Lt,
        ast.LtE,
        ast.Gt,
        ast.GtE,
        ast.Is,
        ast.IsNot,
        ast.In,
        ast.NotIn,
        # handled by their parents' handlers, never pushed on their own
        ast.arguments,
        ast.arg,
        ast.keyword,
        ast.alias,
        ast.withitem,
        ast.ExceptHandler,
        ast.match_case,
        ast.TypeIgnore,
        # roots of other parse modes: `extract` only parses modules
        ast.Module,
        ast.Interactive,
        ast.Expression,
        ast.FunctionType,
    }
)
"""Node classes that carry no name use of their own, each for the reason grouped above."""

DEPRECATED: frozenset[str] = frozenset(
    {
        "AugLoad",
        "AugStore",
        "Param",
        "Suite",
        "Num",
        "Str",
        "Bytes",
        "NameConstant",
        "Ellipsis",
        "Index",
        "ExtSlice",
        "slice",
    }
)
"""Names `ast` still exports for old code but the parser never produces."""


# --------------------------------------------------------------------------------------------------------
# Entry point


def _class_record(c: _ClassBuilder) -> ClassFacts:
    """The record of a class the extraction gathered."""
    literals = _literals(c)
    return ClassFacts(
        c.qualname,
        c.line,
        c.guard,
        c.bases,
        tuple(c.methods),
        tuple(c.attributes),
        tuple(c.fields),
        tuple(c.factories),
        c.metaclass,
        c.decorators,
        c.settled,
        literals,
        _values(c, literals),
    )


# claims: deterministic
def _parsed(source: str | bytes, filename: str) -> tuple[str, ast.Module] | FileFacts:
    """The text and its tree, or the facts of a file that cannot be read or parsed (a problem, with a line)."""
    if isinstance(source, bytes):
        try:
            text = _decode(source)
        except UnicodeDecodeError as exc:  # the line of the first bad byte, not the whole file's offset
            line = source.count(b"\n", 0, exc.start) + 1
            return _broken(line, f"cannot decode: byte 0x{source[exc.start]:02x} is not valid {exc.encoding}")
        except (SyntaxError, LookupError) as exc:
            return _broken(_declaration_line(source), f"cannot decode: {_reason(exc)}")
    else:
        text = source
    if "\0" in text:  # CPython reports it at line 1, or not at all with a line: name the real one
        return _broken(text.count("\n", 0, text.index("\0")) + 1, "syntax error: source contains a null byte")
    try:
        with warnings.catch_warnings():
            # The analysed code's own warnings (`"\d"`, `x is 1`) are not ours to show, and under `-W error`
            # (or pytest's filterwarnings = error) they would turn a valid file into a "syntax error".
            warnings.simplefilter("ignore")
            return text, ast.parse(text, filename=filename)
    except SyntaxError as exc:
        return _broken(exc.lineno or 1, f"syntax error: {exc.msg}")
    except (RecursionError, MemoryError):  # what CPython's parser raises for too deep nesting
        return _broken(1, TOO_DEEP)
    except ValueError as exc:
        return _broken(1, f"cannot parse: {_reason(exc)}")


def extract(source: str | bytes, filename: str = "<source>") -> FileFacts:
    """Parse once and reduce to facts. Never raises for bad input: problems are recorded, with a line. An exception
    the reduction did not expect is an `AnalysisError` naming the file and the line of the node it was handling."""
    try:
        return _extracted(source, filename)
    except AnalysisError:
        raise
    except Exception as error:  # a defect met on this file: where, never a traceback
        raise met(at(filename, node_line(error.__traceback__)), "extracting its facts", error) from error


def _extracted(source: str | bytes, filename: str) -> FileFacts:
    """`extract`'s work: the file parsed (or its problem), then reduced to facts."""
    parsed = _parsed(source, filename)
    if isinstance(parsed, FileFacts):
        return parsed
    text, tree = parsed
    ex = _Extractor(text)
    ex.run(tree)
    _loop_declarations(ex)
    _closures(ex)
    _escapes(ex)
    shapes = _shapes(ex)
    arities = _arities(ex)
    calls = [_sure_calls(f) for f in ex.functions]  # before the defs are let go
    received = [_received(f) for f in ex.functions]
    applied = [_applied(f) for f in ex.functions]
    filled = DISPLAYS | COPYING_CALLS  # a field bound to a display, or to a builtin's copy of one (a comprehension)
    displayed = {c.qualname: {b.name for b in c.fields if b.target in filled} for c in ex.classes}
    holds = [_holds(f, displayed.get(f.cls, set())) for f in ex.functions]
    results = [f.result or _constructs(f) for f in ex.functions]
    tests = _decided_tests(ex)
    flows = [_flows(ex, f, index, tests) for index, f in enumerate(ex.functions)]
    left = [
        constructor_leaves(f.node, f.kind, f.first, tests.get(index, _TESTS_NOTHING)[0])
        for index, f in enumerate(ex.functions)
    ]
    fresh = [fresh_locals(f.node) if f.node is not None and f.kind != "property" else () for f in ex.functions]
    wraps = wraps_names(tree)
    closing = [
        closure(f.node, wraps) if f.node is not None and f.kind != "property" else Closure() for f in ex.functions
    ]
    flowing = [_flowing(f) for f in ex.functions]
    handing = [_handing(f) for f in ex.functions]  # lets the defs go
    stores = named_stores(tree, text)
    module_constants = returned.constants(tree)
    del tree
    directives = comments.directives(ex, ex.physical())
    chains: dict[tuple[str, ...], tuple[str, ...]] = {}
    sharing = Sharing()
    functions = tuple(
        FunctionFacts(
            f.qualname,
            f.line,
            f.cls,
            f.kind,
            f.first,
            f.is_async,
            f.guard,
            one_chain_each(f.uses, chains),
            sharing.one(frozenset(f.locals)),
            tuple(f.bindings),
            f.returns,
            results[index],
            tests.get(index, _TESTS_NOTHING)[0],
            sharing.signature(tests.get(index, _TESTS_NOTHING)[1]),
            sharing.calls(calls[index]),
            *shapes.get(index, _NO_SHAPE),
            sharing.one(arities.get(index, ())),
            received[index],
            *handing[index],
            tests.get(index, _TESTS_NOTHING)[2],
            tuple(f.self_calls),
            tests.get(index, _TESTS_NOTHING)[3],
            tests.get(index, _TESTS_NOTHING)[4],
            holds[index],
            left[index],
            *closing[index],
            fresh[index],
            tests.get(index, _TESTS_NOTHING)[5],
            *flows[index],
            *flowing[index],
            applied=applied[index],
        )
        for index, f in enumerate(ex.functions)
    )
    return FileFacts(
        tuple(ex.conds),
        tuple(ex.guards),
        tuple(ex.bindings),
        functions,
        tuple(_class_record(c) for c in ex.classes),
        tuple(directives),
        tuple(ex.problems),
        ex.def_count,
        tuple(ex.local_bound),
        stores,
        module_constants,
    )


def _flowing(
    func: _FunctionBuilder,
) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str], ...]]:
    """`FunctionFacts.kept` and `either` of a def (`analysis.valueflow`)."""
    node = func.node
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or func.kind == "property":
        return (), ()
    return kept_params(node, func.first if func.cls else ""), either(node)


_Guarded = tuple[tuple[str, tuple[int, ...]], ...]
_Tests = tuple[tuple[str, ...], arguments.Signature, _Guarded, _Guarded, tuple[str, ...], Kept]
"""What `_decided_tests` finds of one def: its `tests`, what it `accepts`, `guarded`, `early`, `plain`, `keeps`."""
_TESTS_NOTHING: _Tests = ((), ((), 0, (), ()), (), (), (), ())
_NO_SHAPE: tuple[tuple[tuple[str, int, str, int], ...], tuple[str, ...]] = ((), ())


_SAME_FUNCTION = frozenset({("staticmethod",), ("classmethod",), ("abstractmethod",), ("abc", "abstractmethod")})
"""Decorators that leave the arguments a call passes as they are; any other may add, drop or replace them
(`@pass_context`, a wrapper filling defaults), so a call's literals say nothing of the def's parameters."""


def _passes_arguments_through(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return all(chain_of(deco) in _SAME_FUNCTION for deco in node.decorator_list)


def _arities(ex: _Extractor) -> dict[int, arguments.Arity]:
    """Per def of a class body whose decorators pass a call's arguments through, how it binds them: which
    implementers of a protocol a call on it may enter."""
    found: dict[int, arguments.Arity] = {}
    for index, builder in enumerate(ex.functions):
        node = builder.node
        if node is not None and builder.cls and builder.kind != "property" and _passes_arguments_through(node):
            found[index] = arguments.arity(node.args)
    return found


def _decided_tests(ex: _Extractor) -> dict[int, _Tests]:
    """Per def, the parameters its compiled tests are of, or that it passes on as a plain name to a call (whose
    tests they may decide in turn), and its body never binds again or shadows (`stored`: so a test reads the
    argument), or binds again only under tests (`guarded`: with the guards of those bindings, which the walk
    requires the call's arguments to rule out). A test of any other parameter stays in the conditions, and no
    call ever decides it: the walk decides only a callee's `tests`. A parameter bound again that some call passes on
    before any binding of it can have run is in `tests` too, decided only there (`early`), and so is one bound again
    only by assignments that may keep what a call decides (`keeps`: a literal, `p and ...`, `p or ...`)."""
    wanted: dict[int, set[str]] = {}
    for index, name in ex.compiler.tested:
        wanted.setdefault(index, set()).add(name)
    for index, builder in enumerate(ex.functions):
        if builder.node is not None and builder.calls:
            passed_on = _passed_on(builder.calls) & _own_params(builder.node)
            if passed_on:
                wanted.setdefault(index, set()).update(passed_on)
    decided: dict[int, _Tests] = {}
    for index, names in wanted.items():
        builder = ex.functions[index]
        guarded = tuple(
            (name, tuple(sorted(builder.store_guards[name])))
            for name in sorted(names & builder.stored - builder.unguarded)
            if name in builder.store_guards
        )
        early = _early(builder, names & builder.stored, ex.module_kinds)
        keeping = kept(builder.node, names & builder.stored) if builder.node else ()
        fixed = (names - builder.stored) | {name for name, _ in (*guarded, *early, *keeping)}
        # a field test reads the argument only where the body never binds its parameter again
        fixed = {n for n in fixed if arguments.FIELD_MARK not in n or arguments.tested_param(n) not in builder.stored}
        if fixed and builder.node is not None:
            plain = tuple(sorted(builder.plain)) if any(arguments.FIELD_MARK in n for n in fixed) else ()
            signature = arguments.signature(builder.node.args)
            decided[index] = (tuple(sorted(fixed)), signature, guarded, early, plain, keeping)
    for index, builder in enumerate(ex.functions):  # a class statement's hook: what it accepts types its parameters
        hook = builder.qualname.rpartition(".")[2] in specials.CLASS_STATEMENT
        if hook and index not in decided and builder.cls and builder.node is not None:
            decided[index] = ((), arguments.signature(builder.node.args), (), (), (), ())
    return decided


def _early(builder: _FunctionBuilder, bound: set[str], module: dict[str, str]) -> _Guarded:
    """`FunctionFacts.early`: of the parameters in `bound` (ones the body binds again), the calls that pass each on
    as a plain name before any binding of it can have run (`early.early_calls`). A call of a builtin the module and
    the def do not shadow (`isinstance(p, C)`, `hasattr(p, "x")`) is left out: no walk enters it, and a parameter
    only such calls pass on would make contexts that differ in nothing."""
    node = builder.node
    if node is None or not bound or not builder.call_nodes:
        return ()
    args = node.args
    positional = [*args.posonlyargs, *args.args][1 if builder.first else 0 :]
    names = bound & {param.arg for param in (*positional, *args.kwonlyargs)}
    calls: dict[int, tuple[ast.Call, set[str]]] = {}
    for index, passed in builder.calls:
        call = builder.call_nodes.get(index)
        plain = _passed_on([(index, passed)]) & names
        chain = builder.uses[index][0]
        builtin = len(chain) == 1 and chain[0] in _BUILTIN_NAMES and chain[0] not in module
        if call is not None and plain and not (builtin and chain[0] not in builder.locals):
            calls[index] = (call, plain)
    return early_calls(node, names, calls)


def _count_literal(scope: _Scope, name: str, value: ast.expr | None) -> None:
    """Counts a class-body assignment of a literal to `name` (`_ClassBuilder.literal_binds`)."""
    found = arguments.literal(value) if scope.kind == "class" and scope.cls is not None else None
    if scope.cls is not None and found is not None:
        scope.cls.literal_binds[name] = scope.cls.literal_binds.get(name, 0) + 1
        scope.cls.literal_last[name] = found


def _literals(cls: _ClassBuilder) -> tuple[str, ...]:
    """`ClassFacts.literals`: the names every class-body binding of which assigns a literal, and no def binds."""
    methods = {name for name, _ in cls.methods}
    counts: dict[str, int] = {}
    for binding in cls.attributes:
        counts[binding.name] = counts.get(binding.name, 0) + 1
    return tuple(sorted(n for n, k in cls.literal_binds.items() if counts.get(n) == k and n not in methods))


def _values(cls: _ClassBuilder, literals: tuple[str, ...]) -> tuple[tuple[str, arguments.Lit], ...]:
    """`ClassFacts.values`: of the `literals`, those bound once, by a statement of the body's own block (under no
    `if`, `try` or loop), with the literal."""
    return tuple(
        (name, cls.literal_last[name]) for name in literals if cls.literal_binds.get(name) == 1 and name in cls.plainly
    )


def _plainly_assigned(node: ast.ClassDef) -> frozenset[str]:
    """`_ClassBuilder.plainly`: the names an assignment of the class body's own block binds (`a = 1`, `a: int = 1`,
    `a = b = 1`), less every name a `del` of the body's (not of a def in it) deletes."""
    assigned: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, ast.Assign):
            assigned.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None and isinstance(stmt.target, ast.Name):
            assigned.add(stmt.target.id)
    todo: list[ast.AST] = list(node.body)
    while todo and assigned:
        sub = todo.pop()
        if isinstance(sub, ast.Delete):
            assigned.difference_update(t.id for t in sub.targets if isinstance(t, ast.Name))
        elif isinstance(sub, ast.stmt) and not isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(child for child in ast.iter_child_nodes(sub) if isinstance(child, ast.stmt))
    return frozenset(assigned)


def _flows(
    ex: _Extractor, builder: _FunctionBuilder, index: int, tests: dict[int, Any]
) -> tuple[tuple[returned.Source, ...], tuple[tuple[str, int], ...]]:
    """`FunctionFacts.returned` and `through` of a plain def (`analysis.returned`); a def whose returns are known
    keeps what it accepts (`tests`) even where it tests nothing."""
    node = builder.node
    if node is None or builder.kind not in ("function", "method", "staticmethod"):
        return (), ()

    def cond(stmt: ast.If) -> int | None:
        found = builder.if_conds.get(stmt)
        return ex.cond_index.get(found) if found is not None and is_known(found) else None

    gives = returned.returned(node, cond, lambda i: ex.conds[i]) if builder.kind == "function" else ()
    if gives and index not in tests:
        tests[index] = ((), arguments.signature(node.args), (), (), (), ())
    builder.if_conds = {}
    return gives, returned.through(node, builder.call_nodes)


def _handing(builder: _FunctionBuilder) -> tuple[tuple[str, ...], str]:
    """A def's decorators that may change what it is called with (`FunctionFacts.decorated`) and what it hands
    back as a decorator (`FunctionFacts.hands_back`); lets the def go."""
    node, builder.node = builder.node, None
    builder.call_nodes = {}
    if node is None:
        return (), ""
    decorated = tuple(_decorator_text(d) for d in node.decorator_list if chain_of(d) not in _SAME_FUNCTION)
    return decorated, _hands_back(node, builder.kind in ("method", "classmethod"))


def _decorator_text(node: ast.expr) -> str:
    """A decorator as `FunctionFacts.decorated` keeps it: `a.b`, `a.b()` for a call of one, "<?>" otherwise."""
    if isinstance(node, ast.Call):
        chain = chain_of(node.func)
        return f"{'.'.join(chain)}()" if chain is not None else "<?>"
    chain = chain_of(node)
    return ".".join(chain) if chain is not None else "<?>"


def _hands_back(node: ast.FunctionDef | ast.AsyncFunctionDef, bound: bool) -> str:
    """ "arg" when every `return` of the def's own body returns its first argument (after `self` / `cls` when
    `bound`), which nothing rebinds; "def" when every one returns a local def, bound once, that is "arg" itself;
    "" otherwise (no `return`, a generator, anything else returned)."""
    params = [*node.args.posonlyargs, *node.args.args][1 if bound else 0 :]
    last = node.body[-1]
    if (
        isinstance(node, ast.AsyncFunctionDef)
        or not params
        or not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name))
    ):
        return ""  # a decorator ends by handing something back: one that does not is not read further
    returns, stores, defs, generator = _own_returns(node)
    if generator or not returns:
        return ""
    first = params[0].arg
    if stores.get(first, 0) == 0 and all(isinstance(r, ast.Name) and r.id == first for r in returns):
        return "arg"
    for value in returns:
        if not isinstance(value, ast.Name) or stores.get(value.id, 0) != 1 or value.id not in defs:
            return ""
        if _hands_back(defs[value.id], False) != "arg":
            return ""
    return "def"


def _own_returns(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> tuple[list[ast.expr | None], dict[str, int], dict[str, ast.FunctionDef], bool]:
    """The values of a def's own `return` statements, how often its body (nested scopes included, as they may
    declare `nonlocal`) binds each name, its own local defs by name, and whether it yields."""
    returns: list[ast.expr | None] = []
    stores: dict[str, int] = {}
    defs: dict[str, ast.FunctionDef] = {}
    generator = False
    todo: list[tuple[ast.AST, bool]] = [(child, True) for child in node.body]
    while todo:
        current, own = todo.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stores[current.name] = stores.get(current.name, 0) + 1
            if own and isinstance(current, ast.FunctionDef):
                defs[current.name] = current
            own = False
        elif isinstance(current, ast.Lambda):
            own = False
        elif isinstance(current, ast.Return) and own:
            returns.append(current.value)
        elif isinstance(current, (ast.Yield, ast.YieldFrom, ast.Await)) and own:
            generator = True
        elif isinstance(current, ast.Name) and not isinstance(current.ctx, ast.Load):
            stores[current.id] = stores.get(current.id, 0) + 1
        elif isinstance(current, (ast.Nonlocal, ast.Global)):
            for name in current.names:
                stores[name] = stores.get(name, 0) + 2
        elif isinstance(current, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and current.name:
            stores[current.name] = stores.get(current.name, 0) + 1
        elif isinstance(current, ast.MatchMapping) and current.rest:
            stores[current.rest] = stores.get(current.rest, 0) + 1
        elif isinstance(current, ast.alias):
            bound_name = (current.asname or current.name).split(".")[0]
            stores[bound_name] = stores.get(bound_name, 0) + 2
        todo.extend((child, own) for child in ast.iter_child_nodes(current))
    return returns, stores, defs, generator


def _declaration_line(data: bytes) -> int:
    """The line of the encoding declaration `detect_encoding` refused: the first, unless that one reads fine."""
    try:
        tokenize.detect_encoding(iter(data.splitlines(keepends=True)[:1]).__next__)
    except SyntaxError:
        return 1
    return 2


def _decode(data: bytes) -> str:
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    text = data.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def _broken(line: int, message: str) -> FileFacts:
    return FileFacts((), ((),), (), (), (), (), ((line, message),), 0)
