"""Our own replies from Japanese, French, German and English clients give exactly their command lines."""
from pathlib import Path

import pytest

from pbem.mail.command_text import command_lines
from pbem.mail.decode import decode

CASES = Path(__file__).parent / "cases"
NAMES = sorted(path.stem for path in CASES.glob("*.eml"))


def test_cases_cover_the_clients_we_promise():
    """Brief: at least 6 Japanese, 4 French, 4 German cases, plus HTML, QP, base64 and cp1252 bodies."""
    by_language = {prefix: [name for name in NAMES if name.startswith(prefix + "_")] for prefix in ("ja", "fr", "de")}
    assert len(by_language["ja"]) >= 6
    assert len(by_language["fr"]) >= 4
    assert len(by_language["de"]) >= 4
    for name in NAMES:
        assert (CASES / f"{name}.expected").is_file(), f"{name}.eml has no {name}.expected"


@pytest.mark.parametrize("name", NAMES)
def test_case_gives_its_command_lines(name):
    received = decode((CASES / f"{name}.eml").read_bytes())
    expected = (CASES / f"{name}.expected").read_text(encoding="utf-8").splitlines()
    assert command_lines(received.text) == expected
