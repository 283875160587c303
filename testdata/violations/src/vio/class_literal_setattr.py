"""A class-body literal does not decide a test of `self.ready` where a module of the class's hierarchy stores an
attribute under a name computed at run time (`setattr(self, name, value)`): it may store `ready` on the instance."""

import os


class Configured:
    ready = False

    def configure(self, **options):
        for name, value in options.items():
            setattr(self, name, value)

    def run(self):
        # want-blind: `bool(self.ready)` from vio.class_literal_setattr.configured_run via vio.class_literal_setattr.Configured.run
        if self.ready:
            # want: deterministic call os.getcwd from vio.class_literal_setattr.configured_run via vio.class_literal_setattr.Configured.run
            return os.getcwd()
        return ""


# claims: deterministic
def configured_run(c: Configured):
    return c.run()
