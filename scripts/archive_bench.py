#!/usr/bin/env python3
"""archive_bench.py - the archive's costs: writing a page, searching 10,000 pages, re-scanning.

usage: scripts/archive_bench.py --docscan BIN [--pages 10000] [--queries 60] [--rescan 100] [--seed 1]

1. Base records: the eval set (../shared/eval/public, else Fixtures/pages) scanned once in fast mode
   without an archive (untimed).
2. Write cost: PAGES synthetic records are imported with `docscan import` (one transaction per page,
   as a scan writes them); docscan reports ms a page. Each synthetic page is 15-40 lines drawn from
   the pool of all base lines (English, German, French, Chinese), with the words and boxes of a base
   record, so pages are as big as real ones and words spread over pages as in a mixed archive.
3. Search latency: QUERIES queries (single words and word pairs drawn from the pages' keywords, Latin
   and Chinese) run as `docscan search Q --json` against that archive; wall time per command, p50
   and p95, and the same for the query alone (the command's start, ICU and jieba's dictionary, take
   the rest).
4. Re-scan: a folder of RESCAN page images (copies of Fixtures/pages) scanned into a fresh archive in
   fast mode, then scanned again unchanged three times; the median second scan's wall time.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_IMAGES = {"txt", "tsv", "md", "json", "jsonl"}


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode not in (0, 3):
        sys.exit(f"archive_bench.py: {' '.join(cmd[:3])} exited {p.returncode}: {p.stderr.strip()[-400:]}")
    return p


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def queries_from(vocabulary, count):
    """Search queries drawn from pages' words: a quarter Chinese words (when there are any), a quarter
    pairs of Latin words, the rest single Latin words."""
    latin = sorted({w for w in vocabulary if w.isascii() and len(w) >= 4})
    han = sorted({w for w in vocabulary if re.search(r"[\u4e00-\u9fff]", w)})
    queries = []
    for i in range(count):
        kind = i % 4
        if kind == 0 and han:
            queries.append(random.choice(han))
        elif kind == 3:
            queries.append(f"{random.choice(latin)} {random.choice(latin)}")
        else:
            queries.append(random.choice(latin))
    return queries


def base_records(docscan, work, env):
    """The eval set (../shared/eval/public, else Fixtures/pages) scanned once in fast mode without an
    archive: its readable pages' records, and the pool of all their lines."""
    public = os.path.join(REPO, "..", "shared", "eval", "public")
    base_set = public if os.path.isdir(public) else os.path.join(REPO, "Fixtures", "pages")
    base = os.path.join(work, "base.jsonl")
    run([docscan, "scan", base_set, "--mode", "fast", "--lang", "eng,deu,fra,chi_sim", "--no-archive",
         "--jsonl", base, "--quiet"], env=env)
    return read_base(base)


def read_base(path):
    records = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    records = [r for r in records if r.get("error") is None and r["text"].strip()]
    pool = [line for r in records for line in r["text"].split("\n") if len(line.strip()) > 3]
    return records, pool


def synthetic_page(records, pool, min_letters):
    """One synthetic page: a base record with 15-40 lines drawn from POOL as its text and the text's
    words of MIN_LETTERS letters or more, in first-seen order, as its keywords; the record and the words."""
    record = dict(random.choice(records))
    text = "\n".join(random.sample(pool, random.randint(15, 40)))
    words = list(dict.fromkeys(re.findall(rf"[^\W\d_]{{{min_letters},}}", text.lower())))
    record.update(page=1, page_count=1, text=text, keywords=words, keyword_string=" ".join(words))
    return record, words


def synthetic_archive(docscan, work, env, records, pool, pages):
    """PAGES synthetic records (15-40 lines drawn from the base lines, keywords their words) imported
    with `docscan import` into WORK/synthetic.sqlite: the archive, the first 200 pages' words (to draw
    queries from) and the import's milliseconds a page."""
    synthetic = os.path.join(work, "synthetic.jsonl")
    vocabulary = []
    with open(synthetic, "w", encoding="utf-8") as f:
        for i in range(pages):
            record, words = synthetic_page(records, pool, 3)
            record.update(source=f"p{i:05d}.png", sha256=hashlib.sha256(str(i).encode()).hexdigest())
            if i < 200:
                vocabulary += words
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    archive = os.path.join(work, "synthetic.sqlite")
    t0 = time.monotonic()
    p = run([docscan, "import", synthetic, "--root", os.path.join(work, "synthetic"), "--archive", archive], env=env)
    wall = time.monotonic() - t0
    ms = float(re.search(r"\(([\d.]+) ms a page\)", p.stderr).group(1))
    size = os.path.getsize(archive) + sum(os.path.getsize(archive + s) for s in ("-wal",) if os.path.exists(archive + s))
    print(f"write: {pages} pages imported in {wall:.1f} s, {ms:.2f} ms a page; archive {size / 1e6:.0f} MB")
    return archive, vocabulary, ms


def search_latency(docscan, archive, queries, env, pages):
    """Each query as one `docscan search Q --json` command (after one to warm the cache): wall time per
    command, p50 and p95; and what starting a command alone costs."""
    run([docscan, "search", queries[0], "--archive", archive], env=env)
    walls, hits = [], []
    for q in queries:
        t0 = time.monotonic()
        p = run([docscan, "search", *q.split(), "--archive", archive, "--json"], env=env)
        walls.append(time.monotonic() - t0)
        hits.append(len(json.loads(p.stdout)) if p.stdout.strip() else 0)
    t0 = time.monotonic()
    for _ in range(5):
        run([docscan, "search", "--help"], env=env)
    start_cost = (time.monotonic() - t0) / 5
    result = dict(search_p50_ms=percentile(walls, 0.5) * 1000, search_p95_ms=percentile(walls, 0.95) * 1000,
                  queries=len(queries), mean_hits=statistics.mean(hits), command_start_ms=start_cost * 1000)
    print(f"search: {len(queries)} queries on {pages} pages: p50 {result['search_p50_ms']:.0f} ms, "
          f"p95 {result['search_p95_ms']:.0f} ms per command (mean {result['mean_hits']:.1f} hits of 10); "
          f"'docscan search --help' alone takes {start_cost * 1000:.0f} ms")
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docscan", required=True)
    ap.add_argument("--pages", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--rescan", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="also write the results here")
    a = ap.parse_args()
    random.seed(a.seed)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    work = tempfile.mkdtemp(prefix="docscan-archive-bench-")
    result = {}
    try:
        # 1. Base records.
        records, pool = base_records(a.docscan, work, env)
        print(f"base: {len(records)} pages, {len(pool)} lines")

        # 2. Write cost.
        archive, vocabulary, ms = synthetic_archive(a.docscan, work, env, records, pool, a.pages)
        result["write_ms_per_page"] = ms

        # 3. Search latency.
        queries = queries_from(vocabulary, a.queries)
        result.update(search_latency(a.docscan, archive, queries, env, a.pages))

        # 4. Re-scan of an unchanged folder.
        folder = os.path.join(work, "rescan")
        os.mkdir(folder)
        sources = sorted(os.path.join(REPO, "Fixtures", "pages", f) for f in os.listdir(os.path.join(REPO, "Fixtures", "pages"))
                         if f.rsplit(".", 1)[-1] not in NOT_IMAGES)
        for i in range(a.rescan):
            shutil.copy(sources[i % len(sources)], os.path.join(folder, f"p{i:03d}.png"))
        archive2 = os.path.join(work, "rescan.sqlite")
        scan = [a.docscan, "scan", folder, "--mode", "fast", "--jobs", "2", "--lang", "eng,deu,chi_sim", "--archive", archive2]
        t0 = time.monotonic()
        run(scan + ["--quiet"], env=env)
        first = time.monotonic() - t0
        again = []
        for _ in range(3):
            t0 = time.monotonic()
            p = run(scan, env=env)
            again.append(time.monotonic() - t0)
            if f"Unchanged: {a.rescan} pages" not in p.stderr:
                sys.exit(f"archive_bench.py: the re-scan read pages again:\n{p.stderr}")
        result.update(rescan_pages=a.rescan, first_scan_s=first, rescan_s=statistics.median(again))
        print(f"re-scan: {a.rescan} pages scanned in {first:.1f} s; unchanged re-scan {result['rescan_s']:.2f} s "
              f"(median of 3, no page read)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
