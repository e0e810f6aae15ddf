"""Every bench in one go, and one table: the engine, API moves beside the stack's floor and pgbench, a submit and the
page as games grow, the worker's mails beside plain smtplib, memory, bytes per move."""
# .venv/bin/python bench/all.py [--quick]
#
# Needs what the tests need (PostgreSQL, Redis) and pgbench. Each part is one of the bench scripts
# here, run in a process of its own with --json: it makes its own database and starts what it needs
# (gunicorn, a Celery worker, an SMTP sink), and stops and drops them when done. The machine's load
# is printed with the table: compare the ratios measured in the same run, not figures across runs.
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = {"full": {"games": 30, "seconds": 10, "pairs": 3, "mails": 10_000, "rendered": 200, "page_games": 4, "repeat": 5},
         "quick": {"games": 4, "seconds": 4, "pairs": 3, "mails": 2_000, "rendered": 40, "page_games": 1, "repeat": 2}}


def run(script: str, *args: str) -> dict:
    """The figures a bench script prints as JSON on its last line of output."""
    done = subprocess.run([sys.executable, str(HERE / script), *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{script} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()} {platform.release()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes: a few minutes")
    args = parser.parse_args()
    size = SIZES["quick" if args.quick else "full"]
    loads, lines = [os.getloadavg()[0]], []
    started = time.perf_counter()

    def part(name: str) -> None:
        print(f"running {name} (load {os.getloadavg()[0]:.1f})", file=sys.stderr)

    part("the engine")
    sys.path.insert(0, str(HERE))
    from stone_age import run_tree

    engine = run_tree(str(HERE.parent), size["games"], (2, 3, 4), {})
    loads.append(os.getloadavg()[0])
    part("the API under load beside the floor (a minimal app of the same shape on the same stack), and pgbench")
    api = run("api.py", "--seconds", str(size["seconds"]), "--floor", "--pairs", str(size["pairs"]), "--json")
    floor = {row["clients"]: row for row in api["floor"]}
    loads.append(api["load"])
    part("a submit and the page as games grow, bytes per move")
    pages = run("pages.py", "--games", str(size["page_games"]), "--repeat", str(size["repeat"]), "--json")
    loads.append(os.getloadavg()[0])
    part("delivery")
    mail = run("notify.py", "--mails", str(size["mails"]), "--rendered", str(size["rendered"]), "--json")
    loads.append(os.getloadavg()[0])

    def add(what: str, figure: float, beside: str = "", digits: int = 0) -> None:
        lines.append(f"{what:<56} {figure:>10.{digits}f}  {beside}".rstrip())

    lines.append(f"{'what':<56} {'figure':>10}  beside it")
    for key, figures in engine.items():
        player, seats = key.split("/")
        add(f"engine, {seats} players, {player} moves: games/s", figures["games"] / figures["cpu"],
            f"{figures['moves'] / figures['cpu']:.0f} moves/s (per CPU second)", 1)
    for row in api["api"]:
        base = floor[row["clients"]]
        add(f"API submits/s, {row['clients']} clients", row["submits_per_s"],
            f"p50 {row['p50_ms']:.0f} ms, p99 {row['p99_ms']:.0f} ms; pgbench {row['pgbench_tps']:.0f} "
            f"commits/s; ratio {row['ratio']:.3f}", 1)
        add(f"floor requests/s, {row['clients']} clients", base["submits_per_s"],
            f"p50 {base['p50_ms']:.0f} ms, p99 {base['p99_ms']:.0f} ms; API ÷ floor "
            f"{row['submits_per_s'] / base['submits_per_s']:.2f}, p99 API ÷ floor {row['p99_ms'] / base['p99_ms']:.1f} "
            "(the median of pairs " + ", ".join(f"{p['ratio']:.2f}/{p['p99_ratio']:.1f}" for p in row["pairs"]) + ")", 1)
        # Where the machine's CPU goes per submit: the ratio's ceiling when every core is busy.
        parts = (row["web_cpu_ms"], row["worker_cpu_ms"], row["postgres_cpu_ms"], row["sink_cpu_ms"], row["client_cpu_ms"])
        add(f"  CPU ms per API submit, {row['clients']} clients", sum(parts),
            "web {:.1f}, worker {:.1f}, PostgreSQL {:.1f}, SMTP sink {:.1f}, load generator {:.1f}; ".format(*parts)
            + f"mails sent {row['mails_sent']:.2f}, dropped unwritten {row['mails_dropped']:.2f} per submit", 1)
        parts = (base["web_cpu_ms"], base["postgres_cpu_ms"], base["client_cpu_ms"])
        add(f"  CPU ms per floor request, {row['clients']} clients", sum(parts),
            "web {:.1f}, PostgreSQL {:.1f}, load generator {:.1f}".format(*parts), 1)
    for row in pages["cost"]:
        add(f"submit ms at {row['moves']:,} stored moves", row["submit_ms"],
            f"{row['submit_rows']} rows, {row['submit_statements']} statements (its mail written and sent "
            "in-process, as embedded)", 1)
        add(f"game page ms at {row['moves']:,} stored moves", row["page_ms"],
            f"{row['page_rows']} rows, {row['page_kib']:.0f} KiB", 1)
    add("worker mails/s (1 process)", mail["worker_mails_per_s"],
        f"plain smtplib (1 process) {mail['smtplib_mails_per_s']:.0f}/s; ratio {mail['ratio']:.2f} (median of "
        f"{mail['rounds']} alternating rounds, {mail['ratio_low']:.2f}-{mail['ratio_high']:.2f}); CPU per mail "
        f"{mail['worker_cpu_ms']:.2f} / {mail['smtplib_cpu_ms']:.2f} ms")
    add("turn mails written/s (after the commit)", mail["written_per_s"])
    add("RSS MiB, a web worker after the API run", api["rss_mib"]["web"])
    add("RSS MiB, a Celery worker after the API run", api["rss_mib"]["worker"],
        f"{mail['worker_rss_mib']:.0f} after the mail run")
    moves = pages["bytes_per_move"]
    add("bytes per move, all tables, after mail retention", moves["after_retention"],
        f"live {moves['live']:.0f}, written {moves['written']:.0f} ({moves['moves']} moves)")
    print(f"pbem bench ({'quick' if args.quick else 'full'}), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{time.perf_counter() - started:.0f} s")
    print(f"machine: {machine()}; load average {min(loads):.1f}-{max(loads):.1f} during the run")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
