"""The plugin's boolean environment variables (semantics §8): one parser, so a bad value is refused alike wherever
it is read."""

from __future__ import annotations

import os
from collections.abc import Mapping

from pytest_claims.config.messages import ConfigError
from pytest_claims.vocabulary import SWEEP_ENVS


def sweep_env(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the environment asks for the full sweep: every name in `SWEEP_ENVS` is read (`env_flag`), so a bad
    value in either is refused even when the other is on."""
    return any([env_flag(name, environ) for name in SWEEP_ENVS])  # a list: every variable is validated


_ENV_TRUE: frozenset[str] = frozenset({"1", "true", "yes", "on"})
_ENV_FALSE: frozenset[str] = frozenset({"", "0", "false", "no", "off"})


def env_flag(name: str, environ: Mapping[str, str] | None = None) -> bool:
    """A boolean environment variable of the plugin: `1`, `true`, `yes`, `on` (any case, surrounding spaces
    ignored) turn it on; unset, empty, `0`, `false`, `no`, `off` leave it off; anything else is a `ConfigError`
    naming the variable (the plugin's usage error), never a silent guess."""
    raw = (os.environ if environ is None else environ).get(name)
    if raw is None:
        return False
    value = raw.strip().lower()
    if value in _ENV_TRUE:
        return True
    if value in _ENV_FALSE:
        return False
    shown = repr(raw) if len(raw) <= 40 else repr(raw[:37] + "...")
    raise ConfigError(
        f"environment variable {name}={shown}: expected 1, true, yes or on (to turn it on) or 0, false, no, off "
        "or empty (to leave it off), in any case"
    )


# ----------------------------------------------------------------------------------------------------
