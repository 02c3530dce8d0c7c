"""Classification points (PKL, D8): the console's report, the printed sheet and the CSV for the
federation's central ranking.

Each team's premium is its final place's in the season (D8.1): a competition's final places
once its last stage is over, else the standings once every round is played, from the preset's
table (``[classification]``), whose places after the listed ones D8.3 computes from the number
of teams starting in the group (each of League II's groups places its teams 1-16). A team that
joined from another competition (D4.7) has no place here: its league gives its points. Each
player's boards come from the line-ups of every segment of every stage the event file holds
(`server.teams.lineups.player_boards`), and their PKL from the share (D8.2). Nothing here is
stored: the report is derived from the line-ups, results and decisions as they are now.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import Any

from printer.document import Document
from printer.results import plain_sheet

from ..formats.csv_write import write_pkl
from ..scoring import PremiumTable, PremiumTableError, place_premium, player_pkl
from ..scoring.pkl import FULL_SHARE
from ..stages.inputs import is_competition
from ..stages.view import current
from ..store import Store
from ..teams.lineups import player_boards
from ..teams.matches import names, options
from ..teams.standings import standings as team_standings
from ..texts import N_, translate

FILE_NAME = "pkl.csv"
"""The report's CSV, downloaded from the console and written by `traveller export --format
csv` beside the results' files."""


@dataclass(frozen=True)
class Placed:
    """A team's final place in its classification."""

    place: int
    shared: int
    """How many teams share the place (1: it is the team's alone)."""
    group: str
    """Its group (D5.1), "" when the competition has none."""


def premium_table(store: Store) -> PremiumTable | None:
    """The event's premium table (its preset's ``[classification]``), or None."""
    given = (store.setting("preset", {}) or {}).get("classification")
    if not given:
        return None
    return PremiumTable(premiums=tuple(int(p) for p in given["premiums"]),
                        last=None if given.get("last") is None else int(given["last"]),
                        full_share=float(given.get("full_share", FULL_SHARE)))


def classification(store: Store, now_ms: int) -> tuple[dict[str, int], dict[int, Placed],
                                                       set[int]]:
    """The teams starting in each group (D8.3), each team's final place once known (none
    before: D8.1 rewards the final place only), and the teams that joined from another
    competition."""
    if is_competition(store):
        view = current(store, now_ms).view
        grouped = bool(view.spec.entries.groups)
        joined = {e.id for e in view.entries if e.joined}
        sizes = Counter(e.group if grouped else "" for e in view.entries if not e.joined)
        own = [p for p in view.final_places if p.entry not in joined]
        shared = Counter((p.group, p.place) for p in own)
        return dict(sizes), {p.entry: Placed(p.place, shared[p.group, p.place], p.group)
                             for p in own}, joined
    teams = names(store)
    data = team_standings(store, now_ms)
    rounds = options(store)["rounds"]
    if not data["teams"] or data["complete_rounds"] < rounds:
        return {"": len(teams)}, {}, set()
    shared = Counter(row["rank"] for row in data["teams"])
    return {"": len(teams)}, {row["team"]: Placed(row["rank"], shared[row["rank"]], "")
                              for row in data["teams"]}, set()


def report(store: Store, now_ms: int) -> dict[str, Any]:
    """D8: each team (by final place once known) with its place and premium, and each of its
    players' boards, share of the team's boards and PKL; the premium table of each group."""
    table = premium_table(store)
    full_share = table.full_share if table else float(FULL_SHARE)
    team_names = names(store)
    sizes, places, joined = classification(store, now_ms) if table else ({}, {}, set())
    problems: list[str] = []
    premiums: dict[str, tuple[int, ...]] = {}
    tables = []
    for group, teams in sorted(sizes.items()):
        try:
            premiums[group] = table.for_teams(teams) if table else ()
        except PremiumTableError as exc:
            problems.append(f"{group + ': ' if group else ''}{exc}")
            continue
        tables.append({"group": group, "teams": teams,
                       "step": table.step(teams) if table else None,
                       "premiums": list(premiums[group])})
    by_team: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in player_boards(store, full_share):
        by_team[row["team"]].append(row)
    out = []
    for team in {*by_team, *places}:
        placed = places.get(team)
        premium = None
        if placed is not None and placed.group in premiums:
            premium = place_premium(premiums[placed.group], placed.place, placed.shared)
        players = sorted(by_team.get(team, []), key=lambda p: (-p["boards"], p["player"]))
        for p in players:
            p["premium"] = premium
            p["pkl"] = (None if premium is None else
                        player_pkl(premium, p["boards"], p["team_boards"], full_share))
        out.append({"team": team, "name": team_names.get(team, f"Team {team}"),
                    "team_boards": max((p["team_boards"] for p in players), default=0),
                    "group": placed.group if placed else "",
                    "place": placed.place if placed else None,
                    "shared": bool(placed and placed.shared > 1), "premium": premium,
                    "joined": team in joined, "players": players})
    out.sort(key=lambda t: (t["place"] is None, t["group"], t["place"] or 0, t["team"]))
    return {"full_premium": full_share,
            "classification": None if table is None else {
                "premiums": list(table.premiums), "last": table.last,
                "full_share": table.full_share, "tables": tables},
            "final": bool(places), "problems": problems, "teams": out}


def csv_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The report as the federation's central ranking takes it: a row a player (the teams
    that joined from another competition left to theirs)."""
    return [{"player_id": p["player"], "name": p["name"] or "", "team": t["name"],
             "boards": p["boards"], "share": p["share"], "premium": p["premium"],
             "pkl": p["pkl"]}
            for t in data["teams"] if not t["joined"] for p in t["players"]]


def csv_text(store: Store, now_ms: int) -> str:
    """``pkl.csv``: player ID, name, team, boards, share, premium and PKL (D8)."""
    return write_pkl(csv_rows(report(store, now_ms)))


TITLE = N_("Classification points (PKL, D8)")
NOT_FINAL = N_("Boards played so far: the premiums follow the final places (D8.1)")
TEAM_LINE = N_("%(place)s. %(team)s: %(premium)s PKL, %(boards)s boards")
TEAM_UNPLACED = N_("%(team)s: %(boards)s boards")
PLAYER_LINE = N_("%(player)s: %(boards)s boards (%(share)s%%), %(pkl)s PKL")
PLAYER_NO_PKL = N_("%(player)s: %(boards)s boards (%(share)s%%)")


def documents(store: Store, now_ms: int, lang: str = "en") -> list[Document]:
    """The report on paper: a part a team, its place, premium and boards, then a line a
    player with the boards, share and PKL."""
    data = report(store, now_ms)
    parts: list[tuple[str, list[str]]] = []
    for t in data["teams"]:
        if t["joined"]:
            continue
        place = f"{t['group']} {t['place']}".strip() + ("=" if t["shared"] else "")
        title = (translate(TEAM_LINE, lang, place=place, team=t["name"],
                           premium=_figure(t["premium"]), boards=t["team_boards"])
                 if t["premium"] is not None else
                 translate(TEAM_UNPLACED, lang, team=t["name"], boards=t["team_boards"]))
        lines = [translate(PLAYER_LINE if p["pkl"] is not None else PLAYER_NO_PKL, lang,
                           player=f"{p['player']} {p['name'] or ''}".strip(), boards=p["boards"],
                           share=f"{p['share']:g}", pkl=_figure(p["pkl"]))
                 for p in t["players"]]
        parts.append((title, lines))
    heading = translate(TITLE if data["final"] else NOT_FINAL, lang)
    sheet = plain_sheet(store.setting("name", ""), heading, parts)
    return [replace(sheet, title="pkl")]


def _figure(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")
