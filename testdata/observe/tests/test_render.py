from shapes.render import Plain, Stamped, render_all, signed


def test_render_all():
    assert render_all([Plain(), Stamped()])[0] == "PLAIN"


def test_signed(monkeypatch):
    monkeypatch.setenv("CLAIMS_OBSERVE_USER", "ada")
    assert signed(Plain()) == "PLAIN by ada"
