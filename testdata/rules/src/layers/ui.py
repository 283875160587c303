"""The ui layer only formats: it reaches the service, never the database."""

from layers import service


def render(value):
    return f"<b>{service.pure(value)}</b>"
