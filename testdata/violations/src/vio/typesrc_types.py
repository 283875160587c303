"""Classes the type-source cases name: a property reading the environment and its pure sibling, a clock and its
pure method, a factory whose return is annotated."""

import os
import time


class Dirs:
    @property
    def home(self):
        # want: deterministic read os.environ from vio.typesrc_cases.own_flag via vio.typesrc_types.Dirs.home
        # want: deterministic read os.environ from vio.typesrc_cases.own_flag_string via vio.typesrc_types.Dirs.home
        # want: deterministic read os.environ from vio.typesrc_cases.aliased_flag via vio.typesrc_types.Dirs.home
        # want: deterministic read os.environ from vio.typesrc_cases.module_flag via vio.typesrc_types.Dirs.home
        # want: deterministic read os.environ from vio.typesrc_cases.typed_getattr via vio.typesrc_types.Dirs.home
        return os.environ["HOME"]

    @property
    def label(self):
        return "dirs"


class Clock:
    def stamp(self):
        # want: deterministic call time.time from vio.typesrc_cases.final_typed via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.bare_final_typed via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.classvar_typed via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.fallback_typed via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.Stored.uses via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.SelfMade.uses via vio.typesrc_types.Clock.stamp
        # want: deterministic call time.time from vio.typesrc_cases.declared_loop via vio.typesrc_types.Clock.stamp
        return time.time()

    def name(self):
        return "clock"


class Maker:
    def _make(self) -> Clock:
        return Clock()

    def build(self):
        return Clock()
