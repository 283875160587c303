"""A parameter declared as its own name (`def f(date: date)`): the annotation is evaluated around the def, so it
names the module's class, never the parameter itself (which once sent the walk round in a circle)."""

from __future__ import annotations

from datetime import date


# claims: deterministic
def year_of(date: date) -> int:
    return date.year


# claims: deterministic
def today_of(date: date) -> date:
    return date.today()  # want: deterministic call datetime.date.today from vio.declared_self_cases.today_of


class Calendar:
    # claims: deterministic
    def first(self, date: date | None = None) -> int:
        if date is None:
            date = self.default()
        return date.toordinal()

    # claims: deterministic
    def default(self) -> date:
        return date(2000, 1, 1)


# claims: deterministic
def crossed(a: b, b: a) -> object:  # type: ignore[valid-type]  # noqa: F821
    return a
