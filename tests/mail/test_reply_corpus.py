"""The shared reply corpus: extract_reply keeps exactly what each writer wrote, for at least 95 % of it."""
import os
from pathlib import Path

import pytest

from pbem.mail.reply import extract_reply

REPO_ROOT = Path(__file__).resolve().parents[2]
REQUIRED_SHARE = 0.95
# Where the corpus lives: PBEM_REPLY_CORPUS, a path relative to the repository root unless absolute.
CORPUS_SETTING = "PBEM_REPLY_CORPUS"
CORPUS_DEFAULT = "../shared/reference/mail"
HOW_TO_GET_IT = (
    "The corpus is the emails/ and trimmed/ folders of Discourse's email_reply_trimmer tests "
    "(https://github.com/discourse/email_reply_trimmer, test/emails and test/trimmed, MIT); the team's copy "
    f"sits in /work/shared/reference/mail on the build machines. Copy it to {CORPUS_DEFAULT} beside the "
    f"repository, or set {CORPUS_SETTING} to where it is."
)


def corpus_path(env=os.environ) -> Path:
    """Return the corpus folder named by PBEM_REPLY_CORPUS (default ../shared/reference/mail), from the repo root."""
    return (REPO_ROOT / (env.get(CORPUS_SETTING) or CORPUS_DEFAULT)).resolve()


def _normalised(text: str) -> str:
    # The corpus README: compare after normalising line endings and trailing white space.
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def test_reply_corpus_is_extracted_exactly():
    """Source: the corpus (emails/NAME.txt as received, trimmed/NAME.txt as written)."""
    corpus = corpus_path()
    emails = corpus / "emails"
    if not emails.is_dir():
        missing = f"reply corpus not found at {corpus} ({CORPUS_SETTING}={os.environ.get(CORPUS_SETTING, '')!r}). "
        # Under CI the corpus is part of the checkout's surroundings; a clone elsewhere may lack it.
        if os.environ.get("CI") == "true":
            pytest.fail(missing + HOW_TO_GET_IT, pytrace=False)
        pytest.skip(missing + HOW_TO_GET_IT)
    names = sorted(path.name for path in emails.glob("*.txt"))
    assert names, f"reply corpus at {emails} holds no *.txt files. {HOW_TO_GET_IT}"
    misses = []
    for name in names:
        received = (emails / name).read_text(encoding="utf-8")
        written = (corpus / "trimmed" / name).read_text(encoding="utf-8")
        if _normalised(extract_reply(received)) != _normalised(written):
            misses.append(name)
    exact = len(names) - len(misses)
    summary = f"reply corpus: {exact}/{len(names)} exact ({100 * exact / len(names):.1f} %)"
    if misses:
        summary += "; misses: " + ", ".join(misses)
    print(summary)
    assert exact / len(names) >= REQUIRED_SHARE, summary
