"""The package's shape, enforced: no import circle, and every import points down the layers.

The call-graph side of the same picture is the project's own `[[tool.claims.forbid-reaches]]` rules in
pyproject.toml, which every test run checks as items (dogfood); this test covers imports, including those
under `TYPE_CHECKING` and inside functions, which the call graph does not see.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pytest_claims"

LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "pytest_claims.records",
        "pytest_claims.reportdetails",
        "pytest_claims.codec",
        "pytest_claims.codekey",
        "pytest_claims.dotted",
        "pytest_claims.vocabulary",
        "pytest_claims.files",
        "pytest_claims.sourcetext",
        "pytest_claims.excludes",
    ),
    ("pytest_claims.runtime", "pytest_claims"),
    ("pytest_claims.config",),
    ("pytest_claims.persist",),
    ("pytest_claims.analysis",),
    ("pytest_claims.engine", "pytest_claims.scope", "pytest_claims.jobs"),
    ("pytest_claims.output",),
    (
        "pytest_claims.plugin",
        "pytest_claims.init",
        "pytest_claims.__main__",
        "pytest_claims.observe",
        "pytest_claims.cli",
        "pytest_claims.usage",
        "pytest_claims.changes",
    ),
)
"""Lowest first; a module may import its own layer's modules and any lower layer's, never a higher one's."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every project module `path` imports, anywhere in the file (`from pkg import mod` names the module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "pytest_claims")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            if base.split(".")[0] != "pytest_claims":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if (PACKAGE.parent / sub.replace(".", "/")).with_suffix(".py").exists() else base)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    best = -1, -1
    for index, layer in enumerate(LAYERS):
        for prefix in layer:
            if module == prefix or module.startswith(prefix + "."):
                best = max(best, (len(prefix), index))
    assert best[1] >= 0, f"{module} is in no layer: add it to LAYERS (and to the README's layout)"
    return best[1]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles (strongly connected components of more than one module), iteratively (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_circles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


LAZY_UPWARD: frozenset[tuple[str, str]] = frozenset({("pytest_claims.runtime", "pytest_claims.analysis.facts")})
"""The one import allowed to point up, and only from inside a function: the hermetic view reads comment-form
claims with the static pass's own directive reader (semantics §13), loaded when a view first needs it, so that
`import pytest_claims` stays cheap (tests/runtime/test_runtime.py pins that)."""


def test_imports_point_down_the_layers() -> None:
    upward = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        for target in sorted(targets)
        if layer_of(target) > layer_of(module) and (module, target) not in LAZY_UPWARD
    ]
    assert upward == []


def test_the_lazy_upward_import_stays_inside_a_function() -> None:
    for module, target in sorted(LAZY_UPWARD):
        path = PACKAGE.parent / (module.replace(".", "/") + ".py")
        tree = ast.parse(path.read_bytes())
        top_level = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        top_level += [
            inner
            for node in tree.body
            if isinstance(node, (ast.If, ast.Try))
            for inner in ast.walk(node)
            if isinstance(inner, (ast.Import, ast.ImportFrom))
        ]
        named = {alias.name for node in top_level if isinstance(node, ast.Import) for alias in node.names}
        named |= {node.module or "" for node in top_level if isinstance(node, ast.ImportFrom)}
        assert target not in named, f"{module} imports {target} at module level"
        assert target in imports_of(path), f"{module} no longer imports {target}: drop it from LAZY_UPWARD"


def test_records_import_nothing_of_the_project() -> None:
    assert imports_of(PACKAGE / "records.py") == set()
    assert imports_of(PACKAGE / "dotted.py") == set()


RESOLUTION: tuple[tuple[str, ...], ...] = (
    ("symbols", "tracking", "context"),
    ("target",),
    ("iteration", "properties", "stdvalues", "displays"),
    ("evaluate",),
    ("subscripts",),
    ("hierarchy",),
    ("exclusion", "structural", "exact", "plainfields", "unreached", "subfields", "configured"),
    ("dispatch",),
    ("bodies",),
    ("stored", "decorations", "carried", "conditional", "found", "leads", "bases"),
    ("instances", "filled", "basefields", "classliterals", "freshfields", "returned"),
    ("callbacks", "entering", "escapes", "handed", "held", "hooks", "methodcalls", "namespaces", "probes", "reaches",
     "wrapped"),
    ("summaries",),
)
"""The resolution's collaborators, lowest first (`analysis/resolution/`): each imports only its own row's and lower
rows' modules. `evaluate` reaches members and locals through ports (`Members`, `Locals`), not by importing
`dispatch` or `bodies`; only the façade, `analysis.resolve`, wires them together."""

ABOVE_RESOLUTION = frozenset(
    f"pytest_claims.analysis.{name}"
    for name in ("resolve", "policy", "walk", "check", "rules", "directives", "details")
)
"""What is built on the resolution: none of it may be imported by a collaborator."""


def wrong_rows(package: str, rows: tuple[tuple[str, ...], ...], forbidden: frozenset[str] = frozenset()) -> list[str]:
    """The imports of `package`'s rooms that point up its rows (or at a `forbidden` module); a room in no row, or a
    row naming a missing room, is itself an error."""
    prefix = f"{package}."
    row = {f"{prefix}{name}": index for index, names in enumerate(rows) for name in names}
    modules = {name for name in graph() if name.startswith(prefix)}
    assert modules == set(row), f"a module of {package} is in no row (or a row names a missing one)"
    return [
        f"{module} imports {target}"
        for module in sorted(modules)
        for target in sorted(imports_of(PACKAGE.parent / (module.replace(".", "/") + ".py")))
        if (target in row and row[target] > row[module]) or target in forbidden or target == package
    ]


def test_the_resolution_collaborators_import_down_their_rows() -> None:
    assert wrong_rows("pytest_claims.analysis.resolution", RESOLUTION, ABOVE_RESOLUTION) == []


CONFIG_ROOMS: tuple[tuple[str, ...], ...] = (
    ("defaults", "keys", "messages", "model"),
    ("environment", "pyproject", "detection"),
    ("values", "rootdir"),
    ("claims", "rules", "projects"),
    ("load",),
)
"""The rooms of `config/`, lowest first: the vocabulary, the messages and the model; the environment, the file and
package detection; one value read, pytest's rootdir; the claim tables, the rules, the projects; `load_config`.
The package's `__init__` only re-exports: no room imports it."""

PLUGIN_ROOMS: tuple[tuple[str, ...], ...] = (
    ("failures", "paths", "phases"),
    ("state",),
    ("projects", "options", "workers", "items"),
    ("changed",),
    ("session", "collection", "protocol", "freeze", "terminal", "finish"),
)
"""The rooms of `plugin/`, lowest first: helpers; what a session knows; the configuration, the options, xdist and
the nodes; which claims a changed-only run keeps; the hooks of each part of the session (the analysis,
collection, the direct run, the frozen heap, the summary, the end). pytest registers the package's `__init__`,
which gathers their hooks: no room imports it."""


def test_the_config_rooms_import_down_their_rows() -> None:
    assert wrong_rows("pytest_claims.config", CONFIG_ROOMS) == []


def test_the_plugin_rooms_import_down_their_rows() -> None:
    assert wrong_rows("pytest_claims.plugin", PLUGIN_ROOMS) == []


def test_the_plugin_module_holds_every_hook_of_its_rooms() -> None:
    """pytest registers `pytest_claims.plugin` (`-p claims`, the entry point), never a room: a hook defined in a room
    and not gathered there would never be called."""
    import pytest_claims.plugin

    gathered = {name for name in dir(pytest_claims.plugin) if name.startswith("pytest_")}
    for rooms in PLUGIN_ROOMS:
        for room in rooms:
            tree = ast.parse((PACKAGE / "plugin" / f"{room}.py").read_bytes())
            hooks = {
                node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("pytest_")
            }
            assert hooks <= gathered, f"plugin/{room}.py: {sorted(hooks - gathered)} not in pytest_claims.plugin"


COMPOSITION_ROOTS = (
    "pytest_claims.engine",
    "pytest_claims.scope",
    "pytest_claims.jobs",
    "pytest_claims.plugin",
    "pytest_claims.cli",
)
"""The modules that wire storage into the analysis: the only ones outside `persist` that import it."""


def test_only_the_composition_roots_import_persist() -> None:
    """The analysis reaches storage through the interfaces it declares (`analysis.ports`), never `persist`."""
    edges = graph()
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in edges.items()
        if not module.startswith(("pytest_claims.persist", *COMPOSITION_ROOTS))
        for target in targets
        if target.startswith("pytest_claims.persist")
    )
    assert offenders == []


def test_the_facts_makers_are_the_fact_pass_and_what_it_imports() -> None:
    """The facts cache is keyed by the source of `records.FACTS_MAKERS` (`codekey.code_digest`): a module the fact
    pass imports that the list forgot could change what facts mean without changing the key."""
    from pytest_claims.records import FACTS_MAKERS

    edges = graph()
    closure: set[str] = set()
    todo = ["pytest_claims.analysis.facts", "pytest_claims.codec"]
    while todo:
        module = todo.pop()
        if module not in closure and module in edges:
            closure.add(module)
            todo.extend(edges[module])
    assert sorted(FACTS_MAKERS) == sorted(closure)
