"""`python -m pytest_claims`: the command line. One command today: `init`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the command; the return value is the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m pytest_claims",
        description="pytest-claims: functions declare what they guarantee; a static pass proves it.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    init = commands.add_parser(
        "init",
        help="write a [tool.claims] table into pyproject.toml",
        description="Write a [tool.claims] table into pyproject.toml (created when absent): the detected "
        "packages, and every other key commented out at its default. The rest of the file is kept byte "
        "for byte.",
    )
    init.add_argument(
        "--path",
        type=Path,
        default=Path(),
        metavar="DIR",
        help="the project directory holding pyproject.toml (default: the current directory)",
    )
    init.add_argument("--force", action="store_true", help="replace an existing [tool.claims] table")
    args = parser.parse_args(argv)

    # Imported here so `python -m pytest_claims --help` stays instant and the command owns its imports.
    from pytest_claims.init import run_init

    return run_init(args.path, force=args.force)


if __name__ == "__main__":
    sys.exit(main())
