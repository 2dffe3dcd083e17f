#!/usr/bin/env python3
"""make_sparse_fixtures.py - render docscan's sparse pages (a few lines of large print).

Writes, into Fixtures/sparse/ (next to this script's parent directory by default):
  zh_two_lines.png     808x550 8-bit grey, no resolution: two lines of Simplified Chinese
                       in Noto Sans CJK SC at 40 px, the kind of page (a notice, a slide)
                       on which Tesseract's layout analysis (`--psm 3`) finds no text at all
  zh_two_lines.gt.txt  its text, line by line
  faint_receipt.png    a worn thermal receipt as scanned: thin print of a light grey (190)
                       broken into specks on paper of 248, a dark strip along its top edge,
                       on which Tesseract reads nothing
  faint_receipt.gt.txt its text, line by line

The text is original (CC0). Requirements: Python 3, Pillow, fonts-noto-cjk, fonts-dejavu-core.
Deterministic: the same Pillow/FreeType and font versions give the same bytes.

usage: make_sparse_fixtures.py [--out DIR]
"""
import argparse
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

NOTO_SANS_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SIMPLIFIED_CHINESE = 2  # the collection's face index for Simplified Chinese
LINES = ["这是第一行文字", "这是第二行文字"]
SIZE = 40
DEJAVU_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
RECEIPT = [
    "HARBOUR STATIONERS", "12 Quay Street, Portsea", "Tel 023 9283 4410", "",
    "Cash Sales No: 204518", "Date: 14/03/2024  Time: 10:42",
    "----------------------------------------",
    "Item            Qty   Price   Amount",
    "Ballpoint pen blue   2    1.20     2.40",
    "A4 notebook ruled    1    3.75     3.75",
    "Paper clips 100      1    0.95     0.95",
    "Envelopes C5 x10     1    2.10     2.10",
    "----------------------------------------",
    "Total                           9.20", "Cash                           10.00",
    "Change                          0.80", "",
    "Thank you for shopping with us", "Goods sold are not returnable",
]


def faint_receipt(out):
    """The receipt in DejaVu Sans Mono at 20 px, only the glyphs' cores kept (coverage over 60%) and a
    tenth of those pixels dropped, at grey 190 on paper 248 with noise (sigma 3), a 6-px strip of grey
    90 along the top edge, blurred by 0.6 px: a receipt's thermal print faded and worn."""
    rng = random.Random(11)
    font = ImageFont.truetype(DEJAVU_MONO, 20)
    height, margin = 32, 60
    width = max(int(font.getlength(line)) for line in RECEIPT) + 2 * margin
    glyphs = Image.new("L", (width, height * len(RECEIPT) + 2 * margin), 255)
    draw = ImageDraw.Draw(glyphs)
    for index, line in enumerate(RECEIPT):
        draw.text((margin, margin + index * height), line, font=font, fill=0)
    page = Image.new("L", glyphs.size, 248)
    source, target = glyphs.load(), page.load()
    for y in range(page.height):
        for x in range(page.width):
            ink = source[x, y] < 100 and rng.random() >= 0.1
            level = 90 if y < 6 else 190 if ink else 248
            target[x, y] = max(0, min(255, int(level + rng.gauss(0, 3))))
    page.filter(ImageFilter.GaussianBlur(0.6)).save(os.path.join(out, "faint_receipt.png"), optimize=True)
    with open(os.path.join(out, "faint_receipt.gt.txt"), "w", encoding="utf-8") as gt:
        gt.write("\n".join(line for line in RECEIPT if line) + "\n")


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
    if not os.path.exists(DEJAVU_MONO):
        sys.exit(f"missing font {DEJAVU_MONO} (apt-get install fonts-dejavu-core)")
    faint_receipt(args.out)


if __name__ == "__main__":
    main()
