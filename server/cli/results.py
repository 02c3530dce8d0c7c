"""An event's results out of the laptop: `export` to files, `print` on paper, `publish` the
results site to a web host."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .common import CliError, Subparsers, credentials_file, open_store


def add_export(sub: Subparsers) -> None:
    export = sub.add_parser("export", help="write an event's results as USEBIO, PBN or CSV")
    export.add_argument("db")
    export.add_argument("--format", required=True, choices=["usebio", "pbn", "csv", "html"])
    export.add_argument("--out", required=True,
                        help="the file to write (usebio, pbn), or the folder (csv, html)")
    export.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    from ..errors import TravellerError
    from ..publish.export import write_export

    if not Path(args.db).exists():
        raise CliError(f"no event file {args.db!r}")
    store = open_store(args.db)
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


def add_print(sub: Subparsers) -> None:
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
    prn.set_defaults(func=cmd_print)


def cmd_print(args: argparse.Namespace) -> int:
    asked: dict[str, Any] = {"round": args.round}
    tables = _parse_table_filter(args.tables)
    if tables is not None:
        asked["tables"] = tables
    store = open_store(args.db)
    try:
        done = print_documents(store, args.doc, args.to, args.profile, asked, args.mode,
                               args.code_page, args.lang)
    finally:
        store.close()
    for line in done:
        print(line)
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

    from ..errors import TravellerError
    from ..publish.printing import document_options, documents, printer_settings

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


def add_publish(sub: Subparsers) -> None:
    pub = sub.add_parser("publish", help="send the results site (as export --format html "
                         "writes it, unplayed boards held back) to a web host")
    pub.add_argument("db", help="the event file")
    pub.add_argument("location", help="a folder or a URL: file://, ftp://, sftp://, webdav://, "
                     "webdavs://, s3://")
    pub.add_argument("--credentials", metavar="FILE", help="the credentials file (default: "
                     "EVENT.db.remote.toml beside the event file, when there is one)")
    pub.add_argument("--json", action="store_true", help="the JSON of docs/reference/json.md")
    pub.set_defaults(func=cmd_publish)


def cmd_publish(args: argparse.Namespace) -> int:
    from ..errors import TravellerError
    from ..publish.web import publish
    from ..remote import RemoteError

    if not Path(args.db).exists():
        raise CliError(f"no event file {args.db!r}")
    credentials = credentials_file(args.db, args.credentials)
    store = open_store(args.db)
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
