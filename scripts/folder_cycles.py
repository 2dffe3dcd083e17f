#!/usr/bin/env python3
"""folder_cycles.py - which folders of Sources/DocScanKit use which, and any cycle among them.

usage: scripts/folder_cycles.py [--root Sources/DocScanKit] [--quiet]

A folder uses another when one of its files names a type (class, struct, enum, protocol) declared in
the other. Targets are kept apart by the compiler (Package.swift); folders inside a target are not,
so this prints the folder graph and exits 1 when folders depend on each other in a cycle, naming the
types that close it.
"""
import argparse
import collections
import glob
import os
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources/DocScanKit"))
    ap.add_argument("--quiet", action="store_true", help="print only the cycles, not the whole graph")
    args = ap.parse_args()
    root = args.root
    files = glob.glob(os.path.join(root, "*", "*.swift"))
    declared = {}
    for path in files:
        folder = os.path.basename(os.path.dirname(path))
        for match in re.finditer(r"^(?:public |package |private |fileprivate )?(?:final )?(?:class|struct|enum|protocol) (\w+)",
                                 open(path, encoding="utf-8").read(), re.M):
            declared[match.group(1)] = folder
    uses = collections.defaultdict(set)
    for path in files:
        folder = os.path.basename(os.path.dirname(path))
        text = re.sub(r"//.*", "", open(path, encoding="utf-8").read())
        for name, other in declared.items():
            if other != folder and re.search(r"\b" + name + r"\b", text):
                uses[folder].add((other, name, os.path.basename(path)))
    graph = {folder: {other for other, _, _ in edges} for folder, edges in uses.items()}
    for folder in sorted(graph) if not args.quiet else []:
        print(f"{folder} -> {', '.join(sorted(graph[folder]))}")
    # Tarjan's strongly connected components.
    index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(component)

    for node in list(graph):
        if node not in index:
            visit(node)
    for cycle in cycles:
        print("cycle:", " ".join(sorted(cycle)))
        for folder in sorted(cycle):
            for other, name, file in sorted(uses[folder]):
                if other in cycle:
                    print(f"  {folder} -> {other}: {name} in {file}")
    if not cycles and not args.quiet:
        print("no cycles")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
