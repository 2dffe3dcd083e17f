#!/usr/bin/env python3
"""make_script_fixtures.py - render short letters in scripts docscan's default languages do not read.

Writes, into Fixtures/scripts/ (next to this script's parent directory by default):
  ru_notice.png     a Russian notice to tenants (Cyrillic), 8 lines in DejaVu Serif at 36 px
                    (about 13 pt at 200 dpi) on an A5-wide page of 1166x760, 8-bit grey, 200 dpi
  ru_notice.gt.txt  its text, line by line
  el_notice.png     the same notice in Greek, in DejaVu Serif
  el_notice.gt.txt  its text, line by line

Scanned with `--lang eng`, each reads as confident-looking garbage; the tests check that its record
says which script the page is in and which models read it (`ForeignScript`).

The text is original (CC0). Requirements: Python 3, Pillow, fonts-dejavu-core.
Deterministic: the same Pillow/FreeType and font versions give the same bytes.

usage: make_script_fixtures.py [--out DIR]
"""
import argparse
import os

from PIL import Image, ImageDraw, ImageFont

DEJAVU_SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
SIZE = 36
PITCH = 60
NOTICES = {
    "ru_notice": [
        "Уважаемые жильцы!",
        "В понедельник, 15 марта, с девяти утра",
        "до пяти часов вечера в нашем доме",
        "не будет горячей воды: рабочие меняют",
        "старые трубы в подвале. Просим заранее",
        "набрать воду и закрыть краны на кухне.",
        "Спасибо за понимание.",
        "Управляющая компания «Северный двор»",
    ],
    "el_notice": [
        "Αγαπητοί ένοικοι,",
        "τη Δευτέρα, 15 Μαρτίου, από τις εννέα",
        "το πρωί έως τις πέντε το απόγευμα δεν",
        "θα υπάρχει ζεστό νερό στην πολυκατοικία:",
        "οι τεχνικοί αλλάζουν τους παλιούς",
        "σωλήνες στο υπόγειο. Παρακαλούμε κλείστε",
        "τις βρύσες της κουζίνας. Ευχαριστούμε.",
        "Η διαχείριση της πολυκατοικίας",
    ],
}


def render(lines):
    """A white page with `lines` set left-aligned, one every PITCH px."""
    page = Image.new("L", (1166, 140 + PITCH * len(lines)), 255)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(DEJAVU_SERIF, SIZE)
    for index, line in enumerate(lines):
        draw.text((100, 80 + PITCH * index), line, font=font, fill=20)
    return page


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(here, "..", "Fixtures", "scripts"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, lines in NOTICES.items():
        render(lines).save(os.path.join(args.out, name + ".png"), dpi=(200, 200), optimize=True)
        with open(os.path.join(args.out, name + ".gt.txt"), "w", encoding="utf-8") as text:
            text.write("\n".join(lines) + "\n")
        print(f"wrote {name}.png and {name}.gt.txt")


if __name__ == "__main__":
    main()
