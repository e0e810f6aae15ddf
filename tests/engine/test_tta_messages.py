"""TtA refusals in every language: the catalog is complete and used, nothing raises English only, real refusals
render in ja/fr/de."""
import ast
import random
import re
import string
from pathlib import Path

import pytest

from pbem.engine import CommandError, NotACommand, tta
from pbem.engine.messages import LOCALES
from pbem.engine.tta import messages
from pbem.engine.tta.messages import CATALOG, Msg, Refused
from test_tta_conflict import politics
from test_tta_military import mil, units
from tta_helpers import in_play, to_hand, tta_state

ENGINE = Path(messages.__file__).parent
OTHERS = ("ja", "fr", "de")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def params(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def engine_files() -> list[Path]:
    """The engine's modules, the catalog and its tables (messages*.py) left out: a key must be used, not defined."""
    return sorted(p for p in ENGINE.rglob("*.py") if not p.name.startswith("messages"))


def engine_source() -> str:
    return "\n".join(p.read_text() for p in engine_files())


# --- the catalog ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_message_has_every_locale_with_the_same_params(key):
    texts = CATALOG[key]
    assert len(messages._CATALOG[key]) == len(LOCALES) and set(texts) == set(LOCALES)
    for loc in OTHERS:
        assert texts[loc].strip(), (key, loc)
        assert params(texts[loc]) == params(texts["en"]), (key, loc)
        assert texts[loc] != texts["en"] or key == "quoted", (key, loc)
    assert JAPANESE.search(texts["ja"]) or key == "quoted", key


def test_every_message_is_used_by_the_engine():
    source = engine_source() + (ENGINE / "messages.py").read_text().split("CATALOG: dict", 1)[1]
    assert [key for key in CATALOG if f'"{key}"' not in source] == []


def test_every_message_the_engine_names_exists():
    named = set(re.findall(r'Msg\(\s*"([a-z0-9_]+)"', engine_source()))
    assert named and named <= set(CATALOG), named - set(CATALOG)


def test_a_message_is_its_english_text():
    msg = Msg("hand_full", n=7)
    assert str(msg) == msg.render("en") == "your hand is full (7 cards)"
    assert msg != "your hand is full (7 cards)"  # a Msg is not a str: compare its str()
    assert msg == Msg("hand_full", n=7) and msg != Msg("hand_full", n=8)
    assert msg.render("pt") == str(msg)  # a locale without words falls back to English
    assert f"why: {msg}" == "why: your hand is full (7 cards)"
    with pytest.raises(KeyError):
        Msg("no_such_message")


@pytest.mark.parametrize("msg,en,words", [
    (Msg("not_your_turn", player_list=(2, 3)), "it is not your turn; waiting for player 2, player 3",
     {"ja": "プレイヤー2、プレイヤー3", "fr": "Joueur 2, Joueur 3", "de": "Spieler 2, Spieler 3"}),
    (Msg("urban_limit", n=2, subtype="temple"), "you already have 2 temple buildings (your government's limit)",
     {"ja": "寺院", "fr": "temple", "de": "Tempel"}),
    (Msg("builds_a", card="Rich Land", types=("farm", "mine")), "Rich Land builds a farm or mine",
     {"ja": "農場、鉱山", "fr": "ferme ou mine", "de": "Farm oder Mine"}),
    (Msg("trade_lacks", what="food", what2="resource"), "you have no resource to pay 1 food with 1 resource",
     {"ja": "資源", "fr": "ressources", "de": "Rohstoffe"}),
    (Msg("target_lacks", player=2, need="wonder under construction"), "player 2 has no wonder under construction",
     {"ja": "建設中のワンダー", "fr": "merveille en construction", "de": "kein Weltwunder im Bau"}),
    (Msg("answer", choices=("choose food", "choose resource")), 'answer "choose food" or "choose resource"',
     {"ja": "「choose food」、「choose resource」", "fr": "« choose food » ou « choose resource »",
      "de": '"choose food" oder "choose resource"'}),
    (Msg("no_such", what=Msg("w_mil", mil="war"), words="holy", cards=()),
     'no war in your military hand called "holy" (you can: none)',
     {"ja": "軍事手札の戦争カード", "fr": "carte Guerre", "de": "Kriegskarte"}),
    (Msg("say_whom", n=2, named=(("Bob", 2), (None, 3))), 'say whom, e.g. "player 2" (you can name: Bob (player 2), '
     'player 3)', {"ja": "Bob (プレイヤー2)、プレイヤー3", "fr": "Bob (Joueur 2), Joueur 3", "de": "Bob (Spieler 2), Spieler 3"}),
])
def test_params_are_worded_by_kind(msg, en, words):
    assert str(msg) == en
    for loc, word in words.items():
        assert word in msg.render(loc), (loc, msg.render(loc))


# --- nothing can slip in English only ------------------------------------------------------------------------------

ERRORS = {"CommandError", "IllegalMove", "NotACommand", "Ambiguous", "AlreadyDone"}


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _is_text(node) -> bool:
    """A str literal, an f-string, or text glued together: what a refusal must not be made of."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and _called(node) in ("format", "join"):
        return True
    return False


def test_no_refusal_is_built_from_bare_text():
    """Every CommandError of the TtA engine is made by messages.error from a Msg; Refused, illegal() and the
    check functions (annotated `-> Msg | None`) take and return Msgs, never text."""
    bad = []
    for path in engine_files():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _called(node)
                if name in ERRORS:
                    bad.append(f"{path.name}:{node.lineno}: {name}(...) outside messages.error")
                if name in ("Refused", "illegal", "error", "quoted") and any(_is_text(a) for a in node.args):
                    bad.append(f"{path.name}:{node.lineno}: {name}(...) with bare text")
            if isinstance(node, ast.FunctionDef) and node.returns is not None \
                    and ast.unparse(node.returns) == "Msg | None":
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Return) and sub.value is not None and _is_text(sub.value):
                        bad.append(f"{path.name}:{sub.lineno}: {node.name} returns bare text")
    assert bad == []


def test_refused_takes_a_msg_only():
    assert str(Refused(Msg("no_ca"))) == "you have no civil action left"
    with pytest.raises(TypeError):
        Refused("you have no civil action left")


# --- real refusals --------------------------------------------------------------------------------------------------

def refusal(state, seat, text) -> CommandError:
    with pytest.raises(CommandError) as err:
        for move in tta.parse(text, state, seat):
            state, _ = tta.apply(state, seat, move)
    return err.value


def reason_key(err: CommandError) -> str:
    """The catalog key of a refusal's reason (the Msg its `local` renders)."""
    msg = err.local.__self__
    return msg.params["reason"].key if msg.key == "quoted" else msg.key


def assert_local(err: CommandError) -> None:
    assert err.local is not None, err.message
    assert err.in_locale("en") == err.message
    ja = err.in_locale("ja")
    assert ja != err.message and JAPANESE.search(ja), (err.message, ja)
    for loc in OTHERS:
        local = err.in_locale(loc)
        assert local != err.message, (loc, local)
        assert ("{" in local) == ("{" in err.message), (loc, local)
        if err.message.startswith('"') and '": ' in err.message:  # the command as typed stays at the head
            head = err.message[:err.message.index('": ') + 3]
            assert local.startswith(head), (loc, local)


def robespierre():
    state = tta_state()
    in_play(state, "civ/II/maximilien_robespierre")
    to_hand(state, "civ/I/monarchy")
    state["seats"][0]["ma"] = 0
    state["seats"][0]["science"] = 20
    return state


def raid_without_actions():
    state = politics(tta_state(), ma=0)
    mil(state, "mil/III/raid")
    return state


def one_warrior():
    state = politics(tta_state())
    units(state, warriors=1)
    mil(state, "mil/I/raid")
    return state


# (state, seat, command, English, {locale: exact text})
EXACT = [
    (tta_state, 1, "take 1", '"take 1": it is not your turn; waiting for player 1',
     {"ja": '"take 1": あなたの番ではありません：プレイヤー1を待っています',
      "fr": "\"take 1\": ce n'est pas votre tour : on attend Joueur 1",
      "de": '"take 1": du bist nicht dran: es wird auf Spieler 1 gewartet'}),
    (lambda: tta_state(round=1), 0, "build farm Agriculture",
     '"build farm Agriculture": in the first round you may only take cards',
     {"ja": '"build farm Agriculture": 第1ラウンドではカードを取ることしかできません',
      "fr": '"build farm Agriculture": à la première manche, vous ne pouvez que prendre des cartes',
      "de": '"build farm Agriculture": in der ersten Runde darfst du nur Karten nehmen'}),
    (tta_state, 0, "build temple Religion", '"build temple Religion": it costs 3 resources and you have 0',
     {"ja": '"build temple Religion": 資源が3必要ですが、あなたには0しかありません',
      "fr": '"build temple Religion": cela coûte 3 ressources et vous en avez 0',
      "de": '"build temple Religion": das kostet 3 Rohstoffe und du hast 0'}),
    (raid_without_actions, 0, "aggression raid iii player 2",
     '"aggression Raid III player 2": it costs 3 military actions; you have 0',
     {"ja": '"aggression Raid III player 2": Militaryアクションが3必要です：あなたには0あります',
      "fr": '"aggression Raid III player 2": cela coûte 3 actions militaires ; vous en avez 0',
      "de": '"aggression Raid III player 2": das kostet 3 Militäraktionen; du hast 0'}),
    (robespierre, 0, "revolution Monarchy",
     '"revolution Monarchy": a revolution under Robespierre needs all your military actions unspent',
     {"ja": '"revolution Monarchy": Robespierreのもとでの革命には、Militaryアクションを1つも使っていないことが必要です',
      "fr": '"revolution Monarchy": une révolution sous Robespierre demande toutes vos actions militaires '
            'inutilisées',
      "de": '"revolution Monarchy": eine Revolution unter Robespierre braucht alle deine Militäraktionen '
            'unverbraucht'}),
    (tta_state, 0, "discover Iron", '"discover Iron": no technology in your hand called "iron" (you can: none)',
     {"ja": '"discover Iron": 「iron」という手札の技術はありません（指定できるもの：なし）',
      "fr": '"discover Iron": « iron » introuvable (cherché : une technologie de votre main ; possibles : aucune)',
      "de": '"discover Iron": "iron" nicht gefunden (gesucht: eine Technologie auf deiner Hand; möglich: keine)'}),
    (one_warrior, 0, "aggression raid i player 2 sacrifice 3 warriors",
     '"aggression Raid I player 2 sacrifice 3 Warriors": you have 1 Warriors, not 3',
     {"ja": '"aggression Raid I player 2 sacrifice 3 Warriors": あなたのWarriorsは1です（3ではありません）',
      "fr": '"aggression Raid I player 2 sacrifice 3 Warriors": vous avez 1 Warriors, pas 3',
      "de": '"aggression Raid I player 2 sacrifice 3 Warriors": du hast 1 Warriors, nicht 3'}),
    (tta_state, 0, "volcano", None,
     {"ja": "「volcano」はコマンドではありません。できること：take 1, take 2, take 3, destroy farm Agriculture, "
            "disband unit Warriors, done"}),
]


@pytest.mark.parametrize("make,seat,text,english,local", EXACT, ids=[e[2] for e in EXACT])
def test_refusals_in_japanese_french_and_german(make, seat, text, english, local):
    err = refusal(make(), seat, text)
    if english is not None:
        assert err.message == english
    for loc, words in local.items():
        assert err.in_locale(loc) == words
    assert_local(err)


def test_setup_and_the_empty_text_refuse_in_every_language():
    with pytest.raises(CommandError) as err:
        tta.setup(5, {}, 1)
    assert err.value.message == "Through the Ages is for 2 to 4 players, not 5"
    assert err.value.in_locale("fr") == "Through the Ages se joue de 2 à 4 joueurs, pas à 5"
    with pytest.raises(NotACommand) as err:
        tta.parse(" ; ", tta_state(), 0)
    assert err.value.in_locale("de") == 'kein Befehl gefunden; zum Beispiel "take 3", "build farm Agriculture" ' \
                                        'oder "done"'
    assert err.value.legal


def test_the_existing_refusal_tests_refuse_in_every_language():
    """The refusals the rule tests check in English (test_tta_conflict, _effects, _colonies...) carry their words."""
    state = politics(tta_state(), ma=0)
    mil(state, "mil/III/raid")
    cases = [(state, 0, "aggression raid iii player 2"), (state, 0, "aggression raid iii player 1"),
             (state, 0, "defend with +9"), (state, 0, "standing bid none please"), (state, 0, "populate Iron"),
             (tta_state(), 0, "wonder 2"), (tta_state(), 0, "hold"), (tta_state(), 0, "done now"),
             (tta_state(), 0, "colonize sacrifice"), (tta_state(3), 0, "pact"), (tta_state(3), 0, "war holy war"),
             (tta_state(), 0, "upgrade Iron"), (tta_state(), 0, "standing pacts accept player 1")]
    for st, seat, text in cases:
        assert_local(refusal(st, seat, text))


# --- seeded bot games: whatever a player may send, a refusal comes in every language -----------------------------

FIXED = ("take 1", "take 7", "take 13", "take 14", "populate", "populate pay trade", "populate unit Warriors",
         "populate Agriculture", "wonder", "wonder 3", "hold", "hold it", "done now", "bid 99", "bid x", "pass",
         "colonize", "colonize sacrifice", "colonize sacrifice Warriors with +9", "colonize +1", "colonize banana",
         "defend with +9", "defend with banana", "defend sacrifice Warriors", "sacrifice 9 Warriors",
         "accept", "refuse", "cancel pact", "cancel it", "standing bid x", "standing pacts accept player 9",
         "standing defence sometimes", "standing choices never", "standing defence never player 2",
         "choose banana", "choose", "volcano", "aggression", "war", "pact", "play", "discover", "upgrade Iron",
         "upgrade farm Agriculture Irrigation", "destroy mine Coal", "build farm Agriculture pay",
         "build mine Bronze pay trade", "tactic", "discard", "event", "revolution", "take Iron")


def attempts(state: dict, seat: int) -> list[str]:
    """Commands a player might send now: the fixed ones, and some naming the cards the seat holds or plays."""
    from pbem.engine.tta.cards import card
    from pbem.engine.tta.cards.military import MILITARY
    from pbem.engine.tta.moves import name, type_word

    p = state["seats"][seat]
    out = list(FIXED)
    for copy in p["hand"]:
        out += [f"discover {name(card(copy).id)}", f"play {name(card(copy).id)}",
                f"revolution {name(card(copy).id)}"]
    for cid in p["workers"]:
        out += [f"build {type_word(cid)} {name(cid)}", f"destroy {type_word(cid)} {name(cid)}"]
    others = [s + 1 for s in range(state["players"]) if s != seat]
    for copy in p["mil_hand"]:
        n = name(MILITARY[copy.split(":", 1)[0]].id)
        out += [f"tactic {n}", f"discard {n}", f"event {n}", f"aggression {n} player {seat + 1}",
                f"aggression {n} player {others[0]}", f"war {n} player {others[-1]}",
                f"pact {n} player {others[0]} as A", f"colonize {n}"]
    return out


def test_every_refusal_in_seeded_bot_games_has_its_words():
    seen: dict[str, int] = {}
    for players, seed in ((2, "msg-2"), (3, "msg-3"), (4, "msg-4")):
        state = tta.setup(players, {}, seed)
        rnd = random.Random(seed)
        for step in range(900):
            prompts = tta.pending(state)
            if not prompts:
                break
            if step % 23 == 0:
                for seat in {prompts[0].seat, (prompts[0].seat + 1) % players}:
                    for text in attempts(state, seat):
                        try:
                            moves = tta.parse(text, state, seat)
                            for move in moves:
                                tta.apply(state, seat, move)
                        except CommandError as err:
                            assert_local(err)
                            key = reason_key(err)
                            seen[key] = seen.get(key, 0) + 1
            seat = prompts[0].seat
            state, _ = tta.apply(state, seat, tta.bot_move(state, seat, rnd))
    assert len(seen) >= 50, sorted(seen)
