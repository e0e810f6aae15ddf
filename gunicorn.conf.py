"""gunicorn's settings for pbem: the Procfile's `web` process names this file (`--config gunicorn.conf.py`), and
gunicorn started anywhere else from the repository's root reads it by default.

The access log keeps gunicorn's default (combined) format, which has no Cookie or Authorization header, and is
written by pbem.access_log.Logger: the secret segment of `/play/<token>`, `/signin/<token>`,
`/unsubscribe/<token>`, `/inbound/raw/<secret>` and `/inbound/sendgrid/<secret>`, and the values of secret
query parameters (`token=`, `key=`, ...), are written `***`, in the request line, the query and the Referer
alike (docs/deploying.md, "Logs").
"""
logger_class = "pbem.access_log.Logger"
