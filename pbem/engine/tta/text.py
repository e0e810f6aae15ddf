"""One human line per event, as a viewer may see it: English, with Japanese, French and German for the common events."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import is_one, may_see, with_counts
from .moves import name


def _who(seat, viewer, names: Sequence[str] | None) -> str:
    if seat is None:
        return "The game"
    if seat == viewer:
        return "You"
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def _n(n, one: str, other: str) -> str:
    """An English count and its noun: "1 unit", "2 units"."""
    return f"{n} {one if is_one(n or 0, 'en') else other}"


def what_word(locale: str, what, n: int = 2) -> str:
    """A kind of thing counted (food, resource, culture, science, yellow) after a count of `n`."""
    if is_one(n, locale) and what in WHAT_ONE.get(locale, {}):
        return WHAT_ONE[locale][what]
    return WHAT.get(locale, WHAT["en"]).get(what, what or "")


# What others are told of a seat's military cards; the seat itself reads the private event beside it.
PUBLIC_TWINS = frozenset({"military_draw", "military_discard"})


def describe(ev: Mapping, viewer: int | None, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """One line for event `ev`; details hidden from a viewer who may not see them."""
    k = ev.get("kind")
    who = _who(ev.get("seat"), viewer, names)
    if not may_see(ev, viewer):
        # Nothing at all: a private event either has a public twin (military_draw beside military_cards) or is
        # the seat's own business (a standing order), and "did something hidden" would tell that it exists.
        return ""
    if k in PUBLIC_TWINS and viewer is not None and viewer == ev.get("seat"):
        return ""  # the seat reads its private twin, which names the cards: one line, not two
    card = name(ev["card"]) if ev.get("card") else ""
    # Mid-sentence the reader is "you", not "You".
    on, src, by, a = (("you" if ev[x] == viewer else _who(ev[x], viewer, names)) if ev.get(x) is not None else ""
                      for x in ("on", "source", "by", "a"))
    mid = "you" if viewer is not None and ev.get("seat") == viewer else who  # the seat, mid-sentence
    amount = ev.get("amount") or 0
    lines = {
        "turn": lambda: f"{who}: turn in round {ev.get('round')}.",
        "round": lambda: f"Round {ev.get('round')} begins.",
        "row": lambda: "New cards in the row: " + (", ".join(name(c) for c in ev.get("dealt", [])) or "none") + ".",
        "took": lambda: f"{who} took {card} (slot {ev.get('slot')}).",
        "built": lambda: f"{who} built on {card} for {_n(ev.get('cost'), 'resource', 'resources')}.",
        "upgraded": lambda: f"{who} upgraded {name(ev['src'])} to {name(ev['dst'])} for "
                            f"{_n(ev.get('cost'), 'resource', 'resources')}.",
        "destroyed": lambda: f"{who} took a worker off {card}.",
        "populated": lambda: f"{who} increased the population for {ev.get('food')} food.",
        "wonder_stage": lambda: f"{who} built stage {ev.get('stages')} of {card}.",
        "wonder_done": lambda: f"{who} completed {card}"
        + (f" (+{ev['culture']} culture)." if ev.get("culture") else "."),
        "discovered": lambda: f"{who} discovered {card} for {ev.get('science')} science.",
        "revolution": lambda: f"{who} made a revolution: {card}.",
        "leader": lambda: f"{who} elected {card}.",
        "action": lambda: f"{who} played {card}.",
        "produced": lambda: f"{who} produced {amount} {what_word('en', ev.get('what'), amount)}.",
        "done": lambda: f"{who}: no political action." if ev.get("politics") else f"{who} ended the actions.",
        "ca_penalty": lambda: f"{who} will have {ev.get('n')} fewer civil actions next turn (discontent workers).",
        "chose": lambda: f"{who} answered the choice of {card}." if card else f"{who} answered a choice.",
        "uprising": lambda: f"{who}: uprising! Nothing is produced this turn.",
        "scored": lambda: f"{who} scored {ev.get('culture')} culture and {ev.get('science')} science.",
        "consumed": lambda: f"{who}: the population ate {ev.get('amount')} food.",
        "famine": lambda: f"{who}: famine, {ev.get('missing')} food short, -{ev.get('culture')} culture.",
        "corruption": lambda: f"{who} lost {_n(ev.get('lost'), 'resource', 'resources')} to corruption.",
        "age_end": lambda: f"Age {ev.get('age')} ends: Age {ev.get('obsolete')} cards become obsolete.",
        "age_a_over": lambda: "Age A's remaining cards leave; Age I fills the row from now on.",
        "game_over": lambda: "The game is over.",
        "military_draw": lambda: f"{who} drew {_n(ev.get('count'), 'military card', 'military cards')} of Age "
                                 f"{ev.get('age')}.",
        "military_cards": lambda: f"{who} drew: " + (", ".join(name(c) for c in ev.get("cards", []))
                                                     or "nothing") + ".",
        "military_reshuffle": lambda: f"The Age {ev.get('age')} military discards are shuffled into a new deck.",
        "military_discard": lambda: f"{who} discarded a military card of Age {ev.get('age')}.",
        "military_discarded": lambda: f"{who} discarded {card}.",
        "tactic": lambda: f"{who} played the tactic {card} (strength {ev.get('strength')}).",
        "event_prepared": lambda: f"{who} prepared an Age {ev.get('age')} event (+{ev.get('culture')} culture).",
        "event_prepared_card": lambda: f"{who} put {card} on the future events.",
        "event": lambda: f"Event: {card}.",
        "event_gain": lambda: f"{who}: {amount:+d} {what_word('en', ev.get('what'), amount)}.",
        "territory_unclaimed": lambda: f"{card} is not colonised.",
        "bid": lambda: f"{who} bid {ev.get('amount')} for {card}" + (" (standing order)." if ev.get("standing")
                                                                      else "."),
        "bid_pass": lambda: f"{who} passed on {card}" + (" (cannot bid)." if ev.get("why") in CANNOT else "."),
        "colonized": lambda: f"{who} colonised {card}"
        + (f" for {ev.get('bid')}: {_n(ev.get('units'), 'unit', 'units')} sacrificed, "
           f"{_n(ev.get('bonus'), 'bonus card', 'bonus cards')}" + (f" ({ev['paid']})." if ev.get("paid") else ".")
           if ev.get("units") else " with Christopher Columbus."),
        "colony_lost": lambda: f"{who} lost the colony {card}.",
        "standing_bid": lambda: f"{who} will bid for territories up to {ev.get('limit')}."
        if ev.get("limit") is not None else f"{who} will be asked about territory bids.",
        "aggression": lambda: f"{who} played {card} against {on} (strength {ev.get('strength')}, "
                              f"{_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "defence": lambda: f"{who} defended with strength {ev.get('strength')} "
                           f"({_n(ev.get('cards'), 'bonus card', 'bonus cards')}, "
                           f"{_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "attack_won": lambda: f"{card} by {mid} succeeded against {on}: {ev['attack']} against {ev['defence']}.",
        "attack_held": lambda: f"{card} by {mid} failed against {on}: {ev['attack']} against {ev['defence']}.",
        "war_declared": lambda: f"{who} declared {card} on {on}.",
        "war_sacrifice": lambda: f"{who} {'go' if mid == 'you' else 'goes'} to war with strength "
                                 f"{ev.get('strength')} ({_n(ev.get('sacrificed'), 'unit', 'units')} sacrificed).",
        "war_won": lambda: f"{who} won {card} against {on} by {ev.get('advantage')}.",
        "war_tie": lambda: f"{card} of {mid} against {on} is a tie: nothing happens.",
        "taken": lambda: f"{who} took {amount} {what_word('en', ev.get('what'), amount)} from {src}.",
        "taken_special": lambda: f"{who} took the special technology {card} from {src}.",
        "razed": lambda: f"{who} lost {_n(ev.get('count'), 'building', 'buildings')} on {card}.",
        "assassinated": lambda: f"{who} lost the leader {card}.",
        "sabotaged": lambda: f"{who} lost the wonder under construction {card}.",
        "annexed": lambda: f"{who} annexed {card} from {src}.",
        "population_lost": lambda: f"{who} lost {ev.get('amount')} population.",
        "pact_offered": lambda: f"{who} offered {card} to {on} (side A: {a}).",
        "pact_accepted": lambda: f"{who} accepted {card} from {by}.",
        "pact_refused": lambda: f"{who} refused {card} from {by}; it goes back to their hand.",
        "pact_cancelled": lambda: f"{who} cancelled the pact {card}.",
        "pact_ended": lambda: f"{card} ends: {who} attacked the partner.",
        "traded": lambda: f"{who} paid 1 {what_word('en', ev.get('what'), 1)} in place of 1 "
                          f"{what_word('en', ev.get('instead'), 1)} ({card}).",
        "wonder_flipped": lambda: f"{who} turned the wonder {card} face down (no effect, 2 culture a turn).",
        "standing_order": lambda: f"{who} set a standing order: {ev.get('topic')} {ev.get('policy')}.",
        "standing_order_applied": lambda: (f"Your standing order: {ev.get('move')}." if mid == "you"
                                           else f"Standing order of {who}: {ev.get('move')}."),
    }
    if locale in LOCAL and k in LOCAL[locale]:
        who_l = {None: LOCAL[locale]["game"], viewer: LOCAL[locale]["you"]}.get(ev.get("seat"), who)
        if ev.get("seat") is not None and ev.get("seat") != viewer and not names:
            who_l = LOCAL[locale]["player"].format(n=ev["seat"] + 1)
        extra = with_counts({x: v for x, v in ev.items() if x not in ("seat", "card", "kind")}, locale)
        extra.update(src_name=name(ev["src"]) if ev.get("src") else "",
                     dst_name=name(ev["dst"]) if ev.get("dst") else "",
                     dealt_names=", ".join(name(c) for c in ev.get("dealt", [])) or "-",
                     cards_names=", ".join(name(c) for c in ev["cards"]) or "-" if isinstance(ev.get("cards"), list)
                     else "",
                     what_name=what_word(locale, ev.get("what"), 1 if k == "traded" else amount),
                     culture=with_counts({"c": ev.get("culture", 0)}, locale)["c"])
        for x in ("on", "source", "by", "a"):
            if ev.get(x) is not None:
                # Mid-sentence the reader is "vous", and in German "dich" (gegen, an), "dir" (von) or "du".
                extra[x + "_name"] = (LOCAL[locale]["you_" + x] if ev[x] == viewer else names[ev[x]]
                                      if names and 0 <= ev[x] < len(names)
                                      else LOCAL[locale]["player"].format(n=ev[x] + 1))
        if k == "wonder_done" and not ev.get("culture"):
            k = "wonder_done_plain"
        if k == "colonized" and ev.get("paid"):
            k = "colonized_paid"  # what was given up, named (events stored before it carry counts only)
        k = {("bid", True): "bid_standing", ("bid_pass", True): "bid_pass_cannot",
             ("colonized", True): "colonized_free", ("standing_bid", True): "standing_bid_none",
             ("done", True): "done_politics", ("chose", True): "chose_plain"}.get(
            (k, _variant(k, ev)), k)
        if viewer is not None and ev.get("seat") == viewer and k + "_you" in LOCAL[locale]:
            k += "_you"  # "Votre consigne permanente", not "Consigne permanente de Vous"
        return LOCAL[locale][k].format(who=who_l, card=card, **extra)
    make = lines.get(k)
    return make() if make else f"{who}: {k}."


CANNOT = ("no_unit", "cannot_pay")


def _variant(kind: str, ev: Mapping) -> bool:
    """Whether an event is told in the second form of its kind (standing bid, forced pass, Columbus, no limit)."""
    return {"bid": bool(ev.get("standing")), "bid_pass": ev.get("why") in CANNOT, "colonized": not ev.get("units"),
            "standing_bid": ev.get("limit") is None, "done": bool(ev.get("politics")),
            "chose": not ev.get("card")}.get(kind, False)


WHAT = {"en": {"food": "food", "resource": "resources", "culture": "culture", "science": "science",
               "yellow": "yellow tokens"},
        "ja": {"food": "食料", "resource": "資源", "culture": "カルチャー", "science": "発明", "yellow": "人口トークン"},
        "fr": {"food": "nourriture", "resource": "ressources", "culture": "culture", "science": "science",
               "yellow": "jetons de population"},
        "de": {"food": "Nahrung", "resource": "Rohstoffe", "culture": "Kultur", "science": "Wissenschaft",
               "yellow": "Bevölkerungsmarker"}}

# Where a count of one says it otherwise ("1 resource"; French also 0).
WHAT_ONE = {"en": {"resource": "resource", "yellow": "yellow token"},
            "fr": {"resource": "ressource", "yellow": "jeton de population"},
            "de": {"resource": "Rohstoff"}}

# The events in Japanese, French and German (any new kind falls back to English).
LOCAL = {
    "ja": {
        "game": "ゲーム",
        "you": "あなた", "you_on": "あなた", "you_source": "あなた", "you_by": "あなた", "you_a": "あなた",
        "player": "プレイヤー{n}",
        "turn": "{who}：第{round}ラウンドの手番。",
        "round": "第{round}ラウンド開始。",
        "upgraded": "{who}：{src_name}を{dst_name}にアップグレード（資源{cost}）。",
        "destroyed": "{who}：{card}から労働者を外した。",
        "wonder_stage": "{who}：{card}の第{stages}段階を建設。",
        "wonder_done": "{who}：{card}を完成（カルチャー+{culture}）。",
        "wonder_done_plain": "{who}：{card}を完成。",
        "produced": "{who}：{what_name}{amount}を生産。",
        "row": "カード列に追加：{dealt_names}。",
        "age_end": "時代{age}が終了：時代{obsolete}のカードは無効。",
        "age_a_over": "時代Aの残りのカードは箱へ。以後は時代Iから補充。",
        "hold": "{who}：青トークン1個分の生産を控える。",
        "took": "{who}：{card}を取った（{slot}番）。",
        "built": "{who}：{card}を建設（資源{cost}）。",
        "populated": "{who}：人口を増やした（食料{food}）。",
        "discovered": "{who}：{card}を発見（発明{science}）。",
        "revolution": "{who}：革命で{card}に。",
        "leader": "{who}：リーダー{card}をプレイ。",
        "action": "{who}：{card}をプレイ。",
        "done": "{who}：アクション終了。",
        "done_politics": "{who}：政治アクションなし。",
        "ca_penalty": "{who}：次の手番のCivilアクションが{n}減る（不満のある労働者）。",
        "chose": "{who}：{card}の選択に回答。",
        "chose_plain": "{who}：選択に回答。",
        "uprising": "{who}：暴動！ この手番は生産なし。",
        "scored": "{who}：カルチャー{culture}、発明{science}を得た。",
        "consumed": "{who}：人口が食料{amount}を消費。",
        "famine": "{who}：飢饉、食料{missing}不足でカルチャー-{culture}。",
        "corruption": "{who}：腐敗で資源{lost}を失った。",
        "game_over": "ゲーム終了。",
        "event": "イベント：{card}。",
        "military_draw": "{who}：時代{age}のミリタリーカードを{count}枚引いた。",
        "military_cards": "{who}が引いたカード：{cards_names}。",
        "military_reshuffle": "時代{age}のミリタリーの捨て札をシャッフルして新しい山札にした。",
        "military_discard": "{who}：時代{age}のミリタリーカードを1枚捨てた。",
        "military_discarded": "{who}：{card}を捨てた。",
        "tactic": "{who}：戦術{card}をプレイ（軍事力{strength}）。",
        "event_prepared": "{who}：時代{age}のイベントを準備（カルチャー+{culture}）。",
        "event_prepared_card": "{who}：{card}を将来のイベントに置いた。",
        "event_gain": "{who}：{what_name}{amount:+d}。",
        "territory_unclaimed": "{card}は誰も植民しなかった。",
        "bid": "{who}：{card}に{amount}を入札。",
        "bid_standing": "{who}：{card}に{amount}を入札（常時指示）。",
        "bid_pass": "{who}：{card}の入札をパス。",
        "bid_pass_cannot": "{who}：{card}に入札できない（パス）。",
        "colonized": "{who}：{card}を植民地にした（入札{bid}、ユニット{units}、ボーナスカード{bonus}）。",
        "colonized_paid": "{who}：{card}を植民地にした（入札{bid}、ユニット{units}、ボーナスカード{bonus}：{paid}）。",
        "colonized_free": "{who}：コロンブスで{card}を植民地にした。",
        "colony_lost": "{who}：植民地{card}を失った。",
        "standing_bid": "{who}：植民地の入札は{limit}まで自動。",
        "standing_bid_none": "{who}：植民地の入札は毎回尋ねる。",
        "aggression": "{who}：{on_name}に{card}で侵略（軍事力{strength}、犠牲ユニット{sacrificed}）。",
        "defence": "{who}：軍事力{strength}で防御（ボーナスカード{cards}枚、犠牲ユニット{sacrificed}）。",
        "attack_won": "{who}の{card}は{on_name}に成功：{attack}対{defence}。",
        "attack_held": "{who}の{card}は{on_name}に失敗：{attack}対{defence}。",
        "war_declared": "{who}：{on_name}に{card}を宣言。",
        "war_sacrifice": "{who}：軍事力{strength}で戦争へ（犠牲ユニット{sacrificed}）。",
        "war_won": "{who}：{on_name}との{card}に{advantage}差で勝利。",
        "war_tie": "{who}と{on_name}の{card}は引き分け：何も起きない。",
        "taken": "{who}：{source_name}から{what_name}{amount}を奪った。",
        "taken_special": "{who}：{source_name}から特殊技術{card}を奪った。",
        "razed": "{who}：{card}の建物{count}個を失った。",
        "assassinated": "{who}：リーダー{card}を失った。",
        "sabotaged": "{who}：建設中のワンダー{card}を失った。",
        "annexed": "{who}：{source_name}から{card}を併合。",
        "population_lost": "{who}：人口{amount}を失った。",
        "pact_offered": "{who}：{on_name}に{card}を提案（Aの立場：{a_name}）。",
        "pact_accepted": "{who}：{by_name}の{card}を受け入れた。",
        "pact_refused": "{who}：{by_name}の{card}を拒否（カードは手札へ戻る）。",
        "pact_cancelled": "{who}：契約{card}を破棄。",
        "pact_ended": "{card}は終了：{who}が相手を攻撃した。",
        "traded": "{who}：{card}により{what_name}1で代わりに支払った。",
        "wonder_flipped": "{who}：ワンダー{card}を裏返した（効果なし、毎ターンカルチャー2）。",
        "standing_order": "{who}：常備指示を設定：{topic} {policy}。",
        "standing_order_applied": "{who}の常備指示：{move}。",
    },
    "fr": {
        "game": "Le jeu",
        "you": "Vous", "you_on": "vous", "you_source": "vous", "you_by": "vous", "you_a": "vous",
        "player": "Joueur {n}",
        "turn": "{who} : tour de la manche {round}.",
        "round": "Début de la manche {round}.",
        "upgraded": "{who} : {src_name} amélioré en {dst_name} ({cost} {cost:ressource|ressources}).",
        "destroyed": "{who} : un ouvrier retiré de {card}.",
        "wonder_stage": "{who} : étape {stages} construite, {card}.",
        "wonder_done": "{who} : {card} achevé (+{culture} culture).",
        "wonder_done_plain": "{who} : {card} achevé.",
        "produced": "{who} : production de {amount} {what_name}.",
        "row": "Nouvelles cartes dans la rangée : {dealt_names}.",
        "age_end": "Fin de l'âge {age} : les cartes de l'âge {obsolete} sont obsolètes.",
        "age_a_over": "Les cartes restantes de l'âge A quittent le jeu ; l'âge I remplit la rangée.",
        "hold": "{who} : un jeton bleu de moins à produire.",
        "took": "{who} : {card} pris (case {slot}).",
        "built": "{who} : construction sur {card} ({cost} {cost:ressource|ressources}).",
        "populated": "{who} : population augmentée ({food} nourriture).",
        "discovered": "{who} : {card} découvert ({science} science).",
        "revolution": "{who} : révolution, {card}.",
        "leader": "{who} : {card} au pouvoir.",
        "action": "{who} : {card} joué.",
        "done": "{who} : actions terminées.",
        "done_politics": "{who} : pas d'action politique.",
        "ca_penalty": "{who} : {n} actions civiles de moins au prochain tour (ouvriers mécontents).",
        "chose": "{who} : choix donné pour {card}.",
        "chose_plain": "{who} : choix donné.",
        "uprising": "{who} : révolte ! Aucune production ce tour.",
        "scored": "{who} : +{culture} culture, +{science} science.",
        "consumed": "{who} : la population a consommé {amount} nourriture.",
        "famine": "{who} : famine, {missing} nourriture manquante, -{culture} culture.",
        "corruption": "{who} : {lost} {lost:ressource perdue|ressources perdues} (corruption).",
        "game_over": "La partie est terminée.",
        "event": "Événement : {card}.",
        "military_draw": "{who} : pioche {count} {count:carte militaire|cartes militaires} de l'âge {age}.",
        "military_cards": "Vous avez pioché : {cards_names}.",  # told only to the seat that drew
        "military_reshuffle": "La défausse militaire de l'âge {age} est mélangée en une nouvelle pioche.",
        "military_discard": "{who} : défausse une carte militaire de l'âge {age}.",
        "military_discarded": "{who} : défausse {card}.",
        "tactic": "{who} : joue la tactique {card} (force {strength}).",
        "event_prepared": "{who} : prépare un événement de l'âge {age} (+{culture} culture).",
        "event_prepared_card": "{who} : place {card} dans les événements futurs.",
        "event_gain": "{who} : {amount:+d} {what_name}.",
        "territory_unclaimed": "{card} n'est colonisé par personne.",
        "bid": "{who} : enchère de {amount} pour {card}.",
        "bid_standing": "{who} : enchère de {amount} pour {card} (consigne permanente).",
        "bid_pass": "{who} : passe pour {card}.",
        "bid_pass_cannot": "{who} : ne peut pas enchérir pour {card} (passe).",
        "colonized": ("{who} : {card} colonisé pour {bid} ({units} {units:unité sacrifiée|unités sacrifiées}, "
                      "{bonus} {bonus:carte bonus|cartes bonus})."),
        "colonized_paid": ("{who} : {card} colonisé pour {bid} ({units} {units:unité sacrifiée|unités sacrifiées}, "
                           "{bonus} {bonus:carte bonus|cartes bonus} : {paid})."),
        "colonized_free": "{who} : {card} colonisé grâce à Christophe Colomb.",
        "colony_lost": "{who} : colonie {card} perdue.",
        "standing_bid": "{who} : enchères de territoire automatiques jusqu'à {limit}.",
        "standing_bid_none": "{who} : sera consulté pour chaque enchère de territoire.",
        "aggression": ("{who} : {card} contre {on_name} (force {strength}, {sacrificed} "
                       "{sacrificed:unité sacrifiée|unités sacrifiées})."),
        "defence": ("{who} : défense de force {strength} ({cards} {cards:carte bonus|cartes bonus}, {sacrificed} "
                    "{sacrificed:unité sacrifiée|unités sacrifiées})."),
        "attack_won": "{who} : {card} réussit contre {on_name}, {attack} contre {defence}.",
        "attack_held": "{who} : {card} échoue contre {on_name}, {attack} contre {defence}.",
        "war_declared": "{who} : {card} déclarée à {on_name}.",
        "war_sacrifice": ("{who} : entre en guerre avec une force de {strength} ({sacrificed} "
                          "{sacrificed:unité sacrifiée|unités sacrifiées})."),
        "war_won": "{who} : {card} gagnée contre {on_name} de {advantage}.",
        "war_tie": "{who} : {card} contre {on_name} à égalité, rien ne se passe.",
        "taken": "{who} : {amount} {what_name} pris à {source_name}.",
        "taken_special": "{who} : technologie spéciale {card} prise à {source_name}.",
        "razed": "{who} : {count} {count:bâtiment perdu|bâtiments perdus} sur {card}.",
        "assassinated": "{who} : le dirigeant {card} est perdu.",
        "sabotaged": "{who} : la merveille en construction {card} est perdue.",
        "annexed": "{who} : {card} annexé à {source_name}.",
        "population_lost": "{who} : {amount} population perdue.",
        "pact_offered": "{who} : {card} proposé à {on_name} (côté A : {a_name}).",
        "pact_accepted": "{who} : {card} de {by_name} accepté.",
        "pact_refused": "{who} : {card} de {by_name} refusé ; la carte revient dans sa main.",
        "pact_cancelled": "{who} : pacte {card} annulé.",
        "pact_ended": "{card} prend fin ({who} : attaque contre le partenaire).",
        "traded": "{who} : 1 {what_name} payée à la place ({card}).",  # nourriture, ressource
        "wonder_flipped": "{who} : merveille {card} retournée face cachée (sans effet, 2 culture par tour).",
        "standing_order": "{who} : consigne permanente, {topic} {policy}.",
        "standing_order_applied": "Consigne permanente de {who} : {move}.",
        "standing_order_applied_you": "Votre consigne permanente : {move}.",
    },
    "de": {
        "game": "Das Spiel",
        "you": "Du", "you_on": "dich", "you_source": "dir", "you_by": "dir", "you_a": "du",
        "player": "Spieler {n}",
        "turn": "{who}: Zug in Runde {round}.",
        "round": "Runde {round} beginnt.",
        "upgraded": "{who}: {src_name} zu {dst_name} verbessert ({cost} {cost:Rohstoff|Rohstoffe}).",
        "destroyed": "{who}: einen Arbeiter von {card} genommen.",
        "wonder_stage": "{who}: Stufe {stages} von {card} gebaut.",
        "wonder_done": "{who}: {card} vollendet (+{culture} Kultur).",
        "wonder_done_plain": "{who}: {card} vollendet.",
        "produced": "{who}: {amount} {what_name} erzeugt.",
        "row": "Neue Karten in der Reihe: {dealt_names}.",
        "age_end": "Zeitalter {age} endet: Karten aus Zeitalter {obsolete} sind veraltet.",
        "age_a_over": "Die übrigen Karten aus Zeitalter A verlassen das Spiel; Zeitalter I füllt die Reihe.",
        "hold": "{who}: ein blauer Marker weniger wird erzeugt.",
        "took": "{who}: {card} genommen (Feld {slot}).",
        "built": "{who}: auf {card} gebaut ({cost} {cost:Rohstoff|Rohstoffe}).",
        "populated": "{who}: Bevölkerung vergrößert ({food} Nahrung).",
        "discovered": "{who}: {card} entdeckt ({science} Wissenschaft).",
        "revolution": "{who}: Revolution, {card}.",
        "leader": "{who}: {card} als Anführer.",
        "action": "{who}: {card} gespielt.",
        "done": "{who}: Aktionen beendet.",
        "done_politics": "{who}: keine politische Aktion.",
        "ca_penalty": "{who}: im nächsten Zug {n} Zivilaktionen weniger (unzufriedene Arbeiter).",
        "chose": "{who}: Wahl bei {card} getroffen.",
        "chose_plain": "{who}: Wahl getroffen.",
        "uprising": "{who}: Aufstand! Keine Produktion in diesem Zug.",
        "scored": "{who}: +{culture} Kultur, +{science} Wissenschaft.",
        "consumed": "{who}: die Bevölkerung hat {amount} Nahrung verbraucht.",
        "famine": "{who}: Hungersnot, {missing} Nahrung fehlt, -{culture} Kultur.",
        "corruption": "{who}: {lost} {lost:Rohstoff|Rohstoffe} durch Korruption verloren.",
        "game_over": "Das Spiel ist vorbei.",
        "event": "Ereignis: {card}.",
        "military_draw": "{who}: zieht {count} {count:Militärkarte|Militärkarten} aus Zeitalter {age}.",
        "military_cards": "Du hast gezogen: {cards_names}.",  # told only to the seat that drew
        "military_reshuffle": "Der Militär-Ablagestapel von Zeitalter {age} wird zu einem neuen Stapel gemischt.",
        "military_discard": "{who}: wirft eine Militärkarte aus Zeitalter {age} ab.",
        "military_discarded": "{who}: wirft {card} ab.",
        "tactic": "{who}: spielt die Taktik {card} (Stärke {strength}).",
        "event_prepared": "{who}: bereitet ein Ereignis aus Zeitalter {age} vor (+{culture} Kultur).",
        "event_prepared_card": "{who}: legt {card} zu den zukünftigen Ereignissen.",
        "event_gain": "{who}: {amount:+d} {what_name}.",
        "territory_unclaimed": "{card} wird von niemandem kolonisiert.",
        "bid": "{who}: bietet {amount} für {card}.",
        "bid_standing": "{who}: bietet {amount} für {card} (Dauerauftrag).",
        "bid_pass": "{who}: passt bei {card}.",
        "bid_pass_cannot": "{who}: kann für {card} nicht bieten (passt).",
        "colonized": ("{who}: {card} für {bid} kolonisiert ({units} {units:Einheit|Einheiten} geopfert, {bonus} "
                      "{bonus:Bonuskarte|Bonuskarten})."),
        "colonized_paid": ("{who}: {card} für {bid} kolonisiert ({units} {units:Einheit|Einheiten} geopfert, {bonus} "
                           "{bonus:Bonuskarte|Bonuskarten}: {paid})."),
        "colonized_free": "{who}: {card} mit Christoph Kolumbus kolonisiert.",
        "colony_lost": "{who}: Kolonie {card} verloren.",
        "standing_bid": "{who}: bietet für Gebiete automatisch bis {limit}.",
        "standing_bid_none": "{who}: wird bei jedem Gebotsverfahren gefragt.",
        "aggression": "{who}: {card} gegen {on_name} (Stärke {strength}, {sacrificed} {sacrificed:Einheit|Einheiten} geopfert).",
        "defence": "{who}: Verteidigung mit Stärke {strength} ({cards} {cards:Bonuskarte|Bonuskarten}, {sacrificed} "
                   "{sacrificed:Einheit|Einheiten} geopfert).",
        "attack_won": "{who}: {card} gegen {on_name} erfolgreich, {attack} gegen {defence}.",
        "attack_held": "{who}: {card} gegen {on_name} gescheitert, {attack} gegen {defence}.",
        "war_declared": "{who}: {card} an {on_name} erklärt.",
        "war_sacrifice": ("{who}: zieht mit Stärke {strength} in den Krieg ({sacrificed} {sacrificed:Einheit|Einheiten} "
                          "geopfert)."),
        "war_won": "{who}: {card} gegen {on_name} mit {advantage} gewonnen.",
        "war_tie": "{who}: {card} gegen {on_name} unentschieden, nichts geschieht.",
        "taken": "{who}: {amount} {what_name} von {source_name} genommen.",
        "taken_special": "{who}: Spezialtechnologie {card} von {source_name} genommen.",
        "razed": "{who}: {count} Gebäude auf {card} verloren.",
        "assassinated": "{who}: Anführer {card} verloren.",
        "sabotaged": "{who}: Weltwunder im Bau {card} verloren.",
        "annexed": "{who}: {card} von {source_name} annektiert.",
        "population_lost": "{who}: {amount} Bevölkerung verloren.",
        "pact_offered": "{who}: {card} an {on_name} angeboten (Seite A: {a_name}).",
        "pact_accepted": "{who}: {card} von {by_name} angenommen.",
        "pact_refused": "{who}: {card} von {by_name} abgelehnt; die Karte geht zurück auf die Hand.",
        "pact_cancelled": "{who}: Pakt {card} gekündigt.",
        "pact_ended": "{card} endet ({who}: Angriff auf den Partner).",
        "traded": "{who}: 1 {what_name} ersatzweise gezahlt ({card}).",
        "wonder_flipped": "{who}: Weltwunder {card} umgedreht (ohne Wirkung, 2 Kultur je Zug).",
        "standing_order": "{who}: Daueranweisung gesetzt, {topic} {policy}.",
        "standing_order_applied": "Daueranweisung von {who}: {move}.",
        "standing_order_applied_you": "Deine Daueranweisung: {move}.",
    },
}
