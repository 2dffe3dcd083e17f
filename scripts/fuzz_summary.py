#!/usr/bin/env python3
"""fuzz_summary.py - after `make fuzz`: adds up the executions of every libFuzzer job and lists what it
kept as crashes, leaks, timeouts or out-of-memory inputs. Exits 1 when there is any.

    python3 scripts/fuzz_summary.py out/fuzz
"""
import os
import re
import sys


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "out/fuzz"
    logs = sorted(f for f in os.listdir(folder) if re.fullmatch(r"fuzz-\d+\.log", f))
    executions = 0
    seconds = 0
    for log in logs:
        with open(os.path.join(folder, log), errors="replace") as f:
            text = f.read()
        runs = [int(n) for n in re.findall(r"stat::number_of_executed_units: (\d+)", text)]
        if not runs:  # a job that died early prints no final stats; take its last status line
            runs = [int(n) for n in re.findall(r"^#(\d+)\s", text, re.M)[-1:]]
        executions += sum(runs)
        seconds = max([seconds] + [int(n) for n in re.findall(r"Done \d+ runs in (\d+) second", text)])
    artifacts_folder = os.path.join(folder, "artifacts")
    artifacts = sorted(os.listdir(artifacts_folder)) if os.path.isdir(artifacts_folder) else []
    corpus_folder = os.path.join(folder, "corpus")
    corpus = len(os.listdir(corpus_folder)) if os.path.isdir(corpus_folder) else 0
    print(f"fuzz: {len(logs)} jobs, {executions:,} inputs executed, about {seconds} s each; "
          f"corpus {corpus} inputs; {len(artifacts)} findings")
    for name in artifacts:
        print(f"  {os.path.join(artifacts_folder, name)}")
    sys.exit(1 if artifacts else 0)


if __name__ == "__main__":
    main()
