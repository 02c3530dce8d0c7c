"""Issue 14 item 6: every HTTP route answers hostile input without a 500 or a traceback.

Every rule of `app.url_map`, with its methods, on a pairs event and a teams event, through the
Flask test client: as the logged-in director (with the CSRF token, or without it) and as a
stranger; path parts, query fields, form fields and JSON bodies drawn from the hostile inputs
of `fuzzing.py`. Each answer must be below 500, a refusal to a JSON request (a JSON body, an
Accept header preferring JSON, an /api/ path) must be the envelope, no traceback may reach the
log, and a refusal must leave the event file as it was.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.app import create_app
from server.errors import has_lone_surrogate
from server.store import Store
from tests.conftest import make_event
from tests.integration import teams_event
from tests.integration.fuzzing import (
    BATCH,
    DELIBERATE,
    FUZZ,
    KEYS,
    Watch,
    is_envelope,
    payloads,
    scalars,
    texts,
    tracebacks,
)
from tests.integration.test_director import login

EXAMPLES = {"GET": 4, "POST": 8}
"""Cases per route, method and event file, each of BATCH requests: a POST reads a body, a GET
only its path and query (and renders a page, which costs more): 2 x (41 x 4 + 33 x 8 + 2 x 1)
x 4 = 3,440 requests in all."""

SLOW = {"director.login", "create.submit"}
"""Routes that hash a password on every POST (on purpose slow): a few cases each."""


SKIPPED = {"static", "director.logout", "socketio_transport", "socketio_websocket"}
"""Not fuzzed: the package's own files, logging out, which would end the fuzz's session
(test_14_6_logout_answers_a_json_request_with_the_envelope tries it), and /socket.io/, whose
rule only speeds up Flask-SocketIO's request contexts: Engine.IO answers that path before Flask
(the socket fuzz covers it)."""


class Console:
    def __init__(self, path: Path) -> None:
        self.app = create_app({"DATABASE": str(path), "TESTING": True})
        self.store: Store = self.app.extensions["traveller.store"]
        self.director = login(self.app)
        self.stranger = self.app.test_client()
        self.watch = Watch(self.store)

    def close(self) -> None:
        time.sleep(0.3)  # let the last background push finish before the file closes
        self.store.close()


@pytest.fixture(scope="module", params=["pairs", "teams"])
def console(request: Any, tmp_path_factory: Any) -> Iterator[Console]:
    path = tmp_path_factory.mktemp("fuzz") / "event.db"
    if request.param == "teams":
        teams_event.create(path)
    else:
        make_event(path, tables=4)
    found = Console(path)
    yield found
    found.close()


def _routes() -> list[tuple[str, str, str]]:
    # Collected at import, in every test process: a file of this process's own, never in the tree.
    folder = Path(tempfile.mkdtemp(prefix="traveller-routes-"))
    path = folder / "routes.db"
    try:
        make_event(path, tables=3)
        app = create_app({"DATABASE": str(path), "TESTING": True})
        rules = [(rule.endpoint, rule.rule, method) for rule in app.url_map.iter_rules()
                 for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
                 if rule.endpoint not in SKIPPED]
        app.extensions["traveller.store"].close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rules


ROUTES = _routes()

path_texts = texts.filter(lambda t: not has_lone_surrogate(t)).map(lambda t: quote(t, safe=""))
path_ints = st.one_of(st.integers(0, 40).map(str), st.sampled_from(
    ["9223372036854775808", "18446744073709551616", "99999999999", "²", "٣", "-1", "1.5",
     "0x10", "1e3"]).map(lambda t: quote(t, safe="")))


def path_of(rule: str) -> st.SearchStrategy[str]:
    """A path matching `rule`'s shape, its variable parts drawn from hostile values."""
    parts: list[st.SearchStrategy[str]] = []
    rest = rule
    while "<" in rest:
        before, _, after = rest.partition("<")
        variable, _, rest = after.partition(">")
        parts.append(st.just(before))
        parts.append(path_ints if variable.startswith("int:") else path_texts.filter(bool))
    parts.append(st.just(rest))
    return st.tuples(*parts).map("".join)


# A lone surrogate cannot travel in a URL or a form (it is not UTF-8): only a JSON escape
# carries one, and the JSON bodies do.
form_values = scalars.map(lambda v: v if isinstance(v, str) else str(v)).filter(
    lambda t: not has_lone_surrogate(t))
forms = st.dictionaries(st.sampled_from((*KEYS, "csrf_token", "x")), form_values, max_size=5)


ENTRY = {"table": "1", "round": "1", "why": "a ruling"}
VALID_BODIES: dict[str, dict[str, str]] = {
    "director.change_clock": {"table": "A1", "round": "1", "minutes": "5", "why": "late"},
    "director.acknowledge_alert": {"key": "late:A:1:1"},
    "director.rule_slow_play": {"action": "apply", "penalty": "1", "reason": "slow"},
    "director.answer_call": {"answer": "coming"},
    "rulings.correct": {**ENTRY, "contract": "4S", "declarer": "N", "tricks": "10"},
    "rulings.delete": ENTRY,
    "rulings.undo": ENTRY,
    "rulings.adjust": {**ENTRY, "choice": "avg+", "ns": "60", "ew": "40"},
    "rulings.unadjust": ENTRY,
    "rulings.add_penalty": {"pair": "1", "why": "noise", "percent_of_top": "10"},
    "rulings.withdraw": {"pair": "1", "why": "ill", "last_round": "2"},
    "rulings.remove_penalty": {"why": "mistake"},
    "rulings.publication": {"published": "true", "why": "done"},
    "setup.change": {"clock_minutes": "8", "lead": "optional", "name": "Club", "why": "x"},
    "setup.print_document": {"round": "1"},
    "players.rule_late": {"section": "A", "pair": "1", "minutes": "5", "action": "apply"},
    "teams.change_team": {"name": "Team", "captain": "Ann", "eligible": "yes"},
    "teams.unlock": {"round": "1", "table": "1", "board": "1", "why": "late"},
    "teams.pair": {"round": "2"},
    "teams.walkover": {"round": "1", "team": "1", "why": "absent"},
    "teams.disqualify": {"team": "1", "why": "ineligible"},
    "teams.vp_penalty": {"team": "1", "value": "1", "why": "noise"},
    "teams.imp_penalty": {"team": "1", "round": "1", "value": "3", "why": "noise"},
    "teams.late": {"team": "1", "minutes": "5", "why": "late"},
    "teams.remove": {"why": "mistake"},
    "competition.advance": {"why": "next"},
    "competition.undo": {"why": "back"},
    "competition.decide": {"key": "x", "value": "1"},
}
"""A valid body of each console form: the fuzz changes one or two of its fields, so the checks
past the first see hostile values too."""


def near_valid(endpoint: str) -> st.SearchStrategy[dict[str, Any]]:
    base = VALID_BODIES[endpoint]
    keys = st.sampled_from(sorted({*base, *KEYS[:12]}))
    return st.dictionaries(keys, st.one_of(st.none(), scalars), min_size=1, max_size=2).map(
        lambda changed: {k: v for k, v in (base | changed).items() if v is not None})


@st.composite
def requests(draw: Any, rule: str, method: str, endpoint: str) -> dict[str, Any]:
    query = draw(st.dictionaries(st.sampled_from(("next", "lang", "round", "board", "x")),
                                 form_values, max_size=2))
    request: dict[str, Any] = {"path": draw(path_of(rule)), "query_string": query,
                               "headers": {}}
    accept = draw(st.sampled_from([None, "application/json", "text/html", "*/*"]))
    if accept:
        request["headers"]["Accept"] = accept
    if method == "POST":
        body = draw(st.sampled_from(["json", "form", "none"]))
        near = endpoint in VALID_BODIES and draw(st.booleans())
        if body == "json":
            request["json"] = draw(near_valid(endpoint) if near else payloads)
        elif body == "form":
            sent = draw(near_valid(endpoint)) if near else draw(forms)
            request["data"] = {k: v if isinstance(v, str) else str(v) for k, v in sent.items()
                               if not (isinstance(v, str) and has_lone_surrogate(v))}
    request["csrf"] = draw(st.sampled_from([True, True, True, False]))
    request["who"] = draw(st.sampled_from(["director", "director", "stranger"]))
    return request


def send(console: Console, method: str, request: dict[str, Any]) -> None:
    client = console.director if request["who"] == "director" else console.stranger
    headers = dict(request["headers"])
    if request["csrf"] and request["who"] == "director":
        headers["X-CSRF-Token"] = client.csrf
    console.watch.before()
    with tracebacks() as logged:
        if "json" in request:
            body: dict[str, Any] = {"data": json.dumps(request["json"]),
                                    "content_type": "application/json"}
        else:
            body = {"data": request.get("data")}
        response = client.open(request["path"], method=method, headers=headers,
                               query_string=request["query_string"], **body)
    assert not logged.records, logged.text()
    status = response.status_code
    assert status < 500, f"{method} {request['path']}: {status} {response.get_data()[:300]!r}"
    if status < 400:
        return
    json_asked = ("json" in request or headers.get("Accept") == "application/json"
                  or "/api/" in request["path"])
    if json_asked:
        assert response.is_json, f"{method} {request['path']}: {status} is not JSON"
        assert is_envelope(response.get_json()), response.get_json()
        code = response.get_json()["code"]
    else:
        assert b"Traceback" not in response.get_data()
        code = None
    if code not in DELIBERATE:
        assert console.watch.unchanged(), f"{method} {request['path']} changed the event"


@pytest.mark.parametrize(("endpoint", "rule", "method"), ROUTES,
                         ids=[f"{m} {r}" for _, r, m in ROUTES])
def test_14_6_every_route_answers_hostile_input(console: Console, endpoint: str, rule: str,
                                               method: str) -> None:
    @settings(parent=FUZZ, max_examples=1 if endpoint in SLOW and method == "POST"
              else EXAMPLES[method])
    @given(batch=st.lists(requests(rule, method, endpoint), min_size=BATCH, max_size=BATCH))
    def run(batch: list[dict[str, Any]]) -> None:
        for request in batch:
            send(console, method, request)

    run()


def test_14_6_logout_answers_a_json_request_with_the_envelope(console: Console) -> None:
    response = console.stranger.post("/director/logout", json={"x": 1})
    assert response.status_code == 400 and is_envelope(response.get_json())
