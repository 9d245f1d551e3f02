"""Dune Express's tables: houses, territories, dice faces, tokens (the Czech rules, HERNÍ KOMPONENTY)."""

from __future__ import annotations

# Houses, in the order of the faces of a house die.
HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT, ATREIDES, GUILD = range(6)
HOUSE_KEYS = ("harkonnen", "fremen", "corrino", "bg", "atreides", "guild")
HOUSE_NAMES = ("Harkonnen", "Fremen", "Corrino", "Bene Gesserit", "Atreides", "Spacing Guild")
HOUSES = tuple(range(6))

# Units: a house's troops (0-5, the house's id) and the Corrino Sardaukar.
SARDAUKAR = 6
UNITS = tuple(range(7))
UNIT_OWNER = (0, 1, 2, 3, 4, 5, CORRINO)
UNIT_NAMES = (*HOUSE_NAMES, "Sardaukar")
UNIT_STRENGTH = (1, 1, 1, 1, 1, 1, 2)
TROOPS = 18  # each house's troops (X1: the supply is the 18 tokens)
SARDAUKAR_TROOPS = 8

# The board: a territory die face N is location N - 1.
LOCATIONS = tuple(range(6))
SIETCH_TABR, ARRAKEEN, CARTHAG, TUEKS_SIETCH, HABBANYA_SIETCH, POLAR_SINK = range(6)
LOCATION_NAMES = ("Sietch Tabr", "Arrakeen", "Carthag", "Tuek's Sietch", "Habbanya Sietch", "Polar Sink")
TERRITORIES = LOCATIONS[:POLAR_SINK]  # the five that can be held

# The dice, in the order of `State.dice`: four house dice, the spice die, the territory die, the traitor die;
# with the fortress modification an eighth, the tactical die (X29).
HOUSE_DICE = (0, 1, 2, 3)
SPICE_DIE, TERRITORY_DIE, TRAITOR_DIE, TACTICAL_DIE = 4, 5, 6, 7
N_DICE = 7  # the base game's
ALL_DICE = (1 << N_DICE) - 1
DIE_NAMES = ("house die 1", "house die 2", "house die 3", "house die 4", "spice die", "territory die", "traitor die",
             "tactical die")
FACES = 6  # every die has six faces
NO_FACE = -1  # a die the Atreides did not roll (Foresight)

# Spice die: faces 0-4 are 1-5 spice, face 5 is Shai-Hulud.
WORM = 5

# Traitor die faces; the Thumper modification's die has a Thumper where Truth Trance was.
POISON, CRYSKNIFE, HUNTER_SEEKER, SNOOPER_FACE, SHIELD_FACE, SIXTH_FACE = range(6)
KILLS = (POISON, CRYSKNIFE, HUNTER_SEEKER)
TRAITOR_NAMES = ("Poison", "Crysknife", "Hunter-Seeker", "Snooper", "Shield", "Truth Trance")
THUMPER_TRAITOR_NAMES = (*TRAITOR_NAMES[:5], "Thumper")

# The tactical die (Modifikace PEVNOSTI): Fortress, Atomic, Storm (2x), Assignment (2x).
FORTRESS_FACE, ATOMIC, STORM_FACES, ASSIGNMENT_FACES = 0, 1, (2, 3), (4, 5)
TACTICAL_NAMES = ("Fortress", "Atomic", "Storm", "Storm", "Assignment", "Assignment")
FORTRESSES = 5  # fortress tokens in the box
FORTRESS_TOLL = 2  # the strength an attacker first loses at a fortress's walls (X32)
NO_FORTRESS = -1

# Tokens: the three defences and the Thumper.
SNOOPER, SHIELD, TRUTH_TRANCE, THUMPER = range(4)
TOKEN_NAMES = ("Snooper", "Shield", "Truth Trance", "Thumper")
TOKEN_KEYS = ("snooper", "shield", "trance", "thumper")  # as `--variant` counts them: "snooper:2" (X28)
BOX_TOKENS = 6  # the box holds 6 of each kind (HERNÍ KOMPONENTY; Thumper: 6)
FACE_TOKEN = {SNOOPER_FACE: SNOOPER, SHIELD_FACE: SHIELD}  # the sixth face gives Truth Trance or Thumper
BLOCKED_BY = {POISON: SNOOPER, CRYSKNIFE: SHIELD, HUNTER_SEEKER: TRUTH_TRANCE}  # Thumper: nothing blocks Hunter-Seeker
HOLD_LIMIT = (1, 1, 1, 2)  # a player holds at most this many of each token (Thumper: two)
THUMPER_HOLD_TOTAL = 3  # X7: "the limit is still 3" tokens in all with the Thumper modification

# Territories to hold at the end of one's turn, by player count.
TERRITORIES_TO_WIN = {2: 4, 3: 3, 4: 3, 5: 3, 6: 3}

WORMRIDE_MAX = 5  # Fremen Wormriding
CORRINO_STORE_MAX = 5  # Corrino Financial Support
DEFAULT_ROUND_LIMIT = 20  # the Czech text's example limit (Shorter Game, Manipulation)
STOP_ROUND = 999  # X27: a game with no round limit stops after this round (the longest Shorter Game); nobody wins
