"""The first game's board: the status bar and its turn track, the map, the house cards, the dice tray."""

from __future__ import annotations

from ...kit.board import StandardBoard, active_turn
from .dice import DiceTray
from .houses import HouseCards
from .labels import FACTION_COLOURS, faction_label
from .map import MapView, region_options
from .status import StatusBar
from .words import FIRST_GAME


class Board(StandardBoard):
    tips = ("The top line says whose turn it is. The map draws every region in its zone (≋: the storm), "
            "* strategic and D desert marks, its construction and troops (letter and count per faction); "
            "while a decision is about regions they light up with their keys: m or shift+Tab, then arrows "
            "and Enter pick one on the map. "
            "Bots play on their own, pausing between steps (p changes the pause, s skips ahead).\n\n"
            "The houses beside the map: ▶ whose turn, ◆ally the ally this turn, 1/3 the strategic regions "
            "held alone of those needed to win (at 80 columns once one is held); L leaders on the card, "
            "T troops on the card, R troops in reserve (+1s: Sardaukar), $ stored spice (Corrino, Guild), "
            "Sn Snooper, Sh Shield, Th Thumper held. c shows every card in full.")
    secret_phases = frozenset({"setup_prediction", "commit"})
    log_headlines = frozenset({"turn_start", "round", "game_over", "reveal", "battle"})
    log_breaks = frozenset({"turn_start"})
    side_colours = FACTION_COLOURS
    words = FIRST_GAME

    STATUS, MAP, HOUSES, DICE = StatusBar, MapView, HouseCards, DiceTray

    @staticmethod
    def options_at(view, keys: list) -> dict[int, list[int]]:
        return region_options(view, keys)

    @staticmethod
    def side_label(side: int, short: bool = False):
        return faction_label(side, short)

    turn_of = staticmethod(active_turn)

    @staticmethod
    def houses_screen(view, seats, you: int):
        from ...kit.houses import HousesScreen
        from .abilities import KNOT_MARK
        from .houses import full_card

        cards = [full_card(view, seat, cfg, you) for seat, cfg in enumerate(seats)]
        return HousesScreen(f"House cards   {KNOT_MARK} alliance (knot) ability: yours on your turn, and the "
                            "active player's when allied with you", cards, side_by_side=True)

    @staticmethod
    def battle_seats(event) -> tuple[int, int] | None:
        """The seats of the battle whose sealed commits `event` reveals (None: it reveals none)."""
        return (event.data.attacker_seat, event.data.defender_seat) if event.kind == "reveal" else None

    @staticmethod
    def reveal_screen(event, batch):
        from .reveal import Reveal

        return Reveal(event, list(batch))

    @staticmethod
    def reveal_summary(event) -> str:
        from .reveal import reveal_summary

        return reveal_summary(event.data)

    @property
    def ending(self):
        from .over import ENDING

        return ENDING
