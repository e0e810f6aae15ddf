"""The code's floors, read from its imports (at module level and inside functions): what each floor may import,
no circle among pbem's packages nor among the modules of one package, small modules, and no probing of a game
module for optional features (docs/architecture.md)."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

PBEM = Path(__file__).resolve().parents[1] / "pbem"
MAX_LINES = 600


def _name(path: Path) -> str:
    parts = list(path.relative_to(PBEM.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PBEM.rglob("*.py"))}


def _imports(name: str) -> set[str]:
    """The pbem modules `name` imports anywhere in it (a name imported from a package counts as its module when it
    is one, else as the package)."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target not in MODULES and "." in target:
                target = target.rsplit(".", 1)[0]
            if target.split(".")[0] == "pbem" and target != name:
                found.add(target)
    return found


IMPORTS = {name: _imports(name) for name in MODULES}


def _floor(name: str) -> str:
    """pbem's package (or top-level module) a module belongs to: "pbem.mail", "pbem.tokens", "pbem"."""
    return ".".join(name.split(".")[:2])


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def _reaching(floor: str, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    return {name: sorted(t for t in targets if _floor(t) in forbidden)
            for name, targets in IMPORTS.items() if _floor(name) == floor
            and any(_floor(t) in forbidden for t in targets)}


def test_the_reading_of_imports_sees_what_is_there():
    # A reading that found nothing would pass every test below.
    assert "pbem.play.moves" in IMPORTS["pbem.play"] and "pbem.outbox" in IMPORTS["pbem.play.moves"]
    assert "pbem.mail.delivery" in IMPORTS["pbem.tasks"] and "pbem.engine.base" in IMPORTS["pbem.engine.tta"]


def test_the_engine_imports_nothing_of_pbem_but_itself():
    outside = {name: sorted(t for t in targets if _floor(t) != "pbem.engine")
               for name, targets in IMPORTS.items() if _floor(name) == "pbem.engine"}
    assert {name: targets for name, targets in outside.items() if targets} == {}


def test_the_presentation_builds_on_no_way_in():
    assert _reaching("pbem.presentation", ("pbem.web", "pbem.mail", "pbem.play", "pbem.tasks")) == {}


def test_the_domain_verbs_import_no_mail_web_or_tasks():
    assert _reaching("pbem.play", ("pbem.web", "pbem.mail", "pbem.tasks")) == {}


def test_the_mail_imports_no_web():
    assert _reaching("pbem.mail", ("pbem.web",)) == {}


def test_no_circle_among_pbems_packages():
    graph = defaultdict(set)
    for name, targets in IMPORTS.items():
        graph[_floor(name)] |= {_floor(t) for t in targets if _floor(t) != _floor(name)}
    assert _cycles(graph) == []


def test_no_circle_among_the_modules_of_one_package():
    graph = defaultdict(set)
    for name, targets in IMPORTS.items():
        graph[name] |= {t for t in targets if _package(t) == _package(name)}
    assert _cycles(graph) == []


def _package(name: str) -> str:
    """The package whose modules `name` is one of (a package's __init__ belongs with its own modules)."""
    return name if MODULES[name].name == "__init__.py" else name.rsplit(".", 1)[0]


def test_no_module_is_over_600_lines():
    lines = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()}
    long = {name: n for name, n in lines.items() if n > MAX_LINES}
    assert long == {}


PROBE = re.compile(r"\b(hasattr|getattr)\(\s*(rules|engine\.get\([^)]*\)|module)\s*,")


def test_the_service_asks_a_games_capabilities_and_never_probes_its_module():
    probes = {name: PROBE.findall(path.read_text(encoding="utf-8")) for name, path in MODULES.items()
              if _floor(name) != "pbem.engine"}
    assert {name: found for name, found in probes.items() if found} == {}
    assert PROBE.search("x = getattr(rules, 'scores', None)")  # the pattern does catch a probe
