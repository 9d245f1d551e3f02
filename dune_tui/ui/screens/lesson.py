"""Learn to play: a guided first game.  Each game's lesson is data, `lesson.toml` beside its board
(ui/games/NAME/): the game to deal (`[game]`: players, seats, factions, seed, the bots' secret and the game's
parameters, so that every step happens) and its steps (`[[step]]`: a title, a few sentences, and `when`, the moments
it is told at: `ask:PHASE`, a decision of that phase asked of this terminal, or `event:KIND`, an event of that kind,
with `where` the payload's fields it must have).  Each step is told once, the first time one of its moments comes, in
a dialog that Enter closes (`Lesson` says what waits meanwhile); an `optional` step, unnumbered, says what a choice
the player may make or not has done (`after`: only right after the player's own answer to that phase's question).

The game screen hands the table's messages to its lesson (`Lesson.take`) instead of its link when it has one."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...games import game_named, game_of
from ...table import messages as m
from ..games import lesson_names, lesson_text
from ..kit.screens import DuneModal
from ..widgets.footer import Footer

GAME_FIELDS = ("players", "seats", "factions", "seed", "bots_secret")  # what [game] may say, and the game's parameters


class LessonError(ValueError):
    """A lesson file that cannot be read: the sentence says where."""


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    when: tuple[str, ...]  # "ask:PHASE" or "event:KIND"
    where: tuple[tuple[str, object], ...] = ()  # an event's payload fields and their values
    optional: bool = False  # what follows a choice the player may not make (a pass, a lost battle): unnumbered
    after: str = ""  # a phase: the step's event counts only right after our answer to a question of that phase

    def told_by(self, moment: str, data=None, asked: str = "") -> bool:
        """`asked`: the phase of the last question this terminal was asked."""
        return (moment in self.when and all(_field(data, k) == v for k, v in self.where)
                and self.after in ("", asked))


def _field(data, path: str):
    """A payload's field by its path in `where`: `reason`, or `dice.4` (the fifth of the field's values)."""
    for part in path.split("."):
        try:
            data = data[int(part)] if part.isdigit() else getattr(data, part, None)
        except (IndexError, TypeError):
            return None
    return data


@dataclass
class Plan:
    """A game's lesson, read from its file."""

    name: str  # the game's
    intro: str
    game: dict
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def numbered(self) -> int:
        """How many steps every game of the lesson tells (the optional ones follow choices it may not see)."""
        return sum(not s.optional for s in self.steps)


def read_plan(name: str, text: str | None = None) -> Plan:
    """The lesson of the game `name` (its `lesson.toml`, or `text`); LessonError with a sentence."""
    try:
        data = tomllib.loads(lesson_text(name) if text is None else text)
    except tomllib.TOMLDecodeError as e:
        raise LessonError(f"the lesson of {name} is not valid TOML: {e}") from None
    game = data.get("game", {})
    if unknown := set(game) - set(GAME_FIELDS) - set(game_named(name).parameters):
        raise LessonError(f"the lesson of {name}: [game] does not take {', '.join(sorted(unknown))}")
    steps = []
    for i, raw in enumerate(data.get("step", []), 1):
        try:
            when = raw["when"]
            steps.append(Step(title=str(raw["title"]), text=_paragraph(raw["text"]),
                              when=(when,) if isinstance(when, str) else tuple(when),
                              where=tuple(raw.get("where", {}).items()), optional=bool(raw.get("optional")),
                              after=str(raw.get("after", ""))))
        except (KeyError, TypeError) as e:
            raise LessonError(f"the lesson of {name}: step {i} needs a title, a text and when ({e})") from None
        if bad := [w for w in steps[-1].when if not w.startswith(("ask:", "event:"))]:
            raise LessonError(f"the lesson of {name}: step {i}'s moment {bad[0]!r} is neither ask: nor event:")
    return Plan(name=name, intro=_paragraph(data.get("intro", "")), game=dict(game), steps=tuple(steps))


def _paragraph(text) -> str:
    """A step's text as the file writes it (lines cut at any width) as one paragraph, wrapped by the dialog."""
    return " ".join(str(text).split())


def lesson_session(name: str):
    """The game the lesson of `name` deals: its seats, sides, dice and bots fixed by its file."""
    from ...game_spec import GameSpec, new_game

    plan = read_plan(name)
    game = dict(plan.game)
    if "factions" in game:
        game["factions"] = tuple(game["factions"])
    session = new_game(GameSpec(rules=game_named(name).name, **game))
    session.lesson = []  # a guided game: its saves say where the lesson is (none told yet)
    return session


def resumed_lesson(session) -> Lesson | None:
    """The lesson of a resumed guided game (its save says which steps were told), or None: no lesson game.
    LessonError when its lesson file cannot be read."""
    if session.lesson is None:
        return None
    return Lesson(read_plan(game_of(session.options).name), told=session.lesson)


class Lesson:
    """The steps of a lesson still to tell, told as the table's messages bring their moments.

    A step told at an event holds the table's next messages until it is closed, but for the board that comes with
    the event (the table sends each batch of events, then the board after them), so that the board stays at that
    moment (the bots play on behind it); a step told at a question of ours holds nothing: the game waits for our
    answer anyway."""

    def __init__(self, plan: Plan, told: list[int] | None = None) -> None:
        """`told`: the steps already told in this game before it was saved (their index in the plan), for a
        resumed game, which then opens with a line saying where the lesson is."""
        self.plan = plan
        done = set(told or ())
        self.resumed = told is not None
        self.left = [s for i, s in enumerate(plan.steps) if i not in done]
        self.told = sum(not s.optional for i, s in enumerate(plan.steps) if i in done)
        self.session = None  # the game's session: its saves keep the steps told (`Session.lesson`)
        self.screen = None
        self.asked = ""  # the phase of the last question asked of us
        self.pending: list[Step] = []  # found while another dialog was open: told after it
        self.showing = False  # a dialog of the lesson is open
        self.holding = False  # the table's messages wait in `held` until the dialogs are closed
        self.board_due = False  # holding, but for the board that comes after the batch of events (not yet come)
        self.held: list = []

    @property
    def open(self) -> bool:
        return self.showing

    def bind(self, screen) -> Lesson:
        """`screen`: the game screen whose table this lesson follows."""
        self.screen = screen
        return self

    def keep_in(self, session) -> Lesson:
        """`session`: the guided game this terminal plays here; its saves keep the steps told (`Session.lesson`)."""
        self.session = session
        self._keep()
        return self

    def _keep(self) -> None:
        """The steps told so far, in the session its saves write (`Session.lesson`)."""
        if self.session is not None:
            self.session.lesson = [i for i, s in enumerate(self.plan.steps) if s not in self.left]

    def start(self) -> None:
        """The game screen is up: its link takes the messages that came first; then the lesson's opening words,
        with the steps the Welcome, the events after it and the requests already come tell."""
        welcome, early = self.screen.link.welcome(), self.screen.link.came_early()
        self.screen.link.start()
        found = [(f"event:{e.kind}", e.data) for e in welcome.events]
        # and the events the bots played while the screen was being made (a busy machine: a step was missed)
        found += [moment for body in early if isinstance(body, m.EventBatch) for moment in moments(body)]
        found += [(f"ask:{r.phase}", None) for r in self.screen.client.requests.values()]
        self.showing = True  # the opening words first
        intro = self.plan.intro
        if self.resumed:
            intro = (f"Welcome back to the lesson: {self.told} of its {self.plan.numbered} steps were told before "
                     "the game was saved, and it goes on from here.")
        self.screen.call_after_refresh(self._open, [], intro)
        self._find(found)

    def take(self, message) -> None:
        """A message of the table: held while a step told at an event is open; else taken, and the steps it
        brings told."""
        if self.holding and not self.board_due:
            self.held.append(message)
            return
        self.board_due = self.board_due and not isinstance(message.body, m.Board)  # (a bot's Thinking may be first)
        self.screen.link.take(message)
        self._find(list(moments(message.body)), board_follows=isinstance(message.body, m.EventBatch))

    def _find(self, found: list, board_follows: bool = False) -> None:
        """Tell the steps whose moments are in `found`, unless told already.  `board_follows`: the moments came in a
        batch of events, whose board the table sends next (table/clients.py `told`); the Welcome's events came with
        their board (its view), so a step they tell holds the next messages at once."""
        for moment, data in found:
            if moment.startswith("ask:"):
                self.asked = moment[4:]
            for step in [s for s in self.left if s.told_by(moment, data, self.asked)]:
                self.left.remove(step)
                self.pending.append(step)
                self._keep()
                if moment.startswith("event:") and not self.holding:
                    self.holding, self.board_due = True, board_follows
        if self.pending and not self.showing:
            self._next()

    def _next(self, _result=None) -> None:
        """The next step's dialog, or (none left) the messages held meanwhile."""
        if self.pending:  # one step a dialog: two at once would not fit at 80×24, and Enter would skip the second
            self._open([self.pending.pop(0)])
            return
        self.showing = self.holding = self.board_due = False
        while self.held and (self.board_due or not self.holding):
            self.take(self.held.pop(0))

    def _open(self, steps: list[Step], intro: str = "") -> None:
        self.showing = True
        labels = []
        for step in steps:
            self.told += not step.optional
            labels.append("" if step.optional else f"{self.told}/{self.plan.numbered} ")
        self.screen.app.push_screen(LessonNote(steps, labels, intro, self._whose() if steps else None), self._next)

    def _whose(self) -> Text | None:
        """Whose turn the steps are told in ("Now the turn of seat 2 [H] Harkonnen, Heuristic bot"): a bot's roll
        may bring a step (None: the game says no turn)."""
        board = self.screen.client.board
        seat = self.screen.rules_board.turn_of(board) if board is not None else -1
        if seat < 0:
            return None
        if seat == self.screen.client.watching:
            return Text.assemble(("Now your turn: ", "bold"), self.screen.turns.seat_title(seat, who=False))
        return Text.assemble(("Now the turn of ", "bold"), self.screen.turns.seat_title(seat))


def moments(body):
    """The moments in a message of the table: the events it tells, the decision it asks."""
    for e in getattr(body, "events", ()) if isinstance(body, m.EventBatch) else ():
        yield f"event:{e.kind}", e.data
    if isinstance(body, m.DecisionRequest):
        yield f"ask:{body.phase}", None


class LessonNote(DuneModal):
    """One or more steps of the lesson, at the moment they happen; Enter goes on."""

    BINDINGS = [Binding("enter,space,escape", "close", "Go on")]

    def __init__(self, steps: list[Step], labels: list[str], intro: str = "", whose: Text | None = None) -> None:
        """`labels`: each step's number ("3/14 "; "" for an optional step); `whose`: whose turn it is."""
        super().__init__()
        self.steps, self.labels, self.intro, self.whose = steps, labels, intro, whose

    def compose(self) -> ComposeResult:
        text = Text()
        if self.intro:
            text.append(self.intro + "\n\n")
        if self.whose is not None:
            text.append_text(self.whose)
            text.append("\n")
        for i, step in enumerate(self.steps):
            text.append(f"{self.labels[i]}{step.title}\n", style="bold")
            text.append(step.text + ("\n\n" if i < len(self.steps) - 1 else ""))
        with Vertical(classes="dialog", id="lesson") as dialog:
            dialog.border_title = "Learn to play"
            dialog.border_subtitle = "Enter: go on"  # on the frame: in sight however long the steps
            with VerticalScroll(id="lesson-scroll"):
                text.rstrip()
                yield Static(text, id="lesson-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class LearnChoice(DuneModal):
    """The main menu's Learn to play: which game's lesson."""

    BINDINGS = [Binding("escape,b", "back", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Learn to play: a guided first game", classes="dialog-title")
            yield OptionList(*(Option(game_named(n).title, id=n) for n in lesson_names()), id="learn-list")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
