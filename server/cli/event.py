"""The event file's commands: make it (`new`), fill it (`players`, `deals`), list its tables'
terminals (`tables`), and keep it safe (`check`, `backup`, `restore`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .common import CliError, Subparsers, open_store


def add_new(sub: Subparsers) -> None:
    new = sub.add_parser("new", help="create an event file from a preset")
    new.add_argument("db")
    new.add_argument("--preset", required=True)
    new.add_argument("--tables", type=int)
    new.add_argument("--boards-per-round", type=int)
    new.add_argument("--entries", type=int, help="a competition preset: its teams or pairs "
                     "(default: the number the regulation fixes)")
    new.add_argument("--name")
    new.add_argument("--password", help="director password, at least 8 characters (default: a "
                     "new random one)")
    new.add_argument("--base-url", help="address the table cards point to (default: this "
                     "machine's LAN address, port 5000)")
    new.set_defaults(func=cmd_new)


def cmd_new(args: argparse.Namespace) -> int:
    from ..app import lan_address
    from ..event.access import MIN_PASSWORD
    from ..event.create import create_event, new_password
    from ..event.keys import make_key_file
    from ..formats import PresetError, load_preset
    from ..movements import MovementError
    from ..store import StoreError

    if args.password is not None and len(args.password) < MIN_PASSWORD:
        # The console's rule: the same password is typed at its login.
        raise CliError(f"--password needs at least {MIN_PASSWORD} characters")
    password = args.password or new_password()
    base_url = args.base_url or f"http://{lan_address()}:5000"
    try:
        preset = load_preset(args.preset)
        if preset.competition is not None:
            from ..stages.create import create_competition

            store = create_competition(
                args.db, Path(args.preset).read_text(encoding="utf-8"), entries=args.entries,
                password=password, base_url=base_url, name=args.name, origin=args.preset)
        else:
            if args.entries is not None:
                raise CliError("--entries is for a competition preset; a preset of one "
                               "session takes --tables")
            store = create_event(
                args.db, preset, password=password, base_url=base_url, name=args.name,
                tables=args.tables, boards_per_round=args.boards_per_round,
            )
    except (PresetError, MovementError, StoreError) as exc:
        raise CliError(str(exc)) from None
    # The key that signs director sessions: beside the file, never in it (a competition's
    # file is made by its own use case, so the key is made here for both).
    key = make_key_file(args.db)
    n = len(store.tables())
    rounds = (store.setting("movement", {}) or {}).get("rounds")
    store.close()
    print(f"created {args.db}: {n} tables" + (f", rounds 1-{rounds} in play"
                                              if preset.competition is not None else ""))
    print(f"session key: {key} (keep it beside the event file; copies sent out need not "
          "carry it)")
    if not args.password:
        print(f"director password: {password}")
    return 0


def add_tables(sub: Subparsers) -> None:
    tables = sub.add_parser("tables", help="list the tables with their terminal URLs")
    tables.add_argument("db")
    tables.add_argument("--json", action="store_true")
    tables.set_defaults(func=cmd_tables)


def cmd_tables(args: argparse.Namespace) -> int:
    from ..table.terminals import table_list

    store = open_store(args.db)
    rows = table_list(store)
    store.close()
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['section']}{row['table']:<4} {row['url']}")
            if "ew_url" in row:
                print(f"{'':<5} East-West: {row['ew_url']}")
    return 0


def add_players(sub: Subparsers) -> None:
    ply = sub.add_parser("players", help="import the players register (D2.1, K4.4) from a "
                         "CSV file: all its lines or none")
    ply.add_argument("db")
    ply.add_argument("csv", metavar="FILE.csv",
                     help="UTF-8 CSV with a header id,name,gender[,club] (commas or semicolons)")
    ply.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    ply.set_defaults(func=cmd_players)


def cmd_players(args: argparse.Namespace) -> int:
    from ..event.players import PlayersError, import_csv

    path = Path(args.csv)
    try:
        # The console's upload is decoded the same way (a spreadsheet's BOM dropped).
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise CliError(f"cannot read {args.csv!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path.name} is not UTF-8 text: save it as CSV UTF-8") from None
    store = open_store(args.db)
    try:
        counts = import_csv(store, text, actor="cli", filename=path.name)
    except PlayersError as exc:
        # One line that says it all, then every other problem on a line of its own.
        first, *more = exc.problems
        also = f" (and {len(more)} more below)" if more else ""
        print(f"traveller: nothing imported from {path.name}: {first}{also}", file=sys.stderr)
        for problem in more:
            print(f"traveller: {path.name}: {problem}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if args.json:
        print(json.dumps(counts))
    else:
        print(f"imported {counts['rows']} players from {path.name} into {args.db}: "
              f"{counts['added']} added, {counts['updated']} updated")
    return 0


def add_deals(sub: Subparsers) -> None:
    deals = sub.add_parser("deals", help="link a PBN file of hand records to the event's boards")
    deals.add_argument("db")
    deals.add_argument("pbn", metavar="DEALS.pbn",
                       help="the deals as a dealing machine or program writes them")
    deals.add_argument("--set", dest="deal_set", metavar="KEY",
                       help="a competition: the set of deals the file holds (e.g. final/s1), "
                       "its boards numbered 1-N as in the room (default: the one set the last "
                       "advance put in play)")
    deals.set_defaults(func=cmd_deals)


def cmd_deals(args: argparse.Namespace) -> int:
    from ..direction.setup import board_ranges, import_deals
    from ..errors import TravellerError
    from ..event.numbering import numbering

    path = Path(args.pbn)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {args.pbn!r}: {exc.strerror}") from None
    store = open_store(args.db)
    try:
        deals = import_deals(store, data, path.name, "cli", args.deal_set)
        room = numbering(store)
        played_in = room.played_in(deals[0].board) if deals else None
        numbers = sorted(room.number(d.board) for d in deals)
    except TravellerError as exc:
        raise CliError(exc.error) from None
    finally:
        store.close()
    sources = {d.analysis.source for d in deals if d.analysis is not None}
    analysed = sum(1 for d in deals if d.analysis is not None)
    if "endplay" in sources:
        how = "double-dummy tricks and par computed with endplay"
    elif sources:
        how = f"double-dummy analysis of {analysed} as the file gives it"
    else:
        how = "no double-dummy analysis (no endplay, none in the file)"
    count = f"{len(deals)} board" + ("" if len(deals) == 1 else "s")
    where = f" of {played_in.text()}" if played_in is not None else ""
    print(f"linked {count} ({board_ranges(numbers)}){where} to the hand records of "
          f"{path.name}; {how}")
    return 0


def add_check(sub: Subparsers) -> None:
    ck = sub.add_parser("check", help="say what is wrong with an event file, or that it is fine")
    ck.add_argument("db")
    ck.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    ck.set_defaults(func=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    from ..store.health import inspect

    report = inspect(args.db, thorough=True)
    if args.json:
        print(json.dumps(report.wire(), indent=2))
    elif report.ok:
        print(f"{args.db}: fine (integrity ok, schema {report.schema_version} of "
              f"{report.schema_known}, writable"
              + (f", key file {report.key_file}" if report.key_file else "") + ")")
    else:
        for problem in report.problems:
            print(f"{args.db}: {problem}", file=sys.stderr)
    return 0 if report.ok else 1


def add_backup(sub: Subparsers) -> None:
    bk = sub.add_parser("backup", help="one verified backup of an event now")
    bk.add_argument("db")
    bk.add_argument("dir", help="the backup folder (a USB stick)")
    bk.add_argument("--keep", type=int, default=12, help="backups kept there (default 12)")
    bk.set_defaults(func=cmd_backup)


def cmd_backup(args: argparse.Namespace) -> int:
    from ..store.backup import BackupError, backup

    if args.keep < 1:
        raise CliError(f"--keep must be at least 1, not {args.keep}")
    try:
        path = backup(args.db, args.dir, keep=args.keep)
    except BackupError as exc:
        raise CliError(str(exc)) from None
    print(path)
    return 0


def add_restore(sub: Subparsers) -> None:
    rs = sub.add_parser("restore", help="make an event file from a backup")
    rs.add_argument("backup", help="a backup file, or a backup folder (its newest backup)")
    rs.add_argument("db")
    rs.add_argument("--force", action="store_true", help="replace an existing event file")
    rs.set_defaults(func=cmd_restore)


def cmd_restore(args: argparse.Namespace) -> int:
    from ..store.backup import BackupError, restore

    try:
        source = restore(args.backup, args.db, force=args.force)
    except BackupError as exc:
        raise CliError(str(exc)) from None
    print(f"restored {args.db} from {source}")
    return 0
