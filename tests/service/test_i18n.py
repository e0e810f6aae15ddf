"""Every string of pbem/ is translated to Japanese, French and German, the compiled catalogs match, pages follow the user."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from conftest import ROOT, signin

from pbem.extensions import db
from pbem.models import User

LANGS = ("ja", "fr", "de")
CATALOGS = ROOT / "pbem" / "translations"


def _msgid(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


@pytest.fixture(scope="module")
def source_ids() -> set[str]:
    """The msgids in the source today, extracted as `pybabel extract -F babel.cfg` does."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = dict(DEFAULT_KEYWORDS)
    # The same keywords as scripts/catalogs passes (`-k name` or `-k name:argument`).
    for spec in re.findall(r"-k (\S+)", (ROOT / "scripts" / "catalogs").read_text()):
        name, _, argument = spec.partition(":")
        keywords[name] = (int(argument),) if argument else None
    assert "PlayError" in keywords and "refuse" in keywords
    return {(msgid[0] if isinstance(msgid, tuple) else msgid)
            for _file, _line, msgid, *_ in extract_from_dir(str(ROOT), method_map, options_map, keywords)
            if msgid}


def _catalog(lang: str):
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_in_the_source_has_a_translation(source_ids, lang):
    catalog = _catalog(lang)
    translated = {_msgid(m) for m in catalog if m.id and not m.fuzzy
                  and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    missing = sorted(source_ids - translated)
    assert not missing, f"{lang}: {len(missing)} untranslated (run the extraction in docs/web.md): {missing[:10]}"
    assert not catalog.fuzzy


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_every_placeholder(lang):
    problems = [(m.id, errors) for m, errors in _catalog(lang).check() if errors]
    assert not problems


def _plain(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalog_matches_the_po_file(lang):
    po = {(_plain(m.id), m.context): _plain(m.string) for m in _catalog(lang) if m.id}
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.mo", "rb") as f:
        mo = {(_plain(m.id), m.context): _plain(m.string) for m in read_mo(f) if m.id}
    assert mo == po, "messages.mo is stale: run `pybabel compile -d pbem/translations` (docs/web.md)"


@pytest.mark.parametrize("lang, words", [
    ("ja", ("あなたのゲーム", "あなたの番", "設定")),
    ("fr", ("Vos parties", "À vous de jouer", "Réglages")),
    ("de", ("Deine Partien", "Du bist dran", "Einstellungen")),
])
def test_pages_speak_the_users_language(client, make_game, lang, words):
    game = make_game(slug="stone-age", humans=("ann",), bots=2)
    signin(client, "ann@example.com")
    user = db.session.scalar(db.select(User).where(User.email == "ann@example.com"))
    user.locale = lang
    db.session.commit()
    dashboard = client.get("/").get_data(as_text=True)
    assert f'<html lang="{lang}">' in dashboard
    for word in words:
        assert word in dashboard
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    hunt = {"ja": "狩場", "fr": "Chasse", "de": "Jagd"}[lang]
    # The drawn board names the place, and the button that places people there says it, in the user's language.
    button = page[page.index('name="place" value="hunt"'):]
    assert f">{hunt}</text>" in page and hunt in button[:button.index("</button>")]


def test_refusals_on_the_page_speak_the_users_language(client, make_game, make_user):
    """A move out of turn: the reason comes in French, not English."""
    from flask_babel import force_locale, gettext

    ann = make_user("ann", locale="fr")
    game = make_game(humans=("bob", ann))  # bob is asked first
    signin(client, "ann@example.com")
    page = client.post(f"/games/{game.id}/move", data={"version": game.version, "move": "take 1"})
    assert page.status_code == 422
    with force_locale("fr"):
        expected = gettext("it is not your turn: waiting for %(names)s", names="bob")
    html = page.get_data(as_text=True)
    assert expected.replace("’", "&#39;") in html or expected in html
    assert "not your turn" not in html


def test_a_visitor_gets_the_browsers_language(client, ctx):
    page = client.get("/", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Des jeux de société par mail" in page


def test_the_catalogs_ship_with_the_package():
    assert all((CATALOGS / lang / "LC_MESSAGES" / name).exists() for lang in LANGS for name in ("messages.po",
                                                                                                 "messages.mo"))
    assert "translations/**/*" in Path(ROOT / "pyproject.toml").read_text()
