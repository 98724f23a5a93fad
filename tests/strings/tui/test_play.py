"""Playing Pulling Strings through the app with key presses only, at 80x24."""

from __future__ import annotations

import io
import re

from rich.console import Console

from grail_tui.app.app import GrailApp
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.screens.prompts import PrivacyScreen
from grail_tui.games.strings.engine import CallOff, Commit, Declare
from grail_tui.games.strings.screens.end import EndScreen
from grail_tui.games.strings.screens.game import StringsScreen
from grail_tui.games.strings.situation import Cards, odds
from grail_tui.table.seats import SeatConfig

from ...pilot_table import settle, table_of
from . import scenarios

SIZE = (80, 24)






def on_screen(app: GrailApp) -> str:
    """Every character on the terminal now, as plain text, a line per row: what
    ``app.export_screenshot()`` draws, without turning it into SVG (that took most of the
    hot-seat test's time: it looks at the screen after every key)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    shown = console.export_text(styles=False)
    assert len(shown.split("\n")) >= height and shown.strip(), shown  # a screen, not nothing
    return shown


def public_names(view) -> set[str]:
    """The names of every card face the public view shows: on the table, in the piles, revealed."""
    cards = Cards(view)
    names = {cards.name(uid) for uid in cards.faces}
    for seat in view.seats:
        names |= {cards.name(f.uid) for f in (*seat.discard, *seat.destroyed, *seat.revealed)}
    # shown while in play too: plots waiting to resolve, agendas, the cards helping an attack
    shown = [*view.stack, *view.agendas]
    if view.attack is not None:
        shown += [h.card for h in view.attack.support if h.card is not None]
    names |= {cards.name(f.uid) for f in shown}
    return names


def text(screen: StringsScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def test_the_attack_window_shows_the_declaration_each_contribution_the_totals_and_the_odds():
    game = scenarios.support_window()
    scenarios.save(game)
    view = game.public_view()
    attack = view.attack
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked() and screen.pane == "attack"
        shown = text(screen, "#pane-attack")
        cards = Cards(view)
        assert f"{view.name(attack.player)}'s {cards.name(attack.attacker)}" in shown
        assert cards.name(attack.target.uid) in shown and f"Attack to {attack.attack_kind}" in shown
        assert f"Attack {attack.attack_total}:" in shown and f"Defence {attack.defence_total}:" in shown
        assert odds(attack.attack_total - attack.defence_total) in " ".join(shown.split())
        for help_ in attack.support:
            assert f"{help_.value:+d} {help_.side[:3]}: {cards.name(help_.card.uid)}" in " ".join(shown.split())
        prompt = text(screen, "#prompt-text")
        assert prompt.startswith("Support window:") and "n passes" in prompt
        await pilot.press("e")  # no turn of hers to end: said, nothing changes
        assert screen.error == "Only in your own main phase, with no attack under way."
        assert len(table_of(app).state.actions) == len(game.actions)


async def test_the_attack_goes_to_the_roll_and_its_result_stays_on_screen():
    game = scenarios.support_window()
    scenarios.save(game)
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        for _ in range(20):
            if table_of(app).state.last_roll is not None:
                break
            if screen.check_action("pass", ()):
                await pilot.press("n")
            await settle(app, pilot)
        roll = table_of(app).state.last_roll
        assert roll is not None
        await pilot.press("v")
        shown = " ".join(text(screen, "#pane-attack").split())
        assert f"Attack {roll.attack} against defence {roll.defence}: margin {roll.margin}" in shown
        assert f"Rolled {roll.dice[0]}+{roll.dice[1]} = {sum(roll.dice)}: " in shown
        assert ("success" if roll.success else "failure") in shown
        assert "Attack: base " in shown and "Defence: base " in shown  # the breakdown stays under the roll


async def test_an_attack_declared_committed_and_called_off_by_keys():
    game = scenarios.main_phase()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked()
        assert text(screen, "#prompt-text").startswith("Your main phase:")
        await pilot.press("a")
        assert screen.menu is not None and screen.listed and all(isinstance(a, Declare) for a in screen.listed)
        chosen = screen.listed[0]
        choices = " ".join(text(screen, "#choices").split())
        assert Cards(screen.mine).name(chosen.target) in choices
        await pilot.press("escape")
        assert screen.menu is None and len(table_of(app).state.actions) == len(game.actions)
        await pilot.press("a", "enter")
        state = table_of(app).state
        assert state.actions[-1] == chosen and state.prompt() == "commit"
        await pilot.pause()
        assert text(screen, "#prompt-text").startswith("Commit your attack or call it off")
        assert "declared, not committed" in text(screen, "#pane-attack")
        await pilot.press("enter")
        listed = screen.listed
        assert any(isinstance(a, Commit) for a in listed) and CallOff(0) in listed
        for _ in range(len(listed)):
            if isinstance(screen.listed[screen.choice], CallOff):
                break
            await pilot.press("down")
        await pilot.press("enter")
        assert table_of(app).state.actions[-1] == CallOff(0)


async def test_the_cursor_walks_the_tree_and_the_card_pane_reads_the_card():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        view = screen.public
        cabal = view.seats[0].cabal.uid
        assert screen.cursor == cabal
        await pilot.press("right")  # down to the Cabal's first puppet
        puppet = min((s for s in view.structure if s.master == cabal), key=lambda s: s.arrow)
        assert screen.cursor == puppet.uid
        await pilot.press("c")
        card = Cards(view).card(puppet.uid)
        shown = text(screen, "#pane-card")
        assert shown.startswith(card.name) and f"resistance {card.resistance}" in shown
        await pilot.press("left")
        assert screen.cursor == cabal
        hand = screen.mine.plot_hand[0]
        for _ in range(40):
            if screen.cursor == hand.uid:
                break
            await pilot.press("down")
        await pilot.pause()
        assert Cards(screen.mine).name(hand.uid) in text(screen, "#pane-card")


async def test_everything_fits_at_80x24_and_the_keys_that_work_are_on_the_key_line():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        keys = str(screen.query_one(KeyFooter).content)
        for key in ("a Attack", "e End turn", "u More"):
            assert key in keys
        assert "n Pass" not in keys and "s Support" not in keys
        status = text(screen, "#status")
        assert len(status) <= 80 and status.startswith("Round ")
        shown = on_screen(app)
        assert "Ann's structure" in shown and "Plot hand" in shown and "Group hand" in shown


def ann_moves(screen: StringsScreen, k: int) -> list[str]:
    """The keys Ann presses for whatever she is asked: the first choice where the game asks for one,
    now and then an attack, otherwise a pass or the end of her turn."""
    check = screen.check_action
    if check("decide", ()):
        return ["enter", "enter"]
    if check("attack", ()) and k % 4 == 0:
        return ["a", "enter"]
    if check("end_turn", ()):
        return ["e"]
    if check("pass", ()):
        return ["n"]
    raise AssertionError(f"no key for {screen.public.prompt}: {screen.mine.legal}")


async def test_a_whole_four_player_game_against_bots_by_keys():
    scenarios.save(scenarios.played_until(lambda g: True, round_limit=3))  # a new game, nothing played
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        for k in range(2000):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            assert isinstance(screen, StringsScreen) and screen.asked()
            before = len(table_of(app).state.actions)
            await pilot.press(*ann_moves(screen, k))
            await settle(app, pilot)
            assert len(table_of(app).state.actions) > before, screen.error
        assert isinstance(app.screen, EndScreen)
        game = table_of(app).state
        shown = str(app.screen.query_one("#end Static").content)
        assert game.outcome.describe(game.setup.name) in shown
        assert "Every hand, now shown" in shown
        for seat in range(4):
            for card in game.plot_hand[seat] + game.group_hand[seat]:
                assert game.defs[card].name in shown


async def test_hotseat_never_shows_a_hand_to_another_seat():
    seats = [SeatConfig("Ann"), SeatConfig("Bea"), SeatConfig("Inga", scenarios.SEATS[2].bot),
             SeatConfig("Manuel", scenarios.SEATS[3].bot)]
    scenarios.save(scenarios.played_until(lambda g: True, round_limit=2), seats)
    app = GrailApp(bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        seen: set[int] = set()
        checked = 0
        for k in range(400):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            game = table_of(app).state
            if isinstance(screen, PrivacyScreen):
                behind = app.screen_stack[-2]
                assert isinstance(behind, StringsScreen) and behind.viewer is None
                public = public_names(game.public_view())
                shown = on_screen(app)
                for seat in (0, 1):  # nobody's hand behind the cover
                    for card in game.plot_hand[seat] + game.group_hand[seat]:
                        if game.defs[card].name not in public:
                            assert game.defs[card].name not in shown
                await pilot.press("enter")
                continue
            assert isinstance(screen, StringsScreen) and screen.viewer in (0, 1)
            me, other = screen.viewer, 1 - screen.viewer
            seen.add(me)
            mine = screen.mine
            allowed = {Cards(mine).name(u) for u in Cards(mine).faces} | public_names(mine.public)
            said = screen.client.log(me).lines  # what her own log told her
            secret = {game.defs[c].name for c in game.plot_hand[other] + game.group_hand[other]}
            secret = {n for n in secret if n not in allowed and not any(n in line for line in said)}
            shown = on_screen(app)
            for name in secret:
                assert name not in shown, f"{name} of seat {other}'s hand is on seat {me}'s screen"
            checked += 1
            await pilot.press(*ann_moves(screen, k))
        assert seen == {0, 1} and checked > 10


async def test_with_ascii_every_mark_of_the_tree_and_the_attack_is_plain_ascii():
    scenarios.save(scenarios.support_window())
    app = GrailApp(bot_delay=30, ascii_only=True, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        shown = on_screen(app)
        assert "?" not in shown.replace("\n", "").replace("? Help", "")  # a character with no ASCII stand-in shows as ?
        assert "+- " in shown and "Margin" not in shown  # the tree drawn in ASCII; the table pane in front
        await pilot.press("v")
        shown = on_screen(app)
        assert "?" not in shown.replace("\n", "").replace("? Help", "") and "2d6 must roll" in shown


async def test_the_replay_of_a_finished_game_shows_every_hand_and_help_has_every_house_reading():
    game = scenarios.finished()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        assert isinstance(app.screen, EndScreen)
        await pilot.press("r")
        await pilot.pause()
        from grail_tui.games.strings.screens.replay import StringsReplay

        replay = app.screen
        assert isinstance(replay, StringsReplay) and replay.complete
        await pilot.press("end")
        hands = str(replay.query_one("#hands").render())
        for seat in range(4):
            for card in game.plot_hand[seat] + game.group_hand[seat]:
                assert game.defs[card].name in hands
        await pilot.press("home")
        assert replay.index == 0
    from pathlib import Path

    from grail_tui.games.strings.ui import UI

    help_text = UI.help_text()
    docs = (Path(__file__).parents[3] / "docs" / "strings.md").read_text(encoding="utf-8")
    for reading in sorted(set(re.findall(r"\| (HR-\d+) \|", docs))):
        assert f"| {reading} |" in help_text


async def test_at_120x40_every_other_players_structure_is_on_screen_at_once():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed((120, 40)) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        view = screen.public
        shown = on_screen(app)
        cards = Cards(view)
        for seat in range(1, 4):
            assert f"{view.name(seat)}'s structure" in shown
            for seated in view.structure:
                if seated.controller == seat:
                    assert cards.name(seated.uid) in shown


async def test_z_sets_each_standing_answer_in_turn_and_says_which_is_set():
    from grail_tui.games.strings.standing import STANDING, QuietThisTurn, QuietUnlessMine

    game = scenarios.support_window()
    scenarios.save(game)
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen) and screen.asked()
        seat = screen.viewer
        await pilot.press("z")
        assert isinstance(app.client.standing(seat), QuietUnlessMine)
        assert STANDING[0][1] in " ".join(text(screen, "#prompt-error").split())
        await pilot.press("z")
        assert isinstance(app.client.standing(seat), QuietThisTurn)
        assert STANDING[1][1] in " ".join(text(screen, "#prompt-error").split())
        await pilot.press("z")  # every lap of every turn too: several people at one table
        assert app.client.standing(seat) == QuietUnlessMine(laps=True)
        assert STANDING[2][1] in " ".join(text(screen, "#prompt-error").split())
        await pilot.press("z")
        assert app.client.standing(seat) is None
        assert "No standing answer" in text(screen, "#prompt-error")


async def test_the_commit_list_keeps_the_attack_and_its_odds_in_view():
    scenarios.save(scenarios.main_phase())
    async with scenarios.resumed() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, StringsScreen)
        await pilot.press("a", "enter")  # declare the first attack listed
        await pilot.pause()
        attack = screen.public.attack
        assert attack is not None and table_of(app).state.prompt() == "commit"
        await pilot.press("enter")  # the ways to commit, or to call it off
        await pilot.pause()
        assert any(isinstance(a, Commit) for a in screen.listed) and CallOff(0) in screen.listed
        shown = " ".join(text(screen, "#choices").split())
        assert shown.startswith("Commit the attack")
        margin = attack.attack_total - attack.defence_total
        assert f"Margin {margin}:" in shown and odds(margin) in shown  # what decides it, beside the choice
