"""The planner: claims to be deterministic, but reaches the clock through two helpers."""

import time

from providers.checksum import address


def stamp() -> float:
    return time.time()


def schedule(steps: list[str]) -> list[tuple[float, str]]:
    started = stamp()
    return [(started + index, step) for index, step in enumerate(steps)]


# claims: deterministic
def plan(steps: list[str]) -> dict[str, object]:
    return {"id": address("\n".join(steps).encode()), "schedule": schedule(steps)}


# claims: deterministic, idempotent
def plan_id(steps: list[str]) -> str:
    return address("\n".join(sorted(steps)).encode())
