#!/usr/bin/env python3
"""eval.py - run docscan over the eval sets and score the output.

usage:
  scripts/eval.py --docscan BIN [--set DIR ...] [--modes fast,accurate]
                  [--out DIR] [--jobs N] [--scorers DIR]

Sets default to <repo>/Fixtures/pages, <repo>/Fixtures/photos, <repo>/Fixtures/tables, <repo>/../shared/eval/public
and <repo>/../shared/eval/real (those that exist). A set is a directory with <name>.<ext> page images, <name>.gt.txt
ground truth and manifest.tsv (columns name source license lang kind variant
notes).

For every set and mode the manifest's pages are grouped by `lang`; each group's
images are symlinked (original file names) into a temp dir and scanned with

  BIN scan TMP --mode MODE --lang LANG --jobs N --jsonl FILE --quiet

Output, under OUT (default <repo>/.build/eval) / <set> / <mode>:
  records/<lang>.jsonl   docscan's records for that group
  pred/<name>.txt        page text (pages of a multi-page file joined by a
                         blank line; a record with an error gives empty text)
  score.tsv              per-page CER/WER (score.py --tsv)
then score.py (--by variant) and keywords.py are run and their output printed,
followed by a summary table (cleanup_cpu: the clean-up stage's CPU as a share of
recognition's, from the records' cpu_ms). A group whose language model is missing (docscan
exit 4) is reported and skipped; its pages count as missing (CER 1.0).
Before accurate mode it prints the model accurate mode reads each language with (`BIN models`), and warns
when English or German would be read with a fast model (the standard ones missing: `make setup`).
Exit status is non-zero only when the harness itself fails (bad arguments,
unreadable set, a scorer crashing).
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_IMAGES = {"txt", "tsv", "md", "json", "jsonl"}


def read_manifest(set_dir):
    """Manifest rows as dicts (tab-separated, header line)."""
    with open(os.path.join(set_dir, "manifest.tsv"), encoding="utf-8") as f:
        lines = [l.rstrip("\r\n") for l in f if l.strip()]
    header = lines[0].split("\t")
    return [dict(zip(header, l.split("\t"))) for l in lines[1:]]


def find_image(set_dir, name, files):
    """The file <name>.<ext> of a page (ext without dots, not a text file)."""
    hits = [f for f in files if f.startswith(name + ".")
            and "." not in f[len(name) + 1:]
            and f[len(name) + 1:].lower() not in NOT_IMAGES]
    return sorted(hits)[0] if hits else None


def run_group(bin_path, images, lang, mode, jobs, records_path):
    """Scan one language group; returns (exit code, stderr text, wall s)."""
    tmp = tempfile.mkdtemp(prefix="docscan-eval-")
    try:
        for path in images:
            os.symlink(path, os.path.join(tmp, os.path.basename(path)))
        # The links point out of the folder, which docscan does not follow unless told to.
        cmd = [bin_path, "scan", tmp, "--mode", mode, "--lang", lang, "--follow-symlinks",
               "--jobs", str(jobs), "--jsonl", records_path, "--no-archive", "--quiet"]
        t0 = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="replace")
        wall = time.monotonic() - t0
        return p.returncode, (p.stderr + p.stdout).strip(), wall
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_preds(records_path, file_to_name, pred_dir):
    """pred/<name>.txt from a records file; returns (names written, errors)."""
    pages = collections.defaultdict(dict)  # name -> {page: text}
    errors = 0
    if os.path.exists(records_path):
        with open(records_path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                except ValueError as e:
                    print(f"  ! {records_path}:{n}: bad JSON ({e})")
                    continue
                base = os.path.basename(r.get("source") or "")
                name = file_to_name.get(base, os.path.splitext(base)[0])
                text = r.get("text") or ""
                if r.get("error"):
                    err = r["error"]
                    print(f"  ! {base} page {r.get('page')}: "
                          f"{err.get('kind')}: {err.get('message')}"
                          if isinstance(err, dict) else f"  ! {base}: {err}")
                    errors += 1
                    text = ""
                pages[name][r.get("page") or 1] = text
    for name, by_page in pages.items():
        with open(os.path.join(pred_dir, name + ".txt"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(by_page[p] for p in sorted(by_page)))
    return set(pages), errors


def cleanup_share(rec_dir):
    """The clean-up stage's CPU as a percentage of recognition's over a set's records (`cpu_ms`), the
    figure issue 15 bounds (15% on photos, 5% on flat scans); "-" when no record has both."""
    cleanup = recognize = 0.0
    for name in os.listdir(rec_dir):
        with open(os.path.join(rec_dir, name), encoding="utf-8") as f:
            for line in f:
                cpu = json.loads(line).get("cpu_ms") if line.strip() else None
                if isinstance(cpu, dict) and "cleanup" in cpu and "recognize" in cpu:
                    cleanup += cpu["cleanup"]
                    recognize += cpu["recognize"]
    return f"{100 * cleanup / recognize:.1f}%" if recognize > 0 else "-"


def run_scorer(args, heading):
    """Run a scorer script, echo its output under a heading, return last lines."""
    print(f"\n--- {heading} ---")
    p = subprocess.run([sys.executable] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    print(p.stdout.rstrip())
    if p.returncode != 0:
        raise RuntimeError(f"{os.path.basename(args[0])} failed (exit {p.returncode})")
    return p.stdout


def kv(output, first_key):
    """key=value pairs of the last output line that starts with first_key=."""
    lines = [l for l in output.splitlines() if l.startswith(first_key + "=")]
    return dict(re.findall(r"(\w+)=(\S+)", lines[-1])) if lines else {}


def eval_set(a, set_dir, set_name, mode):
    rows = read_manifest(set_dir)
    files = os.listdir(set_dir)
    out = os.path.join(a.out, set_name, mode)
    shutil.rmtree(out, ignore_errors=True)
    rec_dir, pred_dir = os.path.join(out, "records"), os.path.join(out, "pred")
    os.makedirs(rec_dir)
    os.makedirs(pred_dir)

    groups = collections.defaultdict(list)
    file_to_name = {}
    for r in rows:
        img = find_image(set_dir, r["name"], files)
        if img is None:
            print(f"  ! {r['name']}: no image file in {set_dir}")
            continue
        file_to_name[img] = r["name"]
        groups[r.get("lang") or "eng"].append(os.path.join(os.path.abspath(set_dir), img))

    wall, errors, written = 0.0, 0, set()
    for lang in sorted(groups):
        rec = os.path.join(rec_dir, lang + ".jsonl")
        print(f"[{set_name}/{mode}] {lang}: {len(groups[lang])} pages ...", flush=True)
        rc, msg, secs = run_group(a.docscan, groups[lang], lang, mode, a.jobs, rec)
        wall += secs
        if msg:
            print("  " + msg.replace("\n", "\n  "))
        if rc == 4:
            print(f"  ! skipped group {lang}: language model missing (exit 4)")
            if os.path.exists(rec):
                os.remove(rec)
            continue
        if rc not in (0, 3):
            print(f"  ! docscan exit {rc}; using whatever records it wrote")
        names, errs = write_preds(rec, file_to_name, pred_dir)
        written |= names
        errors += errs
        print(f"  exit {rc}, {secs:.1f} s, {len(names)} files, {errs} page errors")

    missing = [r["name"] for r in rows if r["name"] not in written]
    score = kv(run_scorer([a.score, pred_dir, set_dir, "--by", "variant",
                           "--tsv", os.path.join(out, "score.tsv")],
                          f"score.py: {set_name} / {mode}"), "mean_cer")
    kw = kv(run_scorer([a.keywords, rec_dir, set_dir],
                       f"keywords.py: {set_name} / {mode}"), "recall")
    return dict(set=set_name, mode=mode, pages=len(rows), missing=len(missing),
                errors=errors, cer=score.get("mean_cer", "?"),
                wer=score.get("mean_wer", "?"), recall=kw.get("recall", "?"),
                garbage=kw.get("garbage", "?"),
                zh_recall=kw.get("zh_recall", "?").replace("nan", "-"),
                cleanup=cleanup_share(rec_dir), wall=f"{wall:.1f}")


def report_accurate_models(docscan):
    """Print which model accurate mode reads each language with, and warn when English or German would be
    read with a fast model: `make eval` installs the standard ones (`make setup`), but this script run by
    hand on a machine without them scores accurate mode with fast models and says nothing else."""
    try:
        out = subprocess.run([docscan, "models", "--mode", "accurate", "--json"], capture_output=True,
                             text=True, timeout=60).stdout
        rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    except (OSError, ValueError, subprocess.TimeoutExpired) as e:
        print(f"!! could not list accurate mode's models: {e}")
        return
    print("accurate mode's models: " + ", ".join(f"{r['language']} {r['variant']}" for r in rows if r.get("installed")))
    fast = [r["language"] for r in rows if r.get("installed") and r["variant"] == "fast" and r["language"] in ("eng", "deu")]
    if fast:
        print(f"!! warning: accurate mode would read {', '.join(fast)} with fast models; run `make setup` first")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--docscan", required=True, help="docscan binary")
    ap.add_argument("--set", action="append", dest="sets", metavar="DIR",
                    help="eval set directory (repeatable)")
    ap.add_argument("--modes", default="fast,accurate")
    ap.add_argument("--out", default=os.path.join(REPO, ".build", "eval"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--scorers", default=os.path.join(REPO, "..", "shared", "eval"),
                    help="directory holding score.py and keywords.py")
    a = ap.parse_args()
    a.docscan = os.path.abspath(a.docscan)
    a.score = os.path.join(a.scorers, "score.py")
    a.keywords = os.path.join(a.scorers, "keywords.py")
    for path in (a.docscan, a.score, a.keywords):
        if not os.path.isfile(path):
            ap.error(f"not found: {path}")
    if a.sets is None:
        a.sets = [d for d in (os.path.join(REPO, "Fixtures", "pages"),
                              os.path.join(REPO, "Fixtures", "photos"),
                              os.path.join(REPO, "Fixtures", "tables"),
                              os.path.join(REPO, "..", "shared", "eval", "public"),
                              os.path.join(REPO, "..", "shared", "eval", "real"))
                  if os.path.isfile(os.path.join(d, "manifest.tsv"))]
        if not a.sets:
            ap.error("no default eval set found; use --set DIR")
    for d in a.sets:
        if not os.path.isfile(os.path.join(d, "manifest.tsv")):
            ap.error(f"not an eval set (no manifest.tsv): {d}")
    modes = [m for m in a.modes.split(",") if m]
    if "accurate" in modes:
        report_accurate_models(a.docscan)

    summary, failed, names = [], False, set()
    for set_dir in a.sets:
        set_name = os.path.basename(os.path.normpath(os.path.abspath(set_dir)))
        while set_name in names:
            set_name += "_"
        names.add(set_name)
        for mode in modes:
            print(f"\n===== {set_name} / {mode} =====", flush=True)
            try:
                summary.append(eval_set(a, set_dir, set_name, mode))
            except (OSError, RuntimeError, KeyError, IndexError) as e:
                print(f"!! harness error on {set_name}/{mode}: {e}")
                failed = True

    cols = [("set", "set"), ("mode", "mode"), ("pages", "pages"), ("missing", "missing"),
            ("errors", "errors"), ("cer", "mean_CER"), ("wer", "mean_WER"),
            ("recall", "kw_recall"), ("garbage", "garbage"),
            ("zh_recall", "zh_recall"), ("cleanup", "cleanup_cpu"), ("wall", "wall_s")]
    widths = [max([len(h)] + [len(str(s[k])) for s in summary]) for k, h in cols]
    print("\n===== summary =====")
    print("  ".join(h.ljust(w) for (_, h), w in zip(cols, widths)))
    for s in summary:
        print("  ".join(str(s[k]).ljust(w) for (k, _), w in zip(cols, widths)))
    print(f"\noutput: {a.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
