"""A class defined in a function whose base is a name that function binds (`Root = cases.LocalJob; class
Local(Root)`): the base is the function's value of the name, not the module's, so an override in it is found
(the subclasses are in `local_base_makers`)."""


class LocalJob:
    def run(self) -> float:
        return 1.0


class PureJob:
    def run(self) -> float:
        return 1.0


class ValueJob:
    def run(self) -> float:
        return 1.0


# claims: deterministic
def runs_a_local_alias_subclass(job: LocalJob) -> float:
    return job.run()


# claims: deterministic
def runs_a_pure_local_subclass(job: PureJob) -> float:
    return job.run()


# claims: deterministic
def runs_past_a_value_base(job: ValueJob) -> float:
    return job.run()
