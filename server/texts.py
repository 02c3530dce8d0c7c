"""Texts built in Python that a director or a player reads: kept as messages, worded in English
here and in the page's language where they are shown.

A message is a dict with `text_key`, an English text with named `%(name)s` values (the key of
the console's catalogs), and `values`. A value may itself be a message (a criterion's or a
document's name, worded in the same language), a list of messages (worded and separated by
commas), or plain text and numbers, shown as they are. Where a message is expected, a list or
plain text may stand too. `english()` words a message the way the JSON fields have always
carried it; the console words the same message in the page's language: `server.web.i18n.say`
on pages, `say()` in the scripts (static/director.js).

`N_()` marks an English text as a catalog key where it is written, without translating it: the
language test collects those keys with the ones of `_()` and `translate()`. The catalogs
themselves (`server/web/i18n/{id,pl}.json`, English text as key) are read here, below every
layer, so the console and the printed paper word the same texts the same way: `translate(text,
lang)` and `say(message, lang)`; the console's `server.web.i18n` adds the page's language.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

Message = dict[str, Any]

LANGUAGES = {"en": "English", "id": "Bahasa Indonesia", "pl": "Polski"}
"""The languages of the console and of the paper, by code, each named in itself."""
CATALOGS = Path(__file__).parent / "web" / "i18n"


@cache
def catalog(lang: str) -> dict[str, str]:
    """`lang`'s translations, keyed by their English text (none for English or an unknown
    language, which fall back to English)."""
    path = CATALOGS / f"{lang}.json"
    if lang == "en" or lang not in LANGUAGES or not path.is_file():
        return {}
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def translate(text: str, lang: str, **values: Any) -> str:
    """`text` in `lang` (English when there is no translation), with `%(name)s` values
    filled in."""
    out = catalog(lang).get(text) or text
    return out % values if values else out


def say(text: Any, lang: str) -> str:
    """A message (`message()`) in `lang`: its key and every value that is itself a message
    translated, the rest as it is."""
    words = catalog(lang)
    return word(text, lambda key: words.get(key) or key)


def N_(text: str) -> str:
    """`text` itself: marks it as a key of the catalogs (gettext's no-op marker)."""
    return text


def message(text_key: str, **values: Any) -> Message:
    """A message: `text_key` with its named values."""
    return {"text_key": text_key, "values": values}


def is_message(text: Any) -> bool:
    return isinstance(text, dict) and isinstance(text.get("text_key"), str)


def word(text: Any, translate: Callable[[str], str] | None = None) -> str:
    """`text` worded: a message's key through `translate` (English without it) with its values
    worded the same way, a list joined with commas, anything else as `str()` has it."""
    if is_message(text):
        values = {name: word(value, translate) for name, value in
                  (text.get("values") or {}).items()}
        key = text["text_key"]
        out = translate(key) if translate else key
        return out % values if values else out
    if isinstance(text, list | tuple):
        return ", ".join(word(part, translate) for part in text)
    return str(text)


def english(text: Any) -> str:
    """A message in English, as the JSON answers carry it."""
    return word(text)
