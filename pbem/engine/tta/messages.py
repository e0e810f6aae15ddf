"""Refusals of Through the Ages in English, Japanese, French and German.

The machinery is shared with the other games (pbem/engine/messages.py): a check returns, or an action raises, a
`Msg(key, **params)`; `str(msg)` is the English text the engine always said, `msg.render(locale)` the same refusal
in another language, worded only when a player is shown it. `error(kind, msg)` makes the engine's CommandError.

Templates use named `{params}`. A param is worded by its name (a trailing digit is ignored):

- `player`: a seat number, 1-based: "player 2", "プレイヤー2", "Joueur 2", "Spieler 2" (event_words.py's words);
  `player_list`: a tuple of them.
- `named`: a tuple of (display name or None, seat number 1-based): "Bob (player 2)" or "player 3".
- `what`: food, resource, culture or science, in event_words.py's WHAT words.
- `types`: farm, mine, urban building or an urban subtype (temple, lab, ...), a tuple joined by "or".
- `subtype`: one of those.
- `mil`: the kind of a military card (aggression, war, pact): English as is, the others the card type's name.
- `need`: what an attack's target must have (leader, wonder under construction, colony).
- `frame`: the decision a seat is asked for (actions, discard, politics, event_choice, ...).
- `topic`: a standing order's topic (defence, pacts, choices).
- `cards`: a tuple of card names joined by commas, "none" when empty; `cards_or`: joined by "or".
- `bonuses`: a tuple of bonus values ("+2"), joined by spaces, "none" when empty.
- `choices`: a tuple of commands offered, quoted and joined by "or".
- any other name: the value as it is (numbers, card names, which stay English, and commands the player types,
  which stay English too: they are the grammar).

A param that is itself a `Msg` is rendered in the same locale: `resolve` in command_words.py says what it looked for
("no {what} called ..."), a Msg of its own.
"""
from __future__ import annotations

from collections.abc import Callable

from .. import messages
from ..messages import LOCALES, error  # noqa: F401  (the engine raises through it: error(kind, Msg(...)))
from .event_words import LOCAL, WHAT
from .messages_commands import COMMAND_TEXTS

# key -> (en, ja, fr, de). English is exactly what the engine always said. Japanese is polite, French says "vous",
# German "du" (as the Stone Age catalog and the service's). Commands the player types stay in quotes, in English.
_CATALOG = {
    # --- any move ------------------------------------------------------------------------------------------------
    "quoted": ('"{command}": {reason}',
               '"{command}": {reason}',
               '"{command}": {reason}',
               '"{command}": {reason}'),
    "players_range": ("Through the Ages is for 2 to 4 players, not {n}",
                      "Through the Agesは2〜4人用です（{n}人ではできません）",
                      "Through the Ages se joue de 2 à 4 joueurs, pas à {n}",
                      "Through the Ages ist für 2 bis 4 Spieler, nicht für {n}"),
    "not_a_move": ("{move} is not a move of this game",
                   "{move}はこのゲームの手ではありません",
                   "{move} n'est pas un coup de ce jeu",
                   "{move} ist kein Zug dieses Spiels"),
    "no_seat": ("there is no seat {seat}",
                "席{seat}はありません",
                "il n'y a pas de place {seat}",
                "es gibt keinen Platz {seat}"),
    "game_over": ("the game is over",
                  "ゲームは終了しています",
                  "la partie est terminée",
                  "das Spiel ist vorbei"),
    "not_your_turn": ("it is not your turn; waiting for {player_list}",
                      "あなたの番ではありません：{player_list}を待っています",
                      "ce n'est pas votre tour : on attend {player_list}",
                      "du bist nicht dran: es wird auf {player_list} gewartet"),
    "not_now": ("not now: you are asked for {frame}",
                "今はできません：あなたには{frame}が求められています",
                "pas maintenant : on vous demande {frame}",
                "nicht jetzt: du wirst nach {frame} gefragt"),
    "round_one": ("in the first round you may only take cards",
                  "第1ラウンドではカードを取ることしかできません",
                  "à la première manche, vous ne pouvez que prendre des cartes",
                  "in der ersten Runde darfst du nur Karten nehmen"),
    # --- taking a card ---------------------------------------------------------------------------------------------
    "no_slot": ("there is no such slot",
                "そのような場所はカード列にありません",
                "cette case n'existe pas",
                "dieses Feld gibt es nicht"),
    "slot_empty": ("that slot is empty",
                   "その場所は空です",
                   "cette case est vide",
                   "dieses Feld ist leer"),
    "ca_cost": ("it costs {cost} civil actions and you have {have}",
                "Civilアクションが{cost}必要ですが、あなたには{have}しかありません",
                "cela coûte {cost} actions civiles et vous en avez {have}",
                "das kostet {cost} Zivilaktionen und du hast {have}"),
    "ca_cost_1": ("it costs 1 civil action and you have {have}",
                  "Civilアクションが1必要ですが、あなたには{have}しかありません",
                  "cela coûte 1 action civile et vous en avez {have}",
                  "das kostet 1 Zivilaktion und du hast {have}"),
    "building_wonder": ("you are already building a wonder",
                        "すでにワンダーを建設中です",
                        "vous construisez déjà une merveille",
                        "du baust schon ein Weltwunder"),
    "hand_full": ("your hand is full ({n} cards)",
                  "手札がいっぱいです（{n}枚）",
                  "votre main est pleine ({n} cartes)",
                  "deine Hand ist voll ({n} Karten)"),
    "leader_age": ("you already took a leader of Age {age}",
                   "時代{age}のリーダーはすでに取っています",
                   "vous avez déjà pris un dirigeant de l'âge {age}",
                   "du hast schon einen Anführer aus Zeitalter {age} genommen"),
    "have_tech": ("you already have {card}",
                  "{card}はすでに持っています",
                  "vous avez déjà {card}",
                  "du hast {card} schon"),
    # --- building, upgrading, destroying -----------------------------------------------------------------------------
    "no_tech": ("you have no such technology in play",
                "その技術は場に出ていません",
                "vous n'avez pas cette technologie en jeu",
                "du hast diese Technologie nicht im Spiel"),
    "no_ma": ("you have no military action left",
              "Militaryアクションが残っていません",
              "il ne vous reste aucune action militaire",
              "du hast keine Militäraktion mehr"),
    "no_ma_left": ("no military action left",
                   "Militaryアクションが残っていません",
                   "plus d'action militaire",
                   "keine Militäraktion mehr"),
    "no_ca": ("you have no civil action left",
              "Civilアクションが残っていません",
              "il ne vous reste aucune action civile",
              "du hast keine Zivilaktion mehr"),
    "no_idle": ("you have no unused worker",
                "未就労の労働者がいません",
                "vous n'avez aucun ouvrier libre",
                "du hast keinen freien Arbeiter"),
    "urban_limit": ("you already have {n} {subtype} buildings (your government's limit)",
                    "{subtype}はすでに{n}つあります（政府の上限です）",
                    "vous avez déjà {n} bâtiments de type {subtype} (la limite de votre gouvernement)",
                    "du hast schon {n} Gebäude vom Typ {subtype} (die Grenze deiner Regierung)"),
    "res_cost": ("it costs {cost} resources and you have {have}",
                 "資源が{cost}必要ですが、あなたには{have}しかありません",
                 "cela coûte {cost} ressources et vous en avez {have}",
                 "das kostet {cost} Rohstoffe und du hast {have}"),
    "need_both": ("you need both technologies in play",
                  "両方の技術が場に出ている必要があります",
                  "il vous faut les deux technologies en jeu",
                  "du brauchst beide Technologien im Spiel"),
    "upgrade_type": ("an upgrade stays within one type",
                     "アップグレードは同じ種類の中でしかできません",
                     "une amélioration reste dans un même type",
                     "eine Verbesserung bleibt innerhalb eines Typs"),
    "upgrade_level": ("an upgrade goes to a higher level",
                      "アップグレードはより高いレベルへしかできません",
                      "une amélioration va vers un niveau plus élevé",
                      "eine Verbesserung führt zu einer höheren Stufe"),
    "no_building_on": ("there is no building on {card}",
                       "{card}の上に建物がありません",
                       "il n'y a aucun bâtiment sur {card}",
                       "auf {card} steht kein Gebäude"),
    "no_building": ("there is no building on that card",
                    "そのカードの上に建物がありません",
                    "il n'y a aucun bâtiment sur cette carte",
                    "auf dieser Karte steht kein Gebäude"),
    "pay_short": ("that payment does not cover the cost",
                  "その支払いでは費用に足りません",
                  "ce paiement ne couvre pas le coût",
                  "diese Zahlung deckt die Kosten nicht"),
    # --- discovering, revolutions -------------------------------------------------------------------------------------
    "not_in_hand": ("that card is not in your hand",
                    "そのカードは手札にありません",
                    "cette carte n'est pas dans votre main",
                    "diese Karte ist nicht auf deiner Hand"),
    "not_tech": ("{card} is not a technology",
                 "{card}は技術ではありません",
                 "{card} n'est pas une technologie",
                 "{card} ist keine Technologie"),
    "sci_cost": ("it costs {cost} science and you have {have}",
                 "発明が{cost}必要ですが、あなたには{have}しかありません",
                 "cela coûte {cost} science et vous en avez {have}",
                 "das kostet {cost} Wissenschaft und du hast {have}"),
    "gov_not_in_hand": ("that government is not in your hand",
                        "その政府は手札にありません",
                        "ce gouvernement n'est pas dans votre main",
                        "diese Regierung ist nicht auf deiner Hand"),
    "robespierre": ("a revolution under Robespierre needs all your military actions unspent",
                    "Robespierreのもとでの革命には、Militaryアクションを1つも使っていないことが必要です",
                    "une révolution sous Robespierre demande toutes vos actions militaires inutilisées",
                    "eine Revolution unter Robespierre braucht alle deine Militäraktionen unverbraucht"),
    "revolution_first": ("a revolution must be your first civil action (it takes all of them)",
                         "革命は最初のCivilアクションでなければなりません（すべてのCivilアクションを使います）",
                         "une révolution doit être votre première action civile (elle les prend toutes)",
                         "eine Revolution muss deine erste Zivilaktion sein (sie kostet alle)"),
    "revolution_turn": ("you made a revolution this turn: no other civil action may follow it (military actions may)",
                        "このターンは革命を行ったので、革命以外のCivilアクションは行えません（Militaryアクションは行えます）",
                        "vous avez fait une révolution ce tour-ci : aucune autre action civile ne peut la suivre "
                        "(les actions militaires, si)",
                        "du hast in diesem Zug eine Revolution gemacht: keine andere Zivilaktion darf folgen "
                        "(Militäraktionen schon)"),
    # --- population ---------------------------------------------------------------------------------------------------
    "yellow_empty": ("your yellow bank is empty",
                     "黄バンクが空です",
                     "votre réserve jaune est vide",
                     "dein gelber Vorrat ist leer"),
    "food_cost": ("it costs {cost} food and you have {have}",
                  "食料が{cost}必要ですが、あなたには{have}しかありません",
                  "cela coûte {cost} nourriture et vous en avez {have}",
                  "das kostet {cost} Nahrung und du hast {have}"),
    "pay_short_food": ("that payment does not cover the food",
                       "その支払いでは食料に足りません",
                       "ce paiement ne couvre pas la nourriture",
                       "diese Zahlung deckt die Nahrung nicht"),
    "barbarossa_only": ("only Frederick Barbarossa lets you do that",
                        "それができるのはFrederick Barbarossaがいるときだけです",
                        "seul Frederick Barbarossa vous permet de faire cela",
                        "das erlaubt dir nur Frederick Barbarossa"),
    "no_unit_tech": ("you have no such unit technology in play",
                     "そのユニットの技術は場に出ていません",
                     "vous n'avez pas cette technologie d'unité en jeu",
                     "du hast diese Einheitentechnologie nicht im Spiel"),
    # --- wonders -----------------------------------------------------------------------------------------------------
    "no_wonder": ("you are not building a wonder",
                  "建設中のワンダーがありません",
                  "vous ne construisez pas de merveille",
                  "du baust kein Weltwunder"),
    "stages_left": ("{n} {n:stage is|stages are} left",
                    "残りの段階は{n}つです",
                    "il reste {n} {n:étape|étapes}",
                    "es {n:bleibt|bleiben} {n} {n:Stufe|Stufen}"),
    "stages_per_action": ("you may build {n} {n:stage|stages} with one action",
                          "1回のアクションで建設できるのは{n}段階までです",
                          "vous pouvez construire {n} {n:étape|étapes} en une action",
                          "mit einer Aktion darfst du {n} {n:Stufe|Stufen} bauen"),
    "no_blue_marker": ("there is no blue token left in your blue bank for the stage marker",
                       "段階のマーカーにする青トークンが青バンクに残っていません",
                       "il ne reste aucun jeton bleu dans votre réserve bleue pour marquer l'étape",
                       "in deinem blauen Vorrat ist kein blauer Marker mehr für die Stufe"),
    "no_blue_stage": ("there is no blue token left for the stage marker",
                      "段階のマーカーにする青トークンが残っていません",
                      "il ne reste aucun jeton bleu pour marquer l'étape",
                      "es ist kein blauer Marker mehr für die Stufe übrig"),
    # --- leaders and action cards -------------------------------------------------------------------------------------
    "is_tech": ("{card} is a technology: discover it",
                "{card}は技術です：発見してください",
                "{card} est une technologie : découvrez-la",
                "{card} ist eine Technologie: entdecke sie"),
    "action_new": ("an action card cannot be played in the turn it was taken",
                   "アクションカードは取った手番にはプレイできません",
                   "une carte action ne peut pas être jouée au tour où elle a été prise",
                   "eine Aktionskarte kann nicht in dem Zug gespielt werden, in dem sie genommen wurde"),
    "leader_no_action": ("a leader includes no action",
                         "リーダーにはアクションが含まれていません",
                         "un dirigeant ne comprend aucune action",
                         "ein Anführer enthält keine Aktion"),
    "say_what_it_does": ("say what it does: play {card} {hint}",
                         "何をするか指定してください：「play {card} {hint}」",
                         "dites ce qu'elle fait : « play {card} {hint} »",
                         'sag, was sie tut: "play {card} {hint}"'),
    "no_included": ("this card includes no action",
                    "このカードにはアクションが含まれていません",
                    "cette carte ne comprend aucune action",
                    "diese Karte enthält keine Aktion"),
    "builds_a": ("{card} builds a {types}",
                 "{card}で建てられるのは{types}です",
                 "{card} construit : {types}",
                 "{card} baut: {types}"),
    "upgrades_a": ("{card} upgrades a farm, mine or urban building",
                   "{card}でアップグレードできるのは農場、鉱山、都市建物です",
                   "{card} améliore une ferme, une mine ou un bâtiment urbain",
                   "{card} verbessert eine Farm, eine Mine oder ein Stadtgebäude"),
    "breakthrough": ("Breakthrough discovers a technology other than a government",
                     "Breakthroughで発見できるのは政府以外の技術です",
                     "Breakthrough découvre une technologie autre qu'un gouvernement",
                     "Breakthrough entdeckt eine Technologie, die keine Regierung ist"),
    # --- the optional corruption rule ---------------------------------------------------------------------------------
    "no_corruption_rule": ("the optional corruption rule is not used in this game",
                           "このゲームでは腐敗の選択ルールを使っていません",
                           "la règle optionnelle de corruption n'est pas utilisée dans cette partie",
                           "die optionale Korruptionsregel wird in diesem Spiel nicht verwendet"),
    "hold_already": ("you already produce one token less this turn",
                     "この手番はすでにトークンを1個少なく生産します",
                     "vous produisez déjà un jeton de moins ce tour-ci",
                     "du erzeugst in diesem Zug schon einen Marker weniger"),
    # --- military cards -----------------------------------------------------------------------------------------------
    "tactic_not_in_hand": ("that tactic is not in your military hand",
                           "その戦術は軍事手札にありません",
                           "cette tactique n'est pas dans votre main militaire",
                           "diese Taktik ist nicht auf deiner Militärhand"),
    "not_in_mil_hand": ("that card is not in your military hand",
                        "そのカードは軍事手札にありません",
                        "cette carte n'est pas dans votre main militaire",
                        "diese Karte ist nicht auf deiner Militärhand"),
    "event_not_in_hand": ("that event or territory is not in your military hand",
                          "そのイベントか領土は軍事手札にありません",
                          "cet événement ou territoire n'est pas dans votre main militaire",
                          "dieses Ereignis oder Gebiet ist nicht auf deiner Militärhand"),
    "answer": ("answer {choices}",
               "{choices}で答えてください",
               "répondez {choices}",
               "antworte {choices}"),
    # --- aggressions and wars -----------------------------------------------------------------------------------------
    "attack_not_in_hand": ("that {mil} is not in your military hand",
                           "その{mil}カードは軍事手札にありません",
                           "cette carte {mil} n'est pas dans votre main militaire",
                           "diese {mil} ist nicht auf deiner Militärhand"),
    "another_player": ("name another player: {player_list}",
                       "ほかのプレイヤーを指定してください：{player_list}",
                       "nommez un autre joueur : {player_list}",
                       "nenne einen anderen Spieler: {player_list}"),
    "leader_forbids": ("your leader forbids aggressions and wars",
                       "あなたのリーダーは侵略と戦争を禁じています",
                       "votre dirigeant interdit les agressions et les guerres",
                       "dein Anführer verbietet Aggressionen und Kriege"),
    "no_war_last_round": ("no war may be declared in the last round (JA l.581)",
                          "最終ラウンドには戦争を宣言できません（JA l.581）",
                          "aucune guerre ne peut être déclarée à la dernière manche (JA l.581)",
                          "in der letzten Runde darf kein Krieg erklärt werden (JA l.581)"),
    "war_unresolved": ("your war is not resolved yet",
                       "あなたの戦争はまだ解決していません",
                       "votre guerre n'est pas encore résolue",
                       "dein Krieg ist noch nicht ausgewertet"),
    "target_lacks": ("{player} has no {need}",
                     "{player}には{need}がありません",
                     "{player} n'a pas de {need}",
                     "{player} hat {need}"),
    "ma_cost": ("it costs {n} military actions; you have {have}",
                "Militaryアクションが{n}必要です：あなたには{have}あります",
                "cela coûte {n} actions militaires ; vous en avez {have}",
                "das kostet {n} Militäraktionen; du hast {have}"),
    "ma_cost_1": ("it costs 1 military action; you have {have}",
                  "Militaryアクションが1必要です：あなたには{have}あります",
                  "cela coûte 1 action militaire ; vous en avez {have}",
                  "das kostet 1 Militäraktion; du hast {have}"),
    "no_sacrifice_last_round": ("no units may be sacrificed in the last round (JA l.581)",
                                "最終ラウンドにはユニットを犠牲にできません（JA l.581）",
                                "aucune unité ne peut être sacrifiée à la dernière manche (JA l.581)",
                                "in der letzten Runde dürfen keine Einheiten geopfert werden (JA l.581)"),
    "no_bonus_in_war": ("no defence bonus cards in a war (JA l.185)",
                        "戦争では防御ボーナスカードは使えません（JA l.185）",
                        "pas de cartes bonus de défense dans une guerre (JA l.185)",
                        "keine Verteidigungsbonuskarten im Krieg (JA l.185)"),
    "bonus_cards_not_in_hand": ("those defence bonus cards are not in your military hand",
                                "それらの防御ボーナスカードは軍事手札にありません",
                                "ces cartes bonus de défense ne sont pas dans votre main militaire",
                                "diese Verteidigungsbonuskarten sind nicht auf deiner Militärhand"),
    # --- sacrificed units ---------------------------------------------------------------------------------------------
    "not_a_unit": ("{cid} is not a military unit",
                   "{cid}は軍事ユニットではありません",
                   "{cid} n'est pas une unité militaire",
                   "{cid} ist keine militärische Einheit"),
    "units_have": ("you have {have} {card}, not {n}",
                   "あなたの{card}は{have}です（{n}ではありません）",
                   "vous avez {have} {card}, pas {n}",
                   "du hast {have} {card}, nicht {n}"),
    # --- pacts --------------------------------------------------------------------------------------------------------
    "pact_forbids": ("your pact {card} forbids attacking {player}",
                     "あなたの契約{card}により{player}は攻撃できません",
                     "votre pacte {card} interdit d'attaquer {player}",
                     "dein Pakt {card} verbietet, {player} anzugreifen"),
    "no_war_on": ("nobody may declare war on {player} ({card})",
                  "{player}には誰も戦争を宣言できません（{card}）",
                  "personne ne peut déclarer la guerre à {player} ({card})",
                  "niemand darf {player} den Krieg erklären ({card})"),
    "no_pacts_two": ("no pacts with 2 players (JA l.294)",
                     "2人プレイでは契約はできません（JA l.294）",
                     "pas de pactes à 2 joueurs (JA l.294)",
                     "keine Pakte zu zweit (JA l.294)"),
    "pact_not_in_hand": ("that pact is not in your military hand",
                         "その契約は軍事手札にありません",
                         "ce pacte n'est pas dans votre main militaire",
                         "dieser Pakt ist nicht auf deiner Militärhand"),
    "offer_another": ("offer it to another player: {player_list}",
                      "ほかのプレイヤーに提案してください：{player_list}",
                      "proposez-le à un autre joueur : {player_list}",
                      "biete ihn einem anderen Spieler an: {player_list}"),
    "say_side": ('say who is A: "as A" (they are A) or "as B" (you are A)',
                 "どちらがAか指定してください：「as A」（相手がA）または「as B」（あなたがA）",
                 "dites qui est A : « as A » (l'autre est A) ou « as B » (vous êtes A)",
                 'sag, wer A ist: "as A" (der andere ist A) oder "as B" (du bist A)'),
    "trade_none": ("no Trade Routes Agreement lets you pay 1 {what} with 1 {what2} this round",
                   "このラウンドに{what}1を{what2}1で払わせてくれるTrade Routes Agreementはありません",
                   ("aucun Trade Routes Agreement ne vous laisse payer une unité de {what} avec une de {what2} "
                    "cette manche"),
                   ("kein Trade Routes Agreement lässt dich diese Runde eine Einheit {what} mit einer Einheit {what2} "
                    "zahlen")),
    "trade_lacks": ("you have no {what2} to pay 1 {what} with 1 {what2}",
                    "{what}1を{what2}1で払うための{what2}がありません",
                    "vous n'avez pas de {what2} pour payer une unité de {what} avec une de {what2}",
                    "du hast keine {what2}, um eine Einheit {what} mit einer Einheit {what2} zu zahlen"),
    "no_own_pact": ("you have no pact of your own in play",
                    "あなたが出した契約は場にありません",
                    "vous n'avez en jeu aucun pacte à vous",
                    "du hast keinen eigenen Pakt im Spiel"),
    # --- territories --------------------------------------------------------------------------------------------------
    "bid_range": ("bid from {low} to {can} (what you can pay), or pass",
                  "{low}から{can}（払える上限）までで入札するか、パスしてください",
                  "enchérissez de {low} à {can} (ce que vous pouvez payer), ou passez",
                  "biete von {low} bis {can} (was du bezahlen kannst) oder passe"),
    "standing_bid_number": ('a standing bid is a number of 0 or more, or "none"',
                            "常備の入札は0以上の数か「none」です",
                            "une enchère permanente est un nombre de 0 ou plus, ou « none »",
                            'ein Dauergebot ist eine Zahl ab 0 oder "none"'),
    "cannot_pay_bid": ("you cannot pay your bid",
                       "入札額を払えません",
                       "vous ne pouvez pas payer votre enchère",
                       "du kannst dein Gebot nicht bezahlen"),
    "bonus_not_in_hand": ("that bonus card is not in your military hand",
                          "そのボーナスカードは軍事手札にありません",
                          "cette carte bonus n'est pas dans votre main militaire",
                          "diese Bonuskarte ist nicht auf deiner Militärhand"),
    "sacrifice_one": ("sacrifice at least one unit (JA l.253)",
                      "少なくとも1つのユニットを犠牲にしてください（JA l.253）",
                      "sacrifiez au moins une unité (JA l.253)",
                      "opfere mindestens eine Einheit (JA l.253)"),
    "pays_short": ("that pays {worth}, your bid is {bid}; for example: {command}",
                   "それで払えるのは{worth}で、入札額は{bid}です。例：{command}",
                   "cela paie {worth}, votre enchère est de {bid} ; par exemple : {command}",
                   "das bezahlt {worth}, dein Gebot ist {bid}; zum Beispiel: {command}"),
    "columbus_only": ("only Christopher Columbus colonizes a territory from your hand, once a game",
                      "手札の領土を植民地にできるのはChristopher Columbusだけで、1ゲームに1回です",
                      "seul Christopher Columbus colonise un territoire de votre main, une fois par partie",
                      "nur Christopher Columbus kolonisiert ein Gebiet von deiner Hand, einmal im Spiel"),
    # --- standing orders ----------------------------------------------------------------------------------------------
    "order_say": ('say "standing defence never|cheapest|ask", "standing pacts refuse|ask|accept [player N]", '
                  '"standing choices default|ask" or "standing discards default|ask"',
                  "「standing defence never|cheapest|ask」「standing pacts refuse|ask|accept [player N]」"
                  "「standing choices default|ask」「standing discards default|ask」のいずれかを指定してください",
                  "dites « standing defence never|cheapest|ask », « standing pacts refuse|ask|accept [player N] », "
                  "« standing choices default|ask » ou « standing discards default|ask »",
                  'sag "standing defence never|cheapest|ask", "standing pacts refuse|ask|accept [player N]", '
                  '"standing choices default|ask" oder "standing discards default|ask"'),
    "discarded_by_order": ("your standing order on discards already gave up the cards over your limit this turn",
                           "捨て札の常設指示により、この手番の上限を超えたカードはすでに捨てています",
                           "votre consigne permanente sur les défausses a déjà défaussé les cartes en trop ce tour",
                           "deine Daueranweisung zum Abwerfen hat die Karten über dem Limit in diesem Zug schon "
                           "abgeworfen"),
    "order_policies": ("a {topic} order is one of {policies}",
                       "{topic}の指示は{policies}のいずれかです",
                       "une consigne de {topic} est l'une de : {policies}",
                       "Anweisungen für {topic} sind: {policies}"),
    "order_names_players": ("only an order to accept pacts names players",
                            "プレイヤーを指定できるのは契約を受け入れる指示だけです",
                            "seule une consigne d'accepter les pactes nomme des joueurs",
                            "nur eine Anweisung, Pakte anzunehmen, nennt Spieler"),
    "order_other_players": ("name other players of this game (player 1 to {player})",
                            "このゲームのほかのプレイヤーを指定してください（プレイヤー1〜{player}）",
                            "nommez d'autres joueurs de cette partie (Joueur 1 à {player})",
                            "nenne andere Spieler dieses Spiels (Spieler 1 bis {player})"),
    **COMMAND_TEXTS,  # reading commands (messages_commands.py)
}
CATALOG: dict[str, dict[str, str]] = messages.catalog(_CATALOG)

_NONE = {"en": "none", "ja": "なし", "fr": "aucune", "de": "keine"}
_OR = {"en": " or ", "ja": "、", "fr": " ou ", "de": " oder "}
_JOIN = {"en": ", ", "ja": "、", "fr": ", ", "de": ", "}
_QUOTE = {"en": '"{}"', "ja": "「{}」", "fr": "« {} »", "de": '"{}"'}
# Words for the kinds of things a refusal names (English: the id itself, as the engine always said).
_TYPES = {"ja": {"farm": "農場", "mine": "鉱山", "urban": "都市建物", "temple": "寺院", "arena": "闘技場",
                 "library": "図書館", "theater": "劇場", "lab": "研究所", "unit": "軍事ユニット", "infantry": "歩兵",
                 "cavalry": "騎兵", "artillery": "砲兵", "air_force": "空軍"},
          "fr": {"farm": "ferme", "mine": "mine", "urban": "bâtiment urbain", "temple": "temple", "arena": "arène",
                 "library": "bibliothèque", "theater": "théâtre", "lab": "laboratoire", "unit": "unité militaire",
                 "infantry": "infanterie", "cavalry": "cavalerie", "artillery": "artillerie", "air_force": "aviation"},
          "de": {"farm": "Farm", "mine": "Mine", "urban": "Stadtgebäude", "temple": "Tempel", "arena": "Arena",
                 "library": "Bibliothek", "theater": "Theater", "lab": "Labor", "unit": "Militäreinheit",
                 "infantry": "Infanterie", "cavalry": "Kavallerie", "artillery": "Artillerie",
                 "air_force": "Luftwaffe"}}
_MIL = {"ja": {"aggression": "侵略", "war": "戦争", "pact": "契約"},
        "fr": {"aggression": "Agression", "war": "Guerre", "pact": "Pacte"},
        "de": {"aggression": "Aggressionskarte", "war": "Kriegskarte", "pact": "Paktkarte"}}
_NEED = {"ja": {"leader": "リーダー", "wonder under construction": "建設中のワンダー", "colony": "植民地"},
         "fr": {"leader": "dirigeant", "wonder under construction": "merveille en construction", "colony": "colonie"},
         "de": {"leader": "keinen Anführer", "wonder under construction": "kein Weltwunder im Bau",
                "colony": "keine Kolonie"}}
_FRAME = {"ja": {"actions": "アクション", "discard": "軍事カードを捨てること", "politics": "政治アクション",
                 "event_choice": "イベントの選択", "bid": "領土への入札", "colonize": "植民地の支払い",
                 "defend": "防御", "sacrifice": "戦争で犠牲にするユニット", "pact_answer": "契約への返答"},
          "fr": {"actions": "vos actions", "discard": "une défausse de cartes militaires",
                 "politics": "votre action politique", "event_choice": "un choix d'événement",
                 "bid": "une enchère de territoire", "colonize": "le paiement d'une colonie", "defend": "votre défense",
                 "sacrifice": "les sacrifices de votre guerre", "pact_answer": "une réponse à un pacte"},
          "de": {"actions": "deinen Aktionen", "discard": "dem Abwerfen von Militärkarten",
                 "politics": "deiner politischen Aktion", "event_choice": "einer Wahl bei einem Ereignis",
                 "bid": "einem Gebot für ein Gebiet", "colonize": "der Bezahlung einer Kolonie",
                 "defend": "deiner Verteidigung", "sacrifice": "den Opfern deines Krieges",
                 "pact_answer": "einer Antwort auf einen Pakt"}}
_TOPIC = {"ja": {"defence": "防御", "pacts": "契約", "choices": "選択"},
          "fr": {"defence": "défense", "pacts": "pactes", "choices": "choix"},
          "de": {"defence": "Verteidigung", "pacts": "Pakte", "choices": "Ereigniswahlen"}}


def _player(n: int, loc: str) -> str:
    """"プレイヤー2", "Joueur 2", "Spieler 2" as the event lines say; English refusals always said "player 2"."""
    return f"player {n}" if loc == "en" else LOCAL[loc]["player"].format(n=n)


def _what(v: str, loc: str) -> str:
    return WHAT[loc].get(v, v)


def _named(v, loc: str) -> str:
    return _JOIN[loc].join(f"{name} ({_player(n, loc)})" if name is not None else _player(n, loc) for name, n in v)


def _local(words: dict) -> Callable[[str, str], str]:
    return lambda v, loc: words[loc].get(v, v)


# Param kind -> (English words, words in another locale). Kinds are documented at the top.
_KINDS: dict[str, tuple[Callable, Callable]] = {
    "player": (lambda v: _player(v, "en"), _player),
    "player_list": (lambda v: ", ".join(_player(n, "en") for n in v),
                    lambda v, loc: _JOIN[loc].join(_player(n, loc) for n in v)),
    "named": (lambda v: _named(v, "en"), _named),
    "what": (str, _what),
    "types": (lambda v: " or ".join(v), lambda v, loc: _OR[loc].join(_TYPES[loc].get(t, t) for t in v)),
    "subtype": (str, _local(_TYPES)),
    "mil": (str, _local(_MIL)),
    "need": (str, _local(_NEED)),
    "frame": (str, _local(_FRAME)),
    "topic": (str, _local(_TOPIC)),
    "cards": (lambda v: ", ".join(v) or "none", lambda v, loc: _JOIN[loc].join(v) or _NONE[loc]),
    "cards_or": (lambda v: " or ".join(v), lambda v, loc: _OR[loc].join(v)),
    "bonuses": (lambda v: " ".join(v) or "none", lambda v, loc: " ".join(v) or _NONE[loc]),
    "choices": (lambda v: " or ".join(f'"{c}"' for c in v),
                lambda v, loc: _OR[loc].join(_QUOTE[loc].format(c) for c in v)),
}


class Msg(messages.Msg):
    """A TtA refusal waiting to be worded: str() is English, render(locale) any language of the catalog."""

    __slots__ = ()
    CATALOG = CATALOG
    KINDS = _KINDS
    GAME = "Through the Ages"


def quoted(command: str, reason: Msg) -> Msg:
    """'"take 3": your hand is full (7 cards)': the command as the engine reads it, then why it fails."""
    return Msg("quoted", command=command, reason=reason)


# Beside the Msg it carries, below the modules that raise it (actions, colonies) and catch it (rules, legal_moves).
class Refused(Exception):
    """An action cannot be done now; `why` (a Msg: str() is English) says why (turned into IllegalMove with the
    command quoted)."""

    def __init__(self, why: Msg):
        if not isinstance(why, Msg):
            raise TypeError(f"Refused takes a Msg of messages.py, not {why!r}")
        super().__init__(str(why))
        self.why = why
