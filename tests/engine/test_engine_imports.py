"""The engines stay pure: nothing under pbem/engine/ imports web, database, task or mail libraries."""
import ast
from pathlib import Path

import pbem.engine

FORBIDDEN = {"flask", "sqlalchemy", "flask_sqlalchemy", "celery", "smtplib", "redis", "imaplib", "email"}


def test_engine_imports_no_io_libraries():
    """STYLE.md: pbem/engine/ imports nothing from Flask, SQLAlchemy, Celery or mail (a test enforces it)."""
    root = Path(pbem.engine.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "__import__", "import_module"):
                names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path}: imports {name}"
