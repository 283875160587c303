"""Re-exports `vio.shapes.Shape` under other names: a module whose text never says `Shape` subclasses it."""

from vio.shapes import Shape as Figure

Outline = Figure
