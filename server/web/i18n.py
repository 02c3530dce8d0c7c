"""The console's languages: English, Indonesian and Polish.

Every string a director or a player reads in a console or results page goes through `_()`:
in templates `{{ _("Log out") }}`, with named values `{{ _("Round %(n)s", n=3) }}`, and in
Python `translate("...")`. The English text is the key; `i18n/id.json` and `i18n/pl.json` map
it to the translation, and a test checks that every key used has both. A missing translation
falls back to English, so a new string never breaks a page.

The language is chosen with `?lang=id` on any page (kept in the session), else taken from the
browser's Accept-Language, else English. Error sentences from the server stay in English in
JSON answers (scripts read the `code`); pages show them translated when the catalog has them.

Texts the server builds (an alert, a tie-break reason, a ruling, an audit summary) keep their
English field and carry a message besides (`server.texts`): `{{ say(message) }}` in a template,
`say(message)` in the console's scripts, words it in the page's language.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request, session

from .. import texts
from ..texts import CATALOGS, LANGUAGES, catalog

__all__ = ["CATALOGS", "LANGUAGES", "catalog", "current_language", "install_i18n", "say",
           "translate"]


def current_language() -> str:
    if not has_request_context():
        return "en"
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        session["lang"] = asked
        return asked
    kept = session.get("lang")
    if kept in LANGUAGES:
        return str(kept)
    best = request.accept_languages.best_match(list(LANGUAGES))
    return best or "en"


def translate(text: str, lang: str | None = None, **values: Any) -> str:
    """`text` in the page's language (English when there is no translation), with
    `%(name)s` values filled in."""
    return texts.translate(text, lang or current_language(), **values)


def say(text: Any, lang: str | None = None) -> str:
    """A message built by the server (`server.texts`) in the page's language: its key and
    every value that is itself a message translated, the rest as it is."""
    return texts.say(text, lang or current_language())


def install_i18n(app: Flask) -> None:
    app.jinja_env.globals["_"] = translate
    app.jinja_env.globals["say"] = say
    app.jinja_env.globals["languages"] = LANGUAGES

    @app.context_processor
    def language() -> dict[str, Any]:
        lang = current_language()
        return {"lang": lang, "js_catalog": catalog(lang)}
