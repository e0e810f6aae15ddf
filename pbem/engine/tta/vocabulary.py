"""Words of the TtA commands in English, Japanese, French and German (our own words; card names come from the cards)."""
from __future__ import annotations

VERBS = {
    "take": ("take", "t", "取る", "とる", "取得", "獲得", "prendre", "prends", "nehmen", "nimm", "nehme"),
    "play": ("play", "p", "プレイ", "出す", "使う", "jouer", "joue", "spielen", "spiele", "ausspielen"),
    "discover": ("discover", "develop", "research", "d", "発見", "開発", "研究", "decouvrir", "decouvre",
                 "developper", "entdecken", "entdecke", "erforschen", "erforsche", "entwickeln"),
    "revolution": ("revolution", "revolt", "革命", "revolutionner", "revolutionieren"),
    "populate": ("populate", "increase", "grow", "pop", "人口", "人口増加", "増やす", "増員", "peupler", "croissance",
                 "population", "bevolkern", "wachsen", "wachstum", "bevolkerung"),
    "build": ("build", "b", "建設", "建築", "建てる", "作る", "construire", "construis", "bauen", "baue", "errichten"),
    "upgrade": ("upgrade", "u", "アップグレード", "改良", "改善", "ameliorer", "ameliore", "verbessern", "verbessere",
                "aufwerten", "aufrusten"),
    "destroy": ("destroy", "demolish", "disband", "破壊", "解散", "取り壊す", "detruire", "detruis", "demanteler",
                "licencier", "zerstoren", "zerstore", "abreissen", "auflosen", "entlassen"),
    "wonder": ("wonder", "w", "ワンダー", "不思議", "驚異", "merveille", "wunder", "weltwunder"),
    "event": ("event", "prepare", "イベント", "evenement", "ereignis"),
    "choose": ("choose", "選ぶ", "選択", "choisir", "choisis", "wahlen", "wahle"),
    "tactic": ("tactic", "tactics", "戦術", "タクティクス", "tactique", "taktik"),
    "discard": ("discard", "捨てる", "破棄", "ディスカード", "defausser", "defausse", "abwerfen", "ablegen"),
    "hold": ("hold", "生産しない", "生産抑制", "retenir", "zuruckhalten"),
    "bid": ("bid", "入札", "ビッド", "encherir", "enchere", "encheris", "bieten", "biete", "gebot"),
    "colonize": ("colonize", "colonise", "植民", "植民地化", "入植", "coloniser", "kolonisieren",
                 "kolonisiere"),
    "standing": ("standing", "常時", "事前指示", "ordre", "consigne", "dauerauftrag", "vorgabe"),
    "done": ("done", "end", "pass", "finish", "f", "終了", "終わり", "終わる", "パス", "fin", "fini", "termine",
             "passer", "fertig", "ende", "passe", "weiter"),
}
VERBS.update({
    "aggression": ("aggression", "attack", "侵略", "攻撃", "agression", "attaquer", "attaque", "angriff", "angreifen",
                   "greife"),
    "war": ("war", "declare", "戦争", "宣戦", "guerre", "krieg"),
    "pact": ("pact", "offer", "契約", "協定", "pacte", "proposer", "pakt", "anbieten"),
    "accept": ("accept", "受諾", "受け入れる", "承諾", "accepter", "accepte", "annehmen", "akzeptieren", "akzeptiere"),
    "refuse": ("refuse", "reject", "decline", "拒否", "断る", "refuser", "rejeter", "ablehnen", "lehne"),
    "defend": ("defend", "defence", "defense", "防御", "防衛", "守る", "defendre", "defends", "verteidigen",
               "verteidige"),
    "sacrifice": ("sacrifice", "犠牲", "生贄", "sacrifier", "opfern", "opfere"),
    "cancel": ("cancel", "解除", "破棄する", "annuler", "kundigen", "aufheben"),
    "standing": VERBS["standing"] + ("order", "常備", "指示", "既定"),
})
# Words inside the political commands.
PLAYER = ("player", "p", "プレイヤー", "joueur", "spieler")
AS = ("as", "として", "comme", "als")
AND = ("and", "と", "et", "und")
PACT_WORDS = ("pact", "pacts", "契約", "pacte", "pactes", "pakt", "pakte")
# Standing orders: topics and policies in four languages ("standing bid 5" has a number instead).
TOPICS = {"defence": ("defence", "defense", "defend", "防御", "防衛", "defendre", "verteidigung"),
          "pacts": PACT_WORDS, "choices": ("choices", "choice", "event", "events", "選択", "イベント", "choix",
                                           "evenement", "evenements", "wahl", "auswahl", "ereignis", "ereignisse"),
          "discards": ("discards", "discard", "捨てる", "破棄", "defausse", "defausses", "defausser", "abwerfen",
                       "abwurf")}
POLICY_WORDS = {"never": ("never", "しない", "jamais", "nie", "niemals"),
                "cheapest": ("cheapest", "cheap", "最安", "最小", "minimal", "minimum", "billigste", "gunstigste"),
                "ask": ("ask", "聞く", "確認", "demander", "fragen"),
                "default": ("default", "既定", "デフォルト", "defaut", "standard", "vorgabe"),
                "refuse": VERBS["refuse"], "accept": VERBS["accept"]}
TOPIC_OF = {w: t for t, words in TOPICS.items() for w in words}
POLICY_OF = {w: p for p, words in POLICY_WORDS.items() for w in words}
# Answers to event choices in four languages -> the option.
OPTIONS = {"food": ("food", "食料", "nourriture", "nahrung"), "resource": ("resource", "resources", "資源", "ressources",
           "ressource", "rohstoffe", "rohstoff"), "build": ("build", "yes", "建設", "はい", "construire", "oui", "bauen",
           "ja"), "skip": ("skip", "no", "none", "しない", "いいえ", "non", "rien", "nein", "nichts"),
           "science": ("science", "発明", "科学", "wissenschaft")}
OPTION_OF = {w: o for o, words in OPTIONS.items() for w in words}
TYPE_WORDS = {
    "farm": ("farm", "farms", "農場", "ferme", "bauernhof"),
    "mine": ("mine", "mines", "鉱山", "bergwerk"),
    "lab": ("lab", "labs", "laboratory", "研究所", "ラボ", "labo", "laboratoire", "labor"),
    "temple": ("temple", "temples", "寺院", "神殿", "tempel"),
    "arena": ("arena", "arenas", "闘技場", "アリーナ", "arene"),
    "library": ("library", "libraries", "図書館", "bibliotheque", "bibliothek"),
    "theater": ("theater", "theatre", "theaters", "劇場", "theatre", "theater"),
    "unit": ("unit", "units", "ユニット", "部隊", "軍隊", "unite", "einheit"),
}
# Payments with units and bonus cards: "colonize sacrifice Knights Warriors with +2", "defend with +4 sacrifice Knights".
SACRIFICE = VERBS["sacrifice"] + ("sacrifie",)
WITH = ("with", "bonus", "ボーナス", "avec", "mit")
NONE = ("none", "nothing", "off", "ask", "なし", "無し", "解除", "aucun", "aucune", "rien", "keine", "kein", "nichts")
# In a payment, the Trade Routes Agreement: "build mine Bronze pay trade" ("pay trade, Bronze" with tokens too).
TRADE = ("trade", "交易", "交換", "echange", "troc", "tausch", "handel")
PAY = ("pay", "支払い", "払う", "payer", "paie", "zahlen", "zahle", "bezahlen")
TO = ("to", "into", "->", ">", "へ", "a", "en", "zu", "nach", "in")
FILLER = ("the", "card", "one", "stage", "stages", "を", "に", "で", "le", "la", "les", "un", "une", "de",
          "der", "die", "das", "ein", "eine", "karte", "carte")

VERB_OF = {w: verb for verb, words in VERBS.items() for w in words}
TYPE_OF = {w: t for t, words in TYPE_WORDS.items() for w in words}
