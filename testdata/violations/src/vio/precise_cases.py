"""Three shapes a chain must not take, each pinned with the near miss that must still be flagged.

1. A method entered through a lookup of its name on an instance (`self.run()`) runs only for the classes whose
   lookup finds it: `self` inside it stands for none of the subclasses that override the name. A subclass that
   still runs it, through `super().run()` or by naming it on its class (`Plan.run(self)`), enters it for itself.
2. An argument of known class (`datetime.timezone.utc`) decides `isinstance` in a decorated def when each
   decorator hands the def back unchanged (a function returning its argument, a registry's factory returning
   such a local def); a decorator that wraps the def leaves its tests open.
3. A function entered past the walk's bound on contexts keeps a literal argument its callers give one of two
   values (`require_ready` left at `True`, where one earlier context passed `False`); and a method called on a
   receiver that may also be of unknown class (a parameter defaulting to an instance) is bound all the same.
"""

import time
from datetime import timezone as datetime_timezone
from datetime import tzinfo

# -- 1. a method entered by its name's lookup: `self` is no subclass overriding that name -------------------------


class Compiler:
    def sql(self):
        return "select"

    def run(self):
        return self.sql()

    def results(self):
        return self.run()


class UpdateCompiler(Compiler):
    def run(self):
        return 0


class MysqlUpdateCompiler(UpdateCompiler):
    def sql(self):
        return time.time()


# claims: deterministic
def results_of(c: Compiler):
    return c.results()


class Query:
    def sql(self):
        return "select"

    def run(self):
        return self.sql()

    def results(self):
        return self.run()


class UpdateQuery(Query):
    def run(self):
        return super().run()


class MysqlUpdateQuery(UpdateQuery):
    def sql(self):
        # want: deterministic call time.time from vio.precise_cases.results_of_query via vio.precise_cases.Query.results -> vio.precise_cases.UpdateQuery.run -> vio.precise_cases.Query.run -> vio.precise_cases.MysqlUpdateQuery.sql
        return time.time()


# claims: deterministic
def results_of_query(q: Query):
    return q.results()


class Plan:
    def sql(self):
        return "select"

    def run(self):
        return self.sql()

    def results(self):
        return self.run()


class ExplicitPlan(Plan):
    def run(self):
        return Plan.run(self)


class MysqlPlan(ExplicitPlan):
    def sql(self):
        # want: deterministic call time.time from vio.precise_cases.results_of_plan via vio.precise_cases.Plan.results -> vio.precise_cases.ExplicitPlan.run -> vio.precise_cases.Plan.run -> vio.precise_cases.MysqlPlan.sql
        return time.time()


# claims: deterministic
def results_of_plan(p: Plan):
    return p.results()


# -- 2. an argument of known class decides `isinstance` in a decorated def -----------------------------------------


class Library:
    def filter(self, name=None):
        def register(func):
            return func

        return register


library = Library()


def plain_decorator(func):
    return func


@library.filter("zone")
def to_zone(value, arg):
    if isinstance(arg, tzinfo):
        zone = arg
    elif isinstance(arg, str):
        zone = time.time()  # want: deterministic call time.time from vio.precise_cases.named_zone via vio.precise_cases.to_zone
    else:
        return ""
    return (value, zone)


@plain_decorator
def to_zone_plain(value, arg):
    if isinstance(arg, tzinfo):
        zone = arg
    elif isinstance(arg, str):
        zone = time.time()
    else:
        return ""
    return (value, zone)


# claims: deterministic
def utc_value(value):
    return to_zone(value, datetime_timezone.utc)


# claims: deterministic
def utc_value_plain(value):
    return to_zone_plain(value, datetime_timezone.utc)


# claims: deterministic
def named_zone(value, name: str):
    return to_zone(value, name)


def wrapping(func):
    def wrapper(value, arg):
        return func(value, str(arg))  # want-blind: `func(value, str(arg))` from vio.precise_cases.utc_value_wrapped via vio.precise_cases.to_zone_wrapped -> vio.precise_cases.wrapping # want-blind: `str(arg)` from vio.precise_cases.utc_value_wrapped via vio.precise_cases.to_zone_wrapped -> vio.precise_cases.wrapping

    return wrapper


@wrapping
def to_zone_wrapped(value, arg):
    if isinstance(arg, tzinfo):
        zone = arg
    elif isinstance(arg, str):
        zone = time.time()  # want: deterministic call time.time from vio.precise_cases.utc_value_wrapped via vio.precise_cases.to_zone_wrapped
    else:
        return ""
    return (value, zone)


# claims: deterministic
def utc_value_wrapped(value):
    return to_zone_wrapped(value, datetime_timezone.utc)


def to_zone_bare(value, arg):
    if isinstance(arg, tzinfo):
        zone = arg
    elif isinstance(arg, str):
        zone = time.time()
    else:
        return ""
    return (value, zone)


# claims: deterministic
def utc_value_bare(value):
    return to_zone_bare(value, datetime_timezone.utc)


# -- 3. a function entered widened keeps a caller's literal default that the contexts take one of two values of --


def registry_model(label, name=None, require_ready=True):
    if name is None:
        return label
    if require_ready:  # want-blind: `bool(require_ready)` from vio.precise_cases.ready_models via vio.precise_cases.registry_model # want-blind: `bool(require_ready)` from vio.precise_cases.unready_models via vio.precise_cases.registry_model
        return name
    return time.time()  # want: deterministic call time.time from vio.precise_cases.unready_models via vio.precise_cases.registry_model


# claims: deterministic
def ready_models():
    registry_model("a", None, require_ready=False)  # returns at `name is None`, before its test of `require_ready`
    registry_model("a", "b")
    registry_model("a", "c")
    registry_model("a", "d")
    registry_model("a", "e")
    registry_model("a", "f")
    registry_model("a", "g")
    registry_model("a", "h")
    registry_model("a", "i")
    registry_model("a", "j")
    return 1


# claims: deterministic
def unready_models():
    registry_model("a", None, require_ready=False)
    registry_model("a", "b")
    registry_model("a", "c")
    registry_model("a", "d")
    registry_model("a", "e")
    registry_model("a", "f")
    registry_model("a", "g")
    registry_model("a", "h")
    registry_model("a", "i", require_ready=False)
    return 1


# -- a receiver that may be of unknown class besides a project instance: the instance's method is bound ---------


class Registry:
    def check_ready(self):
        return time.time()  # want: deterministic call time.time from vio.precise_cases.unready_default via vio.precise_cases.Registry.model -> vio.precise_cases.Registry.check_ready

    def model(self, label, require_ready=True):
        if require_ready:  # want-blind: `bool(require_ready)` from vio.precise_cases.ready_default via vio.precise_cases.Registry.model # want-blind: `bool(require_ready)` from vio.precise_cases.unready_default via vio.precise_cases.Registry.model
            return label
        return self.check_ready()


registry = Registry()


# claims: deterministic
def ready_default(plan=None, apps=registry):
    return apps.model("a")  # want-blind: `apps.model("a")` from vio.precise_cases.ready_default


# claims: deterministic
def unready_default(plan=None, apps=registry):
    return apps.model("a", require_ready=False)  # want-blind: `apps.model("a", require_ready=False)` from vio.precise_cases.unready_default
