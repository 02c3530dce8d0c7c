"""Players: the CSV import, who sits where (`set_players`), names in the standings, and late
starts (K11.3) on the console."""

from __future__ import annotations

import io
import json
import time
import uuid
from typing import Any

from server.direction.latestart import late_penalties, propose
from server.event.players import known, pair_names
from server.publish import results
from server.store import Store
from server.store import players as sql
from tests.integration.test_director import login
from tests.integration.test_table_socket import join, last_state, submit

CSV = ("id,name,gender,club\n"
       "101,Ann North,F,Jakarta\n102,Bob South,M,\n103,Cid East,M,Bandung\n104,Dee West,F,\n"
       "105,Eve Late,F,\n")
JSON = {"Accept": "application/json"}


def upload(http: Any, text: str, json_reply: bool = True) -> Any:
    return http.post("/director/players/import", headers=JSON if json_reply else {},
                     data={"csrf_token": http.csrf,
                           "file": (io.BytesIO(text.encode()), "players.csv")},
                     content_type="multipart/form-data")


def seat(client: Any, **fields: Any) -> dict[str, Any]:
    payload = {"op_id": str(uuid.uuid4()), "round": 1, "north": "101", "south": "102",
               "east": "103", "west": "104"} | fields
    ack: dict[str, Any] = client.emit("set_players", payload, namespace="/table", callback=True)
    return ack


def test_d2_1_csv_import_stores_the_list_and_audits_it(app: Any) -> None:
    http = login(app)
    response = upload(http, CSV)
    assert response.get_json() == {"ok": True, "rows": 5, "added": 5, "updated": 0}
    store: Store = app.extensions["traveller.store"]
    assert [p["federation_id"] for p in sql.players(store)] == ["101", "102", "103", "104",
                                                                "105"]
    assert sql.players(store)[0]["club"] == "Jakarta"
    # Importing again updates by ID.
    response = upload(http, "id,name,gender\n101,Ann N. North,f\n")
    assert response.get_json()["updated"] == 1
    assert known(store)["101"] == {"name": "Ann N. North", "gender": "F"}
    audits = [a for a in store.audit_rows() if a["action"] == "players_imported"]
    assert len(audits) == 2 and json.loads(audits[0]["new"])["added"] == 5
    page = http.get("/director/players/").get_data(as_text=True)
    assert "Ann N. North" in page and "Cid East" in page


def test_a_bad_line_is_named_and_nothing_is_stored(app: Any) -> None:
    http = login(app)
    response = upload(http, "id,name,gender\n201,Good Row,M\n202,,X\n201,Twice,F\n")
    assert response.status_code == 400
    body = response.get_json()
    assert body["ok"] is False and body["code"] == "invalid_players_file"
    assert any("line 3" in p and "name" in p for p in body["problems"])
    assert any("line 3" in p and "gender" in p for p in body["problems"])
    assert any("line 4" in p and "line 2" in p for p in body["problems"])
    store: Store = app.extensions["traveller.store"]
    assert sql.players(store) == []
    assert not [a for a in store.audit_rows() if a["action"] == "players_imported"]
    page = upload(http, "name,id\nx,1\n", json_reply=False)
    assert page.status_code == 400 and "line 1" in page.get_data(as_text=True)


def test_players_pages_need_the_director(app: Any) -> None:
    http = app.test_client()
    assert http.get("/director/players/").status_code == 302
    assert http.get("/director/players/late").status_code == 302


def test_set_players_stores_the_seating_and_state_shows_the_names(app: Any) -> None:
    upload(login(app), CSV)
    client = join(app, 1)
    state = last_state(client)
    # The register stays on the server: the table knows how many it holds, and the names of
    # the players it meets once they are seated; a number typed is named on asking.
    assert state["players"]["known"] == {} and state["players"]["listed"] == 5
    assert state["players"]["seated"] == [] and state["players"]["mixed"] is False
    named = client.emit("get_players", {"ids": ["101", "999"]}, namespace="/table",
                        callback=True)
    assert named == {"ok": True, "players": {"101": {"name": "Ann North", "gender": "F"}},
                     "unknown": ["999"]}
    ack = seat(client, op_id="seat-op-0001")
    assert ack["ok"] and ack["names"]["north"] == "Ann North" and ack["warning"] is None
    assert seat(client, op_id="seat-op-0001")["duplicate"] is True
    store: Store = app.extensions["traveller.store"]
    assert len(sql.seatings(store)) == 1
    assert [a["action"] for a in store.audit_rows()].count("players_seated") == 1
    state = client.emit("get_state", namespace="/table", callback=True)["state"]
    assert state["players"]["seated"][0]["north"] == "101"
    assert state["players"]["known"]["101"] == {"name": "Ann North", "gender": "F"}
    assert sorted(state["players"]["known"]) == ["101", "102", "103", "104"]
    ns, ew = str(state["ns_pair"]), str(state["ew_pair"])
    assert state["players"]["pairs"][ns] == ["Ann North", "Bob South"]
    assert state["players"]["pairs"][ew] == ["Cid East", "Dee West"]


def test_unknown_numbers_are_kept_and_named_once_the_list_has_them(app: Any) -> None:
    client = join(app, 2)
    ack = seat(client, north="901", south="902")
    assert ack["ok"] and sorted(ack["unknown"]) == ["103", "104", "901", "902"]
    assert ack["names"]["north"] is None
    store: Store = app.extensions["traveller.store"]
    names = pair_names(store)
    section = store.tables()[1].section
    pair = store.seatings(section, 2)[0].ns_pair
    assert names[section, pair] == ["#901", "#902"]
    upload(login(app), "id,name,gender\n901,Late Listed,M\n902,Also Late,F\n")
    assert pair_names(store)[section, pair] == ["Late Listed", "Also Late"]


def test_set_players_refuses_bad_input_without_storing(app: Any) -> None:
    client = join(app, 1)
    assert seat(client, north="")["code"] == "invalid_player"
    assert seat(client, south="101")["code"] == "same_player"
    assert seat(client, round=99)["code"] == "invalid_round"
    assert seat(client, op_id="x")["code"] == "invalid_op_id"
    assert client.emit("set_players", "nope", namespace="/table", callback=True)["code"] == \
        "bad_payload"
    assert sql.seatings(app.extensions["traveller.store"]) == []


def test_k6_2_mixed_event_warns_when_the_woman_sits_south_or_east(app: Any) -> None:
    store: Store = app.extensions["traveller.store"]
    upload(login(app), CSV)
    with store.write() as db:
        store.put_setting(db, "mixed", True, actor="test")
    client = join(app, 1)
    ack = seat(client, north="102", south="101", east="104", west="103")
    assert ack["ok"] and ack["warning_code"] == "mixed_seating"
    assert "North-South" in ack["warning"] and "East-West" in ack["warning"]
    assert len(sql.seatings(store)) == 1  # stored all the same
    ack = seat(client)
    assert ack["ok"] and ack["warning"] is None
    assert last_state(client)["players"]["mixed"] is True


def test_standings_rows_carry_the_pairs_names(app: Any) -> None:
    upload(login(app), CSV)
    client = join(app, 1)
    seat(client)
    state = last_state(client)
    for board in state["boards"]:
        assert submit(client, board=board)["ok"]
    ranking = results.standings(app.extensions["traveller.store"])
    rows = {r["pair"]: r for rows in ranking.values() for r in rows}
    assert rows[state["ns_pair"]]["names"] == ["Ann North", "Bob South"]
    page = login(app).get("/director/results")
    assert page.status_code in (200, 302)


def test_k11_3_late_start_proposed_applied_and_off_the_matchpoints(app: Any) -> None:
    http = login(app)
    store: Store = app.extensions["traveller.store"]
    section = store.tables()[0].section
    assert propose(store, 4)["penalty"] == "2"
    assert propose(store, 8)["penalty"] == "5"  # 2 + the 6th, 7th and 8th minutes
    assert propose(store, 16)["outcome"] == "disqualified"
    page = http.get(f"/director/players/late?section={section}&pair=1&minutes=8")
    assert page.status_code == 200 and "5 MP" in page.get_data(as_text=True)
    client = join(app, 1)
    state = last_state(client)
    for board in state["boards"]:
        assert submit(client, board=board)["ok"]
    pair = state["ns_pair"]

    def matchpoints() -> float:
        rows = [r for rows in results.standings(store).values() for r in rows]
        return next(float(r["matchpoints"]) for r in rows if r["pair"] == pair)

    before = matchpoints()
    response = http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": pair, "minutes": 8,
        "action": "apply"})
    assert response.get_json()["ruling"]["penalty"] == "5"
    assert abs(before - matchpoints() - 5) < 1e-9
    rows = [r for rows in results.standings(store).values() for r in rows]
    assert [p["rule"] for r in rows if r["pair"] == pair for p in r["penalties"]] == ["K11.3"]
    # Changed with a reason, then waived with a reason: each audited.
    refused = http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": pair, "minutes": 8,
        "action": "apply", "penalty": "3"})
    assert refused.get_json()["code"] == "missing_reason"
    http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": pair, "minutes": 8,
        "action": "apply", "penalty": "3", "reason": "traffic accident"})
    assert abs(before - matchpoints() - 3) < 1e-9
    http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": pair, "minutes": 8,
        "action": "waive", "reason": "the director's error"})
    assert matchpoints() == before
    actions = [a["action"] for a in store.audit_rows() if a["entity"] == "late_start"]
    assert actions == ["late_start_applied", "late_start_applied", "late_start_waived"]
    assert "waived" in http.get("/director/players/late").get_data(as_text=True)


def test_k11_3_over_15_minutes_is_flagged_not_taken_off(app: Any) -> None:
    http = login(app)
    store: Store = app.extensions["traveller.store"]
    section = store.tables()[0].section
    response = http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": 1, "minutes": 20,
        "action": "apply"})
    ruling = response.get_json()["ruling"]
    assert (ruling["outcome"], ruling["flagged"], ruling["penalty"]) == ("disqualified", 1, "0")
    assert late_penalties(store) == []
    bad = http.post("/director/players/late", headers=JSON, data={
        "csrf_token": http.csrf, "section": section, "pair": 999, "minutes": 3,
        "action": "apply"})
    assert bad.status_code == 404


def test_the_list_kept_in_memory_follows_every_change_of_it(app: Any) -> None:
    """A table's state holds the players list, kept in memory between pushes: an import here,
    an import rolled back and an import by another process all show at once."""
    store: Store = app.extensions["traveller.store"]
    assert known(store) == {}
    upload(login(app), CSV)
    assert known(store)["101"]["name"] == "Ann North"
    try:
        with store.write() as db:
            sql.import_players(store, db, [{"federation_id": "101", "name": "Rolled Back",
                                            "gender": "F"}], "test", "")
            assert known(store)["101"]["name"] == "Rolled Back"
            raise RuntimeError("abandon the import")
    except RuntimeError:
        pass
    assert known(store)["101"]["name"] == "Ann North"
    other = Store.open(store.path)
    with other.write() as db:
        sql.import_players(other, db, [{"federation_id": "106", "name": "From The CLI",
                                        "gender": "M"}], "cli", "")
    other.close()
    time.sleep(Store.FRESH_SECONDS + 0.05)
    assert known(store)["106"]["name"] == "From The CLI"
    client = join(app, 1)
    assert client.emit("get_players", {"ids": ["106"]}, namespace="/table",
                       callback=True)["players"]["106"] == {"name": "From The CLI",
                                                            "gender": "M"}
