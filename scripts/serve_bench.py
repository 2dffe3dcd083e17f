#!/usr/bin/env python3
"""docscan serve on the 10,000-page archive of `make bench-archive`: search page and page view times.

1. The archive: the PAGES synthetic pages of archive_bench.py (`synthetic_archive`), plus Fixtures' English invoice and
   Chinese lab report scanned for real (three copies of each, see 3), whose files exist,
   so their page views have images.
2. `docscan serve --port 0`; each of QUERIES queries drawn from the pages' words is fetched as the
   search page (`/?q=…`, HTML with 20 hits) after one to warm the cache: p50 and p95.
3. Page views of the English and the Chinese page: the HTML, then the page image (made again from the
   file: load, orient, clean up). Each page is scanned as three copies, so that its image is timed
   first (copy 0: the engine starts), rendered with the engine ready (copies 1 and 2, mean: what a
   page seen for the first time costs), and kept (copy 1 again, median of 5: the server's image
   cache); and the page's thumbnail (median of 5), of which a search page loads one per hit.
4. The server's peak resident memory (VmHWM), and the archive's growth per page from serving (none:
   images are not stored).
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from archive_bench import REPO, base_records, percentile, queries_from, run, synthetic_archive  # noqa: E402


# Copies of each real page scanned, so its image can be timed without the server's image cache.
COPIES = 3


def fetch(base, path):
    t0 = time.monotonic()
    with urllib.request.urlopen(base + path, timeout=120) as response:
        body = response.read()
        status = response.status
    return time.monotonic() - t0, status, body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docscan", required=True)
    ap.add_argument("--pages", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="also write the results here")
    a = ap.parse_args()
    random.seed(a.seed)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    work = tempfile.mkdtemp(prefix="docscan-serve-bench-")
    server = None
    result = {}
    try:
        records, pool = base_records(a.docscan, work, env)
        archive, vocabulary, _ = synthetic_archive(a.docscan, work, env, records, pool, a.pages)
        real = os.path.join(work, "real")
        os.mkdir(real)
        for name in ("en_invoice.png", "zh_lab_report.png"):
            for copy in range(COPIES):
                shutil.copy(os.path.join(REPO, "Fixtures", "pages", name), os.path.join(real, f"{copy}_{name}"))
        run([a.docscan, "scan", real, "--mode", "accurate", "--lang", "chi_sim,eng", "--archive", archive, "--quiet"], env=env)
        size_before = os.path.getsize(archive)

        server = subprocess.Popen([a.docscan, "serve", "--archive", archive, "--port", "0"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        match = re.search(r"(http://\S+?)/? ", line + " ")
        if not match:
            sys.exit(f"serve_bench.py: the server did not start: {line} {server.stderr.read()[-400:]}")
        base = match.group(1).rstrip("/")

        queries = queries_from(vocabulary, a.queries)
        fetch(base, "/?q=" + urllib.parse.quote(queries[0]))
        walls, hits = [], []
        for q in queries:
            wall, status, body = fetch(base, "/?" + urllib.parse.urlencode({"q": q}))
            assert status == 200, q
            walls.append(wall)
            hits.append(body.count(b'<li class="hit"'))
        result.update(search_p50_ms=percentile(walls, 0.5) * 1000, search_p95_ms=percentile(walls, 0.95) * 1000,
                      queries=len(queries), mean_hits=statistics.mean(hits), pages=a.pages + 2 * COPIES)
        print(f"search page: {len(queries)} queries on {a.pages + 2 * COPIES} pages: p50 {result['search_p50_ms']:.0f} ms, "
              f"p95 {result['search_p95_ms']:.0f} ms (mean {result['mean_hits']:.1f} hits of 20 a page)")

        for name, file, q in (("english", "en_invoice.png", "invoice"), ("chinese", "zh_lab_report.png", "蛋白质")):
            _, _, body = fetch(base, "/api/search?" + urllib.parse.urlencode({"q": q, "limit": 100}))
            ids = {h["source"]: h["id"] for h in json.loads(body)["hits"]}
            pages = [ids[f"{copy}_{file}"] for copy in range(COPIES)]
            html = fetch(base, f"/pages/{pages[1]}?" + urllib.parse.urlencode({"q": q}))[0]
            first, status, image = fetch(base, f"/pages/{pages[0]}/image")
            assert status == 200 and image[:2] == b"\xff\xd8", name
            render = statistics.mean(fetch(base, f"/pages/{page}/image")[0] for page in pages[1:])
            kept = statistics.median(fetch(base, f"/pages/{pages[1]}/image")[0] for _ in range(5))
            thumbnail = statistics.median(fetch(base, f"/pages/{pages[1]}/thumbnail")[0] for _ in range(5))
            result[f"{name}_view_html_ms"] = html * 1000
            result[f"{name}_view_with_image_ms"] = (html + render) * 1000
            result[f"{name}_thumbnail_ms"] = thumbnail * 1000
            result[f"{name}_image_first_ms"] = first * 1000
            result[f"{name}_image_ms"] = render * 1000
            result[f"{name}_image_kept_ms"] = kept * 1000
            result[f"{name}_image_kb"] = len(image) / 1024
            print(f"page view, {name}: HTML {html * 1000:.0f} ms; image {first * 1000:.0f} ms first (engine starts), "
                  f"{render * 1000:.0f} ms rendered, {kept * 1000:.0f} ms kept (median of 5), {len(image) / 1024:.0f} KB JPEG; "
                  f"page view with image {(html + render) * 1000:.0f} ms; thumbnail {thumbnail * 1000:.0f} ms")

        with open(f"/proc/{server.pid}/status") as f:
            peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
        result["server_peak_mb"] = peak / 1024
        result["archive_growth_bytes_per_page"] = (os.path.getsize(archive) - size_before) / (a.pages + 2 * COPIES)
        print(f"server: peak resident {peak / 1024:.0f} MB; archive growth from serving "
              f"{result['archive_growth_bytes_per_page']:.0f} bytes a page (images are made from the files, not stored)")
    finally:
        if server:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=20)
                result["stopped_on_ctrl_c"] = server.returncode == 0
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(f"serve stopped on SIGINT with exit 0: {result.get('stopped_on_ctrl_c')}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
