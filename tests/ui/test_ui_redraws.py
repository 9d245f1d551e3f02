"""What a move redraws on the game screen (issue 44: a move's latency through the SSH door, where every player's
process draws every move): nothing that stays the same is built or laid out again."""

from __future__ import annotations

import asyncio

from textual.widgets import Footer
from ui_helpers import human_waiting, make_app, pilot_test, screen_text, session, until


async def refreshed(widget) -> None:
    """Until the callbacks `widget` had asked for after the next refresh have run."""
    done = asyncio.Event()
    widget.call_after_refresh(done.set)
    await done.wait()


@pilot_test
async def test_the_footer_keeps_its_keys_when_the_bindings_refresh_to_the_same_keys():
    """Textual's footer built a new widget for every key at each focus change and bindings refresh, same keys or
    not: most of a move's CPU in the UI process."""
    app = make_app(session())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: human_waiting(app), what="the first decision")
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: len(footer.children) > 0, what="the footer's keys")
        keys = list(footer.children)
        for _ in range(3):
            app.screen.refresh_bindings()
            await refreshed(footer)
        assert list(footer.children) == keys and all(key.is_attached for key in keys)
        assert "? Help" in screen_text(app).splitlines()[-1]
