"""A test of a field of `self` that nothing stores reads what the class body binds: a subclass's literal
`prepare = False` makes `if not self.prepare: return` return, so the base's `os.getcwd()` after it never runs
(Django's `HasKey.prepare_rhs = False` in `Lookup.get_prep_lookup`). Not where a subclass `self` may be binds
another literal (`Again`), where any code stores the name on some object (`holder.stored = True`, `self.armed =
True`), or where a class `self` may be finds a property or a slot of that name first; computed-name stores:
`class_literal_setattr.py`."""

import os


class Base:
    prepare = True

    def __init__(self, v):
        self.v = v
        self.v = self.prep()

    def prep(self):
        # want-blind: `bool(self.prepare)` from vio.class_literal_cases.base_prep via vio.class_literal_cases.Base.__init__ -> vio.class_literal_cases.Base.prep
        # want-blind: `bool(self.prepare)` from vio.class_literal_cases.no_prep via vio.class_literal_cases.Base.__init__ -> vio.class_literal_cases.Base.prep
        # want-blind: `bool(self.prepare)` from vio.class_literal_cases.no_prep_given via vio.class_literal_cases.Base.prep
        # want-blind: `bool(self.prepare)` from vio.class_literal_cases.quiet_given via vio.class_literal_cases.Base.prep
        if not self.prepare:
            return self.v
        # want: deterministic call os.getcwd from vio.class_literal_cases.base_prep via vio.class_literal_cases.Base.__init__ -> vio.class_literal_cases.Base.prep
        # want: deterministic call os.getcwd from vio.class_literal_cases.no_prep_given via vio.class_literal_cases.Base.prep
        return os.getcwd()


class NoPrep(Base):
    prepare = False


class Again(NoPrep):
    prepare = True


class Quiet(Base):
    prepare = False


# claims: deterministic
def no_prep():
    return NoPrep(1)


# claims: deterministic
def base_prep():
    return Base(1)


# claims: deterministic
def quiet_given(q: Quiet):
    return q.prep()


# claims: deterministic
def no_prep_given(q: NoPrep):
    return q.prep()


class Kind:
    flavour = "plain"
    caption = None

    def render(self):
        if self.flavour == "plain" and self.caption is None:
            return ""
        # want: deterministic call os.getcwd from vio.class_literal_cases.captioned_kind via vio.class_literal_cases.Kind.render
        return os.getcwd()


class Plain(Kind):
    pass


class Captioned(Kind):
    caption = "x"


# claims: deterministic
def plain_kind(k: Plain):
    return k.render()


# claims: deterministic
def captioned_kind(k: Captioned):
    return k.render()


class Stored:
    stored = False

    def run(self):
        # want-blind: `bool(self.stored)` from vio.class_literal_cases.stored_run via vio.class_literal_cases.Stored.run
        if self.stored:
            # want: deterministic call os.getcwd from vio.class_literal_cases.stored_run via vio.class_literal_cases.Stored.run
            return os.getcwd()
        return ""


# claims: deterministic
def stored_run(s: Stored):
    return s.run()


# claims: deterministic
def stored_elsewhere(holder):
    holder.stored = True


class Shown:
    shown = False

    def run(self):
        # want-blind: `bool(self.shown)` from vio.class_literal_cases.shown_run via vio.class_literal_cases.Shown.run
        # want-blind: `bool(self.shown)` from vio.class_literal_cases.slotted_run via vio.class_literal_cases.Shown.run
        if self.shown:
            # want: deterministic call os.getcwd from vio.class_literal_cases.shown_run via vio.class_literal_cases.Shown.run
            # want: deterministic call os.getcwd from vio.class_literal_cases.slotted_run via vio.class_literal_cases.Shown.run
            return os.getcwd()
        return ""


class ShownAsProperty(Shown):
    @property
    def shown(self):
        return True


# claims: deterministic
def shown_run(s: ShownAsProperty):
    return s.run()


class Armed:
    armed = False

    def arm(self):
        self.armed = True

    def run(self):
        # want-blind: `bool(self.armed)` from vio.class_literal_cases.armed_run via vio.class_literal_cases.Armed.run
        if self.armed:
            # want: deterministic call os.getcwd from vio.class_literal_cases.armed_run via vio.class_literal_cases.Armed.run
            return os.getcwd()
        return ""


# claims: deterministic
def armed_run(a: Armed):
    return a.run()


class Slotted(Shown):
    __slots__ = ("shown",)


# claims: deterministic
def slotted_run(s: Slotted):
    return s.run()
