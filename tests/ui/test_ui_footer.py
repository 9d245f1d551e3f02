"""The footer (dune_tui/ui/widgets/footer.py) shows the screen's keys as they change, and makes its keys again only
when what it shows changed: a screen asks its bindings to be refreshed after most updates, and Textual's own footer
made every key again each time, and laid the whole screen out again."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.widgets._footer import FooterKey
from ui_helpers import pilot_test

from dune_tui.ui.widgets.footer import Footer


class Keys(App):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("a", "one", "One"), Binding("b", "two", "Two")]
    two = True

    def compose(self):
        yield Footer()

    def check_action(self, action: str, parameters) -> bool:
        return self.two if action == "two" else True

    def action_one(self) -> None:
        pass

    def action_two(self) -> None:
        pass


def shown(app) -> list[str]:
    return [key.description for key in app.query(FooterKey)]


@pilot_test
async def test_the_footer_follows_the_keys_and_is_not_made_again_when_they_are_the_same():
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        assert shown(app) == ["One", "Two"]
        keys = list(app.query(FooterKey))
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert list(app.query(FooterKey)) == keys, "the same keys: the footer was not made again"
        app.two = False
        app.screen.refresh_bindings()
        await pilot.pause()
        assert shown(app) == ["One"]
        app.two = True
        app.screen.refresh_bindings()
        await pilot.pause()
        assert shown(app) == ["One", "Two"]
