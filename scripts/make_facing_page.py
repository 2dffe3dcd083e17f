#!/usr/bin/env python3
"""make_facing_page.py - Fixtures/facing/: a page beside what a cut-out keeps of what lay beside it.

usage: .venv/bin/python scripts/make_facing_page.py

`letter_facing_page.png`: Fixtures/pages/en_letter.png with its left margin cut to 40 px, and left of
it, 100 px away, a 220 px strip of de_brief.png's line ends (x 1030-1250, from y 300, set 10 px lower),
as a cut-out of an open book keeps the facing page's sliver. Tesseract joins some of the strip's line
ends to the letter's lines beside them, and docscan reads the page again with the strip whitened
(`StrayLines.joinedSliver`). Its ground truth is en_letter's.

`letter_edge_marks.png`: Fixtures/pages/en_letter.png with a mark in its left margin (x 70-75) beside each
line of print, a stroke and a dot above it, as specks along a sheet's edge beside its lines, which
Tesseract reads as a column of `i`. Read as one block, most lines have a wide space between the mark and
the print, and the marks, lowercase, pass for lines of prose running on; they are no column to read
apart (`ColumnsReadAcross.narrowestColumn`). Deterministic: no randomness.
"""
import os
import shutil

from PIL import Image, ImageDraw

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(REPO, "Fixtures", "pages")
OUT = os.path.join(REPO, "Fixtures", "facing")


def main():
    page = Image.open(os.path.join(PAGES, "en_letter.png")).convert("L")
    other = Image.open(os.path.join(PAGES, "de_brief.png")).convert("L")
    width, height = page.size
    strip = other.crop((1030, 300, 1250, 2200))
    letter = page.crop((150, 0, width, height))
    gap = 100
    canvas = Image.new("L", (strip.width + gap + letter.width, height), 255)
    canvas.paste(strip, (0, 310))
    canvas.paste(letter, (strip.width + gap, 0))
    os.makedirs(OUT, exist_ok=True)
    canvas.save(os.path.join(OUT, "letter_facing_page.png"), dpi=(200, 200))
    shutil.copyfile(os.path.join(PAGES, "en_letter.gt.txt"), os.path.join(OUT, "letter_facing_page.gt.txt"))
    edge_marks(page)


def edge_marks(page):
    """`letter_edge_marks.png`: an `i`-like mark left of each band of rows holding print."""
    marked = page.copy()
    dark = [any(marked.getpixel((x, y)) < 128 for x in range(marked.width)) for y in range(marked.height)]
    draw = ImageDraw.Draw(marked)
    y = 0
    while y < marked.height:
        if not dark[y]:
            y += 1
            continue
        top = y
        while y < marked.height and dark[y]:
            y += 1
        height = y - top
        if height >= 10:
            draw.rectangle((70, top + int(height * 0.40), 75, y - int(height * 0.25)), fill=40)
            draw.rectangle((70, top + int(height * 0.18), 75, top + int(height * 0.30)), fill=40)
    marked.save(os.path.join(OUT, "letter_edge_marks.png"), dpi=(200, 200))


if __name__ == "__main__":
    main()
