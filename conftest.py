"""Root conftest: the suite drives pytest in-process (pytester) to test the plugin on fixture projects."""

pytest_plugins = ("pytester",)
