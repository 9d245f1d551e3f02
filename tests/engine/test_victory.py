"""10. End of turn and of the game (R11, H8, H9): solo and alliance wins, the Guild, the prediction."""

from dune_tui.games.dune import returns
from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    FREMEN,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    POLAR_SINK,
    SIETCH_TABR,
    TUEKS_SIETCH,
)

from .scenario import finish_turn, position, roll, start_at

FIVE = (ATREIDES, HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT)


def end_of_turn(factions, *, ally=None, **kw):
    """`factions[0]` (or `active`) at the end of its turn (no storm); the events' texts."""
    state = position(factions, **kw)
    roll(state, spice=1)
    if ally is not None:
        state.ally = ally
    return state, start_at(state, "storm")


def test_r11_alone_in_three_strategic_regions_at_the_end_of_the_turn_wins():
    state, texts = end_of_turn(FIVE[:4], troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}, ARRAKEEN: {HARKONNEN: 1}})
    assert state.over and state.result.winners == (ATREIDES,) and state.result.reason == "solo"
    assert texts[-1] == "The Atreides win alone."
    assert returns(state) == [1.0, 0.0, 0.0, 0.0]
    assert state.awaiting == () and state.phase == "over"


def test_r11_a_shared_region_does_not_count_for_a_solo_win_not_even_with_the_ally():
    state, _ = end_of_turn(FIVE[:4], ally=HARKONNEN, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1, HARKONNEN: 1}})
    assert not state.over


def test_r11_two_players_need_four_strategic_regions():
    state, _ = end_of_turn((ATREIDES, HARKONNEN), troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}})
    assert not state.over
    state, _ = end_of_turn((ATREIDES, HARKONNEN), troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}, ARRAKEEN: {ATREIDES: 1}})
    assert state.result.winners == (ATREIDES,)


def test_r11_regions_under_the_storm_still_count():
    state, _ = end_of_turn(FIVE[:4], storm=4, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}})
    assert state.result.winners == (ATREIDES,)


def test_r11_the_polar_sink_and_non_strategic_regions_never_count():
    state, _ = end_of_turn(FIVE[:4], troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, POLAR_SINK: {ATREIDES: 1}})
    assert not state.over


def test_h9_only_the_active_player_wins_alone_at_the_end_of_its_turn():
    state, _ = end_of_turn(FIVE[:4], troops={
        HABBANYA_SIETCH: {HARKONNEN: 1}, SIETCH_TABR: {HARKONNEN: 1}, CARTHAG: {HARKONNEN: 1}})
    assert not state.over and state.active_faction == HARKONNEN


def test_h9_a_solo_win_comes_before_an_alliance_win():
    state, _ = end_of_turn(FIVE[:4], ally=HARKONNEN, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}, ARRAKEEN: {HARKONNEN: 1}})
    assert state.result.winners == (ATREIDES,) and state.result.reason == "solo"


def test_h9_the_ally_alone_in_three_does_not_block_the_alliance_win():
    state, _ = end_of_turn(FIVE[:4], ally=HARKONNEN, troops={
        HABBANYA_SIETCH: {HARKONNEN: 1}, SIETCH_TABR: {HARKONNEN: 1}, CARTHAG: {HARKONNEN: 1}, ARRAKEEN: {ATREIDES: 1}})
    assert state.result.winners == (ATREIDES, HARKONNEN) and state.result.reason == "alliance"


def test_r11_an_alliance_wins_in_four_even_sharing_the_fifth_with_a_third_faction():
    """R11: "together in 4 strategic regions, none shared with a third faction".  The French reads
    "neither ally may share a strategic region with a third player"; R11 limits it to the four."""
    state, _ = end_of_turn(FIVE[:4], ally=HARKONNEN, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {HARKONNEN: 1}, CARTHAG: {ATREIDES: 1, HARKONNEN: 1},
        ARRAKEEN: {ATREIDES: 1}, TUEKS_SIETCH: {HARKONNEN: 1, FREMEN: 1}})
    assert state.result.winners == (ATREIDES, HARKONNEN)


def test_r11_the_bene_gesserit_prediction_steals_a_solo_win():
    state, texts = end_of_turn(FIVE, prediction=ATREIDES, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}})
    assert state.result.winners == (BENE_GESSERIT,) and state.result.stolen_from == ATREIDES
    assert texts[-1] == ("The Atreides hold enough strategic regions, but the Bene Gesserit predicted it: "
                         "the Bene Gesserit win.")
    assert returns(state) == [0.0, 0.0, 0.0, 0.0, 1.0]


def test_r11_the_prediction_does_not_steal_an_alliance_win():
    state, _ = end_of_turn(FIVE, ally=HARKONNEN, prediction=ATREIDES, troops={
        HABBANYA_SIETCH: {ATREIDES: 1}, SIETCH_TABR: {HARKONNEN: 1}, CARTHAG: {ATREIDES: 1, HARKONNEN: 1},
        ARRAKEEN: {HARKONNEN: 1}})
    assert state.result.winners == (ATREIDES, HARKONNEN)


def test_r11_the_guild_wins_when_nobody_has_after_the_sixth_round():
    state, texts = end_of_turn((ATREIDES, GUILD), active=GUILD, round=6)
    assert state.result.winners == (GUILD,) and state.result.reason == "guild_default"
    assert texts[-1] == "Nobody won in six rounds: the Spacing Guild wins."


def test_r11_the_game_goes_on_until_the_last_player_of_round_six():
    state, _ = end_of_turn((ATREIDES, GUILD), active=ATREIDES, round=6)
    assert not state.over and state.active_faction == GUILD and state.round == 6


def test_r11_everyone_loses_after_six_rounds_without_the_guild():
    state, texts = end_of_turn((ATREIDES, HARKONNEN), active=HARKONNEN, round=6)
    assert state.result.winners == () and state.result.reason == "nobody"
    assert texts[-1] == "Nobody won in six rounds and nobody plays the Guild: everyone loses."
    assert returns(state) == [0.0, 0.0]


def test_h8_the_bene_gesserit_predicting_the_guild_win_its_default_win_even_unplayed():
    state, texts = end_of_turn(FIVE, active=BENE_GESSERIT, round=6, prediction=GUILD)
    assert state.result.winners == (BENE_GESSERIT,) and state.result.stolen_from == GUILD
    assert texts[-1] == "Nobody won in six rounds; the Bene Gesserit predicted the Guild and win instead."


def test_r11_the_round_advances_when_the_dice_come_back_to_the_first_player():
    state, texts = end_of_turn(FIVE[:4], active=CORRINO, round=2)
    assert state.round == 3 and state.active_faction == ATREIDES
    assert "Round 3 begins." in texts and "Round 3: Atreides to play." in texts
    finish_turn(state, ATREIDES)
    assert state.round == 3 and state.active_faction == HARKONNEN
