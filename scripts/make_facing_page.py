#!/usr/bin/env python3
"""make_facing_page.py - Fixtures/facing/: a page beside the facing page's line ends, as an open book is cut out.

usage: .venv/bin/python scripts/make_facing_page.py

`letter_facing_page.png`: Fixtures/pages/en_letter.png with its left margin cut to 40 px, and left of
it, 100 px away, a 220 px strip of de_brief.png's line ends (x 1030-1250, from y 300, set 10 px lower),
as a cut-out of an open book keeps the facing page's sliver. Tesseract joins some of the strip's line
ends to the letter's lines beside them, and docscan reads the page again with the strip whitened
(`StrayLines.joinedSliver`). Its ground truth is en_letter's. Deterministic: no randomness.
"""
import os
import shutil

from PIL import Image

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


if __name__ == "__main__":
    main()
