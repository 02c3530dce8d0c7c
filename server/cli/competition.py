"""A competition stage after stage: `simulate` it from a preset, rehearse it with `robots`,
see its `standings`, `join` League II's runners-up to League I's barrage, and play it in
several venues (`venue`, `exchange`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .common import CliError, Subparsers, open_store


def add_simulate(sub: Subparsers) -> None:
    sim = sub.add_parser("simulate", help="play a whole competition with robots")
    sim.add_argument("preset", help="a preset of seeds/, e.g. seeds/pzbs-league-1.toml")
    sim.add_argument("--entries", type=int,
                     help="teams or pairs (default: the number the regulation fixes)")
    sim.add_argument("--seed", type=int, required=True, help="the same seed, the same output")
    sim.add_argument("--choices", help="a JSON file of choices of opponent, wild cards and "
                     "joining entries, by stage (docs/reference/cli.md)")
    sim.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    sim.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..competition import simulate
    from ..competition.report import to_json, to_text
    from ..formats import PresetError, load_preset
    from ..formats.competition import CompetitionError
    from ..movements import MovementError

    choices = None
    if args.choices:
        try:
            choices = json.loads(Path(args.choices).read_text(encoding="utf-8"))
        except OSError as exc:
            raise CliError(f"cannot read {args.choices!r}: {exc.strerror}") from None
        except ValueError as exc:
            raise CliError(f"{args.choices}: not valid JSON: {exc}") from None
    if args.entries is not None and args.entries < 1:
        raise CliError(f"--entries must be at least 1, not {args.entries}")
    try:
        preset = load_preset(args.preset)
        result = simulate(preset, seed=args.seed, entries=args.entries, choices=choices,
                          source=args.preset)
    except (PresetError, CompetitionError, MovementError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(to_json(result), ensure_ascii=False, indent=1))
    else:
        print(to_text(result), end="")
    return 0


def _competition_file(path: str) -> Any:
    from ..stages.inputs import is_competition

    if not Path(path).exists():
        raise CliError(f"no event file {path!r}")
    store = open_store(path)
    if not is_competition(store):
        store.close()
        raise CliError(f"{path} is not a competition (made from a preset with [[stage]]s)")
    return store


def add_robots(sub: Subparsers) -> None:
    rob = sub.add_parser("robots", help="rehearse a competition: robots enter every result in "
                         "play, and the robot director advances (no server)")
    rob.add_argument("db")
    rob.add_argument("--seed", type=int, default=1,
                     help="the robots' seed: the same seed plays as `simulate --seed` does")
    how = rob.add_mutually_exclusive_group()
    how.add_argument("--advance", type=int, default=0, metavar="N",
                     help="then take the default decisions and advance N times, stopping with "
                     "the new matches or session in play")
    how.add_argument("--to-the-end", action="store_true",
                     help="advance and play until the final places are known")
    rob.add_argument("--quiet", action="store_true", help="print only the last line")
    rob.set_defaults(func=cmd_robots)


def cmd_robots(args: argparse.Namespace) -> int:
    import time

    from ..errors import TravellerError
    from ..formats.competition import CompetitionError
    from ..stages.rehearsal import rehearse

    if args.advance < 0:
        raise CliError(f"--advance must be 0 or more, not {args.advance}")
    store = _competition_file(args.db)
    say = (lambda _line: None) if args.quiet else (lambda line: print(line, flush=True))
    try:
        done = rehearse(store, args.seed, lambda: int(time.time() * 1000),
                        advances=args.advance, to_the_end=args.to_the_end, progress=say)
    except (TravellerError, CompetitionError) as exc:
        raise CliError(getattr(exc, "error", str(exc))) from None
    finally:
        store.close()
    where = ("the final places are known" if done.complete else
             "new matches or sessions are in play" if done.advances and not args.to_the_end
             else "waiting for the director")
    print(f"robots entered {done.results} results; {len(done.advances)} advances, "
          f"{done.decisions} decisions; {where}")
    return 0


def add_standings(sub: Subparsers) -> None:
    std = sub.add_parser("standings", help="a competition as it stands: every stage and the "
                         "final places")
    std.add_argument("db")
    std.add_argument("--json", action="store_true", help="simulate --json's schema, each "
                     "stage with its status")
    std.set_defaults(func=cmd_standings)


def cmd_standings(args: argparse.Namespace) -> int:
    import time

    from ..formats.competition import CompetitionError
    from ..stages.view import standings

    store = _competition_file(args.db)
    try:
        data, text = standings(store, int(time.time() * 1000))
    except CompetitionError as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        print(text, end="")
    return 0


def add_join(sub: Subparsers) -> None:
    joi = sub.add_parser("join", help="D4.7: League I's barrage takes League II's runners-up, "
                         "with their players, from League II's event file (read only)")
    joi.add_argument("db", help="the competition they join (League I)")
    joi.add_argument("source", help="the event file of the competition they come from "
                     "(League II); never written")
    joi.add_argument("--why", default="", help="why, for the audit (default: where they come "
                     "from)")
    joi.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    joi.set_defaults(func=cmd_join)


def cmd_join(args: argparse.Namespace) -> int:
    import time

    from ..errors import TravellerError
    from ..stages.league_join import summary, take

    store = _competition_file(args.db)
    try:
        outcome = take(store, args.source, int(time.time() * 1000), "cli", args.why)
    except TravellerError as exc:
        raise CliError(exc.error) from None
    finally:
        store.close()
    body = {k: v for k, v in outcome.body.items() if k != "ok"}
    if args.json:
        print(json.dumps(body, ensure_ascii=False, indent=1))
    else:
        print("\n".join(summary(body)))
    return 0


def add_venue(sub: Subparsers) -> None:
    ven = sub.add_parser("venue", help="a venue's file of a competition played in several "
                         "venues (D5.1): its group's tables only")
    ven.add_argument("db", help="the competition's event file")
    ven.add_argument("--group", required=True, help="the group this venue plays, e.g. NW")
    ven.add_argument("--out", required=True, metavar="VENUE.db", help="the venue's new file")
    ven.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    ven.set_defaults(func=cmd_venue)


def cmd_venue(args: argparse.Namespace) -> int:
    from ..errors import TravellerError
    from ..exchange.venue import make_venue

    if not Path(args.db).is_file():
        raise CliError(f"no event file at {args.db!r}")
    try:
        made = make_venue(Path(args.db), args.group, Path(args.out))
    except TravellerError as exc:
        raise CliError(exc.error) from None
    if args.json:
        print(json.dumps({"venue": str(made.path), "group": made.group,
                          "competition": made.competition,
                          "tables": [{"section": s, "table": n} for s, n in made.tables]},
                         ensure_ascii=False))
    else:
        rooms = ", ".join(f"{s}{n}" for s, n in made.tables)
        print(f"made {made.path}: group {made.group}, its tables in play {rooms or 'none'}")
        print(f"session key: {made.path}.key (keep it beside the venue's file)")
    return 0


def add_exchange(sub: Subparsers) -> None:
    xch = sub.add_parser("exchange", help="send this venue's results to a location and take "
                         "in the other venues'")
    xch.add_argument("db", help="a venue's file, or the competition's file (it takes in only)")
    xch.add_argument("location", help="a folder (a USB stick) or a URL: file://, ftp://, "
                     "sftp://, webdav://, webdavs://, s3://")
    xch.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    xch.set_defaults(func=cmd_exchange)


def cmd_exchange(args: argparse.Namespace) -> int:
    from ..errors import TravellerError
    from ..exchange.run import exchange
    from ..remote import RemoteError

    if not Path(args.db).is_file():
        raise CliError(f"no event file at {args.db!r}")
    store = open_store(args.db)
    try:
        done = exchange(store, args.location, event=Path(args.db))
    except TravellerError as exc:
        raise CliError(exc.error) from None
    except RemoteError as exc:
        raise CliError(f"{exc} (nothing is lost: what this venue played goes out next "
                       "time)") from None
    finally:
        store.close()
    if args.json:
        print(json.dumps(done.json(), ensure_ascii=False))
    else:
        got = ", ".join(f"{v}: {n}" for v, n in sorted(done.received.items())) or "nothing"
        print(f"exchanged with {done.location}: sent {done.sent} records in "
              f"{done.bundles_sent} bundles; took in {got}")
        for wait in done.waiting:
            print(f"  waiting: {wait['file']}: {wait['why']}")
    for refused in done.refused:
        print(f"traveller: refused {refused['file']}: {refused['why']}", file=sys.stderr)
    return 1 if done.refused else 0
