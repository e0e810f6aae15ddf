"""The help pages (issue 25): each game's "how to play here", the commands and the site's guide, in the reader's
language, linked from every page's menu, and pointing at no repository file."""
from __future__ import annotations

import re

import pytest

from conftest import signin
from pbem import play

PAGES = ("/help", "/help/stone-age", "/help/tta", "/help/site", "/help/commands")
# A phrase each page says in each language (its heading, or a line of its text), and the menu's word for help.
SAYS = {
    "en": {"/help": "Getting started", "/help/stone-age": "Stone Age: how to play here",
           "/help/tta": "Through the Ages: how to play here", "/help/site": "Taking a move back",
           "/help/commands": "Words for the site (by mail)", "menu": ">Help</a>"},
    "ja": {"/help": "はじめかた", "/help/stone-age": "ストーン・エイジ：このサイトでの遊び方",
           "/help/tta": "Through the Ages：このサイトでの遊び方", "/help/site": "手番の取り消し",
           "/help/commands": "サイトのための言葉（メール）", "menu": ">ヘルプ</a>"},
    "fr": {"/help": "Pour commencer", "/help/stone-age": "Stone Age : comment jouer ici",
           "/help/tta": "Through the Ages : comment jouer ici", "/help/site": "Reprendre un coup",
           "/help/commands": "Les mots du site (par mail)", "menu": ">Aide</a>"},
    "de": {"/help": "Der Anfang", "/help/stone-age": "Stone Age: so spielst du hier",
           "/help/tta": "Through the Ages: so spielst du hier", "/help/site": "Einen Zug zurücknehmen",
           "/help/commands": "Wörter für die Seite (per Mail)", "menu": ">Hilfe</a>"},
}
REPOSITORY = re.compile(r"docs/|\.md\b|pbem/|\.py\b|README")


def _get(client, path: str, lang: str | None = None) -> str:
    response = client.get(path, headers={"Accept-Language": lang} if lang else {})
    assert response.status_code == 200, (path, response.status_code)
    return response.get_data(as_text=True)


def _menu(page: str) -> str:
    return re.search(r'<header class="top">.*?</header>', page, re.S).group(0)


@pytest.mark.parametrize("lang", SAYS)
@pytest.mark.parametrize("path", PAGES)
def test_each_help_page_is_in_the_readers_language(client, lang, path):
    page = _get(client, path, lang)
    assert f'<html lang="{lang}">' in page and f'<article class="guide" lang="{lang}">' in page
    assert SAYS[lang][path] in page and SAYS[lang]["menu"] in _menu(page)
    other = [SAYS[o][path] for o in SAYS if o != lang and SAYS[o][path] not in SAYS[lang][path]]
    assert not any(phrase in page for phrase in other), "one language a page"
    # The page's own menu leads to every help page, the current one marked.
    for target in PAGES:
        assert f'href="{target}"' in page
    assert f'href="{path}" aria-current="page"' in page


@pytest.mark.parametrize("lang", SAYS)
@pytest.mark.parametrize("path", PAGES)
def test_no_help_page_points_at_a_repository_file(client, lang, path):
    page = _get(client, path, lang)
    assert not REPOSITORY.search(page), REPOSITORY.search(page).group(0)


def test_a_signed_in_reader_gets_the_help_in_their_own_language(client, make_user):
    make_user("ann", locale="ja")
    signin(client, "ann@example.com")
    page = _get(client, "/help/stone-age", "de")  # the account's language wins over the browser's
    assert '<html lang="ja">' in page and SAYS["ja"]["/help/stone-age"] in page


def test_the_command_guide_that_turn_mails_link_to_is_translated(client):
    """It was docs/commands.md as a page, in English whatever the reader's language, sending readers to
    "docs/mail.md"."""
    for lang in SAYS:
        page = _get(client, "/help/commands", lang)
        assert "<table>" in page and "<code>place 3 forest</code>" in page and 'id="stone-age"' in page
        assert 'id="tta"' in page and not REPOSITORY.search(page)


def test_an_unknown_help_page_is_a_404(client):
    response = client.get("/help/nowhere", headers={"Accept-Language": "fr"})
    assert response.status_code == 404 and "nowhere" in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", SAYS)
def test_every_page_links_to_the_help_from_its_menu(client, make_user, make_game, lang):
    """The front page, the lobby, a game page, the dashboard and the replay, for a visitor and signed in."""
    visitor = client.application.test_client()
    ann = make_user("ann", locale=lang)
    game = make_game("stone-age", humans=(ann,), bots=1)
    lobby = play.create_game(ann, "tta", seats=3)
    front = _get(visitor, "/", lang)
    assert 'id="welcome-help"' in front and 'href="/help/stone-age"' in front and 'href="/help/tta"' in front
    pages = {"front": front, "game (visitor)": _get(visitor, f"/games/{game.id}", lang),
             "replay (visitor)": _get(visitor, f"/games/{game.id}/replay", lang)}
    signin(client, ann.email)
    for name, path in (("dashboard", "/"), ("new game", "/games/new"), ("lobby", f"/games/{lobby.id}"),
                       ("game", f"/games/{game.id}"), ("replay", f"/games/{game.id}/replay?move=1"),
                       ("settings", "/settings")):
        pages[name] = _get(client, path)
    for name, page in pages.items():
        menu = _menu(page)
        assert 'href="/help" id="menu-help"' in menu and SAYS[lang]["menu"] in menu, name


def test_a_games_help_is_found_by_its_slug(client):
    """A game page may link to /help/<slug>: a game without a page of its own gets the help's contents."""
    from pbem import engine

    for slug in ("stone-age", "tta"):
        assert slug in engine.games() and client.get(f"/help/{slug}").status_code == 200
    response = client.get("/help/test-countdown")
    assert response.status_code == 302 and response.headers["Location"].endswith("/help")
