"""A folder `alone/` with no `__init__.py` and no module of its name beside it: a namespace package."""
