"""Commands that need no event file: a `movement` checked, a results file scored again
(`rescore`), an IMP margin as victory points (`vp`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import CliError, Subparsers


def add_movement(sub: Subparsers) -> None:
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
    mv.set_defaults(func=cmd_movement)


def cmd_movement(args: argparse.Namespace) -> int:
    from ..movements.cli import movement_command

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


def add_rescore(sub: Subparsers) -> None:
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
    rescore.set_defaults(func=cmd_rescore)


def cmd_rescore(args: argparse.Namespace) -> int:
    from ..formats import ResultsFileError, read_results_file
    from ..publish.rescore import rescore

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
    stages = scored.get("stages") or []
    if not stages:
        _print_rescored(scored)
        return 0
    # A competition's file: each stage ranked on its own, as the event ranked it.
    print(f"{scored['title']} ({scored['source']}): {len(stages)} stages")
    for stage in stages:
        print(f"\n{stage['stage']}:")
        for sentence in stage.get("missing") or []:
            print(f"traveller: missing ({stage['stage']}): {sentence}", file=sys.stderr)
        _print_rescored(stage, indent="  ", named=False)
    return 0


def _print_rescored(scored: dict[str, Any], indent: str = "", named: bool = True) -> None:
    """One ranking of `rescore`'s (a file's, or one stage's of a competition's file, which
    the file's title heads: not `named` again)."""
    name = f"{scored['title']} ({scored['source']}): " if named else ""
    if scored["kind"] == "teams":
        scale = f" on {scored['vp_scale']}" if scored["vp_scale"] else ""
        print(f"{indent}{name}teams, "
              f"{len(scored['matches'])} matches, ranked by {scored['match_scoring']}{scale}")
        print(f"\n{indent}  {'rank':>4}  {'team':<12} {'score':>8} {'IMPs':>8}")
        for row in scored["ranking"]:
            print(f"{indent}  {row['rank']:>4}  {row['team']:<12} {row['score']:8.2f} "
                  f"{row['net_imps']:8.2f}")
        return
    print(f"{indent}{name}{scored['method']}, "
          f"{len(scored['boards'])} boards, {scored['movement']}")
    if scored.get("match_scoring") == "vp":
        # Swiss pairs: matches of a round's boards, ranked by their VP.
        print(f"{indent}{len(scored['matches'])} matches, ranked by vp on {scored['vp_scale']}")
        print(f"\n{indent}  {'rank':>4}  {'pair':<6} {'VP':>8} {'IMPs':>8}")
        for row in scored["ranking"]:
            print(f"{indent}  {row['rank']:>4}  {row['pair']:<6} {row['score']:8.2f} "
                  f"{row['net_imps']:8.2f}")
        return
    field = None
    for row in scored["ranking"]:
        if row["field"] != field:
            field = row["field"]
            title = "" if field == "ALL" else f" ({field})"
            print(f"\n{indent}  {'rank':>4}  {'pair':<6} {'score':>8} {'%':>6}{title}")
        pct = "" if row["pct"] is None else f"{row['pct']:6.2f}"
        print(f"{indent}  {row['rank']:>4}  {row['pair']:<6} {row['score']:8.2f} {pct}")


def add_vp(sub: Subparsers) -> None:
    vp = sub.add_parser("vp", help="convert an IMP margin to victory points")
    vp.add_argument("--scale", required=True,
                    help="wbf2013 (wbf, wbf20), acbl30 (30), wbf30, wbf25")
    vp.add_argument("--boards", type=int, required=True)
    vp.add_argument("--imps", type=float, required=True, help="the IMP margin, e.g. 17 or -4.5")
    vp.add_argument("--json", action="store_true")
    vp.set_defaults(func=cmd_vp)


def cmd_vp(args: argparse.Namespace) -> int:
    from ..scoring.vp import VpScaleError, find_scale

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
