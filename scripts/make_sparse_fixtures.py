#!/usr/bin/env python3
"""make_sparse_fixtures.py - render pages Tesseract reads (nearly) nothing on as they are.

Writes, into Fixtures/sparse/ (next to this script's parent directory by default):
  zh_two_lines.png     808x550 8-bit grey, no resolution: two lines of Simplified Chinese
                       in Noto Sans CJK SC at 40 px, the kind of page (a notice, a slide)
                       on which Tesseract's layout analysis (`--psm 3`) finds no text at all
  zh_two_lines.gt.txt  its text, line by line
  faint_receipt.png    a worn thermal receipt as scanned: thin print of a light grey (190)
                       broken into specks on paper of 248, a dark strip along its top edge,
                       on which Tesseract reads nothing
  faint_receipt.gt.txt its text, line by line
  dotted_invoice.png   an invoice from a dot-matrix printer as scanned: every letter drawn in
                       separate dots 2-3 px across, 4 px apart, on which Tesseract reads garbage
  dotted_invoice.gt.txt its text, line by line
  border_receipt.png   a receipt in light grey print scanned with the lid's black band across its
                       top (3% of the page) and a dark strip down its left edge, on which
                       Tesseract reads nothing: the band pulls its split of ink from paper
  border_receipt.gt.txt its text, line by line
  glass_receipt.png    a worn thermal receipt scanned as a whole A4 page at 600 dpi (4961x7016):
                       its print fills a twentieth of the glass, which, reduced whole to the
                       working size, leaves its letters 11-15 px high and worn through
  glass_receipt.gt.txt its text, line by line

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
DEJAVU_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
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


def grained(page, rng, sigma):
    """`page` with noise of `sigma` grey levels added to every pixel: a scanner's grain."""
    target = page.load()
    for y in range(page.height):
        for x in range(page.width):
            target[x, y] = max(0, min(255, int(target[x, y] + rng.gauss(0, sigma))))
    return page


def save(page, lines, out, name):
    """Writes `page` as NAME.png and its non-empty `lines` as NAME.gt.txt into `out`."""
    page.save(os.path.join(out, name + ".png"), optimize=True)
    with open(os.path.join(out, name + ".gt.txt"), "w", encoding="utf-8") as gt:
        gt.write("\n".join(line for line in lines if line) + "\n")


def glyph_lines(lines, size, height, margin, smooth=True):
    """`lines` drawn in DejaVu Sans Mono at `size` px, black on white, one every `height` px, `margin`
    px from each side: grey when `smooth`, else bilevel (mode "1") without smoothing."""
    font = ImageFont.truetype(DEJAVU_MONO, size)
    width = max(int(font.getlength(line)) for line in lines) + 2 * margin
    glyphs = Image.new("L" if smooth else "1", (width, height * len(lines) + 2 * margin), 255 if smooth else 1)
    draw = ImageDraw.Draw(glyphs)
    if not smooth:
        draw.fontmode = "1"
    for index, line in enumerate(lines):
        draw.text((margin, margin + index * height), line, font=font, fill=0)
    return glyphs


def faint_receipt(out):
    """The receipt in DejaVu Sans Mono at 20 px, only the glyphs' cores kept (coverage over 60%) and a
    tenth of those pixels dropped, at grey 190 on paper 248 with noise (sigma 3), a 6-px strip of grey
    90 along the top edge, blurred by 0.6 px: a receipt's thermal print faded and worn."""
    rng = random.Random(11)
    glyphs = glyph_lines(RECEIPT, 20, 32, 60)
    page = Image.new("L", glyphs.size, 248)
    source, target = glyphs.load(), page.load()
    for y in range(page.height):
        for x in range(page.width):
            ink = source[x, y] < 100 and rng.random() >= 0.1
            level = 90 if y < 6 else 190 if ink else 248
            target[x, y] = max(0, min(255, int(level + rng.gauss(0, 3))))
    save(page.filter(ImageFilter.GaussianBlur(0.6)), RECEIPT, out, "faint_receipt")


INVOICE = [
    "NORTHGATE HARDWARE LTD", "8 Mill Lane, Kettering", "VAT Reg 318 4420 77", "",
    "INVOICE No: 55127   Date: 02/09/2024",
    "Account: Riverside Garden Centre",
    "----------------------------------------",
    "Code     Description     Qty    Amount",
    "HW1042   Hinge brass      4      11.60",
    "HW2210   Screws 4x40     200      6.90",
    "PT0318   Wood stain 1L     2     17.98",
    "GD0551   Hose reel         1     24.50",
    "----------------------------------------",
    "Net                             61.98", "VAT 20%                         12.40",
    "Total                           74.38", "",
    "Payment due within 30 days", "Please quote the invoice number",
]


def dotted_invoice(out, pitch=4, radius=1.1):
    """The invoice in DejaVu Sans Mono at 10 px without smoothing (its letters 7-8 px high), each pixel
    printed as a dot of radius 1.1 px (a tenth either way) `pitch` px apart, a little off its place,
    in greys 40-90 on paper of 246, blurred by 0.5 px, with noise (sigma 3): a dot-matrix printer's
    letters seven or eight dots high, as a scanner sees them."""
    rng = random.Random(7)
    margin = 50
    glyphs = glyph_lines(INVOICE, 10, 15, 4, smooth=False)
    page = Image.new("L", (glyphs.width * pitch + 2 * margin, glyphs.height * pitch + 2 * margin), 246)
    dots = ImageDraw.Draw(page)
    source = glyphs.load()
    for y in range(glyphs.height):
        for x in range(glyphs.width):
            if source[x, y] == 0:
                cx = margin + (x + 0.5) * pitch + rng.uniform(-0.3, 0.3)
                cy = margin + (y + 0.5) * pitch + rng.uniform(-0.3, 0.3)
                r = radius * rng.uniform(0.85, 1.1)
                dots.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rng.randint(40, 90))
    save(grained(page.filter(ImageFilter.GaussianBlur(0.5)), rng, 3), INVOICE, out, "dotted_invoice")


BORDERED = [
    "TQ FOR SHOPPING WITH GREENLEAF", "UNIT 4, HARBOUR WALK, NO 12",
    "TEL: 0123 456 789", "TAX REG ID 000712345678", "",
    "QTY   PRICE   DISC   AMT",
    "GEL PEN BLACK 0.5MM", "1    2.90    0.00    2.90",
    "A5 NOTEBOOK SQUARED", "2    3.40    0.00    6.80",
    "ERASER WHITE", "1    0.80    0.00    0.80",
    "SUB TOTAL   10.50", "GRAND TOTAL   10.50", "CASH 20.00", "CHANGE DUE   9.50",
    "THANK YOU PLEASE COME AGAIN",
]


def border_receipt(out):
    """The receipt in DejaVu Sans at 22 px, grey 140 on paper of 252, with a band of grey 8 across its
    top (3% of its height) and a strip of grey 30 down its left edge (7 px), blurred by 0.7 px, with
    noise (sigma 2): a receipt scanned with the lid's shadow in the frame."""
    rng = random.Random(5)
    font = ImageFont.truetype(DEJAVU_SANS, 22)
    width, height, top = 640, 38, 120
    page = Image.new("L", (width, top + height * len(BORDERED) + 80), 252)
    draw = ImageDraw.Draw(page)
    for index, line in enumerate(BORDERED):
        draw.text((40, top + index * height), line, font=font, fill=140)
    draw.rectangle((0, 0, width, int(0.03 * page.height)), fill=8)
    draw.rectangle((0, 0, 6, page.height), fill=30)
    save(grained(page.filter(ImageFilter.GaussianBlur(0.7)), rng, 2), BORDERED, out, "border_receipt")


GLASS = [
    "MARKET HALL DELI", "3 Corn Exchange Row, Leeds", "Tel 0113 496 0275", "",
    "Receipt 118342   05/11/2024 17:36", "Till 2   Served by: Priya",
    "",
    "Sourdough loaf            3.20",
    "Mature cheddar 250g       4.15",
    "Olives green tub          2.60",
    "Smoked ham sliced         3.95",
    "Oat milk 1L               1.85",
    "",
    "Total                    15.75", "Card                     15.75", "",
    "Thank you for visiting", "Keep this receipt for returns",
]


def glass_receipt(out):
    """The receipt as a thermal printer's head prints it, 203 dots an inch: DejaVu Sans Mono at 12 px
    without smoothing, 15% of its dots missing, at grey 100 on receipt paper of 249; scanned at 600 dpi
    (each dot 3 px, blurred by 1.5 px), at (1400, 1100) on a lid of 254 the size of an A4 page
    (4961x7016), with 300 specks of dust (1-2 px, grey 60-160) over the whole glass."""
    rng = random.Random(3)
    glyphs = glyph_lines(GLASS, 12, 16, 24, smooth=False)
    printed = Image.new("L", glyphs.size, 249)
    source, target = glyphs.load(), printed.load()
    for y in range(printed.height):
        for x in range(printed.width):
            if source[x, y] == 0 and rng.random() >= 0.15:
                target[x, y] = 100
    scanned = printed.resize((round(printed.width * 600 / 203), round(printed.height * 600 / 203)), Image.NEAREST)
    page = Image.new("L", (4961, 7016), 254)
    page.paste(scanned.filter(ImageFilter.GaussianBlur(1.5)), (1400, 1100))
    dust = ImageDraw.Draw(page)
    for _ in range(300):
        x, y, r = rng.uniform(0, page.width), rng.uniform(0, page.height), rng.uniform(0.6, 1.2)
        dust.ellipse((x - r, y - r, x + r, y + r), fill=rng.randint(60, 160))
    save(page, GLASS, out, "glass_receipt")


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
    dotted_invoice(args.out)
    border_receipt(args.out)
    glass_receipt(args.out)


if __name__ == "__main__":
    main()
