#!/usr/bin/env python3
"""kill_resume.py - SIGKILL `docscan scan` at random moments and check that the archive survives.

usage: scripts/kill_resume.py --docscan BIN [--trials 20] [--pages 12] [--seed 1]

Each trial: a fresh archive and a folder of PAGES page images (copies of Fixtures/pages, each a
distinct file); `docscan scan --mode fast --jobs 2` is started and killed with SIGKILL after a
random delay (0.3 s to most of a full run). Then:
  1. the archive opens and PRAGMA integrity_check says ok (Python's sqlite3, not docscan);
  2. the pages it holds are counted (each (source, page) at most once: a UNIQUE constraint, checked);
  3. `docscan scan` runs again to the end and must exit 0, read exactly the pages that were missing
     ("Scanned K of K") and skip the ones archived ("Unchanged: U"), K + U = PAGES, U = the count in 2;
  4. the archive then holds PAGES pages, once each, and passes integrity_check again.
Prints one line per trial and a summary; exits 1 if any trial failed.
"""
import argparse
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check(archive):
    """(integrity verdict, pages, distinct (root, source, page), rows in the full-text index)."""
    db = sqlite3.connect(archive)
    try:
        verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
        pages = db.execute("SELECT COUNT(*) FROM page").fetchone()[0]
        distinct = db.execute("SELECT COUNT(*) FROM (SELECT DISTINCT root, source, page FROM page)").fetchone()[0]
        fts = db.execute("SELECT COUNT(*) FROM page_fts").fetchone()[0]
        return verdict, pages, distinct, fts
    finally:
        db.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docscan", required=True)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--pages", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    random.seed(a.seed)
    sources = sorted(os.path.join(REPO, "Fixtures", "pages", f)
                     for f in os.listdir(os.path.join(REPO, "Fixtures", "pages")) if f.endswith(".png"))
    work = tempfile.mkdtemp(prefix="docscan-kill-")
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    failures = 0
    try:
        folder = os.path.join(work, "pages")
        os.mkdir(folder)
        for i in range(a.pages):
            shutil.copy(sources[i % len(sources)], os.path.join(folder, f"p{i:03d}.png"))
        cmd = [a.docscan, "scan", folder, "--mode", "fast", "--jobs", "2", "--lang", "eng,deu,chi_sim"]
        # One full run, untimed, to learn how long a run takes and to warm the page cache.
        archive = os.path.join(work, "warm.sqlite")
        t0 = time.monotonic()
        subprocess.run(cmd + ["--archive", archive, "--quiet"], env=env, check=True)
        full = time.monotonic() - t0
        print(f"{a.pages} pages, a full run takes {full:.1f} s; killing at 0.3..{0.9 * full:.1f} s")
        print(f"{'trial':>5} {'kill at s':>9} {'archived':>8} {'integrity':>9} {'resumed':>7} {'unchanged':>9} {'final':>5}  result")
        for trial in range(1, a.trials + 1):
            archive = os.path.join(work, f"trial{trial}.sqlite")
            delay = random.uniform(0.3, 0.9 * full)
            p = subprocess.Popen(cmd + ["--archive", archive, "--quiet"], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            p.send_signal(signal.SIGKILL)
            p.wait()
            problems = []
            if os.path.exists(archive):
                verdict, before, distinct, fts = check(archive)
                if verdict != "ok":
                    problems.append(f"integrity: {verdict}")
                if distinct != before or fts != before:
                    problems.append(f"{before} pages, {distinct} distinct, {fts} indexed")
            else:
                verdict, before = "none", 0
            r = subprocess.run(cmd + ["--archive", archive], env=env, capture_output=True, text=True)
            scanned = re.search(r"Scanned (\d+) of (\d+) pages", r.stderr)
            unchanged = re.search(r"Unchanged: (\d+) page", r.stderr)
            k = int(scanned.group(1)) if scanned else -1
            u = int(unchanged.group(1)) if unchanged else 0
            if r.returncode != 0:
                problems.append(f"resume exit {r.returncode}: {r.stderr.strip()[-200:]}")
            if k + u != a.pages or u != before:
                problems.append(f"resume read {k} and skipped {u}, expected {a.pages - before} and {before}")
            verdict2, after, distinct2, fts2 = check(archive)
            if verdict2 != "ok" or after != a.pages or distinct2 != a.pages or fts2 != a.pages:
                problems.append(f"after resume: {verdict2}, {after} pages, {distinct2} distinct, {fts2} indexed")
            failures += bool(problems)
            print(f"{trial:>5} {delay:>9.2f} {before:>8} {verdict:>9} {k:>7} {u:>9} {after:>5}  "
                  + ("ok" if not problems else "FAIL: " + "; ".join(problems)), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{a.trials - failures} of {a.trials} trials ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
