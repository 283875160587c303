"""Layers: ui -> service -> db, with the api taking a forbidden shortcut."""
