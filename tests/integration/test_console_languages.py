"""The console in English, Indonesian and Polish: every string a page reads through `_()`
(templates), `translate()` (Python) or `T()` (scripts, in templates or in static/*.js) has both
translations."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "server" / "web"
CALL = re.compile(r"""(?:\b_|\btranslate|\bT)\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")


def used_strings() -> set[str]:
    found: set[str] = set()
    files = [*WEB.glob("templates/*.html"), *WEB.glob("static/*.js"), *ROOT.glob("server/*.py"),
             *(p for p in WEB.glob("*.py") if p.name != "i18n.py")]
    for path in files:
        for double, single in CALL.findall(path.read_text(encoding="utf-8")):
            text = double or single
            found.add(text.replace('\\"', '"').replace("\\'", "'"))
    return found


@pytest.mark.parametrize("lang", ["id", "pl"])
def test_every_console_string_has_a_translation(lang: str) -> None:
    catalog = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    used = used_strings()
    assert len(used) > 20
    missing = sorted(used - set(catalog))
    assert not missing, f"{lang}: {len(missing)} strings without a translation: {missing[:10]}"
    stale = sorted(set(catalog) - used)
    assert not stale, f"{lang}: translations of strings no page uses: {stale[:10]}"
    for key, value in catalog.items():
        # The same named values on both sides, so a translation never breaks a page.
        assert sorted(re.findall(r"%\((\w+)\)s", key)) == sorted(
            re.findall(r"%\((\w+)\)s", value)), key


def test_the_language_is_chosen_on_the_page_and_kept(app: Any) -> None:
    client = app.test_client()
    page = client.get("/director/login?lang=pl").get_data(as_text=True)
    assert '<html lang="pl">' in page and "Hasło" in page and "Zaloguj" in page
    page = client.get("/director/login").get_data(as_text=True)
    assert '<html lang="pl">' in page  # kept in the session
    page = client.get("/director/login?lang=id").get_data(as_text=True)
    assert "Kata sandi" in page and "Masuk" in page
    page = client.get("/director/login?lang=en").get_data(as_text=True)
    assert "Password" in page


def test_the_browser_language_is_the_default(app: Any) -> None:
    page = app.test_client().get("/director/login",
                          headers={"Accept-Language": "id-ID,id;q=0.9,en;q=0.5"})
    assert '<html lang="id">' in page.get_data(as_text=True)
