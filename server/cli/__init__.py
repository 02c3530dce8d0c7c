"""The `traveller` command: thin argument parsing over the library.

Each group of commands is a module of its own, with each command's arguments (`add_NAME`) right
above the function that runs them (`cmd_NAME`, set as the parser's `func`); this module puts
them together in one parser, in the order `traveller --help` lists them, and runs one.

Serving commands patch gevent in before anything else is imported (the design's rule: never on
importing `server`, so tests and tools run in threading mode): the command modules import only
the standard library at their top. Bad input exits with status 1 and one line on stderr;
`--json` outputs are documented in the manual (docs/reference/json.md).
"""

from __future__ import annotations

import argparse
import os
import sys

from . import competition, event, results, serving, tools
from .common import CliError

__all__ = ["COMMANDS", "CliError", "build_parser", "main"]

COMMANDS = (
    serving.add_demo, event.add_new, serving.add_serve, serving.add_cert,
    event.add_backup, event.add_restore, event.add_check, event.add_tables,
    tools.add_movement, tools.add_rescore, results.add_export, event.add_deals,
    event.add_players, tools.add_vp, competition.add_simulate, competition.add_robots,
    competition.add_standings, competition.add_join, results.add_print,
    competition.add_venue, competition.add_exchange, results.add_publish,
)
"""Each command's parser, in the order `traveller --help` lists them."""

GROUPS = (event, serving, results, competition, tools)
"""The modules of the commands, one per group."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="traveller", description="Duplicate bridge scoring.")
    sub = parser.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in serving.SERVING:
        from gevent import config, monkey

        # Every socket event runs in a greenlet of its own: gevent's record of who spawned it
        # (a copy of the spawning stack, for debugging) made a third of the objects the
        # garbage collector walked while serving, and is of no use to a venue.
        config.track_greenlet_tree = False
        monkey.patch_all()
    try:
        result: int = args.func(args)
        if args.command in serving.SERVING and result == 0:
            # The server returns only when stopped (Ctrl-C): one line, no traceback.
            print("traveller: stopped; the event file is saved", file=sys.stderr)
        return result
    except CliError as exc:
        print(f"traveller: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (`| head`) has gone: stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    except Exception as exc:
        # A fault of ours: one line all the same (TRAVELLER_DEBUG=1 shows the traceback).
        if os.environ.get("TRAVELLER_DEBUG"):
            raise
        print(f"traveller: {args.command} failed: {type(exc).__name__}: {exc} (a fault of "
              "Traveller's, not of the input; TRAVELLER_DEBUG=1 shows where)", file=sys.stderr)
        return 1
