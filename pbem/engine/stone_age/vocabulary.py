"""Words of the Stone Age command language in English, Japanese, French and German, mapped to canonical tokens."""
from __future__ import annotations

# canonical token -> aliases, written already normalised (lower case, no accents).
# One table per meaning; a word may appear in one table only. Resource words double as
# place words (wood -> forest) and place words as resources (clay -> brick) by context.
ALIASES = {
    # verbs and keywords
    "place": ["place", "put", "placer", "pose", "poser", "mets", "mettre", "setze", "setzen", "stelle",
              "stellen", "lege", "legen", "置く", "置き", "置", "配置"],
    "pay": ["pay", "paying", "buy", "payer", "paie", "paye", "acheter", "achete", "bezahle", "bezahlen",
            "zahle", "zahlen", "kaufe", "kaufen", "払う", "支払う", "支払い", "支払", "払い", "買う", "購入"],
    "skip": ["skip", "pass", "decline", "no", "passer", "passe", "refuser", "refuse", "non", "uberspringen",
             "passen", "ablehnen", "nein", "パス", "スキップ", "見送り", "しない", "断る"],
    "tools": ["tools", "tool", "outils", "outil", "werkzeug", "werkzeuge", "道具"],
    "auto": ["auto", "automatic", "automatique", "automatisch", "自動", "おまかせ", "お任せ"],
    "none": ["none", "nothing", "no tools", "no tool", "sans outils", "sans outil", "ohne werkzeug",
             "keine werkzeuge", "kein werkzeug", "aucun", "aucune", "sans", "rien", "kein", "keine", "keins", "ohne",
             "なし", "無し", "使わない"],
    "pick": ["pick", "take", "choose", "choisir", "choisis", "prendre", "prends", "wahle", "wahlen",
             "nehme", "nehmen", "選ぶ", "選択", "取る"],
    "feed": ["feed", "feeding", "nourrir", "nourris", "ernahren", "ernahre", "futtern", "futtere",
             "養う", "食事", "給食"],
    "with": ["with", "avec", "mit"],
    "starve": ["starve", "hunger", "famine", "hungern", "verhungern", "飢え", "飢餓", "我慢", "-10"],
    "use": ["use", "utiliser", "utilise", "benutzen", "benutze", "nutzen", "nutze", "使う", "使用", "使って"],
    "card": ["card", "carte", "karte", "カード"],
    "nth": ["番目", "枚目", "番"],  # "2番目の文明カード": the number before it is the space
    # places
    "hunt": ["hunt", "hunting", "hunting grounds", "hunting ground", "chasse", "jagd", "jagen",
             "jagdgrund", "jagdgebiet", "狩り場", "狩場", "狩り", "狩猟", "狩"],
    "forest": ["forest", "woods", "foret", "wald", "森"],
    "clay": ["clay", "clay pit", "claypit", "brick pit", "pit", "glaisiere", "lehmgrube", "grube",
             "煉瓦鉱山", "レンガ鉱山", "レンガ切り出し場", "煉瓦切り出し場", "粘土"],
    "quarry": ["quarry", "carriere", "steinbruch", "採石場", "石切り場", "石切場"],
    "river": ["river", "riviere", "fleuve", "fluss", "川"],
    "toolmaker": ["toolmaker", "tool maker", "workshop", "fabricant d outils", "fabricant", "atelier",
                  "werkzeugmacher", "werkstatt", "工房", "道具作り", "道具屋"],
    "hut": ["hut", "love hut", "hutte", "huette", "小屋", "家"],
    "field": ["field", "farm", "agriculture", "champ", "acker", "feld", "ackerbau", "畑", "農地", "農耕地", "農業"],
    "civ": ["civ", "civilization", "civilisation", "civilization card", "carte civilisation",
            "zivilisation", "zivilisationskarte", "文明", "文明カード"],
    "building": ["building", "build", "batiment", "construire", "construis", "construction", "gebaude",
                 "bauen", "baue", "bau", "建物", "建設", "建てる", "建築", "家タイル"],
    # resources
    "wood": ["wood", "bois", "holz", "木", "木材"],
    "brick": ["brick", "brique", "argile", "lehm", "ziegel", "煉瓦", "レンガ", "れんが"],
    "stone": ["stone", "pierre", "stein", "石", "石材"],
    "gold": ["gold", "or", "金", "金塊"],
    "food": ["food", "nourriture", "nahrung", "essen", "食料", "食べ物", "食糧"],
    # the expansion "Style is the Goal"
    "tradingpost": ["trading post", "tradingpost", "trade post", "post", "comptoir", "comptoir commercial",
                    "poste de traite", "handelsplatz", "handelsposten", "marktplatz", "markt", "交易所", "取引所",
                    "取り引き場"],
    "woodyard": ["wood yard", "woodyard", "wood workplace", "lumber yard", "chantier bois", "chantier de bois",
                 "holzplatz", "holzwerkstatt", "木の仕事場", "木の建物", "木材置き場"],
    "goldyard": ["gold yard", "goldyard", "gold workplace", "chantier or", "chantier d or", "goldplatz",
                 "goldwerkstatt", "金の仕事場", "金の建物"],
    "ornament": ["ornament", "ornaments", "decoration", "decorations", "tusk", "tusks", "tooth", "teeth",
                 "ornement", "ornements", "parure", "parures", "bijou", "bijoux", "dent", "dents", "schmuck",
                 "schmucke", "zahn", "zahne", "装飾品", "装飾", "牙"],
    "necklace": ["necklace", "necklaces", "ring", "rings", "bracelet", "bracelets", "collier", "colliers",
                 "anneau", "anneaux", "ringe", "halskette", "首輪", "首飾り", "腕輪"],
    "trade": ["trade", "trading", "exchange", "swap", "echanger", "echange", "troquer", "troc", "tauschen",
              "tausche", "handeln", "handle", "交易", "交換", "両替"],
    "for": ["for", "against", "contre", "gegen", "fur", "→", "⇒"],
    "extra": ["extra", "extra card", "bonus", "bonus card", "plus card", "carte bonus", "supplementaire",
              "carte supplementaire", "zusatzkarte", "zusatzlich", "extrakarte", "追加", "追加カード"],
}

NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7,
    "eins": 1, "ein": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "sieben": 7,
    "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
}

# Words that carry no meaning in a command (articles, particles, "people").
FILLER = {
    "on", "to", "the", "at", "in", "into", "a", "an", "and", "of", "my", "please", "people", "person",
    "persons", "x", "worker", "workers", "meeple", "meeples", "man", "men", "die", "dice",
    "sur", "au", "aux", "la", "le", "les", "l", "de", "du", "des", "d", "dans", "et", "personne",
    "personnes", "ouvrier", "ouvriers", "gens", "de", "s", "le", "pour",
    "auf", "im", "am", "an", "den", "der", "das", "dem", "und", "personen", "leute", "arbeiter",
    "zum", "zur", "ins", "bitte", "wurfel",
    "に", "を", "で", "と", "の", "は", "が", "へ", "人", "個", "枚", "目", "つ", "して",
    "する", "します", "しました", "ます", "ました", "お願いします", "ください", "下さい", "も", "から", "ダイス", "さいころ",
}

LEXICON = {alias: token for token, aliases in ALIASES.items() for alias in aliases}
# Multi-word aliases, as tuples of words, longest first.
PHRASES = sorted((tuple(a.split()) for a in LEXICON if " " in a), key=len, reverse=True)
PHRASES_BY_FIRST: dict[str, list[tuple]] = {}
for _phrase in PHRASES:
    PHRASES_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
# Japanese has no spaces: words are found by longest match over these.
CJK_WORDS = sorted((w for w in list(LEXICON) + list(NUMBERS) + list(FILLER) if not w.isascii()),
                   key=len, reverse=True)

RESOURCE_TOKENS = ("wood", "brick", "stone", "gold", "food", "ornament", "necklace")
PLACE_OF_TOKEN = {"wood": "forest", "brick": "clay", "stone": "quarry", "gold": "river", "food": "hunt"}
RESOURCE_OF_TOKEN = {"forest": "wood", "clay": "brick", "quarry": "stone", "river": "gold", "hunt": "food"}
