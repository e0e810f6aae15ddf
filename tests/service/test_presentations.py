"""Each game's presentation lives in its own folder (pbem/presentation/<game>/): the generic web, mail and
presentation modules name no game."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import signin

from pbem import engine
from pbem.presentation.games import GENERIC, presentation

PBEM = Path(__file__).resolve().parents[2] / "pbem"
GAME_PACKAGES = {p.name for p in (PBEM / "engine").iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def _generic_modules() -> list[Path]:
    shown = list((PBEM / "presentation").glob("*.py"))  # its game folders are the games' own
    return sorted([*(PBEM / "web").rglob("*.py"), *(PBEM / "mail").rglob("*.py"), *shown])


def _imported(path: Path) -> set[str]:
    """Every module name `path` imports, relative imports resolved against its package."""
    package = path.relative_to(PBEM.parent).with_suffix("").parts[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


def test_generic_web_mail_and_presentation_modules_import_no_game():
    assert GAME_PACKAGES >= {"stone_age"}
    game_module = re.compile(r"pbem\.(engine|presentation)\.(%s)\b" % "|".join(sorted(GAME_PACKAGES)))
    offenders = {str(p.relative_to(PBEM)): sorted(n for n in _imported(p) if game_module.match(n))
                 for p in _generic_modules()}
    assert {p: names for p, names in offenders.items() if names} == {}


def test_generic_game_page_and_mail_templates_name_no_game():
    """The welcome page may say which games are hosted; the pages and mails that show a game may not."""
    templates = PBEM / "web" / "templates"
    generic = [*(templates / "games").glob("*.html"), *(templates / "boards").glob("*.html"),
               *(PBEM / "mail" / "templates").glob("*")]
    named = [str(p.relative_to(PBEM)) for p in generic
             if re.search(r"stone|forest|hunt\b", p.read_text(encoding="utf-8"), re.IGNORECASE)]
    assert named == []


def test_every_hosted_game_has_a_presentation_or_the_generic_one():
    for slug in engine.games():
        shown = presentation(slug)
        assert shown is GENERIC or shown.board_template != GENERIC.board_template
    assert presentation("stone-age").panels is not None


def test_the_game_page_links_the_games_style_sheet_and_it_is_served(client, make_user, make_game):
    ann = make_user("ann")
    game = make_game("stone-age", humans=(ann,), bots=1)
    signin(client, ann.email)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    href = re.search(r'<link rel="stylesheet" href="([^"]*board\.css)"', page).group(1)
    with client.get(href) as sheet:
        assert sheet.status_code == 200 and sheet.mimetype == "text/css" and b".sa-board" in sheet.data
    assert 'id="board-h"' in page and "sa-board" in page
