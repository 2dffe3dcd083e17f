#!/usr/bin/env python3
"""make_table_fixtures.py - a ruled table whose cells hold three short lines each, flat and photographed.

Writes into Fixtures/tables/:
  gloss_table.png        a linguistics handout's verb table (an invented language: six persons by five
                         verbs, each cell its form, its gloss and its translation in italics), ruled
                         left of every cell 3 pt from its text, the rules broken between the persons'
                         rows; A4 landscape at 200 dpi, 8-bit grey
  gloss_table_desk.jpg   that page in make_photo_stress.py's desk scene (seed 11): on a desk, turned a
                         few degrees, mild keystone, 2100x2800
  <name>.gt.txt          the ground truth row by row: each row of lines across the table, its cells
                         joined by single spaces
  manifest.tsv           in the eval sets' format, so scripts/eval.py --set Fixtures/tables scores them

Every line of such a table is short (a ninth of the page's width): Leptonica's text-line model fits a
parabola to each, and took their unevenness across the page's width for a bend ten times a curled
book's (0.17-0.57); the flat page was straightened into waves. All text is original, written for
docscan (CC0-1.0). Needs numpy and Pillow (run with the eval virtual environment:
.venv/bin/python scripts/make_table_fixtures.py) and the fonts-dejavu-core and fonts-dejavu-extra
packages (DejaVu Serif and Serif Italic).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from PIL import Image, ImageDraw, ImageFont  # noqa: E402

import make_photo_stress  # noqa: E402

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
OUT = os.path.join(HERE, "..", "Fixtures", "tables")
PERSONS = [("1sg", "ka", "I"), ("2sg", "ko", "you"), ("3sg", "i", "she"), ("1pl", "ta", "we"),
           ("2pl", "mu", "you all"), ("3pl", "si", "they")]
VERBS = [("taru", "plant", "yams"), ("kemo", "carry", "water"), ("lopi", "cook", "rice"),
         ("sandu", "weave", "mats"), ("varo", "mend", "nets")]


def render(dpi=200):
    px = lambda pt: int(round(pt * dpi / 72))
    image = Image.new("L", (px(842), px(595)), 255)
    draw = ImageDraw.Draw(image)
    italic = ImageFont.truetype(DEJAVU + "DejaVuSerif-Italic.ttf", px(10))
    roman = ImageFont.truetype(DEJAVU + "DejaVuSerif.ttf", px(10))
    left, top, label, column, line = px(40), px(60), px(70), px(142), px(15)
    group, rule = 3 * line + px(12), max(1, px(0.7))
    truth = []
    for row, (person, prefix, subject) in enumerate(PERSONS):
        y = top + row * group
        draw.text((left + px(6), y), person, font=roman, fill=0)
        lines = [[person], [], []]
        for index, (verb, meaning, thing) in enumerate(VERBS):
            x = left + label + index * column
            cell = [f"{prefix}-{verb} {thing[:3]}", f"{person}:sbj-{meaning} {thing}", f"\u201c{subject} {meaning} {thing}.\u201d"]
            for number, text in enumerate(cell):
                draw.text((x + px(3), y + number * line), text, font=italic, fill=0)
                lines[number].append(text)
            draw.rectangle([x, y - px(2), x + rule, y + 3 * line + px(2)], fill=0)
        for x in (left, left + label + len(VERBS) * column):
            draw.rectangle([x, y - px(2), x + rule, y + 3 * line + px(2)], fill=0)
        truth += [" ".join(cells) for cells in lines]
    return image, "\n".join(truth) + "\n"


def main():
    os.makedirs(OUT, exist_ok=True)
    image, truth = render()
    flat = os.path.join(OUT, "gloss_table.png")
    image.save(flat, dpi=(200, 200), optimize=True)
    photo, notes = make_photo_stress.make(flat, "desk", 11)
    photo.save(os.path.join(OUT, "gloss_table_desk.jpg"), quality=88)
    rows = ["name\tsource\tlicense\tlang\tkind\tvariant\tnotes"]
    for name, kind, note in [("gloss_table", "render", "A4 landscape at 200 dpi"),
                             ("gloss_table_desk", "photo", f"desk scene seed 11 {notes}")]:
        with open(os.path.join(OUT, name + ".gt.txt"), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(truth)
        rows.append(f"{name}\toriginal text written for docscan\tCC0-1.0\teng\t{kind}\ttable\t{note}")
    with open(os.path.join(OUT, "manifest.tsv"), "w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
