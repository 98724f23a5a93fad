"""The cards as data: their definitions, and the check that refuses a bad card file or deck
list before any game starts (docs/strings.md, "Cards as data").

Card files are plain dicts here (TOML read by ``catalogue.py``); every check names the file,
the card and the field, because people write these files by hand. Effects come from a closed
vocabulary: an unknown key is an error, never a silently dead card.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CARD_FORMAT = "pulling-strings-cards/1"
DECK_FORMAT = "pulling-strings-deck/1"
DECK_SIZE = 45
MIN_GROUP_NAMES = 6  # HR-03a: set-up's start-group rounds always end

ALIGNMENTS = ("state", "market", "progressive", "traditional", "pacifist", "militant",
              "mundane", "uncanny", "outlaw", "zealot")
OPPOSED = {("state", "market"), ("market", "state"), ("progressive", "traditional"),
           ("traditional", "progressive"), ("pacifist", "militant"), ("militant", "pacifist"),
           ("mundane", "uncanny"), ("uncanny", "mundane")}
TRAITS = ("media", "finance", "science", "occult", "cyber", "security", "faith", "transport")
SUBTYPES = ("organization", "person", "place")
RESOURCE_KINDS = ("device", "relic", "asset")
PLOT_KINDS = ("operation", "attack", "reaction", "strike", "standing", "goal", "agenda")
COLOURS = ("crimson", "azure", "amber")
WHENS = ("static", "attack_mod", "support_mod", "activated", "play", "after", "replace",
         "turn_start", "turn_end")
EVENTS = ("plot_announced", "strike_announced", "attack_committed", "attack_failed",
          "attack_succeeded", "group_to_destroyed_pile", "goal_claimed", "support_made",
          "resource_placed", "agenda_played")
LIMITS = ("once_per_turn", "once_per_game", "once_per_attack")
SELECTOR_KEYS = ("kind", "subtype_any", "alignment_any", "trait_any", "controller", "owner", "depth",
                 "depth_min", "depth_max", "has_token", "master", "is", "played_by")
CONTEXT_KEYS = ("attack_kind", "side", "step", "shared_alignment", "attacker", "target", "supporter", "holder", "group",
                "affected")
CONTEXT_WORDS = CONTEXT_KEYS[:4]  # the condition keys whose value is a word, not a selector
COST_KEYS = ("token", "tokens", "discard_plots")
# every operation and the parameters it may carry (rules §2.4.2 of the card notes)
OPS: Mapping[str, tuple[str, ...]] = {
    "add": ("side", "value"),
    "support_bonus": ("value",),
    "stat": ("target", "stat", "add", "set", "until"),
    "grant": ("target", "alignment", "trait"),
    "draw": ("deck", "n"),
    "bottom": ("n",),
    "look": ("zone", "player", "n", "random", "deck"),
    "show": ("zone", "player", "to"),
    "token_add": ("target", "n", "cap"),
    "token_remove": ("target", "n", "cap"),
    "cancel": ("what",),
    "start_attack": ("token",),
    "restrict_support": ("to",),
    "attack": ("kind", "attacker", "target"),
    "redirect": ("to",),
    "move": ("n", "free", "where"),
    "return_to_hand": ("target",),
    "place_resource": ("n",),
    "mill": ("player", "deck", "n"),
    "token_counts_as": ("as",),
    "set_limit": ("limit", "value"),
    "agent_bonus": ("attack", "defence"),
    "immune": ("to",),
    "extra_draw": ("deck", "n"),
    "named": ("id", "params"),
}
NAMED = ("both_sides_of_pairs",)  # named effects and conditions the engine has code for
ATOMS = ("count", "sum", "exists", "none", "never", "named")
ID_PATTERN = re.compile(r"^[A-Z][A-Z0-9-]{0,11}$")
# printable text only: no control characters, no escape sequences, no rich-text markup
BAD_TEXT = re.compile(r"[\[\]\x00-\x1f\x7f-\x9f]")


class CardDataError(ValueError):
    """A card file or deck list that breaks the format; the message names the file, the card
    and the field."""


@dataclass(frozen=True)
class Effect:
    when: str
    text: str
    do: tuple[Mapping[str, Any], ...] = ()
    event: str = ""
    if_: Mapping[str, Any] = field(default_factory=dict)
    cost: Mapping[str, Any] = field(default_factory=dict)
    limit: str = ""
    conflicts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # the rules ask an effect for its operations of one name many times a move: sorted once
        by_name: dict[str, tuple[Mapping[str, Any], ...]] = {}
        for op in self.do:
            by_name[op["op"]] = (*by_name.get(op["op"], ()), op)
        object.__setattr__(self, "_by_name", by_name)

    def ops(self, name: str) -> tuple[Mapping[str, Any], ...]:
        return self._by_name.get(name, ())  # type: ignore[attr-defined, no-any-return]


@dataclass(frozen=True, eq=False)
class CardDef:
    """One card of a set, as printed."""

    id: str
    kind: str  # cabal, group, resource, plot
    name: str
    text: str = ""
    flavor: str = ""
    power: int = 0
    global_power: int = 0
    resistance: int = 0
    arrows: int = 0  # out-arrows (a Cabal has 4)
    subtype: str = ""
    alignments: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    resource_kind: str = ""
    unique: bool = False
    action: bool = False
    plot_kind: str = ""
    strength: int = 0
    target: Mapping[str, Any] = field(default_factory=dict)  # a strike's selector
    link_to: Mapping[str, Any] = field(default_factory=dict)
    colour: str = ""
    cost: Mapping[str, Any] = field(default_factory=dict)
    condition: Mapping[str, Any] = field(default_factory=dict)  # special goal or goal card
    goal_text: str = ""
    effects: tuple[Effect, ...] = ()
    max_copies: int = 0  # 0: no limit

    @property
    def back(self) -> str:
        """Which deck the card belongs to: plot (Cabals and plots) or group."""
        return "plot" if self.kind in ("cabal", "plot") else "group"

    def __post_init__(self) -> None:
        # asked for every card in every legal-action list: the names of its operations, once
        object.__setattr__(self, "_op_names", frozenset(op["op"] for effect in self.effects for op in effect.do))

    def has_op(self, name: str) -> bool:
        return name in self._op_names  # type: ignore[attr-defined]


@dataclass(frozen=True, eq=False)
class CardSet:
    id: str
    title: str
    version: str
    license: str
    cards: Mapping[str, CardDef]

    def digest(self) -> str:
        """SHA-256 of the set's canonical JSON (records name the cards they were played with)."""
        data = json.dumps(self._raw)  # a list of text: no keys to sort, nothing that is not JSON
        return hashlib.sha256(data.encode()).hexdigest()

    @property
    def _raw(self) -> list[Any]:
        return [repr(card) for card in self.cards.values()]


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    set: str
    plot: tuple[str, ...]
    group: tuple[str, ...]
    public: bool = True

    @property
    def cards(self) -> tuple[str, ...]:
        return self.plot + self.group


class _Where:
    """Where an error is: a file, a card, a field."""

    def __init__(self, file: str, card: str = "", path: str = "") -> None:
        self.file, self.card, self.path = file, card, path

    def at(self, key: str) -> _Where:
        return _Where(self.file, self.card, f"{self.path}.{key}" if self.path else key)

    def fail(self, problem: str) -> CardDataError:
        parts = [self.file]
        if self.card:
            parts.append(f"card {self.card}")
        if self.path:
            parts.append(f"field {self.path}")
        return CardDataError(": ".join(parts) + f": {problem}")


def _int(raw: Mapping[str, Any], key: str, where: _Where, low: int, high: int, default: int | None = None) -> int:
    if key not in raw:
        if default is None:
            raise where.at(key).fail("is required")
        return default
    value = raw[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise where.at(key).fail(f"should be a whole number from {low} to {high}, not {value!r}")
    return value


def _text(raw: Mapping[str, Any], key: str, where: _Where, limit: int, required: bool = False) -> str:
    if key not in raw:
        if required:
            raise where.at(key).fail("is required")
        return ""
    value = raw[key]
    if not isinstance(value, str) or len(value) > limit or (required and not value.strip()):
        raise where.at(key).fail(f"should be text of 1 to {limit} characters")
    if BAD_TEXT.search(value):
        raise where.at(key).fail("holds a control character or a square bracket (markup is not allowed)")
    return value


def _choice(raw: Mapping[str, Any], key: str, where: _Where, choices: Sequence[str], optional: bool = False) -> str:
    if key not in raw:
        if optional:
            return ""
        raise where.at(key).fail(f"is required (one of {', '.join(choices)})")
    value = raw[key]
    if value not in choices:
        raise where.at(key).fail(f"{value!r} is not one of {', '.join(choices)}")
    return str(value)


def _labels(raw: Mapping[str, Any], key: str, where: _Where, choices: Sequence[str], most: int) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or len(value) > most or len(set(value)) != len(value):
        raise where.at(key).fail(f"should be a list of at most {most} different labels")
    for item in value:
        if item not in choices:
            raise where.at(key).fail(f"{item!r} is not one of {', '.join(choices)}")
    return tuple(value)


def _selector(value: Any, where: _Where) -> Mapping[str, Any]:
    if isinstance(value, str):
        return {"is": value}
    if not isinstance(value, dict):
        raise where.fail("should be a selector table")
    for key in value:
        if key not in SELECTOR_KEYS:
            raise where.at(key).fail(f"{key!r} is not a selector key ({', '.join(SELECTOR_KEYS)})")
    for key in ("alignment_any",):
        if key in value:
            _labels(value, key, where, ALIGNMENTS, 10)
    if "trait_any" in value:
        _labels(value, "trait_any", where, TRAITS, 8)
    if "subtype_any" in value:
        _labels(value, "subtype_any", where, SUBTYPES, 3)
    return dict(value)


def _context(value: Any, where: _Where) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise where.fail("should be a table")
    kept: dict[str, Any] = {}
    for key, item in value.items():
        if key not in CONTEXT_KEYS:
            raise where.at(key).fail(f"{key!r} is not a condition key ({', '.join(CONTEXT_KEYS)})")
        if key == "attack_kind" and item not in ("control", "destroy"):
            raise where.at(key).fail("should be control or destroy")
        elif key == "side" and item not in ("attack", "defence"):
            raise where.at(key).fail("should be attack or defence")
        elif key == "step" and item not in ("commit", "support"):
            raise where.at(key).fail("should be commit or support")
        elif key == "shared_alignment" and not isinstance(item, bool):
            raise where.at(key).fail("should be true or false")
        # a selector may be written as a bare name ("self"): kept as the table it stands for
        kept[key] = item if key in CONTEXT_WORDS else _selector(item, where.at(key))
    return kept


def _cost(value: Any, where: _Where) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise where.fail("should be a table")
    for key in value:
        if key not in COST_KEYS:
            raise where.at(key).fail(f"{key!r} is not a cost ({', '.join(COST_KEYS)})")
    if "token" in value and value["token"] not in ("self", "cabal", "any", "group"):
        raise where.at("token").fail("should be self, cabal, any or group")
    for key in ("tokens", "discard_plots"):
        if key in value:
            _int(value, key, where, 0, 5)
    return dict(value)


def _effect(raw: Any, where: _Where) -> Effect:
    if not isinstance(raw, dict):
        raise where.fail("should be a table")
    known = ("when", "event", "if", "cost", "limit", "do", "conflicts", "text")
    for key in raw:
        if key not in known:
            raise where.at(key).fail(f"{key!r} is not a field of an effect ({', '.join(known)})")
    when = _choice(raw, "when", where, WHENS)
    event = _choice(raw, "event", where, EVENTS, optional=when not in ("after", "replace"))
    ops = raw.get("do", [])
    if not isinstance(ops, list):
        raise where.at("do").fail("should be a list of operations")
    for index, op in enumerate(ops):
        here = where.at(f"do[{index}]")
        if not isinstance(op, dict) or "op" not in op:
            raise here.fail("should be a table with an 'op'")
        name = op["op"]
        if name not in OPS:
            raise here.at("op").fail(f"{name!r} is not an operation ({', '.join(OPS)})")
        for key in op:
            if key != "op" and key not in OPS[name]:
                raise here.at(key).fail(f"{key!r} is not a parameter of {name} ({', '.join(OPS[name])})")
        if name == "named" and op.get("id") not in NAMED:
            raise here.at("id").fail(f"no named effect {op.get('id')!r} exists ({', '.join(NAMED)})")
        if name == "grant" and "alignment" in op and op["alignment"] not in ALIGNMENTS:
            raise here.at("alignment").fail(f"{op['alignment']!r} is not an alignment")
    conflicts = raw.get("conflicts", [])
    if not isinstance(conflicts, list) or not all(isinstance(c, str) for c in conflicts):
        raise where.at("conflicts").fail("should be a list of tags")
    return Effect(
        when=when, event=event, text=_text(raw, "text", where, 400),
        do=tuple(dict(op) for op in ops),
        if_=_context(raw["if"], where.at("if")) if "if" in raw else {},
        cost=_cost(raw["cost"], where.at("cost")) if "cost" in raw else {},
        limit=_choice(raw, "limit", where, LIMITS, optional=True), conflicts=tuple(conflicts))


def _condition(raw: Any, where: _Where) -> Mapping[str, Any]:
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in ("all", "any"):
        raise where.fail("should be a table with one list, 'all' or 'any'")
    key, atoms = next(iter(raw.items()))  # "all" or "any"
    if not isinstance(atoms, list) or not atoms:
        raise where.at(key).fail("should list at least one condition")
    kept: list[Mapping[str, Any]] = []
    for index, atom in enumerate(atoms):
        here = where.at(f"{key}[{index}]")
        if not isinstance(atom, dict) or not any(key in ATOMS for key in atom):
            raise here.fail(f"should be a table naming one of {', '.join(ATOMS)}")
        for part in atom:
            if part not in (*ATOMS, "where", "at_least", "by", "zone", "params"):
                raise here.at(part).fail(f"{part!r} is not a part of a condition")
        if "where" in atom:
            atom = {**atom, "where": _selector(atom["where"], here.at("where"))}
        if "named" in atom and atom["named"] not in NAMED:
            raise here.at("named").fail(f"no named condition {atom['named']!r} exists ({', '.join(NAMED)})")
        if "at_least" in atom:
            value = atom["at_least"]
            if isinstance(value, str):
                if not re.fullmatch(r"basic_goal( - \d+)?", value):
                    raise here.at("at_least").fail("should be a number or 'basic_goal - k'")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise here.at("at_least").fail("should be a whole number")
        kept.append(atom)
    return {key: kept}


def _no_opposed(alignments: tuple[str, ...], where: _Where) -> None:
    for first in alignments:
        for second in alignments:
            if (first, second) in OPPOSED:
                raise where.at("alignments").fail(f"carries both {first} and {second}, an opposed pair")


COMMON = ("id", "kind", "name", "flavor", "text", "effects", "max_copies", "tags")
BY_KIND: Mapping[str, tuple[str, ...]] = {
    "cabal": ("power", "global_power", "alignments", "special_goal", "special_goal_text"),
    "group": ("subtype", "power", "global_power", "resistance", "arrows_out", "alignments", "traits"),
    "resource": ("resource_kind", "unique", "action"),
    "plot": ("plot_kind", "cost", "strength", "target", "link_to", "condition", "colour"),
}


def card_from_dict(raw: Any, file: str) -> CardDef:
    """One card; CardDataError naming the file, the card and the field."""
    if not isinstance(raw, dict):
        raise _Where(file).fail("a [[card]] should be a table")
    card_id = raw.get("id")
    where = _Where(file, str(card_id) if isinstance(card_id, str) else "?")
    if not isinstance(card_id, str) or not ID_PATTERN.fullmatch(card_id):
        raise where.at("id").fail("should be 1 to 12 capitals, digits or dashes, starting with a capital")
    kind = _choice(raw, "kind", where, tuple(BY_KIND))
    for key in raw:
        if key not in COMMON and key not in BY_KIND[kind]:
            raise where.at(key).fail(f"{key!r} is not a field of a {kind} card")
    effects = raw.get("effects", [])
    if not isinstance(effects, list):
        raise where.at("effects").fail("should be a list of effect tables")
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        raise where.at("tags").fail("should be a list of labels")
    common: dict[str, Any] = {
        "id": card_id, "kind": kind, "name": _text(raw, "name", where, 40, required=True),
        "flavor": _text(raw, "flavor", where, 140), "text": _text(raw, "text", where, 400),
        "effects": tuple(_effect(e, where.at(f"effects[{i}]")) for i, e in enumerate(effects)),
        "max_copies": _int(raw, "max_copies", where, 1, 45, default=0),
    }
    if not common["text"]:
        common["text"] = " ".join(effect.text for effect in common["effects"] if effect.text)
    if kind == "cabal":
        alignments = _labels(raw, "alignments", where, ALIGNMENTS, 3)
        _no_opposed(alignments, where)
        return CardDef(**common, power=_int(raw, "power", where, 0, 20),
                       global_power=_int(raw, "global_power", where, 0, 20), arrows=4,
                       alignments=alignments,
                       condition=_condition(raw.get("special_goal"), where.at("special_goal")),
                       goal_text=_text(raw, "special_goal_text", where, 400, required=True))
    if kind == "group":
        power = _int(raw, "power", where, 0, 12)
        global_power = _int(raw, "global_power", where, 0, 12, default=0)
        if global_power > power:
            raise where.at("global_power").fail(f"{global_power} is more than the power {power}")
        alignments = _labels(raw, "alignments", where, ALIGNMENTS, 3)
        _no_opposed(alignments, where)
        return CardDef(**common, subtype=_choice(raw, "subtype", where, SUBTYPES), power=power,
                       global_power=global_power, resistance=_int(raw, "resistance", where, 0, 15),
                       arrows=_int(raw, "arrows_out", where, 0, 3), alignments=alignments,
                       traits=_labels(raw, "traits", where, TRAITS, 8))
    if kind == "resource":
        for flag in ("unique", "action"):
            if not isinstance(raw.get(flag, False), bool):
                raise where.at(flag).fail("should be true or false")
        return CardDef(**common, resource_kind=_choice(raw, "resource_kind", where, RESOURCE_KINDS),
                       unique=raw.get("unique", False), action=raw.get("action", False))
    plot_kind = _choice(raw, "plot_kind", where, PLOT_KINDS)
    extra: dict[str, Any] = {}
    if plot_kind == "strike":
        extra["strength"] = _int(raw, "strength", where, 0, 20)
        extra["target"] = _selector(raw.get("target", {}), where.at("target"))
    elif "strength" in raw or "target" in raw:
        raise where.at("strength" if "strength" in raw else "target").fail("only a strike has this")
    if plot_kind == "agenda":
        extra["colour"] = _choice(raw, "colour", where, COLOURS)
    elif "colour" in raw:
        raise where.at("colour").fail("only an agenda has a colour")
    if plot_kind == "goal":
        extra["condition"] = _condition(raw.get("condition"), where.at("condition"))
    elif "condition" in raw:
        raise where.at("condition").fail("only a goal card has a condition")
    if plot_kind == "standing":
        extra["link_to"] = _selector(raw.get("link_to", {"kind": "group", "controller": "you"}),
                                     where.at("link_to"))
    elif "link_to" in raw:
        raise where.at("link_to").fail("only a standing plot is linked")
    if "cost" in raw:
        extra["cost"] = _cost(raw["cost"], where.at("cost"))
    return CardDef(**common, plot_kind=plot_kind, **extra)


def card_set_from_files(files: Sequence[tuple[str, Mapping[str, Any]]]) -> CardSet:
    """A whole set from its files (name, parsed TOML); CardDataError at the first fault."""
    head: Mapping[str, Any] | None = None
    cards: dict[str, CardDef] = {}
    names: dict[str, str] = {}
    for file, data in files:
        where = _Where(file)
        if data.get("format") != CARD_FORMAT:
            raise where.at("format").fail(f"should be {CARD_FORMAT!r}")
        for key in data:
            if key not in ("format", "set", "card"):
                raise where.at(key).fail(f"{key!r} is not a part of a card file (format, set, card)")
        if "set" in data:
            if head is not None:
                raise where.at("set").fail("a set is described in one file only")
            head = data["set"]
            if not isinstance(head, dict):
                raise where.at("set").fail("should be a table")
            for key in ("id", "title", "version", "license"):
                _text(head, key, where.at("set"), 80, required=True)
        raw_cards = data.get("card", [])
        if not isinstance(raw_cards, list):
            raise where.at("card").fail("should be [[card]] tables")
        for raw in raw_cards:
            card = card_from_dict(raw, file)
            if card.id in cards:
                raise _Where(file, card.id).at("id").fail("is used by another card of the set")
            if card.name in names:
                raise _Where(file, card.id).at("name").fail(f"is also the name of card {names[card.name]}")
            cards[card.id] = card
            names[card.name] = card.id
    if head is None:
        raise _Where(files[0][0] if files else "the set").fail("no file has a [set] table")
    return CardSet(id=str(head["id"]), title=str(head["title"]), version=str(head["version"]),
                   license=str(head["license"]), cards=cards)


def deck_from_dict(data: Mapping[str, Any], file: str, cards: CardSet) -> Deck:
    """A deck list checked against its set: 45 cards, plots and Cabals in the plot deck, groups
    and resources in the group deck, a Cabal, 6 group names, copy limits."""
    where = _Where(file)
    if data.get("format") != DECK_FORMAT:
        raise where.at("format").fail(f"should be {DECK_FORMAT!r}")
    head = data.get("deck")
    if not isinstance(head, dict):
        raise where.at("deck").fail("should be a table with id, name and set")
    deck_id = _text(head, "id", where.at("deck"), 40, required=True)
    if head.get("set") != cards.id:
        raise where.at("deck.set").fail(f"names set {head.get('set')!r}, not {cards.id!r}")
    piles: dict[str, tuple[str, ...]] = {}
    for pile in ("plot", "group"):
        table = data.get(f"{pile}_deck")
        raw = table.get("cards") if isinstance(table, dict) else None
        here = where.at(f"{pile}_deck.cards")
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise here.fail("should be a list of card ids")
        for card_id in raw:
            card = cards.cards.get(card_id)
            if card is None:
                raise here.fail(f"no card {card_id!r} in set {cards.id}")
            if card.back != pile:
                raise here.fail(f"{card_id} ({card.name}) belongs in the {card.back} deck")
        piles[pile] = tuple(raw)
    total = len(piles["plot"]) + len(piles["group"])
    if total != DECK_SIZE:
        raise where.fail(f"a deck holds exactly {DECK_SIZE} cards, this one {total}")
    if not any(cards.cards[c].kind == "cabal" for c in piles["plot"]):
        raise where.at("plot_deck.cards").fail("the plot deck needs at least one Cabal")
    group_names = {cards.cards[c].name for c in piles["group"] if cards.cards[c].kind == "group"}
    if len(group_names) < MIN_GROUP_NAMES:
        raise where.at("group_deck.cards").fail(
            f"needs at least {MIN_GROUP_NAMES} different groups, this one has {len(group_names)}")
    for card_id in set(piles["plot"] + piles["group"]):
        card = cards.cards[card_id]
        copies = (piles["plot"] + piles["group"]).count(card_id)
        if card.max_copies and copies > card.max_copies:
            raise _Where(file, card_id).at("max_copies").fail(
                f"the deck holds {copies} copies, at most {card.max_copies} are allowed")
    return Deck(id=deck_id, name=_text(head, "name", where.at("deck"), 60, required=True), set=cards.id,
                plot=piles["plot"], group=piles["group"], public=bool(head.get("public", True)))
