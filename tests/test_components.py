"""The host's components file for Style is the Goal (issue 28): the shipped template is refused with each empty field
named, the tests' file (TEST DATA, not the printed values) is accepted, and the engine plays its values."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pbem import cli, components, config
from pbem.engine import stone_age
from pbem.engine.stone_age import cards, style_cards

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "components" / "style-is-the-goal.template.toml"
TEST_FILE = Path(__file__).resolve().parent / "data" / "style-components.test.toml"


@pytest.fixture
def restored():
    """Whatever a test hands the engine is withdrawn after it (the provisional values, the expansion not offered)."""
    yield
    stone_age.use_components(None)


def test_check_refuses_the_template_naming_each_empty_field(capsys):
    """Every field the template leaves empty ("" or []) is named with its card or tile, and the check fails."""
    assert cli.main(["components", "check", str(TEMPLATE)]) == 1
    said = capsys.readouterr().out.splitlines()
    raw = tomllib.loads(TEMPLATE.read_text())
    empty = [f"dice: face {n} is empty" for n, face in enumerate(raw["dice"]["faces"], 1) if face == ""]
    for table in ("cards", "buildings", "spielbox"):
        empty += [f"{key}: {name} is empty" for key, entry in raw[table].items()
                  for name, value in entry.items() if value in ("", [])]
    assert len(empty) > 50 and sorted(said[:-1]) == sorted(empty)
    assert said[-1].endswith(f"{len(empty)} problem(s); the expansion cannot be offered with this file")


def test_the_template_keeps_every_known_fact():
    """The rules text's facts are filled in: the 4 dice and 2 trade-track tops, the older tiles' effects and points
    (../shared/reference/stone_age_expansion.json)."""
    raw = tomllib.loads(TEMPLATE.read_text())
    tops = {key: entry["top"] for key, entry in raw["cards"].items() if entry["top"]}
    assert tops == components.KNOWN_TOPS
    assert [(e["effect"], e["points"]) for e in raw["spielbox"].values()] == [
        ("income_wood", 3), ("income_brick", 4), ("income_stone", 5), ("person", 5), ("tool", 5), ("agriculture", 5)]


def test_check_accepts_the_test_file_and_says_it_is_test_data(capsys):
    assert cli.main(["components", "check", str(TEST_FILE)]) == 0
    out = capsys.readouterr().out
    assert "usable (marked as TEST DATA, not the printed values)" in out and "test-components-" in out


@pytest.mark.parametrize("change,said", [
    ({"cards": {"civ/style-7": {"top": "food", "amount": 0}}}, "civ/style-7: amount must be a whole number"),
    ({"cards": {"civ/style-dice-1": {"top": "food"}}}, "civ/style-dice-1: top must be 'dice_roll_items_style'"),
    ({"cards": {"civ/style-8": {"bottom": "juggler"}}}, "civ/style-8: bottom 'juggler' is not one of"),
    ({"buildings": {"bld/style-4": {"cost": ["wood", "food"]}}}, "bld/style-4: cost must list 1 to 7 resources"),
    ({"buildings": {"bld/style-5": {"effect": "castle"}}}, "bld/style-5: effect 'castle' is not one of"),
    ({"spielbox": {"bld/spielbox-1": {"points": "three"}}}, "bld/spielbox-1: points must be a whole number"),
    ({"dice": {"faces": ["wood"] * 5}}, "dice: faces must list the 6 faces"),
    ({"format": 2}, "format: must be 1"),
])
def test_each_wrong_field_is_named(tmp_path, change, said):
    """A wrong value is named with its card or tile and field, and what it may be."""
    raw = tomllib.loads(TEST_FILE.read_text())
    for key, value in change.items():
        if isinstance(value, dict) and key != "dice":
            for item, fields in value.items():
                raw[key][item].update(fields)
        else:
            raw[key] = value
    problems: list[str] = []
    components.values(raw, problems)
    assert any(line.startswith(said) for line in problems), problems


def test_a_missing_card_and_a_foreign_one_are_named(tmp_path):
    raw = tomllib.loads(TEST_FILE.read_text())
    raw["cards"]["civ/style-10"] = raw["cards"].pop("civ/style-9")
    problems: list[str] = []
    components.values(raw, problems)
    assert "civ/style-9: missing (a [cards.\"civ/style-9\"] table)" in problems
    assert any(line.startswith("cards: 'civ/style-10' is not one of the expansion's") for line in problems)


def test_the_engine_plays_the_files_values_and_offers_the_expansion(restored):
    """With the file's values in place the lookups read them (the test file gives bld/style-4 11 points, the
    provisional value is 12), games record the data they were set up with, and the expansion is offered."""
    assert cards.BUILDINGS["bld/style-4"]["points"] == 12
    assert all(o.unavailable for o in stone_age.OPTIONS if o.name in ("expansion", "spielbox_buildings"))
    data = components.read(TEST_FILE)
    stone_age.use_components(data)
    assert cards.BUILDINGS["bld/style-4"]["points"] == 11 and style_cards.data_version() == data["version"]
    assert not any(o.unavailable for o in stone_age.OPTIONS)
    assert "TEST DATA" in next(o.help for o in stone_age.OPTIONS if o.name == "expansion")
    assert stone_age.setup(5, {"expansion": "style"}, 1)["data"] == data["version"]
    stone_age.use_components(None)
    assert cards.BUILDINGS["bld/style-4"]["points"] == 12 and style_cards.data_version() == "style-provisional-1"


def test_the_file_is_pbem_components_or_the_instance_folders(tmp_path):
    """PBEM_COMPONENTS names the file; unset, components.toml in the instance folder is used; neither: none."""
    assert config.from_environ(str(tmp_path), {"PBEM_COMPONENTS": "/srv/box.toml"})["COMPONENTS"] == "/srv/box.toml"
    assert components.configured_path({"COMPONENTS": None}, str(tmp_path)) is None
    (tmp_path / "components.toml").write_text(TEST_FILE.read_text())
    assert components.configured_path({"COMPONENTS": None}, str(tmp_path)) == tmp_path / "components.toml"
    assert components.configured_path({"COMPONENTS": "/srv/box.toml"}, str(tmp_path)) == Path("/srv/box.toml")
