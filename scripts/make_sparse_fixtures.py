#!/usr/bin/env python3
"""make_sparse_fixtures.py - render docscan's sparse pages (a few lines of large print).

Writes, into Fixtures/sparse/ (next to this script's parent directory by default):
  zh_two_lines.png     808x550 8-bit grey, no resolution: two lines of Simplified Chinese
                       in Noto Sans CJK SC at 40 px, the kind of page (a notice, a slide)
                       on which Tesseract's layout analysis (`--psm 3`) finds no text at all
  zh_two_lines.gt.txt  its text, line by line

The text is original (CC0). Requirements: Python 3, Pillow, fonts-noto-cjk.
Deterministic: the same Pillow/FreeType and font versions give the same bytes.

usage: make_sparse_fixtures.py [--out DIR]
"""
import argparse
import os
import sys

from PIL import Image, ImageDraw, ImageFont

NOTO_SANS_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SIMPLIFIED_CHINESE = 2  # the collection's face index for Simplified Chinese
LINES = ["这是第一行文字", "这是第二行文字"]
SIZE = 40


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(root, "Fixtures", "sparse"))
    args = parser.parse_args()
    if not os.path.exists(NOTO_SANS_CJK):
        sys.exit(f"missing font {NOTO_SANS_CJK} (apt-get install fonts-noto-cjk)")
    os.makedirs(args.out, exist_ok=True)
    font = ImageFont.truetype(NOTO_SANS_CJK, SIZE, index=SIMPLIFIED_CHINESE)
    image = Image.new("L", (808, 550), 255)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(LINES):
        draw.text((137, 80 + index * int(SIZE * 1.45)), line, font=font, fill=0)
    image.save(os.path.join(args.out, "zh_two_lines.png"), optimize=True)
    with open(os.path.join(args.out, "zh_two_lines.gt.txt"), "w", encoding="utf-8") as gt:
        gt.write("\n".join(LINES) + "\n")


if __name__ == "__main__":
    main()
