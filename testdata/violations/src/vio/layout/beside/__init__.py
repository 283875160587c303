"""A module `mod.py` beside a folder `mod/` that has no `__init__.py`: Python imports the module (a regular
module comes before a namespace portion), so `mod/` and everything in it cannot be imported at all."""
