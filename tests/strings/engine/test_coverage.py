"""The coverage walk (card notes §5): every rule that needs a card to happen has one in the shipped
set, in at least one preconstructed deck, carrying what makes the rule happen."""

from __future__ import annotations

import pytest

from grail_tui.games.strings.engine import card_set, decks

# rule -> (card ids, what each must carry: an operation, a flag or a field)
WALK = {
    "Cabal agents and bluffs (§2.11)": (("CB1", "CB2", "CB3", "CB4", "CB5", "CB6"), "kind:cabal"),
    "printed-0 groups get tokens (§7.3)": (("B3", "C2", "F7", "K24"), "power:0"),
    "power lowered to 0 (§7.3)": (("P31",), "op:stat"),
    "more than one token (§7.2)": (("P29",), "op:token_add"),
    "attack started by a plot (HR-12)": (("P09",), "op:start_attack"),
    "support restricted (Closed-Door)": (("P10",), "op:restrict_support"),
    "cancel a contribution": (("P16",), "op:cancel"),
    "attack in another player's turn (§8.11)": (("P19",), "op:attack"),
    "strikes (§8.10)": (("P21", "P22", "P23", "P24", "P25"), "plot_kind:strike"),
    "strike immunity": (("E8",), "op:immune"),
    "replacement prompts (§14.5)": (("P18",), "op:redirect"),
    "the response stack (§14.1)": (("P13",), "op:cancel"),
    "removing tokens": (("P17",), "op:token_remove"),
    "private looks and reveals (§4)": (("P30", "P20"), "op:look|show"),
    "milling (§13.5)": (("P34",), "op:mill"),
    "moving groups (§9)": (("P28",), "op:move"),
    "link conflicts (§10.4)": (("R12", "P36"), "conflicts"),
    "action resources (§2.6)": (("R01", "R06", "R07"), "action"),
    "unique resources (U-2)": (("R02", "R03", "R04", "R11"), "unique"),
    "agendas by colour (U-3)": (("P45", "P46", "P47", "P48", "P49", "P50"), "plot_kind:agenda"),
    "hand limit changed": (("P49",), "op:set_limit"),
    "goal cards (§16)": (("P39", "P40", "P41", "P42", "P43", "P44"), "plot_kind:goal"),
    "cancel a goal claim": (("P15",), "op:cancel"),
    "extra draws": (("R11",), "op:extra_draw"),
}


@pytest.mark.parametrize("rule", sorted(WALK))
def test_the_rule_is_reachable_with_the_shipped_cards(rule):
    ids, need = WALK[rule]
    cards = card_set().cards
    in_decks = {card for deck in decks().values() for card in deck.cards}
    for card_id in ids:
        card = cards[card_id]
        assert card_id in in_decks, f"{card_id} is in no preconstructed deck"
        kind, _, value = need.partition(":")
        if kind == "op":
            assert any(card.has_op(op) for op in value.split("|")), card_id
        elif kind == "conflicts":
            assert any(effect.conflicts for effect in card.effects), card_id
        elif kind in ("action", "unique"):
            assert getattr(card, kind), card_id
        elif kind == "power":
            assert card.power == int(value), card_id
        else:
            assert getattr(card, kind) == value, card_id
