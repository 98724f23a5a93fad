"""Card sets and deck lists from files (engine/catalogue.py): a set installed beside the shipped
one and never in its place, a player's own deck list checked against the set it names, and every
refusal naming the file and what is wrong. Each test installs into registers of its own."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from grail_tui.games.strings.engine import CardDataError, Setup, catalogue, setup_from_dict, setup_to_dict
from grail_tui.games.strings.engine.catalogue import (
    bring_deck,
    brought,
    brought_decks,
    card_set,
    check_file,
    decks,
    install_cards,
    sets,
)

PACKAGE = resources.files("grail_tui.games.strings")
SHIPPED_ORDER = ("old-money", "low-note", "borderlines", "open-eye", "masks", "open-palm")


@pytest.fixture(autouse=True)
def registers(monkeypatch):
    """Sets installed and decks brought in a test stay in that test."""
    monkeypatch.setattr(catalogue, "_installed", {})
    monkeypatch.setattr(catalogue, "_brought", {})


def home_set(folder: Path, set_id: str = "home1", decks_too: bool = True) -> Path:
    """The shipped cards (and deck lists) under another set id."""
    folder.mkdir(parents=True, exist_ok=True)
    for source in PACKAGE.joinpath("cards", "ps1").iterdir():
        if source.name.endswith(".toml"):
            text = source.read_text(encoding="utf-8")
            (folder / source.name).write_text(text.replace('id = "ps1"', f'id = "{set_id}"'), encoding="utf-8")
    if decks_too:
        for source in PACKAGE.joinpath("decks", "ps1").iterdir():
            if source.name.endswith(".toml"):
                text = source.read_text(encoding="utf-8").replace('set = "ps1"', f'set = "{set_id}"')
                (folder / f"deck-{source.name}").write_text(text, encoding="utf-8")
    return folder


def own_deck(path: Path, deck_id: str = "my-masks", set_line: str = 'set = "ps1"') -> Path:
    text = PACKAGE.joinpath("decks", "ps1", "masks.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('id = "masks"', f'id = "{deck_id}"').replace('set = "ps1"', set_line), encoding="utf-8")
    return path


def words(call, *args) -> str:
    with pytest.raises(CardDataError) as refused:
        call(*args)
    return str(refused.value)


def test_the_shipped_set_and_its_decks_in_the_order_of_the_starter_set():
    assert sets() == ("ps1",) and card_set().id == "ps1" and card_set("ps1") is card_set()
    assert tuple(decks()) == SHIPPED_ORDER and tuple(decks("ps1")) == SHIPPED_ORDER
    assert words(card_set, "nope") == "no card set 'nope' is installed"
    assert words(card_set, "ps1@9.9.9") == "no card set 'ps1@9.9.9' is installed"  # a version not kept
    # read afresh, past the caches (filled once per process, before a mutation run switches a mutant on)
    again = catalogue._shipped_set.__wrapped__("ps1")
    assert again.digest() == card_set().digest() and list(again.cards) == list(card_set().cards)
    assert (again.id, again.title, again.license) == ("ps1", card_set().title, "CC-BY-4.0")
    assert tuple(catalogue._shipped_decks.__wrapped__("ps1")) == SHIPPED_ORDER
    assert catalogue._shipped_ids.__wrapped__() == ("ps1",)


@pytest.mark.parametrize("name", ["/etc", "../ps1", "ps1/../ps1", "ps1@../../..", "ps1@1.1.0/..", "ps1@1.1.0@2",
                                  "ps1@", "ps1@v1_1_0", "PS1", "ps1@1.1.0 ", "x" * 300 + "@1.0"])
def test_a_set_name_from_a_record_or_a_request_reaches_no_other_folder(name, monkeypatch):
    """A card set's name comes from a record or a request: anything but a shipped set's name (with
    a kept version of digits and dots) is refused before any file is looked for, and the refusal
    repeats at most 40 of its characters."""
    looked: list[object] = []
    monkeypatch.setattr(catalogue, "_folder", lambda set_id: looked.append(set_id) or PACKAGE.joinpath("cards", "ps1"))
    refusal = words(catalogue._shipped_set.__wrapped__, name)
    assert refusal == f"no card set {name[:40]!r} is installed"
    assert looked == []
    assert catalogue.kept_version(name, card_set().digest()) is None


def test_a_set_of_ones_own_is_installed_beside_the_shipped_one_with_its_decks(tmp_path):
    folder = home_set(tmp_path / "home")
    cards = install_cards(folder)
    assert cards.id == "home1" and sets() == ("ps1", "home1")
    assert card_set("home1") is cards and card_set("ps1").id == "ps1"
    assert sorted(decks("home1")) == sorted(SHIPPED_ORDER) and decks("home1")["masks"].set == "home1"
    assert install_cards(folder).digest() == cards.digest()  # the same set again: no harm


def test_an_installed_set_may_not_take_a_shipped_id_or_another_installed_sets(tmp_path):
    shipped = home_set(tmp_path / "shipped", set_id="ps1", decks_too=False)
    assert words(install_cards, shipped) == (f"{shipped}: set id 'ps1' is the id of a set shipped with grail-tui; "
                                             "give yours another id")
    install_cards(home_set(tmp_path / "first", decks_too=False))
    other = home_set(tmp_path / "other", decks_too=False)
    groups = other / "groups.toml"
    groups.write_text(groups.read_text(encoding="utf-8").replace('name = "', 'name = "New ', 1), encoding="utf-8")
    assert words(install_cards, other) == f"{other}: another card set 'home1' is already installed"


def test_a_folder_without_cards_or_with_two_decks_of_one_id_is_refused(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert words(install_cards, empty) == f"{empty}: no .toml card files in it"
    only_decks = tmp_path / "decks"
    only_decks.mkdir()
    own_deck(only_decks / "a.toml")
    assert words(install_cards, only_decks) == (
        f"{only_decks}: no card file in it (a card file has format 'pulling-strings-cards/1' and one of a "
        "set's files a [set] table)")
    twice = home_set(tmp_path / "twice", decks_too=False)
    for name in ("a", "b"):
        own_deck(twice / f"deck-{name}.toml", set_line='set = "home1"')
    assert words(install_cards, twice) == f"{twice / 'deck-b.toml'}: deck id 'my-masks' is used by another deck of the set"
    assert "home1" not in sets()  # nothing of a refused folder is installed


def test_a_deck_list_of_ones_own_is_checked_against_the_set_it_names_and_kept_by_its_id(tmp_path):
    deck = bring_deck(own_deck(tmp_path / "mine.toml"))
    assert (deck.id, deck.set) == ("my-masks", "ps1") and brought("my-masks") is deck
    assert brought("masks") is None and brought_decks() == (deck,)
    unnamed = own_deck(tmp_path / "unnamed.toml", deck_id="no-set", set_line="")
    assert words(bring_deck, unnamed) == f"{unnamed}: field deck.set: names set None, not 'ps1'"


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("cards.toml", 'format = "pulling-strings-cards/1"\n', "format: should be 'pulling-strings-deck/1' (a deck list)"),
    ("elsewhere.toml", None, "deck.set: no card set 'zz' is installed (the sets: ps1)"),
    ("clash.toml", "masks", "deck.id: 'masks' is the id of a deck of set 'ps1'; give yours another id"),
])
def test_a_deck_list_of_ones_own_is_refused_in_words(tmp_path, name, text, problem):
    path = tmp_path / name
    if text is None:
        own_deck(path, set_line='set = "zz"')
    elif text == "masks":
        own_deck(path, deck_id="masks")
    else:
        path.write_text(text, encoding="utf-8")
    assert words(bring_deck, path) == f"{path}: {problem}"
    assert brought_decks() == ()


def test_a_file_that_cannot_be_read_is_refused_in_words(tmp_path):
    missing = tmp_path / "missing.toml"
    assert words(bring_deck, missing).startswith(f"{missing}: cannot read it (")
    broken = tmp_path / "broken.toml"
    broken.write_text("format = ", encoding="utf-8")
    assert words(install_cards, broken).startswith(f"{broken}: not valid TOML (")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    assert words(bring_deck, binary).startswith(f"{binary}: cannot read it (")


def test_cards_check_reads_a_whole_set_a_deck_of_an_unknown_set_and_a_shipped_file_being_edited(tmp_path):
    folder = home_set(tmp_path / "home", decks_too=False)
    whole = tmp_path / "whole.toml"  # a set in one file: its [set] table and every card
    whole.write_text("\n".join(p.read_text(encoding="utf-8") if p.name == "set.toml" else
                               p.read_text(encoding="utf-8").replace('format = "pulling-strings-cards/1"', "")
                               for p in sorted(folder.glob("*.toml"), key=lambda p: p.name != "set.toml")),
                     encoding="utf-8")
    assert check_file(whole) == f"{whole}: {len(card_set().cards)} cards, all valid."
    stray = own_deck(tmp_path / "stray.toml", set_line='set = "zz"')
    assert words(check_file, stray) == f"{stray}: field deck.set: names set 'zz', not 'ps1'"
    shipped = Path(str(PACKAGE.joinpath("cards", "ps1", "groups.toml")))
    assert check_file(shipped) == f"{shipped}: {len(card_set().cards)} cards, all valid."  # itself, not a clash


def test_a_record_of_a_game_with_an_installed_set_names_the_set_and_reads_back(tmp_path):
    install_cards(home_set(tmp_path / "home"))
    setup = Setup(seed=2, decks=("masks", "low-note"), card_set="home1")
    written = setup_to_dict(setup)
    assert (written["card_set"], written["cards_hash"]) == ("home1", card_set("home1").digest())
    assert setup_from_dict(written) == setup


def test_a_deck_list_is_refused_naming_its_own_file_and_the_sets_there_are(tmp_path):
    folder = home_set(tmp_path / "home", decks_too=False)
    bad = own_deck(folder / "deck-short.toml", set_line='set = "home1"')
    bad.write_text(bad.read_text(encoding="utf-8").replace('cards = ["', 'cards = ["Z9", "', 1), encoding="utf-8")
    assert words(install_cards, folder) == f"{bad}: field plot_deck.cards: no card 'Z9' in set home1"
    install_cards(home_set(tmp_path / "other", set_id="home2", decks_too=False))
    stray = own_deck(tmp_path / "stray.toml", set_line='set = "zz"')
    assert words(bring_deck, stray) == f"{stray}: deck.set: no card set 'zz' is installed (the sets: ps1, home2)"
    headless = tmp_path / "headless.toml"
    headless.write_text('format = "pulling-strings-deck/1"\ndeck = "mine"\n', encoding="utf-8")
    assert words(bring_deck, headless) == f"{headless}: field deck: should be a table with id, name and set"
    assert words(check_file, headless) == f"{headless}: field deck: should be a table with id, name and set"


def test_cards_check_reads_a_deck_against_the_installed_set_it_names_and_a_copy_of_a_shipped_file_as_a_clash(tmp_path):
    install_cards(home_set(tmp_path / "home", decks_too=False))
    deck = own_deck(tmp_path / "home-deck.toml", set_line='set = "home1"')
    masks = decks()["masks"]
    assert check_file(deck) == (f"{deck}: deck 'my-masks' (Masks) is legal: {len(masks.plot)} plot cards, "
                                f"{len(masks.group)} group cards.")
    copy = tmp_path / "groups.toml"  # a shipped file's name, elsewhere: its cards join the set's and clash
    copy.write_text(PACKAGE.joinpath("cards", "ps1", "groups.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert "field id: is used by another card of the set" in words(check_file, copy)
    lone = tmp_path / "lone.toml"
    lone.write_text('format = "pulling-strings-cards/1"\n[[card]]\nid = "ZZ1"\nkind = "group"\n', encoding="utf-8")
    assert words(check_file, lone).startswith(f"{lone}: card ZZ1: field name: is required")
