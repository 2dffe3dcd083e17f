#!/usr/bin/env bash
# profile.sh - where a docscan worker's time goes on one page: perf's sampled call graph.
#
# usage: scripts/profile.sh DOCSCAN_BIN PAGE [MODE] [LANGS] [OUT_DIR]
#
# Scans PAGE alone (in a folder of its own, --jobs 1 --no-isolation, so the page is read on one thread
# of one process that perf follows), records with `perf record -g` (frame pointers where the code has
# them: Tesseract, Leptonica and Swift code keep enough to attribute most samples), and writes to OUT_DIR
# (default out/profile):
#   profile.data       perf's samples (perf report -i ... for more)
#   by-library.txt     share of samples per library (libtesseract, liblept, libc, docscan, kernel)
#   by-function.txt    the 60 functions with the most samples of their own (self time)
#   record.jsonl       the page's record: its stage timings (timings_ms, cpu_ms) beside the profile
# MODE is fast or accurate (default accurate); LANGS a docscan --lang list (default eng).
set -euo pipefail
bin=${1:?usage: profile.sh DOCSCAN_BIN PAGE [MODE] [LANGS] [OUT_DIR]}
page=${2:?usage: profile.sh DOCSCAN_BIN PAGE [MODE] [LANGS] [OUT_DIR]}
mode=${3:-accurate}
langs=${4:-eng}
out=${5:-out/profile}
[ -x "$bin" ] || { echo "profile.sh: no docscan binary at $bin" >&2; exit 2; }
[ -f "$page" ] || { echo "profile.sh: no page at $page" >&2; exit 2; }
command -v perf >/dev/null || { echo "profile.sh: perf is not installed (make profile installs linux-perf)" >&2; exit 2; }
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s "$(realpath "$page")" "$dir/$(basename "$page")"
# perf_event_paranoid above 2 refuses unprivileged sampling; say so instead of failing obscurely.
if [ "$(id -u)" != 0 ] && [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 0)" -gt 2 ]; then
    echo "profile.sh: kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid); run as root or lower it to 2" >&2
    exit 2
fi
OMP_THREAD_LIMIT=1 perf record -q -g -F 999 -o "$out/profile.data" -- \
    "$bin" scan "$dir" --follow-symlinks --mode "$mode" --lang "$langs" --jobs 1 --no-isolation \
    --no-archive --quiet --jsonl "$out/record.jsonl"
# Swift's symbols demangled when the toolchain is there; perf's empty trailing columns dropped.
demangle() { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; }
perf report -i "$out/profile.data" --no-children --sort dso --stdio -g none 2>/dev/null \
    | grep -v '^#' | grep -v '^$' | sed 's/ *$//' > "$out/by-library.txt"
perf report -i "$out/profile.data" --no-children --sort dso,symbol --stdio -g none 2>/dev/null \
    | grep -v '^#' | grep -v '^$' | awk 'NR <= 60' | sed 's/[ -]*$//' | demangle | cut -c1-160 > "$out/by-function.txt"
echo "== $page, $mode mode, --lang $langs: samples by library =="
head -12 "$out/by-library.txt"
echo "== the 25 functions with the most samples of their own =="
head -25 "$out/by-function.txt"
python3 - "$out/record.jsonl" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
print("== the page's record ==")
for key in ("timings_ms", "cpu_ms"):
    print(f"{key}: " + ", ".join(f"{k} {v:.0f}" for k, v in (r.get(key) or {}).items() if v is not None))
PY
echo "(full report: perf report -i $out/profile.data)"
