"""A story as JSON data and as plain text (no UI: the story screen draws its own plot)."""

from __future__ import annotations

from typing import Any

from .engine import describe_proposal
from .story import Blow, Control, Spending, Story, Track, War, WarEnd

FORMAT = "grail-tui-story"
VERSION = 1
COLUMNS = 8  # moments in a track's table
SHOWN = 8  # lines of one kind before "and N more"


def story_dict(story: Story) -> dict[str, Any]:
    setup = story.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "hunt",
        "names": [story.name(p) for p in range(story.players)],
        "variant": setup.variant.value,
        "small": setup.small,
        "finished": story.finished,
        "viewer": story.viewer,
        "outcome": story.outcome,
        "turn": story.turn,
        "actions": story.actions,
        "proposals": story.proposals,
        "moments": [{"turn": m.turn, "actions": m.actions} for m in story.moments],
        "tracks": [_track(t) for t in story.tracks],
        "wars": [_war(w) for w in story.wars],
        "blows": [_blow(b) for b in story.blows],
        "control": _control(story.control) if story.control else None,
        "spending": [_spending(s) for s in story.spending],
    }


def _track(track: Track) -> dict[str, Any]:
    return {"initiate": track.initiate.code, "name": track.initiate.title,
            "true": [list(row) for row in track.true], "known": [list(row) for row in track.known],
            "lost": list(track.lost) if track.lost is not None else None, "out_from": track.out_from}


def _war(war: War) -> dict[str, Any]:
    return {"turn": war.turn, "mover": war.mover, "initiate": war.proposal.initiate.code,
            "proposal": describe_proposal(war.proposal), "rounds": war.rounds, "showing": war.showing,
            "high": war.high, "holder": war.holder, "end": war.end.value, "held": list(war.held),
            "gave_in": list(war.gave_in)}


def _blow(blow: Blow) -> dict[str, Any]:
    return {"turn": blow.turn, "payer": blow.payer, "active": blow.active.code, "target": blow.target.code,
            "field": blow.field.title, "losses": list(blow.losses), "grail": blow.grail, "taken": blow.taken}


def _control(control: Control) -> dict[str, Any]:
    return {"winner": control.winner, "bearer": control.bearer.code, "held": list(control.held),
            "held_from": control.held_from, "held_action": control.held_action,
            "knowable_from": control.knowable_from, "knowable_action": control.knowable_action,
            "shown": control.shown, "ceiling": control.ceiling}


def _spending(spending: Spending) -> dict[str, Any]:
    assignments = None
    if spending.assignments is not None:
        assignments = [{"turn": a.turn, "initiate": a.initiate.code, "points": a.points}
                       for a in spending.assignments]
    return {"player": spending.player, "assigned": spending.assigned, "revealed": spending.revealed,
            "lost": spending.lost, "paid": spending.paid, "held": spending.held, "left": spending.left,
            "assignments": assignments}


# -- plain text ---------------------------------------------------------------------


def story_lines(story: Story) -> list[str]:
    names = ", ".join(story.name(p) for p in range(story.players))
    lines = [f"The story of the game: {names} ({describe(story)}).",
             story.outcome + (f" {story.turn} turns, {story.actions} actions." if story.finished else "")]
    if not story.finished:
        whose = (f"Only {story.name(story.viewer)}'s sheet is shown" if story.viewer is not None
                 else "No sheet is shown")
        lines.append(f"{whose}: the others stay secret until the end.")
    lines += ["", *_control_lines(story)]
    lines += ["", "Influence, true (and known at least), turn by turn:", *_track_lines(story)]
    lines += ["", *_war_lines(story)]
    lines += ["", *_blow_lines(story)]
    lines += ["", "Spending, of 100 points each:", *_spending_lines(story)]
    return lines


def turning_points(story: Story) -> list[list[str]]:
    """The turning points in words, in three paragraphs: who held the bearer, the bidding
    wars, the blows (the story screen shows them as they are here)."""
    return [_control_lines(story), _war_lines(story), _blow_lines(story)]


def spending_table(story: Story) -> list[str]:
    """Each player's spending as a table of plain lines, a header first."""
    return _spending_lines(story)


def describe(story: Story) -> str:
    """Who played which kind of game, in a few words."""
    kind = "The Original" if story.setup.variant.value == "original" else (
        "small game" if story.setup.small else "large game")
    return f"{story.players} players, {kind}"


def _turn(turn: int) -> str:
    return "the opening" if turn == 0 else f"turn {turn}"


def _control_lines(story: Story) -> list[str]:
    control = story.control
    if control is None:
        if story.finished and story.setup.variant.value == "original":
            return ["In The Original the headquarters decided, not influence."]
        if story.finished:
            return ["Nobody held a bearer home: no winner."]
        return ["The game is not over: who holds the grail's bearer is still open."]
    winner, bearer = story.name(control.winner), control.bearer.title
    mine = control.held[control.winner]
    rivals = [v for p, v in enumerate(control.held) if p != control.winner]
    out = []
    if control.held_from is None:
        out.append(f"{winner} did not hold the most on {bearer} alone at the end ({mine}, the best "
                   f"rival {max(rivals)}): the tie rule gave the game to the final proposer.")
    else:
        out.append(f"{winner} held the most on {bearer} from {_turn(control.held_from)} to the end "
                   f"({mine} at the end; the next best {max(rivals)}).")
    if control.knowable_from is None:
        out.append("The table could never prove it from what was shown.")
    else:
        out.append(f"The table could know it from {_turn(control.knowable_from)}: {winner} had shown "
                   f"{control.shown} on {bearer}, and no rival could ever hold more than "
                   f"{control.ceiling} there.")
    return out


def _cell(true: int | None, known: int) -> str:
    return f"?({known})" if true is None else f"{true}({known})"


def _track_lines(story: Story) -> list[str]:
    moments = story.moments
    if not moments:
        return ["  (nothing has happened yet)"]
    picks = _spread(len(moments), COLUMNS)
    width = max(8, *(len(story.name(p)) + 2 for p in range(story.players)))
    out = []
    for track in story.tracks:
        if not track.touched:
            continue
        gone, out_from = "", len(moments)
        if track.out_from is not None and track.lost is not None:
            out_from = track.out_from
            lost = ", ".join(f"{story.name(p)} {v}" for p, v in enumerate(track.lost) if v) or "nothing"
            gone = f" (blown in {_turn(moments[out_from].turn)}; lost: {lost})"
        out.append(f"  {track.initiate.title}{gone}")
        out.append("  " + "turn".ljust(width) + "".join(f"{_label(moments[m].turn):>8}" for m in picks))
        for p in range(story.players):
            cells = "".join(f"{'out' if m >= out_from else _cell(track.true[p][m], track.known[p][m]):>8}"
                            for m in picks)
            out.append("  " + story.name(p)[: width - 1].ljust(width) + cells)
    return out or ["  Nobody put influence on any initiate."]


def _label(turn: int) -> str:
    return "open" if turn == 0 else str(turn)


def _spread(count: int, wanted: int) -> list[int]:
    """``wanted`` indices spread evenly over ``count``, the first and last included."""
    if count <= wanted:
        return list(range(count))
    return sorted({round(k * (count - 1) / (wanted - 1)) for k in range(wanted)})


def _war_lines(story: Story) -> list[str]:
    wars = story.wars
    against = [w for w in wars if w.against_sheets]
    head = (f"Bidding wars: {len(wars)} of {story.proposals} proposals met an objection; "
            f"{len(against)} went against the sheets.")
    if not wars:
        return ["Bidding wars: none; every proposal carried unopposed or nobody proposed."]
    shown = against or sorted(wars, key=lambda w: -max(w.high, w.showing))[:3]
    out = [head if against else head + " The largest:"]
    out += [f"  {_war_line(story, w)}" for w in shown[:SHOWN]]
    if len(shown) > SHOWN:
        out.append(f"  ... and {len(shown) - SHOWN} more.")
    return out


def _war_line(story: Story, war: War) -> str:
    name = story.name
    what = f"Turn {war.turn}: {name(war.mover)} proposed that {describe_proposal(war.proposal)}"
    on = war.proposal.initiate.code
    if war.end is WarEnd.REJECTED:
        text = f"{what}; {name(war.mover)} conceded at {name(war.holder)}'s {war.high}"
        if not war.gave_in:
            return text + "."
        return f"{text}, holding {war.held[war.mover]} on {on}, no less than any rival."
    if war.end is WarEnd.OPEN:
        return f"{what}; still undecided ({name(war.holder)} {war.high}, {name(war.mover)} {war.showing})."
    text = f"{what}; it carried at {war.showing} against {name(war.holder)}'s {war.high}"
    if not war.gave_in:
        return text + "."
    gave = " and ".join(f"{name(p)} ({war.held[p]})" for p in war.gave_in)
    return f"{text}; {gave} let it pass, holding more on {on} than {name(war.mover)}'s {war.held[war.mover]}."


def _blow_lines(story: Story) -> list[str]:
    if not story.blows:
        return ["Blows: none."]
    out = ["Blows:"]
    for blow in story.blows:
        name = story.name
        losses = ", ".join(f"{name(p)} {v}" for p, v in enumerate(blow.losses) if v) or "nobody anything"
        grail = ""
        if blow.grail:
            grail = f" {blow.active.code} took the grail." if blow.taken else " The grail fell there."
        out.append(f"  Turn {blow.turn}: {name(blow.payer)}'s {blow.active.title} blew the cover of "
                   f"{blow.target.title} on {blow.field.title}, paying 10. Lost: {losses}.{grail}")
    return out


def _spending_lines(story: Story) -> list[str]:
    width = max(8, *(len(story.name(p)) + 2 for p in range(story.players)))
    heads = ("assigned", "revealed", "lost", "paid", "held", "left")
    out = ["  " + "".ljust(width) + "".join(f"{h:>9}" for h in heads)]
    for s in story.spending:
        cells = (s.assigned, s.revealed, s.lost, s.paid, s.held, s.left)
        out.append("  " + story.name(s.player)[: width - 1].ljust(width)
                   + "".join(f"{'?' if v is None else v:>9}" for v in cells))
    return out
