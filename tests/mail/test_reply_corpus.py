"""The shared reply corpus: extract_reply keeps exactly what each writer wrote, for at least 95 % of it."""
from pathlib import Path

from pbem.mail.reply import extract_reply

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS = REPO_ROOT.parent / "shared" / "reference" / "mail"
REQUIRED_SHARE = 0.95


def _normalised(text: str) -> str:
    # The corpus README: compare after normalising line endings and trailing white space.
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def test_reply_corpus_is_extracted_exactly():
    """Source: /work/shared/reference/mail (emails/NAME.txt as received, trimmed/NAME.txt as written)."""
    emails = CORPUS / "emails"
    assert emails.is_dir(), (
        f"reply corpus not found at {CORPUS}: it lives next to the repository, in "
        "../shared/reference/mail/{emails,trimmed}/ relative to the repo root"
    )
    names = sorted(path.name for path in emails.glob("*.txt"))
    assert names, f"reply corpus at {emails} holds no *.txt files"
    misses = []
    for name in names:
        received = (emails / name).read_text(encoding="utf-8")
        written = (CORPUS / "trimmed" / name).read_text(encoding="utf-8")
        if _normalised(extract_reply(received)) != _normalised(written):
            misses.append(name)
    exact = len(names) - len(misses)
    summary = f"reply corpus: {exact}/{len(names)} exact ({100 * exact / len(names):.1f} %)"
    if misses:
        summary += "; misses: " + ", ".join(misses)
    print(summary)
    assert exact / len(names) >= REQUIRED_SHARE, summary
