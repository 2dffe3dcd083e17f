#!/usr/bin/env python3
"""make_turned_set.py - the upright scans of the eval sets, each also turned a quarter, a half and three quarters.

usage: scripts/make_turned_set.py OUT [--source DIR ...]

Every page of each source set (default ../shared/eval/public and Fixtures/pages) whose variant is
`orig` and kind `scan` or `render` (phototest left out: eval/public has it turned already) is saved as
a lossless PNG upright and turned 90, 180 and 270 degrees clockwise, keeping its resolution when it has
one. OUT gets NAME.png, NAME__r90.png, NAME__r180.png, NAME__r270.png, each with the source's ground
truth (and keyword terms), and a manifest.tsv whose variant is `orig` or `rotNN`, so

  .venv/bin/python scripts/eval.py --docscan BIN --set OUT --modes fast,accurate

scores docscan on them, and each turned page's CER less its upright page's is what turning costs
(issue 16: at most 0.01). The turned pixels are the upright ones, so a page turned back upright must
read exactly as the upright page does.
"""

import argparse
import csv
import os
import shutil

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCES = [os.path.join(HERE, "..", "..", "shared", "eval", "public"), os.path.join(HERE, "..", "Fixtures", "pages")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--source", action="append", dest="sources", metavar="DIR")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for source in args.sources or DEFAULT_SOURCES:
        with open(os.path.join(source, "manifest.tsv"), encoding="utf-8") as f:
            pages = [r for r in csv.DictReader(f, delimiter="\t")
                     if r["variant"] == "orig" and r["kind"] in ("scan", "render") and r["name"] != "phototest"]
        for page in pages:
            name = page["name"]
            image_file = next(x for x in sorted(os.listdir(source))
                              if x.startswith(name + ".") and not x.endswith(".txt") and not x.endswith(".tsv"))
            image = Image.open(os.path.join(source, image_file))
            image.load()
            keep = {"dpi": image.info["dpi"]} if "dpi" in image.info else {}
            for turn in (0, 90, 180, 270):
                out_name = name if turn == 0 else f"{name}__r{turn}"
                turned = image if turn == 0 else image.rotate(-turn, expand=True)
                turned.save(os.path.join(args.out, out_name + ".png"), **keep)
                for suffix in (".gt.txt", ".terms.txt"):
                    if os.path.exists(os.path.join(source, name + suffix)):
                        shutil.copy(os.path.join(source, name + suffix), os.path.join(args.out, out_name + suffix))
                rows.append(dict(page, name=out_name, variant="orig" if turn == 0 else f"rot{turn}"))
    with open(os.path.join(args.out, "manifest.tsv"), "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()), delimiter="\t")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} pages in {args.out}")


if __name__ == "__main__":
    main()
