"""The `traveller` parser, put together from its command groups (server/cli/): the commands of
the design's command line and no unknown one, each run by a handler of its own group, each
group's parsers the very ones `build_parser()` returns, in the order `traveller --help` lists."""

from __future__ import annotations

import argparse
import inspect
import subprocess
import sys
from collections.abc import Callable
from types import ModuleType

import pytest

from server import cli
from tests.conftest import REPO

# DESIGN.md, "The command line (stable: scripts and checks rely on it)".
DESIGN = {
    "demo", "new", "serve", "tables", "movement", "rescore", "vp", "simulate", "print", "export",
    "deals", "backup", "restore", "check", "players", "robots", "standings", "venue", "exchange",
    "publish",
}
# Commands beside the design's list: https certificates (the manual: https at the venue), D4.7.
EXTRA = {"cert", "join"}
# As `traveller --help` has always listed them.
ORDER = (
    "demo", "new", "serve", "cert", "backup", "restore", "check", "tables", "movement",
    "rescore", "export", "deals", "players", "vp", "simulate", "robots", "standings", "join",
    "print", "venue", "exchange", "publish",
)


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def shape(parser: argparse.ArgumentParser) -> tuple[object, ...]:
    """What a parser takes and says, handler aside: every argument with its settings, the
    mutually exclusive groups and the help text."""
    actions = tuple(
        (type(a).__name__, tuple(a.option_strings), a.dest, a.nargs, a.const, a.default,
         a.type, None if a.choices is None else tuple(a.choices), a.required, a.help, a.metavar)
        for a in parser._actions
    )
    groups = tuple(tuple(a.dest for a in g._group_actions)
                   for g in parser._mutually_exclusive_groups)
    return parser.prog, actions, groups, parser.format_help()


def adders(module: ModuleType) -> dict[str, Callable[..., None]]:
    return {name.removeprefix("add_"): fn for name, fn in inspect.getmembers(module)
            if name.startswith("add_") and inspect.getmodule(fn) is module}


def test_the_commands_are_the_designs_and_the_extra_ones_in_their_order() -> None:
    commands = subcommands(cli.build_parser())
    assert set(commands) == DESIGN | EXTRA
    assert tuple(commands) == ORDER


@pytest.mark.parametrize("name", ORDER)
def test_every_command_has_a_handler_in_its_group(name: str) -> None:
    parser = subcommands(cli.build_parser())[name]
    handler = parser.get_default("func")
    assert callable(handler) and handler.__name__ == f"cmd_{name}"
    (group,) = [g for g in cli.GROUPS if name in adders(g)]
    assert inspect.getmodule(handler) is group
    assert dict(inspect.signature(handler).parameters).keys() == {"args"}


def test_each_group_makes_the_parsers_build_parser_returns() -> None:
    built = subcommands(cli.build_parser())
    seen: list[str] = []
    for group in cli.GROUPS:
        for name, add in adders(group).items():
            alone = argparse.ArgumentParser(prog="traveller")
            add(alone.add_subparsers(dest="command", required=True))
            assert list(subcommands(alone)) == [name], f"{group.__name__}.add_{name}"
            assert shape(subcommands(alone)[name]) == shape(built[name]), name
            seen.append(name)
    # Each command in one group only, and every group's adder in the parser.
    assert sorted(seen) == sorted(built)
    assert {f"{a.__module__}.{a.__name__}" for a in cli.COMMANDS} == {
        f"{g.__name__}.add_{n}" for g in cli.GROUPS for n in adders(g)}


def test_main_runs_the_handler_of_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["vp", "--scale", "wbf2013", "--boards", "16", "--imps", "0"]) == 0
    assert capsys.readouterr().out == "10.00 10.00\n"
    assert cli.main(["vp", "--scale", "nonesuch", "--boards", "16", "--imps", "0"]) == 1
    assert capsys.readouterr().err.startswith("traveller: ")


def test_importing_the_command_loads_nothing_a_serving_command_patches_first() -> None:
    """gevent patches in before the server is imported: the command's modules import only the
    standard library, the errors and each other at their top."""
    code = ("import sys; before = set(sys.modules); import server.cli; "
            "print('\\n'.join(sorted(set(sys.modules) - before)))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout.split()
    ours = {m for m in loaded if m.split(".")[0] in ("server", "printer")}
    assert ours == {"server", "server.errors", "server.cli",
                    *(g.__name__ for g in cli.GROUPS), "server.cli.common"}
    assert not {m for m in loaded if m.split(".")[0] in ("gevent", "flask", "socketio",
                                                            "sqlite_utils", "sqlite3", "escpos")}


@pytest.mark.parametrize("module", ["server", "server.cli"])
def test_python_dash_m_runs_traveller(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("usage: traveller ")
