"""Our rulings (H1-H21) where rules v1.06 and the rulings R1-R13 are silent; all are written out in docs/RULINGS.md.

Each is a constant or a one-line function used at exactly one place in the
rules, or a choice the code makes, and each is pinned by a test in
tests/engine/ whose name carries its number (test_h1_..., test_h15_...).
If you disagree with one, change it here.

H1  Recruitment uses every die it can: a player picks among the *maximal*
    mixes of troops, leaders and Sardaukar (an unused recruit die never helps,
    and this keeps the choice small).  Except the Tleilaxu on their own turn
    with the Face Dancers of the card: an unused die feeds the Face Dancers,
    so they may recruit fewer, or nothing (TLEILAXU_MAY_SPARE_DICE).
H2  Corrino recruiting as an ally may take Sardaukar too (Salusa Secundus is a
    faction ability, not an alliance one); never a leader (R6).
H3  When the storm kills one troop "of each faction" in a desert, the faction
    loses a regular troop before a Sardaukar.
H4  The Corrino gift (R11 CHOAM) is offered once, when the ally's landing
    phase starts (the harvest is counted then too, R3).
H5  Gholas (Tleilaxu, R5) are offered in the landing phase and before each
    battle: the moments a leader on the card matters.  Likewise the Smugglers
    hire Esmar Tuek (2 spice) in their landing phase.
H6  The active player, having let the ally land, does not land again: the ally
    lands with a spice budget the active player grants, then landing ends.
    The ally's consent to landings in its regions (R8) is asked once, when
    landing starts, for the whole step.
H7  A battle whose attackers all fell to the Fortification does not happen;
    nor does one whose defenders all became Face Dancers.
H8  The Bene Gesserit may predict any faction in play but themselves, and the
    Spacing Guild even when nobody plays it (its default win can be stolen).
H9  Only the active player can win alone at the end of its turn; if it does,
    no alliance win is declared (R11, "si une victoire en solitaire est possible").
H10 Building the same kind of construction that stands there is no choice:
    the options are another kind, demolish, or pass.
H11 A Honourable Duel happens when both sides committed at least one leader;
    it spares the Atreides' troops wherever they fight, and the active player's
    troops when the active player is allied with the Atreides (Hungarian text).
H12 Guild Evacuation spares the Guild's own troops on every turn, and the
    active player's when allied with the Guild (R10, R11).
H13 Face Dancers replace only troops of value 1, in both variants (R10).
H14 The movement target cannot be a region under storm (nothing could move in
    or be built there); the Polar Sink is always a target.
H15 Fremen Worm Riding makes only the active player's troops adjacent (the
    Fremen's on their own turn, the active player's when allied with them):
    R5, the ally never uses the active player's knot ability, and a knot
    ability serves the active player only.
H16 The Harkonnen set up in a non-strategic region the Atreides left empty:
    the Fremen card counts "2 to 4 regions" left for the Fremen.
H17 A partner's offered leader: the offer puts every leader on its card at the
    side's disposal (the Atreides offer Leto and Duncan Idaho together; the
    side fights with one, at 3, or both, at 5).  Offers are made openly, one
    partner at a time (the attacker's ally, then the co-defenders, most recent
    first), before the sealed commits.
H18 The defender is the enemy faction whose turn came most recently, counting
    back from the active player in turn order, in round 1 too (a faction that
    has not played yet counts as if it had); if the Face Dancers remove the
    defender's last troop, the most recent of the enemies left defends.
H19 Shai-Hulud may swallow a Harvester under the storm: the active player still
    controls it (storm regions still count as controlled, R11).
H20 Construction (R11 "with its ally"): the target is held when the troops there
    are all the active player's and its ally's, the ally's alone included (the
    Harvester rule counts the ally's troops as control too).
H21 Harkonnen Infiltration always applies when the Harkonnen (or the active
    player allied with them) attack a Fortification; the Hungarian "may ignore"
    is not offered as a choice (keeping the Fortification is never worse).
"""

from __future__ import annotations

from .data import ATREIDES, CORRINO, FREMEN, GUILD, SARDAUKAR

CORRINO_ALLY_MAY_RECRUIT_SARDAUKAR = True  # H2
STORM_VICTIM_ORDER = {CORRINO: (CORRINO, SARDAUKAR)}  # H3: regular first
TLEILAXU_MAY_SPARE_DICE = True  # H1
WORM_RIDING_ACTIVE_ONLY = True  # H15


def duel_spares(faction: int, active: int, ally: int) -> bool:
    """H11: whose lost troops an Honourable Duel sends to the faction card."""
    return faction == ATREIDES or (faction == active and ally == ATREIDES)


def evacuation_spares(faction: int, active: int, ally: int) -> bool:
    """H12: whose storm and uncommitted battle losses go to the faction card."""
    return faction == GUILD or (faction == active and ally == GUILD)


def storm_spares(faction: int) -> bool:
    """Fremen are not killed by the storm (Desert People)."""
    return faction == FREMEN
