"""Slow play (K12.2): finish times from entries, late minutes per pair, the director's ruling."""

from __future__ import annotations

import json
import uuid
from typing import Any

from server.clock import RoundClock
from server.direction import slowplay
from server.direction.clocks import change_clock
from server.store import Store
from server.table.entry import submit_result
from tests.integration.test_clocks import JSON, post
from tests.integration.test_director import login

MIN = 60_000
T0 = 1_700_000_000_000
ROUND = 24 * MIN  # 3 boards x 8 minutes


def start_round(store: Store, number: int, at_ms: int) -> None:
    with store.write() as db:
        store.save_clock(db, RoundClock(number, ROUND).start(at_ms), actor="director")


def finish(store: Store, table_number: int, boards: tuple[int, ...], at_ms: int) -> None:
    """Enter a round's boards at a table, the last one at `at_ms`."""
    table = store.tables()[table_number - 1]
    for i, board in enumerate(boards):
        ack = submit_result(store, table, {"op_id": str(uuid.uuid4()), "board": board,
                                                "contract": "3N", "declarer": "S", "tricks": 9},
                                 at_ms - (len(boards) - 1 - i) * MIN, actor="test")
        assert ack["ok"], ack


def by_pair(store: Store) -> dict[int, dict[str, Any]]:
    return {p["pair"]: p for p in slowplay.proposals(store)}


def test_k12_2_finish_time_is_the_last_entry_and_minutes_add_up_per_pair(app: Any) -> None:
    store = app.extensions["traveller.store"]
    start_round(store, 1, T0)
    finish(store, 1, (1, 2, 3), T0 + ROUND + 10_000)      # NS 1 v EW 7: 10 s over = 1 minute
    finish(store, 2, (4, 5, 6), T0 + ROUND - MIN)         # in time
    start_round(store, 2, T0 + 30 * MIN)
    finish(store, 1, (4, 5, 6), T0 + 30 * MIN + ROUND + 7 * MIN)  # NS 1 v EW 12: 7 minutes
    finishes = {(f.table, f.round): f for f in slowplay.finishes(store)}
    assert finishes[(1, 1)].finished_ms == T0 + ROUND + 10_000
    assert finishes[(1, 1)].late_minutes == 1 and finishes[(2, 1)].late_minutes == 0
    pairs = by_pair(store)
    assert sorted(pairs) == [1, 7, 12]
    # Pair 1: 1 + 7 = 8 minutes: 2 MP plus 1 MP for each of the 6th, 7th and 8th minutes.
    assert (pairs[1]["late_minutes"], pairs[1]["outcome"], pairs[1]["penalty"]) == (8, "penalty",
                                                                                     "5")
    assert pairs[1]["unit"] == "MP" and pairs[1]["rule"] == "K12.2"
    assert [r["round"] for r in pairs[1]["rounds"]] == [1, 2]
    # Up to 5 minutes: a warning, counted as one.
    assert (pairs[7]["late_minutes"], pairs[7]["outcome"], pairs[7]["warning"]) == (1, "warning",
                                                                                     True)
    assert (pairs[12]["late_minutes"], pairs[12]["penalty"]) == (7, "4")


def test_k12_2_over_fifteen_minutes_goes_on_at_one_mp_a_minute_and_is_flagged(app: Any) -> None:
    store = app.extensions["traveller.store"]
    start_round(store, 1, T0)
    finish(store, 2, (4, 5, 6), T0 + ROUND + 17 * MIN)
    pair = by_pair(store)[2]
    assert (pair["late_minutes"], pair["penalty"], pair["flagged"]) == (17, "14", True)


def test_k12_2_a_table_is_late_against_its_own_clock(app: Any) -> None:
    store = app.extensions["traveller.store"]
    start_round(store, 1, T0)
    change_clock(store, "extend", T0 + MIN, "director", table=store.tables()[2],
                      minutes=5, why="started late")
    finish(store, 3, (7, 8, 9), T0 + ROUND + 4 * MIN)     # within its own 29 minutes
    finish(store, 4, (10, 11, 12), T0 + ROUND + 4 * MIN)  # 4 minutes late on the round's clock
    assert sorted(by_pair(store)) == [4, 10]


def test_k12_2_director_applies_changes_or_waives_with_a_reason(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    start_round(store, 1, T0)
    finish(store, 1, (1, 2, 3), T0 + ROUND + 8 * MIN)
    page = http.get("/director/slow-play").get_data(as_text=True)
    assert 'data-pair="1"' in page and "to decide" in page
    applied = post(http, "/director/slow-play/A/1", action="apply")
    assert applied.status_code == 200, applied.json
    assert (applied.json["ruling"]["status"], applied.json["ruling"]["penalty"]) == ("applied",
                                                                                     "5")
    # A changed penalty or a waiver needs a reason.
    assert post(http, "/director/slow-play/A/1", action="apply",
                penalty="3").json["code"] == "missing_reason"
    assert post(http, "/director/slow-play/A/1", action="apply", penalty="lots",
                reason="x").json["code"] == "invalid_penalty"
    changed = post(http, "/director/slow-play/A/1", action="apply", penalty="2,5",
                   reason="a slow board was the director's fault").json["ruling"]
    assert (changed["penalty"], changed["reason"]) == ("2.5", "a slow board was the director's "
                                                       "fault")
    assert post(http, "/director/slow-play/A/7", action="waive").json["code"] == "missing_reason"
    waived = post(http, "/director/slow-play/A/7", action="waive", reason="medical break")
    assert waived.json["ruling"]["status"] == "waived"
    assert post(http, "/director/slow-play/A/3", action="apply").status_code == 404
    rulings = {r["pair_number"]: r for r in store.slow_play_rulings()}
    assert rulings[1]["penalty"] == "2.5" and rulings[7]["status"] == "waived"
    audit = [a for a in store.audit_rows() if a["entity"] == "slow_play"]
    assert [(a["action"], a["entity_id"]) for a in audit] == [
        ("slow_play_applied", "A/1/1"), ("slow_play_applied", "A/1/1"),
        ("slow_play_waived", "A/1/7")]
    assert json.loads(audit[1]["old"])["penalty"] == "5"
    assert json.loads(audit[1]["new"])["penalty"] == "2.5"
    assert audit[1]["why"] == "a slow board was the director's fault"
    listed = {p["pair"]: p for p in http.get("/director/api/slow-play", headers=JSON).json["pairs"]}
    assert listed[1]["ruling"]["status"] == "applied"


def test_slow_play_forms_need_the_csrf_token(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    start_round(store, 1, T0)
    finish(store, 1, (1, 2, 3), T0 + ROUND + 8 * MIN)
    refused = http.post("/director/slow-play/A/1", data={"action": "apply"}, headers=JSON)
    assert refused.status_code == 400 and store.slow_play_rulings() == []


def test_k12_2_an_applied_slow_play_penalty_comes_off_the_pairs_matchpoints(app: Any) -> None:
    from server.publish import results

    store = app.extensions["traveller.store"]
    socketio = app.extensions["traveller.socketio"]
    client = socketio.test_client(app, namespace="/table", auth={"token": store.tables()[0].token})
    for board in (1, 2, 3):
        ack = client.emit("submit_result", {"op_id": f"sp-{board}-aaaaaaaa", "board": board,
                                            "contract": "3N", "declarer": "S", "tricks": 9},
                          namespace="/table", callback=True)
        assert ack["ok"]
    before = {r["pair"]: r["matchpoints"] for r in results.standings(store)["NS"]}
    with store.write() as db:
        store.save_slow_play(db, {"section": "A", "session": 1, "pair_number": 1,
                                  "status": "applied", "late_minutes": 7, "penalty": "4",
                                  "unit": "MP", "rule": "K12.2", "warning": 0,
                                  "reason": "7 minutes late", "decided_ms": 0,
                                  "actor": "director"}, actor="director", why="7 minutes late")
    after = {r["pair"]: r for r in results.standings(store)["NS"]}
    assert after[1]["matchpoints"] == before[1] - 4
    assert [p["rule"] for p in after[1]["penalties"]] == ["K12.2"]
