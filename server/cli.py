"""The `traveller` command: thin argument parsing over the library.

Serving commands patch gevent in before anything else is imported (the design's rule: never on
importing `server`, so tests and tools run in threading mode). Bad input exits with status 1
and one line on stderr; `--json` outputs are documented in the README.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from .errors import CliError

REPO = Path(__file__).resolve().parent.parent
SERVING = ("serve", "demo")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="traveller", description="Duplicate bridge scoring.")
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="build a demo event and serve it")
    demo.add_argument("--tables", type=int, default=None, help="tables (default: the preset's 7)")
    demo.add_argument("--robots", action="store_true", help="play every table but the first")
    demo.add_argument("--pace", type=float, default=20.0, help="robots' seconds per board")
    demo.add_argument("--speed", type=float, default=None,
                      help="a competition: robots play the preset's time a board this many "
                      "times faster (60: a minute a second)")
    demo.add_argument("--entries", type=int, default=None,
                      help="a competition: its teams or pairs (default: the regulation's)")
    demo.add_argument("--seed", type=int, default=1, help="a competition: the robots' seed")
    demo.add_argument("--host", default="0.0.0.0")
    demo.add_argument("--port", type=int, default=5000)
    demo.add_argument("--db", default=None,
                      help="the demo's event file (default: demo/demo.db, or demo/PRESET.db)")
    demo.add_argument("--preset", default=None,
                      help="another preset of seeds/, e.g. seeds/gabsi-teams.toml")
    demo.add_argument("--fresh", action="store_true", help="start the demo event again")
    demo.add_argument("--cards", default="demo/cards", help="folder for table-card previews")
    demo.add_argument("--no-qr", action="store_true", help="do not draw QR codes in the terminal")

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

    serve = sub.add_parser("serve", help="serve an event to the terminals and the director")
    serve.add_argument("db")
    serve.add_argument("--host", default="0.0.0.0")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument("--base-url", help="change the address the table cards point to")
    serve.add_argument("--seeds", default=str(REPO / "seeds"),
                       help="presets offered when EVENT.db does not exist yet and the director "
                       "creates it in the console (default: the repository's seeds/)")
    serve.add_argument("--backup", metavar="DIR",
                       help="back the event up to this folder (a USB stick) while serving: "
                       "at start, every --backup-every minutes and at the end of every round")
    serve.add_argument("--backup-every", type=float, default=5.0, metavar="MINUTES",
                       help="minutes between backups (default 5)")
    serve.add_argument("--cert", metavar="FILE",
                       help="serve https with this certificate (`traveller cert` makes one), "
                       "so phones keep the terminal through a reload offline")
    serve.add_argument("--key", metavar="FILE", help="the certificate's private key")
    serve.add_argument("--publish", metavar="LOCATION",
                       help="keep the results site current at this location while serving "
                       "(as `traveller publish`): a folder or ftp://, sftp://, webdav://, "
                       "webdavs://, s3://")
    serve.add_argument("--publish-every", type=float, default=60.0, metavar="SECONDS",
                       help="seconds at least between two publications (default 60)")
    serve.add_argument("--exchange", metavar="LOCATION",
                       help="a venue's file: exchange bundles with the other venues at this "
                       "location while serving (as `traveller exchange`)")
    serve.add_argument("--exchange-every", type=float, default=60.0, metavar="SECONDS",
                       help="seconds between two exchanges (default 60)")

    cert = sub.add_parser("cert", help="make a certificate to serve https at the venue")
    cert.add_argument("dir", help="the folder for the certificates (kept between events)")
    cert.add_argument("--host", action="append", default=None, metavar="ADDRESS",
                      help="an address or name the server is reached at (repeatable; "
                      "default: this machine's LAN address, localhost and 127.0.0.1)")
    cert.add_argument("--openssl", action="store_true",
                      help="use the openssl command even when Python's cryptography is there")

    bk = sub.add_parser("backup", help="one verified backup of an event now")
    bk.add_argument("db")
    bk.add_argument("dir", help="the backup folder (a USB stick)")
    bk.add_argument("--keep", type=int, default=12, help="backups kept there (default 12)")

    rs = sub.add_parser("restore", help="make an event file from a backup")
    rs.add_argument("backup", help="a backup file, or a backup folder (its newest backup)")
    rs.add_argument("db")
    rs.add_argument("--force", action="store_true", help="replace an existing event file")

    ck = sub.add_parser("check", help="say what is wrong with an event file, or that it is fine")
    ck.add_argument("db")
    ck.add_argument("--json", action="store_true", help="the JSON documented in the README")

    tables = sub.add_parser("tables", help="list the tables with their terminal URLs")
    tables.add_argument("db")
    tables.add_argument("--json", action="store_true")

    mv = sub.add_parser("movement", help="a movement, checked, as JSON")
    mv.add_argument("kind", help="mitchell, howell, barometer or roundrobin")
    mv.add_argument("--tables", type=int, required=True)
    mv.add_argument("--boards-per-round", type=int)
    mv.add_argument("--rounds", type=int)
    mv.add_argument("--json", action="store_true", help="print the movement (the default)")
    mv.add_argument("--check", action="store_true", help="print the properties verified")
    mv.add_argument("--even", choices=["skip", "relay"], help="even Mitchell: skip or relay")
    mv.add_argument("--arrow-switch", help="'last' or a round number")
    mv.add_argument("--half-table", choices=["sit-out", "phantom"])
    mv.add_argument("--sections", type=int)
    mv.add_argument("--teams", type=int, help="round robin: number of teams")
    mv.add_argument("--segments", type=int, help="round robin: segments per match")
    mv.add_argument("--double", action="store_true", help="round robin: double")

    rescore = sub.add_parser("rescore", help="score a PBN or USEBIO results file again")
    rescore.add_argument("file")
    rescore.add_argument("--json", action="store_true")
    rescore.add_argument("--method", choices=["mp", "butler", "cross-imps", "imps", "bam"],
                         help="score by this method (default: the file's, else mp; a teams "
                         "file: imps, cross-imps or bam, default the file's, else imps)")
    rescore.add_argument("--factoring", choices=["neuberg", "own-top"], default="neuberg",
                         help="a board played fewer times than the others (default: neuberg)")
    rescore.add_argument("--exact", action="store_true",
                         help="total exact figures (default: round each board's figures to "
                         "the decimals the file shows, as its program did)")
    rescore.add_argument("--vp-scale", help="teams: the VP scale of the matches (default: the "
                         "one that gives the file's own VPs, else wbf2013)")

    export = sub.add_parser("export", help="write an event's results as USEBIO, PBN or CSV")
    export.add_argument("db")
    export.add_argument("--format", required=True, choices=["usebio", "pbn", "csv", "html"])
    export.add_argument("--out", required=True,
                        help="the file to write (usebio, pbn), or the folder (csv, html)")

    deals = sub.add_parser("deals", help="link a PBN file of hand records to the event's boards")
    deals.add_argument("db")
    deals.add_argument("pbn", metavar="DEALS.pbn",
                       help="the deals as a dealing machine or program writes them")
    deals.add_argument("--set", dest="deal_set", metavar="KEY",
                       help="a competition: the set of deals the file holds (e.g. final/s1), "
                       "its boards numbered 1-N as in the room (default: the one set the last "
                       "advance put in play)")

    ply = sub.add_parser("players", help="import the players register (D2.1, K4.4) from a "
                         "CSV file: all its lines or none")
    ply.add_argument("db")
    ply.add_argument("csv", metavar="FILE.csv",
                     help="UTF-8 CSV with a header id,name,gender[,club] (commas or semicolons)")
    ply.add_argument("--json", action="store_true", help="the JSON documented in the README")

    vp = sub.add_parser("vp", help="convert an IMP margin to victory points")
    vp.add_argument("--scale", required=True,
                    help="wbf2013 (wbf, wbf20), acbl30 (30), wbf30, wbf25")
    vp.add_argument("--boards", type=int, required=True)
    vp.add_argument("--imps", type=float, required=True, help="the IMP margin, e.g. 17 or -4.5")
    vp.add_argument("--json", action="store_true")

    sim = sub.add_parser("simulate", help="play a whole competition with robots")
    sim.add_argument("preset", help="a preset of seeds/, e.g. seeds/pzbs-league-1.toml")
    sim.add_argument("--entries", type=int,
                     help="teams or pairs (default: the number the regulation fixes)")
    sim.add_argument("--seed", type=int, required=True, help="the same seed, the same output")
    sim.add_argument("--choices", help="a JSON file of choices of opponent, wild cards and "
                     "joining entries, by stage (see the README)")
    sim.add_argument("--json", action="store_true", help="the JSON documented in the README")

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

    std = sub.add_parser("standings", help="a competition as it stands: every stage and the "
                         "final places")
    std.add_argument("db")
    std.add_argument("--json", action="store_true", help="simulate --json's schema, each "
                     "stage with its status")

    joi = sub.add_parser("join", help="D4.7: League I's barrage takes League II's runners-up, "
                         "with their players, from League II's event file (read only)")
    joi.add_argument("db", help="the competition they join (League I)")
    joi.add_argument("source", help="the event file of the competition they come from "
                     "(League II); never written")
    joi.add_argument("--why", default="", help="why, for the audit (default: where they come "
                     "from)")
    joi.add_argument("--json", action="store_true", help="the JSON documented in the README")

    prn = sub.add_parser("print", help="print a document of an event")
    prn.add_argument("doc", metavar="DOC",
                     help="table-cards, round-slips, results (the standings) or guide-cards")
    prn.add_argument("db")
    prn.add_argument(
        "--to", required=True,
        help="preview:DIR | file:PATH | network:HOST[:PORT] | usb:VID:PID | serial:DEV",
    )
    prn.add_argument("--profile", default="80mm", help="58mm (32 columns), 80mm-42, 80mm (48)")
    prn.add_argument("--mode", default="raster", choices=("raster", "text"),
                     help="raster: the preview's picture, every language and the suits "
                     "(default); text: faster, in the --code-page, suits as letters")
    prn.add_argument("--code-page", default="CP852",
                     help="text mode's code page: CP852 (Polish, the default), CP1250, CP858, "
                     "CP437 or ASCII")
    prn.add_argument("--lang", choices=("en", "id", "pl"),
                     help="the paper's language (default: the event's printer setting, "
                     "English unless set)")
    prn.add_argument("--tables", help="only these tables, e.g. 1,3-5 (cards and slips)")
    prn.add_argument("--round", help="round-slips: the round (default: the current one); "
                     "results: after this round (default: the last finished)")

    ven = sub.add_parser("venue", help="a venue's file of a competition played in several "
                         "venues (D5.1): its group's tables only")
    ven.add_argument("db", help="the competition's event file")
    ven.add_argument("--group", required=True, help="the group this venue plays, e.g. NW")
    ven.add_argument("--out", required=True, metavar="VENUE.db", help="the venue's new file")
    ven.add_argument("--json", action="store_true", help="the JSON documented in the README")

    xch = sub.add_parser("exchange", help="send this venue's results to a location and take "
                         "in the other venues'")
    xch.add_argument("db", help="a venue's file, or the competition's file (it takes in only)")
    xch.add_argument("location", help="a folder (a USB stick) or a URL: file://, ftp://, "
                     "sftp://, webdav://, webdavs://, s3://")
    xch.add_argument("--json", action="store_true", help="the JSON documented in the README")

    pub = sub.add_parser("publish", help="send the results site (as export --format html "
                         "writes it, unplayed boards held back) to a web host")
    pub.add_argument("db", help="the event file")
    pub.add_argument("location", help="a folder or a URL: file://, ftp://, sftp://, webdav://, "
                     "webdavs://, s3://")
    pub.add_argument("--credentials", metavar="FILE", help="the credentials file (default: "
                     "EVENT.db.remote.toml beside the event file, when there is one)")
    pub.add_argument("--json", action="store_true", help="the JSON documented in the README")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in SERVING:
        from gevent import config, monkey

        # Every socket event runs in a greenlet of its own: gevent's record of who spawned it
        # (a copy of the spawning stack, for debugging) made a third of the objects the
        # garbage collector walked while serving, and is of no use to a venue.
        config.track_greenlet_tree = False
        monkey.patch_all()
    try:
        handler = globals()[f"cmd_{args.command}"]
        result: int = handler(args)
        if args.command in SERVING and result == 0:
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


def _open(path: str) -> Any:
    from .store import Store, StoreError

    try:
        return Store.open(path)
    except StoreError as exc:
        raise CliError(str(exc)) from None


def cmd_new(args: argparse.Namespace) -> int:
    from .app import lan_address
    from .event.access import MIN_PASSWORD
    from .event.create import create_event, new_password
    from .event.keys import make_key_file
    from .formats import PresetError, load_preset
    from .movements import MovementError
    from .store import StoreError

    if args.password is not None and len(args.password) < MIN_PASSWORD:
        # The console's rule: the same password is typed at its login.
        raise CliError(f"--password needs at least {MIN_PASSWORD} characters")
    password = args.password or new_password()
    base_url = args.base_url or f"http://{lan_address()}:5000"
    try:
        preset = load_preset(args.preset)
        if preset.competition is not None:
            from .stages.create import create_competition

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


def cmd_tables(args: argparse.Namespace) -> int:
    from .table.terminals import table_list

    store = _open(args.db)
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


def _parse_table_filter(text: str | None) -> set[int] | None:
    if not text:
        return None
    chosen: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            chosen.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise CliError(f"invalid table list: {text!r} (use e.g. 1,3-5)") from None
    return chosen


def print_documents(store: Any, document: str, target_text: str, profile_name: str,
                    asked: dict[str, Any], mode: str = "raster",
                    code_page: str = "CP852", lang: str | None = None) -> list[str]:
    """Build `document` (any of server.publish.printing.DOCUMENTS) in `lang` (the event's
    printer setting's language without it) and deliver it to the target, printed in `mode`
    (text mode on `code_page`)."""
    from printer import PrinterError, deliver, find_profile, parse_target

    from .errors import TravellerError
    from .publish.printing import document_options, documents, printer_settings

    try:
        profile = find_profile(profile_name, mode, code_page)
        target = parse_target(target_text)
        options = document_options(store, document, asked)
        words = lang or printer_settings(store)["lang"]
        return list(deliver(documents(store, document, options, words), target, profile))
    except (ValueError, PrinterError) as exc:
        raise CliError(str(exc)) from None
    except TravellerError as exc:
        raise CliError(exc.error) from None


def cmd_print(args: argparse.Namespace) -> int:
    asked: dict[str, Any] = {"round": args.round}
    tables = _parse_table_filter(args.tables)
    if tables is not None:
        asked["tables"] = tables
    store = _open(args.db)
    try:
        done = print_documents(store, args.doc, args.to, args.profile, asked, args.mode,
                               args.code_page, args.lang)
    finally:
        store.close()
    for line in done:
        print(line)
    return 0


def _set_base_url(store: Any, base_url: str) -> None:
    if store.setting("base_url") != base_url:
        with store.write() as db:
            store.put_setting(db, "base_url", base_url, actor="cli", why="serve --base-url")


def _serve_new(args: argparse.Namespace) -> int:
    """Serve a file that does not exist yet: the director creates the event in the console."""
    from .app import lan_address, serve
    from .direction.creation import list_presets

    if not Path(args.db).parent.is_dir():
        raise CliError(f"no folder {str(Path(args.db).parent)!r} for the event file {args.db!r}")
    if not Path(args.seeds).is_dir():
        raise CliError(f"no presets folder {args.seeds!r} (--seeds)")
    if not list_presets(args.seeds)[0]:
        raise CliError(f"no usable preset (*.toml) in {args.seeds!r} (--seeds)")
    host_for_urls = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = (args.base_url or f"{'https' if args.cert else 'http'}://{host_for_urls}:"
            f"{args.port}").rstrip("/")
    tls = _tls(args)
    scheme = "https" if tls else "http"
    print(f"serving on {scheme}://{args.host}:{args.port}: no event at {args.db} yet", flush=True)
    print(f"  create it in the director console: {base}/director/create", flush=True)
    print(f"  (presets from {args.seeds}; tables will point to {base})", flush=True)
    serve(args.db, args.host, args.port,
          config={"ALLOW_CREATE": True, "SEEDS": args.seeds, "BASE_URL": base,
                  **_backup_options(args), **_publish_options(args), **_ca_config(tls)},
          tls=tls)
    return 0


def _backup_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.backup is None:
        return {}
    if not Path(args.backup).is_dir():
        raise CliError(f"no backup folder {args.backup!r} (--backup): is the stick plugged in?")
    if not args.backup_every > 0:
        raise CliError(f"--backup-every must be a number of minutes above 0, "
                       f"not {args.backup_every}")
    return {"BACKUP_DIR": args.backup, "BACKUP_EVERY_S": args.backup_every * 60}


def _credentials(db: str, given: str | None = None) -> Path | None:
    """The credentials file of remote locations: the one given, else the one beside the
    event file when there is one."""
    from .remote import credentials_beside

    if given is not None:
        if not Path(given).is_file():
            raise CliError(f"no credentials file {given!r} (--credentials)")
        return Path(given)
    beside = credentials_beside(Path(db))
    return beside if beside.is_file() else None


def _publish_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.publish is None:
        return {}
    from .remote import RemoteError, open_location

    if not args.publish_every > 0:
        raise CliError(f"--publish-every must be a number of seconds above 0, "
                       f"not {args.publish_every}")
    credentials = _credentials(args.db)
    try:
        open_location(args.publish, credentials=credentials)
    except RemoteError as exc:
        raise CliError(f"--publish: {exc}") from None
    return {"PUBLISH": args.publish, "PUBLISH_EVERY_S": args.publish_every,
            "PUBLISH_CREDENTIALS": str(credentials) if credentials else None}


def _exchange_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.exchange is None:
        return {}
    from .remote import RemoteError, open_location

    if not args.exchange_every > 0:
        raise CliError(f"--exchange-every must be a number of seconds above 0, "
                       f"not {args.exchange_every}")
    try:
        open_location(args.exchange, credentials=_credentials(args.db))
    except RemoteError as exc:
        raise CliError(f"--exchange: {exc}") from None
    return {"EXCHANGE": args.exchange, "EXCHANGE_EVERY_S": args.exchange_every}


def _tls(args: argparse.Namespace) -> tuple[str, str] | None:
    """`--cert` and `--key`, checked to belong together; None to serve plain http."""
    from .tls import CertificateError, check_pair

    if args.cert is None and args.key is None:
        return None
    if args.cert is None or args.key is None:
        raise CliError("--cert and --key go together: the certificate and its key")
    try:
        check_pair(args.cert, args.key)
    except CertificateError as exc:
        raise CliError(str(exc)) from None
    return args.cert, args.key


def cmd_cert(args: argparse.Namespace) -> int:
    from .app import lan_address
    from .tls import CertificateError, make_certificate

    hosts = args.host or [lan_address(), "localhost", "127.0.0.1"]
    try:
        made = make_certificate(args.dir, hosts, use_openssl=args.openssl)
    except CertificateError as exc:
        raise CliError(str(exc)) from None
    print(f"certificate for {', '.join(made.hosts)} (made with {made.maker}):")
    print(f"  serve with:  traveller serve EVENT.db --cert {made.cert} --key {made.key} "
          f"--base-url https://{made.hosts[0]}:5000")
    print(f"  each phone trusts once: {made.ca}  (README: Serving https)")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .app import serve
    from .store.health import inspect

    backup = _backup_options(args)
    publish = _publish_options(args)
    exchange = _exchange_options(args)
    tls = _tls(args)
    if not Path(args.db).exists():
        if exchange:
            raise CliError("--exchange serves a venue's file: make it with `traveller venue`")
        return _serve_new(args)
    # A file that is not ours, is damaged or cannot be written is refused before anything
    # touches it: tables must never be acknowledged by a server that cannot store.
    report = inspect(args.db, thorough=False)
    if report.problems:
        raise CliError(f"cannot serve {args.db}: {report.problems[0]}; "
                       f"`traveller check {args.db}` says more")
    store = _open(args.db)
    if args.base_url:
        _set_base_url(store, args.base_url)
    base = store.setting("base_url", "")
    store.close()
    scheme = "https" if tls else "http"
    print(f"serving {args.db} on {scheme}://{args.host}:{args.port}  (tables point to {base})",
          flush=True)
    if tls and not base.startswith("https://"):
        print("  the table cards point to http: add --base-url https://ADDRESS:PORT so phones "
              "open the secure address", flush=True)
    if backup:
        print(f"  backups to {args.backup} every {args.backup_every:g} min and at each "
              "round's end", flush=True)
    if publish:
        from .remote import open_location

        print(f"  results site to {open_location(args.publish).display} at most every "
              f"{args.publish_every:g} s", flush=True)
    if exchange:
        from .remote import open_location

        print(f"  exchanges with the other venues at {open_location(args.exchange).display} "
              f"every {args.exchange_every:g} s", flush=True)
    serve(args.db, args.host, args.port,
          config={**backup, **publish, **exchange, **_ca_config(tls)}, tls=tls)
    return 0


def _ca_config(tls: tuple[str, str] | None) -> dict[str, Any]:
    """The venue authority beside the certificate, served for the phones to install."""
    from .tls import CA_NAME

    if tls is None:
        return {}
    ca = Path(tls[0]).with_name(CA_NAME)
    return {"VENUE_CA": str(ca)} if ca.is_file() else {}


def cmd_backup(args: argparse.Namespace) -> int:
    from .store.backup import BackupError, backup

    if args.keep < 1:
        raise CliError(f"--keep must be at least 1, not {args.keep}")
    try:
        path = backup(args.db, args.dir, keep=args.keep)
    except BackupError as exc:
        raise CliError(str(exc)) from None
    print(path)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from .store.backup import BackupError, restore

    try:
        source = restore(args.backup, args.db, force=args.force)
    except BackupError as exc:
        raise CliError(str(exc)) from None
    print(f"restored {args.db} from {source}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .store.health import inspect

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


def cmd_movement(args: argparse.Namespace) -> int:
    from .movements.cli import movement_command

    try:
        out = movement_command(
            args.kind, args.tables, args.boards_per_round, args.rounds, args.check,
            even=args.even, arrow_switch=args.arrow_switch, half_table=args.half_table,
            sections=args.sections, teams=args.teams, segments=args.segments,
            double=args.double or None,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    print(json.dumps(out, indent=2))
    return 0 if out.get("ok", True) else 1


def cmd_rescore(args: argparse.Namespace) -> int:
    from .formats import ResultsFileError, read_results_file
    from .publish.rescore import rescore

    try:
        parsed = read_results_file(args.file)
        scored = rescore(parsed, args.method, args.factoring,
                         decimals=None if args.exact else "file", vp_scale=args.vp_scale)
    except OSError as exc:
        raise CliError(f"cannot read {args.file!r}: {exc.strerror}") from None
    except (ResultsFileError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(scored, indent=2, ensure_ascii=False))
        return 0
    for sentence in scored["missing"]:
        print(f"traveller: missing: {sentence}", file=sys.stderr)
    if scored["kind"] == "teams":
        scale = f" on {scored['vp_scale']}" if scored["vp_scale"] else ""
        print(f"{scored['title']} ({scored['source']}): teams, {len(scored['matches'])} matches, "
              f"ranked by {scored['match_scoring']}{scale}")
        print(f"\n  {'rank':>4}  {'team':<12} {'score':>8} {'IMPs':>8}")
        for row in scored["ranking"]:
            print(f"  {row['rank']:>4}  {row['team']:<12} {row['score']:8.2f} "
                  f"{row['net_imps']:8.2f}")
        return 0
    print(f"{scored['title']} ({scored['source']}): {scored['method']}, "
          f"{len(scored['boards'])} boards, {scored['movement']}")
    field = None
    for row in scored["ranking"]:
        if row["field"] != field:
            field = row["field"]
            title = "" if field == "ALL" else f" ({field})"
            print(f"\n  {'rank':>4}  {'pair':<6} {'score':>8} {'%':>6}{title}")
        pct = "" if row["pct"] is None else f"{row['pct']:6.2f}"
        print(f"  {row['rank']:>4}  {row['pair']:<6} {row['score']:8.2f} {pct}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from .errors import TravellerError
    from .publish.export import write_export

    if not Path(args.db).exists():
        raise CliError(f"no event file {args.db!r}")
    store = _open(args.db)
    try:
        written = write_export(store, args.format, args.out)
    except TravellerError as exc:
        raise CliError(exc.error) from None
    except OSError as exc:
        raise CliError(f"cannot write {args.out!r}: {exc.strerror}") from None
    finally:
        store.close()
    for path in written:
        print(path)
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from .errors import TravellerError
    from .publish.web import publish
    from .remote import RemoteError

    if not Path(args.db).exists():
        raise CliError(f"no event file {args.db!r}")
    credentials = _credentials(args.db, args.credentials)
    store = _open(args.db)
    try:
        done = publish(store, args.location, credentials=credentials)
    except RemoteError as exc:
        raise CliError(f"{exc} (nothing was lost: publish again when the link is back)") from None
    except TravellerError as exc:
        raise CliError(exc.error) from None
    finally:
        store.close()
    if args.json:
        print(json.dumps(done.wire()))
    else:
        print(f"published to {done.location}: {done.sent} sent, {done.unchanged} unchanged, "
              f"{done.deleted} deleted")
    return 0


def cmd_deals(args: argparse.Namespace) -> int:
    from .direction.setup import board_ranges, import_deals
    from .errors import TravellerError
    from .event.numbering import numbering

    path = Path(args.pbn)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {args.pbn!r}: {exc.strerror}") from None
    store = _open(args.db)
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


def cmd_players(args: argparse.Namespace) -> int:
    from .event.players import PlayersError, import_csv

    path = Path(args.csv)
    try:
        # The console's upload is decoded the same way (a spreadsheet's BOM dropped).
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise CliError(f"cannot read {args.csv!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path.name} is not UTF-8 text: save it as CSV UTF-8") from None
    store = _open(args.db)
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


def cmd_vp(args: argparse.Namespace) -> int:
    from .scoring.vp import VpScaleError, find_scale

    try:
        scale = find_scale(args.scale)
        first, second = scale.convert(args.imps, args.boards)
    except VpScaleError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps({"scale": scale.name, "boards": args.boards, "imps": args.imps,
                          "vp": [first, second]}))
    else:
        print(f"{first:.2f} {second:.2f}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .competition import simulate
    from .competition.report import to_json, to_text
    from .formats import PresetError, load_preset
    from .formats.competition import CompetitionError
    from .movements import MovementError

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
    from .stages.inputs import is_competition

    if not Path(path).exists():
        raise CliError(f"no event file {path!r}")
    store = _open(path)
    if not is_competition(store):
        store.close()
        raise CliError(f"{path} is not a competition (made from a preset with [[stage]]s)")
    return store


def cmd_robots(args: argparse.Namespace) -> int:
    import time

    from .errors import TravellerError
    from .formats.competition import CompetitionError
    from .stages.rehearsal import rehearse

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


def cmd_standings(args: argparse.Namespace) -> int:
    import time

    from .formats.competition import CompetitionError
    from .stages.view import standings

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


def cmd_join(args: argparse.Namespace) -> int:
    import time

    from .errors import TravellerError
    from .stages.league_join import summary, take

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


def cmd_demo(args: argparse.Namespace) -> int:
    from .demo import run_demo

    return run_demo(args)


if __name__ == "__main__":
    raise SystemExit(main())


def cmd_venue(args: argparse.Namespace) -> int:
    from .errors import TravellerError
    from .exchange.venue import make_venue

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


def cmd_exchange(args: argparse.Namespace) -> int:
    from .errors import TravellerError
    from .exchange.run import exchange
    from .remote import RemoteError

    if not Path(args.db).is_file():
        raise CliError(f"no event file at {args.db!r}")
    store = _open(args.db)
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
