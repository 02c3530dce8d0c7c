"""Set-up (KD3: every rule is a setting, changed in the director console and logged): the
settings page, growing the event before round 1, and hand records from PBN."""

from __future__ import annotations

import io
import json
import uuid
from typing import Any

from server.movements import build_movement
from server.table.entry import submit_result
from server.table.terminals import event_wire
from tests.conftest import DIRECTOR, received
from tests.integration.test_clocks import JSON, post, table_client
from tests.integration.test_director import login

DEAL = "N:AKQJ.T98.765.432 T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9"


def audit(store: Any, entity_id: str) -> list[dict[str, Any]]:
    return [r for r in store.audit_rows() if r["entity_id"] == entity_id]


def enter_first_result(store: Any) -> None:
    ack = submit_result(store, store.tables()[0],
                             {"op_id": str(uuid.uuid4()), "board": 1, "contract": "3N",
                              "declarer": "S", "tricks": 9}, 1_700_000_000_000, actor="test")
    assert ack["ok"], ack


def test_kd3_the_settings_page_shows_every_setting(app: Any) -> None:
    http = login(app)
    page = http.get("/director/setup/").get_data(as_text=True)
    for name in ("name", "movement", "tables", "sections", "boards_per_round", "rounds",
                 "clock_minutes", "clock_per_boards", "lead", "mini_bridge", "show_traveller",
                 "scoring", "scale", "factoring"):
        assert f'name="{name}"' in page, name
    settings = http.get("/director/setup/api/settings", headers=JSON).json
    assert settings["ok"] and settings["locked"] is False
    assert settings["settings"]["tables"] == 6 and settings["settings"]["lead"] == "optional"


def test_kd3_a_change_is_stored_and_audited_with_who_old_new_and_why(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    response = post(http, "/director/setup/", lead="required", clock_minutes="7.5",
                    name="Club night", why="club rules")
    assert response.status_code == 200, response.json
    assert sorted(response.json["changed"]) == ["clock_minutes", "lead", "name"]
    assert store.setting("preset")["lead"] == "required"
    assert store.setting("preset")["clock_minutes"] == 7.5
    assert store.setting("name") == "Club night"
    row = audit(store, "preset.lead")[-1]
    assert (row["actor"], row["old"], row["new"], row["why"]) == (DIRECTOR, '"optional"',
                                                                 '"required"', "club rules")
    assert audit(store, "name")[-1]["new"] == '"Club night"'
    # The terminals enter results by the new rule.
    assert event_wire(store)["lead"] == "required"


def test_kd3_an_unchanged_setting_writes_no_audit_row(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    before = len(store.audit_rows())
    assert post(http, "/director/setup/", lead="optional").json["changed"] == []
    assert len(store.audit_rows()) == before


def test_kd3_every_bad_field_is_reported_at_once_and_nothing_is_stored(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    response = post(http, "/director/setup/", tables="0", lead="sometimes", name="Fine")
    assert response.status_code == 400
    assert response.json["code"] == "invalid_settings"
    assert "Tables per section" in response.json["error"]
    assert "Opening lead" in response.json["error"]
    assert store.setting("name") != "Fine"


def test_the_html_form_redirects_and_shows_its_errors(app: Any) -> None:
    http = login(app)
    ok = http.post("/director/setup/", data={"csrf_token": http.csrf, "mini_bridge": "yes"})
    assert ok.status_code == 302
    assert app.extensions["traveller.store"].setting("preset")["mini_bridge"] is True
    bad = http.post("/director/setup/", data={"csrf_token": http.csrf, "tables": "x"})
    assert bad.status_code == 400
    assert "not a whole number" in bad.get_data(as_text=True)
    assert http.post("/director/setup/", data={"lead": "off"}).status_code == 400  # no CSRF


def test_setup_needs_the_director(app: Any) -> None:
    client = app.test_client()
    assert client.get("/director/setup/").status_code == 302
    assert client.get("/director/setup/api/deals/1", headers=JSON).status_code == 401


def test_growing_the_event_keeps_old_tokens_and_seats_new_tables(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    before = {(t.section, t.number): t.token for t in store.tables()}
    assert len(before) == 6
    terminal = table_client(app, 1)
    response = post(http, "/director/setup/", tables="8", why="two late pairs")
    assert response.status_code == 200, response.json
    assert response.json["added"] == ["A7", "A8"] and response.json["removed"] == []
    after = {(t.section, t.number): t.token for t in store.tables()}
    assert len(after) == 8
    assert all(after[key] == token for key, token in before.items())
    assert len(set(after.values())) == 8
    # The schedule is a fresh 8-table Mitchell, and the cached seatings are the new ones.
    assert store.setting("movement")["tables"] == 8
    assert store.setting("movement")["rounds"] == max(s.round for s in store.seatings()) >= 7
    assert {s.table_number for s in store.seatings()} == set(range(1, 9))
    assert store.seatings("A", 8)[0].ns_pair == 8
    # Connected terminals get their new state; new tables' tokens work.
    assert received(terminal, "state", "/table")
    assert store.table_by_token(after[("A", 8)]) is not None
    actions = [r["action"] for r in store.audit_rows()]
    assert actions.count("table_added") == 2 and "seatings_regenerated" in actions
    row = audit(store, "movement.tables")[-1]
    assert (row["old"], row["new"], row["why"]) == ("6", "8", "two late pairs")


def test_shrinking_the_event_removes_tables_and_their_tokens(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    gone = store.tables()[-1].token
    response = post(http, "/director/setup/", tables="5")
    assert response.json["removed"] == ["A6"]
    assert store.table_by_token(gone) is None
    assert len(store.tables()) == 5 and max(s.table_number for s in store.seatings()) == 5


def test_sections_and_boards_per_round_reseat_the_event(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    response = post(http, "/director/setup/", sections="2", boards_per_round="2", rounds="4")
    assert response.status_code == 200, response.json
    assert store.setting("sections") == ["A", "B"]
    assert {t.section for t in store.tables()} == {"A", "B"}
    assert len(store.tables()) == 12
    assert all(len(s.boards) == 2 for s in store.seatings())
    assert max(s.round for s in store.seatings()) == 4
    assert audit(store, "sections")[-1]["new"] == '["A", "B"]'
    # Empty rounds goes back to the full movement.
    full = len(build_movement("mitchell", tables=6, boards_per_round=2).rounds)
    post(http, "/director/setup/", rounds="")
    assert store.setting("movement")["rounds"] == full > 4


def test_an_impossible_movement_is_refused_and_nothing_changes(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    tokens = [t.token for t in store.tables()]
    response = post(http, "/director/setup/", movement="barometer", tables="99")
    assert response.status_code == 400 and response.json["code"] == "bad_movement"
    assert [t.token for t in store.tables()] == tokens
    assert store.setting("movement")["tables"] == 6


def test_after_the_first_result_the_movement_is_fixed_but_the_rest_stays_editable(
        app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    enter_first_result(store)
    refused = post(http, "/director/setup/", tables="8", lead="off")
    assert refused.status_code == 409 and refused.json["code"] == "event_started"
    assert "tables per section" in refused.json["error"]
    assert len(store.tables()) == 6 and store.setting("preset")["lead"] == "optional"
    for field, value in (("boards_per_round", "4"), ("sections", "2"), ("rounds", "3"),
                         ("movement", "howell")):
        assert post(http, "/director/setup/", **{field: value}).status_code == 409, field
    allowed = post(http, "/director/setup/", name="Renamed", clock_minutes="9", lead="off",
                   show_traveller="no", why="director's decision")
    assert allowed.status_code == 200, allowed.json
    assert store.setting("preset")["show_traveller"] is False
    assert audit(store, "preset.show_traveller")[-1]["why"] == "director's decision"
    page = http.get("/director/setup/").get_data(as_text=True)
    assert 'data-testid="setup-locked"' in page


PBN = f"""% PBN 2.1
[Event "Club night"]
[Board "1"]
[Deal "{DEAL}"]

[Board "2"]
[Deal "E:AKQJ.T98.765.432 T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9"]
"""


def upload(http: Any, text: str, name: str = "hands.pbn") -> Any:
    return http.post("/director/setup/deals", headers=JSON, content_type="multipart/form-data",
                     data={"csrf_token": http.csrf, "file": (io.BytesIO(text.encode()), name)})


def test_hand_records_import_from_pbn_with_an_audit_row(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    response = upload(http, PBN)
    assert response.status_code == 200, response.json
    assert response.json["boards"] == [1, 2]
    deal = http.get("/director/setup/api/deals/2", headers=JSON).json
    assert deal["ok"] and deal["deal"]["north"] == "432.J432.T98.JT9"
    assert deal["deal"]["east"] == "AKQJ.T98.765.432"
    assert deal["deal"]["west"] == "765.765.AKQJ.AKQ"
    assert http.get("/director/setup/api/deals/3", headers=JSON).status_code == 404
    row = [r for r in store.audit_rows() if r["action"] == "deals_imported"][-1]
    assert (row["actor"], row["entity_id"], row["new"]) == (DIRECTOR, "hands.pbn", "1,2")
    page = http.get("/director/setup/deals").get_data(as_text=True)
    assert "765.765.AKQJ.AKQ" in page and 'data-board="2"' in page
    assert len(http.get("/director/setup/api/deals", headers=JSON).json["deals"]) == 2


def test_a_bad_hand_record_is_refused_with_its_board_and_line(app: Any) -> None:
    http = login(app)
    bad = PBN.replace('[Deal "E:AKQJ', '[Deal "E:AKQ')
    response = upload(http, bad)
    assert response.status_code == 400 and response.json["code"] == "bad_deal"
    assert "hands.pbn line 7, board 2" in response.json["error"]
    assert http.get("/director/setup/api/deals/1", headers=JSON).status_code == 404
    page = http.post("/director/setup/deals", content_type="multipart/form-data",
                     data={"csrf_token": http.csrf,
                           "file": (io.BytesIO(bad.encode()), "hands.pbn")})
    assert page.status_code == 400 and "board 2" in page.get_data(as_text=True)


def test_reimporting_a_board_replaces_its_deal(app: Any) -> None:
    http = login(app)
    upload(http, PBN)
    swapped = '[Board "1"]\n[Deal "E:' + DEAL[2:] + '"]\n'
    assert upload(http, swapped).status_code == 200
    deal = http.get("/director/setup/api/deals/1", headers=JSON).json["deal"]
    assert deal["east"] == "AKQJ.T98.765.432"
    assert json.loads(json.dumps(deal))["pbn"].startswith("N:")
