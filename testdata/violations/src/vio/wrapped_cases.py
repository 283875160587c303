"""A wrapper's result called at once calls what it wraps with the call's arguments: asgiref's
`sync_to_async(f, thread_sensitive=False)(request, e)` and `async_to_sync(f)(x)`, and `functools.partial(f, a)(b)`,
enter `f` as that call, so its tests of the arguments are decided as for `f(request, e)`. A wrapper kept in a local,
or a value of unknown class wrapped, stays what it was: a reference, a blind spot."""

import functools
import random

from asgiref.sync import async_to_sync, sync_to_async


class NotFound(Exception):
    pass


def respond(request, exc):
    if isinstance(exc, NotFound):
        return request
    # want: deterministic call random.random from vio.wrapped_cases.respond_wrong via vio.wrapped_cases.respond
    # want: deterministic call random.random from vio.wrapped_cases.partial_wrong via vio.wrapped_cases.respond
    # want: deterministic call random.random from vio.wrapped_cases.wrapper_kept via vio.wrapped_cases.respond
    # want: deterministic call random.random from vio.wrapped_cases.respond_starred via vio.wrapped_cases.respond
    return random.random()


# claims: deterministic
async def respond_caught(request):
    try:
        return request.path
    except NotFound as e:
        return await sync_to_async(respond, thread_sensitive=False)(request, e)


# claims: deterministic
async def respond_wrong(request):
    return await sync_to_async(respond, thread_sensitive=False)(request, ValueError())


# claims: deterministic
def respond_sync(request):
    return async_to_sync(respond)(request, exc=NotFound())


# claims: deterministic
def partial_caught(request):
    return functools.partial(respond, request)(NotFound())


# claims: deterministic
def partial_wrong(request):
    return functools.partial(respond, request)(ValueError())


# claims: deterministic
def wrapper_kept(request):
    wrapper = sync_to_async(respond)
    return wrapper(request, NotFound())


# claims: deterministic
async def respond_starred(request, *rest):
    return await sync_to_async(respond)(request, *rest)


# claims: deterministic
def partial_unknown(fn, request):
    # want-blind: `functools.partial(fn, request)` from vio.wrapped_cases.partial_unknown
    # want-blind: `functools.partial(fn, request)(NotFound())` from vio.wrapped_cases.partial_unknown
    return functools.partial(fn, request)(NotFound())


class Handler:
    def respond(self, request, exc):
        if isinstance(exc, NotFound):
            return request
        return random.random()  # want: deterministic call random.random from vio.wrapped_cases.Handler.serve_wrong via vio.wrapped_cases.Handler.respond

    # claims: deterministic
    async def serve_caught(self, request):
        return await sync_to_async(self.respond)(request, NotFound())

    # claims: deterministic
    async def serve_wrong(self, request):
        return await sync_to_async(self.respond)(request, ValueError())
