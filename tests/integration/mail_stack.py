"""The parts a mail-only player meets, for the integration tests: gunicorn with the raw webhook, a real Celery
worker and the SMTP sink, on a fresh database and a Redis database of the test's own."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import redis

from served import SECRET_KEY, gunicorn
from test_delivery import Worker


@contextmanager
def mail_stack(pg_url: str, smtp_server, tmp_path: Path, redis_db: str, inbound_secret: str):
    """Serve the app set up in `tmp_path / "instance"` (see served.set_up); yields the base URL. The worker's log
    must hold no traceback when the test is done."""
    redis.Redis.from_url(redis_db).flushdb()
    settings = {"REDIS_URL": redis_db, "MAIL_URL": smtp_server.url + "?timeout=20", "INBOUND_DOMAIN": "pbem.test",
                "INBOUND_SECRET": inbound_secret}
    env = dict(os.environ)
    env.update(settings, DATABASE_URL=pg_url, SECRET_KEY=SECRET_KEY, BASE_URL="http://pbem.test",
               PBEM_INSTANCE=str(tmp_path / "instance"),
               PATH=str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", ""))
    worker = Worker(env, tmp_path / "worker.log")
    worker.start()
    try:
        with gunicorn(pg_url, tmp_path / "instance", extra_env=settings) as base:
            yield base
        assert "Traceback" not in worker.log.read_text(), worker.log.read_text()[-4000:]
    finally:
        worker.stop()
        redis.Redis.from_url(redis_db).flushdb()


def client_reply(mail: EmailMessage, sender: str, text: str) -> EmailMessage:
    """A reply to `mail` as a mail program writes it: `text` above the quoted original, threaded, to its Reply-To."""
    msg = EmailMessage()
    msg["From"], msg["To"] = sender, mail["Reply-To"]
    msg["Subject"] = mail["Subject"] if mail["Subject"].startswith("Re:") else "Re: " + mail["Subject"]
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = mail["Message-ID"]
    msg["References"] = " ".join(filter(None, [mail["References"], mail["Message-ID"]]))
    quoted = "\n".join("> " + line if line else ">" for line in body(mail).splitlines())
    msg.set_content(f"{text}\n\nOn Wed, 25 Nov 2026 at 09:00, pbem <pbem@pbem.test> wrote:\n{quoted}\n")
    return msg


def words(text: str) -> str:
    """A mail's text with line breaks as spaces: answers are folded to 78 columns for phones."""
    return " ".join(text.split())


def body(mail: EmailMessage) -> str:
    """The plain-text part of a mail."""
    return mail.get_body(("plain",)).get_content()


def examples(mail: EmailMessage) -> list[str]:
    """The commands a turn mail gives "for example"."""
    lines = body(mail).splitlines()
    start = next(i for i, line in enumerate(lines) if line.rstrip().endswith(("For example:", "Par exemple :")))
    out = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            return out
        out.append(line.strip())
    return out
