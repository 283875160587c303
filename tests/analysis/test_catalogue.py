"""Tests for the capability catalogue (semantics §6): stdlib coverage, well-formed entries, real keys, lookups.

The stdlib is enumerated statically, from typeshed-client's bundled stubs and `sys.stdlib_module_names`:
nothing here imports the modules it judges.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
import typeshed_client
from typeshed_client import ImportedName, NameInfo
from typeshed_client.finder import SearchContext

from pytest_claims.analysis.catalog import Catalogue, Entry, load_catalogue, parse_catalogue
from pytest_claims.analysis.stubs import stubs_for
from pytest_claims.engine import check
from pytest_claims.vocabulary import CATEGORIES

PLATFORMS = ("linux", "darwin", "win32")
# Every Python the project supports, and the next ones the bundled stubs already describe: member keys for
# newer Pythons (os.process_cpu_count, uuid.uuid7, ...) must exist in at least one of them.
VERSIONS = ((3, 10), (3, 11), (3, 12), (3, 13), (3, 14))

# Stdlib modules that no bundled stub describes (private modules) and that the running Python's
# sys.stdlib_module_names may not list, because they ship only with other CPython versions: module -> (first,
# last) minor version that ships it, None for "still shipped". The catalogue is one file for every supported
# Python, so it judges them all; a key may name one of them on any running version, and
# test_other_version_modules_match_the_running_python checks each span against the running Python.
OTHER_VERSION_MODULES: dict[str, tuple[tuple[int, int], tuple[int, int] | None]] = {
    "_android_support": ((3, 13), None),
    "_bootsubprocess": ((3, 9), (3, 11)),
    "_crypt": ((3, 3), (3, 12)),  # PEP 594: removed with crypt in 3.13
    "_hmac": ((3, 14), None),
    "_ios_support": ((3, 13), None),
    "_opcode_metadata": ((3, 13), None),
    "_py_warnings": ((3, 14), None),
    "_pydatetime": ((3, 12), None),
    "_pylong": ((3, 12), None),
    "_pyrepl": ((3, 13), None),
    "_sha2": ((3, 12), None),
    "_suggestions": ((3, 13), None),
    "_sysconfig": ((3, 13), None),
    "_types": ((3, 14), None),
    "_wmi": ((3, 12), None),
}
# Shipped but missing from sys.stdlib_module_names before these releases (the list of Windows extensions is
# kept by hand): _wmi, python/cpython#123892, fixed in 3.12.7 and 3.13.0.
LISTED_SINCE = {("_wmi", (3, 12)): (3, 12, 7)}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


# -- static enumeration of the stdlib ----------------------------------------------------------------------


def _typeshed_dir() -> Path:
    return Path(str(typeshed_client.finder.find_typeshed()))


@cache
def _versions() -> dict[str, tuple[tuple[int, int], tuple[int, int] | None]]:
    """typeshed's VERSIONS file: module -> (first version, last version or None)."""
    out: dict[str, tuple[tuple[int, int], tuple[int, int] | None]] = {}
    for raw in (_typeshed_dir() / "VERSIONS").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        module, _, span = line.partition(":")
        low, _, high = span.strip().partition("-")
        first = tuple(int(part) for part in low.split("."))
        last = tuple(int(part) for part in high.split(".")) if high else None
        out[module.strip()] = (first[0], first[1]), (last[0], last[1]) if last else None
    return out


def _available(module: str, version: tuple[int, int]) -> bool:
    """Does typeshed say `module` exists on `version`? The most specific VERSIONS entry decides."""
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        span = _versions().get(".".join(parts[:size]))
        if span is not None:
            first, last = span
            return first <= version and (last is None or version <= last)
    return True


@cache
def _stub_modules() -> frozenset[str]:
    """Every module the bundled stdlib stubs describe, whatever the version."""
    root = _typeshed_dir()
    out: set[str] = set()
    for path in root.rglob("*.pyi"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(part.isidentifier() for part in parts):
            out.add(".".join(parts))
    return frozenset(out)


def running_stdlib_modules() -> frozenset[str]:
    """The stdlib modules of the running Python: stubs available on this version, plus the top-level names
    `sys.stdlib_module_names` lists (private C modules such as _socket included)."""
    version = (sys.version_info[0], sys.version_info[1])
    stubs = {module for module in _stub_modules() if _available(module, version)}
    return frozenset(stubs | set(sys.stdlib_module_names))


def known_modules() -> frozenset[str]:
    """Every module a catalogue key may name: any stubbed version, the running stdlib, the listed extras."""
    return _stub_modules() | frozenset(sys.stdlib_module_names) | frozenset(OTHER_VERSION_MODULES)


def test_other_version_modules_match_the_running_python() -> None:
    """Each span agrees with the running Python: listed in its sys.stdlib_module_names exactly when it falls in
    the span, so the extra keys stay names of real modules as Pythons come and go."""
    version = (sys.version_info[0], sys.version_info[1])
    wrong = []
    for module, (first, last) in sorted(OTHER_VERSION_MODULES.items()):
        assert module not in _stub_modules(), f"{module} has stubs now: drop it from OTHER_VERSION_MODULES"
        shipped = first <= version and (last is None or version <= last)
        if shipped and sys.version_info[:3] < LISTED_SINCE.get((module, version), (0, 0, 0)):
            continue
        if shipped != (module in sys.stdlib_module_names):
            wrong.append(f"{module}: span {first}-{last or ''}, listed: {module in sys.stdlib_module_names}")
    assert wrong == [], f"OTHER_VERSION_MODULES disagrees with Python {version}: " + "; ".join(wrong)


def test_enumeration_sees_submodules_and_private_modules() -> None:
    modules = running_stdlib_modules()
    for module in ("os", "os.path", "xml.etree.ElementTree", "email.mime.text", "concurrent.futures.thread"):
        assert module in modules
    for module in ("_socket", "_thread", "_posixsubprocess", "_winapi"):
        assert module in modules
    assert "compression.zstd" not in modules or sys.version_info >= (3, 14)


# -- (a) coverage ------------------------------------------------------------------------------------------


def test_every_stdlib_module_of_the_running_python_is_judged(catalogue: Catalogue) -> None:
    modules = running_stdlib_modules()
    assert len(modules) > 500
    unjudged = sorted(module for module in modules if not catalogue.judged(module))
    assert unjudged == [], f"{len(unjudged)} stdlib module(s) not judged by the catalogue: {', '.join(unjudged)}"


def test_every_stubbed_module_of_any_supported_python_is_judged(catalogue: Catalogue) -> None:
    unjudged = sorted(module for module in _stub_modules() if not catalogue.judged(module))
    assert unjudged == [], f"stubbed module(s) not judged: {', '.join(unjudged)}"


# -- (b) well-formed entries -------------------------------------------------------------------------------


def test_entries_use_only_known_categories_and_one_line_reasons(catalogue: Catalogue) -> None:
    assert len(catalogue.entries) > 300
    for key, entry in catalogue.entries.items():
        assert entry.key == key
        assert entry.categories, key
        assert entry.categories <= CATEGORIES, (key, sorted(entry.categories - CATEGORIES))
        assert entry.reason.strip() == entry.reason and entry.reason, key
        assert "\n" not in entry.reason, key
    for section in (catalogue.exempt, catalogue.pure):
        for key, reason in section.items():
            assert reason.strip() == reason and reason and "\n" not in reason, key


# -- (c) every key names something real --------------------------------------------------------------------


@cache
def _contexts() -> tuple[SearchContext, ...]:
    return tuple(
        typeshed_client.get_search_context(search_path=[], platform=platform, version=version)
        for platform in PLATFORMS
        for version in VERSIONS
    )


@cache
def _names(module: str, index: int) -> dict[str, NameInfo]:
    try:
        found = typeshed_client.get_stub_names(module, search_context=_contexts()[index])
    except (SyntaxError, ValueError, OSError):
        found = None
    return dict(found) if found else {}


def _class_children(module: str, index: int, info: NameInfo, depth: int = 0) -> Iterator[dict[str, NameInfo]]:
    """The members of a class and of its bases named in the same stub (datetime.datetime -> date)."""
    if info.child_nodes:
        yield dict(info.child_nodes)
    node = info.ast
    if depth > 10 or not isinstance(node, ast.ClassDef):
        return
    for base in node.bases:
        if isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name):
            base_info = _names(module, index).get(base.id)
            if base_info is not None:
                yield from _class_children(module, index, base_info, depth + 1)


def _member_exists(module: str, path: list[str]) -> bool:
    for index in range(len(_contexts())):
        info = _names(module, index).get(path[0])
        for attr in path[1:]:
            if info is None or isinstance(info.ast, ImportedName):
                info = None
                break
            info = next((kids[attr] for kids in _class_children(module, index, info) if attr in kids), None)
        if info is not None:
            return True
    return False


def _split(key: str) -> tuple[str, list[str]] | None:
    """(module part, member path) of a key: the longest prefix that is a known module."""
    parts = key.split(".")
    known = known_modules()
    for size in range(len(parts), 0, -1):
        module = ".".join(parts[:size])
        if module in known:
            return module, parts[size:]
    return None


def _key_problem(catalogue: Catalogue, key: str) -> str | None:
    split = _split(key)
    if split is None:
        return "no stdlib module"
    module, path = split
    if not path:
        return None
    # A member of os.path is defined in posixpath/ntpath/genericpath: follow the aliases back.
    candidates = [module, *sorted(alias for alias, target in catalogue.aliases.items() if target == module)]
    if any(_member_exists(candidate, path) for candidate in candidates):
        return None
    return f"no member {'.'.join(path)} in the stubs of {' / '.join(candidates)}"


def test_every_capability_and_exempt_key_exists_in_the_stubs(catalogue: Catalogue) -> None:
    problems = [
        f"{key}: {problem}"
        for key in sorted({*catalogue.entries, *catalogue.exempt})
        if (problem := _key_problem(catalogue, key)) is not None
    ]
    assert problems == [], "catalogue keys that name nothing real:\n" + "\n".join(problems)


def test_alias_keys_and_targets_are_modules(catalogue: Catalogue) -> None:
    """Module aliases map a module to a module; member aliases (a re-export or `x = y` in a stub, judged once at
    its definition) are checked by test_member_aliases_name_the_same_stub_object."""
    known = known_modules()
    for alias, target in catalogue.aliases.items():
        if alias in known:
            assert target in known, target
        else:
            assert _split(alias) is not None and _split(target) is not None, alias


def _canonical(module: str, name: str, index: int, depth: int = 0) -> str | None:
    """Where a stub name is defined, following re-exports and `x = y` aliases; None for a module."""
    info = _names(module, index).get(name)
    node = None if info is None else info.ast
    if depth < 20 and isinstance(node, ImportedName):
        if node.name is None:
            return None
        return _canonical(".".join(node.module_name), node.name, index, depth + 1)
    if depth < 20 and isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id != name:
        return _canonical(module, node.value.id, index, depth + 1)
    return f"{module}.{name}"


def _export_check_contexts() -> list[int]:
    """The running version and the newest one, on every platform: enough for re-exports, and fast."""
    wanted = {(sys.version_info[0], sys.version_info[1]), VERSIONS[-1]}
    return [index for index, context in enumerate(_contexts()) if context.version in wanted]


def test_pure_modules_export_no_capability(catalogue: Catalogue) -> None:
    """A [pure] module's own namespace is pure: no key inside it but its submodules', no capable re-export."""
    problems: list[str] = []
    for module in sorted(catalogue.pure):
        for key in (*catalogue.entries, *catalogue.exempt):
            if key.startswith(module + "."):
                split = _split(key)
                if split is None or split[0] == module:
                    problems.append(f"{module}: the key {key} names a member of a [pure] module")
        for index in _export_check_contexts():
            for name, info in _names(module, index).items():
                if not info.is_exported or name.startswith("__"):
                    continue
                target = _canonical(module, name, index)
                entry = None if target is None else catalogue.lookup(target)
                if entry is not None:
                    problems.append(f"{module}: exports {name}, which is {target} ({entry.key})")
    assert problems == [], "\n".join(sorted(set(problems)))


def test_member_check_catches_typos(catalogue: Catalogue) -> None:
    assert _key_problem(catalogue, "os.getenv") is None
    assert _key_problem(catalogue, "os.path.exists") is None  # found in genericpath through the aliases
    assert _key_problem(catalogue, "datetime.datetime.today") is None  # inherited from datetime.date
    assert _key_problem(catalogue, "os.getenvv") == "no member getenvv in the stubs of os / nt / posix"
    assert _key_problem(catalogue, "datetime.datetime.nowish") is not None
    assert _key_problem(catalogue, "nosuchmodule.x") == "no stdlib module"


# -- (d) lookups -------------------------------------------------------------------------------------------


def _categories(entry: Entry | None) -> tuple[str, frozenset[str]] | None:
    return None if entry is None else (entry.key, entry.categories)


def test_lookup_whole_module_and_members(catalogue: Catalogue) -> None:
    assert _categories(catalogue.lookup("subprocess.run")) == ("subprocess.run", frozenset({"process"}))
    assert _categories(catalogue.lookup("subprocess.some_future_runner")) == ("subprocess", frozenset({"process"}))
    assert _categories(catalogue.lookup("subprocess.Popen")) == ("subprocess.Popen", frozenset({"process"}))
    assert _categories(catalogue.lookup("os.getenv")) == ("os.getenv", frozenset({"env"}))
    assert _categories(catalogue.lookup("datetime.datetime.now")) == (
        "datetime.datetime.now",
        frozenset({"clock", "host"}),
    )
    assert _categories(catalogue.lookup("pathlib.Path")) == ("pathlib.Path", frozenset({"fs"}))
    assert _categories(catalogue.lookup("pathlib.Path.cwd")) == ("pathlib.Path.cwd", frozenset({"fs"}))
    assert _categories(catalogue.lookup("pathlib.Path.chown_future")) == ("pathlib.Path", frozenset({"fs"}))
    assert _categories(catalogue.lookup("builtins.print")) == ("builtins.print", frozenset({"stdout"}))
    assert _categories(catalogue.lookup("builtins.open")) == ("builtins.open", frozenset({"fs"}))
    assert _categories(catalogue.lookup("builtins.eval")) == ("builtins.eval", frozenset({"dynamic"}))
    assert _categories(catalogue.lookup("builtins.hash")) == ("builtins.hash", frozenset({"interpreter"}))
    assert _categories(catalogue.lookup("time.time")) == ("time.time", frozenset({"clock"}))
    assert _categories(catalogue.lookup("time.some_future_clock")) == ("time", frozenset({"clock"}))
    assert _categories(catalogue.lookup("random.random")) == ("random.random", frozenset({"random"}))
    assert _categories(catalogue.lookup("uuid.uuid4")) == ("uuid.uuid4", frozenset({"random"}))
    assert _categories(catalogue.lookup("socket.gethostname")) == ("socket.gethostname", frozenset({"host"}))
    assert _categories(catalogue.lookup("platform.system")) == ("platform.system", frozenset({"host"}))


def test_lookup_sees_through_aliases(catalogue: Catalogue) -> None:
    expected = ("os.path.exists", frozenset({"fs"}))
    assert _categories(catalogue.lookup("os.path.exists")) == expected
    assert _categories(catalogue.lookup("posixpath.exists")) == expected
    assert _categories(catalogue.lookup("ntpath.exists")) == expected
    assert _categories(catalogue.lookup("genericpath.exists")) == expected
    assert catalogue.lookup("posixpath.exists") is catalogue.lookup("os.path.exists")
    assert _categories(catalogue.lookup("_io.open")) == ("io.open", frozenset({"fs"}))
    assert _categories(catalogue.lookup("_socket.gethostname")) == ("socket.gethostname", frozenset({"host"}))
    assert _categories(catalogue.lookup("posix.listdir")) == ("os.listdir", frozenset({"fs"}))


def test_lookup_pure_names_are_not_reaches(catalogue: Catalogue) -> None:
    for name in (
        "os.path.join",
        "posixpath.join",
        "os.path.splitext",
        "os.fspath",
        "datetime.timedelta",
        "datetime.datetime",
        "datetime.datetime.utcfromtimestamp",
        "pathlib.PurePosixPath",
        "pathlib.PurePath",
        "uuid.UUID",
        "uuid.uuid5",
        "json.dumps",
        "time.struct_time",
        "socket.htons",
        "_socket.htons",
        "io.StringIO",
        "_io.BytesIO",
        "subprocess.list2cmdline",
        "curses.ascii.isalpha",
        "nosuchmodule.thing",
    ):
        assert catalogue.lookup(name) is None, name


def test_exact_is_for_module_variables(catalogue: Catalogue) -> None:
    assert _categories(catalogue.exact("os.environ")) == ("os.environ", frozenset({"env"}))
    assert _categories(catalogue.exact("posix.environ")) == ("os.environ", frozenset({"env"}))
    assert _categories(catalogue.exact("sys.argv")) == ("sys.argv", frozenset({"interpreter"}))
    assert _categories(catalogue.exact("sys.stdin")) == ("sys.stdin", frozenset({"stdin"}))
    assert _categories(catalogue.exact("sys.stdout")) == ("sys.stdout", frozenset({"stdout"}))
    assert _categories(catalogue.exact("time.timezone")) == ("time.timezone", frozenset({"host"}))
    # A whole-module key does not flag the module's variables.
    assert catalogue.exact("os.sep") is None
    assert catalogue.exact("sys.platform") is None
    assert catalogue.exact("subprocess.PIPE") is None
    assert catalogue.exact("os.environ.get") is None


def test_normalize(catalogue: Catalogue) -> None:
    assert catalogue.normalize("posixpath.exists") == "os.path.exists"
    assert catalogue.normalize("ntpath") == "os.path"
    assert catalogue.normalize("_frozen_importlib.__import__") == "importlib._bootstrap.__import__"
    assert catalogue.normalize("os.path.exists") == "os.path.exists"
    assert catalogue.normalize("posixpathx.exists") == "posixpathx.exists"
    assert catalogue.normalize("json") == "json"


def test_touches(catalogue: Catalogue) -> None:
    assert catalogue.touches("os") is True
    assert catalogue.touches("os.path") is True
    assert catalogue.touches("posixpath") is True
    assert catalogue.touches("subprocess") is True
    assert catalogue.touches("pathlib") is True
    assert catalogue.touches("pathlib.Path") is True
    assert catalogue.touches("json") is False  # a pure namespace, although json.tool is capable
    assert catalogue.touches("json.tool") is True
    assert catalogue.touches("json.decoder") is False
    assert catalogue.touches("math") is False
    assert catalogue.touches("curses.ascii") is False


def test_judged(catalogue: Catalogue) -> None:
    assert catalogue.judged("math") is True  # [pure]
    assert catalogue.judged("os.path") is True  # entries under it
    assert catalogue.judged("ntpath") is True  # through the alias
    assert catalogue.judged("asyncio.tasks") is True  # whole-module ancestor
    assert catalogue.judged("curses.ascii") is True  # exempt, under a whole-module ancestor
    assert catalogue.judged("nosuchmodule") is False


# -- validation --------------------------------------------------------------------------------------------


def _parse(body: str) -> Catalogue:
    return parse_catalogue(body)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[capabilities]\n"os.getenv" = { categories = ["enviroment"], reason = "r" }\n',
            "[capabilities] 'os.getenv': unknown category 'enviroment'",
        ),
        (
            '[capabilities]\n"os.getenv" = { categories = ["env"], reason = "  " }\n',
            "[capabilities] 'os.getenv': empty reason",
        ),
        (
            '[capabilities]\n"os.getenv" = { categories = [], reason = "r" }\n',
            "[capabilities] 'os.getenv': empty categories",
        ),
        (
            '[capabilities]\n"json" = { categories = ["fs"], reason = "r" }\n[pure]\njson = "pure"\n',
            "[pure] 'json': the key is in both [pure] and [capabilities]",
        ),
        (
            '[capabilities]\n"os.getenv" = { categories = ["env"], reason = "a\\nb" }\n',
            "[capabilities] 'os.getenv': a reason must be one line",
        ),
        (
            '[capabilities]\n"os.getenv" = { categories = ["env"], reason = "r", why = "x" }\n',
            "[capabilities] 'os.getenv': unknown field(s) why",
        ),
        ('[pure]\nmath = ""\n', "[pure] 'math': empty reason"),
        (
            '[exempt]\n"uuid.UUID" = "value"\n',
            "[exempt] 'uuid.UUID': no [capabilities] key is a prefix of it",
        ),
        (
            '[aliases]\nposixpath = "os.path"\n'
            '[capabilities]\n"posixpath.exists" = { categories = ["fs"], reason = "r" }\n',
            "[capabilities] 'posixpath.exists': 'posixpath' is an alias of 'os.path'",
        ),
        (
            '[capabilities]\n"os" = { categories = ["os"], reason = "r" }\n[pure]\n"os.path" = "pure"\n',
            "[pure] 'os.path': the module is pure but [capabilities] 'os' covers it",
        ),
        (
            '[capabilities]\n"os getenv" = { categories = ["env"], reason = "r" }\n',
            "'os getenv': a key must be",
        ),
        ('[extra]\nx = "y"\n', "unknown section(s) extra"),
    ],
)
def test_validation_names_the_key(text: str, message: str) -> None:
    with pytest.raises(ValueError, match="capability catalogue") as info:
        _parse(text)
    assert message in str(info.value)


def test_parse_minimal_catalogue() -> None:
    parsed = _parse(
        '[aliases]\nposixpath = "os.path"\n'
        '[capabilities]\n"os" = { categories = ["os"], reason = "raw" }\n'
        '"os.path.exists" = { categories = ["fs"], reason = "stat" }\n'
        '[exempt]\n"os.path" = "arithmetic"\n'
        '[pure]\nmath = "math"\n'
    )
    assert parsed.lookup("posixpath.exists") == Entry("os.path.exists", frozenset({"fs"}), "stat")
    assert parsed.lookup("posixpath.join") is None
    assert parsed.lookup("os.kill") == Entry("os", frozenset({"os"}), "raw")
    assert parsed.judged("math") and parsed.judged("posixpath") and not parsed.judged("json")


def test_pure_package_with_a_capable_submodule() -> None:
    parsed = _parse('[capabilities]\n"json.tool" = { categories = ["stdin"], reason = "cli" }\n[pure]\njson = "p"\n')
    assert parsed.touches("json") is False
    assert parsed.judged("json") and parsed.judged("json.tool")
    assert parsed.lookup("json.dumps") is None
    assert parsed.lookup("json.tool.main") == Entry("json.tool", frozenset({"stdin"}), "cli")


def test_load_catalogue_is_cached() -> None:
    assert load_catalogue() is load_catalogue()


# -- (e) no silent members ---------------------------------------------------------------------------------
#
# A whole-module key ("os", "ctypes") judges every member of its module at once, including the ones nobody looked
# at: a pure value class inside a capable module (ctypes.c_int) would be flagged silently. So, as
# facts.HANDLED / INERT judge every ast class, every public function and class a whole-module key's stubs define
# (on every target platform, for every Python in VERSIONS: the same answer on every CI leg) must be judged
# explicitly: an exact [capabilities] key (covered, with its categories) or an exact [exempt] key (with its
# one-line reason). A member that is another name of something defined elsewhere (`secrets.compare_digest` is
# `hmac.compare_digest`, `ctypes.c_int8` is `ctypes.c_byte`) is judged once, at its definition, through a member
# key of [aliases], or by an explicit key of its own; either way it must get the judgement its definition gets.
# Exception classes are never reaches (semantics §4) and need no judgement; variables are judged only by exact keys
# anyway (a whole-module key never flags them).
#
# Every whole-module key is listed in MEMBER_JUDGED, and every member of each is judged (checked below): a new
# whole-module key fails test_every_whole_module_key_is_member_judged until it is listed here, and then
# test_every_member_of_a_judged_module_is_judged_explicitly until each of its members has a key of its own. A module
# the stubs do not describe (_strptime, idlelib) or whose stubs define no public function or class (distutils,
# lib2to3: their code is in submodules) has nothing to enumerate: its whole-module key judges it alone.

MEMBER_JUDGED = (
    "__main__", "_aix_support", "_android_support", "_bootsubprocess", "_colorize", "_crypt", "_curses_panel",
    "_dbm", "_gdbm", "_imp", "_interpchannels", "_interpqueues", "_interpreters", "_ios_support", "_lsprof", "_msi",
    "_multiprocessing", "_osx_support", "_overlapped", "_posixshmem", "_posixsubprocess", "_py_warnings", "_pyrepl",
    "_random", "_remote_debugging", "_scproxy", "_signal", "_sitebuiltins", "_strptime", "_sysconfig", "_thread",
    "_threading_local", "_tkinter", "_uuid", "_winapi", "_wmi", "_zoneinfo", "antigravity", "asynchat", "asyncio",
    "asyncio.base_events", "asyncio.base_subprocess", "asyncio.proactor_events", "asyncio.selector_events",
    "asyncio.sslproto", "asyncio.streams", "asyncio.subprocess", "asyncio.tools", "asyncio.trsock",
    "asyncio.unix_events", "asyncio.windows_events", "asyncio.windows_utils", "asyncore", "atexit", "bdb", "binhex",
    "cProfile", "cgitb", "cmd", "code", "codeop", "compileall", "concurrent.futures",
    "concurrent.futures.interpreter", "concurrent.futures.process", "concurrent.interpreters", "crypt", "ctypes",
    "ctypes.util", "curses", "curses.has_key", "dbm", "distutils", "distutils.log", "doctest", "encodings.mbcs",
    "encodings.oem", "ensurepip", "faulthandler", "fcntl", "filecmp", "fileinput", "ftplib", "gc", "gettext", "glob",
    "grp", "http.client", "http.cookiejar", "http.server", "idlelib", "imaplib", "imp", "importlib._bootstrap",
    "importlib._bootstrap_external", "importlib.machinery", "importlib.metadata", "importlib.readers",
    "importlib.resources", "json.tool", "lib2to3", "linecache", "locale", "logging", "logging.config",
    "logging.handlers", "mailbox", "mailcap", "mimetypes", "mmap", "modulefinder", "msilib", "msvcrt",
    "multiprocessing", "multiprocessing.dummy", "multiprocessing.shared_memory", "netrc", "nis", "nntplib", "os",
    "ossaudiodev", "pdb", "pipes", "pkgutil", "platform", "poplib", "profile", "profiling", "pstats", "pty", "pwd",
    "py_compile", "pyclbr", "pydoc", "random", "readline", "resource", "rlcompleter", "runpy", "sched", "secrets",
    "select", "selectors", "shelve", "shutil", "signal", "site", "smtpd", "smtplib", "socket", "socketserver",
    "spwd", "sqlite3", "ssl", "subprocess", "sys", "sysconfig", "syslog", "tabnanny", "tarfile", "telnetlib",
    "tempfile", "termios", "this", "threading", "time", "timeit", "tkinter", "trace", "traceback", "tracemalloc",
    "tty", "turtle", "turtledemo", "unittest.async_case", "unittest.loader", "unittest.main", "unittest.runner",
    "unittest.signals", "urllib.request", "urllib.robotparser", "uu", "uuid", "venv", "warnings", "webbrowser",
    "winreg", "winsound", "wsgiref.simple_server", "xmlrpc.client", "xmlrpc.server", "zipapp", "zipfile._path",
    "zipimport", "zoneinfo",
)  # fmt: skip


def _whole_module_keys(catalogue: Catalogue) -> set[str]:
    """The [capabilities] keys that name a module: each judges every member of it it does not list."""
    out = set()
    for key in catalogue.entries:
        split = _split(key)
        if split is not None and not split[1]:
            out.add(key)
    return out


def test_every_whole_module_key_is_member_judged(catalogue: Catalogue) -> None:
    whole = _whole_module_keys(catalogue)
    assert sorted(whole - set(MEMBER_JUDGED)) == [], "put each in MEMBER_JUDGED and judge its members"
    assert sorted(set(MEMBER_JUDGED) - whole) == [], "not a whole-module key (any more)"
    assert len(set(MEMBER_JUDGED)) == len(MEMBER_JUDGED)


@cache
def _stub_members(module: str) -> dict[str, dict[tuple[str, tuple[str, str]], set[str]]]:
    """The public functions and non-exception classes of a module, as the stubs define them on each target:
    name -> {(kind, where it is defined): {"platform 3.x", ...}}. Exported names only (typeshed's re-export rules),
    kinds and definitions from the stubs the checker itself reads (`stubs_for`)."""
    out: dict[str, dict[tuple[str, tuple[str, str]], set[str]]] = {}
    for index, context in enumerate(_contexts()):
        stubs = stubs_for(context.platform, context.version)
        for name, info in _names(module, index).items():
            if name.startswith("_") or not info.is_exported:
                continue
            symbol = stubs.member(module, (name,))
            if symbol.kind not in ("function", "class") or symbol.is_exception:
                continue
            where = (symbol.where[0], symbol.where[1])
            target = f"{context.platform} {context.version[0]}.{context.version[1]}"
            out.setdefault(name, {}).setdefault((symbol.kind, where), set()).add(target)
    return out


def _explicit(catalogue: Catalogue, name: str) -> bool:
    """Judged by a key of exactly this name, or not a reach at all: under an [exempt] key or in a [pure] module,
    or (the target of a member alias) in a mixed module whose members are keyed one by one (`typing`)."""
    return name in catalogue.entries or name in catalogue.exempt or catalogue.lookup(name) is None


def _verdict(catalogue: Catalogue, dotted: str) -> tuple[str, ...] | None:
    entry = catalogue.lookup(dotted)
    return None if entry is None else tuple(sorted(entry.categories))


def _member_problems(catalogue: Catalogue, module: str) -> tuple[list[str], list[str]]:
    """(members judged only by the whole-module key, re-exports judged unlike their definition) of a module."""
    silent: list[str] = []
    split: list[str] = []
    for name, definitions in sorted(_stub_members(module).items()):
        spelled = f"{module}.{name}"
        if not _explicit(catalogue, catalogue.normalize(spelled)):
            shapes = "; ".join(
                f"{kind} {where[0]}.{where[1]} on {len(targets)} target(s), e.g. {min(targets)}"
                for (kind, where), targets in sorted(definitions.items())
            )
            silent.append(f"{spelled} ({shapes})")
        for _kind, (where_module, where_name) in definitions:
            defined = f"{where_module}.{where_name}"
            if defined != spelled and _verdict(catalogue, spelled) != _verdict(catalogue, defined):
                split.append(
                    f"{spelled} is {defined}, but they are judged {_verdict(catalogue, spelled)} and "
                    f"{_verdict(catalogue, defined)}: add [aliases] {spelled!r} = {defined!r} or judge them alike"
                )
    return silent, sorted(set(split))


@pytest.mark.parametrize("module", MEMBER_JUDGED)
def test_every_member_of_a_judged_module_is_judged_explicitly(catalogue: Catalogue, module: str) -> None:
    silent, split = _member_problems(catalogue, module)
    assert silent == [], (
        f"{len(silent)} member(s) of {module} judged only by the whole-module key {module!r}: add each to "
        "[capabilities] (with its categories) or [exempt] (with a one-line reason):\n" + "\n".join(silent)
    )
    assert split == [], "\n".join(split)


def test_member_enumeration_sees_functions_and_classes_of_every_target() -> None:
    """The enumeration behind the member check: functions and classes, not exceptions or variables, of every
    target (os.startfile is Windows-only, os.fork not on Windows; uuid.uuid7 is 3.14's)."""
    os_members = _stub_members("os")
    assert {"getenv", "stat_result", "startfile", "fork"} <= set(os_members)
    assert not {"environ", "error", "sep", "_exit"} & set(os_members)
    assert "uuid7" in _stub_members("uuid")
    assert _stub_members("_strptime") == {}  # no stub: its whole-module key judges it alone


def _catalogue_text() -> str:
    return (resources.files("pytest_claims") / "data" / "catalogue.toml").read_text(encoding="utf-8")


def test_a_new_whole_module_key_fails_until_its_members_are_judged() -> None:
    """Issue 17: keying a module whole (`zipfile`, whose capable members are keyed one by one today) is refused
    until it is listed, then every public function and class of it not judged by a key of its own is reported."""
    keyed = parse_catalogue(
        _catalogue_text().replace(
            "[capabilities]\n", '[capabilities]\n"zipfile" = { categories = ["fs"], reason = "archives" }\n', 1
        )
    )
    assert "zipfile" in _whole_module_keys(keyed) and "zipfile" not in MEMBER_JUDGED
    silent, split = _member_problems(keyed, "zipfile")
    reported = {line.split(" ", 1)[0] for line in silent}
    assert {"zipfile.ZipInfo", "zipfile.ZipExtFile"} <= reported
    assert not {"zipfile.ZipFile", "zipfile.is_zipfile", "zipfile.BadZipFile"} & reported  # keyed; an exception
    assert split == []


def test_a_re_export_judged_apart_from_its_definition_is_reported() -> None:
    """curses.initscr is _curses.initscr: the module alias judges them once, under the name users see."""
    assert _member_problems(load_catalogue(), "curses") == ([], [])
    apart = parse_catalogue(_catalogue_text().replace('_curses = "curses"\n', "", 1))
    assert any(line.startswith("curses.initscr is _curses.initscr") for line in _member_problems(apart, "curses")[1])


def _module_of(dotted: str) -> str | None:
    split = _split(dotted)
    return None if split is None else split[0]


def test_member_aliases_name_the_same_stub_object(catalogue: Catalogue) -> None:
    """A member key of [aliases] (`secrets.compare_digest` -> `hmac.compare_digest`) is judged at its target,
    so the two must be one object in the stubs, on some target."""
    problems = []
    member_aliases = {key: target for key, target in catalogue.aliases.items() if _split(key) != (key, [])}
    assert "secrets.compare_digest" in member_aliases
    for key, target in sorted(member_aliases.items()):
        split, aimed = _split(key), _split(target)
        if split is None or aimed is None or not split[1] or not aimed[1]:
            problems.append(f"{key} -> {target}: a member alias names a member on both sides")
            continue
        same = False
        for context in _contexts():
            stubs = stubs_for(context.platform, context.version)
            one, other = stubs.member(split[0], tuple(split[1])), stubs.member(aimed[0], tuple(aimed[1]))
            if one.kind != "missing" and one.kind == other.kind and one.where == other.where:
                same = True
                break
        if not same:
            problems.append(f"{key} -> {target}: not the same object in the stubs of any target")
    assert problems == [], "\n".join(problems)


def test_member_judgements_that_matter(catalogue: Catalogue) -> None:
    """Issue 17's precision sample: pure members of capable modules are not reaches, their loaders are."""
    for name in ("ctypes.c_int", "ctypes.c_void_p", "ctypes.c_char_p", "ctypes.byref", "ctypes.sizeof",
                 "ctypes.POINTER", "ctypes.c_int8", "_ctypes.byref", "ctypes.wintypes.DWORD",
                 "secrets.compare_digest", "socket.gaierror", "platform.system_alias", "os.O_BINARY",
                 "sqlite3.adapt", "sqlite3.dbapi2.adapt", "asyncio.iscoroutinefunction", "asyncio.iscoroutine",
                 "asyncio.coroutines.iscoroutinefunction"):  # fmt: skip
        assert catalogue.lookup(name) is None, name
    assert catalogue.normalize("secrets.compare_digest") == "hmac.compare_digest"
    assert _categories(catalogue.lookup("ctypes.CDLL")) == ("ctypes.CDLL", frozenset({"os"}))
    assert _categories(catalogue.lookup("_ctypes.dlopen")) == ("ctypes", frozenset({"os"}))
    for factory in ("ctypes.CFUNCTYPE", "ctypes.WINFUNCTYPE", "ctypes.PYFUNCTYPE", "ctypes.POINTER",
                    "ctypes.Structure", "ctypes.Union", "ctypes.ARRAY", "ctypes.SetPointerType"):  # fmt: skip
        assert catalogue.lookup(factory) is None, factory  # makes a type: pure
    for loader in ("ctypes.CDLL", "ctypes.PyDLL", "ctypes.WinDLL", "ctypes.OleDLL", "ctypes.LibraryLoader",
                   "ctypes.cdll", "ctypes.windll", "ctypes.oledll", "ctypes.pydll", "ctypes.pythonapi",
                   "ctypes.util.find_library", "ctypes.cdll.LoadLibrary", "_ctypes.dlopen",
                   "_ctypes.LoadLibrary", "ctypes.CFuncPtr", "ctypes._CFunctionType"):  # fmt: skip
        assert catalogue.lookup(loader) is not None, loader
        assert catalogue.constructs(loader) is not None, loader
    assert _categories(catalogue.lookup("ctypes.addressof")) == ("ctypes.addressof", frozenset({"interpreter"}))
    assert _categories(catalogue.lookup("ctypes.util.find_library")) is not None
    assert _categories(catalogue.lookup("secrets.token_hex")) == ("secrets.token_hex", frozenset({"random"}))
    assert _categories(catalogue.lookup("_asyncio.get_running_loop")) == (
        "asyncio.get_running_loop",
        frozenset({"concurrency"}),
    )
    # a member a future Python adds is still a reach until judged: the whole-module key stays the catch-all
    assert _categories(catalogue.lookup("os.some_future_syscall")) == ("os", frozenset({"os"}))


def test_sqlite3_binary_is_memoryview_not_a_database(catalogue: Catalogue) -> None:
    """`sqlite3.Binary` wraps bytes for a query's parameter (diskcache's `Disk.put`): the stubs bind it to
    `memoryview`, which the stub resolution cannot follow to `builtins` (a missing symbol), so the exemption says it."""
    stub = (_typeshed_dir() / "sqlite3" / "dbapi2.pyi").read_text()
    assert "\nBinary = memoryview\n" in stub  # the exemption's reason: were it anything else, judge it again
    for name in ("sqlite3.Binary", "sqlite3.dbapi2.Binary", "_sqlite3.Binary"):
        assert catalogue.lookup(name) is None, name
    for name in ("sqlite3.connect", "sqlite3.Connection", "sqlite3.some_future_function"):
        assert _categories(catalogue.lookup(name)) is not None, name


def test_members_of_the_rest_of_the_whole_module_keys(catalogue: Catalogue) -> None:
    """Issue 17, every whole-module key: pure members are not reaches, capable ones keep precise categories, and
    re-exports of C modules are judged under the name users see."""
    for name in ("logging.Formatter", "logging.Filter", "warnings.WarningMessage",
                 "tracemalloc.Snapshot", "tracemalloc.Filter", "tarfile.fully_trusted_filter", "ssl.TLSVersion",
                 "ssl.MemoryBIO", "_ssl.MemoryBIO", "multiprocessing.dummy.Array", "multiprocessing.dummy.Queue",
                 "urllib.request.HTTPPasswordMgr", "xmlrpc.server.list_public_methods", "curses.color_pair",
                 "_curses.color_pair", "smtplib.quoteaddr", "imaplib.ParseFlags", "fileinput.lineno",
                 "importlib.metadata.EntryPoint", "sysconfig.get_python_version", "pydoc.cram"):  # fmt: skip
        assert catalogue.lookup(name) is None, name
    assert _categories(catalogue.lookup("logging.Formatter.formatTime")) == (
        "logging.Formatter.formatTime",
        frozenset({"host"}),
    )
    assert _categories(catalogue.lookup("tracemalloc.Snapshot.load")) == (
        "tracemalloc.Snapshot.load",
        frozenset({"fs"}),
    )
    assert _categories(catalogue.lookup("importlib.metadata.EntryPoint.load")) == (
        "importlib.metadata.EntryPoint.load",
        frozenset({"dynamic"}),
    )
    # narration's settings are narration: `with catch_warnings(): simplefilter("ignore")` breaks no claim
    assert _categories(catalogue.lookup("warnings.simplefilter")) == ("warnings.simplefilter", frozenset({"stdout"}))
    assert _categories(catalogue.lookup("warnings.formatwarning")) == ("warnings.formatwarning", frozenset({"fs"}))
    # the C modules re-exported wholesale are reported under the module users import
    assert catalogue.normalize("_curses.initscr") == "curses.initscr"
    assert _categories(catalogue.lookup("_warnings.warn")) == ("warnings.warn", frozenset({"stdout"}))
    assert _categories(catalogue.lookup("_tracemalloc.start")) == ("tracemalloc.start", frozenset({"interpreter"}))
    # re-exports judged at their definition
    assert catalogue.normalize("importlib.resources.files") == "importlib.resources._common.files"
    assert _categories(catalogue.lookup("importlib.resources.files")) == (
        "importlib.resources._common.files",
        frozenset({"fs", "dynamic"}),
    )
    assert _categories(catalogue.lookup("multiprocessing.dummy.Lock")) == ("threading.Lock", frozenset({"concurrency"}))
    assert _categories(catalogue.lookup("turtle.fd")) == ("turtle.forward", frozenset({"os", "stdin", "fs"}))


def test_a_pure_class_with_a_reaching_method_on_the_engine(tmp_path: Path) -> None:
    """Constructing a logging.Formatter subclass reaches nothing; formatting a record's time reads the local time
    zone (Django's ServerFormatter.format, held before issue 17 because all of logging was narration)."""
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["app"]\n', encoding="utf-8")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "app" / "log.py").write_text(
        "import logging\n\n\n"
        "class Stamped(logging.Formatter):\n"
        "    # claims: deterministic\n"
        "    def __init__(self, fmt):\n"
        "        super().__init__(fmt)\n\n"
        "    # claims: deterministic\n"
        "    def format(self, record):\n"
        "        record.stamp = self.formatTime(record)\n"
        "        return super().format(record)\n",
        encoding="utf-8",
    )
    result = check(tmp_path, ["linux"])
    assert not result.problems
    verdicts = {c.qualname: (c.status, sorted({v.reach for v in c.violations})) for c in result.claims}
    assert verdicts == {
        "Stamped.__init__": ("held", []),
        "Stamped.format": ("violated", ["logging.Formatter.format", "logging.Formatter.formatTime"]),
    }


# Members of a concrete path that do not touch the file system (each has an [exempt] key): the constructor and the
# string work. Every other member the stubs give Path, on any target, must have a [capabilities] key of its own.
PURE_PATH_MEMBERS = frozenset({"__enter__", "__exit__", "as_uri", "from_uri"})


def _own_members(module: str, cls: str) -> dict[str, set[str]]:
    """The members a stub class defines in its own body, on every target: name -> {"platform 3.x", ...}."""
    out: dict[str, set[str]] = {}
    for index, context in enumerate(_contexts()):
        info = _names(module, index).get(cls)
        if info is None or not info.child_nodes:
            continue
        for name in info.child_nodes:
            out.setdefault(name, set()).add(f"{context.platform} {context.version[0]}.{context.version[1]}")
    return out


def test_every_member_of_a_concrete_path_is_judged(catalogue: Catalogue) -> None:
    """Constructing pathlib.Path is judged by the class key, and every other member the stubs define on Path is
    keyed one by one (a reach on a value, by its `Class.member` key; unbound, by the same key), and the
    concrete subclasses define none of their own (one would be judged under its own name, by the class key)."""
    members = _own_members("pathlib", "Path")
    assert {"read_text", "cwd", "resolve", "exists", "__new__"} <= set(members)
    unjudged, judged_pure = [], []
    for name in sorted(set(members) - {"__slots__", "__new__"}):  # __new__: constructing, the class key's
        key = f"pathlib.Path.{name}"
        if name in PURE_PATH_MEMBERS:
            if key not in catalogue.exempt:
                judged_pure.append(key)
        elif key not in catalogue.entries or catalogue.exact(key) is None or catalogue.lookup(key) is None:
            unjudged.append(f"{key} ({', '.join(sorted(members[name]))})")
    assert unjudged == [], "members of pathlib.Path with no [capabilities] key of their own:\n" + "\n".join(unjudged)
    assert judged_pure == [], "pure members of pathlib.Path with no [exempt] key:\n" + "\n".join(judged_pure)
    for cls in ("PosixPath", "WindowsPath"):
        assert set(_own_members("pathlib", cls)) <= {"__slots__"}, cls


def test_constructing_a_concrete_path_is_an_acquisition_and_so_are_its_members(catalogue: Catalogue) -> None:
    for cls in ("pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"):
        assert _categories(catalogue.constructs(cls)) == (cls, frozenset({"fs"})), cls
        assert _categories(catalogue.lookup(f"{cls}.cwd")) is not None, cls
        assert _categories(catalogue.lookup(f"{cls}.some_future_member")) == (cls, frozenset({"fs"}))
    assert catalogue.constructs("pathlib.PurePath") is None
    assert catalogue.lookup("pathlib.PurePosixPath.with_name") is None
    assert _categories(catalogue.exact("pathlib.Path.cwd")) == ("pathlib.Path.cwd", frozenset({"fs"}))
    assert _categories(catalogue.exact("pathlib.Path.home")) == ("pathlib.Path.home", frozenset({"env", "host"}))
    assert _categories(catalogue.constructs("subprocess.Popen")) == ("subprocess.Popen", frozenset({"process"}))
    assert _categories(catalogue.constructs("io.FileIO")) == ("io.FileIO", frozenset({"fs"}))
