"""`grail-tui bench mutation`: how many planted mistakes the tests of an engine, or of the
table's ordering of answers, catch, as JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import CommandError, positive


def register(sub: Any) -> None:
    # The benchmark joins the `bench` group that cli/bench.py made (registered before this module).
    bench = sub.choices["bench"]
    group = next(a for a in bench._actions if isinstance(a, argparse._SubParsersAction))
    bm = group.add_parser(
        "mutation", help="mutation score of an engine's or the table's tests (slow)",
        description="Plant small mistakes in a game's engine or in the table, one at a time "
                    "(mutmut), run their tests against each, and print the score and every mutant "
                    "that survived as JSON. Run from a checkout; it takes minutes.")
    bm.add_argument("--target", "--game", dest="target", default="hunt",
                    help="what to mutate, as set up in pyproject.toml: a game's engine (hunt, "
                         "succession) or the table's ordering of answers (table); default hunt")
    bm.add_argument("--jobs", type=positive, default=1, help="test processes at once (default 1)")
    bm.add_argument("--only", action="append", default=[], metavar="PATTERN",
                    help="rerun only the mutants whose names match (repeatable; e.g. "
                         "'grail_tui.games.hunt.engine.carry.*'); the others keep their last result "
                         "(default: rerun them all)")
    bm.add_argument("--report-only", action="store_true",
                    help="do not run: report the results of the last run in mutants/")
    bm.add_argument("--min-score", type=float, default=None,
                    help="exit with status 1 if the score is below this, from 0 to 1 (default: no minimum)")
    bm.add_argument("--json", action="store_true", help="JSON output (the default)")
    bm.set_defaults(handler=run_mutation)


def run_mutation(args: argparse.Namespace) -> int:
    from grail_tui.bench.mutation import MutationError, run

    try:
        report = run(args.target, jobs=args.jobs, fresh=not args.report_only, only=tuple(args.only))
    except MutationError as exc:
        raise CommandError(str(exc)) from None
    print(json.dumps(report, indent=1))
    score = report["score"]
    if args.min_score is not None and (score is None or score < args.min_score):
        return 1
    return 0
