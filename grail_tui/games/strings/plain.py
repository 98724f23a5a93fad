"""Pulling Strings in plain lines (``grail-tui --plain``): the table, your hands, what is asked and
your legal actions in words, in menus one level deep by kind (an attack by its attacker).

Read from one seat's view (or the public one) and the legal actions the table client worked out
from it: the plain front end offers exactly what the full screen offers, in the same words
(situation.py), with no box drawing and no symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kit.plain import Choice
from . import situation
from .engine import Action, Declare, EndTurn, Pass, PlayerView, PublicView
from .situation import Cards, Menu, alignments, numbers, odds

LABELS = {Menu.DECIDE: "Choose", Menu.ATTACK: "Attack", Menu.SUPPORT: "Support the attack",
          Menu.PLOT: "Play a plot", Menu.MOVE: "Move a group or a link", Menu.OFFER: "Offer, give or swap cards",
          Menu.MORE: "Buy, draw, place, show or look"}
FLAT = 9  # a menu this short is listed at the top level


class _Words:
    """The text glyphs of a tree read aloud: indentation only."""

    h, v, left, bottom_left, arrow = "", " ", " ", " ", "open arrows "


def _public(view: Any) -> PublicView:
    return view.public if isinstance(view, PlayerView) else view


def _plain(text: str) -> str:
    return (" ".join(text.split()).replace("→", "against").replace("…", "...").replace(" · ", ", ").replace("●", "")
            .replace("○", ""))


def _best(action: Action, view: PlayerView) -> str:
    """An attacker's best chance, for its line in the attack menu."""
    margin = situation.margin_of(action, situation.foreseen(view))
    return f", best {situation.percent(margin)}" if margin is not None else ""


class StringsPlain:
    def status(self, view: Any, seat: int | None) -> tuple[str, str]:
        return situation.status(_public(view), seat)

    def board(self, view: Any, seat: int | None) -> list[str]:
        public = _public(view)
        cards = Cards(view)
        lines = [f"Round {public.round} of {public.round_limit}; the goal is {public.basic_goal} groups."]
        for player in (public.order or range(public.players)):
            side = public.seats[player]
            who = f"You ({public.name(player)})" if player == seat else public.name(player)
            if side.eliminated:
                lines.append(f"{who}: out of the game.")
                continue
            lines.append(f"{who}: {situation.groups(public, player)} groups, {situation.tokens(public, player)} "
                         f"tokens, hands {side.plot_hand} plot and {side.group_hand} group cards, decks "
                         f"{side.plot_deck} plot and {side.group_deck} group cards.")
            for node in situation.tree(public, player, _Words):
                card = cards.defs.get(node.card)
                if card is None:
                    continue
                tokens = f", {node.tokens} token{'s' if node.tokens != 1 else ''}" if node.tokens else ", no token"
                arrows = f", {node.open_arrows} open arrows" if node.open_arrows else ""
                lines.append(f"  {'  ' * node.depth}{card.name}: {numbers(card)} {alignments(card)}{arrows}{tokens}.")
        attack = public.attack
        if attack is not None:
            margin = attack.attack_total - attack.defence_total
            lines.append(f"Attack to {attack.attack_kind}: {public.name(attack.player)}'s "
                         f"{cards.name(attack.attacker)} against {cards.name(attack.target.uid)}; "
                         f"attack {attack.attack_total}, defence {attack.defence_total}, margin {margin}, "
                         f"succeeds {odds(margin)}.")
            for part, value in attack.attack_parts:
                lines.append(f"  attack {situation.RULES.get(part, part)} {value:+d}")
            for part, value in attack.defence_parts:
                lines.append(f"  defence {situation.RULES.get(part, part)} {value:+d}")
            for help_ in attack.support:
                helper = cards.name(help_.card.uid) if help_.card is not None else "a card now in a hand"
                lines.append(f"  {public.name(help_.player)}: {helper} {help_.value:+d} to the {help_.side}.")
        elif public.last_roll is not None:
            roll = public.last_roll
            lines.append(f"Last attack: {cards.name(roll.attacker)} against {cards.name(roll.target)}, attack "
                         f"{roll.attack}, defence {roll.defence}; rolled {roll.dice[0]} and {roll.dice[1]}: "
                         f"{'success' if roll.success else 'failure'}.")
        return lines

    def sheet(self, view: Any, seat: int | None) -> list[str]:
        if not isinstance(view, PlayerView):
            return ["You are watching: the hands are hidden."]
        cards = Cards(view)
        lines = []
        for title, hand in (("plot", view.plot_hand), ("group", view.group_hand)):
            named = []
            for face in hand:
                card = cards.defs.get(face.card)
                extra = f" ({numbers(card)} {alignments(card)})".replace(" )", ")") if card and numbers(card) else ""
                named.append(f"{cards.name(face.uid)}{extra}")
            lines.append(f"Your {title} hand (secret): {'; '.join(named) or 'empty'}.")
        return lines

    def situation(self, view: Any, seat: int | None, *, asked: bool, pending: Any,
                  standing: Any = None) -> str:
        public = _public(view)
        if public.is_over:
            return "The game is over."
        if not asked or not isinstance(view, PlayerView):
            return situation.waiting_text(public, seat)
        return situation.asked_text(public, view).split(":")[0] + "."  # the keys after the colon are the screen's

    def choices(self, view: Any, seat: int, legal: Sequence[Any], standing: Any = None) -> list[Choice]:
        if not isinstance(view, PlayerView):
            return []
        prompt = view.public.prompt
        cards = Cards(view)
        out: list[Choice] = []
        for menu in Menu:
            listed = situation.choices(legal, menu, prompt, view=view)  # attacks: the best chance first
            if not listed:
                continue
            if menu is Menu.ATTACK:
                by: dict[int, list[Action]] = {}
                for action in listed:
                    if isinstance(action, Declare):
                        by.setdefault(action.attacker, []).append(action)
                # the attacks best first (choices): the card with the best attack first, and so on
                groups = tuple(Choice(f"Attack with {cards.name(attacker)} ({len(these)}{_best(these[0], view)})",
                                      then=self._each(these, view, short=True)) for attacker, these in by.items())
                out.append(Choice(f"Attack ({len(listed)} possible)", then=groups))
            elif len(listed) <= FLAT and (menu is Menu.DECIDE or len(out) == 0):
                out.extend(self._each(listed, view))
            else:
                out.append(Choice(f"{LABELS[menu]} ({len(listed)} possible)", then=self._each(listed, view)))
        if Pass(seat) in legal:
            out.append(Choice("Pass", action=Pass(seat)))
        if EndTurn(seat) in legal:
            out.append(Choice("End your turn", action=EndTurn(seat)))
        return out

    @staticmethod
    def _each(actions: Sequence[Action], view: PlayerView, short: bool = False) -> tuple[Choice, ...]:
        return tuple(Choice(_plain(situation.describe(a, view, short)), action=a) for a in actions)


PLAIN = StringsPlain()
