"""The words of the TtA card faces in English, Japanese, French and German: what each effect op does, in a phrase.

A table in the style of engine/tta/event_words.py (and board_text.LABELS): one template per op, flag or discount and
locale, filled with the card's numbers. Card names stay as printed (English). Japanese uses the rules text's and
the board's terms (Civilアクション, Militaryアクション, 軍事手札, カルチャー, 発明, 軍事力) in plain descriptive style;
French addresses the player as "vous", German as "du".
"""
from __future__ import annotations

from ...engine.tta.event_words import WHAT

LOCALES = ("en", "ja", "fr", "de")

# Nouns of the rated quantities: (singular, plural); one form where the language does not inflect. Food, resources,
# culture and science are engine/tta/event_words.py's WHAT words (its plural forms).
NOUNS = {
    "en": {"culture": ("culture",) * 2, "science": ("science",) * 2, "strength": ("strength",) * 2,
           "happy": ("happy face", "happy faces"), "civil_actions": ("civil action", "civil actions"),
           "military_actions": ("military action", "military actions"), "food": ("food",) * 2,
           "resource": ("resource", "resources"), "blue": ("blue token", "blue tokens"),
           "yellow": ("yellow token", "yellow tokens"), "population": ("population",) * 2,
           "card": ("military card", "military cards")},
    "ja": {"culture": WHAT["ja"]["culture"], "science": WHAT["ja"]["science"], "strength": "軍事力",
           "happy": "幸福度", "civil_actions": "Civilアクション", "military_actions": "Militaryアクション",
           "food": WHAT["ja"]["food"], "resource": WHAT["ja"]["resource"], "blue": "青トークン",
           "yellow": "黄トークン", "population": "人口", "card": "Militaryカード"},
    "fr": {"culture": (WHAT["fr"]["culture"],) * 2, "science": (WHAT["fr"]["science"],) * 2,
           "strength": ("force",) * 2, "happy": ("bonheur",) * 2,
           "civil_actions": ("action civile", "actions civiles"),
           "military_actions": ("action militaire", "actions militaires"), "food": (WHAT["fr"]["food"],) * 2,
           "resource": ("ressource", WHAT["fr"]["resource"]), "blue": ("jeton bleu", "jetons bleus"),
           "yellow": ("jeton de population", WHAT["fr"]["yellow"]), "population": ("population",) * 2,
           "card": ("carte militaire", "cartes militaires")},
    "de": {"culture": (WHAT["de"]["culture"],) * 2, "science": (WHAT["de"]["science"],) * 2,
           "strength": ("Stärke",) * 2, "happy": ("Zufriedenheit",) * 2,
           "civil_actions": ("Zivilaktion", "Zivilaktionen"),
           "military_actions": ("Militäraktion", "Militäraktionen"), "food": (WHAT["de"]["food"],) * 2,
           "resource": ("Rohstoff", WHAT["de"]["resource"]), "blue": ("blauer Marker", "blaue Marker"),
           "yellow": (WHAT["de"]["yellow"],) * 2, "population": ("Bevölkerung",) * 2,
           "card": ("Militärkarte", "Militärkarten")},
}

# Kinds and subtypes of cards (the face's type line and the scopes of effects).
TYPES = {
    "en": {"government": "government", "farm": "farm", "mine": "mine", "urban": "urban building", "lab": "lab",
           "temple": "temple", "arena": "arena", "library": "library", "theater": "theater", "unit": "military unit",
           "infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery", "air_force": "air force",
           "special": "special technology", "warfare": "warfare", "civil": "civil", "colonization": "colonization",
           "construction": "construction", "leader": "leader", "wonder": "wonder", "action": "action",
           "technology": "technology", "event": "event", "territory": "territory", "tactic": "tactic",
           "aggression": "aggression", "war": "war", "pact": "pact", "bonus": "defence / colonization bonus"},
    "ja": {"government": "政府", "farm": "農場", "mine": "鉱山", "urban": "都市建物", "lab": "研究所",
           "temple": "寺院", "arena": "闘技場", "library": "図書館", "theater": "劇場", "unit": "軍事ユニット",
           "infantry": "歩兵", "cavalry": "騎兵", "artillery": "砲兵", "air_force": "空軍",
           "special": "スペシャルテクノロジー", "warfare": "軍事", "civil": "民政", "colonization": "植民",
           "construction": "建築", "leader": "リーダー", "wonder": "ワンダー", "action": "アクションカード",
           "technology": "テクノロジーカード", "event": "イベント", "territory": "領土", "tactic": "戦術",
           "aggression": "侵略", "war": "戦争", "pact": "契約", "bonus": "防御／植民ボーナス"},
    "fr": {"government": "gouvernement", "farm": "ferme", "mine": "mine", "urban": "bâtiment urbain",
           "lab": "laboratoire", "temple": "temple", "arena": "arène", "library": "bibliothèque",
           "theater": "théâtre", "unit": "unité militaire", "infantry": "infanterie", "cavalry": "cavalerie",
           "artillery": "artillerie", "air_force": "aviation", "special": "technologie spéciale",
           "warfare": "art de la guerre", "civil": "civile", "colonization": "colonisation",
           "construction": "construction", "leader": "dirigeant", "wonder": "merveille", "action": "action",
           "technology": "technologie", "event": "événement", "territory": "territoire", "tactic": "tactique",
           "aggression": "agression", "war": "guerre", "pact": "pacte", "bonus": "bonus de défense / colonisation"},
    "de": {"government": "Regierung", "farm": "Farm", "mine": "Mine", "urban": "Stadtgebäude", "lab": "Labor",
           "temple": "Tempel", "arena": "Arena", "library": "Bibliothek", "theater": "Theater",
           "unit": "Militäreinheit", "infantry": "Infanterie", "cavalry": "Kavallerie", "artillery": "Artillerie",
           "air_force": "Luftwaffe", "special": "Spezialtechnologie", "warfare": "Kriegsführung", "civil": "Zivil",
           "colonization": "Kolonisierung", "construction": "Bauwesen", "leader": "Anführer",
           "wonder": "Weltwunder", "action": "Aktion", "technology": "Technologie", "event": "Ereignis",
           "territory": "Gebiet", "tactic": "Taktik", "aggression": "Aggression", "war": "Krieg", "pact": "Pakt",
           "bonus": "Verteidigungs- / Kolonisierungsbonus"},
}

_OR = {"en": " or ", "ja": "・", "fr": " ou ", "de": " oder "}
_SEP = {"en": "; ", "ja": "。", "fr": " ; ", "de": "; "}
_COMMA = {"en": ", ", "ja": "、", "fr": ", ", "de": ", "}

# The phrases of the civil cards' effects ({q}: a signed amount with its noun; {a}: the same unsigned).
CIVIL = {
    "en": {
        "per_worker": "{yields} per worker", "per_unit_yield": "{yields} per unit",
        "government": "{ca}, {ma}; at most {limit} urban buildings of each type",
        "per_unit": "{q} per {types} unit", "per_unit_age": "{q} per Age {age} {types} unit", "cap": " (at most {cap})",
        "per_building": "{q} per {types}", "per_level": "{q} per level of each {types}",
        "per_pair": "{q} per pair of {first} and {second}", "per_face": "{q} per happy face from a {types}",
        "per_colony": "{q} per colony",
        "urban_build": "urban buildings cost less to build: {list}", "urban_build_item": "Age {age} −{n}",
        "theater_build": "theaters cost {a} less to build",
        "theater_science": "theater technologies cost {a} less",
        "unit_science": "military unit technologies cost {a} less",
        "unit_build_at_war": "while a war is declared on you, military units cost {a} less to build",
        "wonder_take": "taking a wonder from the card row costs {a} less",
        "population_food": "increasing your population costs {a} less",
        "rival_lab_library": "the other players pay {a} more to build or upgrade a lab or library",
        "stages": "one civil action builds up to {n} wonder stages",
        "blue_tokens": "{q} in your blue bank",
        "take_technology": "each time you take a technology from the card row: {q}",
        "play_technology": "each time you play a technology: {q}",
        "play_technology_back": "each time you play a technology, you get {a} back",
        "on_complete_level": "when completed: {q} per level of each {types}",
        "on_complete_technology": "when completed: {q} per level of each technology in play",
        "on_complete_worker": "when completed: {q} per worker on a {types}",
        "gain": "gain {a}", "produce": "produce {a}",
        "build_farm_mine": "build a farm or mine, paying {a} less",
        "build_urban": "build a new urban building, paying {a} less",
        "upgrade": "upgrade a farm, mine or urban building, paying {a} less",
        "wonder_stage": "build one wonder stage, paying {a} less",
        "populate": "increase your population (usual food cost), then produce {a}",
        "discover": "discover a technology (usual science cost), then gain {a}",
        "this_turn_military_actions": "this turn: {q}",
        "this_turn_military_resources": "this turn: {q} for military units only",
        "military_resources": "each turn: {q} for military units only",
        "per_stronger": "this turn, for each player stronger than you: {table} resources for military units only",
        "per_richer": "gain {table} culture for each player with more culture than you",
        "by_players": "{0} (2 players), {1} (3 players), {2} (4 players)",
        "colonization": "{n:+d} to each colonization", "civil_hand": "{n:+d} civil hand limit",
        "military_hand": "{n:+d} military hand limit",
        "happy_faces_double": "each of your happy faces counts twice",
        "best_mine_worker_double": "one worker on your best mine produces twice",
        "free_population_increase": "once a turn you may increase your population without a civil action, "
                                    "paying {a} less",
        "revolution_spends_military": "a revolution costs all your military actions instead of all your civil "
                                      "actions",
        "best_army_tactic_twice": "the tactic bonus of your best army counts twice",
        "ignore_own_tactic": "your tactic card does nothing for you",
        "no_aggression_or_war": "you cannot play aggressions or wars",
        "double_military_cost_against": "aggressions and wars against you cost twice the military actions",
        "defense_cards_double": "your defence bonus cards count double",
        "colonization_card_extra": "each colonization bonus card you play counts {n:+d}",
        "colonize_once_free": "once a game, as your political action, colonize a territory from your military "
                              "hand without sacrificing units",
        "grow_and_build_unit": "for one civil action, increase your population and build a military unit with "
                               "the new worker, paying {food} and {a} less",
        "culture_when_attacked": "{q} each time an aggression or war is played against you",
        "best_lab_or_library_science": "your best lab or library gives extra science equal to its level",
        "best_theater_double": "your best theater gives double culture",
    },
    "ja": {
        "per_worker": "労働者1人につき{yields}", "per_unit_yield": "ユニット1つにつき{yields}",
        "government": "{ca}、{ma}、同じ種類の都市建物は{limit}つまで",
        "per_unit": "{types}ユニット1つにつき{q}", "per_unit_age": "時代{age}の{types}ユニット1つにつき{q}",
        "cap": "（{cap}つまで）",
        "per_building": "{types}1つにつき{q}", "per_level": "各{types}のレベル1につき{q}",
        "per_pair": "{first}と{second}の組1つにつき{q}", "per_face": "{types}の幸福度1につき{q}",
        "per_colony": "植民地1つにつき{q}",
        "urban_build": "都市建物の建設コストが減る：{list}", "urban_build_item": "時代{age} −{n}",
        "theater_build": "劇場の建設コストが{a}少ない",
        "theater_science": "劇場のテクノロジーのコストが{a}少ない",
        "unit_science": "軍事ユニットのテクノロジーのコストが{a}少ない",
        "unit_build_at_war": "自分に戦争が宣言されている間、軍事ユニットの建設コストが{a}少ない",
        "wonder_take": "カード列からワンダーを取るコストが{a}少ない",
        "population_food": "人口を増やすコストが{a}少ない",
        "rival_lab_library": "他のプレイヤーは研究所・図書館の建設とアップグレードに{a}多く払う",
        "stages": "Civilアクション1つでワンダーを{n}段階まで建設できる",
        "blue_tokens": "青バンクに{q}",
        "take_technology": "カード列からテクノロジーカードを取るたびに{q}",
        "play_technology": "テクノロジーカードをプレイするたびに{q}",
        "play_technology_back": "テクノロジーカードをプレイするたびに{a}が戻る",
        "on_complete_level": "完成時：各{types}のレベル1につき{q}",
        "on_complete_technology": "完成時：場の各テクノロジーカードのレベル1につき{q}",
        "on_complete_worker": "完成時：{types}の労働者1人につき{q}",
        "gain": "{a}を得る", "produce": "{a}を生産する",
        "build_farm_mine": "農場か鉱山を{a}少なく建設する",
        "build_urban": "新しい都市建物を{a}少なく建設する",
        "upgrade": "農場・鉱山・都市建物を{a}少なくアップグレードする",
        "wonder_stage": "ワンダーを1段階、{a}少なく建設する",
        "populate": "人口を増やし（食料は通常どおり）、さらに{a}を生産する",
        "discover": "テクノロジーを発見し（発明は通常どおり）、さらに{a}を得る",
        "this_turn_military_actions": "この手番のみ{q}",
        "this_turn_military_resources": "この手番のみ軍事ユニット専用の{q}",
        "military_resources": "毎ターン軍事ユニット専用の{q}",
        "per_stronger": "この手番のみ、自分より軍事力の高いプレイヤー1人につき軍事ユニット専用の資源{table}",
        "per_richer": "自分よりカルチャーの多いプレイヤー1人につきカルチャー{table}を得る",
        "by_players": "{0}（2人）、{1}（3人）、{2}（4人）",
        "colonization": "植民のたびに{n:+d}", "civil_hand": "Civilカードの手札上限{n:+d}",
        "military_hand": "軍事手札の上限{n:+d}",
        "happy_faces_double": "幸福度がすべて2倍になる",
        "best_mine_worker_double": "最もレベルの高い鉱山の労働者1人が2倍生産する",
        "free_population_increase": "毎ターン1回、Civilアクションなしで人口を増やせる（コストが{a}少ない）",
        "revolution_spends_military": "革命にはCivilアクションの代わりにMilitaryアクションをすべて使う",
        "best_army_tactic_twice": "最も強い軍隊の戦術ボーナスを2回数える",
        "ignore_own_tactic": "自分の戦術カードは効果がない",
        "no_aggression_or_war": "侵略と戦争をプレイできない",
        "double_military_cost_against": "自分への侵略と戦争には2倍のMilitaryアクションが必要",
        "defense_cards_double": "防御ボーナスカードの値が2倍になる",
        "colonization_card_extra": "植民で出すボーナスカード1枚につき{n:+d}",
        "colonize_once_free": "ゲーム中1回、政治アクションとして軍事手札の領土をユニットを犠牲にせず植民地にできる",
        "grow_and_build_unit": "Civilアクション1つで人口を増やし、その労働者で軍事ユニットを建設できる（コストが{food}・{a}少ない）",
        "culture_when_attacked": "自分に侵略か戦争がプレイされるたびに{q}",
        "best_lab_or_library_science": "最もレベルの高い研究所か図書館1つが、そのレベル分の発明を追加で生む",
        "best_theater_double": "最もレベルの高い劇場1つのカルチャーが2倍になる",
    },
    "fr": {
        "per_worker": "{yields} par ouvrier", "per_unit_yield": "{yields} par unité",
        "government": "{ca}, {ma} ; au plus {limit} bâtiments urbains de chaque type",
        "per_unit": "{q} par unité ({types})", "per_unit_age": "{q} par unité ({types}) de l'âge {age}",
        "cap": " (au plus {cap})",
        "per_building": "{q} par {types}", "per_level": "{q} par niveau de chaque {types}",
        "per_pair": "{q} par paire {first}–{second}", "per_face": "{q} par point de bonheur venant de : {types}",
        "per_colony": "{q} par colonie",
        "urban_build": "bâtiments urbains moins chers à construire : {list}", "urban_build_item": "âge {age} −{n}",
        "theater_build": "les théâtres coûtent {a} de moins à construire",
        "theater_science": "les technologies de théâtre coûtent {a} de moins",
        "unit_science": "les technologies d'unités militaires coûtent {a} de moins",
        "unit_build_at_war": "tant qu'une guerre vous est déclarée, les unités militaires coûtent {a} de moins",
        "wonder_take": "prendre une merveille dans la rangée coûte {a} de moins",
        "population_food": "augmenter votre population coûte {a} de moins",
        "rival_lab_library": "les autres joueurs paient {a} de plus pour construire ou améliorer un laboratoire "
                             "ou une bibliothèque",
        "stages": "une action civile construit jusqu'à {n} étapes de merveille",
        "blue_tokens": "{q} dans votre réserve bleue",
        "take_technology": "chaque fois que vous prenez une technologie dans la rangée : {q}",
        "play_technology": "chaque fois que vous jouez une technologie : {q}",
        "play_technology_back": "chaque fois que vous jouez une technologie, vous récupérez {a}",
        "on_complete_level": "une fois achevée : {q} par niveau de chaque {types}",
        "on_complete_technology": "une fois achevée : {q} par niveau de chaque technologie en jeu",
        "on_complete_worker": "une fois achevée : {q} par ouvrier sur : {types}",
        "gain": "gagnez {a}", "produce": "produisez {a}",
        "build_farm_mine": "construisez une ferme ou une mine en payant {a} de moins",
        "build_urban": "construisez un nouveau bâtiment urbain en payant {a} de moins",
        "upgrade": "améliorez une ferme, une mine ou un bâtiment urbain en payant {a} de moins",
        "wonder_stage": "construisez une étape de merveille en payant {a} de moins",
        "populate": "augmentez votre population (nourriture habituelle), puis produisez {a}",
        "discover": "découvrez une technologie (science habituelle), puis gagnez {a}",
        "this_turn_military_actions": "ce tour-ci : {q}",
        "this_turn_military_resources": "ce tour-ci : {q} pour les unités militaires uniquement",
        "military_resources": "à chaque tour : {q} pour les unités militaires uniquement",
        "per_stronger": "ce tour-ci, par joueur plus fort que vous : {table} ressources pour les unités militaires "
                        "uniquement",
        "per_richer": "gagnez {table} culture par joueur ayant plus de culture que vous",
        "by_players": "{0} (2 joueurs), {1} (3 joueurs), {2} (4 joueurs)",
        "colonization": "{n:+d} à chaque colonisation", "civil_hand": "{n:+d} à la limite de main civile",
        "military_hand": "{n:+d} à la limite de main militaire",
        "happy_faces_double": "chacun de vos visages heureux compte double",
        "best_mine_worker_double": "un ouvrier de votre meilleure mine produit le double",
        "free_population_increase": "une fois par tour, vous pouvez augmenter votre population sans action "
                                    "civile, en payant {a} de moins",
        "revolution_spends_military": "une révolution coûte toutes vos actions militaires au lieu de toutes vos "
                                      "actions civiles",
        "best_army_tactic_twice": "le bonus de tactique de votre meilleure armée compte deux fois",
        "ignore_own_tactic": "votre carte de tactique est sans effet pour vous",
        "no_aggression_or_war": "vous ne pouvez jouer ni agression ni guerre",
        "double_military_cost_against": "les agressions et guerres contre vous coûtent deux fois plus d'actions "
                                        "militaires",
        "defense_cards_double": "vos cartes de bonus de défense comptent double",
        "colonization_card_extra": "chaque carte de bonus de colonisation que vous jouez compte {n:+d}",
        "colonize_once_free": "une fois par partie, comme action politique, colonisez un territoire de votre "
                              "main militaire sans sacrifier d'unité",
        "grow_and_build_unit": "pour une action civile, augmentez votre population et construisez une unité "
                               "militaire avec le nouvel ouvrier, en payant {food} et {a} de moins",
        "culture_when_attacked": "{q} chaque fois qu'une agression ou une guerre est jouée contre vous",
        "best_lab_or_library_science": "votre meilleur laboratoire ou bibliothèque donne en plus autant de "
                                       "science que son niveau",
        "best_theater_double": "votre meilleur théâtre donne le double de culture",
    },
    "de": {
        "per_worker": "{yields} je Arbeiter", "per_unit_yield": "{yields} je Einheit",
        "government": "{ca}, {ma}; höchstens {limit} Stadtgebäude je Art",
        "per_unit": "{q} je Einheit ({types})", "per_unit_age": "{q} je Einheit ({types}) aus Zeitalter {age}",
        "cap": " (höchstens {cap})",
        "per_building": "{q} je {types}", "per_level": "{q} je {types} und Stufe",
        "per_pair": "{q} je Paar aus {first} und {second}", "per_face": "{q} je Zufriedenheit aus: {types}",
        "per_colony": "{q} je Kolonie",
        "urban_build": "Stadtgebäude kosten weniger: {list}", "urban_build_item": "Zeitalter {age} −{n}",
        "theater_build": "Theater kosten {a} weniger",
        "theater_science": "Theater-Technologien kosten {a} weniger",
        "unit_science": "Technologien für Militäreinheiten kosten {a} weniger",
        "unit_build_at_war": "solange dir ein Krieg erklärt ist, kosten Militäreinheiten {a} weniger",
        "wonder_take": "ein Weltwunder aus der Kartenreihe zu nehmen kostet {a} weniger",
        "population_food": "deine Bevölkerung zu vermehren kostet {a} weniger",
        "rival_lab_library": "die anderen Spieler zahlen {a} mehr, um ein Labor oder eine Bibliothek zu bauen "
                             "oder aufzuwerten",
        "stages": "eine Zivilaktion baut bis zu {n} Stufen eines Weltwunders",
        "blue_tokens": "{q} in deinem blauen Vorrat",
        "take_technology": "jedes Mal, wenn du eine Technologie aus der Kartenreihe nimmst: {q}",
        "play_technology": "jedes Mal, wenn du eine Technologie ausspielst: {q}",
        "play_technology_back": "jedes Mal, wenn du eine Technologie ausspielst, bekommst du {a} zurück",
        "on_complete_level": "bei Fertigstellung: {q} je {types} und Stufe",
        "on_complete_technology": "bei Fertigstellung: {q} je Stufe jeder ausliegenden Technologie",
        "on_complete_worker": "bei Fertigstellung: {q} je Arbeiter auf: {types}",
        "gain": "erhalte {a}", "produce": "produziere {a}",
        "build_farm_mine": "baue eine Farm oder Mine und zahle {a} weniger",
        "build_urban": "baue ein neues Stadtgebäude und zahle {a} weniger",
        "upgrade": "werte eine Farm, eine Mine oder ein Stadtgebäude auf und zahle {a} weniger",
        "wonder_stage": "baue eine Stufe eines Weltwunders und zahle {a} weniger",
        "populate": "vermehre deine Bevölkerung (Nahrung wie üblich), dann produziere {a}",
        "discover": "entdecke eine Technologie (Wissenschaft wie üblich), dann erhalte {a}",
        "this_turn_military_actions": "in diesem Zug: {q}",
        "this_turn_military_resources": "in diesem Zug: {q} nur für Militäreinheiten",
        "military_resources": "in jedem Zug: {q} nur für Militäreinheiten",
        "per_stronger": "in diesem Zug je Spieler, der stärker ist als du: {table} Rohstoffe nur für "
                        "Militäreinheiten",
        "per_richer": "erhalte {table} Kultur je Spieler mit mehr Kultur als du",
        "by_players": "{0} (2 Spieler), {1} (3 Spieler), {2} (4 Spieler)",
        "colonization": "{n:+d} bei jeder Kolonisierung", "civil_hand": "Handlimit für Zivilkarten {n:+d}",
        "military_hand": "Handlimit für Militärkarten {n:+d}",
        "happy_faces_double": "jede deiner Zufriedenheiten zählt doppelt",
        "best_mine_worker_double": "ein Arbeiter auf deiner besten Mine produziert doppelt",
        "free_population_increase": "einmal pro Zug darfst du deine Bevölkerung ohne Zivilaktion vermehren und "
                                    "zahlst {a} weniger",
        "revolution_spends_military": "eine Revolution kostet alle deine Militäraktionen statt aller "
                                      "Zivilaktionen",
        "best_army_tactic_twice": "der Taktikbonus deiner besten Armee zählt doppelt",
        "ignore_own_tactic": "deine Taktikkarte wirkt für dich nicht",
        "no_aggression_or_war": "du kannst keine Aggressionen oder Kriege spielen",
        "double_military_cost_against": "Aggressionen und Kriege gegen dich kosten doppelt so viele "
                                        "Militäraktionen",
        "defense_cards_double": "deine Verteidigungsbonuskarten zählen doppelt",
        "colonization_card_extra": "jede Kolonisierungsbonuskarte, die du spielst, zählt {n:+d}",
        "colonize_once_free": "einmal pro Spiel kannst du als politische Aktion ein Gebiet aus deiner "
                              "Militärhand kolonisieren, ohne Einheiten zu opfern",
        "grow_and_build_unit": "für eine Zivilaktion vermehrst du deine Bevölkerung und baust mit dem neuen "
                               "Arbeiter eine Militäreinheit, für {food} und {a} weniger",
        "culture_when_attacked": "{q} jedes Mal, wenn eine Aggression oder ein Krieg gegen dich gespielt wird",
        "best_lab_or_library_science": "dein bestes Labor oder deine beste Bibliothek bringt zusätzlich "
                                       "Wissenschaft in Höhe der eigenen Stufe",
        "best_theater_double": "dein bestes Theater bringt doppelte Kultur",
    },
}


def loc(locale) -> str:
    """One of LOCALES for a locale name ("ja_JP" -> "ja"); English for any other."""
    short = str(locale or "en").split("_", 1)[0].split("-", 1)[0].lower()
    return short if short in LOCALES else "en"


def noun(locale: str, what: str, n: int) -> str:
    """The noun of `what` for the amount n (singular for 1; French also for 0)."""
    forms = NOUNS[locale][what]
    if isinstance(forms, str):
        return forms
    one = abs(n) <= 1 if locale == "fr" else abs(n) == 1
    return forms[0] if one else forms[1]


def amount(locale: str, what: str, n: int, signed: bool = False) -> str:
    """An amount with its noun: "+2 culture", "カルチャー+2", "1 resource", "資源1"."""
    number = f"{n:+d}" if signed else str(n)
    word = noun(locale, what, n)
    return f"{word}{number}" if locale == "ja" else f"{number} {word}"


def types(locale: str, of) -> str:
    """Card kinds or subtypes joined by "or": "infantry or artillery", "歩兵・砲兵"."""
    words = [TYPES[locale].get(w, w.replace("_", " ")) for w in of]
    if len(words) < 2 or locale == "ja":
        return _OR[locale].join(words)
    return ", ".join(words[:-1]) + _OR[locale] + words[-1]


def join(locale: str, parts) -> str:
    """Phrases of one face, one after another."""
    return _SEP[locale].join(p for p in parts if p)


def comma(locale: str, parts) -> str:
    """Items of one phrase."""
    return _COMMA[locale].join(parts)
