"""The command line, outside pytest: `python -m pytest_claims` or the `pytest-claims` console script.

    init      write a starting [tool.claims] table into pyproject.toml
    check     the plugin's verdicts without pytest (what a pre-commit hook calls)
    suggest   the functions that could honestly claim deterministic / sandboxed today (--write adds them)
    explain   everything the walk finds for one function, per platform

The same engine, configuration, cache directory and failure texts as the plugin. Exit status: 0 all held,
1 a claim violated or unevaluable or a file unreadable, 2 a refused directive, 4 a usage error, 5 a `check` that
found nothing to check (`init`: 0 or 1); `--version` prints the version. Every problem is one line; nothing prints
a traceback. This module only parses the command line (so `--help` stays instant): each command imports what it
needs when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.changes import DEFAULT_REV
from pytest_claims.cli.common import (
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    PROG,
    TRACEBACK_ENV,
    UsageError,
    boolean_env,
)
from pytest_claims.vocabulary import SWEEP_ENVS

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as one line and exit status 4 instead of a usage block and status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


class _ShowVersion(Exception):
    """`--version` was given: `main` prints the version and returns 0 (argparse's own action would exit)."""


class _Version(argparse.Action):
    """`--version` before any command (`pytest-claims --version`), as pytest and pip take it."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        raise _ShowVersion


Command = Callable[[argparse.Namespace, TextIO, TextIO], int]


def _run_init(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pytest_claims.init import run_init

    return run_init(args.root, force=args.force, out=out, err=err)


def _run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pytest_claims.cli.check import run_check

    return run_check(args, out, err)


def _run_suggest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pytest_claims.cli.suggest import run_suggest

    return run_suggest(args, out, err)


def _run_explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pytest_claims.cli.explain import run_explain

    return run_explain(args, out, err)


def _jobs(value: str) -> int:
    """`-j N`: a whole number of processes, at least one; `auto`, one per core (0 here)."""
    if value.strip() == "auto":
        return 0
    if not value.strip().isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a number of processes, 1 or more, or auto, got {value!r}")
    return int(value)


def _common(parser: argparse.ArgumentParser, *, paths: bool, sweep_default: str) -> None:
    if paths:
        parser.add_argument(
            "paths",
            nargs="*",
            type=Path,
            metavar="PATH",
            help="only the claims in these files or directories (default: the whole project); the project root "
            "is the nearest directory above them holding pyproject.toml",
        )
    parser.add_argument(
        "--root",
        type=Path,
        default=None,
        metavar="DIR",
        help="the project root holding pyproject.toml (default: found from the paths, else the current directory)",
    )
    parser.add_argument(
        "--platform",
        action="append",
        default=None,
        metavar="PLATFORMS",
        help=f"target platform(s), comma separated (e.g. win32,darwin; windows and macos are read as win32 and "
        f"darwin; default: {sweep_default})",
    )
    parser.add_argument(
        "--all-platforms",
        action="store_true",
        help=f"every platform in `platforms` (also: {' or '.join(f'{name}=1' for name in SWEEP_ENVS)})",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the analysis cache (.pytest_cache/d/claims, shared with the plugin)",
    )


def _check_parser(commands: argparse._SubParsersAction[_Parser]) -> None:
    """`check`: its options."""
    check = commands.add_parser(
        "check",
        help="check the claims, as `pytest -p claims` does, without pytest",
        description="Check every claim and forbid-reaches rule with the plugin's engine, configuration and "
        "cache, without pytest: one block per failing item, then the summary. Exit status as pytest's.",
    )
    _common(check, paths=True, sweep_default="the host, or `platform` in the config")
    check.add_argument(
        "--report",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="write a report, by suffix: .json the JSON report, .md the catalogue, .sarif or .sarif.json SARIF; "
        "may be given several times",
    )
    check.add_argument(
        "--changed",
        nargs="?",
        const=DEFAULT_REV,
        default=None,
        metavar="REV",
        help="check only the claims whose stored verdicts depend on a file changed since REV (default HEAD: the "
        "working tree's changes, untracked files included); the others are counted as deselected",
    )
    check.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="walk the claims in N processes (`auto`: one per core; default 1: all in this process)",
    )
    check.add_argument("-v", "--verbose", action="store_true", help="also list every held item")
    check.add_argument("-q", "--quiet", action="store_true", help="only the failures and the problems")
    check.set_defaults(run=_run_check)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="pytest-claims: functions declare what they guarantee; a static pass proves it. "
        "Exit status: 0 all held, 1 violated, unevaluable or unreadable, 2 a refused directive, 4 a usage error, "
        "5 (check) nothing to check.",
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    init = commands.add_parser(
        "init",
        help="write a [tool.claims] table into pyproject.toml",
        description="Write a [tool.claims] table into pyproject.toml (created when absent): the detected "
        "packages, and every other key commented out at its default. The rest of the file is kept byte "
        "for byte.",
    )
    init.add_argument(
        "--root",
        type=Path,
        default=Path(),
        metavar="DIR",
        help="the project directory holding pyproject.toml (default: the current directory)",
    )
    # `--path`: the former spelling, kept working and no longer shown
    init.add_argument("--path", dest="root", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    init.add_argument("--force", action="store_true", help="replace an existing [tool.claims] table")
    init.set_defaults(run=_run_init)

    _check_parser(commands)

    suggest = commands.add_parser(
        "suggest",
        help="list the functions that could honestly claim deterministic / sandboxed today",
        description="Judge every function and method as if it made the claims asked for, and list those for "
        "which each claim holds on every target platform with no blind spot (the honest candidates), by "
        "module; then the near misses: functions that would hold but for one reach. --write inserts the "
        "`# claims:` comments above the candidates, changes nothing else, and checks them afterwards.",
    )
    _common(suggest, paths=True, sweep_default="every platform in `platforms`")
    suggest.add_argument(
        "--claim",
        action="append",
        default=None,
        metavar="CLAIMS",
        help="the claims to look for, comma separated (default: deterministic,sandboxed)",
    )
    suggest.add_argument("--write", action="store_true", help="insert the directives above the candidates")
    suggest.add_argument("-q", "--quiet", action="store_true", help="only the counts and what was written")
    suggest.set_defaults(run=_run_suggest)

    explain = commands.add_parser(
        "explain",
        help="everything the walk finds for one function, per platform",
        description="For one function or method (claiming or not): each capability it reaches with the "
        "shortest chain and file:line, what the walk cannot see into (the frontier), the calls it cannot "
        "follow (blind spots, each with a hint), and which claims hold (with how many blind spots), per "
        "platform. Exit status: as `check` for the function's own claims (0 when it makes none).",
    )
    explain.add_argument(
        "name",
        metavar="DOTTED.NAME",
        help="module.qualname (shop.pricing.Cart.total), a name the project re-exports (shop.total), or the node "
        "id pytest prints (src/shop/pricing.py::Cart.total[linux])",
    )
    _common(explain, paths=False, sweep_default="the host, or `platform` in the config")
    explain.set_defaults(run=_run_explain)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Parse the command line and run the command; the return value is the exit status."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    traceback = False
    try:
        traceback = boolean_env(TRACEBACK_ENV)  # first: a bad value is a usage error, never a silent guess
        args = build_parser().parse_args(argv)
        run: Command = args.run
        return run(args, out, err)
    except _ShowVersion:
        from pytest_claims import __version__

        print(f"{PROG} {__version__}", file=out)
        return EXIT_OK
    except UsageError as error:
        print(f"{error}", file=err)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=err)
        return EXIT_REFUSED  # pytest's status for an interrupted session
    except BrokenPipeError:
        # `pytest-claims suggest | head`: the reader left. Python's documented remedy: point stdout at devnull
        # so the flush at exit does not fail again, and say nothing more.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_FAILED
    except AnalysisError as error:  # a defect met analysing some file: where, in one line
        if traceback:
            raise
        print(f"{PROG}: {error} (set {TRACEBACK_ENV}=1 for the traceback)", file=err)
        return EXIT_INTERNAL
    except Exception as error:  # a bug: one line, the traceback only on request
        if traceback:
            raise
        print(
            f"{PROG}: internal error: {type(error).__name__}: {error} (set {TRACEBACK_ENV}=1 for the traceback)",
            file=err,
        )
        return EXIT_INTERNAL
