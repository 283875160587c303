"""A `getattr` / `hasattr` whose name is computed runs the getter of each property the name may be: any name when
the syntax shows nothing of it, only the names of the shape its template fixes (`"_m2m_reverse_%s_cache" % attr`,
`f"get_{x}"`, `"clean_" + x`, `"{}_id".format(x)`, directly or through a local bound once), and a class's
`__getattr__` for a name it may not bind."""

import time


class Field:
    @property
    def db_tablespace(self):
        # want: deterministic call time.time from vio.computed_name_cases.by_any_name via vio.computed_name_cases.Field.db_tablespace
        # want: deterministic call time.time from vio.computed_name_cases.probed_any_name via vio.computed_name_cases.Field.db_tablespace
        # want: deterministic call time.time from vio.computed_name_cases.rebound via vio.computed_name_cases.Field.db_tablespace
        return time.time()

    @property
    def get_size_display(self):
        # want: deterministic call time.time from vio.computed_name_cases.by_template via vio.computed_name_cases.Field.get_size_display
        # want: deterministic call time.time from vio.computed_name_cases.probed_template via vio.computed_name_cases.Field.get_size_display
        # want: deterministic call time.time from vio.computed_name_cases.by_any_name via vio.computed_name_cases.Field.get_size_display
        # want: deterministic call time.time from vio.computed_name_cases.probed_any_name via vio.computed_name_cases.Field.get_size_display
        # want: deterministic call time.time from vio.computed_name_cases.rebound via vio.computed_name_cases.Field.get_size_display
        return time.time()

    # claims: deterministic
    def cached(self, attr):
        """Django's `ManyToManyField._get_m2m_reverse_attr`: no property is named `_m2m_reverse_..._cache`."""
        cache_attr = "_m2m_reverse_%s_cache" % attr  # want-blind: `str(attr)` from vio.computed_name_cases.Field.cached
        if hasattr(self, cache_attr):
            return getattr(self, cache_attr)
        return None


# claims: deterministic
def by_any_name(field: Field, name: str):
    return getattr(field, name)


# claims: deterministic
def probed_any_name(field: Field, name: str):
    return hasattr(field, name)


# claims: deterministic
def by_template(field: Field, part: str):
    return getattr(field, f"get_{part}_display")


# claims: deterministic
def probed_template(field: Field, part: str):
    name = "get_" + part + "_display"
    return hasattr(field, name)


# claims: deterministic
def other_template(field: Field, part: str):
    return getattr(field, "{}_id".format(part)), getattr(field, "clean_" + part)


# claims: deterministic
def rebound(field: Field, part: str, other: str):
    name = "_x_%s" % part
    if other:
        name = other  # bound twice: any name
    return getattr(field, name)


class Lazy:
    def __getattr__(self, name):
        return time.time()  # want: deterministic call time.time from vio.computed_name_cases.lazy_template via vio.computed_name_cases.Lazy.__getattr__


# claims: deterministic
def lazy_template(lazy: Lazy, part: str):
    return hasattr(lazy, "_cache_%s" % part)
