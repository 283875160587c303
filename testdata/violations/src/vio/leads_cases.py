"""semantics §5: a method called on a value of unknown class is a blind spot only where its name could lead
somewhere: a project class binds it (a method, a property, any class-body assignment, an attribute a method
sets on `self`), a catalogue `Class.member` entry has it, or it is a special method. A name nothing the walk
models binds (`x.casefold()`, `d.keys()`) reaches nothing and is no blind spot. Every other call the walk cannot
follow stays one."""

import sys


class Page:
    """Binds `render_lead` (a method), `title_lead` (a property), `refresh_lead` (a class attribute that is no
    function: still counted) and `callback_lead` (set on `self`)."""

    refresh_lead = None

    def __init__(self, callback):
        self.callback_lead = callback

    def render_lead(self):
        return 1

    @property
    def title_lead(self):
        return "t"

    if sys.platform == "win32":

        def only_windows_lead(self):
            return 2


# claims: deterministic
def folds(x):
    return x.casefold().expandtabs()


# claims: deterministic
def keys_of(d):
    return list(d.keys())  # no blind spot: no class of this tree binds `keys` (one binds `items`) # want-blind: `iter(d.keys(...))` from vio.leads_cases.keys_of


# claims: deterministic
def renders(x):
    return x.render_lead()  # want-blind: `x.render_lead()` from vio.leads_cases.renders


# claims: deterministic
def titles(x):
    return x.title_lead()  # want-blind: `x.title_lead()` from vio.leads_cases.titles


# claims: deterministic
def refreshes(x):
    return x.refresh_lead()  # want-blind: `x.refresh_lead()` from vio.leads_cases.refreshes


# claims: deterministic
def calls_back(x):
    return x.callback_lead()  # want-blind: `x.callback_lead()` from vio.leads_cases.calls_back


# claims: deterministic
def guarded_name(x):
    return x.only_windows_lead()  # want-blind: `x.only_windows_lead()` from vio.leads_cases.guarded_name [win32]


# claims: deterministic
def catalogued_member(p):
    return p.read_text()  # want-blind: `p.read_text()` from vio.leads_cases.catalogued_member


# claims: deterministic
def special_method(x):
    return x.__fspath__()  # want-blind: `x.__fspath__()` from vio.leads_cases.special_method


# claims: deterministic
def unknown_callable(fn):
    return fn()  # want-blind: `fn()` from vio.leads_cases.unknown_callable


# claims: deterministic
def through_a_helper(x):
    return _helper(x).upper()


def _helper(x):
    return x.render_lead()  # want-blind: `x.render_lead()` from vio.leads_cases.through_a_helper via vio.leads_cases._helper
