"""The manual against the code: the command line reference is the `traveller` parser's.

Every subcommand of `build_parser()` has its section in docs/reference/cli.md (a `(cmd-NAME)=`
label and an `argparse` directive with `:path: NAME`, which Sphinx fills from the parser), every
command the pages name exists, and the subcommands with a `--json` flag are exactly those whose
output docs/reference/json.md describes (a `(json-NAME)=` label). The presets of `seeds/` and
every setting a preset may hold are in docs/reference/presets.md, and the director's guide and
the players' page exist in the three languages with the same sections. `make docs` builds the
pages with every warning an error; these tests read them as text.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from server.cli import build_parser
from server.formats.preset import _SCHEMA

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
REFERENCE = DOCS / "reference"
LANGUAGES = ("en", "id", "pl")
GUIDES = ("director.md", "table.md")

# `traveller NAME` inside code: a span in backticks or a fenced block.
_CODE = re.compile(r"```.*?```|`[^`\n]+`", re.S)
_COMMAND = re.compile(r"(?<![\w/.-])traveller ([a-z][a-z-]*)")


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("traveller has no subcommands")


def with_json() -> set[str]:
    return {name for name, sub in subcommands().items()
            if any("--json" in action.option_strings for action in sub._actions)}


def labels(page: Path, prefix: str) -> list[str]:
    return re.findall(rf"^\({prefix}-([a-z-]+)\)=$", page.read_text(encoding="utf-8"), re.M)


def pages() -> list[Path]:
    return [*sorted(DOCS.rglob("*.md")), REPO / "README.md"]


def test_every_subcommand_has_its_section_in_the_reference() -> None:
    sections = labels(REFERENCE / "cli.md", "cmd")
    assert len(sections) == len(set(sections)), "a subcommand documented twice"
    assert set(sections) == set(subcommands())


def test_every_section_renders_its_subcommand_from_the_parser() -> None:
    text = (REFERENCE / "cli.md").read_text(encoding="utf-8")
    directives = re.findall(r"```\{argparse\}\n(.*?)```", text, re.S)
    paths = []
    for options in directives:
        assert ":module: server.cli\n" in options and ":func: build_parser\n" in options
        assert ":prog: traveller\n" in options
        paths += re.findall(r"^:path: (\S+)$", options, re.M)
    assert sorted(paths) == sorted(subcommands())


def test_every_command_the_docs_name_exists() -> None:
    known = set(subcommands())
    named: dict[str, set[str]] = {}
    for page in pages():
        for code in _CODE.findall(page.read_text(encoding="utf-8")):
            for name in _COMMAND.findall(code):
                named.setdefault(name, set()).add(str(page.relative_to(REPO)))
    unknown = {name: sorted(where) for name, where in named.items() if name not in known}
    assert not unknown, f"commands the docs name that traveller lacks: {unknown}"
    assert known <= set(named), f"never named in code: {known - set(named)}"


def test_every_json_output_is_documented_and_every_documented_one_exists() -> None:
    documented = labels(REFERENCE / "json.md", "json")
    assert len(documented) == len(set(documented)), "a schema documented twice"
    assert set(documented) == with_json()


def test_each_json_section_is_linked_from_its_command() -> None:
    text = (REFERENCE / "cli.md").read_text(encoding="utf-8")
    for name in with_json():
        assert f"json-{name}>`" in text or f"{{ref}}`json-{name}`" in text, name


def test_every_preset_of_seeds_is_in_the_reference() -> None:
    text = (REFERENCE / "presets.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((REPO / "seeds").glob("*.toml")) if f"`{p.name}`" not in text]
    assert not missing


@pytest.mark.parametrize("section", sorted(_SCHEMA))
def test_every_setting_a_preset_may_hold_is_in_the_reference(section: str) -> None:
    text = (REFERENCE / "presets.md").read_text(encoding="utf-8")
    assert f"[{section}]" in text
    # A setting is a table's first cell, or a key named in the competition's sections.
    missing = [key for key in _SCHEMA[section]
               if f"| `{key}` |" not in text and f"`{key}`" not in text]
    assert not missing, f"[{section}]: {missing}"


def _outline(page: Path) -> tuple[int, int, int]:
    text = _CODE.sub("", page.read_text(encoding="utf-8"))
    return (len(re.findall(r"^## ", text, re.M)), len(re.findall(r"^### ", text, re.M)),
            len(re.findall(r"!\[", text)))


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guides_exist_in_every_language_with_the_same_sections(guide: str) -> None:
    outlines = {lang: _outline(DOCS / lang / guide) for lang in LANGUAGES}
    assert len(set(outlines.values())) == 1, outlines
