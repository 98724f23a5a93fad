"""Choosing decks and card sets: each seat's deck as an option of the game (by name, by seat, at
random from the seed), a player's own card set and deck list (``--cards``, ``--deck``) refused
with the file, the card and the field when bad, and records that name the set and its digest.

Installing a set changes what the process offers, so every test that brings cards runs the
command as a player does, in a process of its own."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grail_tui.games.api import SetupRequest
from grail_tui.games.strings.kind import KIND

PACKAGE = Path(__file__).resolve().parents[2] / "grail_tui" / "games" / "strings"


def grail(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grail_tui", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def home_set(folder: Path, set_id: str = "home1", title: str = "Home Brew") -> Path:
    """A card set of one's own: the starter set's cards and decks under another id."""
    folder.mkdir(parents=True)
    for source in (PACKAGE / "cards" / "ps1").glob("*.toml"):
        text = source.read_text(encoding="utf-8")
        if source.name == "set.toml":
            text = text.replace('id = "ps1"', f'id = "{set_id}"').replace(
                'title = "Pulling Strings: Starter Set"', f'title = "{title}"')
        (folder / source.name).write_text(text, encoding="utf-8")
    for source in (PACKAGE / "decks" / "ps1").glob("*.toml"):
        text = source.read_text(encoding="utf-8").replace('set = "ps1"', f'set = "{set_id}"')
        (folder / f"deck-{source.name}").write_text(text, encoding="utf-8")
    return folder


def own_deck(path: Path, deck_id: str = "my-masks", extra: str = "") -> Path:
    text = (PACKAGE / "decks" / "ps1" / "masks.toml").read_text(encoding="utf-8")
    text = text.replace('id = "masks"', f'id = "{deck_id}"').replace('name = "Masks"', 'name = "My Masks"')
    if extra:
        text = text.replace('cards = ["', f'cards = ["{extra}", "', 1)
    path.write_text(text, encoding="utf-8")
    return path


PLAY_AND_RECORD = """
import json, sys
from pathlib import Path
from grail_tui.games.api import SetupRequest
from grail_tui.games.kit.terms import BotLevel
from grail_tui.games.strings.kind import KIND
options = json.loads(sys.argv[2])
for arg in sys.argv[3:]:
    kind, _, path = arg.partition("=")
    if kind == "cards":
        options["cards"] = KIND.bring_cards(Path(path))
    else:
        seat, _, file = path.partition(":")
        decks = options.get("decks", "").split(",") if options.get("decks") else []
        decks += ["rotation"] * (int(seat) + 1 - len(decks))
        decks[int(seat)] = KIND.bring_deck(Path(file))
        options["decks"] = ",".join(decks)
setup = KIND.make_setup(SetupRequest(players=3, seed=5, options={"turn_limit": 4, **options}))
state = KIND.new_state(setup)
bot = KIND.make_bot(BotLevel.RANDOM, 5)
while not state.is_over:
    seat = state.to_act()[0]
    view = state.view(seat)
    state.apply(bot.decide(view, KIND.legal_from_view(view, seat)))
Path(sys.argv[1]).write_text(json.dumps(KIND.record(state)))
print(KIND.result(state).text)
"""


def record_of(path: Path, options: dict[str, str], *brought: str) -> str:
    done = subprocess.run([sys.executable, "-c", PLAY_AND_RECORD, str(path), json.dumps(options), *brought],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


# -- the decks option ----------------------------------------------------------------------------


def decks_of(players: int, decks: str = "", seed: int = 0) -> tuple[str, ...]:
    return KIND.make_setup(SetupRequest(players=players, seed=seed, options={"decks": decks})).decks


def test_each_seat_plays_the_deck_named_for_it_and_unnamed_seats_take_the_rival_pairs():
    assert decks_of(4) == ("old-money", "low-note", "borderlines", "open-eye")
    assert decks_of(3, "masks") == ("masks", "low-note", "borderlines")  # seats 2-3 by seat
    assert decks_of(3, "rotation,open-palm,masks") == ("old-money", "open-palm", "masks")


def test_a_random_deck_is_drawn_from_the_games_seed():
    drawn = {decks_of(6, "random,random,random,random,random,random", seed) for seed in range(12)}
    assert len(drawn) > 1  # the seed decides ...
    assert decks_of(6, "random," * 5 + "random", 7) == decks_of(6, "random," * 5 + "random", 7)  # ... alone
    assert all(deck in ("old-money", "low-note", "borderlines", "open-eye", "masks", "open-palm")
               for deck in decks_of(6, "random," * 5 + "random", 3))


def test_the_decks_option_offers_every_shipped_deck_per_seat_and_refuses_others():
    option = next(o for o in KIND.options() if o.key == "decks")
    assert option.per_seat
    assert [value for value, _ in option.choices] == ["rotation", "random", "old-money", "low-note", "borderlines",
                                                      "open-eye", "masks", "open-palm"]
    assert option.refusal("masks,random", 6) is None
    assert "'nope' is not one of" in str(option.refusal("masks,nope", 6))
    assert "one for each of the 2 seats, not 3" in str(option.refusal("masks,masks,masks", 2))
    with pytest.raises(ValueError, match="one deck per seat: 2 decks, not 3"):
        decks_of(2, "masks,masks,masks")
    with pytest.raises(ValueError, match="no card set 'other'"):
        KIND.make_setup(SetupRequest(players=2, seed=0, options={"cards": "other"}))
    cards = next(o for o in KIND.options() if o.key == "cards")
    assert cards.choices == (("ps1", "Pulling Strings: Starter Set (ps1)"),)


# -- cards and decks a player brings -------------------------------------------------------------


def test_selfplay_with_a_deck_of_ones_own_plays_it_at_the_seat_named(tmp_path):
    mine = own_deck(tmp_path / "mine.toml")
    done = grail("selfplay", "--game", "strings", "--players", "3", "--games", "1", "--turn-limit", "3",
                 "--deck", f"2={mine}", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 1


def test_a_bad_deck_or_card_file_is_refused_with_the_file_the_card_and_the_field(tmp_path):
    bad = own_deck(tmp_path / "bad.toml", extra="Z9")
    done = grail("selfplay", "--game", "strings", "--deck", f"3={bad}")
    assert done.returncode == 1
    assert f"{bad}: field plot_deck.cards: no card 'Z9' in set ps1" in done.stderr
    assert "Traceback" not in done.stderr
    cards = home_set(tmp_path / "broken")
    text = (cards / "groups.toml").read_text(encoding="utf-8")
    (cards / "groups.toml").write_text(text.replace("power = ", "power = 99 #", 1), encoding="utf-8")
    done = grail("selfplay", "--game", "strings", "--cards", str(cards))
    assert done.returncode == 1
    assert "groups.toml: card " in done.stderr and "field power: " in done.stderr and "99" in done.stderr
    done = grail("selfplay", "--game", "strings", "--cards", str(bad))  # a deck list is no card set
    assert done.returncode == 1 and f"{bad}: no card file in it" in done.stderr
    done = grail("selfplay", "--game", "strings", "--deck", f"7={bad}")
    assert done.returncode == 2 and "SEAT from 1 to 6" in done.stderr


def test_a_card_set_of_ones_own_is_played_and_its_record_replays_only_with_those_cards(tmp_path):
    cards = home_set(tmp_path / "home")
    done = grail("selfplay", "--game", "strings", "--players", "3", "--games", "1", "--turn-limit", "3",
                 "--cards", str(cards), "--option", "decks=masks,random", "--json")
    assert done.returncode == 0, done.stderr
    record = tmp_path / "game.json"
    outcome = record_of(record, {"decks": "masks,open-eye"}, f"cards={cards}")
    setup = json.loads(record.read_text())["setup"]
    assert setup["card_set"] == "home1" and setup["decks"][:2] == ["masks", "open-eye"]
    assert len(setup["cards_hash"]) == 64
    checked = grail("check", str(record), "--cards", str(cards))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(outcome)
    missing = grail("check", str(record))
    assert missing.returncode != 0
    assert "played with card set 'home1', which is not installed here" in missing.stdout + missing.stderr
    changed = tmp_path / "changed"
    shutil.copytree(cards, changed)
    text = (changed / "groups.toml").read_text(encoding="utf-8")
    (changed / "groups.toml").write_text(text.replace('text = "', 'text = "Reworded. ', 1), encoding="utf-8")
    other = grail("check", str(record), "--cards", str(changed))
    assert other.returncode != 0
    assert "another version of card set 'home1'" in other.stdout + other.stderr
    assert "Traceback" not in other.stdout + other.stderr


def test_a_record_with_a_deck_of_ones_own_carries_the_list_and_replays_without_the_file(tmp_path):
    mine = own_deck(tmp_path / "mine.toml")
    record = tmp_path / "game.json"
    outcome = record_of(record, {}, f"deck=1:{mine}")
    setup = json.loads(record.read_text())["setup"]
    assert setup["decks"][1] == "my-masks"
    assert setup["custom_decks"][0]["id"] == "my-masks" and len(setup["custom_decks"][0]["plot"]) == 20
    mine.unlink()
    checked = grail("check", str(record))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(outcome)


def test_an_old_record_without_card_set_names_still_loads(tmp_path):
    record = tmp_path / "old.json"
    record_of(record, {})
    data = json.loads(record.read_text())
    for key in ("card_set", "cards_hash"):
        data["setup"].pop(key)
    record.write_text(json.dumps(data))
    checked = grail("check", str(record))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_own_cards_are_never_sent_to_a_server(tmp_path):
    mine = own_deck(tmp_path / "mine.toml")
    done = grail("--socket", str(tmp_path / "server.sock"), "--deck", str(mine))
    assert done.returncode == 2
    assert "a server plays only the card sets its operator installed" in done.stderr
    done = grail("--cards", str(home_set(tmp_path / "home")), "--plain", "--socket", str(tmp_path / "s.sock"))
    assert done.returncode == 2 and "its operator installed" in done.stderr


def test_the_sessions_a_server_starts_know_the_card_sets_it_installed(tmp_path, monkeypatch):
    from grail_tui.net.ssh.session import base_environment

    cards = home_set(tmp_path / "home")
    monkeypatch.setenv("GRAIL_TUI_CARDS", str(cards))
    assert base_environment({})["GRAIL_TUI_CARDS"] == str(cards)  # the SSH door passes it on
    shown = subprocess.run(
        [sys.executable, "-c", "from grail_tui.cli.cards import install_from_environment\n"
         "from grail_tui.games.strings.kind import KIND\ninstall_from_environment()\n"
         "print(dict(next(o for o in KIND.options() if o.key == 'cards').choices))"],
        capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert "'home1': 'Home Brew (home1)'" in shown.stdout
