"""Subclasses of the base class of `vio.shapes`, written only with the names `vio.shape_names` gives it (this
text must never spell the base's own name: a module naming it is searched anyway)."""

import os
import time

from vio import shape_names
from vio.shape_names import Figure


class Timed(Figure):
    def area(self):
        return time.time()  # want: deterministic call time.time from vio.shapes.measured via vio.figures.Timed.area


class Traced(shape_names.Outline):
    def area(self):
        return os.getenv("AREA")  # want: deterministic call os.getenv from vio.shapes.measured via vio.figures.Traced.area
