"""Serving at the venue: `demo`, `serve` (with its backups, publication and exchanges while
it runs) and `cert` for https.

`traveller` patches gevent in for these commands before it runs them, so this module imports
nothing of the server at its top but the errors: each command imports what it needs when it
runs."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .common import CliError, Subparsers, credentials_file, open_store

REPO = Path(__file__).resolve().parents[2]
SERVING = ("serve", "demo")
"""The commands that serve: gevent is patched in before they run."""


def add_demo(sub: Subparsers) -> None:
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
    demo.set_defaults(func=cmd_demo)


def cmd_demo(args: argparse.Namespace) -> int:
    from ..demo import run_demo

    return run_demo(args)


def add_serve(sub: Subparsers) -> None:
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
    serve.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from ..app import serve
    from ..store.health import inspect

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
    store = open_store(args.db)
    if args.base_url:
        _set_base_url(store, args.base_url)
    base = store.setting("base_url", "")
    tables = len(store.tables())
    store.close()
    scheme = "https" if tls else "http"
    print(f"serving {args.db} on {scheme}://{args.host}:{args.port}  (tables point to {base})",
          flush=True)
    _open_files(tables)
    if tls and not base.startswith("https://"):
        print("  the table cards point to http: add --base-url https://ADDRESS:PORT so phones "
              "open the secure address", flush=True)
    if backup:
        print(f"  backups to {args.backup} every {args.backup_every:g} min and at each "
              "round's end", flush=True)
    if publish:
        from ..remote import open_location

        print(f"  results site to {open_location(args.publish).display} at most every "
              f"{args.publish_every:g} s", flush=True)
    if exchange:
        from ..remote import open_location

        print(f"  exchanges with the other venues at {open_location(args.exchange).display} "
              f"every {args.exchange_every:g} s", flush=True)
    serve(args.db, args.host, args.port,
          config={**backup, **publish, **exchange, **_ca_config(tls)}, tls=tls)
    return 0


def _open_files(tables: int) -> None:
    """Raise the server's limit of open files (a connection each terminal is one), and say so
    when the system's limit leaves fewer than two terminals a table."""
    from ..app import open_files, terminals_allowed

    allowed = terminals_allowed(open_files())
    if allowed < 2 * tables:
        print(f"  warning: this system lets the server open files for {allowed} terminals, "
              f"fewer than two for each of the event's {tables} tables: raise the limit "
              f"(`ulimit -n {2 * tables + 100}` in this shell, as root if need be) and serve "
              "again", flush=True)


def _serve_new(args: argparse.Namespace) -> int:
    """Serve a file that does not exist yet: the director creates the event in the console."""
    from ..app import lan_address, serve
    from ..direction.creation import list_presets

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


def _set_base_url(store: Any, base_url: str) -> None:
    if store.setting("base_url") != base_url:
        with store.write() as db:
            store.put_setting(db, "base_url", base_url, actor="cli", why="serve --base-url")


def _backup_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.backup is None:
        return {}
    if not Path(args.backup).is_dir():
        raise CliError(f"no backup folder {args.backup!r} (--backup): is the stick plugged in?")
    if not args.backup_every > 0:
        raise CliError(f"--backup-every must be a number of minutes above 0, "
                       f"not {args.backup_every}")
    return {"BACKUP_DIR": args.backup, "BACKUP_EVERY_S": args.backup_every * 60}


def _publish_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.publish is None:
        return {}
    from ..remote import RemoteError, open_location

    if not args.publish_every > 0:
        raise CliError(f"--publish-every must be a number of seconds above 0, "
                       f"not {args.publish_every}")
    credentials = credentials_file(args.db)
    try:
        open_location(args.publish, credentials=credentials)
    except RemoteError as exc:
        raise CliError(f"--publish: {exc}") from None
    return {"PUBLISH": args.publish, "PUBLISH_EVERY_S": args.publish_every,
            "PUBLISH_CREDENTIALS": str(credentials) if credentials else None}


def _exchange_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.exchange is None:
        return {}
    from ..remote import RemoteError, open_location

    if not args.exchange_every > 0:
        raise CliError(f"--exchange-every must be a number of seconds above 0, "
                       f"not {args.exchange_every}")
    try:
        open_location(args.exchange, credentials=credentials_file(args.db))
    except RemoteError as exc:
        raise CliError(f"--exchange: {exc}") from None
    return {"EXCHANGE": args.exchange, "EXCHANGE_EVERY_S": args.exchange_every}


def _tls(args: argparse.Namespace) -> tuple[str, str] | None:
    """`--cert` and `--key`, checked to belong together; None to serve plain http."""
    from ..tls import CertificateError, check_pair

    if args.cert is None and args.key is None:
        return None
    if args.cert is None or args.key is None:
        raise CliError("--cert and --key go together: the certificate and its key")
    try:
        check_pair(args.cert, args.key)
    except CertificateError as exc:
        raise CliError(str(exc)) from None
    return args.cert, args.key


def _ca_config(tls: tuple[str, str] | None) -> dict[str, Any]:
    """The venue authority beside the certificate, served for the phones to install."""
    from ..tls import CA_NAME

    if tls is None:
        return {}
    ca = Path(tls[0]).with_name(CA_NAME)
    return {"VENUE_CA": str(ca)} if ca.is_file() else {}


def add_cert(sub: Subparsers) -> None:
    cert = sub.add_parser("cert", help="make a certificate to serve https at the venue")
    cert.add_argument("dir", help="the folder for the certificates (kept between events)")
    cert.add_argument("--host", action="append", default=None, metavar="ADDRESS",
                      help="an address or name the server is reached at (repeatable; "
                      "default: this machine's LAN address, localhost and 127.0.0.1)")
    cert.add_argument("--openssl", action="store_true",
                      help="use the openssl command even when Python's cryptography is there")
    cert.set_defaults(func=cmd_cert)


def cmd_cert(args: argparse.Namespace) -> int:
    from ..app import lan_address
    from ..tls import CertificateError, make_certificate

    hosts = args.host or [lan_address(), "localhost", "127.0.0.1"]
    try:
        made = make_certificate(args.dir, hosts, use_openssl=args.openssl)
    except CertificateError as exc:
        raise CliError(str(exc)) from None
    print(f"certificate for {', '.join(made.hosts)} (made with {made.maker}):")
    print(f"  serve with:  traveller serve EVENT.db --cert {made.cert} --key {made.key} "
          f"--base-url https://{made.hosts[0]}:5000")
    print(f"  each phone trusts once: {made.ca}  (the manual: Serving https at the venue)")
    return 0
