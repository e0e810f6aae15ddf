"""The Celery app for `celery -A worker worker` and `celery -A worker beat`."""
from pbem import create_app

celery = create_app().extensions["celery"]
