"""A method `C.m` never runs for a subclass whose lookup of `m` finds an override below `C` first, unless
something reads `C.m` past that lookup: inside `C.m`, `self` is no instance of such a subclass, so a method `C.m`
calls on `self` is not that subclass's (Django's `DateField.get_db_prep_value` calling `self.get_prep_value`,
where `DateTimeField` overrides both and never calls the base's `get_db_prep_value`)."""

import time


class DateLike:
    # claims: deterministic
    def db_value_a(self, value):
        return self.prep_a(value)

    def prep_a(self, value):
        return value


class DateTimeLike(DateLike):
    def db_value_a(self, value):  # no super(): DateLike.db_value_a never runs for a DateTimeLike
        return value

    def prep_a(self, value):
        return time.time()


class ZonedDateTimeLike(DateTimeLike):
    def prep_a(self, value):
        return time.time()


class CallsSuper:
    # claims: deterministic
    def db_value_b(self, value):
        return self.prep_b(value)

    def prep_b(self, value):
        return value


class CallsSuperSub(CallsSuper):
    def db_value_b(self, value):
        return super().db_value_b(value)

    def prep_b(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.CallsSuper.db_value_b via vio.override_dispatch_cases.CallsSuperSub.prep_b


class ReadOnClass:
    # claims: deterministic
    def db_value_c(self, value):
        return self.prep_c(value)

    def prep_c(self, value):
        return value


class ReadOnClassSub(ReadOnClass):
    def db_value_c(self, value):
        return value

    def prep_c(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.ReadOnClass.db_value_c via vio.override_dispatch_cases.ReadOnClassSub.prep_c


def convert_c(field, value):
    return ReadOnClass.db_value_c(field, value)  # any instance: the base's method runs for it


class SkipsOverride:
    # claims: deterministic
    def db_value_d(self, value):
        return self.prep_d(value)

    def prep_d(self, value):
        return value


class SkipsOverrideSub(SkipsOverride):
    def db_value_d(self, value):
        return value


class SkipsOverrideLeaf(SkipsOverrideSub):
    def prep_d(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.SkipsOverride.db_value_d via vio.override_dispatch_cases.SkipsOverrideLeaf.prep_d

    def raw(self, value):
        return super(SkipsOverrideSub, self).db_value_d(value)  # past the override


class Mixed:
    # claims: deterministic
    def db_value_e(self, value):
        return self.prep_e(value)

    def prep_e(self, value):
        return value


class PlainMixin:
    def db_value_e(self, value):
        return value


class MixedSub(PlainMixin, Mixed):  # the override is beside the method's class, not below it: kept
    def prep_e(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.Mixed.db_value_e via vio.override_dispatch_cases.MixedSub.prep_e


class Branches:
    # claims: deterministic
    def db_value_f(self, value):
        return self.prep_f(value)

    def prep_f(self, value):
        return value


class OverridingBranch(Branches):
    def db_value_f(self, value):
        return value

    def prep_f(self, value):
        return time.time()


class InheritingBranch(Branches):  # a sibling: Branches.db_value_f runs for it
    def prep_f(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.Branches.db_value_f via vio.override_dispatch_cases.InheritingBranch.prep_f


class OtherMethodSuper:
    # claims: deterministic
    def db_value_g(self, value):
        return self.prep_g(value)

    def prep_g(self, value):
        return value


class OtherMethodSuperSub(OtherMethodSuper):
    def db_value_g(self, value):
        return value

    def prep_g(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.OtherMethodSuper.db_value_g via vio.override_dispatch_cases.OtherMethodSuperSub.prep_g

    def base_value(self, value):
        return super().db_value_g(value)


class Aliased:
    # claims: deterministic
    def db_value_h(self, value):
        return self.prep_h(value)

    raw_h = db_value_h  # `obj.raw_h()` runs Aliased.db_value_h for any subclass

    def prep_h(self, value):
        return value


class AliasedSub(Aliased):
    def db_value_h(self, value):
        return value

    def prep_h(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.Aliased.db_value_h via vio.override_dispatch_cases.AliasedSub.prep_h


class ReadOnCls:
    # claims: deterministic
    def db_value_i(self, value):
        return self.prep_i(value)

    def prep_i(self, value):
        return value

    @classmethod
    def convert(cls, field, value):
        return cls.db_value_i(field, value)  # `cls` may be ReadOnCls: its method, for any instance


class ReadOnClsSub(ReadOnCls):
    def db_value_i(self, value):
        return value

    def prep_i(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.ReadOnCls.db_value_i via vio.override_dispatch_cases.ReadOnClsSub.prep_i


class DynamicRead:
    # claims: deterministic
    def db_value_j(self, value):
        return self.prep_j(value)

    def prep_j(self, value):
        return value


class DynamicReadSub(DynamicRead):
    def db_value_j(self, value):
        return value

    def prep_j(self, value):
        return time.time()  # want: deterministic call time.time from vio.override_dispatch_cases.DynamicRead.db_value_j via vio.override_dispatch_cases.DynamicReadSub.prep_j

    def base_method(self, name, value):
        return getattr(super(), name)(value)  # any method after this class: DynamicRead.db_value_j too
