"""What a newcomer to Pulling Strings met at 80x24 and what the screen now tells them: the attacks
by their chance, the whole of a long choice, why a card called off cannot attack again, whose
plot is being played, and the hand limit with its numbers."""

from __future__ import annotations

import copy
import re

import pytest

from grail_tui.games.strings.engine import CallOff, Commit, Declare
from grail_tui.games.strings.plain import PLAIN
from grail_tui.games.strings.screens.game import StringsScreen
from grail_tui.games.strings.situation import Cards, chance, describe

from ...pilot_table import table_of
from . import scenarios
from .test_play import on_screen, text


def flat(words: str) -> str:
    return " ".join(words.split())


def true_chance(game, declare: Declare) -> int:  # type: ignore[no-untyped-def]
    """The attack's chance as the engine has it once declared, on the true game."""
    declared = copy.deepcopy(game)
    declared.apply(declare)
    attack = declared.public_view().attack
    return chance(attack.attack_total - attack.defence_total)


async def test_the_attack_list_is_best_chance_first_each_attack_with_its_chance():
    game = scenarios.main_phase()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked()
        await pilot.press("a")
        first = screen.listed
        attacker = first[0].attacker
        assert all(isinstance(a, Declare) and a.attacker == attacker for a in first)  # the cursor's card's
        chances = [true_chance(game, a) for a in first]
        assert chances == sorted(chances, reverse=True) and chances[0] > chances[-1]
        shown = text(screen, "#choices")
        assert f"{100 * chances[0] / 36:.0f}% " in shown.splitlines()[1]  # the chance opens each line
        assert f"succeeds {chances[0]} in 36" in flat(shown)  # and the focused one's totals are under the list
        await pilot.press("right")  # ← →: another card's attacks, best first too
        other = screen.listed
        assert other and all(isinstance(a, Declare) and a.attacker != attacker for a in other)
        assert screen.cursor == other[0].attacker and len({a.attacker for a in other}) == 1
        chances = [true_chance(game, a) for a in other]
        assert chances == sorted(chances, reverse=True)
        await pilot.press("left")
        assert screen.listed == first
        assert len(table_of(app).state.actions) == len(game.actions)  # looking changed nothing


async def test_a_choice_too_long_for_its_line_is_shown_whole_under_the_list():
    game = scenarios.main_phase()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        await pilot.press("a")
        for _ in range(len(screen.listed)):  # the first attack whose line the pane cuts
            whole = re.sub(r"^\d+%\s+", "", describe(screen.listed[screen.choice], screen.mine))
            if len(whole) > 40:
                break
            await pilot.press("down")
        assert len(whole) > 40
        assert flat(whole) in flat(text(screen, "#choices"))


async def test_calling_off_says_the_card_is_barred_this_turn_and_trying_it_again_says_why():
    game = scenarios.main_phase()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        card = screen.cursor
        name = Cards(screen.mine).name(card)
        await pilot.press("a", "enter")
        assert table_of(app).state.prompt() == "commit"
        await pilot.pause()
        await pilot.press("enter")
        assert any(isinstance(a, Commit) for a in screen.listed)
        assert "Margin" in text(screen, "#choices")  # committing with the odds in sight
        while not isinstance(screen.listed[screen.choice], CallOff):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert table_of(app).state.actions[-1] == CallOff(0)
        said = flat(text(screen, "#prompt-error"))
        assert f"{name} declares no more attacks this turn" in said
        assert screen.cursor == card
        before = len(table_of(app).state.actions)
        await pilot.press("a")  # the same card: why not, and the other cards' attacks
        said = flat(text(screen, "#prompt-error"))
        assert f"You called off {name}'s attack this turn" in said
        assert all(a.attacker != card for a in screen.listed)
        assert len(table_of(app).state.actions) == before


async def test_a_plot_being_played_names_who_played_it():
    game = scenarios.plot_to_answer()
    scenarios.save(game)
    entry = game.stack[-1]
    who, card = game.setup.names[entry.player], game.defs[entry.card].name
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked()
        assert flat(text(screen, "#prompt-text")).startswith(f"{who} plays {card}: p answers")
        assert screen.pane == "attack" and f"{who}: {card}" in text(screen, "#pane-attack")


async def test_the_hand_limit_says_the_limit_and_how_many_go():
    game = scenarios.over_the_hand_limit()
    scenarios.save(game)
    held, limit = len(game.plot_hand[0]), game.plot_limit()
    going = game.due[1]
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked()
        said = flat(text(screen, "#prompt-text"))
        assert f"Your plot hand holds {held} cards and may keep {limit}" in said
        assert f"so {going} card{'s' if going != 1 else ''} go" in said and "Enter chooses which" in said
    plain = PLAIN.situation(game.view(0), 0, asked=True, pending=None)
    assert f"holds {held} cards and may keep {limit}" in plain and f"so {going} card" in plain


def test_plain_lists_each_attackers_attacks_best_chance_first_with_the_chance():
    game = scenarios.main_phase()
    view = game.view(0)
    menu = next(c for c in PLAIN.choices(view, 0, view.legal) if c.label.startswith("Attack ("))
    for by_card in menu.then:
        assert by_card.label.endswith(f", best {100 * true_chance(game, by_card.then[0].action) / 36:.0f}%)")
        declares = [c.action for c in by_card.then]
        chances = [true_chance(game, a) for a in declares]
        assert chances == sorted(chances, reverse=True)
        for choice, wins in zip(by_card.then, chances, strict=True):
            assert choice.label.startswith(f"{100 * wins / 36:.0f}%")


async def test_help_in_a_game_opens_on_the_games_own_keys_then_the_keys_anywhere_then_the_rules():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        first = on_screen(app)  # the first screenful, as it opens
        assert "Keys in Pulling Strings" in first and "best chance of success first" in flat(first)
        assert "Ctrl+P" not in first and "lobby" not in first
        shown = app.screen.query_one("#help Static").content.markup  # the Markdown the help shows
        keys, anywhere = shown.index("# Keys in Pulling Strings"), shown.index("## Keys anywhere in grail-tui")
        assert keys < anywhere < shown.index("# Pulling Strings: the rules in short")
        assert "In the lobby of a server" not in shown  # the lobby's keys are the lobby's help


async def test_the_shelter_prompt_names_the_group_and_the_claims_prompt_who_claims_and_by_what():
    for make in (scenarios.group_to_shelter, scenarios.claim_to_answer):
        game = make()
        scenarios.save(game)
        if game.shelter is not None:
            said = f"Your {game.defs[game.shelter[1]].name} is about to be destroyed"
        else:
            claim = game.claims[0]  # a player claiming by two goals at once is told both
            reasons = ", ".join(c.reason for c in game.claims if c.player == claim.player)
            said = f"{game.setup.names[claim.player]} claims victory ({reasons})"
        async with scenarios.resumed() as (app, pilot):
            screen = app.screen
            assert isinstance(screen, StringsScreen) and screen.asked()
            assert flat(text(screen, "#prompt-text")).startswith(said)


async def test_the_draw_list_offers_both_free_draws_first():
    game = scenarios.played_until(scenarios.ann_asked("draw"))
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        first = screen.listed[0]
        assert first.plot and first.group
        assert "each draw is free" in text(screen, "#choices")
        shown = text(screen, "#choices")
        cards = Cards(screen.mine)
        assert not any(cards.name(s.uid) in shown for s in screen.public.structure)  # a draw is about no card


@pytest.mark.parametrize("kind", ["control", "destroy"])
async def test_a_successful_attack_says_what_became_of_its_target(kind):
    game = scenarios.played_until(lambda g: scenarios.ann_asked("main")(g) and g.last_roll is not None
                                  and g.last_roll.success and g.round >= 2 and g.last_roll.attack_kind.value == kind)
    scenarios.save(game)
    roll = game.last_roll
    name = game.defs[roll.target].name
    if roll.attack_kind.value == "control":
        said = f"{name} is now {game.setup.names[game.board.controller[roll.target]]}'s"
    else:
        said = f"{name} is destroyed"
    async with scenarios.resumed() as (app, pilot):
        await pilot.press("v")
        assert said in flat(text(app.screen, "#pane-attack"))


async def test_a_goal_counted_from_the_basic_goal_is_worked_out_for_this_table():
    game = scenarios.main_phase()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        cabal = screen.public.seats[0].cabal.uid
        assert screen.cursor == cabal
        await pilot.press("c")
        found = re.search(r"\(basic goal - (\d+)\)", game.defs[cabal].goal_text)
        assert found, "the scenario's Cabal counts its goal from the basic goal"
        goal, less = game.basic_goal(), int(found[1])
        assert f"{goal - less} (basic goal {goal} - {less})" in flat(text(screen, "#pane-card"))


async def test_at_120x40_an_open_list_has_the_room_for_the_focused_choice_in_full():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed((120, 40)) as (app, pilot):
        await pilot.press("a")
        await pilot.pause()
        assert "Before support: attack" in on_screen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "The table · goal" in on_screen(app)  # the table is back once the list is closed
