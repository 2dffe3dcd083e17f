#!/usr/bin/env python3
"""memory_bench.py - peak memory of docscan on 100-megapixel pages, with 2 jobs.

usage:
  scripts/memory_bench.py --docscan BIN [--json FILE]

Makes, in a temporary folder, two 100-megapixel phone-photo-like JPEGs (the RGB invoice
photo in Fixtures/formats scaled 7.3 times, 8,519 x 12,067) and two 100-megapixel PNGs of
the same page (one RGB, one grey), then scans each pair with `docscan scan DIR --mode
accurate --jobs 2`, with worker processes (the default) and with --no-isolation. Reported
per run: the largest resident memory that docscan and all its worker processes held
together (sampled every 20 ms from /proc, as scripts/bench.py does), the wall time, and
that every page was read (each record must contain "Northfield Hardware"). Needs Pillow.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TreeSampler  # noqa: E402

from PIL import Image  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
Image.MAX_IMAGE_PIXELS = None  # our own 100-megapixel pages


def make_pages(folder):
    photo = Image.open(os.path.join(REPO, "Fixtures", "formats", "invoice_rgb.jpg")).convert("RGB")
    big = photo.resize((round(photo.width * 7.3), round(photo.height * 7.3)), Image.BICUBIC)
    sets = {"jpeg": os.path.join(folder, "jpeg"), "png": os.path.join(folder, "png")}
    for path in sets.values():
        os.makedirs(path)
    big.save(os.path.join(sets["jpeg"], "photo_a.jpg"), quality=85)
    big.save(os.path.join(sets["jpeg"], "photo_b.jpg"), quality=80)
    big.save(os.path.join(sets["png"], "photo_rgb.png"), compress_level=1)
    big.convert("L").save(os.path.join(sets["png"], "photo_grey.png"), compress_level=1)
    return sets, big.size


def measure(docscan, folder, isolation):
    out = folder + (".iso.jsonl" if isolation else ".noiso.jsonl")
    argv = [docscan, "scan", folder, "--mode", "accurate", "--jobs", "2", "--no-archive", "--jsonl", out, "--quiet"]
    if not isolation:
        argv.append("--no-isolation")
    running = {}
    sampler = TreeSampler(running)
    sampler.start()
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    running[process.pid] = process
    _, err = process.communicate()
    wall = time.monotonic() - start
    sampler.done.set()
    sampler.join()
    if process.returncode != 0:
        sys.exit(f"exit {process.returncode}: {' '.join(argv)}\n{err.decode(errors='replace')[-2000:]}")
    with open(out, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    read = sum("Northfield Hardware" in r["text"] for r in records)
    if read != len(records) or len(records) != 2:
        sys.exit(f"{folder}: {read} of {len(records)} pages read")
    return dict(peak_rss_mb=round(sampler.peak), wall_s=round(wall, 1), pages=len(records))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docscan", required=True)
    parser.add_argument("--json")
    a = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docscan-memory-") as tmp:
        sets, size = make_pages(tmp)
        print(f"pages: {size[0]} x {size[1]} ({size[0] * size[1] / 1e6:.0f} megapixels), 2 of each, --jobs 2, accurate mode")
        results = {}
        for name, folder in sets.items():
            for isolation in (True, False):
                key = f"{name}_{'workers' if isolation else 'threads'}"
                results[key] = measure(a.docscan, folder, isolation)
                r = results[key]
                print(f"{key:16} peak RSS {r['peak_rss_mb']:5} MB  wall {r['wall_s']:5} s  pages read {r['pages']}/2")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(dict(size=size, results=results), f, indent=2)


if __name__ == "__main__":
    main()
