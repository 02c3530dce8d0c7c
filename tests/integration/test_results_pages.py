"""The results pages: publication switch, rankings with tie-break reasons, travellers,
scorecards and the projector's ranking after each completed round (K4.3)."""

from __future__ import annotations

from typing import Any

from tests.conftest import DIRECTOR
from tests.integration.test_director import login
from tests.integration.test_rulings import audit, board_one, play, post


def publish(app: Any, on: bool = True) -> Any:
    client = login(app)
    response = post(client, "/director/publication", published=on, why="round 1 done")
    assert response.json == {"ok": True, "published": on}
    return client


def test_results_are_closed_until_the_director_publishes(app: Any) -> None:
    public = app.test_client()
    closed = public.get("/results/api/standings")
    assert closed.status_code == 403 and closed.json == {
        "ok": False, "code": "results_not_published", "status": 403,
        "error": "the results are not published yet: the director publishes them"}
    page = public.get("/results/")
    assert page.status_code == 403 and "not published yet" in page.get_data(as_text=True)
    assert public.get("/results/projector").status_code == 403
    publish(app)
    assert public.get("/results/").status_code == 200
    assert public.get("/results/api/standings").json["ok"] is True
    row = audit(app, "setting")[-1]
    assert (row["entity_id"], row["old"], row["new"], row["actor"], row["why"]) == (
        "results_published", None, "true", DIRECTOR, "round 1 done")
    publish(app, on=False)
    assert public.get("/results/board/1").status_code == 403


def test_director_sees_results_without_publishing(app: Any) -> None:
    client = login(app)
    assert client.get("/results/").status_code == 200


def test_k17_3_level_pairs_show_the_tie_break_reason(app: Any) -> None:
    # NS 1 and NS 6 both make +420 on board 1: level, and they never met.
    for board in (16, 17, 18):
        play(app, 6, board, "PASS", 0)
    play(app, 1, 1, "4S", 10)
    play(app, 6, 1, "4S", 10)
    publish(app)
    ranking = app.test_client().get("/results/api/standings").json["standings"]
    ns = {r["pair"]: r for r in ranking["NS"]}
    assert ns[1]["percentage"] == ns[6]["percentage"] == 50.0
    assert ns[1]["tie"][0].startswith("K17.3 (1)") and "did not meet" in ns[1]["tie"][0]
    page = app.test_client().get("/results/").get_data(as_text=True)
    assert "K17.3 (2)" in page


def test_traveller_and_scorecard(app: Any) -> None:
    board_one(app)
    publish(app)
    public = app.test_client()
    traveller = public.get("/results/api/board/1").json
    assert [(r["ns_pair"], r["ns_score"], r["ns_mp"]) for r in traveller["results"]] == [
        (6, 450, 2.0), (1, 420, 0.0)]
    card = public.get("/results/api/pair/7").json
    first = card["boards"][0]
    assert (card["direction"], first["board"], first["score"], first["mp"]) == ("EW", 1, -420,
                                                                                 2.0)
    assert public.get("/results/pair/7").status_code == 200
    assert "+450" in public.get("/results/board/1").get_data(as_text=True)
    assert public.get("/results/api/pair/99").json["code"] == "unknown_pair"


def test_k4_3_projector_ranks_after_each_completed_round(app: Any) -> None:
    store = app.extensions["traveller.store"]
    publish(app)
    public = app.test_client()
    assert public.get("/results/api/projector").json["round"] == 0
    for seating in [s for s in store.seatings() if s.round == 1]:
        for board in seating.boards:
            play(app, seating.table_number, board, "3N", 9 if seating.ns_pair % 2 else 8)
    first = public.get("/results/api/projector").json
    assert first["round"] == 1
    # Round 2 started but not finished: the projector still shows the ranking after round 1.
    play(app, 1, 4, "3N", 10)
    assert public.get("/results/api/projector").json == first
    for seating in [s for s in store.seatings() if s.round == 2]:
        for board in seating.boards:
            if (seating.table_number, board) != (1, 4):
                play(app, seating.table_number, board, "3N", 9)
    second = public.get("/results/api/projector").json
    assert second["round"] == 2
    assert all(len(r["places"]) == 2 for r in second["standings"]["NS"])
    page = public.get("/results/projector").get_data(as_text=True)
    assert 'http-equiv="refresh"' in page and "After round 2" in page


def test_adjusted_score_shows_on_the_public_traveller(app: Any) -> None:
    board_one(app)
    client = publish(app)
    post(client, "/director/board/1/adjust", table=1, round=1, choice="60/40", why="fouled")
    traveller = app.test_client().get("/results/api/board/1").json
    line = next(r for r in traveller["results"] if r["ns_pair"] == 1)
    assert (line["adjusted"], line["ns_pct"], line["ew_pct"]) == ("60% / 40%", 60.0, 40.0)
