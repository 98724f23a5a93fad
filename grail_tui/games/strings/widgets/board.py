"""The texts the game screen shows: your side (a structure as a tree, resources, hands), the table
(every player in a line, one other's structure), the attack, a card's full text, a list of choices.

Each builds a Rich ``Text`` from a view alone. The cursor is reverse video and also a ``>`` in
the first column, so NO_COLOR and --ascii lose nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from .. import situation
from ..engine import PlayerView, PublicView
from ..situation import RULES, Cards, Node, alignments, numbers, odds

TITLE = Style(bold=True)
DIM = Style(dim=True)
MARK = Style(reverse=True, bold=True)
GOOD = Style(color="green", bold=True)
BAD = Style(color="red", bold=True)


@dataclass(frozen=True)
class Row:
    """One line of a list; ``uid`` is the card it shows (-1: a heading, the cursor skips it)."""

    text: Text
    uid: int = -1


def node_line(node: Node, cards: Cards, width: int, glyphs: Any) -> Text:
    card = cards.defs.get(node.card)
    line = Text(node.prefix, DIM)
    if card is None:
        return line + Text(node.card)
    tail = f" {numbers(card)}"
    align = alignments(card).replace(" ", "")
    if align:
        tail += f" {align}"
    if node.open_arrows:
        tail += f" {glyphs.arrow}{node.open_arrows}"
    tail += " " + ("●" * node.tokens if node.tokens else "○")
    room = max(6, width - len(node.prefix) - len(tail))
    name = card.name if len(card.name) <= room else card.name[:room - 1] + "…"
    line.append(name, TITLE if node.depth == 0 else Style())
    line.append(tail)
    return line


def structure_rows(view: PublicView, seat: int, cards: Cards, width: int, glyphs: Any) -> list[Row]:
    nodes = situation.tree(view, seat, glyphs)
    if not nodes:
        return [Row(Text("no Cabal on the table yet", DIM))]
    return [Row(node_line(node, cards, width, glyphs), node.uid) for node in nodes]


def side_rows(view: PublicView, pv: PlayerView | None, seat: int, cards: Cards, width: int, glyphs: Any,
              hidden_note: str) -> list[Row]:
    """A seat's side of the table: its structure, its resources and agents, and its hands when
    the view is that seat's own (``pv``); otherwise only how many cards each hand holds."""
    rows = [Row(Text(f"{view.name(seat)}'s structure", TITLE))]
    rows += structure_rows(view, seat, cards, width, glyphs)
    attached = [a for a in view.attached if a.controller == seat]
    if attached:
        rows.append(Row(Text("Resources and agents", TITLE)))
        for item in attached:
            holder = "as agent" if item.holder < 0 else f"{glyphs.arrow} {cards.name(item.holder)}"
            token = " ●" if item.tokens else ""
            rows.append(Row(Text(clip(f"  {cards.name(item.uid)}{token} {holder}", width)), item.uid))
    public = view.seats[seat]
    if pv is None or pv.player != seat:
        rows.append(Row(Text(f"Hands: {public.plot_hand} plot, {public.group_hand} group", TITLE)))
        rows.append(Row(Text(hidden_note, DIM)))
        return rows
    for title, hand in (("Plot hand", pv.plot_hand), ("Group hand", pv.group_hand)):
        rows.append(Row(Text(f"{title} ({len(hand)})", TITLE)))
        for face in hand:
            card = cards.defs.get(face.card)
            extra = f"  {numbers(card)} {alignments(card)}".rstrip() if card is not None else ""
            label = "" if card is None else card.plot_kind if card.kind == "plot" else (
                "resource" if card.kind == "resource" else "")
            text = f"  {cards.name(face.uid)}{extra}" + (f"  ({label})" if label else "")
            rows.append(Row(Text(text[:width]), face.uid))
    if pv.plot_bottom:
        rows.append(Row(Text(f"Under your plot deck: {', '.join(cards.name(f.uid) for f in pv.plot_bottom)}"[:width],
                             DIM)))
    return rows


def window_top(rows: Sequence[Row], cursor_uid: int | None, height: int, top: int | None = None) -> int:
    """The first row shown in ``height`` lines so the cursor's row shows: the cursor in the
    middle, or, given the ``top`` shown now, that one moved only as far as the cursor needs (a
    cursor key then changes two lines on screen, not every line)."""
    at = next((i for i, row in enumerate(rows) if cursor_uid is not None and row.uid == cursor_uid), 0)
    if top is None:
        top = at - height // 2
    elif at < top:
        top = at
    elif at >= top + height:
        top = at - height + 1
    return max(0, min(top, len(rows) - height))


def window(rows: Sequence[Row], cursor_uid: int | None, height: int, top: int | None = None) -> Text:
    """The rows that fit in ``height`` lines, scrolled so the cursor's row shows (``window_top``)."""
    start = window_top(rows, cursor_uid, height, top)
    out = Text()
    for index, row in enumerate(rows[start:start + max(1, height)]):
        if index:
            out.append("\n")
        if cursor_uid is not None and row.uid == cursor_uid and row.uid >= 0:
            out.append(">", MARK)
            out.append_text(_marked(row.text))
        else:
            out.append(" ")
            out.append_text(row.text)
    return out


def _marked(text: Text) -> Text:
    marked = text.copy()
    marked.stylize(MARK)
    return marked


def table_text(view: PublicView, cards: Cards, shown: Sequence[int], width: int, glyphs: Any) -> Text:
    """Every player in a line (groups against the goal, tokens, hands and decks by count), then
    the structures of the players ``shown``."""
    out = Text()
    out.append(f"The table · goal {view.basic_goal} groups\n", TITLE)
    out.append(clip(" player   groups ●  hand  decks", width) + "\n", DIM)
    for seat in (view.order or range(view.players)):
        public = view.seats[seat]
        mark = glyphs.destination if seat == view.active else " "
        name = view.name(seat)[:8]
        line = (f"{mark}{name:<8} {situation.groups(view, seat):>2}/{view.basic_goal:<3} "
                f"{situation.tokens(view, seat):>2}  {public.plot_hand}+{public.group_hand:<2} "
                f"{public.plot_deck}+{public.group_deck}")
        if public.eliminated:
            line = f" {name:<8} out of the game"
        out.append(clip(line, width) + "\n", DIM if public.eliminated else Style())
    for seat in shown:
        out.append(f"{view.name(seat)}'s structure" + (" (w: next)\n" if len(shown) == 1 else "\n"), TITLE)
        for row in structure_rows(view, seat, cards, width - 1, glyphs):
            out.append(" ")
            out.append_text(row.text)
            out.append("\n")
    out.rstrip()
    return out


def _parts(parts: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{RULES.get(name, name)} {value:+d}" if name != "base" else f"base {value}"
                     for name, value in parts)


def _support(out: Text, view: PublicView, attack: Any, cards: Cards, width: int) -> None:
    if not attack.support:
        out.append("No support.\n", DIM)
        return
    out.append("Support\n", TITLE)
    for help_ in attack.support:
        card = cards.name(help_.card.uid) if help_.card is not None else "a card now in a hand"
        how = f", {help_.how}" if help_.how else ""
        out.append(clip(f" {help_.value:+d} {help_.side[:3]}: {card} ({view.name(help_.player)}{how})", width) + "\n")


def _ended_unrolled(view: PublicView, seen: Any, cards: Cards) -> Text:
    """The last attack ended with no roll: called off before it was committed, or failed when its
    attacker or target left play (the roll shown before is an older attack's)."""
    out = Text("Last attack", TITLE)
    out.append(f" · to {seen.attack_kind}\n")
    out.append(f"{view.name(seen.player)}'s {cards.name(seen.attacker)} → {cards.name(seen.target.uid)}\n")
    if seen.committed:
        out.append("Failed without a roll: the attacker or the target left play.", BAD)
    else:
        out.append("Called off before it was committed.", DIM)
    return out


def _outcome(view: PublicView, roll: Any, cards: Cards) -> str:
    """What the success did, as the table shows it now: the target taken into a structure, or
    in a destroyed pile (a shelter or a later move may have changed it: then nothing is said)."""
    seated = {s.uid: s for s in view.structure}
    target, attacker = seated.get(roll.target), seated.get(roll.attacker)
    name = cards.name(roll.target)
    if roll.attack_kind.value == "control" and target is not None and attacker is not None \
            and target.controller == attacker.controller:
        return f": {name} is now {view.name(target.controller)}'s"
    if roll.attack_kind.value == "destroy" and any(f.uid == roll.target for seat in view.seats for f in seat.destroyed):
        return f": {name} is destroyed"
    return ""


def attack_text(view: PublicView, cards: Cards, width: int, seen: Any = None) -> Text:
    """The attack as it goes: the declaration, each contribution, the running totals with every
    modifier named, the odds; then the roll and the result (``seen``: the attack as last shown
    before its roll, whose breakdown and support stay under the result)."""
    out = Text()
    if view.stack:  # plots waiting to resolve, the last on top: whose each is
        out.append("Being played", TITLE)
        out.append(" (the last resolves first)\n" if len(view.stack) > 1 else "\n")
        for at, face in enumerate(view.stack):
            by = view.stack_by[at] if at < len(view.stack_by) else -1
            out.append(clip(f" {view.name(by) if by >= 0 else 'someone'}: {cards.name(face.uid)}", width) + "\n")
    attack = view.attack
    if attack is None:
        roll = view.last_roll
        if seen is not None and (roll is None or (seen.attacker, seen.target.uid) != (roll.attacker, roll.target)):
            return _ended_unrolled(view, seen, cards)
        if roll is None:
            out.append("No attack yet.", DIM)
            return out
        out.append("Last attack", TITLE)
        out.append(f" · to {roll.attack_kind.value}\n")
        owners = {s.uid: f"{view.name(s.controller)}'s " for s in view.structure}
        out.append(f"{owners.get(roll.attacker, '')}{cards.name(roll.attacker)} {'→'} {cards.name(roll.target)}\n")
        out.append(f"Attack {roll.attack} against defence {roll.defence}: margin {roll.margin}\n")
        total = roll.dice[0] + roll.dice[1]
        out.append(f"Rolled {roll.dice[0]}+{roll.dice[1]} = {total}: ")
        out.append("success" if roll.success else "failure", GOOD if roll.success else BAD)
        if not roll.success and total >= 11:
            out.append(" (11 and 12 always fail)")
        if roll.success:
            out.append(_outcome(view, roll, cards))
        if seen is not None and (seen.attacker, seen.target.uid) == (roll.attacker, roll.target):
            out.append(f"\nAttack: {_parts(seen.attack_parts)}\nDefence: {_parts(seen.defence_parts)}\n")
            _support(out, view, seen, cards, width)
            out.rstrip()
        return out
    target = next((s for s in view.structure if s.uid == attack.target.uid), None)
    whose = f"{view.name(target.controller)}'s " if target is not None else ""
    # A target from a hand waits in the open area; one that was in play and left it (a strike,
    # a shelter) takes the attack with it (§8.9 f, HR-83): no odds to show for a roll never made.
    gone = (target is None and all(face.uid != attack.target.uid for face in view.open_area)) \
        or all(s.uid != attack.attacker for s in view.structure)
    where = "" if target is not None else " (no longer in play)" if gone else " (not in play: from a hand)"
    out.append(f"Attack to {attack.attack_kind}", TITLE)
    out.append(" · committed\n" if attack.committed else " · declared, not committed\n")
    out.append(f"{view.name(attack.player)}'s {cards.name(attack.attacker)}\n")
    out.append(f"  {'→'} {whose}{cards.name(attack.target.uid)}{where}\n")
    out.append(f"Attack {attack.attack_total}", TITLE)
    out.append(f": {_parts(attack.attack_parts)}\n")
    out.append(f"Defence {attack.defence_total}", TITLE)
    out.append(f": {_parts(attack.defence_parts)}\n")
    margin = attack.attack_total - attack.defence_total
    if gone:
        out.append("No roll: the attacker or the target has left play, so the attack fails.\n", BAD)
    elif margin < 2:
        out.append(f"Margin {margin}: no roll of 2d6 succeeds ({odds(margin)})\n")
    else:
        out.append(f"Margin {margin}: 2d6 must roll {min(margin, 10)} or less, {odds(margin)}\n")
    if attack.closed:
        out.append("Closed doors: only the two sides may support.\n", DIM)
    _support(out, view, attack, cards, width)
    if attack.committed and view.prompt == "support":
        out.append("Asked now: " + ", ".join(view.name(p) for p in view.to_act), DIM)
    out.rstrip()
    return out


def card_pane(cards: Cards, uid: int, goal: int | None = None) -> Text:
    """A card's full text; ``goal``: this table's basic goal, worked into a goal that counts from
    it ("at least (basic goal - 4) groups" reads "at least 7 (basic goal 11 - 4) groups")."""
    card = cards.card(uid) if uid >= 0 else None
    if card is None:
        return Text("Move the cursor onto a card to read it.", DIM)
    lines = situation.card_text(card)
    if goal is not None:
        lines = [situation.with_goal(line, goal) for line in lines]
    out = Text(lines[0] + "\n", TITLE)
    out.append("\n".join(lines[1:]))
    return out


def clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[:max(1, width - 1)] + "…"


def choices_text(title: str, lines: Sequence[str], at: int, height: int, width: int, card: Text,
                 detail: str = "", keys: str = "") -> Text:
    """A list of choices, one line each, the cursor's in view; under it the keys, the focused
    choice in full (``detail``: a line of the list is cut to the pane's width, this wraps), then
    the card it is about."""
    out = Text(clip(title, width) + "\n", TITLE)
    room = max(1, min(len(lines), height // 2 if len(lines) > height // 2 else len(lines), height - 3))
    rows = [Row(Text(clip(line, width - 1)), index) for index, line in enumerate(lines)]
    out.append_text(window(rows, at, room))
    out.append("\n")
    more = f" ({at + 1} of {len(lines)})" if len(lines) > room else ""
    out.append(clip(f"↑↓ Enter does it, Esc backs out{more}", width) + "\n", DIM)
    if keys:  # the list's own keys, wrapped: every one said
        out.append(f"{keys}\n", DIM)
    if detail:
        out.append(detail + "\n")
    out.append("\n")
    out.append_text(card)
    return out
