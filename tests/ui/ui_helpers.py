"""Helpers for the Pilot tests of the Textual game: make apps, read the screen, wait for states."""

from __future__ import annotations

import asyncio
import functools

from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.sessions import play_until as play_until

HUMAN = SeatConfig(kind="human", agent="")


def pilot_test(test):
    """Run an async Pilot test with asyncio.run (the project has no async pytest plugin)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


def bot(spec: str = "random") -> SeatConfig:
    return SeatConfig(kind="bot", agent=spec)


def make_app(session=None, save_dir=None, *, resumed: bool = False, pause: float = 0.0) -> DuneApp:
    """An app whose bots think in a thread (fast to start) and never pause."""
    app = DuneApp(session, Settings(save_dir=save_dir, pause=pause, bots="thread"), resumed=resumed)
    app.animation_level = "none"
    return app


def screen_text(app) -> str:
    """What the terminal shows now (the top screen), as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot, condition, timeout: float = 15.0, what: str = "") -> None:
    """Let the app run until `condition()` holds; fail (with the screen) after `timeout` seconds of app time."""
    waited = 0.0
    while not condition():
        if waited > timeout:
            raise AssertionError(f"timed out waiting for {what or condition}:\n{screen_text(pilot.app)}")
        await pilot.pause(0.02)
        waited += 0.02


async def until_shown(pilot, *texts: str, timeout: float = 15.0) -> str:
    """Let the app run until the screen shows every one of `texts` (a screen, its footer, may be drawn a moment
    after it becomes the top one); the screen's text."""
    await until(pilot, lambda: all(t in screen_text(pilot.app) for t in texts), timeout, what=f"{texts} shown")
    return screen_text(pilot.app)


def screen_name(app) -> str:
    """The top screen's class name, once it is laid out ("" a moment after it is pushed: its text reads "" then)."""
    screen = app.screen
    return type(screen).__name__ if screen._compositor.size.area else ""


def human_waiting(app) -> bool:
    """The game screen shows a human's decision, its form focused for keys."""
    focused = app.focused
    return (screen_name(app) == "GameScreen" and app.screen.current is not None and focused is not None
            and focused.id in ("choices", "dice-form", "commit-form"))


async def answer(pilot) -> str:
    """Answer the human decision on screen with its default key (roll: keep all; else Enter)."""
    app = pilot.app
    screen, request = app.screen, app.screen.current
    await pilot.press("a" if request.phase == "roll" else "enter")
    # taken: the next look at the screen must not see this request still there (a second Enter would go to what
    # comes next, a hand-off's dialog say)
    await until(pilot, lambda: app.screen is not screen or screen.current is not request, what="the answer taken")
    return request.phase


async def hand_over(pilot) -> None:
    """A hot seat's hand-off is on the screen: press Enter once it takes it (it ignores the keyboard a moment)."""
    app = pilot.app
    await until(pilot, lambda: screen_name(app) == "Handoff" and app.screen.ready, what="the hand-off ready")
    handoff = app.screen
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is not handoff, what="the hand-off gone")


async def play_to_game_over(pilot, decisions: int = 200) -> None:
    """Answer the human's decisions by their default key (and close each battle's reveal) until the game over
    screen; fail if it has not come within `decisions` of them."""
    app = pilot.app
    for _ in range(decisions):
        await until(pilot, lambda: human_waiting(app) or screen_name(app) in ("GameOverScreen", "Reveal"))
        if screen_name(app) == "GameOverScreen":
            return
        if screen_name(app) == "Reveal":
            await pilot.press("enter")
        else:
            await answer(pilot)
    raise AssertionError(f"no game over after {decisions} decisions:\n{screen_text(app)}")


def session(players: int = 2, seats=None, seed: int = 7, **options) -> Session:
    """The seeds of these tests were picked for their positions with the SplitMix64 dice: keep them."""
    seats = seats or [HUMAN] + [bot() for _ in range(players - 1)]
    return Session(Options(players=players, seed=seed, **{"dice": "splitmix", **options}), seats, bots_secret=seed)


def at_commit(seed: int = 4) -> Session:
    """A two-player game stopped at a battle commit (seat 0 human against a random bot)."""
    return play_until(session(2, seed=seed), lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=seed)


def near_the_end() -> Session:
    """A two-player game in the last player's last turn (round 6), that seat human."""
    game = session(2, seats=[bot(), HUMAN], seed=12)
    return play_until(game, lambda s: s.round == 6 and s.active == 1 and s.phase == "roll", seed=12)
