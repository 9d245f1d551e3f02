"""The server's tests: an `async def` test runs in its own event loop (asyncio.run); saves go to the test's
directory, never the user's."""

from __future__ import annotations

import asyncio
import inspect

import pytest


@pytest.fixture(autouse=True)
def save_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(folder))
    return folder


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(asyncio.wait_for(pyfuncitem.obj(**arguments), 120))
        return True
    return None
