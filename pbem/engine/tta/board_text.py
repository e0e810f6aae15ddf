"""The TtA board as plain text from one seat's view: the card row with costs, each tableau, banks, what is asked
(in English, Japanese, French or German; card names stay as printed)."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..base import Count, counted
from .board import ROW_COSTS
from .cards import CARDS, card
from .cards.military import MILITARY
from .checks import take_cost
from .moves import name

LABELS = {
    "en": {"title": "Round {round}, Age {age}. Turn: {who}.", "last": "Round {n} is the last.",
           "over": "The game is over.", "row": "Card row (civil actions to take; decks {decks}):", "empty": "empty",
           "player": "Player {n}", "you": " (you)",
           "rates": "culture {culture} ({cr}), science {science} ({sr}), strength {strength}, happy {happy}",
           "gov": "government {gov}; leader {leader}; civil actions {ca}/{cam}, military {ma}/{mam}",
           "banks": "food {food}, resources {res}; yellow bank {yellow}, unused workers {idle}; blue bank {blue}",
           "building": "{wonder} (building, {done}/{stages})", "flipped": "{wonder} (face down)", "hand": "hand: {cards}", "hand_n": ("hand: {n} card", "hand: {n} cards"),
           "waiting": "Waiting for: {who}",
           "asked": "{who} ({kind})", "pact": "Pact {card}: A {a}, B {b}", "war": "War {card}: {by} on {on}",
           "attack": "{card} by {by} on {on}: attack strength {attack}",
           "offer": "{card} offered by {by} to {on}: A {a}",
           "war_attack": "{card}: {by} goes to war on {on} with strength {attack}",
           "bonus": "{card} (defence +{d}, colonization +{c})",
           "mil_hand": "military hand: {cards}", "mil_hand_n": ("military hand: {n} card", "military hand: {n} cards"),
           "stake": "Your strength is {strength}: you hold if you reach {attack} (a tie holds).",
           "default": "Not answered by the deadline, the bot answers for you: {move}",
           "legend": "({card} {n}+{b}b: {n} {n:worker|workers} on the card, {b} {b:blue token|blue tokens} on it)"},
    "ja": {"title": "第{round}ラウンド、時代{age}。手番：{who}。", "last": "第{n}ラウンドが最後。",
           "over": "ゲーム終了。", "row": "カード列（取得に必要なCivilアクション。山札 {decks}）：", "empty": "なし",
           "player": "プレイヤー{n}", "you": "（あなた）",
           "rates": "カルチャー{culture}（{cr}）、発明{science}（{sr}）、軍事力{strength}、幸福{happy}",
           "gov": "政府 {gov}、リーダー {leader}、Civilアクション{ca}/{cam}、Militaryアクション{ma}/{mam}",
           "banks": "食料{food}、資源{res}、黄バンク{yellow}、未就労{idle}、青バンク{blue}",
           "building": "{wonder}（建設中 {done}/{stages}）", "flipped": "{wonder}（裏向き）", "hand": "手札：{cards}", "hand_n": ("手札：{n}枚",) * 2,
           "waiting": "手番待ち：{who}",
           "asked": "{who}（{kind}）", "pact": "契約 {card}：A {a}、B {b}", "war": "戦争 {card}：{by}→{on}",
           "attack": "{by}が{on}に{card}：攻撃側の軍事力{attack}", "offer": "{by}が{on}に{card}を提案：A {a}",
           "war_attack": "{card}：{by}が軍事力{attack}で{on}と戦争",
           "bonus": "{card}（防御+{d}、植民+{c}）",
           "mil_hand": "軍事手札：{cards}", "mil_hand_n": ("軍事手札：{n}枚",) * 2,
           "stake": "あなたの軍事力は{strength}：{attack}に達すれば防衛成功（同点は防衛側の勝ち）。",
           "default": "期限までに答えがなければ、ボットが代わりに答えます：{move}",
           "legend": "（{card} {n}+{b}b：カード上の労働者{n}人、青トークン{b}個）"},
    "fr": {"title": "Manche {round}, âge {age}. Tour de : {who}.", "last": "La manche {n} est la dernière.",
           "over": "La partie est terminée.",
           "row": "Rangée de cartes (actions civiles pour prendre ; pioches {decks}) :",
           "empty": "vides", "player": "Joueur {n}", "you": " (vous)",
           "rates": "culture {culture} ({cr}), science {science} ({sr}), force {strength}, bonheur {happy}",
           "gov": "gouvernement {gov} ; dirigeant {leader} ; "
                  "actions civiles {ca}/{cam}, militaires {ma}/{mam}",
           "banks": "nourriture {food}, ressources {res} ; réserve jaune {yellow}, ouvriers libres {idle} ; "
                    "réserve bleue {blue}",
           "building": "{wonder} (en construction, {done}/{stages})", "flipped": "{wonder} (face cachée)", "hand": "main : {cards}",
           "hand_n": ("main : {n} carte", "main : {n} cartes"), "waiting": "En attente de : {who}",
           "asked": "{who} ({kind})",
           "pact": "Pacte {card} : A {a}, B {b}", "war": "Guerre {card} : {by} contre {on}",
           "attack": "{card} de {by} contre {on} : force d'attaque {attack}",
           "offer": "{card} proposé par {by} à {on} : A {a}",
           "war_attack": "{card} : {by} entre en guerre contre {on} avec une force de {attack}",
           "bonus": "{card} (défense +{d}, colonisation +{c})",
           "mil_hand": "main militaire : {cards}",
           "mil_hand_n": ("main militaire : {n} carte", "main militaire : {n} cartes"),
           "stake": "Votre force est de {strength} : vous tenez si vous atteignez {attack} (l'égalité tient).",
           "default": "Sans réponse à l'échéance, le bot répond pour vous : {move}",
           "legend": "({card} {n}+{b}b : {n} {n:ouvrier|ouvriers} sur la carte, {b} {b:jeton bleu|jetons bleus} dessus)"},
    "de": {"title": "Runde {round}, Zeitalter {age}. Am Zug: {who}.", "last": "Runde {n} ist die letzte.",
           "over": "Das Spiel ist vorbei.", "row": "Kartenreihe (Zivilaktionen zum Nehmen; Stapel {decks}):",
           "empty": "leer", "player": "Spieler {n}", "you": " (du)",
           "rates": "Kultur {culture} ({cr}), Wissenschaft {science} ({sr}), Stärke {strength}, "
                    "Zufriedenheit {happy}",
           "gov": "Regierung {gov}; Anführer {leader}; Zivilaktionen {ca}/{cam}, Militäraktionen {ma}/{mam}",
           "banks": "Nahrung {food}, Rohstoffe {res}; gelber Vorrat {yellow}, freie Arbeiter {idle}; "
                    "blauer Vorrat {blue}",
           "building": "{wonder} (im Bau, {done}/{stages})", "flipped": "{wonder} (verdeckt)", "hand": "Hand: {cards}", "hand_n": ("Hand: {n} Karte", "Hand: {n} Karten"),
           "waiting": "Es fehlt: {who}",
           "asked": "{who} ({kind})", "pact": "Pakt {card}: A {a}, B {b}", "war": "Krieg {card}: {by} gegen {on}",
           "attack": "{card} von {by} gegen {on}: Angriffsstärke {attack}",
           "offer": "{card} von {by} an {on} angeboten: A {a}",
           "war_attack": "{card}: {by} zieht mit Stärke {attack} gegen {on} in den Krieg",
           "bonus": "{card} (Verteidigung +{d}, Kolonisierung +{c})",
           "mil_hand": "Militärhand: {cards}", "mil_hand_n": ("Militärhand: {n} Karte", "Militärhand: {n} Karten"),
           "stake": "Deine Stärke ist {strength}: du hältst, wenn du {attack} erreichst (Gleichstand hält).",
           "default": "Ohne Antwort bis zur Frist antwortet der Bot für dich: {move}",
           "legend": "({card} {n}+{b}b: {n} Arbeiter auf der Karte, {b} {b:blauer Marker|blaue Marker} darauf)"},
}

# What a seat is asked (the prompt's kind), in the board's "Waiting for" line.
ASKED = {
    "en": {"actions": "actions", "politics": "political action", "discard": "discarding military cards",
           "event_choice": "event choice", "bid": "territory bid", "colonize": "paying for a colony",
           "defend": "defence", "sacrifice": "war sacrifices", "pact_answer": "answer to a pact"},
    "ja": {"actions": "アクション", "politics": "政治アクション", "discard": "軍事カードを捨てる",
           "event_choice": "イベントの選択", "bid": "領土への入札", "colonize": "植民地の支払い",
           "defend": "防御", "sacrifice": "戦争での犠牲", "pact_answer": "契約への返答"},
    "fr": {"actions": "actions", "politics": "action politique", "discard": "défausse de cartes militaires",
           "event_choice": "choix d'événement", "bid": "enchère de territoire", "colonize": "paiement d'une colonie",
           "defend": "défense", "sacrifice": "sacrifices de guerre", "pact_answer": "réponse à un pacte"},
    "de": {"actions": "Aktionen", "politics": "politische Aktion", "discard": "Militärkarten abwerfen",
           "event_choice": "Wahl bei einem Ereignis", "bid": "Gebot für ein Gebiet",
           "colonize": "Bezahlung einer Kolonie",
           "defend": "Verteidigung", "sacrifice": "Opfer im Krieg", "pact_answer": "Antwort auf einen Pakt"},
}

# What an aggression does if the attack wins (the defender's mail: what is at stake). {n}: the amount of the card's
# first effect, {m}: of its last (conflict.outcome applies them; the loser gives only what it has).
STAKES = {
    "en": {"enslave": "If the attack wins: you lose {n} {n:worker|workers} (an unused one first); {by} gets {m} "
                      "{m:resource|resources}.",
           "plunder": "If the attack wins: {by} takes {n} food and resources from you (resources first).",
           "raid": "If the attack wins: you lose up to {n} urban {n:building|buildings} of one card (the most costly); "
                   "{by} gets resources worth half their cost.",
           "annex": "If the attack wins: {by} takes your latest colony.",
           "assassinate": "If the attack wins: your leader is discarded; {by} gains {m} culture per its age.",
           "sabotage": "If the attack wins: your wonder under construction is discarded; "
                       "{by} gains {m} culture per its age.",
           "spy": "If the attack wins: {by} takes {n} science from you.",
           "armed_intervention": "If the attack wins: you lose {n} culture and {by} gains what you lose."},
    "ja": {"enslave": "攻撃が成功すると：あなたは労働者{n}人を失い（未就労から）、{by}は資源{m}を得ます。",
           "plunder": "攻撃が成功すると：{by}はあなたから食料と資源を合わせて{n}奪います（資源から）。",
           "raid": "攻撃が成功すると：あなたは1枚のカード（最も高価なもの）の都市建物を最大{n}つ失い、"
                   "{by}はその建設コストの半分の資源を得ます。",
           "annex": "攻撃が成功すると：{by}はあなたの最新の植民地を奪います。",
           "assassinate": "攻撃が成功すると：あなたのリーダーは捨て札になり、{by}はその時代1つにつきカルチャー{m}を得ます。",
           "sabotage": "攻撃が成功すると：建設中の驚異は捨て札になり、{by}はその時代1つにつきカルチャー{m}を得ます。",
           "spy": "攻撃が成功すると：{by}はあなたから発明{n}を奪います。",
           "armed_intervention": "攻撃が成功すると：あなたはカルチャー{n}を失い、{by}は失った分を得ます。"},
    "fr": {"enslave": "Si l'attaque réussit : vous perdez {n} {n:ouvrier|ouvriers} (un libre d'abord) ; {by} reçoit "
                      "{m} {m:ressource|ressources}.",
           "plunder": "Si l'attaque réussit : {by} vous prend {n} nourriture et ressources (ressources d'abord).",
           "raid": "Si l'attaque réussit : vous perdez jusqu'à {n} {n:bâtiment urbain|bâtiments urbains} d'une carte (la plus "
                   "chère) ; {by} reçoit des ressources pour la moitié de leur coût.",
           "annex": "Si l'attaque réussit : {by} vous prend votre dernière colonie.",
           "assassinate": "Si l'attaque réussit : votre dirigeant est défaussé ; {by} gagne {m} culture par âge "
                          "du dirigeant.",
           "sabotage": "Si l'attaque réussit : votre merveille en construction est défaussée ; {by} gagne {m} "
                       "culture par âge de la merveille.",
           "spy": "Si l'attaque réussit : {by} vous prend {n} science.",
           "armed_intervention": "Si l'attaque réussit : vous perdez {n} culture et {by} gagne ce que vous "
                                 "perdez."},
    "de": {"enslave": "Gelingt der Angriff: du verlierst {n} Arbeiter (zuerst einen freien); {by} erhält "
                      "{m} {m:Rohstoff|Rohstoffe}.",
           "plunder": "Gelingt der Angriff: {by} nimmt dir {n} Nahrung und Rohstoffe (zuerst Rohstoffe).",
           "raid": "Gelingt der Angriff: du verlierst bis zu {n} Stadtgebäude einer Karte (der teuersten); {by} "
                   "erhält Rohstoffe für die Hälfte ihrer Kosten.",
           "annex": "Gelingt der Angriff: {by} nimmt dir deine jüngste Kolonie.",
           "assassinate": "Gelingt der Angriff: dein Anführer wird abgeworfen; {by} erhält {m} Kultur je "
                          "Zeitalter des Anführers.",
           "sabotage": "Gelingt der Angriff: dein Weltwunder im Bau wird abgeworfen; {by} erhält {m} Kultur je "
                       "Zeitalter des Wunders.",
           "spy": "Gelingt der Angriff: {by} nimmt dir {n} Wissenschaft.",
           "armed_intervention": "Gelingt der Angriff: du verlierst {n} Kultur und {by} erhält, was du "
                                 "verlierst."},
}


# What a war does (the defender's mail): either side may win, by the difference d of the strengths (conflict.py).
WAR_STAKES = {
    "en": {"war_over_culture": "Either side may win, by the difference d: the winner takes d culture from the loser "
                               "(a tie: nothing).",
           "war_over_resources": "Either side may win, by the difference d: the winner takes d food and resources "
                                 "from the loser, the mix it chooses (a tie: nothing).",
           "war_over_technology": "Either side may win, by the difference d: the winner takes d science from the "
                                  "loser, or special technologies counted at their cost (a tie: nothing).",
           "war_over_territory": "Either side may win, by the difference d: the winner takes 1 + d/3 (rounded down) "
                                 "yellow tokens from the loser's yellow bank (a tie: nothing).",
           "holy_war": "Either side may win, by the difference d: the loser loses 1 population per 3 of d (unused "
                       "workers first, then workers it chooses); the winner gains 3 culture for each (a tie: "
                       "nothing)."},
    "ja": {"war_over_culture": "どちらも勝ちうる。差をdとして：勝者は敗者からカルチャーdを奪う（同点は何も起きない）。",
           "war_over_resources": "どちらも勝ちうる。差をdとして：勝者は敗者から食料と資源を合わせてd奪う（内訳は勝者が選ぶ。"
                                 "同点は何も起きない）。",
           "war_over_technology": "どちらも勝ちうる。差をdとして：勝者は敗者から発明dを奪う。代わりに特殊技術をそのコスト分"
                                  "として奪える（同点は何も起きない）。",
           "war_over_territory": "どちらも勝ちうる。差をdとして：勝者は敗者の黄バンクから1＋d/3（切り捨て）個の黄トークンを"
                                 "奪う（同点は何も起きない）。",
           "holy_war": "どちらも勝ちうる。差をdとして：敗者はdの3につき人口1を失い（未就労から、次に自分で選ぶ労働者）、"
                       "勝者は1つにつきカルチャー3を得る（同点は何も起きない）。"},
    "fr": {"war_over_culture": "Chaque camp peut gagner, de l'écart d : le vainqueur prend d culture au perdant "
                               "(égalité : rien).",
           "war_over_resources": "Chaque camp peut gagner, de l'écart d : le vainqueur prend d nourriture et "
                                 "ressources au perdant, dans la proportion qu'il choisit (égalité : rien).",
           "war_over_technology": "Chaque camp peut gagner, de l'écart d : le vainqueur prend d science au perdant, "
                                  "ou des technologies spéciales comptées à leur coût (égalité : rien).",
           "war_over_territory": "Chaque camp peut gagner, de l'écart d : le vainqueur prend 1 + d/3 (arrondi "
                                 "inférieur) jetons jaunes de la réserve jaune du perdant (égalité : rien).",
           "holy_war": "Chaque camp peut gagner, de l'écart d : le perdant perd 1 population par tranche de 3 de d "
                       "(ouvriers libres d'abord, puis ceux qu'il choisit) ; le vainqueur gagne 3 culture pour "
                       "chacune (égalité : rien)."},
    "de": {"war_over_culture": "Jede Seite kann gewinnen, um den Unterschied d: der Sieger nimmt dem Verlierer d "
                               "Kultur (Gleichstand: nichts).",
           "war_over_resources": "Jede Seite kann gewinnen, um den Unterschied d: der Sieger nimmt dem Verlierer d "
                                 "Nahrung und Rohstoffe, gemischt nach seiner Wahl (Gleichstand: nichts).",
           "war_over_technology": "Jede Seite kann gewinnen, um den Unterschied d: der Sieger nimmt dem Verlierer d "
                                  "Wissenschaft oder Spezialtechnologien zu ihren Kosten (Gleichstand: nichts).",
           "war_over_territory": "Jede Seite kann gewinnen, um den Unterschied d: der Sieger nimmt 1 + d/3 "
                                 "(abgerundet) gelbe Marker aus dem gelben Vorrat des Verlierers (Gleichstand: "
                                 "nichts).",
           "holy_war": "Jede Seite kann gewinnen, um den Unterschied d: der Verlierer verliert 1 Bevölkerung je 3 "
                       "von d (zuerst freie Arbeiter, dann selbst gewählte); der Sieger erhält je 3 Kultur "
                       "(Gleichstand: nichts)."},
}


def stake(copy: str, by: str, locale: str) -> str | None:
    """What the aggression or war `copy` does if it wins, in words (None: neither)."""
    m = MILITARY[copy.split(":", 1)[0]]
    if m.kind == "war":
        return WAR_STAKES.get(locale, WAR_STAKES["en"]).get(m.key)
    text = STAKES.get(locale, STAKES["en"]).get(m.key) if m.kind == "aggression" else None
    return text and text.format(by=by, n=Count(abs(m.effects[0].amount), locale),
                                m=Count(abs(m.effects[-1].amount), locale))


def _military(copy: str, t: Mapping) -> str:
    """One's own military card by name; a bonus card with the values a defence (`defend with +2`) and a
    colonization count."""
    m = MILITARY[copy.split(":", 1)[0]]
    return t["bonus"].format(card=name(copy), d=m.defense, c=m.colonization) if m.kind == "bonus" else name(copy)


# Discontent workers against unused ones (JA l.499-507): (an uprising at production, covered), by language.
UNREST = {
    "en": ("Uprising ahead (discontent workers: {d}, unused workers: {idle}): nothing is produced at the end of the "
           "turn unless happy faces or unused workers make up the difference.",
           "Discontent workers: {d}, covered by the unused workers ({idle})."),
    "ja": ("暴動の危険（不満のある労働者：{d}、未就労：{idle}）。幸福か未就労の労働者で補わなければ、手番の終わりに何も生産されません。",
           "不満のある労働者：{d}（未就労{idle}で補えています）。"),
    "fr": ("Soulèvement en vue (ouvriers mécontents : {d}, ouvriers libres : {idle}) : rien n'est produit en fin de "
           "tour si le bonheur ou des ouvriers libres ne comblent pas l'écart.",
           "Ouvriers mécontents : {d}, couverts par les ouvriers libres ({idle})."),
    "de": ("Aufstand droht (unzufriedene Arbeiter: {d}, freie Arbeiter: {idle}): am Ende des Zuges wird nichts "
           "produziert, wenn Zufriedenheit oder freie Arbeiter den Unterschied nicht ausgleichen.",
           "Unzufriedene Arbeiter: {d}, von den freien Arbeitern gedeckt ({idle})."),
}


def unrest(seat_view: Mapping, locale: str = "en") -> str:
    """A seat's discontent workers in words, with the uprising they bring when unused workers cannot cover
    them; "" when nobody is discontent."""
    r = seat_view["ratings"]
    discontent = r.get("happy_needed", 0) - r["happy"]
    if discontent <= 0:
        return ""
    uprising, covered = UNREST.get(locale, UNREST["en"])
    return (uprising if discontent > seat_view["idle"] else covered).format(d=discontent, idle=seat_view["idle"])


def labels(locale: str) -> Mapping[str, str]:
    """The board's words in `locale` (English for a language it has none for)."""
    return LABELS.get(locale, LABELS["en"])


def seat_namer(view: Mapping, locale: str, names: Sequence[str] | None):
    """Seat -> its name as the board shows it ("Ann (you)", "Player 2")."""
    t = labels(locale)

    def who(i: int) -> str:
        label = names[i] if names and i < len(names) else t["player"].format(n=i + 1)
        return label + (t["you"] if view.get("you") == i else "")
    return who


def colon(locale: str) -> str:
    """A name's colon in each language's typography."""
    return " : " if locale == "fr" else "：" if locale == "ja" else ": "


def title_lines(view: Mapping, locale: str, names: Sequence[str] | None = None) -> list[str]:
    """The round, age and whose turn it is; the last round; the game's end."""
    t, who = labels(locale), seat_namer(view, locale, names)
    out = [t["title"].format(round=view["round"], age=view["age"], who=who(view["turn"]))]
    if view.get("last_round"):
        out.append(t["last"].format(n=view["last_round"]))
    if view.get("over"):
        out.append(t["over"])
    return out


def decks_words(view: Mapping, locale: str) -> str:
    """The civil decks' sizes ("I: 19, II: 50")."""
    return ", ".join(f"{a}: {n}" for a, n in view["decks"].items() if n) or labels(locale)["empty"]


def rates_words(seat_view: Mapping, locale: str) -> str:
    """Culture and science with their rates, strength and happy faces."""
    r = seat_view["ratings"]
    return labels(locale)["rates"].format(culture=seat_view["culture"], cr=f"{r['culture']:+d}",
                                          science=seat_view["science"], sr=f"{r['science']:+d}",
                                          strength=r["strength"], happy=r["happy"])


def tableau_lines(p: Mapping, locale: str, legend: bool = False, hands: bool = True) -> list[str]:
    """One whole tableau under its seat's line (indented): actions, banks, unrest, the cards with workers and
    tokens (`legend`: with what "2+2b" means), wonders, colonies and, with `hands`, the hands."""
    t, r = labels(locale), p["ratings"]
    out = ["  " + t["gov"].format(gov=name(p["government"]), leader=name(p["leader"]) if p["leader"] else "-",
                                  ca=p["ca"], cam=r["civil_actions"], ma=p["ma"], mam=r["military_actions"]),
           "  " + t["banks"].format(food=p["food"], res=p["resources"], yellow=p["yellow"], idle=p["idle"],
                                    blue=p["blue"])]
    if unrest(p, locale):
        out.append("  " + unrest(p, locale))
    cards = []
    for cid, n in p["workers"].items():
        tokens = p["tokens"].get(cid)
        cards.append(f"{CARDS[cid].name} {n}" + (f"+{tokens}b" if tokens else ""))
    out.append("  " + ", ".join(cards))
    shown = next((cid for cid in p["workers"] if p["tokens"].get(cid)), None)
    if shown is not None and legend:
        # What "2+2b" means, with one of the tableau's own cards.
        out.append("  " + t["legend"].format(card=CARDS[shown].name, n=Count(p["workers"][shown], locale),
                                             b=Count(p["tokens"][shown], locale)))
    flipped = p.get("flipped", ())  # Ravages of Time
    extra = [name(c) for c in p["specials"].values()] \
        + [t["flipped"].format(wonder=name(c)) if c in flipped else name(c) for c in p["wonders"]] \
        + [name(c) for c in p.get("colonies", [])]
    if p["wonder"]:
        extra.append(t["building"].format(wonder=name(p["wonder"]), done=p["stages"],
                                          stages=len(card(p["wonder"]).stages)))
    if extra:
        out.append("  " + ", ".join(extra))
    if not hands:
        return out
    hand = p["hand"]
    if isinstance(hand, list):
        out.append("  " + t["hand"].format(cards=", ".join(name(c) for c in hand) or "-"))
    else:
        out.append("  " + counted(t["hand_n"], hand["count"], locale))
    mil = p.get("mil_hand")
    if isinstance(mil, list):  # one's own military cards: the bonus cards a defence names
        out.append("  " + t["mil_hand"].format(cards=", ".join(_military(c, t) for c in mil) or "-"))
    elif mil and mil["count"]:
        out.append("  " + counted(t["mil_hand_n"], mil["count"], locale))
    return out


def table_lines(view: Mapping, locale: str, names: Sequence[str] | None = None) -> list[str]:
    """Pacts and wars in play; the attack or pact the asked seat answers, with its stakes; the deadline's answer."""
    t, who = labels(locale), seat_namer(view, locale, names)
    military = view.get("military") or {}
    lines = [t["pact"].format(card=name(x["card"]), a=who(x["a"]), b=who(x["b"])) for x in military.get("pacts", [])]
    lines += [t["war"].format(card=name(x["card"]), by=who(x["by"]), on=who(x["on"])) for x in military.get("wars", [])]
    c = view.get("conflict")
    if c:  # what the asked seat answers: the attack or the pact offered (public once played)
        key = "offer" if c["kind"] == "pact_answer" else "war_attack" if c.get("war") else "attack"
        lines.append(t[key].format(card=name(c["card"]), by=who(c["by"]), on=who(c["seat"]),
                                   attack=c.get("attack", ""), a=who(c["a"]) if "a" in c else ""))
        if "strength" in c and c["kind"] == "defend":
            lines.append(t["stake"].format(strength=c["strength"], attack=c["attack"]))
            lines += filter(None, [stake(c["card"], who(c["by"]), locale)])
    if view.get("deadline_default"):
        lines.append(t["default"].format(move=view["deadline_default"]))
    return lines


def asked_line(view: Mapping, locale: str, names: Sequence[str] | None = None) -> str:
    """Who is asked for what ("Waiting for: Ann (you) (actions)"); "" when nobody is."""
    t, who = labels(locale), seat_namer(view, locale, names)
    kinds = ASKED.get(locale, ASKED["en"])
    asked = view.get("asked") or []
    return t["waiting"].format(who=", ".join(t["asked"].format(who=who(a["seat"]), kind=kinds.get(a["kind"], a["kind"]))
                                             for a in asked)) if asked else ""


def board_text(view: Mapping, locale: str = "en", names: Sequence[str] | None = None) -> str:
    """The board as monospaced text for a turn email."""
    t, who, sep = labels(locale), seat_namer(view, locale, names), colon(locale)
    out = title_lines(view, locale, names)
    out.append(t["row"].format(decks=decks_words(view, locale)))
    you = view["seats"][view["you"]] if view.get("you") is not None else None
    for i, copy in enumerate(view["row"]):
        # What taking it costs the reader: a wonder costs 1 more per wonder they completed (as on the game page).
        cost = take_cost(you, i, card(copy).id) if copy and you is not None else ROW_COSTS[i]
        out.append(f"  {i + 1:>2}. [{cost}] " + (name(copy) if copy else "-"))
    others = []
    legend = True  # under the first tableau that shows tokens
    for i, p in enumerate(view["seats"]):
        rates = rates_words(p, locale)
        if view.get("you") is not None and i != view["you"]:
            # The others in one line each (the game page shows their whole tableaus).
            hand, mil = p["hand"], p.get("mil_hand") or {"count": 0}
            others.append(f"{who(i)}{sep}{rates}; {name(p['government'])}"
                          + (f", {name(p['leader'])}" if p["leader"] else "")
                          + f"; {counted(t['hand_n'], hand['count'], locale)}"
                          + f"; {counted(t['mil_hand_n'], mil['count'], locale)}")
            continue
        out += ["", f"{who(i)}{sep}{rates}"] + tableau_lines(p, locale, legend)
        legend = legend and not any(p["tokens"].get(cid) for cid in p["workers"])
    if others:
        out.append("")
        out += others
    lines = table_lines(view, locale, names)
    if lines:
        out.append("")
        out += lines
    if asked_line(view, locale, names):
        out += ["", asked_line(view, locale, names)]
    return "\n".join(out) + "\n"
