"""1. The dice roll (R4), Piter De Vries, and the Tleilaxu Axolotl Tanks (R13)."""

from dune_tui.games.dune.data import (
    ALL_DICE_MASK,
    ATREIDES,
    CORRINO,
    FREMEN,
    GUILD,
    HARKONNEN,
    HUNTER_SEEKER,
    KANLY_DIE,
    POISON,
    POLAR_SINK,
    SPICE_DIE,
    TLEILAXU,
    WORM,
)

from .scenario import act, deciding, legal, position, roll, rolling, start_at

SPICE = 1 << SPICE_DIE
WORM_DICE = (ATREIDES, ATREIDES, CORRINO, FREMEN, 3, WORM, HUNTER_SEEKER)


def test_r4_keep_at_least_one_die_after_each_roll():
    state = position((ATREIDES, HARKONNEN))
    rolling(state, (ATREIDES, ATREIDES, CORRINO, FREMEN, 3, 2, HUNTER_SEEKER))
    keeps = legal(state, ATREIDES)
    assert ("keep", 0) not in keeps and len(keeps) == 127  # every non-empty subset of the seven dice
    act(state, ATREIDES, ("keep", 0b0000011))
    assert state.kept == 0b0000011 and state.phase == "roll"
    assert len(legal(state, ATREIDES)) == 31  # the five rerolled dice


def test_r4_the_roll_ends_when_all_seven_dice_are_kept():
    state = position((ATREIDES, HARKONNEN))
    rolling(state, (ATREIDES, ATREIDES, CORRINO, FREMEN, 3, 2, HUNTER_SEEKER), kept=0b0111111)
    texts = act(state, ATREIDES, ("keep", 1 << KANLY_DIE))
    assert "Atreides keeps Hunter-Seeker." in texts
    assert state.kept == ALL_DICE_MASK and state.phase == "recruit"  # 2 players: no alliance step


def test_r4_shai_hulud_must_be_kept_and_alone_is_enough():
    state = position((ATREIDES, HARKONNEN))
    rolling(state, WORM_DICE)
    keeps = legal(state, ATREIDES)
    assert all(mask & SPICE for _, mask in keeps)
    assert ("keep", SPICE) in keeps  # no other die need be kept before the reroll
    assert len(keeps) == 64
    assert "Shai-Hulud! The spice die must be kept." in act(state, ATREIDES, ("keep", SPICE))


def test_r4_thumper_keeps_another_die_instead_of_the_worm():
    state = position((ATREIDES, HARKONNEN), thumpers=(ATREIDES,))
    rolling(state, WORM_DICE)
    thumps = [a for a in legal(state, ATREIDES) if a[0] == "thumper"]
    assert len(thumps) == 63 and all(not mask & SPICE and mask for _, mask in thumps)
    texts = act(state, ATREIDES, ("thumper", 0b0000001))
    assert texts[0] == "Atreides discards a Thumper: the Shai-Hulud is rerolled."
    assert not state.thumpers and state.kept == 0b0000001  # the worm was rerolled with the rest


def test_r4_no_thumper_when_the_worm_is_the_last_unkept_die():
    state = position((ATREIDES, HARKONNEN), thumpers=(ATREIDES,))
    rolling(state, WORM_DICE, kept=ALL_DICE_MASK & ~SPICE)
    assert legal(state, ATREIDES) == [("keep", SPICE)]


def test_r4_piter_de_vries_may_turn_the_kanly_die_to_poison():
    state = position((HARKONNEN, ATREIDES), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, kanly=HUNTER_SEEKER)
    start_at(state, "piter")
    assert deciding(state) == (HARKONNEN,) and legal(state, HARKONNEN) == [("poison",), ("pass",)]
    texts = act(state, HARKONNEN, ("poison",))
    assert texts[0] == "Piter De Vries turns the Kanly die to Poison."
    assert state.dice[KANLY_DIE] == POISON and state.phase == "kanly"


def test_r4_piter_is_not_asked_of_others_nor_when_poison_shows():
    state = position((HARKONNEN, ATREIDES))
    roll(state, kanly=POISON)
    start_at(state, "piter")
    assert state.phase != "piter"
    state = position((ATREIDES, HARKONNEN))
    roll(state, kanly=HUNTER_SEEKER)
    start_at(state, "piter")
    assert state.phase != "piter"


def test_r13_axolotl_tanks_name_a_symbol_shown_on_the_faction_dice():
    state = position((TLEILAXU, ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD))
    roll(state, (ATREIDES, ATREIDES, CORRINO, GUILD))
    start_at(state, "piter")
    assert deciding(state) == (TLEILAXU,) and state.phase == "axolotl"
    assert legal(state, TLEILAXU) == [("symbol", ATREIDES), ("symbol", CORRINO), ("symbol", GUILD)]
    texts = act(state, TLEILAXU, ("symbol", ATREIDES))
    assert texts[0] == "Axolotl Tanks: the Tleilaxu take the Atreides symbol as theirs this turn."
    act(state, TLEILAXU, ("no_alliance",))
    assert state.phase == "recruit" and max(a[1] + a[2] for a in legal(state, TLEILAXU)) == 2  # two Atreides dice
