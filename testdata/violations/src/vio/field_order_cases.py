"""What an instance field holds (`self.features = self.features_class()`) is memoised per instance class, and must
not depend on which body was being summarised when it was first read: the assigning method's `self` is an
instance of the class the field is read on, whoever asked first (its own `__init__` entered for that class, or
another method entered for it)."""

import time


class Features:
    def version(self):
        return (1,)

    def prepare(self):
        return 0


class FastFeatures(Features):
    def version(self):
        return (2,)


class SlowFeatures(Features):
    def version(self):
        return time.time()  # want: deterministic call time.time from vio.field_order_cases.slow_check via vio.field_order_cases.Wrapper.check -> vio.field_order_cases.SlowFeatures.version


class Wrapper:
    features_class = Features

    def __init__(self):
        self.features = self.features_class()
        self.features.prepare()  # reads the field while `__init__` is summarised for the class constructed

    def check(self):
        return self.features.version()


class FastWrapper(Wrapper):
    features_class = FastFeatures


class SlowWrapper(Wrapper):
    features_class = SlowFeatures


# claims: deterministic
def fast_check():
    return FastWrapper().check()  # FastWrapper's features are FastFeatures, whichever body read the field first


# claims: deterministic
def slow_check():
    return SlowWrapper().check()


# claims: deterministic
def fast_check_alone(wrapper: FastWrapper):
    return wrapper.check()  # `check` summarised for FastWrapper with no constructor entered before
