"""A class whose module may store `__class__` (`self.__class__ = Other` in an `__init__`) is not built exactly
by its call: the instance may become a subclass's, whose overrides then run."""

import time


class Shape:
    def __init__(self, timed=False):
        if timed:  # want-blind: `bool(timed)` from vio.exact_class_reclass.make_shape via vio.exact_class_reclass.Shape.__init__
            self.__class__ = TimedShape
        self.clean()

    def clean(self):
        return None


class TimedShape(Shape):
    def clean(self):
        return time.time()  # want: deterministic call time.time from vio.exact_class_reclass.make_shape via vio.exact_class_reclass.Shape.__init__ -> vio.exact_class_reclass.TimedShape.clean


# claims: deterministic
def make_shape():
    return Shape(True)
