"""Learn to play (issue 45): the main menu's line opens a game's guided first game; its steps are told at the
moment they happen, in a dialog that Enter closes, while the table's next messages wait; a step is told once; the
lesson files are data, checked here for what the engine can say."""

from __future__ import annotations

import re
from importlib import import_module
from types import SimpleNamespace

import pytest
from ui_helpers import human_waiting, make_app, pilot_test, screen_name, screen_text, until, until_shown

from dune_tui import saves
from dune_tui.cli import parse_args
from dune_tui.games import game_named
from dune_tui.games.dune import payloads as pl
from dune_tui.games.events import Event, Payload
from dune_tui.table import messages as m
from dune_tui.ui.app import DuneApp
from dune_tui.ui.games import lesson_names
from dune_tui.ui.screens.lesson import Lesson, LessonError, Plan, Step, lesson_session, read_plan
from dune_tui.ui.settings import Settings
from dune_tui.ui.widgets.choices import group
from dune_tui.ui.widgets.decision import DecisionPanel


def test_every_game_has_a_lesson_whose_moments_its_engine_can_say():
    """A moment naming a phase or an event kind the engine does not have would never come: refused here."""
    assert list(lesson_names()) == ["dune", "express"]
    for name in lesson_names():
        package = game_named(name).package
        payloads = import_module(f"{package}.payloads")
        kinds = {c.__struct_config__.tag for c in vars(payloads).values()
                 if isinstance(c, type) and issubclass(c, Payload) and c.__struct_config__.tag}
        phases = set(import_module(f"{package}.flow").FLOW.phases)
        plan = read_plan(name)
        assert plan.intro and len(plan.steps) >= 8
        for step in plan.steps:
            for moment in step.when:
                where, what = moment.split(":")
                assert what in (kinds if where == "event" else phases), (name, step.title, moment)
        session = lesson_session(name)
        assert [s.is_human for s in session.seats].count(True) == 1


def test_a_lesson_file_that_cannot_be_read_says_where():
    with pytest.raises(LessonError, match="not valid TOML"):
        read_plan("dune", "[game\n")
    with pytest.raises(LessonError, match="step 1 needs a title"):
        read_plan("dune", "[[step]]\ntitle = 'x'\n")
    with pytest.raises(LessonError, match="neither ask: nor event:"):
        read_plan("dune", "[[step]]\ntitle = 'x'\ntext = 'y'\nwhen = 'roll'\n")
    with pytest.raises(LessonError, match="does not take"):
        read_plan("dune", "[game]\nspeed = 3\n")


def test_dune_tui_learn_takes_the_game_to_learn():
    assert parse_args(["learn"]).rules == "dune"
    assert parse_args(["learn", "--rules", "express"]).rules == "express"


@pilot_test
async def test_learn_to_play_from_the_menu_tells_each_step_once_as_it_happens():
    app = make_app(pause=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Learn to play" in screen_text(app)
        await pilot.press("e")
        await until_shown(pilot, "Dune: The Dice Game", "Dune Express")
        await pilot.press("enter")  # the first game
        text = await until_shown(pilot, "Learn to play", "Enter: go on")
        await pilot.press("enter")  # the opening words, alone
        assert "you play" in text and "Atreides, seat 1" in text  # the lesson's opening words
        game = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        lesson: Lesson = game.lesson
        assert lesson is not None and game.table.session.options.seed == read_plan("dune").game["seed"]
        told = []

        async def next_note(title: str) -> None:
            await until(pilot, lambda: screen_name(app) == "LessonNote" and title in told + titles(app.screen),
                        what=f"the step {title!r}")
            told.extend(titles(app.screen))
            await pilot.press("enter")  # Enter goes on
            await until(pilot, lambda: screen_name(app) == "GameScreen", what="the game after the step")

        await next_note("Setting up")
        assert game.current.phase == "setup_atreides"  # told at the moment of the decision it is about
        await pilot.pause(2 * DecisionPanel.GUARD)  # a new question takes keys only after its guard
        await pilot.press("1")  # the player decides: the first region
        await until(pilot, lambda: screen_name(app) == "LessonNote", what="the next step")
        assert lesson.open and titles(app.screen)[0] == "The roll, and what each die does"
        await pilot.pause(0.3)
        assert screen_name(app) == "LessonNote"  # it waits for Enter; the table's messages wait behind it
        told.extend(titles(app.screen))
        await pilot.press("enter")
        await until(pilot, lambda: game.current is not None and game.current.phase == "roll")
        assert told == ["Setting up", "The roll, and what each die does"]
        await pilot.pause(2 * DecisionPanel.GUARD)
        await pilot.press("a")  # keep them all: the next steps come, none told twice
        await until(pilot, lambda: screen_name(app) == "LessonNote", what="a step after the roll")
        assert not set(titles(app.screen)) & set(told)


def titles(screen) -> list[str]:
    return [s.title for s in getattr(screen, "steps", ())]


def lesson_app(name: str = "dune") -> DuneApp:
    """`dune-tui learn` (`--rules name`) as an app whose bots think in a thread and never pause."""
    app = DuneApp(lesson_session(name), Settings(pause=0.0, bots="thread"), lesson=Lesson(read_plan(name)))
    app.animation_level = "none"
    return app


def at_step(title: str, board: bool = True):
    """Go on (Enter) through the lesson's dialogs, answering the questions by their first option, until the step
    `title` is on the screen (and, with `board`, the board that goes with its events: for a snapshot)."""
    async def run_before(pilot) -> None:
        app = pilot.app
        while title not in titles(app.screen):
            await until(pilot, lambda: screen_name(app) == "LessonNote" or human_waiting(app), what=title)
            if screen_name(app) == "LessonNote":
                await pilot.press("enter")
            else:
                await pilot.pause(2 * DecisionPanel.GUARD)
                await pilot.press("a" if app.screen.current.phase == "roll" else "1")
            await pilot.pause(0.1)
        lesson = app.screen_stack[-2].lesson
        if board:
            await until(pilot, lambda: not lesson.board_due, what="the board that goes with the step's events")
        game = app.screen_stack[-2]
        panel = game.query_one(DecisionPanel)
        # a new question's form takes the focus (its look, drawn under the dialog) after its guard: wait for it
        await until(pilot, lambda: not panel.guarded and (panel.request is None or game.focused is not None),
                    what="the question's form focused under the dialog")
        await pilot.pause(2 * DecisionPanel.GUARD)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.5)  # (under load a snapshot differed from its baseline in nothing drawn: let all settle)

    return run_before


def test_snapshot_the_first_step_over_the_board(snap_compare):
    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=at_step("Setting up"))


def test_snapshot_the_roll_step_over_the_board(snap_compare):
    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=at_step("The roll, and what each die does"))


def test_snapshot_dune_express_moving_troops(snap_compare):
    assert snap_compare(lesson_app("express"), terminal_size=(80, 24), run_before=at_step("Moving troops"))


@pilot_test
async def test_a_choice_the_lesson_would_not_make_is_allowed_and_explained():
    """Issue 45: no alliance proposed (the lesson's deal lets the player propose one): the game goes on, and a step
    says what was left, unnumbered (it follows a choice the player may not make)."""
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = None
        while game is None or game.current is None or game.current.phase != "alliance":  # the first one
            await until(pilot, lambda: screen_name(app) == "LessonNote" or human_waiting(app), what="alliance")
            game = app.screen_stack[1]
            if screen_name(app) == "LessonNote":
                await pilot.press("enter")
            elif game.current.phase != "alliance":
                await pilot.pause(2 * DecisionPanel.GUARD)
                await pilot.press("a" if game.current.phase == "roll" else "1")
            await pilot.pause(0.1)
        assert any(a[0] == "propose" for a in game.current.legal)  # an alliance was there to propose
        await pilot.pause(2 * DecisionPanel.GUARD)
        choices = group(game.current.legal, game.current.view, game.rules_board.words)
        await pilot.press(str(next(i for i, c in enumerate(choices, 1) if c.action == ("no_alliance",))))
        text = await until_shown(pilot, "You proposed no alliance")
        assert "Allowed" in text and "/16 You proposed" not in text  # explained, not numbered
        assert game.lesson.showing and game.table.session.log[-1].action == ("no_alliance",)  # played, not blocked


@pilot_test
async def test_a_lesson_game_left_and_continued_goes_on_with_its_lesson(save_dir):
    """Issue 45: a guided game autosaves like any game; left in the middle and continued from the menu, its lesson
    goes on where it was (the save says which steps were told): the next step is told, none again."""
    app = DuneApp(lesson_session("dune"), Settings(save_dir=save_dir, pause=0.0, bots="thread"),
                  lesson=Lesson(read_plan("dune")))
    app.animation_level = "none"
    plan = read_plan("dune")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_step("Recruitment")(pilot)
        while screen_name(app) == "LessonNote" or not human_waiting(app):  # the steps told meanwhile, then a question
            if screen_name(app) == "LessonNote":
                await pilot.press("enter")
            await pilot.pause(0.1)
        told = list(app.screen.table.session.lesson)
        assert plan.steps.index(next(s for s in plan.steps if s.title == "Recruitment")) in told
        await pilot.press("q", "y")
        await until(pilot, lambda: not app.is_running)
    assert saves.load(saves.latest_autosave(save_dir)).lesson == told  # the save keeps where the lesson is
    numbered = sum(not plan.steps[i].optional for i in told)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # Continue: the latest autosave
        text = await until_shown(pilot, "Welcome back to the lesson", "Enter: go on")
        assert f"{numbered} of its {plan.numbered} steps" in text
        await pilot.press("enter")
        seen = []
        while not any(not s.optional for s in seen):  # on to the next numbered step
            await until(pilot, lambda: screen_name(app) == "LessonNote" or human_waiting(app), what="the next step")
            if screen_name(app) == "LessonNote":
                seen += app.screen.steps
                text = screen_text(app)
                await pilot.press("enter")
            else:
                await pilot.pause(2 * DecisionPanel.GUARD)
                await pilot.press("a" if app.screen.current.phase == "roll" else "1")
            await pilot.pause(0.1)
        assert not {plan.steps.index(s) for s in seen} & set(told)  # none told again
        assert f"{numbered + 1}/{plan.numbered} " in text  # the lesson goes on at its next step


@pilot_test
async def test_each_step_says_whose_turn_it_is():
    """Issue 45: a step a bot's roll brings (Express's first roll is the Fremen bot's) names whose turn it is; one
    at our own question says it is ours."""
    app = lesson_app("express")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_step("The roll, and what each die does", board=False)(pilot)  # (the dialog's words are the point)
        game = app.screen_stack[-2]
        # (what the dialog said when it came: the board may have gone on to another turn behind it since)
        # the Fremen bot rolls first in this deal: its roll brings the step, told in its turn; or, under load, the
        # bot's whole turn came before the screen (its Welcome), and the board then shows our turn
        told = re.search(r"Now the turn of seat (\d) \[F\] Fremen, Bot|Now your turn: seat 1 \[A\] Atreides",
                         screen_text(app))
        assert told, screen_text(app)
        assert told[1] is None or int(told[1]) != game.client.watching + 1
    app = lesson_app("dune")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_step("Setting up")(pilot)
        assert "Now your turn: seat 1 [A] Atreides" in screen_text(app)


def test_the_dune_lesson_says_plainly_what_a_newcomer_found_unclear():
    """Issue 45, a newcomer's read: the roll step says which dice to keep; no jargon ("knot"); an Ornithopter is
    said at its first mention; a step says where to land to reach the strategic regions."""
    steps = {s.title: s.text for s in read_plan("dune").steps}
    assert "Which to keep" in steps["The roll, and what each die does"]
    assert not [t for t, text in steps.items() if "knot" in text.lower() or "∞" in text]
    first = next(text for text in steps.values() if "Ornithopter" in text)
    assert "fly" in first, "the first step naming an Ornithopter says what it does"
    assert "Where to land" in steps["Landing"] and "strategic" in steps["Landing"]


def test_steps_that_come_together_are_told_one_dialog_each(snap_compare):
    """The storm and the end of the turn come at once: two steps in one dialog overflowed it at 80×24, and the Enter
    that closed it skipped the second unread; each has its own dialog."""
    async def storm(pilot) -> None:
        await at_step("The storm")(pilot)
        assert titles(pilot.app.screen) == ["The storm"]

    assert snap_compare(lesson_app(), terminal_size=(80, 24), run_before=storm)


class _Link:
    """A game screen's link, for the lesson: the Welcome it got, and the messages the lesson lets through."""

    def __init__(self, welcome, early=()) -> None:
        self.welcome_body, self.early, self.taken = welcome, [welcome, *early], []

    def welcome(self):
        return self.welcome_body

    def came_early(self) -> list:
        return self.early

    def start(self) -> None:
        pass

    def take(self, message) -> None:
        self.taken.append(message.body)


def test_a_step_told_by_the_welcomes_events_holds_the_next_messages_at_once():
    """The Welcome comes with its board (its view): a step its events tell does not wait for another board, which
    may not come until the player acts (it let the bots' messages run on under the dialog); a step told by a batch
    of events lets through the board the table sends after it (table/clients.py), then holds the rest."""
    steps = (Step("Spice", "…", ("event:spice",)), Step("Storm", "…", ("event:storm",)))
    opened = []
    welcome = SimpleNamespace(events=[Event("spice", "", None, None)])
    link = _Link(welcome)
    screen = SimpleNamespace(link=link, client=SimpleNamespace(requests={}, board=None),
                             app=SimpleNamespace(push_screen=lambda note, done: opened.append(note)),
                             call_after_refresh=lambda *call: None)
    lesson = Lesson(Plan("dune", "Hello", {}, steps)).bind(screen)
    lesson.start()
    assert lesson.holding and not lesson.board_due  # the Welcome's board has come
    later = [m.EventBatch(0, [Event("storm", "", None, None)]), m.Board(seat=0, view=None, decisions=1)]
    for body in later:
        lesson.take(SimpleNamespace(seat=0, body=body))
    assert link.taken == [] and [x.body for x in lesson.held] == later  # held under the dialogs
    lesson.showing, lesson.pending = False, []  # the opening words and the Spice step closed
    lesson._next()
    assert link.taken == later and lesson.holding and not lesson.board_due  # the Storm step: its batch, its board


def test_a_lost_troop_is_told_at_the_kanly_that_removes_it():
    """A newcomer read "A lost troop" turns after the Kanly took one (only the storm's loss, `troop_lost`, told it):
    the step is told by the first troop lost, to a Kanly weapon or to the storm."""
    step = next(s for s in read_plan("dune").steps if s.title == "A lost troop")
    removed = pl.Kanly(faction_id=0, weapon_id=0, loc=3, unit_id=1)
    assert step.told_by("event:kanly", removed) and step.told_by("event:troop_lost", None)


def test_a_step_whose_events_came_before_the_game_screen_was_up_is_told():
    """A clean-clone CI run on a busy machine: the bots' first events came after the Welcome but before the game
    screen was mounted, and the step they bring (Dune Express's "Moving troops", at the Fremen bot's landing) was
    never told; the lesson went on a step short."""
    steps = (Step("Spice", "…", ("event:spice",)), Step("Moving troops", "…", ("event:landed",)))
    opened = []
    welcome = SimpleNamespace(events=[Event("spice", "", None, None)])
    link = _Link(welcome, [m.EventBatch(0, [Event("landed", "", None, None)]), m.Board(seat=0, view=None,
                                                                                       decisions=1)])
    screen = SimpleNamespace(link=link, client=SimpleNamespace(requests={}, board=None),
                             app=SimpleNamespace(push_screen=lambda note, done: opened.append(note)),
                             call_after_refresh=lambda *call: None)
    lesson = Lesson(Plan("dune", "Hello", {}, steps)).bind(screen)
    lesson.start()
    assert [s.title for s in lesson.pending] == ["Spice", "Moving troops"] and not lesson.left
