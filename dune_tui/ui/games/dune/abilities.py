"""Each faction's special abilities as its card states them, one short line each, written from the rules
(French v1.06, "LES FACTIONS"; docs/RULINGS.md where it rules). The alliance (knot) abilities are the ones
`engine.queries.KNOTS` names (R5): the faction uses them on its turn, and so does the active player allied
with it."""

from __future__ import annotations

from typing import NamedTuple

from ....games.dune.data import (
    ATREIDES,
    BENE_GESSERIT,
    CORRINO,
    FREMEN,
    GUILD,
    HARKONNEN,
    SMUGGLERS,
    TLEILAXU,
)
from ....games.dune.queries import KNOTS

KNOT_MARK = "∞"  # the knot symbol of the faction cards


class Ability(NamedTuple):
    name: str
    text: str

    def knot(self, faction: int) -> bool:
        return KNOTS.get(faction) == self.name


ABILITIES: dict[int, tuple[Ability, ...]] = {
    ATREIDES: (
        Ability("Duncan Idaho", "a second leader: Leto 3, both together 5; recruit one a phase"),
        Ability("Honourable Duel", "when both sides fought with leaders, your lost troops go to your card"),
    ),
    HARKONNEN: (
        Ability("Piter De Vries", "after the roll, turn the Kanly die to Poison"),
        Ability("Infiltration", "attacking, ignore Fortifications"),
    ),
    FREMEN: (
        Ability("Desert People", "a troop costs 2 Fremen dice (1 as an ally) and fights as 2; "
                                 "storm and Crysknife cannot kill them"),
        Ability("Worm Riding", "on a Shai-Hulud your troops count as next to the target"),
    ),
    TLEILAXU: (
        Ability("Axolotl Tanks", "after the roll, name a symbol: its dice recruit for you; "
                                 "anyone may ally with you"),
        Ability("Face Dancers", "at a battle's start, turn enemy 1-value troops into yours "
                                "(one per unused die of their symbol, or per spice in the variant)"),
        Ability("Gholas", "any time in your turn, 1 spice brings your leader back"),
    ),
    CORRINO: (
        Ability("Salusa Secundus", "recruit 1 Sardaukar (fights as 2) instead of 2 troops"),
        Ability("CHOAM", "each unspent spice of your die stores 2 (at most 5); give it to your ally"),
    ),
    GUILD: (
        Ability("Transport Monopoly", "1 spice to your store (at most 5) each turn another lands off the Polar Sink"),
        Ability("Opportunism", "you win if nobody has after 6 rounds"),
        Ability("Evacuation", "storm losses and idle troops of a lost battle go to your card"),
    ),
    BENE_GESSERIT: (
        Ability("Ultimate Plan", "predict a faction in secret: if it wins alone, you win instead"),
        Ability("The Voice", "your alliance cannot be refused; land in your ally's regions without consent"),
        Ability("Prana-bindu", "your troops are immune to Poison"),
    ),
    SMUGGLERS: (
        Ability("Mercenaries", "no recruiting: land from reserve, 2 spice to the Polar Sink, 1 elsewhere; "
                               "leader 2 spice; anyone may ally with you"),
        Ability("Rats Flee", "moving, target any empty region instead of the region die's"),
    ),
}
