"""A Through the Ages refusal reaches the player in their language: by the game page and by a reply mail."""
from __future__ import annotations

import html

from conftest import signin
from test_inbound import answers_to, reply, turn_mail, words
from test_tta_page import _form_fields, _page

from pbem.engine.tta.messages import Msg
from pbem.mail import inbound


def test_a_french_player_is_refused_in_french_on_the_game_page(client, make_user, make_game):
    luc = make_user("luc", locale="fr")
    game = make_game("tta", humans=(luc,), bots=1)
    signin(client, luc.email)
    page = _page(client, game)
    refused = client.post(f"/games/{game.id}/move", data={**_form_fields(page, "take 1"), "command": "take 20"})
    assert refused.status_code == 422
    text = html.unescape(refused.get_data(as_text=True))
    assert "\"take 20\": cette case n'existe pas" in text
    assert "there is no such slot" not in text


def test_a_japanese_player_is_refused_in_japanese_by_mail(make_user, make_game):
    """The engine's reason, not only the service's frame, comes in Japanese; the command stays as typed."""
    kenji = make_user("kenji", locale="ja")
    game = make_game("tta", humans=(kenji,), bots=1)
    row = inbound.receive(reply(turn_mail(game, 0), "build farm Agriculture"), "raw")
    assert row.outcome == "stopped" and "in the first round you may only take cards" in row.detail  # stored: English
    answer = words(answers_to("kenji@example.com")[0].text)
    assert '"build farm Agriculture"' in answer and "first round" not in answer
    assert Msg("round_one").render("ja") in answer
