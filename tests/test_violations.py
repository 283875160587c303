"""The fixture tree `testdata/violations/` is the product's own proof that it can tell.

Every shape of SPEC §4, §5 and §8 has a claiming function there; each one's verdict, reaches, lines and
hop chains on each platform are pinned here exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.engine import Result, check

ROOT = Path(__file__).resolve().parent.parent / "testdata" / "violations"
PLATFORMS = ("darwin", "linux", "win32")
ALL = "*"

EXPECTED: dict[str, dict[str, tuple[str, tuple[tuple[object, ...], ...]]]] = {
    "vio.aliases.module_alias": {
        ALL: ("violated", (("deterministic", "call", "os.getenv", "src/vio/aliases.py", 17, ()),))
    },
    "vio.aliases.name_alias": {
        ALL: ("violated", (("deterministic", "call", "os.getenv", "src/vio/aliases.py", 22, ()),))
    },
    "vio.aliases.from_submodule": {
        ALL: ("violated", (("sandboxed", "call", "os.path.exists", "src/vio/aliases.py", 27, ()),))
    },
    "vio.aliases.attribute_chain": {
        ALL: ("violated", (("sandboxed", "call", "os.path.isfile", "src/vio/aliases.py", 32, ()),))
    },
    "vio.aliases.relative_import": {
        ALL: (
            "violated",
            (("deterministic", "call", "time.time", "src/vio/helpers.py", 7, ("vio.helpers.stamp",)),),
        )
    },
    "vio.aliases.relative_module": {
        ALL: (
            "violated",
            (("deterministic", "call", "time.time", "src/vio/helpers.py", 7, ("vio.helpers.stamp",)),),
        )
    },
    "vio.aliases.package_reexport": {
        ALL: (
            "violated",
            (("deterministic", "call", "time.time", "src/vio/helpers.py", 7, ("vio.helpers.stamp",)),),
        )
    },
    "vio.aliases.pure_path_functions": {ALL: ("held", ())},
    "vio.clean.annotated": {ALL: ("held", ())},
    "vio.clean.type_check": {ALL: ("held", ())},
    "vio.clean.constants": {ALL: ("held", ())},
    "vio.clean.exceptions": {ALL: ("held", ())},
    "vio.clean.pure_values": {ALL: ("held", ())},
    "vio.clean.narration": {ALL: ("held", ())},
    "vio.clean.methods_on_values": {ALL: ("held", ())},
    "vio.clean.guarded_query": {ALL: ("held", ())},
    "vio.clean.allowed_by_config": {ALL: ("held", ())},
    "vio.clean.asserted_only": {ALL: ("held", ())},
    "vio.clean.sandboxed_may_read_clock": {ALL: ("held", ())},
    "vio.direct.env_call": {ALL: ("violated", (("deterministic", "call", "os.getenv", "src/vio/direct.py", 17, ()),))},
    "vio.direct.env_value": {
        ALL: ("violated", (("deterministic", "reference", "os.getenv", "src/vio/direct.py", 22, ()),))
    },
    "vio.direct.env_in_dict": {
        ALL: ("violated", (("deterministic", "reference", "os.getenv", "src/vio/direct.py", 28, ()),))
    },
    "vio.direct.env_in_map": {
        ALL: ("violated", (("deterministic", "reference", "os.getenv", "src/vio/direct.py", 33, ()),))
    },
    "vio.direct.env_partial": {
        ALL: ("violated", (("deterministic", "reference", "os.getenv", "src/vio/direct.py", 38, ()),))
    },
    "vio.direct.environ_read": {
        ALL: ("violated", (("deterministic", "read", "os.environ", "src/vio/direct.py", 43, ()),))
    },
    "vio.direct.argv_read": {ALL: ("violated", (("deterministic", "read", "sys.argv", "src/vio/direct.py", 48, ()),))},
    "vio.direct.socket_new": {
        ALL: ("violated", (("deterministic", "call", "socket.socket", "src/vio/direct.py", 53, ()),))
    },
    "vio.direct.popen": {ALL: ("violated", (("sandboxed", "call", "subprocess.Popen", "src/vio/direct.py", 58, ()),))},
    "vio.direct.path_new": {ALL: ("violated", (("sandboxed", "call", "pathlib.Path", "src/vio/direct.py", 63, ()),))},
    "vio.direct.tempdir": {
        ALL: (
            "violated",
            (("sandboxed", "call", "tempfile.TemporaryDirectory", "src/vio/direct.py", 68, ()),),
        )
    },
    "vio.direct.clock_member": {
        ALL: ("violated", (("deterministic", "call", "datetime.datetime.now", "src/vio/direct.py", 73, ()),))
    },
    "vio.direct.host_query": {
        ALL: ("violated", (("deterministic", "call", "platform.machine", "src/vio/direct.py", 78, ()),))
    },
    "vio.direct.dynamic_eval": {
        ALL: ("violated", (("deterministic", "call", "builtins.eval", "src/vio/direct.py", 83, ()),))
    },
    "vio.direct.hash_of": {
        ALL: ("violated", (("deterministic", "call", "builtins.hash", "src/vio/direct.py", 88, ()),))
    },
    "vio.direct.id_of": {ALL: ("violated", (("deterministic", "call", "builtins.id", "src/vio/direct.py", 93, ()),))},
    "vio.direct.getattr_literal": {
        ALL: ("violated", (("deterministic", "reference", "os.getenv", "src/vio/direct.py", 98, ()),))
    },
    "vio.direct.getattr_dynamic": {
        ALL: ("violated", (("deterministic", "call", "builtins.getattr", "src/vio/direct.py", 103, ()),))
    },
    "vio.direct.import_dynamic": {
        ALL: (
            "violated",
            (("deterministic", "call", "importlib.import_module", "src/vio/direct.py", 108, ()),),
        )
    },
    "vio.direct.default_argument": {
        ALL: ("violated", (("deterministic", "call", "os.getcwd", "src/vio/direct.py", 112, ()),))
    },
    "vio.direct.opens": {ALL: ("violated", (("sandboxed", "call", "builtins.open", "src/vio/direct.py", 118, ()),))},
    "vio.direct.fetches": {
        ALL: ("violated", (("offline", "call", "socket.create_connection", "src/vio/direct.py", 124, ()),))
    },
    "vio.direct.two_claims": {
        ALL: (
            "violated",
            (
                ("deterministic", "call", "builtins.open", "src/vio/direct.py", 129, ()),
                ("sandboxed", "call", "builtins.open", "src/vio/direct.py", 129, ()),
            ),
        )
    },
    "vio.direct.denied_by_config": {
        ALL: ("violated", (("deterministic", "call", "vio.legacy.compute", "src/vio/direct.py", 136, ()),))
    },
    "vio.external.third_party": {ALL: ("unevaluable", ())},
    "vio.helpers.one_hop": {
        ALL: (
            "violated",
            (("deterministic", "call", "time.time", "src/vio/helpers.py", 7, ("vio.helpers.stamp",)),),
        )
    },
    "vio.helpers.two_hops": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.time",
                    "src/vio/helpers.py",
                    7,
                    ("vio.helpers.relay", "vio.helpers.stamp"),
                ),
            ),
        )
    },
    "vio.helpers.through_constructor": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.monotonic",
                    "src/vio/helpers.py",
                    30,
                    ("vio.helpers.Recorder.__init__",),
                ),
            ),
        )
    },
    "vio.helpers.through_self_method": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.perf_counter",
                    "src/vio/helpers.py",
                    36,
                    ("vio.helpers.Recorder.record", "vio.helpers.Recorder.helper"),
                ),
            ),
        )
    },
    "vio.helpers.through_annotated_parameter": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.perf_counter",
                    "src/vio/helpers.py",
                    36,
                    ("vio.helpers.Recorder.helper",),
                ),
            ),
        )
    },
    "vio.helpers.through_local_instance": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.monotonic",
                    "src/vio/helpers.py",
                    30,
                    ("vio.helpers.Recorder.__init__",),
                ),
                (
                    "deterministic",
                    "call",
                    "time.perf_counter",
                    "src/vio/helpers.py",
                    36,
                    ("vio.helpers.Child.helper", "vio.helpers.Recorder.helper"),
                ),
            ),
        )
    },
    "vio.helpers.through_classmethod": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.monotonic",
                    "src/vio/helpers.py",
                    30,
                    ("vio.helpers.Recorder.make", "vio.helpers.Recorder.__init__"),
                ),
            ),
        )
    },
    "vio.helpers.through_cycle": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.time_ns",
                    "src/vio/helpers.py",
                    81,
                    ("vio.helpers.ping", "vio.helpers.pong"),
                ),
            ),
        )
    },
    "vio.helpers.diamond": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.time",
                    "src/vio/helpers.py",
                    98,
                    ("vio.helpers.left", "vio.helpers.leaf"),
                ),
            ),
        )
    },
    "vio.helpers.decorated": {
        ALL: (
            "violated",
            (("deterministic", "call", "time.sleep", "src/vio/helpers.py", 107, ("vio.helpers.timed",)),),
        )
    },
    "vio.helpers.callback_value": {
        ALL: (
            "violated",
            (
                (
                    "deterministic",
                    "call",
                    "time.time",
                    "src/vio/helpers.py",
                    7,
                    ("vio.helpers.far", "vio.helpers.relay", "vio.helpers.stamp"),
                ),
            ),
        )
    },
    "vio.helpers.pure_helpers": {ALL: ("held", ())},
    "vio.platforms.import_level": {
        "darwin": ("held", ()),
        "linux": ("held", ()),
        "win32": (
            "violated",
            (("deterministic", "call", "os.getenv", "src/vio/_win.py", 5, ("vio._win.impl",)),),
        ),
    },
    "vio.platforms.windows_branch": {
        "darwin": ("held", ()),
        "linux": ("held", ()),
        "win32": ("violated", (("sandboxed", "call", "os.startfile", "src/vio/platforms.py", 35, ()),)),
    },
    "vio.platforms.darwin_branch": {
        "darwin": ("violated", (("deterministic", "call", "os.getcwd", "src/vio/platforms.py", 42, ()),)),
        "linux": ("held", ()),
        "win32": ("held", ()),
    },
    "vio.platforms.alias_guard": {
        "darwin": ("held", ()),
        "linux": ("held", ()),
        "win32": ("violated", (("deterministic", "call", "os.getenv", "src/vio/platforms.py", 49, ()),)),
    },
    "vio.platforms.version_guard": {ALL: ("held", ())},
    "vio.platforms.os_name_guard": {
        "darwin": ("held", ()),
        "linux": ("held", ()),
        "win32": ("violated", (("deterministic", "call", "os.getcwd", "src/vio/platforms.py", 63, ()),)),
    },
    "vio.platforms.system_guard": {
        "darwin": ("held", ()),
        "linux": ("violated", (("deterministic", "call", "time.time", "src/vio/platforms.py", 69, ()),)),
        "win32": ("held", ()),
    },
    "vio.platforms.startswith_guard": {
        "darwin": ("held", ()),
        "linux": ("violated", (("deterministic", "call", "time.monotonic", "src/vio/platforms.py", 76, ()),)),
        "win32": ("held", ()),
    },
    "vio.platforms.registry": {
        "darwin": ("held", ()),
        "linux": ("held", ()),
        "win32": ("violated", (("deterministic", "call", "winreg.OpenKey", "src/vio/platforms.py", 84, ()),)),
    },
    "vio.platforms.type_checking_only": {ALL: ("held", ())},
    "vio.platforms.match_guard": {
        "darwin": ("violated", (("deterministic", "call", "os.getcwd", "src/vio/platforms.py", 98, ()),)),
        "linux": ("violated", (("deterministic", "call", "time.time", "src/vio/platforms.py", 100, ()),)),
        "win32": ("violated", (("deterministic", "call", "os.getcwd", "src/vio/platforms.py", 98, ()),)),
    },
    "vio.platforms.aliased_sys_guard": {
        "darwin": ("violated", (("deterministic", "call", "time.time", "src/vio/platforms.py", 108, ()),)),
        "linux": ("held", ()),
        "win32": ("held", ()),
    },
    "vio.direct.dynamic_exec": {
        ALL: (
            "violated",
            (
                ("deterministic", "call", "builtins.exec", "src/vio/direct.py", 141, ()),
                ("deterministic", "call", "builtins.__import__", "src/vio/direct.py", 142, ()),
                ("deterministic", "call", "builtins.compile", "src/vio/direct.py", 142, ()),
            ),
        )
    },
    "vio.direct.interpreter_state": {
        ALL: (
            "violated",
            (
                ("deterministic", "read", "sys.executable", "src/vio/direct.py", 147, ()),
                ("deterministic", "read", "sys.implementation", "src/vio/direct.py", 147, ()),
                ("deterministic", "read", "sys.path", "src/vio/direct.py", 147, ()),
                ("deterministic", "read", "sys.stdin", "src/vio/direct.py", 147, ()),
            ),
        )
    },
    "vio.direct.imported_environ": {
        ALL: (
            "violated",
            (
                ("deterministic", "read", "os.environ", "src/vio/direct.py", 155, ()),
                ("deterministic", "call", "sysconfig.get_paths", "src/vio/direct.py", 155, ()),
            ),
        )
    },
    "vio.users.load_settings": {ALL: ("held", ())},
    "vio.winonly.only_on_windows": {
        "win32": ("violated", (("deterministic", "call", "os.getcwd", "src/vio/winonly.py", 9, ()),)),
    },
}


@pytest.fixture(scope="module")
def sweep() -> Result:
    return check(ROOT, list(PLATFORMS))


def _expected(function: str, platform: str) -> tuple[str, tuple[tuple[object, ...], ...]] | None:
    table = EXPECTED[function]
    return table.get(platform, table.get(ALL))


def test_every_claiming_function_is_pinned(sweep: Result) -> None:
    seen = {c.function for c in sweep.claims}
    assert seen == set(EXPECTED)
    assert not sweep.errors
    assert not sweep.problems


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("function", sorted(EXPECTED))
def test_verdict(sweep: Result, function: str, platform: str) -> None:
    found = [c for c in sweep.claims if c.function == function and c.platform == platform]
    expected = _expected(function, platform)
    if expected is None:
        assert found == [], f"{function} should not exist on {platform}"
        return
    assert len(found) == 1
    claim = found[0]
    got = (claim.status, tuple((v.claim, v.kind, v.reach, v.file, v.line, v.via) for v in claim.violations))
    assert got == expected


def test_flagged_and_clean_shapes_both_exist(sweep: Result) -> None:
    statuses = {c.status for c in sweep.claims}
    assert statuses == {"held", "violated", "unevaluable"}


def test_external_reach_is_unevaluable_with_a_hint(sweep: Result) -> None:
    claim = next(c for c in sweep.claims if c.function == "vio.external.third_party" and c.platform == "linux")
    assert claim.status == "unevaluable"
    (entry,) = claim.frontier
    assert (entry.reach, entry.file, entry.line, entry.via) == ("requests.get", "src/vio/external.py", 8, ())
    assert 'follow = ["requests"]' in entry.hint


def test_host_is_the_default_target() -> None:
    import sys

    result = check(ROOT)
    assert result.platforms == (sys.platform,)
    assert {c.platform for c in result.claims} == {sys.platform}


def test_results_do_not_depend_on_the_order_of_platforms() -> None:
    forward = check(ROOT, ["linux", "win32"])
    backward = check(ROOT, ["win32", "linux"])
    assert forward.claims == backward.claims
