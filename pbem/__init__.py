"""pbem: a play-by-email service for long board games."""
from __future__ import annotations

import os

from flask import Flask


def create_app(config: dict | None = None) -> Flask:
    """Build the app: settings from the environment, then `config` overrides, extensions, blueprints."""
    from . import access_log, components, config as settings
    from .extensions import babel, csrf, db, init_celery, init_http_security, init_sqlite, migrate
    from . import tasks
    from .presentation import games
    from .web import bodies, rate_limits, register_blueprints
    from .web.readers import select_locale

    app = Flask(__name__, instance_path=os.environ.get("PBEM_INSTANCE") or None,
                template_folder="web/templates", static_folder="web/static")
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(settings.from_environ(app.instance_path))
    if config:
        app.config.update(config)
    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(os.path.dirname(__file__)), "migrations"))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    init_sqlite(app)
    components.init_app(app)  # the expansion's printed values for the engine, or none (then it is not offered)
    init_celery(app)
    tasks.init_app(app)
    register_blueprints(app)
    rate_limits.init_app(app)
    bodies.init_app(app)
    init_http_security(app)
    games.init_app(app)
    access_log.init_app(app)  # no seat, sign-in or unsubscribe token, no hook secret in the app's log lines
    return app
