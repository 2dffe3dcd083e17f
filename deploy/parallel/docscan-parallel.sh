#!/bin/bash
# One big machine: N docscan processes of one job each, every one on its own shard, then one archive.
#
#   deploy/parallel/docscan-parallel.sh /srv/scans /srv/out 16
#
# The line that matters, for GNU parallel:
#   seq 0 $((N-1)) | parallel -j "$N" docscan scan DIR --plan LISTS --shard {}/N --jobs 1 --archive OUT/shard-{}.sqlite --page-errors-ok --quiet
# Without GNU parallel, xargs -P does the same. A shard that fails keeps its archive; running the script
# again reads only what is missing. Exits non-zero when a shard failed (after merging the others), and
# with status 7 when 'archive status' finds listed pages missing.
set -euo pipefail

input=${1:?usage: docscan-parallel.sh DIR OUT [N]}
out=${2:?usage: docscan-parallel.sh DIR OUT [N]}
shards=${3:-$(nproc)}
DOCSCAN=${DOCSCAN:-docscan}
export DOCSCAN

mkdir -p "$out"
"$DOCSCAN" plan "$input" --shards "$shards" --output "$out/plan" --quiet
task() {
    "$DOCSCAN" scan "$1" --plan "$2/plan" --shard "$3/$4" --jobs 1 --archive "$2/shard-$3.sqlite" \
        --mode "${DOCSCAN_MODE:-accurate}" --lang "${DOCSCAN_LANG:-eng}" --page-errors-ok --quiet
}
export -f task
status=0
if command -v parallel >/dev/null; then
    seq 0 $((shards - 1)) | parallel --will-cite -j "$shards" task "$input" "$out" {} "$shards" || status=$?
else
    seq 0 $((shards - 1)) | xargs -P "$shards" -I{} bash -c 'task "$@"' _ "$input" "$out" {} "$shards" || status=$?
fi
"$DOCSCAN" merge "$out"/shard-*.sqlite --archive "$out/all.sqlite" --quiet
"$DOCSCAN" archive status --archive "$out/all.sqlite" --manifest "$out/plan"
exit "$status"
