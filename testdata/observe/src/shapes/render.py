"""Every claim here holds statically; one is broken at run time, behind a call the static walk cannot resolve."""

import time

from shapes import audit


class Plain:
    def draw(self) -> str:
        return "plain"


class Stamped:
    """Draws itself with the time of day: not deterministic, and nothing here claims it is."""

    def draw(self) -> str:
        return f"stamped {time.time():.0f}"


# claims: deterministic
def render(shape) -> str:
    return shape.draw().upper()


# claims: deterministic
def render_all(shapes) -> list:
    drawn = []
    for shape in shapes:
        drawn.append(render(shape))
    return drawn


# claims: deterministic
def signed(shape) -> str:
    return f"{render(shape)} by {audit.user()}"


# claims: deterministic
def unused() -> str:
    return "never called by the tests"
