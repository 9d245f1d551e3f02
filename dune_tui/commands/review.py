"""`dune-tui review SAVE [--seat N] [--json]`: step through a saved game with the search's judgement.

Without `--json` it opens the review screen (the UI is imported only then); with it, it prints the analysis
for scripts: every decision judged (seat, chance before and after, the option the search preferred) and the
marks.  A file that cannot be reviewed is one line on stderr and exit status 2."""

from __future__ import annotations

import sys

import msgspec

from ..review.analysis import Budget, marks
from ..review.cache import load_or_analyse
from ..review.steps import ReviewError, open_review
from ..saves.files import ENV, default_dir
from ..text import MESSAGE_LIMIT, printable
from .saves import pipe_closed_ok

DEFAULT = Budget()


def add_parser(sub) -> None:
    p = sub.add_parser("review", help="step through a saved game, its turning points marked",
                       description="Step through a saved game decision by decision (←/→; [ ] by turn, PgUp/PgDn "
                                   "by round), with each seat's chance of winning after every decision and the "
                                   "decisions that threw most away marked (n). The analysis is kept beside the "
                                   "save (<save>.review.json).")
    p.add_argument("game", metavar="PATH|NAME", help="a save file, or a save's name")
    p.add_argument("--seat", type=int, metavar="N",
                   help="review as seat N (1-based): an unfinished game shows only that seat's secrets "
                        "(default: the first human seat)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON instead of opening the screen")
    p.add_argument("--iters", type=int, default=DEFAULT.iters, metavar="N",
                   help=f"search iterations per decision (default {DEFAULT.iters}; the advisor, h, uses 700)")
    p.add_argument("--rollouts", type=int, default=DEFAULT.rollouts, metavar="N",
                   help=f"rollouts per option judged (default {DEFAULT.rollouts})")
    p.add_argument("--save-dir", metavar="DIR", help=f"where to look for a save by name (default: ${ENV} if set, "
                                                    f"else {default_dir()})")
    p.set_defaults(func=cmd_review)


def cmd_review(args) -> int:
    if not 1 <= args.iters <= 100_000 or not 1 <= args.rollouts <= 10_000:
        print("dune-tui: --iters must be 1 to 100000 and --rollouts 1 to 10000", file=sys.stderr)
        return 2
    try:
        review = open_review(args.game, args.save_dir, None if args.seat is None else args.seat - 1)
    except ReviewError as e:
        print(f"dune-tui: {printable(str(e), limit=MESSAGE_LIMIT)}", file=sys.stderr)
        return 2
    budget = Budget(iters=args.iters, rollouts=args.rollouts)
    if not args.json:
        from ..ui import run_review

        return run_review(review, budget)
    analysis = load_or_analyse(review, budget)
    with pipe_closed_ok():
        sys.stdout.buffer.write(msgspec.json.format(msgspec.json.encode(report(review, analysis))) + b"\n")
    return 0


def report(review, analysis) -> dict:
    """What `--json` prints: the game, the budget, every decision judged (1-based decisions and seats)."""
    def judged(j) -> dict:
        return {"decision": j.decision + 1, "seat": j.seat + 1, "side": j.side, "action": j.action,
                "before": round(j.before, 4), "after": round(j.after, 4), "best": j.best or j.action,
                "best_chance": round(j.best_chance, 4), "loss": round(j.loss, 4), "nobody": round(j.nobody, 4)}

    return {"save": str(review.path), "rules": review.rules.name, "decisions": review.last,
            "finished": review.over, "seat": None if analysis.seat is None else analysis.seat + 1,
            "budget": {"iters": analysis.budget.iters, "rollouts": analysis.budget.rollouts},
            "judged": [judged(j) for j in analysis.decisions],
            "marks": [j.decision + 1 for j in marks(analysis)]}
