"""Learn to play: the hunt's guided first game, played through by keys at 80x24."""

from __future__ import annotations

from grail_tui.app.app import GrailApp
from grail_tui.app.screens.lesson import LessonNotice
from grail_tui.app.screens.prompts import ConfirmPrompt
from grail_tui.app.screens.start import StartScreen
from grail_tui.games.hunt.engine import Phase
from grail_tui.games.hunt.lesson import STEPS, your_move
from grail_tui.games.hunt.screens.game import GameScreen
from grail_tui.games.hunt.situation import Request
from grail_tui.table.journal import unfinished

SIZE = (80, 24)
ORDER = [step.key for step in STEPS]


async def settle(app: GrailApp, pilot) -> None:
    await pilot.pause()
    if app.client is not None:
        table = app.client.table
        for _ in range(50):
            if not table.busy():
                break
            await table.settle()
            await pilot.pause()
    await pilot.pause()


def error_line(screen: GameScreen) -> str:
    return str(screen.query_one("#prompt-error").content)


def notice_text(screen: LessonNotice) -> str:
    return "\n".join(str(widget.content) for widget in screen.query("Static"))


async def read_notice(app: GrailApp, pilot, seen: list[str]) -> bool:
    """If a lesson's explanation is up: note which, check its words came as written, go on."""
    screen = app.screen
    if not isinstance(screen, LessonNotice):
        return False
    step = screen.step
    shown = notice_text(screen)
    assert step.title in shown and step.text in shown and step.keys in shown  # plain text, whole
    seen.append(step.key)
    await pilot.press("enter")
    await settle(app, pilot)
    return True


async def choose_in_list(screen: GameScreen, pilot, wanted) -> None:
    """In the list of AC's proposals, move to ``wanted`` and Enter."""
    index = [a.proposal for a in screen.composing.proposals].index(wanted)
    await pilot.press(*(["down"] * index), "enter")


async def play_my_part(app: GrailApp, pilot, screen: GameScreen) -> bool:
    """Answer what the lesson asks now, by keys; False if nothing is asked of the player."""
    request = screen.request()
    if request is Request.OPENING:
        await pilot.press("a", "2", "2", "enter")  # the 10 and the 9 on AC
    elif request is Request.TURN:
        await pilot.press("p", "2")
        await settle(app, pilot)
        await choose_in_list(screen, pilot, your_move(screen.public))
    elif request is Request.OBJECTION:
        await pilot.press("n")
    elif request is Request.REPLY:
        await pilot.press("m")
    else:
        return False
    await settle(app, pilot)
    return True


async def test_learn_to_play_explains_every_step_in_order_and_reaches_the_end():
    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        menu_text = str(app.screen.query_one("#menu").render())
        assert "Learn to play: a guided first game  t" in menu_text  # the entry and its key, shown
        await pilot.press("t")
        await settle(app, pilot)
        seen: list[str] = []
        for _ in range(300):
            if await read_notice(app, pilot, seen):
                continue
            screen = app.screen
            if isinstance(screen, GameScreen):
                if not await play_my_part(app, pilot, screen):
                    await settle(app, pilot)
                continue
            if seen and seen[-1] == "end":
                break
            await settle(app, pilot)
        assert seen == ORDER  # each step explained once, in order, the end last
        state = app.client.table.state
        assert state.is_over and app.client.kind.result(state).winners == (0,)  # Ann carried the grail home
        assert not [s for s in unfinished() if s.stored is not None]  # nothing left to resume


async def test_a_move_off_the_plan_is_refused_in_the_lessons_words_and_changes_nothing():
    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("t")
        await settle(app, pilot)
        seen: list[str] = []
        await read_notice(app, pilot, seen)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a", "2", "enter")  # only the 10 on AC
        await settle(app, pilot)
        assert error_line(screen).startswith("For this lesson put at least 17 on AC")
        assert screen.public.phase is Phase.OPENING and len(app.client.table.state.actions) == 0
        await pilot.press("2", "enter")  # and the 9: now it goes
        await settle(app, pilot)
        await read_notice(app, pilot, seen)
        assert seen == ["opening", "propose"]
        actions = len(app.client.table.state.actions)
        await pilot.press("p", "2")
        await settle(app, pilot)
        wrong = next(a.proposal for a in screen.composing.proposals if a.proposal != your_move(screen.public))
        await choose_in_list(screen, pilot, wrong)
        await settle(app, pilot)
        assert error_line(screen) == ("The lesson's move now: Alberto Castellano steps to Tortosa. "
                                      "To propose it, press p, 2 for AC, then choose it in the list.")
        assert len(app.client.table.state.actions) == actions  # nothing reached the table
        await pilot.press("w")  # standing answers: shut in the lesson, and it says why
        await settle(app, pilot)
        assert "answer each proposal yourself" in error_line(screen)


async def test_the_lesson_is_left_asked_first_and_resumed_where_it_was_left():
    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("t")
        await settle(app, pilot)
        seen: list[str] = []
        await read_notice(app, pilot, seen)
        await play_my_part(app, pilot, app.screen)  # the opening
        await read_notice(app, pilot, seen)  # proposing
        await play_my_part(app, pilot, app.screen)  # AC to Tortosa; Inga moves Mansur
        await read_notice(app, pilot, seen)  # answering
        assert seen == ["opening", "propose", "object"]
        actions = len(app.client.table.state.actions)
        await pilot.press("escape")  # nothing to back out of: leaving, asked first
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmPrompt)
        await pilot.press("n")  # stays
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        assert isinstance(app.screen, StartScreen)
        assert "goes on where you left it" in str(app.screen.query_one("#menu").render())
    app = GrailApp(seed=6, bot_delay=0, player_name="Ann")  # another day
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("t")
        await settle(app, pilot)
        seen = []
        await read_notice(app, pilot, seen)
        assert seen == ["object"]  # the step it stands at, explained again
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.request() is Request.OBJECTION
        assert len(app.client.table.state.actions) == actions
        await pilot.press("n")
        await settle(app, pilot)
        await read_notice(app, pilot, seen)  # no step explained twice: the next is the match
        assert seen == ["object"]
        await pilot.press("ctrl+q")  # quitting says where the lesson goes on
        await pilot.pause()
    assert app.exit_message == ("Your lesson is kept where it stands: Learn to play (t on the start screen) "
                                "goes on from there.")


def test_snapshot_of_an_explained_step(snap_compare):
    """The first step's explanation over the table, at 80x24."""
    from .test_library import until

    app = GrailApp(seed=42, bot_delay=0, player_name="Ann")

    async def to_the_first_step(pilot):
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, LessonNotice))

    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_first_step)


async def test_grail_successions_lesson_is_played_through_the_same_way():
    from grail_tui.app.screens.start import StartMenu
    from grail_tui.games.succession.engine import GRAIL
    from grail_tui.games.succession.lesson import STEPS as CARD_STEPS
    from grail_tui.games.succession.lesson import your_move as card_move
    from grail_tui.games.succession.screens.game import SuccessionScreen as CardScreen

    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        menu = app.screen.query_one(StartMenu)
        while menu.rows()[menu.row] != "game":
            await pilot.press("down")
        await pilot.press("right")  # Grail Succession
        await settle(app, pilot)
        assert "t · Grail Succession" in str(menu.render())  # Learn to play says which game it teaches
        await pilot.press("t")
        await settle(app, pilot)
        seen: list[str] = []
        for _ in range(100):
            if await read_notice(app, pilot, seen):
                continue
            screen = app.screen
            if isinstance(screen, CardScreen):
                wanted = card_move(screen.mine) if screen.mine is not None and screen.mine.waiting else None
                hand = screen.hand()
                if wanted == "take":
                    await pilot.press("p")  # off the plan: refused in the lesson's words
                    await settle(app, pilot)
                    assert error_line(screen).startswith("The last five cards hold all three grails")
                    await pilot.press("t", "t")
                elif wanted is not None:
                    card = next(k for k, c in enumerate(hand) if (c is GRAIL) == (wanted == "grail"))
                    await pilot.press(str(card + 1), "p")
                await settle(app, pilot)
                continue
            if seen and seen[-1] == "end":
                break
            await settle(app, pilot)
        assert seen == [step.key for step in CARD_STEPS]
        state = app.client.table.state
        assert state.is_over and app.client.kind.result(state).winners == (0,)


async def test_a_lessons_words_reach_the_screen_as_plain_text():
    from grail_tui.games.kit.lesson import LessonStep

    app = GrailApp(seed=5, bot_delay=0, player_name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        step = LessonStep("x", "[b]A title[/b]", "Press [reverse]m[/reverse] to match.", "[@click=app.quit]q[/]")
        app.explain(step, last=False)
        await settle(app, pilot)
        assert isinstance(app.screen, LessonNotice)
        shown = "\n".join(str(widget.render()) for widget in app.screen.query("Static"))
        for written in (step.title, step.text, step.keys):
            assert written in shown  # brackets and all: nothing read as markup
