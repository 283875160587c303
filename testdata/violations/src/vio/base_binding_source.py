"""The classes `base_binding_cases` imports under names it binds again: one whose `template` is pure, one whose
`template` reads the clock."""

import time


class Plain:
    def template(self):
        return ""


class Clocked:
    def template(self):
        # want: deterministic call time.time from vio.base_binding_cases.EitherRoot.render via vio.base_binding_source.Clocked.template
        # want: deterministic call time.time from vio.base_binding_cases.TriedRoot.render via vio.base_binding_source.Clocked.template
        # want: deterministic call time.time from vio.base_binding_cases.SwapRoot.render via vio.base_binding_source.Clocked.template
        # want: deterministic call time.time from vio.base_binding_cases.StarRoot.render via vio.base_binding_source.Clocked.template
        # want: deterministic call time.time from vio.base_binding_cases.LoopRoot.render via vio.base_binding_source.Clocked.template
        return time.time()
