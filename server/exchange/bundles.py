"""Bundles: what a venue played, in the room's terms, made once and taken in exactly once.

A venue's bundle holds the records of its own group's tables that changed since its last
bundle (results, line-ups, captains' confirmations, adjustments, and its teams' rosters), each
named as the room names it, not by the event's own numbers: the fixture (`regular/NW/r3/m2`),
the room or section, the round of the fixture (0 for its first), the board of the fixture
(1-N) and, for a record that is not a board's, its op_id. Another file finds its own table,
round and board from its own fixture of that key, so files whose numbers differ underneath
(a venue that advanced on its own) still agree.

A bundle is taken in whole or not at all: one record of another group's fixture (a venue only
ever writes its own group's tables), another competition's identity, or a checksum that does
not match its content refuse it, and nothing changes. A record of a fixture this file has not
put in play yet makes the bundle wait (it stays where it is and is taken in later), and so do a
venue's later bundles: a venue's bundles apply in their order, each exactly once.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ..bridge.contract import Contract
from ..errors import TravellerError
from ..event.create import new_token
from ..event.venue import competition_id, fixture_index, venue_group
from ..stages.schedule import Boards, numbered_rounds
from ..store import Store
from ..store import competition as sql
from ..store import exchange as xsql
from ..store import teams as teams_sql

FORMAT = "traveller-bundle"
VERSION = 1
PREFIX = "traveller-bundle-"
"""Every bundle file's name starts so: `traveller-bundle-<competition>-<venue>-<seq>.json`."""

_PLACE = ("section", "table_number", "round", "board")


class Refused(ValueError):
    """A bundle taken in whole or not at all was refused: why, in one sentence."""


class Waiting(Exception):
    """A bundle cannot be applied yet (a fixture not in play here, an earlier bundle missing)."""


@dataclass
class Made:
    seq: int
    name: str
    records: int


@dataclass
class Taken:
    venue: str
    seq: int
    records: int
    replaced: int = 0
    notes: list[str] = field(default_factory=list)


def bundle_name(competition: str, venue: str, seq: int) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "_", venue).strip("_") or "venue"
    return f"{PREFIX}{competition[:12]}-{slug}-{seq:06d}.json"


def checksum(body: dict[str, Any]) -> str:
    content = {k: v for k, v in body.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(xsql.dumps(content).encode("utf-8")).hexdigest()


# -- made at a venue ------------------------------------------------------------------------

def own_records(store: Store, group: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Every record of this venue's group, by (kind, identity in the room's terms)."""
    index = fixture_index(store)
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for kind in xsql.RECORD_TABLES:
        for row in xsql.records(store, kind):
            fixture = index.get((row["section"], row["table_number"], row["round"]))
            if fixture is None or (fixture["grp"] or "") != group:
                continue
            ident = _room_identity(kind, row, fixture)
            payload = {k: v for k, v in row.items() if k not in _PLACE}
            out[kind, xsql.dumps(ident)] = {"kind": kind, "id": ident, "row": payload}
    for decision in sql.decisions(store):
        # A group's own decisions (a choice of opponent in its play-off, D5.7-D5.9) are
        # keyed STAGE/GROUP/NAME.
        if _group_of_key(decision["key"]) == group:
            ident = {"key": decision["key"]}
            out["decision", xsql.dumps(ident)] = {
                "kind": "decision", "id": ident,
                "row": {"kind": decision["kind"], "value": decision["value"],
                        "why": decision["why"], "actor": decision["actor"]}}
    teams = {int(e["id"]) for e in sql.entries(store) if (e.get("grp") or "") == group}
    matches = [f for f in sql.fixtures(store).values() if f["kind"] == "match"]
    for ruling in xsql.team_rulings_of(store, teams):
        # A ruling names its round: the round of the team's match there, in the room's terms.
        ident = {"team": ruling["team"], "kind": ruling["kind"], "at_ms": ruling["at_ms"]}
        row = {k: v for k, v in ruling.items() if k not in ("team", "kind", "at_ms")}
        if ruling["round"] is not None:
            played = next((f for f in matches if f["first_round"] <= ruling["round"]
                           <= f["last_round"] and ruling["team"] in
                           (f["detail"]["home"], f["detail"]["away"])), None)
            row.pop("round")
            row["match"] = None if played is None else {
                "fixture": played["key"], "offset": ruling["round"] - played["first_round"]}
            if played is None:
                row["event_round"] = ruling["round"]
        out["ruling", xsql.dumps(ident)] = {"kind": "ruling", "id": ident, "row": row}
    for team, players in xsql.roster_of(store, teams).items():
        ident = {"team": team}
        out["roster", xsql.dumps(ident)] = {"kind": "roster", "id": ident,
                                            "row": {"players": players}}
    return out


def _group_of_key(key: str) -> str | None:
    parts = key.split("/")
    return parts[1] if len(parts) >= 3 else None


def _room_identity(kind: str, row: dict[str, Any], fixture: dict[str, Any]) -> dict[str, Any]:
    detail = fixture["detail"]
    ident: dict[str, Any] = {"fixture": fixture["key"], "section": row["section"],
                             "offset": row["round"] - fixture["first_round"]}
    if fixture["kind"] != "match":
        ident["table"] = row["table_number"]
    if kind in ("result", "adjustment"):
        ident["board"] = row["board"] - detail["first_board"] + detail["first_local"]
    if kind == "adjustment":
        ident.update(at_ms=row["at_ms"], kind=row["kind"])
    if kind in ("lineup", "confirmation"):
        ident["op_id"] = row["op_id"]
    return ident


def make_bundle(store: Store, now_ms: int) -> Made | None:
    """This venue's bundle of what changed since its last one, kept in its outbox; None when
    nothing changed (or the file is no venue's)."""
    group = venue_group(store)
    ident = competition_id(store)
    if group is None or ident is None:
        return None
    current = own_records(store, group)
    before = xsql.sent(store)
    changed: dict[tuple[str, str], str | None] = {}
    records: list[dict[str, Any]] = []
    for key in sorted(current):
        digest = hashlib.sha256(xsql.dumps(current[key]).encode("utf-8")).hexdigest()
        if before.get(key) != digest:
            changed[key] = digest
            records.append(current[key])
    for key in sorted(set(before) - set(current)):
        changed[key] = None
        records.append({"kind": key[0], "id": json.loads(key[1]), "row": None})
    if not records:
        return None
    seq = xsql.next_seq(store)
    body: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "competition": ident,
        "name": _name(store), "venue": group, "seq": seq, "made_ms": now_ms,
        "fixtures": _definitions(store, records), "records": records,
    }
    body["checksum"] = checksum(body)
    name = bundle_name(ident, group, seq)
    with store.write() as db:
        xsql.put_bundle(db, seq, name, json.dumps(body, ensure_ascii=False), len(records),
                        now_ms, changed)
        store.audit(db, "exchange", "bundle", "bundle", f"{group}#{seq}", None,
                    json.dumps({"records": len(records)}), f"made {name}")
    return Made(seq, name, len(records))


def _definitions(store: Store, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The matches the records belong to, as this venue put them in play: a file that has
    not put one in play yet (another group's next weekend) puts it in play from this."""
    keys = {r["id"]["fixture"] for r in records if "fixture" in r["id"]}
    found = sql.fixtures(store)
    return [{"key": key, "stage": found[key]["stage"], "grp": found[key]["grp"],
             "kind": found[key]["kind"], "detail": found[key]["detail"]}
            for key in sorted(keys) if key in found and found[key]["kind"] == "match"]


def _name(store: Store) -> str:
    found = store.setting("competition") or {}
    text = found.get("name") if isinstance(found, dict) else None
    return str(text or store.setting("name") or "")


# -- taken in -------------------------------------------------------------------------------

def parse(data: bytes, name: str) -> dict[str, Any]:
    """A bundle file's content, checked whole; Refused names what is wrong."""
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refused("not a bundle: it is not JSON") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise Refused("not a bundle of Traveller's")
    if body.get("version") != VERSION:
        raise Refused(f"a bundle of version {body.get('version')!r}; this file reads "
                      f"version {VERSION}")
    if body.get("checksum") != checksum(body):
        raise Refused("its checksum does not match its content: it was altered after it "
                      "was written")
    if not isinstance(body.get("venue"), str) or not isinstance(body.get("seq"), int) \
            or not isinstance(body.get("records"), list):
        raise Refused("a bundle without its venue, number or records")
    return body


def take_in(store: Store, body: dict[str, Any], name: str, now_ms: int) -> Taken:
    """Apply one checked bundle in one transaction: Refused or Waiting change nothing."""
    ours = competition_id(store)
    if body.get("competition") != ours:
        raise Refused(f"a bundle of another competition ({body.get('name') or '?'}, "
                      f"{str(body.get('competition'))[:12]}), not of this one")
    venue, seq = body["venue"], body["seq"]
    if venue == venue_group(store):
        raise Refused(f"a bundle of this venue's own group {venue} that this file did not "
                      "make")
    done = xsql.received(store)
    if (venue, seq) in done:
        if done[venue, seq]["checksum"] != body["checksum"]:
            raise Refused(f"bundle {seq} of {venue} was taken in already with other content")
        return Taken(venue, seq, 0)
    if seq > 1 and (venue, seq - 1) not in done:
        raise Waiting(f"bundle {seq - 1} of {venue} comes first")
    fixtures = dict(sql.fixtures(store))
    groups = {int(e["id"]): (e.get("grp") or "") for e in sql.entries(store)}
    planned = _plan(store, body.get("fixtures"), fixtures, venue)
    placed = [_place(r, fixtures, groups, venue) for r in body["records"]]
    with store.read() as db:
        allowed = {kind: xsql.columns(db, kind) for kind in (*xsql.RECORD_TABLES, "ruling")}
    for record, row in placed:
        _check(record["kind"], row, allowed.get(record["kind"]))
    taken = Taken(venue, seq, len(placed))
    try:
        with store.write() as db:
            if planned.fixtures:
                _put_in_play(store, db, planned, venue, name)
            for record, row in placed:
                _apply(store, db, record, row, venue, name, taken, now_ms)
            xsql.put_received(db, {"venue": venue, "seq": seq, "checksum": body["checksum"],
                                   "name": name, "records": len(placed),
                                   "made_ms": body.get("made_ms"), "applied_ms": now_ms})
            store.audit(db, "exchange", "bundle", "bundle", f"{venue}#{seq}", None,
                        json.dumps({"records": len(placed), "replaced": taken.replaced}),
                        f"took in {name}")
    except TravellerError as exc:
        raise Refused(exc.error) from None
    store.forget_schedule()
    return taken


@dataclass
class _Planned:
    """Another venue's matches this file puts in play to take its records in."""

    fixtures: list[dict[str, Any]] = field(default_factory=list)
    seatings: list[dict[str, Any]] = field(default_factory=list)
    tables: list[tuple[str, int]] = field(default_factory=list)


def _plan(store: Store, given: Any, fixtures: dict[str, dict[str, Any]],
          venue: str) -> _Planned:
    """Number the bundle's matches this file lacks as this file's own advance would: a
    stage's round already in play here keeps its round of the event, a new one takes the next;
    the match's boards are its deals' boards here; its table is the venue's where free. They
    are added to `fixtures` for the records to find."""
    planned = _Planned()
    if not isinstance(given, list):
        return planned
    seatings = store.seatings()
    last_round = max((s.round for s in seatings), default=0)
    known = numbered_rounds(fixtures)
    boards = Boards(fixtures, max((b for s in seatings for b in s.boards), default=0))
    used = {(s.round, s.table_number) for s in seatings}
    tables = {(t.section, t.number) for t in store.tables()}
    wanted = [d for d in given if isinstance(d, dict) and d.get("key") not in fixtures]
    for d in sorted(wanted, key=lambda d: (int(d["detail"].get("stage_round") or 0),
                                           str(d["key"]))):
        if d.get("kind") != "match" or not isinstance(d.get("detail"), dict):
            continue
        if (d.get("grp") or "") != venue:
            raise Refused(f"it would put {d.get('key')} in play, a match of group "
                          f"{d.get('grp') or '?'}, not of {venue}")
        detail = dict(d["detail"])
        round_key = (d["stage"], detail.get("stage_round"))
        if detail.get("knockout") or round_key not in known:
            last_round += 1
            known.setdefault(round_key, last_round)
            rnd = last_round
        else:
            rnd = known[round_key]
        table = int(detail["table"])
        if (rnd, table) in used:
            table = next(n for n in range(1, 10_000) if (rnd, n) not in used)
        used.add((rnd, table))
        count = int(detail["boards"])
        numbers = [boards.number(detail["deals"], int(detail["first_local"]) + i, count)
                   for i in range(count)]
        detail.update(table=table, first_board=numbers[0])
        row = {"key": d["key"], "stage": d["stage"], "grp": d["grp"], "kind": "match",
               "first_round": rnd, "last_round": rnd, "detail": detail}
        planned.fixtures.append(row)
        fixtures[d["key"]] = row
        home, away = int(detail["home"]), int(detail["away"])
        for section, (ns, ew) in (("O", (home, away)), ("C", (away, home))):
            planned.seatings.append({
                "section": section, "round": rnd, "table_number": table, "ns_pair": ns,
                "ew_pair": ew, "boards": json.dumps(numbers), "ew_next_table": None,
                "boards_next_table": None})
            if (section, table) not in tables:
                tables.add((section, table))
                planned.tables.append((section, table))
    return planned


def _put_in_play(store: Store, db: Database, planned: _Planned, venue: str, name: str) -> None:
    why = f"another venue's matches, from venue {venue} ({name})"
    db.table("tables").insert_all(
        {"section": section, "number": number, "token": new_token(), "ew_token": None}
        for section, number in planned.tables)
    store.put_seatings(db, planned.seatings)
    sql.put_fixtures(store, db, [{**row, "advance": None} for row in planned.fixtures],
                     "exchange", why)
    movement = dict(store.setting("movement", {}) or {})
    last = max(row["last_round"] for row in planned.fixtures)
    if last > int(movement.get("rounds") or 0):
        movement["rounds"] = last
        store.put_setting(db, "movement", movement, "exchange", why)


def _place(record: Any, fixtures: dict[str, dict[str, Any]], groups: dict[int, str],
           venue: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A record's row in this file's own numbers (None: a record deleted at its venue)."""
    if not isinstance(record, dict) or not isinstance(record.get("id"), dict):
        raise Refused("a record without its identity")
    kind, ident, row = record.get("kind"), record["id"], record.get("row")
    if kind == "decision":
        key = str(ident.get("key"))
        if _group_of_key(key) != venue:
            raise Refused(f"it would change the decision {key!r}, not one of group {venue}")
        if row is not None and (not isinstance(row, dict) or "value" not in row):
            raise Refused(f"a decision {key!r} without its value")
        return record, row
    if kind == "ruling":
        team = ident.get("team")
        if groups.get(team) != venue:
            raise Refused(f"it would change a ruling on team {team}, not of group {venue}")
        if not isinstance(row, dict):
            raise Refused("a ruling without its content")
        placed = {k: v for k, v in row.items() if k not in ("match", "event_round")}
        placed.update(team=team, kind=ident.get("kind"), at_ms=ident.get("at_ms"))
        if "match" in row:
            match = row["match"]
            if isinstance(match, dict):
                fixture = fixtures.get(str(match.get("fixture")))
                if fixture is None:
                    raise Waiting(f"{match.get('fixture')} is not in play in this file yet")
                placed["round"] = fixture["first_round"] + int(match.get("offset", 0))
            else:
                placed["round"] = row.get("event_round")
        return record, placed
    if kind == "roster":
        team = ident.get("team")
        if groups.get(team) != venue:
            raise Refused(f"it would change the roster of team {team}, not of group {venue}")
        return record, row
    if kind not in xsql.RECORD_TABLES:
        raise Refused(f"a record of an unknown kind {kind!r}")
    fixture = fixtures.get(str(ident.get("fixture")))
    if fixture is None:
        raise Waiting(f"{ident.get('fixture')} is not in play in this file yet")
    if (fixture["grp"] or "") != venue:
        raise Refused(f"it would change {fixture['key']}, a table of group "
                      f"{fixture['grp'] or '?'}, not of {venue}")
    detail = fixture["detail"]
    rnd = fixture["first_round"] + int(ident.get("offset", -1))
    if not fixture["first_round"] <= rnd <= fixture["last_round"]:
        raise Refused(f"round {ident.get('offset')} of {fixture['key']} is not one of its "
                      "rounds here")
    section = ident.get("section")
    table = detail["table"] if fixture["kind"] == "match" else ident.get("table")
    if fixture["kind"] == "match" and section not in ("O", "C"):
        raise Refused(f"{fixture['key']} has no room {section!r}")
    place: dict[str, Any] = {"section": section, "table_number": table, "round": rnd}
    if kind in ("result", "adjustment"):
        place["board"] = detail["first_board"] + int(ident.get("board", 0)) \
            - detail["first_local"]
    if kind == "adjustment":
        place.update(at_ms=ident.get("at_ms"), kind=ident.get("kind"))
    if kind in ("lineup", "confirmation"):
        place["op_id"] = ident.get("op_id")
    if row is None:
        return record, {"__deleted__": True, **place}
    if not isinstance(row, dict):
        raise Refused("a record whose content is not an object")
    return record, {**row, **place}


def _check(kind: str, row: dict[str, Any] | None, allowed: set[str] | None) -> None:
    """A record's content as this file stores it: its own columns only, and a result that
    is a result (a contract, a declarer, the tricks, a score)."""
    if row is None or allowed is None:
        return
    unknown = sorted(k for k in row if k not in allowed and k != "__deleted__")
    if unknown:
        raise Refused(f"a {kind} record with fields this file does not keep: "
                      f"{', '.join(map(repr, unknown[:3]))}")
    if kind != "result" or row.get("__deleted__"):
        return
    try:
        contract = Contract.parse(str(row.get("contract")))
    except ValueError:
        raise Refused(f"a result whose contract is {row.get('contract')!r}") from None
    tricks, score = row.get("tricks"), row.get("ns_score")
    if not isinstance(score, int) or isinstance(score, bool) or (
            contract.level and (row.get("declarer") not in ("N", "E", "S", "W")
                                or not isinstance(tricks, int) or not 0 <= tricks <= 13)):
        shown = {k: row.get(k) for k in ("contract", "declarer", "tricks", "ns_score")}
        raise Refused(f"a result that is not one: {xsql.dumps(shown)}")


def _apply(store: Store, db: Database, record: dict[str, Any], row: dict[str, Any] | None,
           venue: str, name: str, taken: Taken, now_ms: int) -> None:
    kind = record["kind"]
    why = f"from venue {venue} ({name})"
    if kind == "decision":
        key = str(record["id"]["key"])
        if row is None:
            sql.remove_decision(store, db, key, "exchange", now_ms, why)
        else:
            sql.put_decision(store, db, key, str(row["kind"]), row["value"],
                             str(row.get("actor") or "exchange"), now_ms,
                             f"{row.get('why') or ''} ({why})".strip())
        return
    if kind == "ruling":
        assert row is not None
        xsql.put_team_ruling(store, db, row, "exchange", why)
        return
    if kind == "roster":
        players = sorted(str(p) for p in (row or {}).get("players", []))
        teams_sql.put_roster(store, db, int(record["id"]["team"]), players, "exchange", why)
        return
    assert row is not None
    if kind == "lineup":
        store.forget_lineups()
    if row.pop("__deleted__", False):
        old = xsql.delete_record(db, kind, row)
        if old is not None and kind == "result":
            store.audit(db, "exchange", "delete", "result", _where(row), xsql.dumps(old),
                        None, why)
        return
    old = xsql.put_record(db, kind, row)
    if kind == "result" and old is not None and _differs(old, row):
        taken.replaced += 1
        store.audit(db, "exchange", "update", "result", _where(row), xsql.dumps(old),
                    xsql.dumps(row), why)


def _differs(old: dict[str, Any], new: dict[str, Any]) -> bool:
    return any(old.get(k) != new.get(k) for k in ("contract", "declarer", "tricks",
                                                     "ns_score", "lead"))


def _where(row: dict[str, Any]) -> str:
    return f"{row['section']}{row['table_number']} r{row['round']} b{row['board']}"


__all__ = ["FORMAT", "PREFIX", "Made", "Refused", "Taken", "Waiting", "bundle_name",
           "checksum", "make_bundle", "own_records", "parse", "take_in"]
