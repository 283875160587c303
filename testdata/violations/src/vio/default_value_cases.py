"""A parameter left at a default that names a value holds that value when the caller passes none: `clock=time`
makes `clock.time()` a call of `time.time`. Any caller may pass something else, so the call stays a blind spot
beside what the default shows. An annotated parameter is typed by its annotation; a pure default stays held."""

import time


def tidy(text):
    return len(text)  # want-blind: `len(text)` from vio.default_value_cases.project_function_as_default via vio.default_value_cases.tidy


# claims: deterministic
def module_as_default(clock=time):
    return clock.time()  # want: deterministic call time.time from vio.default_value_cases.module_as_default  # want-blind: `clock.time()` from vio.default_value_cases.module_as_default


# claims: deterministic
def pure_method_as_default(text, fold=str.lower):
    return fold(text)  # want-blind: `fold(text)` from vio.default_value_cases.pure_method_as_default


# claims: deterministic
def project_function_as_default(text, clean=tidy):
    return clean(text)  # want-blind: `clean(text)` from vio.default_value_cases.project_function_as_default


# claims: deterministic
def keyword_only_default(*, source=time):
    return source.monotonic()  # want: deterministic call time.monotonic from vio.default_value_cases.keyword_only_default  # want-blind: `source.monotonic()` from vio.default_value_cases.keyword_only_default
