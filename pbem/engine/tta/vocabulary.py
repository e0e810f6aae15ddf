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
# Part 2's commands: understood, and answered "not in this game yet".
LATER = ("attack", "aggression", "war", "pact", "defend", "cancel", "raid", "侵略", "戦争", "契約", "防御", "guerre",
         "agression", "pacte", "defendre", "krieg", "angriff", "pakt", "verteidigen")
# Answers to event choices in four languages -> the option.
OPTIONS = {"food": ("food", "食料", "nourriture", "nahrung"), "resource": ("resource", "resources", "資源", "ressources",
           "ressource", "rohstoffe", "rohstoff"), "build": ("build", "yes", "建設", "はい", "construire", "oui", "bauen",
           "ja"), "skip": ("skip", "no", "none", "しない", "いいえ", "non", "rien", "nein", "nichts")}
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
# Colonization payments: "colonize sacrifice Knights Warriors with +2".
SACRIFICE = ("sacrifice", "犠牲", "生贄", "sacrifier", "sacrifie", "opfern", "opfere")
WITH = ("with", "bonus", "ボーナス", "avec", "mit")
NONE = ("none", "off", "ask", "なし", "解除", "aucun", "aucune", "rien", "keine", "kein", "nichts")
PAY = ("pay", "支払い", "払う", "payer", "paie", "zahlen", "zahle", "bezahlen")
TO = ("to", "into", "->", ">", "へ", "a", "en", "zu", "nach", "in")
FILLER = ("the", "card", "one", "stage", "stages", "を", "に", "で", "le", "la", "les", "un", "une", "de",
          "der", "die", "das", "ein", "eine", "karte", "carte")

VERB_OF = {w: verb for verb, words in VERBS.items() for w in words}
TYPE_OF = {w: t for t, words in TYPE_WORDS.items() for w in words}
