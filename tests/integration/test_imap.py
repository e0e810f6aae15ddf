"""The IMAP poller against a real, private Dovecot: moves land in PostgreSQL, and mail is flagged only once handled."""
from __future__ import annotations

import imaplib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from conftest import free_port
from pbem import play
from pbem.extensions import db
from pbem.mail import imap, inbound
from pbem.models import InboundMessage, Move, Outbox

pytestmark = pytest.mark.integration

DOVECOT = "/usr/sbin/dovecot"
DOVEADM = "/usr/bin/doveadm"
USER, PASSWORD = "pbem", "s3cret pass"

CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{root}/mail/%u
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


@pytest.fixture
def dovecot():
    """A private Dovecot on a free loopback port with one mailbox; yields its imap:// URL."""
    assert os.path.exists(DOVECOT), "Dovecot is missing: run scripts/system-packages"
    # Dovecot serves mail as an unprivileged user, who must reach the folders; pytest's tmp_path is private.
    root = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
    root.chmod(0o755)
    mail_owner = pwd.getpwnam("nobody")
    for sub in ("mail", "home"):
        (root / sub).mkdir()
        os.chown(root / sub, mail_owner.pw_uid, mail_owner.pw_gid)
    (root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}::::::\n")
    port = free_port()
    conf = root / "dovecot.conf"
    conf.write_text(CONFIG.format(root=root, port=port, uid=mail_owner.pw_uid, gid=mail_owner.pw_gid))
    server = subprocess.Popen([DOVECOT, "-F", "-c", str(conf)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                log = (root / "dovecot.log").read_text() if (root / "dovecot.log").exists() else ""
                assert server.poll() is None and time.monotonic() < deadline, log
                time.sleep(0.1)
        yield f"imap://{USER}:{PASSWORD.replace(' ', '%20')}@127.0.0.1:{port}/INBOX"
    finally:
        subprocess.run([DOVEADM, "-c", str(conf), "stop"], capture_output=True, timeout=30)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stdout.close()
        shutil.rmtree(root, ignore_errors=True)


class Mailbox:
    """A second, independent IMAP session: what a person looking at the mailbox would see."""

    def __init__(self, url: str):
        self.box = imap.Mailbox.from_url(url)

    def append(self, raw: bytes) -> None:
        client = self.box.connect()
        try:
            client.append("INBOX", None, None, raw)
        finally:
            client.logout()

    def unseen(self) -> int:
        client = self.box.connect()
        try:
            return len(client.uid("SEARCH", None, "UNSEEN")[1][0].split())
        finally:
            client.logout()


def turn_mail(game, seat: int) -> Outbox:
    return db.session.scalars(select(Outbox).where(Outbox.kind == "turn",
                                                   Outbox.dedupe_key.like(f"turn:{game.id}:{seat}:%"))
                              .order_by(Outbox.id.desc())).first()


def reply(turn: Outbox, text: str, **headers) -> bytes:
    msg = EmailMessage()
    msg["From"] = turn.to_address
    msg["To"] = turn.headers["Reply-To"]
    msg["Subject"] = "Re: " + turn.subject
    msg["Message-ID"] = make_msgid(domain="mail.example.org")
    msg["In-Reply-To"] = turn.message_id
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(text + "\n\n> " + "\n> ".join(turn.text.splitlines()[:5]) + "\n")
    return msg.as_bytes()


def email_moves(game) -> list[tuple[int, str]]:
    return [(m.seat, m.text) for m in db.session.scalars(
        select(Move).where(Move.game_id == game.id, Move.source == "email").order_by(Move.seq))]


def test_the_poller_plays_replies_drops_machines_and_flags_what_it_handled(dovecot, make_game, app, monkeypatch):
    from pbem import tasks

    game = make_game()
    mailbox = Mailbox(dovecot)
    mailbox.append(reply(turn_mail(game, 0), "take 2"))
    mailbox.append(reply(turn_mail(game, 0), "I am away until Monday", Auto_Submitted="auto-replied"))
    stranger = EmailMessage()
    stranger["From"], stranger["To"], stranger["Subject"] = "stranger@example.net", "play@pbem.test", "hello"
    stranger.set_content("place 3 forest\n")
    mailbox.append(stranger.as_bytes())
    assert mailbox.unseen() == 3

    monkeypatch.setitem(app.config, "IMAP_URL", dovecot)
    assert tasks.poll_imap() == 3  # the beat task, run in this process

    assert email_moves(game) == [(0, "take 2")]
    outcomes = sorted(db.session.scalars(select(InboundMessage.outcome)))
    assert outcomes == ["auto_reply", "done", "unknown_sender"]
    answered = db.session.scalars(select(Outbox.to_address).where(Outbox.kind.in_(("answer", "refusal"))))
    assert set(answered) == {"ann@example.com", "stranger@example.net"}
    assert mailbox.unseen() == 0
    assert imap.poll(dovecot) == 0  # nothing new


def test_a_crash_after_the_commit_and_before_the_flag_reprocesses_without_applying_twice(dovecot, make_game, app):
    game = make_game()
    mailbox = Mailbox(dovecot)
    mailbox.append(reply(turn_mail(game, 0), "take 3"))
    seen_during_receive = []

    def receive_then_crash(raw: bytes, source: str):
        row = inbound.receive(raw, source)
        # Committed: another connection sees the move and the outcome; the mailbox still shows it unseen.
        with db.engine.connect() as other:
            seen_during_receive.append((
                other.execute(text("SELECT outcome FROM inbound_messages WHERE id = :id"), {"id": row.id}).scalar(),
                other.execute(text("SELECT count(*) FROM moves WHERE source = 'email'")).scalar(),
                mailbox.unseen()))
        raise RuntimeError("the worker died here")

    assert imap.poll(dovecot, receive=receive_then_crash) == 0
    assert seen_during_receive == [("done", 1, 1)]
    assert mailbox.unseen() == 1  # not flagged: the next poll sees it again

    assert imap.poll(dovecot) == 1
    assert email_moves(game) == [(0, "take 3")]
    assert db.session.scalar(select(func.count()).select_from(InboundMessage)) == 1
    assert db.session.scalar(select(func.count()).select_from(Outbox).where(Outbox.kind == "answer")) == 1
    assert mailbox.unseen() == 0


def test_a_message_left_half_handled_is_finished_by_a_later_poll(dovecot, make_game):
    """A worker killed inside receive leaves the row claimed; once its lease ends, the next poll finishes it."""
    from datetime import timedelta

    from pbem import clock

    game = make_game()
    play.submit(game.id, 0, "take 1", "web", "web-1")
    mailbox = Mailbox(dovecot)
    raw = reply(turn_mail(game, 1), "take 2")
    mailbox.append(raw)
    db.session.add(InboundMessage(message_id=inbound.decode(raw).message_id, source="imap",
                                  from_address="bob@example.com", raw=raw, outcome="handling",
                                  detail=f"since {clock.now().isoformat()}"))
    db.session.commit()
    assert imap.poll(dovecot) == 0 and mailbox.unseen() == 1  # still someone else's
    clock.advance(inbound.LEASE + timedelta(seconds=1))
    try:
        assert imap.poll(dovecot) == 1
    finally:
        clock.reset()
    assert email_moves(game) == [(1, "take 2")] and mailbox.unseen() == 0


def test_tls_required_refuses_a_server_without_starttls(dovecot):
    with pytest.raises(imaplib.IMAP4.error, match="STARTTLS"):
        imap.poll(dovecot + "?tls=required")
