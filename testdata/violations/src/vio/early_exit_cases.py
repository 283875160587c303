"""Early exits past the guard limit: a guard conjoins at most 32 tests (docs/decisions.md, Platforms), so the
negated tests of a function's first 32 early exits still prune what follows them, and later ones no longer do."""

import time


def lookup(name):
    if name == "k0":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.leading_key via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 0
    if name == "k1":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.leading_key via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 1
    if name == "k2":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.leading_key via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 2
    if name == "k3":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.leading_key via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 3
    if name == "k4":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 4
    if name == "k5":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 5
    if name == "k6":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 6
    if name == "k7":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 7
    if name == "k8":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 8
    if name == "k9":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 9
    if name == "k10":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 10
    if name == "k11":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 11
    if name == "k12":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 12
    if name == "k13":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 13
    if name == "k14":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 14
    if name == "k15":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 15
    if name == "k16":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 16
    if name == "k17":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 17
    if name == "k18":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 18
    if name == "k19":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 19
    if name == "k20":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 20
    if name == "k21":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 21
    if name == "k22":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 22
    if name == "k23":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 23
    if name == "k24":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 24
    if name == "k25":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 25
    if name == "k26":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 26
    if name == "k27":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 27
    if name == "k28":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 28
    if name == "k29":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 29
    if name == "k30":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 30
    if name == "k31":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 31
    if name == "k32":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 32
    if name == "k33":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 33
    # want: deterministic call time.time from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
    # want: deterministic call time.time from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup
    return time.time()


# claims: deterministic
def leading_key():
    return lookup("k3")  # the rest of lookup is under name != "k3": pruned


# claims: deterministic
def unknown_key(name):
    return lookup(name)


# claims: deterministic
def past_the_limit():
    # the 34th test is past the limit: left out of the guard as an unknown test, so the clock counts (the price
    # of facts linear in the number of exits)
    return lookup("k33")
