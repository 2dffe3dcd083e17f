#!/bin/bash
# A real one-node Slurm cluster on this machine, to run docscan-array.sbatch as a cluster would: munged,
# slurmctld and slurmd start from a throw-away folder, the array scans a folder in shards, one running
# task is cancelled and submitted again on its own, and 'archive status' against the plan must then find
# every page. Needs root and Debian's slurm-wlm and munge (make cluster-demo installs them and runs this).
#
#   DOCSCAN=.build/release/docscan deploy/slurm/cluster-demo.sh [DIR [SHARDS]]
#   DEMO_ARCHIVE=postgres DOCSCAN=.build/release/docscan deploy/slurm/cluster-demo.sh [DIR [SHARDS]]
#
# DIR: page images (default: a copy of Fixtures/pages and Fixtures/photos, 11 pages; Fixtures as a whole
# holds fuzz seeds and broken files on purpose). SHARDS: array size (default 4).
# DEMO_ARCHIVE (default sqlite): sqlite, each task writes its own SQLite file and they are merged at the
# end; postgres, the demo starts a PostgreSQL server of its own (Debian's postgresql, as user nobody, its
# data in DEMO_DIR/postgres, on a free port of 127.0.0.1) and every task writes into that one archive under
# the collection 'demo': archive init before the array, archive finalize after it, no merge (make
# cluster-demo-postgres). DOCSCAN_ARCHIVE=postgresql://...: every task writes into that database instead,
# one of yours (a path in DOCSCAN_ARCHIVE is not shared: the tasks write their own SQLite files, as in the
# sbatch). Either way the demo ends with 'archive status' against the plan and a search for DEMO_SEARCH
# (default invoice, a word of the default pages).
# DEMO_DIR (default /tmp/docscan-cluster-demo) holds the configuration, logs, plan and archives; it is
# emptied at the start, so the demo can run again (with DEMO_ARCHIVE=postgres it must be a folder that
# user nobody can enter, as the default under /tmp is). DEMO_PORT (default 6817): slurmctld's port, slurmd's
# is the next. DOCSCAN_MODE (default fast), DOCSCAN_LANG (default eng) go to the tasks.
#
# Works without systemd and without cgroups (a container): the daemons run in the background of this
# script, as root (SlurmUser=root, SlurmdUser=root), processes are tracked through /proc
# (proctrack/linuxproc) and not confined (task/none). Everything is stopped when the script exits.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
sbatch_script=$repo/deploy/slurm/docscan-array.sbatch
demo=${DEMO_DIR:-${TMPDIR:-/tmp}/docscan-cluster-demo}
port=${DEMO_PORT:-6817}
input=${1:-}
shards=${2:-4}
export DOCSCAN_MODE=${DOCSCAN_MODE:-fast} DOCSCAN_LANG=${DOCSCAN_LANG:-eng}
# Before OMP_THREAD_LIMIT below, which GNU nproc obeys (make exports it as 1).
cpus=$(env -u OMP_THREAD_LIMIT -u OMP_NUM_THREADS nproc)
# Tesseract's OpenMP threads would otherwise compete with the tasks' own --jobs (as in the Makefile).
export OMP_THREAD_LIMIT=${OMP_THREAD_LIMIT:-1}
started=$SECONDS

say() { printf '\n== %s\n' "$*"; }
die() { printf 'cluster-demo: %s\n' "$*" >&2; exit 1; }

kind=${DEMO_ARCHIVE:-sqlite}
[[ $kind == sqlite || $kind == postgres ]] || die "DEMO_ARCHIVE must be sqlite or postgres, not '$kind'"
# Debian's PostgreSQL server programs (initdb, pg_ctl), the newest version installed; none is fine in
# SQLite mode. Also used to stop the server a killed run of the demo left.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
pg_folder=$demo/postgres
# initdb and postgres refuse to run as root: they run as nobody, from / (root's folders may be closed to it).
as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
# Runs a PostgreSQL program as nobody with no terminal or pipe of this script's: pg_ctl leaves the server
# running, and a server that inherited this script's standard output would hold whatever reads it open.
pg_run() {
    local log=$1
    shift
    (cd / && exec "${as_nobody[@]}" "$@") < /dev/null >> "$log" 2>&1
}

# The same test as docscan-array.sbatch: only a PostgreSQL database is shared by all tasks; a path in
# DOCSCAN_ARCHIVE (docscan's own default archive) is not, each task then writes its own SQLite file.
shared=
server='^(postgres(ql)?://|[[:space:]]*(host|hostaddr|port|dbname|user|service|sslmode)[[:space:]]*=)'
if [[ ${DOCSCAN_ARCHIVE:-} =~ $server ]]; then
    [[ $kind == sqlite ]] || die "DEMO_ARCHIVE=postgres starts a server of its own: unset DOCSCAN_ARCHIVE ($DOCSCAN_ARCHIVE)"
    shared=$DOCSCAN_ARCHIVE
fi

[[ $(id -u) == 0 ]] || die "run as root: slurmd needs root, and this demo runs every daemon and task as root"
for tool in munged mungekey munge slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
    command -v "$tool" >/dev/null || die "$tool is missing: apt-get install slurm-wlm munge (or make cluster-demo)"
done
if [[ $kind == postgres ]]; then
    [[ -n $pg_bin && -x $pg_bin/initdb && -x $pg_bin/pg_ctl ]] ||
        die "PostgreSQL's server is missing (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql (or make cluster-demo-postgres)"
    command -v setpriv >/dev/null || die "setpriv is missing: apt-get install util-linux"
fi
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "SHARDS must be a positive number, not '$shards'"
(( shards >= 2 )) || die "SHARDS must be at least 2: one task is cancelled while another runs"

# Stops what a run started, leftovers of a killed run included: a pid counts only while its process
# still has the daemon's name (pids are reused).
stop_daemons() {
    local name pidfile pid i
    if [[ -S $demo/munge/munge.socket ]] && scontrol ping >/dev/null 2>&1; then
        # Jobs still queued or running (the demo failed half-way): their docscan processes would outlive slurmd.
        scancel --quiet --user=root 2>/dev/null || true
        for (( i = 0; i < 30; i++ )); do
            [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
            sleep 0.5
        done
    fi
    for name in slurmd slurmctld munged; do
        pidfile=$demo/run/$name.pid
        [[ -s $pidfile ]] || continue
        pid=$(<"$pidfile")
        if [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$name" ]]; then
            kill "$pid" 2>/dev/null || true
            for (( i = 0; i < 50; i++ )); do
                [[ -d /proc/$pid ]] || break
                sleep 0.2
            done
            [[ -d /proc/$pid ]] && kill -9 "$pid" 2>/dev/null || true
        fi
        rm -f "$pidfile"
    done
    # The demo's PostgreSQL server, after the tasks that wrote into it. Only a postmaster whose command
    # line names this data folder: the pid in a stale postmaster.pid may be another process by now.
    pidfile=$pg_folder/data/postmaster.pid
    if [[ -s $pidfile && -n $pg_bin ]]; then
        pid=$(head -n 1 "$pidfile")
        if [[ $pid =~ ^[0-9]+$ ]] && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-D $pg_folder/data"; then
            pg_run "$demo/log/pg_ctl.log" "$pg_bin/pg_ctl" -D "$pg_folder/data" -m fast -w -t 60 stop ||
                echo "cluster-demo: pg_ctl stop failed (see $demo/log/pg_ctl.log)" >&2
        fi
    fi
}

finish() {
    local status=$?
    trap - EXIT
    stop_daemons
    echo
    echo "cluster-demo: daemons stopped; logs in $demo/log (slurmctld.log, slurmd.log, munged.log,"
    echo "  jobcomp.txt: one line per finished task, docscan-JOB_TASK.log: each task's output)"
    [[ -e $pg_folder/server.log ]] && echo "  and PostgreSQL's in $pg_folder/server.log"
    if (( status == 0 )); then
        echo "cluster-demo: done in $(( SECONDS - started )) s"
    else
        echo "cluster-demo: FAILED (status $status) after $(( SECONDS - started )) s" >&2
    fi
    exit "$status"
}

# Polls COMMAND until it succeeds, for at most SECONDS; when it times out or a daemon has died (a port
# in use, a bad setting), shows the logs that say why.
wait_for() {
    local seconds=$1 what=$2 deadline=$(( SECONDS + $1 )) pidfile
    shift 2
    until "$@" >/dev/null 2>&1; do
        for pidfile in "$demo"/run/*.pid; do
            [[ -e $pidfile && ! -d /proc/$(<"$pidfile") ]] || continue
            tail -n 20 "$demo"/log/*.log "$demo"/log/*.out >&2 || true
            die "$(basename "$pidfile" .pid) ended while waiting for $what (logs above)"
        done
        if (( SECONDS >= deadline )); then
            tail -n 20 "$demo"/log/*.log "$demo"/log/*.out >&2 || true
            die "gave up after $seconds s waiting for $what"
        fi
        sleep 0.5
    done
}

# Everything Slurm commands need comes from this file, munged's socket included, so the demo neither
# reads nor disturbs a Slurm or munge already set up on the machine.
export SLURM_CONF=$demo/etc/slurm.conf
# A DEMO_DIR that is not ours (a typo, /) is never emptied.
if [[ -e $demo && ! -e $demo/.docscan-cluster-demo ]] && [[ -n $(ls -A "$demo") ]]; then
    die "$demo is not empty and not a cluster-demo folder; set DEMO_DIR to another folder"
fi
if [[ -e $demo/.docscan-cluster-demo ]]; then
    stop_daemons
fi
trap finish EXIT
rm -rf "$demo"
# munged refuses a socket in a folder not searchable by all users.
umask 022
mkdir -p "$demo"/{etc,run,log,munge,bin,out,spool/ctld,spool/d}
touch "$demo/.docscan-cluster-demo"

# A private copy of docscan: a rebuild of .build during the run must not change the tasks' binary.
docscan_source=$(command -v "${DOCSCAN:-docscan}") || die "no docscan: set DOCSCAN to the binary"
cp "$docscan_source" "$demo/bin/docscan"
docscan=$demo/bin/docscan
help=$("$docscan" --help)
for command in plan merge archive; do
    grep -q "^  $command " <<< "$help" || die "$docscan_source has no '$command' command: build it again (make build)"
done
if [[ -n $shared || $kind == postgres ]]; then
    help=$("$docscan" archive --help)
    for command in init finalize; do
        grep -q "^  $command " <<< "$help" || die "$docscan_source has no 'archive $command': build it again (make build)"
    done
fi

say "munge and Slurm configuration in $demo/etc"
host=$(hostname -s)
# What free -m calls total (procps, which free is part of, is not in every container image).
memory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
[[ -s $demo/munge/munge.key ]] || mungekey --create --keyfile="$demo/munge/munge.key"
cat > "$SLURM_CONF" <<EOF
ClusterName=docscan-demo
# 127.0.0.1, so the host name need not resolve; both daemons and all jobs as root.
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$(( port + 1 ))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$demo/munge/munge.socket
StateSaveLocation=$demo/spool/ctld
SlurmdSpoolDir=$demo/spool/d
SlurmctldPidFile=$demo/run/slurmctld.pid
SlurmdPidFile=$demo/run/slurmd.pid
SlurmctldLogFile=$demo/log/slurmctld.log
SlurmdLogFile=$demo/log/slurmd.log
PlugStackConfig=$demo/etc/plugstack.conf
# No cgroups in a container: processes are found through /proc and not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
# No slurmdbd (so no sacct): finished tasks are kept in scontrol for an hour, and logged to a file.
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$demo/log/jobcomp.txt
MinJobAge=3600
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
MailProg=/bin/true
# A cancelled task gets SIGTERM, then SIGKILL 5 s later (default 30).
KillWait=5
# The node is up as soon as slurmd registers, and trusted as configured (a container's view of its
# CPUs and memory may differ a little from nproc and free).
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=demo Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
: > "$demo/etc/plugstack.conf"
cat "$SLURM_CONF"

say "starting munged, slurmctld and slurmd"
# In the foreground of a background job (-F, -D): no systemd is needed, and $! is the daemon's pid.
munged --foreground --socket="$demo/munge/munge.socket" --key-file="$demo/munge/munge.key" \
    --pid-file="$demo/run/munged.pid" --seed-file="$demo/munge/munged.seed" > "$demo/log/munged.log" 2>&1 &
echo $! > "$demo/run/munged.pid"
wait_for 20 "munged" bash -c "munge -n -S '$demo/munge/munge.socket' | unmunge -S '$demo/munge/munge.socket'"
slurmctld -D > "$demo/log/slurmctld.out" 2>&1 &
echo $! > "$demo/run/slurmctld.pid"
wait_for 60 "slurmctld" scontrol ping
slurmd -D > "$demo/log/slurmd.out" 2>&1 &
echo $! > "$demo/run/slurmd.pid"
wait_for 60 "node $host to be idle" bash -c "[[ \$(sinfo -h -n '$host' -o %T) == idle ]]"
sinfo

if [[ $kind == postgres ]]; then
    say "PostgreSQL: $pg_bin, as nobody, data in $pg_folder/data"
    mkdir -p "$pg_folder"
    chown 65534:65534 "$pg_folder"
    chmod 700 "$pg_folder"
    pg_run /dev/null test -w "$pg_folder" ||
        die "user nobody cannot reach $pg_folder (a folder on the way is closed to it): set DEMO_DIR to a folder under /tmp"
    pg_run "$demo/log/pg_ctl.log" "$pg_bin/initdb" -D "$pg_folder/data" -U docscan -A trust -E UTF8 --locale=C.UTF-8 ||
        { tail -n 20 "$demo/log/pg_ctl.log" >&2; die "initdb failed (above)"; }
    # A port nothing listens on; another process may take it before the server does, so a few tries.
    pg_port=
    for (( try = 0; try < 5; try++ )); do
        port_try=$(( 20000 + RANDOM % 40000 ))
        (exec 3<> "/dev/tcp/127.0.0.1/$port_try") 2>/dev/null && continue
        # Only 127.0.0.1, and the Unix socket in the data folder (not /var/run/postgresql, which is Debian's).
        if pg_run "$demo/log/pg_ctl.log" "$pg_bin/pg_ctl" -D "$pg_folder/data" -l "$pg_folder/server.log" -w -t 60 start \
            -o "-p $port_try -k $pg_folder/data -c listen_addresses=127.0.0.1"; then
            pg_port=$port_try
            break
        fi
    done
    [[ -n $pg_port ]] || { tail -n 20 "$demo/log/pg_ctl.log" "$pg_folder/server.log" >&2; die "PostgreSQL did not start (above)"; }
    # Trust authentication on 127.0.0.1: the demo's own throw-away server, no password.
    shared=postgresql://docscan@127.0.0.1:$pg_port/postgres
    # The tasks read it from their environment (sbatch --export=ALL).
    export DOCSCAN_ARCHIVE=$shared
    echo "server on 127.0.0.1:$pg_port (pid $(head -n 1 "$pg_folder/data/postmaster.pid")); DOCSCAN_ARCHIVE=$shared"
fi

say "plan: $shards shards"
if [[ -z $input ]]; then
    input=$demo/pages
    mkdir -p "$input/pages" "$input/photos"
    cp "$repo"/Fixtures/pages/*.png "$input/pages/"
    cp "$repo"/Fixtures/photos/*.jpg "$repo"/Fixtures/photos/*.png "$input/photos/"
    # Pages known to read: a failed page at the end is then the cancel's doing.
    own_pages=1
fi
# Absolute: the archive keys pages by the root's absolute path, and the tasks run in another folder.
input=$(cd "$input" && pwd)
plan=("$docscan" plan "$input" --shards "$shards" --output "$demo/plan")
# In a shared archive the pages go under a collection's name rather than this folder's path, as on a
# cluster whose nodes mount the share at different paths ('scan --plan' takes it from plan.json).
[[ -n $shared ]] && plan+=(--collection demo)
echo "${plan[*]}"
"${plan[@]}"

# The tasks get this script's environment (sbatch --export=ALL), SLURM_CONF included. Not
# DOCSCAN_SHARDS: the array's tasks find their shard with --shard auto.
export DOCSCAN=$docscan DOCSCAN_INPUT=$input DOCSCAN_PLAN=$demo/plan DOCSCAN_OUTPUT=$demo/out
unset DOCSCAN_SHARDS
# One CPU a task: two tasks run at once on two cores, so one is cancelled while the other goes on.
submit=(sbatch --parsable --cpus-per-task=1 --output="$demo/log/docscan-%A_%a.log" --chdir="$demo/out")

# Prints each task of JOB (scontrol keeps them after they end: MinJobAge) as "JOB_TASK STATE EXIT".
tasks() {
    scontrol -o show job "$1" |
        sed -E 's/.*JobId=([0-9]+) ArrayJobId=([0-9]+) ArrayTaskId=([0-9]+) .*JobState=([A-Z_]+) .*ExitCode=([0-9:]+).*/\2_\3 \4 \5/' |
        sort -t _ -k 2n
}
finished() { [[ -z $(squeue -h -j "$1" -o %i) ]]; }

if [[ -n $shared ]]; then
    # The tables once, before the tasks: a database problem (rights, a server not there) shows here.
    say "docscan archive init --archive $shared"
    "$docscan" archive init --archive "$shared"
fi

say "sbatch --array=0-$(( shards - 1 )) $sbatch_script"
job=$("${submit[@]}" --array=0-$(( shards - 1 )) "$sbatch_script")
job=${job%%;*}
echo "array job $job"

# The archive a task writes shard K into, and "ARCHIVED MISSING": the pages of shard K it holds (ok or
# failed) and those it does not hold yet.
archive_of() { if [[ -n $shared ]]; then echo "$shared"; else echo "$demo/out/shard-$1.sqlite"; fi; }
progress() {
    "$docscan" archive status --archive "$(archive_of "$1")" --manifest "$demo/plan" 2>/dev/null |
        awk -v shard="$1:" '$1 == "shard" && $2 == shard { print $3 + $5, $7; found = 1 } END { if (!found) print 0, 1 }'
}

# Cancels a running task once it has archived a page and has more to read: mid-scan (a task with a
# page still to read will not end before scancel reaches it), so the task submitted again shows that
# only the rest is read. A task that ends first is left alone. A task's archive is read only from its
# third second on: 'archive status' sets up a new archive's tables as a scan does, without a lock, and
# two set-ups at once can fail the task (status 6: "database is locked", "table scan already exists").
declare -A running_since=()
victim=
deadline=$(( SECONDS + 600 ))
while [[ -z $victim ]]; do
    if finished "$job"; then
        # A shared archive outlives the demo folder: a second run finds its pages archived and its tasks
        # end at once. Per-task archives are new each run, so there it means the shards are too small.
        [[ -n $shared ]] || die "every task ended before one could be cancelled: give more pages or fewer shards"
        echo "every task ended before one could be cancelled ($shared held the pages already?): no cancel"
        break
    fi
    (( SECONDS < deadline )) || die "no task of job $job could be cancelled in 600 s"
    for running in $(squeue -h -j "$job" -t RUNNING -o %i); do
        running_since[$running]=${running_since[$running]:-$SECONDS}
        (( SECONDS - running_since[$running] >= 2 )) || continue
        read -r done missing < <(progress "${running#*_}")
        if (( done >= 1 && missing >= 1 )) &&
            [[ $(squeue -h -j "$running" -t RUNNING -o %i 2>/dev/null) == "$running" ]]; then
            victim=$running
            break
        fi
    done
    sleep 0.3
done
if [[ -n $victim ]]; then
    squeue -j "$job"
    say "scancel $victim (mid-run: $done of shard ${victim#*_}'s pages archived, $missing not yet)"
    scancel "$victim"
fi

wait_for 1800 "array job $job to end" finished "$job"
say "array job $job ended"
states=$(tasks "$job")
echo "$states"
# Every task completed with status 0, but the one cancelled.
wrong=$(awk -v victim="$victim" '$1 == victim ? $2 != "CANCELLED" : $2 != "COMPLETED" || $3 != "0:0"' <<< "$states")
[[ -z $wrong ]] || die "unexpected task states: $wrong"

if [[ -n $victim ]]; then
    index=${victim#*_}
    # What the cancelled task had archived: the task submitted again reads only the rest.
    say "shard $index after the cancel"
    report=$("$docscan" archive status --archive "$(archive_of "$index")" --manifest "$demo/plan" 2>&1 || true)
    grep "^shard $index:" <<< "$report" || echo "$report"
    # docscan's workers ignore SIGTERM: on scancel's SIGTERM the task finishes the page in progress and
    # exits 130 (or KillWait's SIGKILL leaves that page missing, for the task submitted again); a page
    # recorded as failed here would be the cancel's doing.
    cancel_failed=$(awk -v shard="$index:" '$1 == "shard" && $2 == shard { print $5 }' <<< "$report")
    if [[ ${cancel_failed:-0} != 0 ]]; then
        echo "cluster-demo: the cancelled task recorded $cancel_failed failed page(s) in shard $index"
    fi
    say "DOCSCAN_SHARDS=$shards sbatch --array=$index (shard $index of $shards again)"
    # Alone, the task is an array of 1, where --shard auto would mean shard 0 of 1: DOCSCAN_SHARDS makes
    # the sbatch script pass --shard K/N instead.
    again=$("${submit[@]}" --array="$index" --export=ALL,DOCSCAN_SHARDS="$shards" "$sbatch_script")
    again=${again%%;*}
    echo "array job $again"
    wait_for 1800 "job $again to end" finished "$again"
    states=$(tasks "$again")
    echo "$states"
    [[ $states == *" COMPLETED 0:0" ]] || die "task $index did not complete when submitted again"
fi

if [[ -n $shared ]]; then
    archive=$shared
    # A shared archive's writers leave keyword counts (search ranking) to this, after the job.
    say "docscan archive finalize --archive $archive"
    "$docscan" archive finalize --archive "$archive"
else
    archive=$demo/out/all.sqlite
    say "docscan merge $demo/out/shard-*.sqlite --archive $archive"
    # A shard with no page may have left no archive: merge what is there.
    "$docscan" merge "$demo"/out/shard-*.sqlite --archive "$archive"
fi
say "docscan archive status --archive $archive --manifest $demo/plan"
"$docscan" archive status --archive "$archive" --manifest "$demo/plan"
# Its totals: "failed":F,"missing":M,"ok":K after the last shard's entry (keys sorted).
totals=$("$docscan" archive status --archive "$archive" --manifest "$demo/plan" --json)
totals=${totals##*]}
failed=$(sed -E 's/.*"failed":([0-9]+).*/\1/' <<< "$totals")
ok=$(sed -E 's/.*"ok":([0-9]+).*/\1/' <<< "$totals")
echo "pages in the archive: $(( ok + failed )) ($ok ok, $failed failed)"
if (( failed > 0 )) && [[ -n ${own_pages:-} ]]; then
    die "$failed page(s) failed, of pages that read without error: the cancel left them failed?"
fi

search=${DEMO_SEARCH:-invoice}
say "docscan search $search --archive $archive"
"$docscan" search "$search" --archive "$archive"
