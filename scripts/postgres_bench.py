#!/usr/bin/env python3
"""postgres_bench.py - the PostgreSQL archive's costs: pages written per second by 1, 4 and 16 writers
at once, finalize, and search latency on 100,000 pages.

usage: scripts/postgres_bench.py --docscan BIN [--pages-per-writer 5000] [--queries 60] [--base RECORDS]

1. A PostgreSQL server of its own (Debian's postgresql: initdb and pg_ctl in a temporary folder, as
   nobody when run as root, default settings: fsync and synchronous commit on), stopped afterwards.
2. Base records: the eval set (../shared/eval/public, else Fixtures/pages) scanned once in fast mode
   without an archive (untimed), or --base, a JSON Lines file of records.
3. Writers: synthetic pages as archive_bench.py makes them (15-40 lines drawn from all base lines,
   English, German, French, Chinese), written by 1, then 4, then 16 `docscan import` processes at once,
   each its own PAGES pages under one collection, one transaction per page as a scan writes them:
   pages a second over the wall time from the first start to the last end. The archive keeps them
   all, 21 x PAGES pages (105,000 by default).
   With the writers on this machine, the wall time measures them as much as the server. So each run
   also measures the CPU time per page of the server (the postmaster and all its processes, the
   backends that ended included) and of the writers, and the pages a second the server's CPU alone
   would allow on this machine's cores: what writers on other machines could reach.
4. `docscan archive finalize` (document frequencies), timed.
5. Search: QUERIES queries (words and word pairs, Latin and Chinese, from the pages' keywords) as
   `docscan search Q --json`: wall time per command, p50 and p95; and the start of a command alone.
"""
import argparse
import hashlib
import json
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time



sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from archive_bench import base_records, queries_from, read_base, run, search_latency, synthetic_page  # noqa: E402


def cpu_seconds(pid):
    """User + system CPU of a process and of its children it has waited for (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class Server:
    """initdb + pg_ctl in a temporary folder; as nobody when root (PostgreSQL refuses root)."""

    def __init__(self):
        bins = sorted((d for d in os.listdir("/usr/lib/postgresql") if d.isdigit()), key=int)
        if not bins:
            sys.exit("postgres_bench.py: PostgreSQL is not installed (make setup installs it)")
        self.bin = f"/usr/lib/postgresql/{bins[-1]}/bin"
        self.folder = tempfile.mkdtemp(prefix="docscan-pg-bench-", dir="/tmp")
        self.prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.getuid() == 0 else []
        if os.getuid() == 0:
            os.chown(self.folder, 65534, 65534)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.pg([f"{self.bin}/initdb", "-D", f"{self.folder}/data", "-U", "docscan", "-A", "trust", "-E", "UTF8",
                 "--locale=C.UTF-8"])
        self.pg([f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/server.log", "-w", "start",
                 "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=100"])
        self.url = f"postgresql://docscan@127.0.0.1:{self.port}/postgres"

    def pg(self, cmd):
        # Output to a file: the server pg_ctl leaves running would hold a pipe open.
        with open(os.path.join(self.folder, "command.log"), "a") as log:
            subprocess.run(self.prefix + cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd="/", check=True)

    def cpu_seconds(self):
        """CPU time the server has used so far: the postmaster with the backends it has reaped, and
        the processes still running under it (backends, checkpointer, WAL writer)."""
        with open(f"{self.folder}/data/postmaster.pid") as f:
            postmaster = int(f.readline())
        total = cpu_seconds(postmaster)
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == postmaster:
                    total += sum(int(v) for v in fields[11:13]) / os.sysconf("SC_CLK_TCK")
            except (FileNotFoundError, ProcessLookupError):
                continue
        return total

    def stop(self):
        try:
            self.pg([f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-m", "fast", "-w", "stop"])
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def synthetic_pages(records, pool, count, prefix, vocabulary):
    for i in range(count):
        record, words = synthetic_page(records, pool, 2)
        if len(vocabulary) < 20_000:
            vocabulary += words[:20]
        record.update(source=f"{prefix}/p{i:06d}.png", keyword_counts={w: 1 for w in words},
                      sha256=hashlib.sha256(f"{prefix}{i}".encode()).hexdigest())
        yield record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docscan", required=True)
    ap.add_argument("--pages-per-writer", type=int, default=5000)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--base", help="records to draw pages from (default: scan the eval set)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="also write the results here")
    a = ap.parse_args()
    random.seed(a.seed)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    work = tempfile.mkdtemp(prefix="docscan-pg-bench-work-")
    server = Server()
    result = {}
    try:
        records, pool = read_base(a.base) if a.base else base_records(a.docscan, work, env)
        print(f"base: {len(records)} pages, {len(pool)} lines; server: PostgreSQL in {server.folder}")
        run([a.docscan, "archive", "init", "--archive", server.url], env=env)

        vocabulary, total = [], 0
        for writers in (1, 4, 16):
            files = []
            for w in range(writers):
                path = os.path.join(work, f"w{writers}-{w}.jsonl")
                with open(path, "w", encoding="utf-8") as f:
                    for record in synthetic_pages(records, pool, a.pages_per_writer, f"w{writers}-{w}", vocabulary):
                        f.write(json.dumps(record, ensure_ascii=False) + "\n")
                files.append(path)
            server0, client0 = server.cpu_seconds(), resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.monotonic()
            procs = [subprocess.Popen([a.docscan, "import", path, "--root", os.path.join(work, "pages"),
                                       "--collection", "bench", "--archive", server.url, "--quiet"],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for path in files]
            for p in procs:
                _, err = p.communicate()
                if p.returncode != 0:
                    sys.exit(f"postgres_bench.py: a writer exited {p.returncode}: {err[-400:]}")
            wall = time.monotonic() - t0
            client1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            pages = writers * a.pages_per_writer
            total += pages
            server_ms = (server.cpu_seconds() - server0) * 1000 / pages
            client_ms = ((client1.ru_utime - client0.ru_utime) + (client1.ru_stime - client0.ru_stime)) * 1000 / pages
            cores = os.cpu_count() or 1
            result[f"pages_per_s_{writers}_writers"] = pages / wall
            result[f"server_cpu_ms_per_page_{writers}_writers"] = server_ms
            result[f"writer_cpu_ms_per_page_{writers}_writers"] = client_ms
            result[f"server_cpu_bound_pages_per_s_{writers}_writers"] = cores * 1000 / server_ms
            print(f"write: {writers:2d} writer(s), {pages} pages in {wall:.1f} s: {pages / wall:.0f} pages/s; "
                  f"CPU a page: server {server_ms:.1f} ms, writers {client_ms:.1f} ms; "
                  f"the server's {cores} cores alone: {cores * 1000 / server_ms:.0f} pages/s")

        t0 = time.monotonic()
        run([a.docscan, "archive", "finalize", "--archive", server.url], env=env)
        result["finalize_s"] = time.monotonic() - t0
        count = int(re.search(r"(\d+) pages", run([a.docscan, "archive", "init", "--archive", server.url], env=env).stdout).group(1))
        if count != total:
            sys.exit(f"postgres_bench.py: the archive holds {count} pages, {total} were written")
        print(f"finalize: {result['finalize_s']:.1f} s for {count} pages")

        queries = queries_from(vocabulary, a.queries)
        result.update(pages=count, **search_latency(a.docscan, server.url, queries, env, count))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
