"""Shapes met measuring soundness on cachelib 0.13.0 (benchmarks/soundness.py): `platform.system()` compared
with a literal in a method's `if` test is the target's constant, evaluated per platform and reached nowhere
(semantics §4.3); the recorder agrees (`observe.guards`). The same call stored, returned or lowered before the
comparison is a reach."""

import os
import platform
import stat


class FileCache:
    # claims: deterministic
    def compatible_mode(self) -> int:
        mode = 0o600
        if platform.system() == "Windows":
            mode = stat.S_IWRITE
        return mode

    # claims: deterministic
    def run_safely(self, path: str) -> str:
        if platform.system() == "Windows":
            return path.replace("/", "\\")
        return path

    # claims: deterministic
    def system_name(self) -> str:
        return platform.system()  # want: deterministic call platform.system from vio.platform_guard_cases.FileCache.system_name

    # claims: deterministic
    def lowered(self) -> int:
        if platform.system().lower() == "windows":  # want: deterministic call platform.system from vio.platform_guard_cases.FileCache.lowered
            return 1
        return 0

    # claims: deterministic
    def windows_only(self) -> str | None:
        if platform.system() == "Windows":
            return os.getcwd()  # want: deterministic call os.getcwd from vio.platform_guard_cases.FileCache.windows_only [win32]
        return None
