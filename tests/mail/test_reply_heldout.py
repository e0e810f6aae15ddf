"""Held-out replies (clients and languages the patterns were not written from): at least 9 in 10 cut exactly."""
import re
from pathlib import Path

from pbem.mail.reply import extract_reply

HELDOUT = Path(__file__).parent / "reply_heldout.txt"
REQUIRED_SHARE = 0.9
_CASE = re.compile(r"^#### case: (\S+)\n(.*?)^#### expected\n(.*?)(?=^#### case: |\Z)", re.MULTILINE | re.DOTALL)


def heldout_cases() -> list[tuple[str, str, str]]:
    """Return (name, received, written) for each case of reply_heldout.txt."""
    return _CASE.findall(HELDOUT.read_text(encoding="utf-8"))


def _normalised(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def test_heldout_replies_are_mostly_cut_exactly():
    """Issue 11 point 7: cut exactly what the writer did not write in at least 9 of 10 unseen replies."""
    cases = heldout_cases()
    assert len(cases) >= 30
    misses = [name for name, received, written in cases if _normalised(extract_reply(received)) != _normalised(written)]
    exact = len(cases) - len(misses)
    summary = f"held-out replies: {exact}/{len(cases)} exact ({100 * exact / len(cases):.1f} %)"
    if misses:
        summary += "; misses: " + ", ".join(misses)
    print(summary)
    assert exact / len(cases) >= REQUIRED_SHARE, summary
