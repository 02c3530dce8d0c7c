"""KC1: a Swiss pairs file rescored (server/publish/rescore_swiss.py): its rounds found from the
boards alone, each match a round's boards between two pairs, ranked by the matches' VP."""

from __future__ import annotations

from typing import Any

from server.publish.rescore_swiss import swiss_pairs
from server.scoring.vp import find_scale


def _board(number: int, *lines: tuple[str, str, float]) -> dict[str, Any]:
    return {"board": number, "results": [{"ns": ns, "ew": ew, "ns_imps": imps}
                                         for ns, ew, imps in lines]}


def test_kc1_rounds_are_runs_of_boards_and_a_repeated_match_is_its_own() -> None:
    boards = [
        _board(1, ("1", "2", 3), ("3", "4", -1)), _board(2, ("1", "2", 2), ("3", "4", 0)),
        _board(3, ("1", "3", -5), ("2", "4", 4)), _board(4, ("1", "3", 0), ("2", "4", 1)),
        # The last round pairs 1 v 2 and 3 v 4 again (KC1.3 allows repeats): a match of its own.
        _board(5, ("1", "2", -7), ("3", "4", 2)), _board(6, ("1", "2", 0), ("3", "4", 2)),
    ]
    ranking = [{"pair": p, "original": None, "score": 0.0} for p in "1234"]
    scored = swiss_pairs(boards, ranking, "wbf2013")
    matches = [(m["round"], m["ns"], m["ew"], m["boards"], m["ns_imps"])
               for m in scored["matches"]]
    assert matches == [(1, "1", "2", 2, 5.0), (1, "3", "4", 2, -1.0), (2, "1", "3", 2, -5.0),
                       (2, "2", "4", 2, 5.0), (3, "1", "2", 2, -7.0), (3, "3", "4", 2, 4.0)]
    scale = find_scale("wbf2013")
    vp = {p: 0.0 for p in "1234"}
    for _, ns, ew, count, imps in matches:
        got = scale.convert(imps, count)
        vp[ns] += got[0]
        vp[ew] += got[1]
    assert {r["pair"]: r["score"] for r in scored["ranking"]} == {
        p: round(v, 2) for p, v in vp.items()}
    assert [r["pair"] for r in scored["ranking"]] == sorted(vp, key=lambda p: -vp[p])


def test_kc1_the_scale_is_the_one_that_gives_the_files_own_vp() -> None:
    boards = [_board(n, ("1", "2", 2 if n <= 5 else 0)) for n in range(1, 9)]  # 10 IMPs in 8
    wbf25 = find_scale("wbf25").convert(10, 8)
    ranking = [{"pair": "1", "original": wbf25[0], "score": 10.0},
               {"pair": "2", "original": wbf25[1], "score": -10.0}]
    scored = swiss_pairs(boards, ranking, None)
    assert scored["vp_scale"] == "wbf25" and scored["match_scoring"] == "vp"
    assert [r["rank"] for r in scored["ranking"]] == [1, 2]
