"""semantics §5 overrides: a subclass that names its base only through a name another module re-exports it under
(`from vio.shapes import Shape as Figure`, then `class Timed(Figure)` elsewhere) still overrides it."""


class Shape:
    def area(self):
        return 0


# claims: deterministic
def measured(shape: Shape):
    return shape.area()
