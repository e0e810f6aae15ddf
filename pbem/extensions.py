"""The Flask extensions, bound to an app by create_app, and the Celery wiring."""
from __future__ import annotations

from celery import Celery, Task
from flask import Flask
from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_talisman import Talisman
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData, event
from werkzeug.middleware.proxy_fix import ProxyFix

# Named constraints so that Alembic can alter them on every database, SQLite included.
metadata = MetaData(naming_convention={
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
})

db = SQLAlchemy(metadata=metadata)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()


# Everything from this site, nothing inline (the templates hold no script, handler or style attribute),
# and no page inside another site's frame (the one-click move buttons must not be clickjacked).
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def init_http_security(app: Flask) -> None:
    """Security headers and cookie flags (Talisman, one per app); behind PROXY_COUNT proxies, the client's address.

    Under an https BASE_URL: HSTS for this host (not its subdomains, which may be someone else's), a Secure
    session cookie, and plain http redirected. The embedded default (http://127.0.0.1) gets neither.
    """
    https = app.config["BASE_URL"].startswith("https://")
    Talisman(app, force_https=https, strict_transport_security=https,
             strict_transport_security_include_subdomains=False, session_cookie_secure=https,
             session_cookie_samesite="Lax", frame_options="DENY", content_security_policy=CONTENT_SECURITY_POLICY,
             referrer_policy="same-origin")
    if app.config["PROXY_COUNT"]:
        # The client's address and scheme only: Heroku's router passes a client's X-Forwarded-Host on unchecked.
        count = app.config["PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count)


def init_sqlite(app: Flask) -> None:
    """Make every SQLite transaction take the write lock at BEGIN, so that it serialises like a row lock."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return
    with app.app_context():
        engine = db.engine

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection, _record):
            dbapi_connection.isolation_level = None  # let us issue BEGIN ourselves
            dbapi_connection.execute("PRAGMA foreign_keys=ON")
            dbapi_connection.execute("PRAGMA busy_timeout=30000")

        @event.listens_for(engine, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE")


def init_celery(app: Flask) -> Celery:
    """A Celery app whose tasks run inside the Flask app context; eager (in-process) without Redis."""

    class FlaskTask(Task):
        def __call__(self, *args, **kwargs):
            with app.app_context():
                return self.run(*args, **kwargs)

    celery_app = Celery(app.name, task_cls=FlaskTask)
    redis_url = app.config.get("REDIS_URL")
    celery_app.conf.update(
        broker_url=redis_url or "memory://",
        result_backend=None,
        task_ignore_result=True,
        task_always_eager=app.config["EMBEDDED_TASKS"],
        task_eager_propagates=False,
        # A task is acknowledged when it starts, not when it ends. Acknowledging late let a task outlive its
        # worker, but every task here is only a nudge: the state is in PostgreSQL (the outbox, deadlines, received
        # mail) and the beat runs each again within a minute. Late acknowledgement is what killed the worker when
        # Redis went away under load: a task finishing during the reconnection acknowledged on a closed channel
        # (kombu 5.7: "Unrecoverable error: AttributeError: 'NoneType' object has no attribute 'hostname'",
        # tests/integration/test_redis_outage.py).
        task_acks_late=False,
        worker_prefetch_multiplier=1,
        # Redis may go away and come back: the worker waits for it, for as long as it takes, and never exits
        # (the outbox in PostgreSQL holds every mail meanwhile). A task running when the connection drops runs
        # on (delivery needs PostgreSQL and SMTP, not Redis) rather than being cancelled mid-send with mail
        # claimed.
        broker_connection_retry_on_startup=True,
        broker_connection_retry=True,
        broker_connection_max_retries=None,
        worker_cancel_long_running_tasks_on_connection_loss=False,
        broker_transport_options={"socket_timeout": 5, "socket_connect_timeout": 5, "health_check_interval": 10},
        # A kick that cannot reach the broker gives up at once: the move's answer must not wait on Redis, and
        # the beat delivers the mail anyway (tasks.kick_delivery).
        task_publish_retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1},
        timezone="UTC",
        beat_schedule={
            "deliver-outbox": {"task": "pbem.tasks.deliver_outbox", "schedule": 30.0},
            "scan-deadlines": {"task": "pbem.tasks.scan_deadlines", "schedule": 60.0},
            "resume-inbound": {"task": "pbem.tasks.resume_inbound", "schedule": 300.0},
            "drop-mail-bodies": {"task": "pbem.tasks.drop_mail_bodies", "schedule": 3600.0},
            **({"poll-imap": {"task": "pbem.tasks.poll_imap", "schedule": 60.0}} if app.config.get("IMAP_URL") else {}),
        },
    )
    celery_app.conf.update(app.config.get("CELERY", {}))
    celery_app.conf.imports = ("pbem.tasks",)
    celery_app.set_default()
    app.extensions["celery"] = celery_app
    return celery_app
