from shapes.render import Plain, Stamped, render_all, signed


def test_render_all():
    assert render_all([Plain(), Stamped()])[0] == "PLAIN"


def test_signed(monkeypatch):
    monkeypatch.setenv("CLAIMS_OBSERVE_USER", "ada")
    assert signed(Plain()) == "PLAIN by ada"


def test_a_frozen_clock(monkeypatch):
    # monkeypatching an entry point the observation wraps works as it does without observation
    import time

    monkeypatch.setattr(time, "time", lambda: 7.0)
    assert render_all([Stamped()]) == ["STAMPED 7"]
