"""The api layer reaches the database through the service: the rule api-not-db catches it."""

from layers.service import fetch


def handle(request):
    return fetch(request)


def health():
    return "ok"
