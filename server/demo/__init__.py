"""`traveller demo`: a Mitchell pairs event built from seeds/demo.toml, served at once.

It prints what a newcomer needs to try everything: the director URL and password, and each
table's terminal URL with its QR code drawn in the terminal, and it writes PNG previews of the
printed table cards. With `--robots`, every table but the first plays by itself.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

import qrcode

from printer import PrinterError, deliver, find_profile, parse_target

from ..app import REPO, lan_address, serve
from ..errors import CliError
from ..event.create import create_event, new_password
from ..formats import load_preset
from ..publish.printing import printer_settings, table_card_documents
from ..stages.create import create_competition
from ..store import Store, StoreError
from ..table.terminals import table_list
from .competition import default_pace
from .competition import run as run_competition
from .robots import play_tables

DEMO_PRESET = REPO / "seeds" / "demo.toml"


def _open(path: str) -> Store:
    try:
        return Store.open(path)
    except StoreError as exc:
        raise CliError(str(exc)) from None


def print_table_cards(store: Store, target_text: str, profile_name: str) -> list[str]:
    """The table cards delivered to a printer target (the demo's: PNG previews), in the
    event's paper language."""
    try:
        profile = find_profile(profile_name)
        target = parse_target(target_text)
        cards = table_card_documents(store, lang=printer_settings(store)["lang"])
        return list(deliver(cards, target, profile))
    except (ValueError, PrinterError) as exc:
        raise CliError(str(exc)) from None


def build_demo(db: Path, tables: int | None, base_url: str, fresh: bool,
               preset: Path = DEMO_PRESET, entries: int | None = None) -> tuple[Any, str]:
    """The demo's store and director password, reusing an earlier demo unless `fresh`."""
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
    if db.exists():
        store = _open(str(db))
        if tables and tables != len(store.tables()):
            store.close()
            raise CliError(f"{db} has {len(store.tables())} tables; add --fresh to rebuild it "
                           f"with {tables}")
        with store.write() as conn:
            if store.setting("base_url") != base_url:
                store.put_setting(conn, "base_url", base_url, actor="demo", why="demo restarted")
        return store, store.setting("demo_password", "")
    try:
        loaded = load_preset(preset)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    db.parent.mkdir(parents=True, exist_ok=True)
    password = new_password()
    try:
        if loaded.competition is not None:
            store = create_competition(db, preset.read_text(encoding="utf-8"),
                                       entries=entries, password=password, base_url=base_url,
                                       origin=str(preset))
        else:
            store = create_event(db, loaded, password=password,
                                 base_url=base_url, tables=tables)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    with store.write() as conn:
        # The demo's password is kept in the clear so a restarted demo can print it again;
        # real events keep only the hash.
        store.put_setting(conn, "demo_password", password, actor="demo", why="demo created")
    return store, password


def qr_text(url: str) -> str:
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def run_demo(args: argparse.Namespace) -> int:
    host_for_urls = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base_url = f"http://{host_for_urls}:{args.port}"
    preset = Path(args.preset) if args.preset else DEMO_PRESET
    if args.db is None:
        # Each preset's demo keeps its own file, so trying a teams preset leaves the pairs demo.
        args.db = "demo/demo.db" if preset == DEMO_PRESET else f"demo/{preset.stem}.db"
    store, password = build_demo(Path(args.db), args.tables, base_url, args.fresh, preset,
                                 getattr(args, "entries", None))
    rows = table_list(store)
    name = store.setting("name", "")
    competition = store.setting("competition") is not None
    pace = args.pace
    if competition and getattr(args, "speed", None):
        pace = default_pace(store.setting("preset", {}) or {}, args.speed)
    cards = print_table_cards(store, f"preview:{args.cards}", "80mm")
    store.close()

    out = sys.stdout
    print(f"\n  {name}: {len(rows)} tables, event file {args.db}\n", file=out)
    if not args.no_qr:
        for row in rows:
            print(f"  Table {row['section']}{row['table']}: {row['url']}", file=out)
            print(qr_text(row["url"]), file=out)
    print("  Tables:", file=out)
    for row in rows:
        print(f"    {row['section']}{row['table']:<3} {row['url']}", file=out)
    print(f"\n  Table-card previews: {Path(args.cards).resolve()} ({len(cards)} PNG files)",
          file=out)
    print(f"  Director console:    {base_url}/director", file=out)
    print(f"  Director password:   {password}", file=out)
    if args.robots and competition:
        print(f"  Robots play every table (a board every ~{pace:g} s) and a robot director "
              "advances the competition to its final places.", file=out)
    elif args.robots:
        print(f"  Robots play tables 2-{len(rows)} (a board every ~{args.pace:g} s); "
              "you play table 1.", file=out)
    print("\n  Ctrl-C stops the server; `make demo` again resumes the same event.\n",
          file=out, flush=True)

    on_ready = None
    if args.robots and competition:
        local = f"http://127.0.0.1:{args.port}"

        def on_ready() -> None:
            run_competition(local, args.db, password, getattr(args, "seed", 1), pace)
    elif args.robots:
        local = f"http://127.0.0.1:{args.port}"
        robot_rows = [r for r in rows if r["table"] != 1]

        def on_ready() -> None:
            play_tables(local, robot_rows, pace=args.pace)

    serve(args.db, args.host, args.port, on_ready=on_ready)
    return 0
