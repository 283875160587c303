"""An attribute store enters `__setattr__` with the name decided; a constructor's inherited `__init__` runs for the
class called (and its subclasses), never for a sibling class deriving from the same base."""

import time


class Lazy:
    def __init__(self):
        self._wrapped = None

    def __setattr__(self, name, value):
        if name == "_wrapped":  # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.lazy_settings via vio.shape_setattr_cases.settings -> vio.shape_setattr_cases.Lazy.__init__ -> vio.shape_setattr_cases.Lazy.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.lazy_settings_store via vio.shape_setattr_cases.Lazy.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.lazy_site_store via vio.shape_setattr_cases.Lazy.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.lazy_site_wrapped via vio.shape_setattr_cases.Lazy.__setattr__
            self.__dict__["_wrapped"] = value
        else:
            self._setup()


class Settings(Lazy):
    def _setup(self):
        pass


class AdminSite(Lazy):
    def _setup(self):
        time.time()  # want: deterministic call time.time from vio.shape_setattr_cases.lazy_site_store via vio.shape_setattr_cases.Lazy.__setattr__ -> vio.shape_setattr_cases.AdminSite._setup


settings = Settings()
site = AdminSite()


# claims: deterministic
def lazy_settings():
    return settings


# claims: deterministic
def lazy_settings_store():
    settings.debug = True


# claims: deterministic
def lazy_site_store():
    site.name = "admin"


# claims: deterministic
def lazy_site_wrapped():
    site._wrapped = None


class Stamped:
    def __init__(self, other):
        self._wrapped = None
        if other:  # want-blind: `bool(other)` from vio.shape_setattr_cases.delete_decided via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.delete_other via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.literal_name_decides via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.literal_name_other via vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.setattr_decided via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.setattr_open via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.setattr_other via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ # want-blind: `bool(other)` from vio.shape_setattr_cases.stores_in_turn via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__
            self.other = other

    def __setattr__(self, name, value):
        if name == "_wrapped":  # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.delete_decided via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ -> vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.delete_other via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ -> vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.literal_name_decides via vio.shape_setattr_cases.stamped -> vio.shape_setattr_cases.Stamped.__init__ -> vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.literal_name_other via vio.shape_setattr_cases.Stamped.__init__ -> vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.setattr_decided via vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.setattr_open via vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.setattr_other via vio.shape_setattr_cases.Stamped.__setattr__ # want-blind: `name.__eq__(...)` from vio.shape_setattr_cases.stores_in_turn via vio.shape_setattr_cases.Stamped.__setattr__
            self.__dict__["_wrapped"] = value
        else:
            # want: deterministic call time.time from vio.shape_setattr_cases.setattr_other via vio.shape_setattr_cases.Stamped.__setattr__
            # want: deterministic call time.time from vio.shape_setattr_cases.setattr_open via vio.shape_setattr_cases.Stamped.__setattr__
            # want: deterministic call time.time from vio.shape_setattr_cases.stores_in_turn via vio.shape_setattr_cases.Stamped.__setattr__
            time.time()  # want: deterministic call time.time from vio.shape_setattr_cases.literal_name_other via vio.shape_setattr_cases.Stamped.__init__ -> vio.shape_setattr_cases.Stamped.__setattr__

    def __delattr__(self, name):
        if name != "_wrapped":  # want-blind: `name.__ne__(...)` from vio.shape_setattr_cases.delete_decided via vio.shape_setattr_cases.Stamped.__delattr__ # want-blind: `name.__ne__(...)` from vio.shape_setattr_cases.delete_other via vio.shape_setattr_cases.Stamped.__delattr__
            time.time()  # want: deterministic call time.time from vio.shape_setattr_cases.delete_other via vio.shape_setattr_cases.Stamped.__delattr__


stamped = Stamped(0)


# claims: deterministic
def literal_name_decides():
    return stamped


# claims: deterministic
def literal_name_other():
    return Stamped(1)


# claims: deterministic
def delete_decided():
    del stamped._wrapped


# claims: deterministic
def delete_other():
    del stamped.other


# claims: deterministic
def setattr_decided():
    setattr(stamped, "_wrapped", None)


# claims: deterministic
def setattr_other():
    setattr(stamped, "other", 1)


# claims: deterministic
def setattr_open(name):
    setattr(stamped, name, 1)


# claims: deterministic
def stores_in_turn():
    stamped._wrapped = None
    stamped.other = 1


class Setup:
    def __init__(self):
        self.setup()


class QuietSetup(Setup):
    def setup(self):
        pass


class ClockSetup(Setup):
    def setup(self):
        time.time()  # want: deterministic call time.time from vio.shape_setattr_cases.constructor_sibling via vio.shape_setattr_cases.Setup.__init__ -> vio.shape_setattr_cases.ClockSetup.setup


quiet = QuietSetup()


# claims: deterministic
def constructor_receiver():
    return quiet


# claims: deterministic
def constructor_sibling():
    return ClockSetup()
