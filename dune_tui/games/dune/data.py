"""What is data in Dune: The Dice Game: the map, the dice, the factions.

Everything here is a constant; the rules modules read it and never change it.
Numbers are small ints so that a state copies fast; names are for people.
"""

from __future__ import annotations

# ---------------------------------------------------------------- factions
# Faction ids follow the setup order printed on the cards, (1)...(8) (R12).
ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, GUILD, BENE_GESSERIT, SMUGGLERS = range(8)
FACTIONS = tuple(range(8))
FACTION_NAMES = (
    "Atreides",
    "Harkonnen",
    "Fremen",
    "Bene Tleilax",
    "Corrino",
    "Spacing Guild",
    "Bene Gesserit",
    "Smugglers",
)
FACTION_KEYS = ("atreides", "harkonnen", "fremen", "tleilaxu", "corrino", "guild", "bg", "smugglers")
FACTION_LETTERS = ("A", "H", "F", "T", "C", "G", "B", "S")

# Bene Gesserit needs 5+ players, Tleilaxu and Smugglers 6+ (R12).
MIN_PLAYERS = (2, 2, 2, 6, 2, 2, 5, 6)

LEADER_NAMES = (
    "Leto",  # and Duncan Idaho, the second Atreides leader
    "Baron Vladimir",
    "Liet Kynes",
    "Scytale",
    "Emperor Shaddam IV",
    "Edric",
    "Reverend Mother Mohiam",
    "Esmar Tuek",
)
# Leader tokens per faction; the Atreides have two (Duncan Idaho).
LEADER_COUNT = (2, 1, 1, 1, 1, 1, 1, 1)
# Strength of one leader; the Atreides pair fights at 5 together (3+2).
LEADER_STRENGTH = (3, 4, 3, 2, 3, 2, 3, 3)
ATREIDES_BOTH_LEADERS = 5


def leader_names(faction: int, count: int = 1) -> str:
    """ "Leto and Duncan Idaho" for the two Atreides leaders, else the faction's leader by name."""
    return "Leto and Duncan Idaho" if count == 2 else LEADER_NAMES[faction]

# --------------------------------------------------------------- unit types
# A unit type is one kind of troop cube: the eight factions' own troops, and
# Corrino's Sardaukar as a ninth.  Fremen troops (all "large") and Sardaukar
# fight as two troops; everything else as one.
SARDAUKAR = 8
UNITS = tuple(range(9))
UNIT_OWNER = (0, 1, 2, 3, 4, 5, 6, 7, CORRINO)
UNIT_STRENGTH = (1, 1, 2, 1, 1, 1, 1, 1, 2)
UNIT_NAMES = (*FACTION_NAMES, "Sardaukar")
UNIT_A = tuple(("an " if name[0] in "AEIOU" else "a ") + name for name in UNIT_NAMES)  # "an Atreides"
# Troop cubes in the box: 12 each, Fremen 8 large, Corrino 8 regular + 4 Sardaukar.
UNIT_TOTAL = (12, 12, 8, 12, 8, 12, 12, 12, 4)
# The unit types a faction owns, regular first.
FACTION_UNITS = tuple(tuple(u for u in UNITS if UNIT_OWNER[u] == f) for f in FACTIONS)

# ------------------------------------------------------------------- the map
# R1: nine ring regions (each borders the next, the last the first), then the
# Polar Sink in the centre, bordering all nine.
CIELAGO_PLAIN, HABBANYA_SIETCH, GREAT_FLAT, SIETCH_TABR, BROKEN_LAND = range(5)
CARTHAG, ARRAKEEN, MINOR_ERG, TUEKS_SIETCH, POLAR_SINK = range(5, 10)
LOCATIONS = tuple(range(10))
RING = tuple(range(9))
REGION_NAMES = (
    "Cielago Plain",
    "Habbanya Sietch",
    "Great Flat",
    "Sietch Tabr",
    "Broken Land",
    "Carthag",
    "Arrakeen",
    "Minor Erg",
    "Tuek's Sietch",
    "Polar Sink",
)
REGION_SHORT = (
    "Cielago", "Habbanya", "GreatFlat", "Tabr", "Broken", "Carthag", "Arrakeen", "MinorErg", "Tuek's", "PolarSink",
)
# Zone (1-6) of each region; the Polar Sink is zone 0, never under storm.
ZONE = (1, 2, 2, 3, 4, 4, 5, 6, 6, 0)
ZONE_REGIONS = {z: tuple(r for r in RING if ZONE[r] == z) for z in range(1, 7)}
STRATEGIC = frozenset({HABBANYA_SIETCH, SIETCH_TABR, CARTHAG, ARRAKEEN, TUEKS_SIETCH})
STRATEGIC_ORDER = (HABBANYA_SIETCH, SIETCH_TABR, CARTHAG, ARRAKEEN, TUEKS_SIETCH)
NON_STRATEGIC = (CIELAGO_PLAIN, GREAT_FLAT, BROKEN_LAND, MINOR_ERG)
DESERT = frozenset({CIELAGO_PLAIN, HABBANYA_SIETCH, GREAT_FLAT, SIETCH_TABR, BROKEN_LAND})


def _adjacent(loc: int) -> frozenset[int]:
    if loc == POLAR_SINK:
        return frozenset(RING)
    return frozenset({(loc - 1) % 9, (loc + 1) % 9, POLAR_SINK})


ADJACENT = tuple(_adjacent(loc) for loc in LOCATIONS)

# ------------------------------------------------------------- constructions
NO_CONSTRUCTION, FORTIFICATION, HARVESTER, ORNITHOPTER = range(4)
CONSTRUCTION_NAMES = ("none", "Fortification", "Harvester", "Ornithopter")
CONSTRUCTION_A = ("nothing", "a Fortification", "a Harvester", "an Ornithopter")
CONSTRUCTION_KINDS = (FORTIFICATION, HARVESTER, ORNITHOPTER)
CONSTRUCTION_TOTAL = 2  # two markers of each kind

THUMPER_TOTAL = 4
STORE_MAX = 5  # Corrino's and the Guild's stored spice

# ---------------------------------------------------------------------- dice
# Dice positions in the tray: four faction dice, then region, spice, Kanly.
FACTION_DICE = (0, 1, 2, 3)
REGION_DIE, SPICE_DIE, KANLY_DIE = 4, 5, 6
N_DICE = 7
ALL_DICE_MASK = (1 << N_DICE) - 1
DIE_NAMES = ("faction", "faction", "faction", "faction", "region", "spice", "Kanly")

# Faction die faces, in the order the rulebook pictures them: each face is
# stored as the faction id whose symbol it shows.
FACTION_FACES = (ATREIDES, CORRINO, HARKONNEN, GUILD, BENE_GESSERIT, FREMEN)
# Factions with a symbol on the faction dice (Tleilaxu and Smugglers have none).
HAS_SYMBOL = frozenset(FACTION_FACES)

# Region die: face N selects zone N.  R2: faces 2 and 5 are West, the rest East.
REGION_FACES = (1, 2, 3, 4, 5, 6)
WEST_FACES = frozenset({2, 5})

# Spice die: 1-5 spice, or Shai-Hulud (stored as 0).  3, 4, 5 carry a storm.
WORM = 0
SPICE_FACES = (1, 2, 3, 4, 5, WORM)
STORM_FACES = frozenset({3, 4, 5})

# Kanly die.
POISON, CRYSKNIFE, HUNTER_SEEKER, SNOOPER, SHIELD, THUMPER = range(6)
KANLY_FACES = (POISON, CRYSKNIFE, HUNTER_SEEKER, SNOOPER, SHIELD, THUMPER)
KANLY_NAMES = ("Poison", "Crysknife", "Hunter-Seeker", "Snooper", "Shield", "Thumper")
ASSASSINS = frozenset({POISON, CRYSKNIFE, HUNTER_SEEKER})

# The faces of each die position, for rolling.
DIE_FACES = (FACTION_FACES,) * 4 + (REGION_FACES, SPICE_FACES, KANLY_FACES)


def face_name(die: int, face: int) -> str:
    """A die face as a person reads it."""
    if die in FACTION_DICE:
        return FACTION_NAMES[face]
    if die == REGION_DIE:
        return f"{face}{'W' if face in WEST_FACES else 'E'}"
    if die == SPICE_DIE:
        return "Shai-Hulud" if face == WORM else f"{face} spice"
    return KANLY_NAMES[face]


def storm_step(zone: int, region_face: int) -> int:
    """R2: the zone the storm moves to from `zone` by the region die's arrow."""
    if region_face in WEST_FACES:
        return zone % 6 + 1  # West: n -> n+1, 6 -> 1
    return (zone - 2) % 6 + 1  # East: n -> n-1, 1 -> 6
