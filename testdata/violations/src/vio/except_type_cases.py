"""`except C as e` types `e` as an instance of C or of a subclass, as `isinstance(e, C)` narrows a name: `e`
passed on decides the callee's `isinstance` tests that every class it may be answers (Django's
`response_for_exception(request, e)` under `except Http404 as e:` never reaches its final `else`), and a method
called on `e` enters C's and its subclasses' overrides. A test of a subclass stays open; a class that is not the
project's (a project subclass of a stdlib class may be the value's), a class the walk cannot name and `e` bound
again in the handler leave `e` unknown."""

import time

import requests


class HttpError(Exception):
    def render(self):
        return 0


class NotFound(HttpError):
    pass


class Gone(HttpError):
    pass


class Denied(Exception):
    pass


class Loud(HttpError):
    def render(self):
        # want: deterministic call time.time from vio.except_type_cases.override_on_sub via vio.except_type_cases.Loud.render
        return time.time()


class Quiet(HttpError):
    pass


def serve(request):
    return request


def respond(request, exc):
    if isinstance(exc, NotFound):
        return 404
    elif isinstance(exc, Denied):
        return 403
    else:
        # want: deterministic call time.time from vio.except_type_cases.unknown_passed via vio.except_type_cases.respond
        # want: deterministic call time.time from vio.except_type_cases.rebound_in_handler via vio.except_type_cases.respond
        # want: deterministic call time.time from vio.except_type_cases.class_unknown via vio.except_type_cases.respond
        # want: deterministic call time.time from vio.except_type_cases.third_party via vio.except_type_cases.respond
        return time.time()


def stamp_found(exc):
    if isinstance(exc, NotFound):
        # want: deterministic call time.time from vio.except_type_cases.matching_branch via vio.except_type_cases.stamp_found
        return time.time()
    return 0


def stamp_gone(exc):
    if isinstance(exc, Gone):
        # want: deterministic call time.time from vio.except_type_cases.base_to_sub via vio.except_type_cases.stamp_gone
        return time.time()
    return 0


def unless_http(exc):
    if isinstance(exc, HttpError):
        return 0
    # want: deterministic call time.time from vio.except_type_cases.tuple_one_other via vio.except_type_cases.unless_http
    # want: deterministic call time.time from vio.except_type_cases.stdlib_caught via vio.except_type_cases.unless_http
    return time.time()


def unless_value_error(exc):
    if isinstance(exc, ValueError):
        return 0
    # want: deterministic call time.time from vio.except_type_cases.stdlib_same via vio.except_type_cases.unless_value_error
    return time.time()


# -- held: the class caught decides the callee's tests -----------------------------------------------------
# claims: deterministic
def django_shape(request):
    try:
        return serve(request)
    except NotFound as e:
        return respond(request, e)


# claims: deterministic
def tuple_both(request):
    try:
        return serve(request)
    except (NotFound, Gone) as e:
        return unless_http(e)


# claims: deterministic
def no_override(request):
    try:
        return serve(request)
    except Quiet as e:
        return e.render()


# -- flagged: the branch the class takes, a subclass's test or override, what the walk cannot type ----------
# claims: deterministic
def unknown_passed(request, exc):
    return respond(request, exc)


# claims: deterministic
def matching_branch(request):
    try:
        return serve(request)
    except NotFound as e:
        return stamp_found(e)


# claims: deterministic
def base_to_sub(request):
    try:
        return serve(request)
    except HttpError as e:
        return stamp_gone(e)


# claims: deterministic
def override_on_sub(request):
    try:
        return serve(request)
    except HttpError as e:
        return e.render()


# claims: deterministic
def tuple_one_other(request):
    try:
        return serve(request)
    except (NotFound, Denied) as e:
        return unless_http(e)


# claims: deterministic
def stdlib_caught(request):
    try:
        return serve(request)
    except LookupError as e:
        return unless_http(e)


# claims: deterministic
def stdlib_same(request):
    try:
        return serve(request)
    except ValueError as e:  # a stdlib class types nothing: the test stays open
        return unless_value_error(e)


# claims: deterministic
def rebound_in_handler(request):
    try:
        return serve(request)
    except NotFound as e:
        e = serve(e)
        return respond(request, e)


# claims: deterministic
def class_unknown(request, kind):
    try:
        return serve(request)
    except kind as e:
        return respond(request, e)


# claims: deterministic
def third_party(request):
    try:
        return serve(request)
    except requests.HTTPError as e:
        return respond(request, e)
