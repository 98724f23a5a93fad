"""Every command says what it does, and every option what it means and what it is unless given."""

from __future__ import annotations

import argparse

from grail_tui.cli import build_parser

SKIP = (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)


def parsers():
    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]):
        yield path, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    yield from walk(child, (*path, name))

    yield from walk(build_parser(), ("grail-tui",))


def test_every_command_has_a_description():
    missing = [" ".join(path) for path, parser in parsers() if not parser.description]
    assert not missing, f"commands without a description: {missing}"


def test_every_option_has_a_help_text_stating_its_default():
    problems = []
    for path, parser in parsers():
        for action in parser._actions:
            if isinstance(action, SKIP):
                continue
            where = f"{' '.join(path)} {'/'.join(action.option_strings) or action.dest}"
            if not action.help:
                problems.append(f"{where}: no help")
            elif action.option_strings and action.nargs != 0 and "default" not in action.help:
                problems.append(f"{where}: the help does not say the default")
    assert not problems, "\n".join(problems)


def test_every_help_page_reads_as_written():
    """argparse fills in %-placeholders in option help but not in a description: no page may show
    a doubled '%%' (tournament's "95%% confidence intervals" did), or fail to format."""
    shown = {" ".join(path): parser.format_help() for path, parser in parsers()}
    assert [path for path, text in shown.items() if "%%" in text] == []
    assert "95% confidence intervals" in shown["grail-tui tournament"]
