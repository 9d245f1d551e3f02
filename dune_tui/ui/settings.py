"""What the player may set for a whole run of the app (not saved with a game)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PAUSES = (0.0, 0.25, 0.5, 1.0, 2.0)  # seconds between bot steps, `p` cycles them


@dataclass
class Settings:
    save_dir: Path | None = None  # None: the saves module's default directory
    pause: float = 0.5
    bots: str = "process"  # where bots think: "process" or "thread" (see bots.py)
    autosave: bool = True
    advisor: str = ""  # the agent spec that gives hints (an MctsAgent); "": ai.advice's own search

    def next_pause(self) -> float:
        later = [p for p in PAUSES if p > self.pause]
        self.pause = later[0] if later else PAUSES[0]
        return self.pause
