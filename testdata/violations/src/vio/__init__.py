"""The fixture package: every shape the checker must flag, and every shape it must not."""

from .helpers import stamp as stamp
