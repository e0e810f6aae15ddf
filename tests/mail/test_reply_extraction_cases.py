"""The project's own extraction cases: command_lines gives exactly the writer's commands for at least 9 in 10."""
import re
from pathlib import Path

from email.utils import parseaddr

from pbem.mail.command_text import command_lines
from pbem.mail.reply import signer_names

CASES = Path(__file__).parent / "cases_extraction.txt"
REQUIRED_SHARE = 0.9
_CASE = re.compile(r"^#### case: (\S+)\n(?:#### from: (.*?)\n)?(.*?)^#### expected\n(.*?)(?=^#### case: |\Z)",
                   re.MULTILINE | re.DOTALL)


def extraction_cases() -> list[tuple[str, str, frozenset[str], list[str]]]:
    """Return (name, received, the writer's names, expected command lines) for each case of cases_extraction.txt."""
    cases = []
    for name, sender, received, expected in _CASE.findall(CASES.read_text(encoding="utf-8")):
        names = signer_names(*parseaddr(sender)) if sender else frozenset()
        cases.append((name, received, names, [line for line in expected.split("\n") if line.strip()]))
    return cases


def test_extraction_cases_are_mostly_exact():
    """At least 9 in 10 replies give exactly the expected command lines."""
    cases = extraction_cases()
    assert len(cases) >= 80
    misses = [name for name, received, names, expected in cases if command_lines(received, names) != expected]
    exact = len(cases) - len(misses)
    summary = f"extraction cases: {exact}/{len(cases)} exact ({100 * exact / len(cases):.1f} %)"
    if misses:
        summary += "; misses: " + ", ".join(misses)
    print(summary)
    assert exact / len(cases) >= REQUIRED_SHARE, summary
