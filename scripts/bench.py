#!/usr/bin/env python3
"""bench.py - throughput of docscan against plain tesseract CLI loops.

usage:
  scripts/bench.py --docscan BIN [--set DIR] [--repeat 1] [--json FILE]
                   [--only fast1,fast2,accurate1,accurate2,fast2threads,accurate2threads,expert,naive]
                   [--tessdata DIR]

The set (default <repo>/../shared/eval/public if present, else <repo>/Fixtures/pages)
is grouped by manifest `lang`. Languages whose model is missing from --tessdata
(default /usr/share/tesseract-ocr/5/tessdata) are dropped from every group's
list, for all contenders alike (and reported). Contenders, on the same pages:

  fast1 / fast2          docscan scan --mode fast --jobs 1 / 2
  accurate1 / accurate2  docscan scan --mode accurate --jobs 1 / 2
  fast2threads, accurate2threads
                         the same with --no-isolation: pages read on threads of
                         one process instead of worker processes (what
                         isolation costs)
                         (one docscan process per group, groups in sequence;
                         environment passed through unchanged)
  expert                 tesseract IMG OUT -l LANG --psm 3, OMP_THREAD_LIMIT=1,
                         2 processes at a time
  expert1                the same with --psm 1 (layout analysis with orientation
                         and script detection: turns pages, as docscan does)
  naive                  the same command with OMP_THREAD_LIMIT unset (OpenMP
                         default), one page at a time
  keywords               the keyword stage alone: the set is scanned once in
                         fast mode (untimed), its records are repeated until
                         they hold at least 8 MB of page text, and `docscan
                         keywords --jobs 1` and `--jobs 2` extract their
                         keywords again; reported are MB of text per second
                         inside the stage (its own wall-clock stopwatch) and
                         the whole command's time (reading, ranking and
                         writing the records included)

Reported per contender: wall s, pages/min, CPU s/page (user+sys of the child
processes and their descendants, from RUSAGE_CHILDREN deltas), peak RSS MB (the
largest of max ru_maxrss from wait4 over its processes and the largest sum of
resident memory over each process and its descendants, sampled every 20 ms
from /proc: docscan reads pages in worker processes, whose memory ru_maxrss
does not add up; for expert also the sum of the 2 largest, an upper bound
of the concurrent peak), peak PSS MB (the largest sum of proportional set
sizes, sampled alike: pages the processes share, such as libraries, counted
once rather than once per process), pages/min relative to expert, the jobs2/jobs1
speed-ups, and "other load": the share of the machine's CPU time that other
processes used meanwhile (/proc/stat; above 5% the timings are flagged).
With --repeat N each contender runs N times (interleaved) and the median-wall
run is reported. Image files and models are read once, untimed,
before timing. Any failing process, or a docscan run without exactly one
record per page, aborts the benchmark.
"""
import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_IMAGES = {"txt", "tsv", "md", "json", "jsonl"}
EXPERT_SLOTS = 2
CONTENDERS = {  # key: (label, kind, docscan mode, docscan jobs)
    "fast1": ("docscan fast -j1", "docscan", "fast", 1),
    "fast2": ("docscan fast -j2", "docscan", "fast", 2),
    "accurate1": ("docscan accurate -j1", "docscan", "accurate", 1),
    "accurate2": ("docscan accurate -j2", "docscan", "accurate", 2),
    "fast2threads": ("docscan fast -j2 --no-isolation", "docscan", "fast", 2),
    "accurate2threads": ("docscan accurate -j2 --no-isolation", "docscan", "accurate", 2),
    "expert": (f"expert loop (tesseract x{EXPERT_SLOTS}, OMP=1)", "expert", None, 3),
    "expert1": (f"expert loop --psm 1 (x{EXPERT_SLOTS}, OMP=1)", "expert", None, 1),
    "naive": ("naive loop (tesseract, OMP default)", "naive", None, 3),
    "keywords": ("docscan keywords (keyword stage)", "keywords", None, None),
}
KEYWORD_TEXT_BYTES = 8_000_000


def die(msg):
    sys.exit(f"\nbench.py: ABORT: {msg}")


def load_groups(set_dir, tessdata):
    """{filtered lang: [image paths]} and the list of dropped languages."""
    with open(os.path.join(set_dir, "manifest.tsv"), encoding="utf-8") as f:
        lines = [l.rstrip("\r\n") for l in f if l.strip()]
    header = lines[0].split("\t")
    files = os.listdir(set_dir)
    groups, dropped = {}, set()
    for row in (dict(zip(header, l.split("\t"))) for l in lines[1:]):
        name = row["name"]
        imgs = sorted(f for f in files if f.startswith(name + ".")
                      and "." not in f[len(name) + 1:]
                      and f[len(name) + 1:].lower() not in NOT_IMAGES)
        if not imgs:
            die(f"no image for {name} in {set_dir}")
        langs = (row.get("lang") or "eng").split("+")
        have = [l for l in langs if os.path.exists(os.path.join(tessdata, l + ".traineddata"))]
        dropped |= set(langs) - set(have)
        if not have:
            print(f"note: {name} dropped (no model for any of {'+'.join(langs)})")
            continue
        groups.setdefault("+".join(have), []).append(
            os.path.join(os.path.abspath(set_dir), imgs[0]))
    return groups, sorted(dropped)


def busy_cpu_s():
    """CPU seconds the whole machine has been busy (from /proc/stat), or None."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (sum(v[:8]) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")  # minus idle, iowait


def process_tree(roots):
    """The pids of `roots` and all their descendants, now: each process's children read from its
    threads' /proc/PID/task/TID/children (about 0.3 ms for a docscan run), or, where the kernel has no
    such files, from every process's parent in /proc (about 3 ms a look: sampled every 20 ms, that
    took 8% of this 2-core machine from the runs being timed, more from those using both cores)."""
    try:
        return descendants(roots, children_from_threads)
    except FileNotFoundError:
        by_parent = children_by_parent()
        return descendants(roots, lambda pid: by_parent.get(pid, []))


def descendants(roots, children_of):
    """`roots` and every process below them, by `children_of(pid)`."""
    pids, todo = [], list(roots)
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo.extend(children_of(pid))
    return pids


def children_from_threads(pid):
    """The children of `pid` from its threads' children files; FileNotFoundError when the kernel has none."""
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []  # the process ended meanwhile
    children = []
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                children.extend(int(x) for x in f.read().split())
        except FileNotFoundError:
            if os.path.exists(f"/proc/{pid}/task/{tid}"):
                raise  # the thread is there, its children file is not
        except (OSError, ValueError):
            pass
    return children


def children_by_parent():
    """Every process's children, from each process's parent in /proc/PID/stat."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(name))
    return children


def rss_mb(pids):
    """Resident MB of `pids` together (each process's shared pages counted in full)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            pass
    return total / 2**20


def pss_mb(pids):
    """Proportional-set MB of `pids` together (/proc/PID/smaps_rollup): pages they share, such as
    libraries and the executable, shared out, so the sum is what the processes hold together. Reading
    it costs the kernel about 2 ms per process, so it is sampled sparingly (TreeSampler)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                total += next((int(l.split()[1]) * 1024 for l in f if l.startswith("Pss:")), 0)
        except (OSError, ValueError, IndexError):
            pass
    return total / 2**20


def tree_rss_mb(roots):
    """Resident MB of the processes in `roots` and all their descendants, now."""
    return rss_mb(process_tree(roots))


class TreeSampler(threading.Thread):
    """Samples tree_rss_mb of the running processes every 20 ms; `peak` is the largest seen, and
    `by_root` the largest per process while it ran alone (one command at a time: per language group).
    The proportional set size (`peak_pss`, `by_root_pss`) is read only when the resident memory reaches
    a new peak, at most every 100 ms (a peak within that time at the first sample after it), and when
    the resident memory has grown by 2% since it was last read (the proportional set cannot have grown
    by more than the resident one: the peak read is at most 2% under the true one): reading it costs
    the kernel about 4 ms per process, and every 20 ms took about 8% of the machine's CPU from the runs
    being timed; a process's memory rises mostly in its first seconds. The sampler's own CPU is the
    run's "other load" (about 1% of this 2-core machine)."""
    PSS_INTERVAL = 0.1
    PSS_GROWTH = 1.02

    def __init__(self, running):
        super().__init__(daemon=True)
        self.running, self.peak, self.done = running, 0.0, threading.Event()
        self.peak_pss = 0.0
        self.by_root, self.by_root_pss = {}, {}
        self.last_pss = 0.0
        self.rss_at_pss = {}  # the roots' resident MB when their proportional set was last read
        self.pending = set()  # roots whose new peak waits for the interval to pass

    def run(self):
        while not self.done.wait(0.02):
            try:
                roots = list(self.running)
            except RuntimeError:  # changed while copied; the next sample gets it
                continue
            pids = process_tree(roots)
            mb = rss_mb(pids)
            alone = len(roots) == 1
            new_peak = mb > (self.by_root.get(roots[0], 0.0) if alone else self.peak)
            self.peak = max(self.peak, mb)
            if alone:
                self.by_root[roots[0]] = max(self.by_root.get(roots[0], 0.0), mb)
            key = tuple(sorted(roots))
            # A peak that comes within the interval is read at the first sample after it, not
            # dropped: a group whose memory rose in one step just after a read kept a stale
            # proportional set (accurate -j2's English group: PSS 16 MB beside 248 MB resident).
            if new_peak and mb >= self.PSS_GROWTH * self.rss_at_pss.get(key, 0.0):
                self.pending.add(key)
            if pids and key in self.pending and time.monotonic() - self.last_pss >= self.PSS_INTERVAL:
                self.pending.discard(key)
                self.last_pss = time.monotonic()
                self.rss_at_pss[key] = mb
                pss = pss_mb(pids)
                self.peak_pss = max(self.peak_pss, pss)
                if alone:
                    self.by_root_pss[roots[0]] = max(self.by_root_pss.get(roots[0], 0.0), pss)


def run_batch(cmds, slots, env):
    """Run argv lists, at most `slots` at a time; abort if any fails.

    Returns (wall s, CPU s of the children, [ru_maxrss MB per process],
    the largest resident MB the running processes and their descendants held
    together (sampled),
    share of the machine's CPU used by other processes meanwhile,
    {command index: its sampled peak with descendants, for commands that ran alone}).
    Children are reaped with os.wait4 so each one's own peak RSS is known;
    CPU comes from the RUSAGE_CHILDREN delta around the batch (all of them
    are reaped inside it).
    """
    pending, running, rss = list(cmds), {}, []
    index_of = {}
    sampler = TreeSampler(running)
    sampler.start()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy0, t0 = busy_cpu_s(), time.monotonic()
    while pending or running:
        while pending and len(running) < slots:
            argv = pending.pop(0)
            err = tempfile.TemporaryFile()
            p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=err, env=env)
            running[p.pid] = (p, argv, err)
            index_of[p.pid] = len(cmds) - len(pending) - 1
        pid, status, ru = os.wait4(-1, 0)
        if pid not in running:
            continue
        p, argv, err = running.pop(pid)
        p.returncode = os.waitstatus_to_exitcode(status)  # tell Popen it's reaped
        rss.append(ru.ru_maxrss / 1024)
        if p.returncode != 0:
            for q, _, _ in running.values():  # don't leave the other slot running
                q.kill()
                q.wait()
            err.seek(0)
            die(f"exit {p.returncode}: {' '.join(argv)}\n"
                + err.read().decode(errors="replace")[-2000:])
        err.close()
    wall, busy1 = time.monotonic() - t0, busy_cpu_s()
    sampler.done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    other = None if busy0 is None else max(0.0, busy1 - busy0 - cpu) / (wall * os.cpu_count())
    alone = {index_of[pid]: (mb, sampler.by_root_pss.get(pid)) for pid, mb in sampler.by_root.items() if pid in index_of}
    return wall, cpu, rss, other, (sampler.peak, sampler.peak_pss), alone


def run_contender(key, a, groups, linkdirs):
    label, kind, mode, jobs = CONTENDERS[key]
    out = tempfile.mkdtemp(prefix=f"bench-{key}-")
    stages = Counter()  # CPU s by stage, summed over the records
    upright = Counter()  # orientation and whole-page CPU s of the pages that needed no turn
    try:
        if kind == "docscan":
            # The link folders point out of themselves: --follow-symlinks, for every contender alike.
            cmds = [[a.docscan, "scan", linkdirs[lang], "--mode", mode, "--lang", lang, "--follow-symlinks",
                     "--jobs", str(jobs), "--jsonl", os.path.join(out, f"{i}.jsonl"),
                     "--no-archive", "--quiet"] + (["--no-isolation"] if key.endswith("threads") else [])
                    for i, lang in enumerate(groups)]
            wall, cpu, rss, other, tree, alone = run_batch(cmds, 1, dict(os.environ))
            group_peaks = {lang: alone.get(i, (None, None))[0] for i, lang in enumerate(groups)}
            group_pss = {lang: alone.get(i, (None, None))[1] for i, lang in enumerate(groups)}
            for i, (lang, imgs) in enumerate(groups.items()):
                with open(os.path.join(out, f"{i}.jsonl"), encoding="utf-8") as f:
                    recs = [json.loads(l) for l in f if l.strip()]
                for r in recs:
                    for stage, ms in (r.get("cpu_ms") or {}).items():
                        stages[stage] += (ms or 0) / 1000
                    if r.get("cpu_ms") and not (r.get("orientation") or {}).get("applied"):
                        upright["orient"] += (r["cpu_ms"].get("orient") or 0) / 1000
                        upright["total"] += (r["cpu_ms"].get("total") or 0) / 1000
                got = Counter(os.path.basename(r.get("source") or "") for r in recs)
                want = Counter(os.path.basename(p) for p in imgs)
                if got != want:
                    die(f"{label}, lang {lang}: {len(recs)} records for {len(imgs)} pages;"
                        f" missing {sorted(want - got)}, extra {sorted(got - want)}")
            slots = 1
            if stages:
                # CPU the pages' own threads did not use: process starts, engines, workers, the parent.
                stages["outside pages"] = cpu - stages["total"]
        else:
            env = dict(os.environ)
            if kind == "expert":
                env["OMP_THREAD_LIMIT"], slots = "1", EXPERT_SLOTS
            else:
                env.pop("OMP_THREAD_LIMIT", None)
                slots = 1
            cmds, n = [], 0
            for lang, imgs in groups.items():
                for img in imgs:
                    cmds.append(["tesseract", img, os.path.join(out, str(n)),
                                 "-l", lang, "--psm", str(jobs)])
                    n += 1
            wall, cpu, rss, other, tree, _ = run_batch(cmds, slots, env)
            group_peaks = group_pss = None
            made = sum(f.endswith(".txt") for f in os.listdir(out))
            if made != n:
                die(f"{label}: {made} outputs for {n} pages")
    finally:
        shutil.rmtree(out, ignore_errors=True)
    pages = sum(len(v) for v in groups.values())
    stage_cpu = {k: v / pages for k, v in stages.items()} if stages else None
    return dict(label=label, pages=pages, wall_s=wall, pages_per_min=pages / wall * 60, stage_cpu_s_per_page=stage_cpu,
                cpu_s_per_page=cpu / pages, peak_rss_mb=max(max(rss), tree[0]),
                peak_rss_concurrent_mb=max(sum(sorted(rss)[-slots:]), tree[0]), peak_pss_mb=tree[1], other_load=other,
                peak_rss_by_group_mb=group_peaks, peak_pss_by_group_mb=group_pss,
                upright_orient_share=upright["orient"] / upright["total"] if upright["total"] else None)


def bench_keywords(a, linkdirs, tmp):
    """Keyword-stage throughput over the set's records, repeated to KEYWORD_TEXT_BYTES of text."""
    records = []
    for i, (lang, folder) in enumerate(linkdirs.items()):
        out = os.path.join(tmp, f"records-{i}.jsonl")
        p = subprocess.run([a.docscan, "scan", folder, "--mode", "fast", "--lang", lang, "--follow-symlinks",
                            "--jsonl", out, "--no-archive", "--quiet"], capture_output=True, text=True)
        if p.returncode not in (0, 3):
            die(f"docscan scan for the keyword benchmark exited {p.returncode}: {p.stderr.strip()}")
        with open(out, encoding="utf-8") as f:
            records += [line for line in f if line.strip()]
    text = sum(len(json.loads(r)["text"].encode()) for r in records)
    if text == 0:
        die("the set's records hold no text")
    copies = -(-KEYWORD_TEXT_BYTES // text)
    big = os.path.join(tmp, "keywords-input.jsonl")
    with open(big, "w", encoding="utf-8") as f:
        for _ in range(copies):
            f.writelines(records)
    result = dict(copies=copies)
    for jobs in (1, 2):
        runs = []
        for r in range(a.repeat):
            t0 = time.monotonic()
            p = subprocess.run([a.docscan, "keywords", big, "--jobs", str(jobs),
                                "--jsonl", os.path.join(tmp, "keywords-output.jsonl")],
                               capture_output=True, text=True)
            wall = time.monotonic() - t0
            m = re.search(r"keywords of (\d+) pages from ([\d.]+) MB of text in ([\d.]+) s", p.stderr)
            if p.returncode != 0 or not m:
                die(f"docscan keywords exited {p.returncode}: {p.stderr.strip()}")
            pages, megabytes, stage_s = int(m.group(1)), float(m.group(2)), float(m.group(3))
            runs.append(dict(pages=pages, text_mb=megabytes, stage_s=stage_s, wall_s=wall,
                             stage_mb_per_s=megabytes / stage_s if stage_s else None,
                             command_mb_per_s=megabytes / wall))
        runs.sort(key=lambda x: x["stage_s"])
        result[f"jobs{jobs}"] = dict(runs[(len(runs) - 1) // 2], all_stage_s=[round(x["stage_s"], 3) for x in runs])
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--docscan", help="docscan binary (needed for docscan contenders)")
    ap.add_argument("--set", help="eval set directory")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", help="also write the results here")
    ap.add_argument("--only", default=",".join(CONTENDERS),
                    help="comma list of contenders (default: all)")
    ap.add_argument("--tessdata", default="/usr/share/tesseract-ocr/5/tessdata")
    a = ap.parse_args()
    keys = [k for k in a.only.split(",") if k]
    bad = [k for k in keys if k not in CONTENDERS]
    if bad or not keys:
        ap.error(f"unknown contender(s) {bad}; choose from {','.join(CONTENDERS)}")
    if any(CONTENDERS[k][1] in ("docscan", "keywords") for k in keys):
        if not a.docscan or not os.path.isfile(a.docscan):
            ap.error("--docscan BIN is required (and must exist) for docscan contenders")
        a.docscan = os.path.abspath(a.docscan)
    if a.set is None:
        public = os.path.join(REPO, "..", "shared", "eval", "public")
        a.set = public if os.path.isdir(public) else os.path.join(REPO, "Fixtures", "pages")
    a.set = os.path.abspath(a.set)
    if not os.path.isfile(os.path.join(a.set, "manifest.tsv")):
        ap.error(f"not an eval set (no manifest.tsv): {a.set}")

    groups, dropped = load_groups(a.set, a.tessdata)
    if not groups:
        die("no pages left to run")
    pages = sum(len(v) for v in groups.values())
    print(f"set {a.set}: {pages} pages, {os.cpu_count()} CPUs")
    for lang, imgs in groups.items():
        print(f"  -l {lang}: {len(imgs)} pages")
    if dropped:
        print(f"  no model in {a.tessdata} for {'+'.join(dropped)}: "
              "dropped from the language lists of all contenders")

    # Untimed warm-up: page cache for the images and the models in use.
    langs = {l for g in groups for l in g.split("+")}
    for path in [p for v in groups.values() for p in v] + \
            [os.path.join(a.tessdata, l + ".traineddata") for l in langs]:
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass

    linkdirs = {}
    tmp = tempfile.mkdtemp(prefix="bench-links-")
    try:
        for i, (lang, imgs) in enumerate(groups.items()):
            linkdirs[lang] = os.path.join(tmp, str(i))
            os.mkdir(linkdirs[lang])
            for p in imgs:
                os.symlink(p, os.path.join(linkdirs[lang], os.path.basename(p)))
        keyword_result = None
        if "keywords" in keys:
            print("keyword stage ...", end=" ", flush=True)
            keyword_result = bench_keywords(a, linkdirs, tmp)
            print(f"{keyword_result['jobs1']['stage_s']:.2f} s (1 job), "
                  f"{keyword_result['jobs2']['stage_s']:.2f} s (2 jobs)", flush=True)
        keys = [k for k in keys if k != "keywords"]
        runs = {k: [] for k in keys}
        for r in range(a.repeat):
            for k in keys:
                print(f"run {r + 1}/{a.repeat}: {CONTENDERS[k][0]} ...", end=" ", flush=True)
                runs[k].append(run_contender(k, a, groups, linkdirs))
                print(f"{runs[k][-1]['wall_s']:.1f} s", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    res = {}
    for k, rs in runs.items():
        rs.sort(key=lambda x: x["wall_s"])
        res[k] = dict(rs[(len(rs) - 1) // 2], all_wall_s=[round(x["wall_s"], 2) for x in rs])
    ref = res.get("expert", {}).get("pages_per_min")
    for k in res:
        res[k]["vs_expert"] = res[k]["pages_per_min"] / ref if ref else None
    ratios = {f"{m}_jobs2_over_jobs1": res[m + "2"]["pages_per_min"] / res[m + "1"]["pages_per_min"]
              for m in ("fast", "accurate") if m + "1" in res and m + "2" in res}
    ratios.update({f"fast_over_accurate_jobs{j}": res[f"fast{j}"]["pages_per_min"] / res[f"accurate{j}"]["pages_per_min"]
                   for j in (1, 2) if f"fast{j}" in res and f"accurate{j}" in res})
    if "expert1" in res:
        ratios.update({f"{k}_over_expert_psm1": res[k]["pages_per_min"] / res["expert1"]["pages_per_min"]
                       for k in ("accurate2", "fast2") if k in res})

    print()
    if res:
        print(f"{'contender':<36} {'wall s':>7} {'pages/min':>9} {'CPU s/pg':>8} "
              f"{'peak RSS MB':>17} {'peak PSS MB':>11} {'vs expert':>9} {'other load':>10}")
    for k, x in res.items():
        rss = f"{x['peak_rss_mb']:.0f}"
        if CONTENDERS[k][1] == "expert":
            rss += f" ({EXPERT_SLOTS} procs <={x['peak_rss_concurrent_mb']:.0f})"
        vs = f"{x['vs_expert']:.2f}" if x["vs_expert"] is not None else "-"
        other = f"{x['other_load']:.0%}" if x["other_load"] is not None else "?"
        print(f"{x['label']:<36} {x['wall_s']:7.1f} {x['pages_per_min']:9.1f} "
              f"{x['cpu_s_per_page']:8.2f} {rss:>17} {x['peak_pss_mb']:11.0f} {vs:>9} {other:>10}")
    for name, v in ratios.items():
        print(f"{name}: {v:.2f}")
    grouped = {k: x["peak_rss_by_group_mb"] for k, x in res.items() if x.get("peak_rss_by_group_mb")}
    if grouped:
        print("\npeak RSS MB by language group (docscan and its workers, sampled; in brackets the peak sum of PSS)")
        for k, peaks in grouped.items():
            pss = res[k].get("peak_pss_by_group_mb") or {}
            print(f"{res[k]['label']:<36} " + ", ".join(
                (f"{lang} {mb:.0f}" if mb is not None else f"{lang} ?")
                + (f" (PSS {pss[lang]:.0f})" if pss.get(lang) is not None else "") for lang, mb in peaks.items()))
    staged = {k: x["stage_cpu_s_per_page"] for k, x in res.items() if x.get("stage_cpu_s_per_page")}
    if staged:
        names = ["source", "load", "orient", "cleanup", "recognize", "keywords", "total", "outside pages"]
        print(f"\nCPU s/page by stage (records' cpu_ms; 'outside pages' = the command's CPU minus the pages')")
        print(f"{'contender':<36} " + " ".join(f"{n:>9}" for n in names))
        for k, st in staged.items():
            print(f"{res[k]['label']:<36} " + " ".join(f"{st.get(n, 0):9.3f}" for n in names))
        print("\norientation's share of page CPU on the pages it did not turn (records' cpu_ms)")
        for k in staged:
            share = res[k].get("upright_orient_share")
            print(f"{res[k]['label']:<36} " + (f"{share:.1%}" if share is not None else "-"))
    if keyword_result:
        for jobs in (1, 2):
            k = keyword_result[f"jobs{jobs}"]
            print(f"keyword stage, {jobs} job{'s' if jobs > 1 else ''}: {k['text_mb']:.1f} MB of page text "
                  f"({k['pages']} pages, the set x{keyword_result['copies']}) in {k['stage_s']:.2f} s = "
                  f"{k['stage_mb_per_s']:.1f} MB/s; whole 'docscan keywords' command {k['wall_s']:.1f} s")
    if any((x["other_load"] or 0) > 0.05 for x in res.values()):
        print("warning: other processes used the CPUs during the runs ('other load' ="
              " their share of all CPU time); timings are not trustworthy")

    if a.json:
        os.makedirs(os.path.dirname(a.json) or ".", exist_ok=True)
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(dict(set=a.set, pages=pages, cpus=os.cpu_count(), repeat=a.repeat,
                           groups={g: len(v) for g, v in groups.items()},
                           dropped_langs=dropped, contenders=res, ratios=ratios,
                           keywords=keyword_result), f, indent=2)
        print(f"wrote {a.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
