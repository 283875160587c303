"""A parameter the body binds again keeps a literal argument's decision where every binding gives a value of the
argument's truth: a literal of that truth, `p and ...` while `p` is false, `p or ...` while it is true (semantics
§5.6). Django's `_iter_column_sql` runs `include_default = False` in a branch and `include_default =
(include_default and ...)` always, then `if include_default:`; `column_sql` leaves it at `False`. Where a literal of
another value keeps only the truth, only truth tests stay decided. Any other binding keeps both branches."""

import time


def unknown():
    return [1]


class Schema:
    def table_sql(self):
        return self.column_sql()

    def column_sql(self, include_default=False):
        # want-blind: `iter(self._iter_column_sql(...))` from vio.kept_rebind_cases.django_shape via vio.kept_rebind_cases.Schema.table_sql -> vio.kept_rebind_cases.Schema.column_sql
        return " ".join(self._iter_column_sql(unknown(), include_default))

    def _iter_column_sql(self, field, include_default):
        yield "type"
        # want-blind: `bool(field)` from vio.kept_rebind_cases.django_shape via vio.kept_rebind_cases.Schema.table_sql -> vio.kept_rebind_cases.Schema.column_sql -> vio.kept_rebind_cases.Schema._iter_column_sql
        if field:
            include_default = False
        # want-blind: `bool(include_default)` from vio.kept_rebind_cases.django_shape via vio.kept_rebind_cases.Schema.table_sql -> vio.kept_rebind_cases.Schema.column_sql -> vio.kept_rebind_cases.Schema._iter_column_sql
        include_default = include_default and not self.skip_default(field) and not field
        if include_default:
            yield str(time.time())

    def skip_default(self, field):
        return not field


# claims: deterministic
def django_shape():
    return Schema().table_sql()


def kept_true(flag=True):
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.or_kept via vio.kept_rebind_cases.kept_true
    flag = flag or unknown()
    if not flag:
        return time.time()
    return 0


# claims: deterministic
def or_kept():
    return kept_true()


def other_falsy(flag):
    if unknown():
        flag = False
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.falsy_literal_kept via vio.kept_rebind_cases.other_falsy
    if flag:
        return time.time()
    return relay(flag)


def relay(flag):
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.falsy_literal_kept via vio.kept_rebind_cases.other_falsy -> vio.kept_rebind_cases.relay
    if flag:
        return time.time()
    return 0


# claims: deterministic
def falsy_literal_kept():
    return other_falsy(None)  # `flag` is None or False: false both ways, and passed on so


# -- near misses that must stay flagged ----------------------------------------------------------------------
def only_truth(flag):
    if unknown():
        flag = False
    if flag is None:  # None or False: the truth is kept, not the value
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.none_test via vio.kept_rebind_cases.only_truth
    return 0


# claims: deterministic
def none_test():
    return only_truth(None)


def truthy_literal(flag=False):
    if unknown():
        flag = True
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.to_true via vio.kept_rebind_cases.truthy_literal
    if flag:
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.to_true via vio.kept_rebind_cases.truthy_literal
    return 0


# claims: deterministic
def to_true():
    return truthy_literal()


def or_falsy(flag=False):
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.or_opened via vio.kept_rebind_cases.or_falsy
    flag = flag or unknown()
    if flag:
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.or_opened via vio.kept_rebind_cases.or_falsy
    return 0


# claims: deterministic
def or_opened():
    return or_falsy()


def and_truthy(flag=True):
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.and_opened via vio.kept_rebind_cases.and_truthy
    flag = flag and unknown()
    if not flag:
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.and_opened via vio.kept_rebind_cases.and_truthy
    return 0


# claims: deterministic
def and_opened():
    return and_truthy()


def to_call(flag=False):
    flag = unknown()
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.call_opened via vio.kept_rebind_cases.to_call
    if flag:
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.call_opened via vio.kept_rebind_cases.to_call
    return 0


# claims: deterministic
def call_opened():
    return to_call()


def in_nested(flag=False):
    def lift():
        nonlocal flag
        flag = False

    lift()
    # want-blind: `bool(flag)` from vio.kept_rebind_cases.nested_opened via vio.kept_rebind_cases.in_nested
    if flag:  # a nested scope's binding: left open, though it would keep
        return time.time()  # want: deterministic call time.time from vio.kept_rebind_cases.nested_opened via vio.kept_rebind_cases.in_nested
    return 0


# claims: deterministic
def nested_opened():
    return in_nested()
