"""The Celery app for `celery -A worker worker` and `celery -A worker beat`."""
from pbem import create_app
from pbem.config import engine_options

# Tasks check a pooled connection before use: unlike a web request, a task is not run again when it drops.
celery = create_app({"SQLALCHEMY_ENGINE_OPTIONS": engine_options(pre_ping=True)}).extensions["celery"]
