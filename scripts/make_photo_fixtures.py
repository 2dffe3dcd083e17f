#!/usr/bin/env python3
"""make_photo_fixtures.py - render synthetic, photograph-like pages for docscan's clean-up stage.

Writes, into Fixtures/photos/ (next to this script's parent directory by default):
  <name>.jpg | <name>.png   the page image
  <name>.gt.txt             ground truth: the exact text, line by line, in reading order (UTF-8)
  <name>.json               geometry: image size, the page's four corners in the image's pixel
                            coordinates, and for the curled page the curl amplitude and baselines
  manifest.tsv              name source license lang kind variant notes (as Fixtures/pages/)

Pages:
  curled_book      book page with a cylinder-like curl at the spine (left), mild perspective,
                   darker towards the spine, on a mid-grey wood table (photo, JPEG)
  desk_letter      A5 letter turned ~17 degrees, strong keystone, soft shadow, on a LIGHT wood
                   desk only a little darker than the paper (photo, JPEG) - the hard case
  receipt_counter  narrow thermal receipt, turned ~6 degrees, mild perspective, on a dark
                   counter; the receipt covers ~18% of the frame (photo, JPEG)
  two_column       flat US-letter page at 200 dpi: title across, two columns (render, PNG)
  receipt_scan     flat upright receipt at 300 dpi (render, PNG)
  curled_columns   the two_column page as the right-hand page of an open book: curled at the
                   spine (left), the first column bent most, mild perspective, on wood
  tilted_letter    desk_letter's page lying at a tilt, keystone, size, place and background drawn
                   from a seeded generator (make_tilted): 27 degrees on grey stone
  tilted_receipt   receipt_counter's receipt so (29 degrees, small, on dark wood)
  cut_letter       the letter so (19 degrees, on white stone), its bottom-right corner out of the frame
  pale_desk_curl   Fixtures/pages/en_letter curled at its left end and shaded there, on pale wood as
                   light as the paper's lit part (the photo stress set's en_letter__curl scene, made
                   by make_photo_stress.py with its seed)
  ragged_columns   two_column with blank lines between paragraphs: two ragged columns on one
                   baseline grid, side by side like a table's rows (render, PNG)
  inset_columns    a magazine page: two justified columns with a picture and its caption set into
                   the middle across the gutter, the lines beside it shortened (render, PNG)
  blurred_letter   tilted_letter out of focus: a Gaussian blur of 1/1000 of the photo's longer
                   side (2.1 px), saved again as JPEG (made from the tilted_letter.jpg in --out)
  blurred_table    ruled_table so
  blurred_curl     pale_desk_curl so (3.1 px): OSD finds the upright letter turned onto its side
  shaken_table     ruled_table shaken: every pixel averaged with the 5 below it (a 6-px vertical smear,
                   as a camera moved while the shutter was open), saved again as JPEG
  curled_report    Fixtures/pages/zh_lab_report in the stress set's curl scene (another seed): a table
                   without rules, curled at its left end
  planks_report    the same scene with another seed: on pale planks, whose seams outnumber the sheet's
                   edges among the photo's strongest lines
  shaken_report    zh_lab_report in the stress set's motion scene (seed 1402): camera shake, a 7-px
                   horizontal smear
  shadowed_invoice Fixtures/pages/en_invoice in the stress set's shadowband scene (seed 1204): a soft
                   shadow across its lower part and the desk
  bowed_letter     Fixtures/pages/en_letter in the stress set's curl scene (seed 1031): its text band's
                   lines measure under the bend pages are straightened from
  planks_letter    Fixtures/pages/de_brief in the curl scene (seed 717): on pale planks, its curled end
                   leaves no straight edge, and the frame's border was taken for that side
  planks_letter_en Fixtures/pages/en_letter so (seed 1301): the same, its curl turning the page further
  close_notice     Fixtures/pages/zh_notice in the stress set's close scene (seed 1512): a close-up at a
                   tilt, no edge of the sheet in the frame, its print's margins converging
  close_table      ruled_table's flat page in the stress set's aside scene (seed 1804): a close-up aimed
                   off the sheet's centre, only its right side in the frame (on pale wood), the table's
                   outer rules converging; their corners in the .json (table_corners)
  tight_table      ruled_table's flat page in the stress set's close scene (seed 2102): cut to the print
                   and a fifth of its margin, lit unevenly, the table's outer rules converging
  grey_ruled_table ruled_table's flat page with grey rules (across 63% ink, down 35%, as a PDF's hairlines
                   print), in the stress set's curl scene (seed 4102)
  curled_end_table ruled_table's flat page with paler grey rules (across 78% ink, down 47%) in the curl
                   scene of seed 4101, on pale planks: its curled end, turned from the light, darker than
                   the wood, the lifted edge's soft shadow along it
  seamed_notice    Fixtures/pages/zh_notice in the curl scene of seed 4328, on planks whose seams slant
                   across the frame, one of them through the sheet's top right corner
  close_invoice    Fixtures/pages/en_invoice in the close scene of seed 7004: a close-up at a tilt, its
                   Amount column reaching to within a few pixels of the frame's right side
  close_letter     Fixtures/pages/en_letter in the close scene of seed 7102: a close-up at a tilt whose
                   sheet's right side shows, its last line (the enclosures) near the frame's foot
  glared_letter    desk_letter under a lamp's reflection on glossy paper: a soft elliptical highlight
                   over the right of its text, its middle 78% of the way to white (print there keeps
                   about a fifth of its contrast), saved again as JPEG

All text is original, written for docscan (CC0). Names, shops, addresses and phone numbers are
fictional.

Requirements: Python 3 with numpy and Pillow (pip install numpy pillow), and the Debian font
package fonts-dejavu-core. Debian's /usr/bin/python3 has Pillow (python3-pil) but no numpy, so
run it with the eval virtual environment, which has both:
    .venv/bin/python scripts/make_photo_fixtures.py
Layout helpers, fonts and the line-wrapping are imported from make_fixtures.py (same folder).

How the photos are made: the flat page is rendered as an ink-coverage map at about twice the
final resolution; each output pixel (2x2 supersampled) is mapped back to the flat page
(inverse mapping: a perspective homography, composed for curled_book with a curl model) and
sampled bilinearly. Then paper tone, shading, background texture, shadow, a lighting gradient,
Gaussian blur (radius 0.8), mild noise and JPEG compression (quality 85) are applied.

Output is deterministic: fixed layouts and fixed seeds (numpy.random.default_rng). Running it
again gives byte-identical files with the same Pillow (and its bundled libjpeg/zlib), numpy and
FreeType versions; the committed files were made with Pillow 13.0.0 and numpy 2.4.6.

usage: make_photo_fixtures.py [--out DIR] [--only NAME ...] [--flat DIR]
  --flat DIR   also write the flat (unwarped, effect-free) render of each photo page to DIR
               (<name>.flat.png, 3 px per point = 216 dpi), e.g. for checking with tesseract
               that the text is readable
"""
import argparse
import json
import math
import os
import re
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_fixtures as mf  # noqa: E402  (fonts, layout items, wrapping)
from make_fixtures import LEADING, MM, Gap, Para, Row, Rule, Text, font, width_pt, wrap  # noqa: E402

mf.FONTS["mono"] = (mf.DEJAVU + "DejaVuSansMono.ttf", 0, "fonts-dejavu-core")
mf.FONTS["mono-bold"] = (mf.DEJAVU + "DejaVuSansMono-Bold.ttf", 0, "fonts-dejavu-core")

SS = 2  # supersampling factor of the warp (per axis)


# --------------------------------------------------------------------------
# layout: like make_fixtures.Page.render, but it returns drawing operations in points (so the
# page can be drawn at any scale) and the position of every text line.

class Cells:
    """A receipt row in a monospace font: cells = [(column, align, text), ...] in character
    columns; align "left" starts the text at column, "right" ends it before column. Drawn as
    one padded string; the ground truth is the cells joined with single spaces."""

    def __init__(self, cells, face="mono", size=7.7):
        self.cells, self.face, self.size = cells, face, size

    def string(self):
        s = ""
        for col, align, txt in self.cells:
            start = col if align == "left" else col - len(txt)
            if start < len(s) + (1 if s else 0):
                raise ValueError(f"cells overlap: {self.cells!r}")
            s = s.ljust(start) + txt
        return s


def layout(items, paper, margins, leading=LEADING):
    """-> (ops, gt_lines, text_lines). ops: ("text", x, baseline, text, face, size, anchor) or
    ("rect", x0, y0, x1, y1), all in points. text_lines: (x0, x1, baseline, size) of each
    drawn line, in points."""
    left, right, top = margins
    text_w = paper[0] - left - right
    y = top
    ops, gt, lines = [], [], []

    def put(x, base, txt, face, size, anchor):
        w = width_pt(txt, face, size)
        x0 = {"l": x, "r": x - w, "m": x - w / 2}[anchor[0]]
        if x0 < left - 0.5 or x0 + w > left + text_w + 0.5:
            raise ValueError(f"line too wide: {txt!r}")
        ops.append(("text", x, base, txt, face, size, anchor))
        lines.append((x0, x0 + w, base, size))

    for it in items:
        if isinstance(it, Gap):
            y += it.pt
            if gt and gt[-1] != "":
                gt.append("")
        elif isinstance(it, Rule):
            y += it.before
            ops.append(("rect", left, y, left + text_w, y + it.weight))
            y += it.after
        elif isinstance(it, Para):
            for i, ln in enumerate(wrap(it, text_w)):
                put(left + (it.first_indent if i == 0 else 0), y + it.size, ln, it.face, it.size, "ls")
                gt.append(ln)
                y += it.size * leading
        elif isinstance(it, Text):
            for ln in it.lines:
                if ln:
                    x, anchor = {"left": (left + it.indent, "ls"), "right": (left + text_w, "rs"),
                                 "center": (left + text_w / 2, "ms")}[it.align]
                    put(x, y + it.size, ln, it.face, it.size, anchor)
                gt.append(ln)
                y += it.size * leading
        elif isinstance(it, Cells):
            put(left, y + it.size, it.string(), it.face, it.size, "ls")
            gt.append(" ".join(t for _c, _a, t in it.cells if t))
            y += it.size * leading
        elif isinstance(it, Row):
            for x, align, txt in it.cells:
                if txt:
                    put(left + x, y + it.size, txt, it.face, it.size,
                        {"left": "ls", "right": "rs", "center": "ms"}[align])
            gt.append(" ".join(t for _x, _a, t in it.cells if t))
            y += it.size * leading
        else:
            raise TypeError(it)
    if y > paper[1] - 8 * MM:
        raise ValueError(f"content overflows the page ({y:.0f} pt of {paper[1]:.0f})")
    while gt and gt[-1] == "":
        gt.pop()
    return ops, [ln.rstrip() for ln in gt], lines


def draw_ops(ops, paper, scale):
    """Ink coverage (float32, 0 = paper, 1 = ink) of the page drawn at scale px per point."""
    W, H = round(paper[0] * scale), round(paper[1] * scale)
    img = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(img)
    for op in ops:
        # an op's optional last item is its coverage, 0-255 (default 255, solid ink; 0 knocks text out of
        # a fill, as white print on a shaded band)
        if op[0] == "text":
            _k, x, base, txt, face, size, anchor, *fill = op
            d.text((round(x * scale), round(base * scale)), txt, fill=fill[0] if fill else 255,
                   font=font(face, max(1, round(size * scale))), anchor=anchor)
        else:
            _k, x0, y0, x1, y1, *fill = op
            d.rectangle([round(x0 * scale), round(y0 * scale), round(x1 * scale),
                         round(y0 * scale) + max(1, round((y1 - y0) * scale)) - 1], fill=fill[0] if fill else 255)
    return np.asarray(img, dtype=np.float32) / 255.0


def gt_text(lines):
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# geometry

def homography(src, dst):
    """3x3 matrix mapping the four src points onto the four dst points."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply_h(h, x, y):
    x = np.asarray(x, float); y = np.asarray(y, float)
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    return (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w, (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w


def placed(paper, w, h, keystone, degrees, centre):
    """The homography that lays the flat page (paper, in points) in the photo: a w x h rectangle whose
    top edge is `keystone` times its bottom edge, turned `degrees` (clockwise), centred at `centre`."""
    base = [(-w / 2 * keystone, -h / 2), (w / 2 * keystone, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    a = math.radians(degrees)
    cx, cy = centre
    dst = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in base]
    return homography([(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])], dst)


def bilinear(img, x, y):
    """Sample img (2-D) at float pixel positions (pixel centres at integers); 0 outside."""
    p = np.pad(img, 2)
    x = np.clip(x + 2, 0, p.shape[1] - 1.001); y = np.clip(y + 2, 0, p.shape[0] - 1.001)
    x0 = np.floor(x).astype(np.intp); y0 = np.floor(y).astype(np.intp)
    fx = (x - x0).astype(np.float32); fy = (y - y0).astype(np.float32)
    top = p[y0, x0] * (1 - fx) + p[y0, x0 + 1] * fx
    bot = p[y0 + 1, x0] * (1 - fx) + p[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bot * fy


class Curl:
    """Cylinder-like bend near the spine (the page's left edge, u = 0).

    Flat page point (u, v) in points -> curled point (x, y) in points:
      t = max(0, 1 - u / zone), p = t**2 (a parabola, 1 at the spine, 0 and flat beyond zone)
      x = u - squeeze * zone / 3 * (1 - t**3)     (dx/du = 1 - squeeze * t**2: foreshortening)
      y = v - lift * p * (1 - 0.25 * v / H)       (lines rise towards the spine; top lines most)
    """

    def __init__(self, paper, zone, squeeze, lift):
        self.W, self.H = paper
        self.zone, self.squeeze, self.lift = zone, squeeze, lift
        self._u = np.linspace(-50, self.W + 50, 20001)
        self._x = self.x_of_u(self._u)

    def _t(self, u):
        return np.clip(1 - np.asarray(u, float) / self.zone, 0, None)

    def x_of_u(self, u):
        t = np.minimum(self._t(u), 1.0)
        u = np.asarray(u, float)
        return u - self.squeeze * self.zone / 3 * (1 - t ** 3)

    def forward(self, u, v):
        p = np.minimum(self._t(u), 1.0) ** 2
        v = np.asarray(v, float)
        return self.x_of_u(u), v - self.lift * p * (1 - 0.25 * v / self.H)

    def inverse(self, x, y):
        u = np.interp(x, self._x, self._u)
        p = np.minimum(self._t(u), 1.0) ** 2
        v = (y + self.lift * p) / (1 + 0.25 * self.lift * p / self.H)
        return u, v

    @property
    def width(self):
        return float(self.x_of_u(self.W))


def warp(cov, scale, inverse, size, band=96):
    """Inverse-map the flat coverage onto an output image of size (w, h).

    inverse(X, Y) -> (u, v): output position in pixels (continuous, origin at the image's top-left
    corner, pixel centres at +0.5) -> flat page position in points. Returns (coverage, page mask,
    u, v) at output resolution; coverage and mask are 2x2-supersampled (antialiased); u, v are
    taken at the pixel centres (for shading)."""
    w, h = size
    W, H = cov.shape[1] / scale, cov.shape[0] / scale
    out_c = np.zeros((h, w), np.float32)
    out_m = np.zeros((h, w), np.float32)
    sub = (np.arange(SS) + 0.5) / SS
    xs = (np.arange(w)[:, None] + sub[None, :]).ravel()  # w*SS
    for r0 in range(0, h, band):
        r1 = min(h, r0 + band)
        ys = (np.arange(r0, r1)[:, None] + sub[None, :]).ravel()
        X, Y = np.meshgrid(xs, ys)
        u, v = inverse(X, Y)
        c = bilinear(cov, u * scale - 0.5, v * scale - 0.5)
        m = ((u >= 0) & (u <= W) & (v >= 0) & (v <= H)).astype(np.float32)
        c *= m
        n = r1 - r0
        out_c[r0:r1] = c.reshape(n, SS, w, SS).mean(axis=(1, 3))
        out_m[r0:r1] = m.reshape(n, SS, w, SS).mean(axis=(1, 3))
    X, Y = np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)
    u, v = inverse(X, Y)
    return out_c, out_m, u.astype(np.float32), v.astype(np.float32)


# --------------------------------------------------------------------------
# textures and effects (all arrays are float32 H x W, 0..255 scale unless said otherwise)

def smooth_noise(rng, shape, cells):
    """Low-frequency noise in about -1..1: a random grid of cells = (rows, cols) upsampled
    bicubically to shape (h, w)."""
    g = rng.standard_normal(cells).astype(np.float32)
    g = (g - g.min()) / (g.max() - g.min()) * 255
    im = Image.fromarray(g.astype(np.uint8)).resize((shape[1], shape[0]), Image.BICUBIC)
    return np.asarray(im, np.float32) / 127.5 - 1.0


def wood(rng, shape, base, grain=0.10, plank=380, angle=0.0):
    """Wood grain: streaks along x (turned by angle degrees), plank seams, knots of tone.
    base is the mean RGB; grain the relative strength of the streaks. Returns H x W x 3."""
    h, w = shape
    big = int(math.hypot(h, w)) + 8
    # streaks: many rows, few columns -> long horizontal fibres, bent by low-frequency noise
    fib = smooth_noise(rng, (big, big), (big // 3, 6)) * 0.6 + smooth_noise(rng, (big, big), (big // 14, 4)) * 0.8
    bend = smooth_noise(rng, (big, big), (5, 5)) * 30
    yy, xx = np.mgrid[0:big, 0:big].astype(np.float32)
    rings = np.sin((yy + bend) / 9.0 + smooth_noise(rng, (big, big), (8, 3)) * 3.0)
    tone = fib + 0.35 * rings
    seams = np.ones((big, big), np.float32)
    for y0 in range(int(rng.integers(40, plank)), big, plank):
        seams[y0:y0 + 3] = 0.78
        tone[y0:y0 + plank] += float(rng.normal(0, 0.6))  # planks differ in tone
    img = (1 + grain * np.clip(tone, -3, 3)) * seams
    im = Image.fromarray(np.clip(img * 100, 0, 255).astype(np.uint8)).rotate(angle, Image.BILINEAR)
    off = (big - h) // 2, (big - w) // 2
    t = np.asarray(im, np.float32)[off[0]:off[0] + h, off[1]:off[1] + w] / 100.0
    return t[:, :, None] * np.array(base, np.float32)[None, None, :]


def counter(rng, shape, base):
    """Dark speckled counter top (stone-like)."""
    h, w = shape
    fine = rng.standard_normal((h, w)).astype(np.float32)
    fine = np.asarray(Image.fromarray(np.clip(fine * 40 + 128, 0, 255).astype(np.uint8))
                      .filter(ImageFilter.GaussianBlur(1.2)), np.float32) / 128 - 1
    blot = smooth_noise(rng, shape, (12, 9))
    speck = (rng.random((h, w)) > 0.9975).astype(np.float32)
    speck = np.asarray(Image.fromarray((speck * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.5)),
                       np.float32) / 255 * 6
    t = 1 + 0.22 * fine + 0.12 * blot + speck
    return t[:, :, None] * np.array(base, np.float32)[None, None, :]


def paper_texture(rng, shape):
    """Faint paper mottling, relative (about 1 +- 0.015)."""
    return 1 + 0.012 * smooth_noise(rng, shape, (40, 30)) + 0.006 * smooth_noise(rng, shape, (160, 120))


def lighting(shape, gx, gy, vignette, cx=0.5, cy=0.5):
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xn, yn = xx / w - cx, yy / h - cy
    return 1 + gx * xn + gy * yn - vignette * (xn ** 2 + yn ** 2)


def shadow_of(mask, dx, dy, radius):
    im = Image.fromarray((mask * 255).astype(np.uint8))
    im = im.transform(im.size, Image.AFFINE, (1, 0, -dx, 0, 1, -dy), Image.BILINEAR)
    return np.asarray(im.filter(ImageFilter.GaussianBlur(radius)), np.float32) / 255


def finish(rgb, rng, blur=0.8, noise=2.2):
    """Blur, sensor noise (luma plus a little chroma), 8-bit RGB image."""
    im = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(im, np.float32)
    h, w = a.shape[:2]
    luma = rng.standard_normal((h, w, 1)).astype(np.float32) * noise
    chroma = rng.standard_normal((h, w, 3)).astype(np.float32) * (noise * 0.4)
    return Image.fromarray(np.clip(a + luma + chroma + 0.5, 0, 255).astype(np.uint8))


def compose(bg, cov, mask, paper_rgb, ink_rgb, paper_shade):
    """Page (paper tone x shade, ink by coverage) over background, by the antialiased mask."""
    paper = np.array(paper_rgb, np.float32)[None, None, :] * paper_shade[:, :, None]
    ink = np.array(ink_rgb, np.float32)[None, None, :]
    # ink is printed on paper: it darkens too in shade, but less
    ink = ink * (0.6 + 0.4 * paper_shade[:, :, None])
    page = paper * (1 - cov[:, :, None]) + ink * cov[:, :, None]
    return bg * (1 - mask[:, :, None]) + page * mask[:, :, None]


def corners_dict(pts):
    keys = ["top_left", "top_right", "bottom_right", "bottom_left"]
    return {k: [round(float(x), 1), round(float(y), 1)] for k, (x, y) in zip(keys, pts)}


def x_height_flattened(pts, paper, face, size):
    """Body-text x-height in pixels once the page is flattened to the mean lengths of its
    opposite edges (as docscan's PageQuad.flatSize does)."""
    d = [math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4)]
    scale = ((d[0] + d[2]) / 2 / paper[0] + (d[1] + d[3]) / 2 / paper[1]) / 2
    top = font(face, 1000).getbbox("x", anchor="ls")[1]
    return -top / 1000 * size * scale


def quad_area(pts):
    s = 0.0
    for i in range(4):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 4]
        s += x0 * y1 - x1 * y0
    return abs(s) / 2


# --------------------------------------------------------------------------
# text (original, written for docscan; CC0)

BOOK_PARAS = [
    "By the time the ferry reached Carrow Point the fog had thinned to a pale "
    "haze, and Edith could see the lighthouse standing on its shelf of black "
    "rock like a chalk mark on a slate. She had expected it to look larger. In "
    "her uncle's letters it had seemed enormous, a tower that swayed in the "
    "winter gales and hummed when the wind came from the north, but from the "
    "deck it was a modest thing, white and round-shouldered, with a red iron "
    "gallery near the top.",
    "The ferryman, a quiet man called Tobias Wren, tied up at the stone jetty "
    "and lifted her two cases onto the steps without being asked. He pointed "
    "up the path with his chin. \"The cottage is behind the tower,\" he said. "
    "\"Mind the third step from the top. It moves.\" Then he was back aboard "
    "and casting off before she had found the coins to pay him.",
    "The path climbed in tight zigzags between banks of thrift and yellow "
    "lichen. Halfway up she stopped to catch her breath and looked back at "
    "the mainland, a low grey line with a single church spire. Gulls wheeled "
    "over the jetty, and somewhere below the sea worked patiently at the rocks, "
    "as it had done every hour of every day since long before anyone thought "
    "of building a light there.",
    "The third step from the top did move.",
]


PAGE_NUMBER_GAP = 30.0


def curled_book_items():
    items = [Text("THE KEEPER'S LEDGER", face="serif", size=8.5, align="center"), Gap(14)]
    for i, p in enumerate(BOOK_PARAS):
        items.append(Para(p, face="serif", size=12, first_indent=0 if i == 0 else 18))
    items += [Gap(PAGE_NUMBER_GAP), Text("47", face="serif", size=9, align="center")]
    return items


def desk_letter_items():
    return [
        Text("Fernbrook Cycling Club", face="sans-bold", size=15),
        Text("Unit 4, Mill Yard, Dunmere DN7 2QA", face="sans", size=10),
        Rule(before=3, after=10),
        Text("9 September 2024", face="sans", size=12, align="right"),
        Gap(6),
        Text("Ms Priya Castellan\n18 Heron Lane\nDunmere DN7 5EX", face="sans", size=12),
        Gap(12),
        Text("Dear Ms Castellan,", face="sans", size=12),
        Gap(6),
        Para("Thank you for volunteering to marshal the autumn hill climb on "
             "Sunday 29 September. The race starts at 10:00 at the foot of "
             "Crane Hill, and marshals should arrive by 9:15 to collect a radio "
             "and a bright vest.", face="sans", size=12),
        Gap(6),
        Para("You will stand at the second hairpin with Owen Pritchard. Please "
             "bring warm clothes, water and a charged phone. Lunch is served "
             "at the village hall from 13:00.", face="sans", size=12),
        Gap(6),
        Para("If you can no longer help on the day, please let me know by "
             "Friday 20 September.", face="sans", size=12),
        Gap(10),
        Text("Kind regards,", face="sans", size=12),
        Gap(14),
        Text("Tomasz Hale\nEvent Secretary", face="sans", size=12),
    ]


def money(c):
    return f"{c // 100}.{c % 100:02d}"


def receipt_items(shop, address, phone, stamp, rows, tax_pct, tender, footer):
    """rows: (name, code, price_cents, flag); flag T is taxed. 32-character lines."""
    W = 32
    sz = 7.7
    subtotal = sum(r[2] for r in rows)
    taxable = sum(r[2] for r in rows if r[3] == "T")
    tax = (taxable * tax_pct + 50) // 100
    total = subtotal + tax
    items = [
        Text(shop, face="mono-bold", size=9.5, align="center"),
        Text(address, face="mono", size=sz, align="center"),
        Text(phone, face="mono", size=sz, align="center"),
        Gap(4),
        Text(stamp, face="mono", size=sz, align="center"),
        Rule(weight=0.6, before=3, after=6),
    ]
    for name, code, cents, flag in rows:
        items.append(Cells([(0, "left", name), (20, "left", code), (29, "right", money(cents)),
                            (30, "left", flag)], size=sz))
    items += [
        Rule(weight=0.6, before=2, after=6),
        Cells([(0, "left", "SUBTOTAL"), (29, "right", money(subtotal))], size=sz),
        Cells([(0, "left", f"TAX {tax_pct}%"), (29, "right", money(tax))], size=sz),
        Cells([(0, "left", "TOTAL"), (29, "right", money(total))], face="mono-bold", size=sz),
        Cells([(0, "left", tender), (29, "right", money(total))], size=sz),
        Cells([(0, "left", "ITEMS"), (29, "right", str(len(rows)))], size=sz),
        Gap(8),
        Text(footer, face="mono", size=sz, align="center"),
        Text("RETURNS WITHIN 14 DAYS", face="mono", size=sz, align="center"),
        Text("WITH THIS RECEIPT", face="mono", size=sz, align="center"),
    ]
    for it in items:
        if isinstance(it, Cells) and len(it.string()) > W:
            raise ValueError(it.string())
    return items


COUNTER_ROWS = [
    ("BROTH CHIC", "NP", 219, "F"),
    ("OAT MILK 1L", "NP", 165, "F"),
    ("SOURDOUGH LOAF", "SP", 280, "F"),
    ("CHEDDAR MATURE", "NP", 345, "F"),
    ("EGGS FREE RNG 6", "NP", 235, "F"),
    ("TOMATOES VINE", "NP", 170, "F"),
    ("RICE BASMATI 1KG", "NP", 260, "F"),
    ("DISH SOAP LEMON", "NP", 149, "T"),
    ("PASTA FUSILLI", "SP", 89, "F"),
    ("APPLES GALA", "NP", 210, "F"),
    ("COFFEE GROUND", "SP", 425, "F"),
    ("FOIL WRAP 10M", "NP", 199, "T"),
    ("YOGURT GREEK", "NP", 155, "F"),
    ("TEA BAGS 80", "NP", 249, "F"),
    ("SPONGES 3PK", "NP", 119, "T"),
]

SCAN_ROWS = [
    ("PEANUT BUTTER", "NP", 329, "F"),
    ("BREAD WHOLEWHEAT", "NP", 249, "F"),
    ("MILK 2% 1GAL", "NP", 389, "F"),
    ("CARROTS 2LB", "SP", 149, "F"),
    ("ORANGE JUICE", "NP", 429, "F"),
    ("PAPER TOWELS 2", "NP", 599, "T"),
    ("CHICKEN THIGHS", "SP", 712, "F"),
    ("ONIONS YELLOW", "NP", 189, "F"),
    ("LAUNDRY PODS", "NP", 1099, "T"),
    ("CEREAL OAT RINGS", "SP", 319, "F"),
    ("BUTTER SALTED", "NP", 459, "F"),
    ("BATTERIES AA 4", "NP", 649, "T"),
    ("HONEY CLOVER", "NP", 579, "F"),
    ("LENTILS RED", "NP", 215, "F"),
    ("GARLIC 3CT", "NP", 99, "F"),
]

RECEIPT_WIDTH = 58 * MM  # a 58 mm roll; the length follows the content
RECEIPT_MARGINS = (8.0, 7.0, 14.0)


def receipt_layout(items):
    # lay out once on a tall strip to find the length, then cut the strip to it
    ops, gt, lines = layout(items, (RECEIPT_WIDTH, 2000), RECEIPT_MARGINS, leading=1.35)
    length = math.ceil(max(b for _x0, _x1, b, _s in lines) + 22)
    return ops, gt, lines, (RECEIPT_WIDTH, float(length))


COLUMN_TITLE = "Keeping Bees on a City Rooftop"
COLUMN_PARAS = [
    "When the Larchfield Community Centre first proposed putting two beehives "
    "on its flat roof, several neighbours worried about stings, swarms and "
    "sticky windows. Three summers later the hives are one of the most popular "
    "features of the building, and the waiting list for the monthly open "
    "session is longer than the one for the pottery class.",
    "The project is run by a small group of volunteers led by Agnes Mortimer, "
    "a retired science teacher who kept bees in her garden for twenty years. "
    "She explains that city bees often do better than country bees, because "
    "parks, railway banks and gardens offer a long season of varied flowers. "
    "Her team now includes two nurses, a postman and three students from the "
    "college across the road.",
    "Each hive holds around forty thousand bees at the height of summer. The "
    "volunteers inspect them every nine days from April to August, looking for "
    "signs of disease, checking that the queen is laying, and adding boxes when "
    "the colony needs more space. In a good year the two hives produce about "
    "thirty kilograms of honey.",
    "The honey is sold in small jars at the reception desk, and the money pays "
    "for new frames, protective suits and a yearly visit from a bee inspector. "
    "Visitors who want to keep bees themselves are advised to join a local "
    "association first and to spend a season helping an experienced keeper "
    "before buying a colony of their own.",
]


def justified(words, x, width, baseline, size):
    """The text ops of one line of serif `words` set from x to x + width, the space shared out between
    the words, as a book sets every line of a paragraph but its last."""
    space = (width - sum(width_pt(t, "serif", size) for t in words)) / (len(words) - 1)
    ops = []
    for t in words:
        ops.append(("text", x, baseline, t, "serif", size, "ls"))
        x += width_pt(t, "serif", size) + space
    return ops


def two_column_layout(justify=False, grid=False):
    """Title across the page, then the paragraphs flowed through two columns; with `justify` every line
    but a paragraph's last is set to the full column width, as in a book; with `grid` paragraphs are
    parted by a blank line (as a word processor's newsletter does), so both columns keep one baseline
    grid and their lines stand side by side like a table's rows."""
    paper = (612.0, 792.0)  # US letter
    left, right, top = 54.0, 54.0, 60.0
    gutter = 30.0
    col_w = (paper[0] - left - right - gutter) / 2
    size, adv, para_gap = 12.0, 12.0 * LEADING, 9.0
    if grid:
        para_gap = adv
    ops, lines = [], []
    title_size = 18.0
    tw = width_pt(COLUMN_TITLE, "serif-bold", title_size)
    ops.append(("text", paper[0] / 2, top + title_size, COLUMN_TITLE, "serif-bold", title_size, "ms"))
    lines.append((paper[0] / 2 - tw / 2, paper[0] / 2 + tw / 2, top + title_size, title_size))
    # the flow: lines and paragraph gaps
    flow = []
    for i, p in enumerate(COLUMN_PARAS):
        if i:
            flow.append(None)
        flow += wrap(Para(p, face="serif", size=size), col_w)
    n_lines = sum(1 for f in flow if f is not None)
    col_top = top + title_size * LEADING + 22
    # column 1 takes half the lines (rounded up), column 2 the rest
    half = (n_lines + 1) // 2
    cols, cur, count = [[], []], 0, 0
    for f in flow:
        if f is not None and count == half:
            cur = 1
        if f is None:
            if cols[cur]:
                cols[cur].append(None)
            continue
        cols[cur].append(f)
        count += 1
    gt = [COLUMN_TITLE, ""]
    for c, col in enumerate(cols):
        while col and col[-1] is None:
            col.pop()
        x = left + c * (col_w + gutter)
        y = col_top
        for k, f in enumerate(col):
            if f is None:
                y += para_gap
                gt.append("")
                continue
            w = width_pt(f, "serif", size)
            if w > col_w + 0.5:
                raise ValueError(f)
            words = f.split(" ")
            last_of_paragraph = k + 1 == len(col) or col[k + 1] is None
            if justify and len(words) > 1 and not last_of_paragraph:
                ops += justified(words, x, col_w, y + size, size)
                w = col_w
            else:
                ops.append(("text", x, y + size, f, "serif", size, "ls"))
            lines.append((x, x + w, y + size, size))
            gt.append(f)
            y += adv
    return ops, gt, lines, paper, [len([f for f in c if f]) for c in cols], col_top, left + col_w + gutter / 2


INSET_TITLE = "The Last Ferry on the Wendle"
INSET_PARAS = [
    "For almost ninety years a small diesel ferry has carried people, bicycles and the occasional goat across "
    "the river Wendle at Oxmoor Quay. The crossing takes four minutes, costs the price of a cup of tea, and "
    "saves anyone on foot a walk of eleven kilometres to the nearest bridge.",
    "The ferry is run by Harriet Quayle, who took over the licence from her uncle when he retired. She starts "
    "at half past six every morning, checks the engine and the ropes, and makes her first crossing before the "
    "school bus leaves the village on the far bank. On a busy summer day she may cross sixty times.",
    "Regular passengers include nurses on their way to the cottage hospital, two brothers who farm on both "
    "sides of the river, and a retired postman who crosses every Thursday to play chess in the pub. In August "
    "the boat fills with walkers following the long coastal path, most of whom have never heard of the Wendle.",
    "The council has twice tried to close the service. Each time the village collected signatures, held a "
    "public meeting in the church hall and sent a delegation to the county offices. The second campaign ended "
    "with a grant that paid for a new engine and a ramp for wheelchairs and prams.",
    "Winter is the hardest season. Floods carry whole trees down the river, fog can hide the far bank for "
    "days, and the quay steps turn to ice. Harriet keeps a notebook of every day the ferry could not sail, and "
    "in the worst year she counted nineteen of them, most in a single cold February.",
    "Asked whether she would ever give up the job, she laughs and points at the water. The river changes every "
    "hour, she says, and so do the people on it. She has carried a bride in her wedding dress, a brass band "
    "and a piano, and she intends to carry many more before someone else takes the wheel.",
    "A small museum in the old toll house now tells the story of the crossing, with photographs of the first "
    "wooden boats, the bell that passengers rang to call the ferryman, and a ledger of fares from the year the "
    "service began. It opens on Saturday afternoons and is looked after by volunteers from the village.",
]
INSET_CAPTION = ["THE FERRY AT", "OXMOOR QUAY,", "SEEN FROM THE", "FAR BANK IN", "EARLY SPRING"]


def inset_columns_layout():
    """A magazine page: a title across, two justified columns of serif prose, and a picture (a grey
    box) with its caption set into the middle of the page across the gutter, the columns' lines
    shortened beside it, as a magazine sets an illustration into its text. Read column 1, column 2, then
    the caption."""
    paper = (612.0, 792.0)  # US letter
    left, right, top = 54.0, 54.0, 56.0
    gutter, size = 22.0, 12.0
    col_w = (paper[0] - left - right - gutter) / 2
    adv = size * LEADING
    ops, gt = [], []
    title_size = 20.0
    ops.append(("text", paper[0] / 2, top + title_size, INSET_TITLE, "serif-bold", title_size, "ms"))
    gt += [INSET_TITLE, ""]
    col_top = top + title_size * LEADING + 20
    mid = paper[0] / 2
    pic = (mid - 75.0, paper[1] * 0.40, mid + 75.0, paper[1] * 0.62)
    cap_size = 8.0
    block_bottom = pic[3] + len(INSET_CAPTION) * cap_size * 1.5 + 8
    bottom = paper[1] - 60

    def slots(c):
        """Each line's place in column c: (x0, x1, top), narrowed beside the picture and its caption."""
        y = col_top
        while y + size <= bottom:
            x0 = left + c * (col_w + gutter)
            x1 = x0 + col_w
            if y + size >= pic[1] - 4 and y <= block_bottom + 4:
                if c == 0:
                    x1 = pic[0] - 10
                else:
                    x0 = pic[2] + 10
            yield (x0, x1, y)
            y += adv

    words = []
    for i, p in enumerate(INSET_PARAS):
        if i:
            words.append(None)  # a paragraph's end
        words += p.split()
    places = list(slots(0)) + list(slots(1))
    wi, k = 0, 0
    first_of_paragraph = True
    while wi < len(words):
        if words[wi] is None:
            wi += 1
            first_of_paragraph = True
            continue
        x0, x1, y = places[k]
        indent = 12.0 if first_of_paragraph else 0.0
        line = []
        while wi < len(words) and words[wi] is not None:
            if line and width_pt(" ".join(line + [words[wi]]), "serif", size) > x1 - x0 - indent:
                break
            line.append(words[wi])
            wi += 1
        last_of_paragraph = wi >= len(words) or words[wi] is None
        if len(line) > 1 and not last_of_paragraph:
            ops += justified(line, x0 + indent, x1 - x0 - indent, y + size, size)
        else:
            ops.append(("text", x0 + indent, y + size, " ".join(line), "serif", size, "ls"))
        if first_of_paragraph and k:
            gt.append("")
        gt.append(" ".join(line))
        first_of_paragraph = False
        k += 1
    ops.append(("rect",) + pic + (150,))
    gt.append("")
    y = pic[3] + 6
    for text in INSET_CAPTION:
        ops.append(("text", mid, y + cap_size, text, "sans", cap_size, "ms"))
        gt.append(text)
        y += cap_size * 1.5
    return ops, gt, paper



# --------------------------------------------------------------------------
# the pages

def make_curled_book(rng):
    paper = (432.0, 648.0)  # 6 x 9 in
    ops, gt, lines = layout(curled_book_items(), paper, (40.0, 44.0, 46.0))
    scale = 6.0
    cov = draw_ops(ops, paper, scale)
    size = (1500, 2000)
    curl = Curl(paper, zone=0.5 * paper[0], squeeze=0.35, lift=29.0)
    Wc, H = curl.width, paper[1]
    # mild perspective: the curled sheet's bounding rectangle onto a slightly keystoned quad
    dst = [(214, 124), (1386, 110), (1424, 1964), (178, 1950)]
    hm = homography([(0, 0), (Wc, 0), (Wc, H), (0, H)], dst)
    hinv = np.linalg.inv(hm)

    def inverse(X, Y):
        x, y = apply_h(hinv, X, Y)
        return curl.inverse(x, y)

    def forward(u, v):
        return apply_h(hm, *curl.forward(u, v))

    c, m, u, v = warp(cov, scale, inverse, size)
    t = np.clip(1 - u / curl.zone, 0, 1)
    shade = (1 - 0.22 * t ** 2 - 0.06 * t ** 6) * paper_texture(rng, c.shape)
    bg = wood(rng, c.shape, base=(140, 127, 112), grain=0.12, angle=-3)
    # the page casts a soft shadow to the right and down; the gutter side stays dark
    bg *= (1 - 0.45 * shadow_of(m, 14, 18, 22))[:, :, None]
    rgb = compose(bg, c, m, (234, 228, 212), (38, 34, 32), shade)
    rgb *= lighting(c.shape, gx=0.10, gy=-0.06, vignette=0.35, cx=0.6, cy=0.4)[:, :, None]
    img = finish(rgb, rng, blur=0.8, noise=2.4)

    corners = [forward(0, 0), forward(paper[0], 0), forward(paper[0], H), forward(0, H)]
    baselines, bend = [], 0.0
    for (x0, x1, base, sz) in lines:
        us = np.linspace(x0, x1, 201)
        X, Y = forward(us, np.full_like(us, base))
        # the straight line this baseline lies on where the page is flat (the curl-free image
        # of the curled-space line y = base)
        p0 = np.array(apply_h(hm, curl.x_of_u(x1), base)); p1 = np.array(apply_h(hm, curl.x_of_u(x1) - 1, base))
        d = (p1 - p0) / np.linalg.norm(p1 - p0)
        dist = np.abs((X - p0[0]) * d[1] - (Y - p0[1]) * d[0])
        bend = max(bend, float(dist.max()))
        pick = np.linspace(0, 200, 9).astype(int)
        baselines.append([[round(float(X[i]), 1), round(float(Y[i]), 1)] for i in pick])
    meta = {
        "curl_amplitude_px": round(bend, 1),
        "curl": {"spine": "left", "zone_fraction_of_width": round(curl.zone / paper[0], 3), "model":
                 f"flat (u,v) in pt -> x = u - S*Z/3*(1-t^3), y = v - L*t^2*(1-0.25*v/H), t = max(0, 1-u/Z), "
                 f"Z = {curl.zone:g} pt, S = {curl.squeeze:g}, L = {curl.lift:g} pt "
                 f"({100 * curl.lift / H:.1f}% of the page height H), then a homography",
                 "spine_lift_px": round(float(np.hypot(*(np.array(forward(0, 0)) - np.array(apply_h(hm, 0, 0))))), 1)},
        "baselines": baselines,
    }
    return img, gt, corners, meta, cov, lines, scale, paper


def make_curled_columns(rng):
    """The two-column article, photographed as the right-hand page of an open book: curled towards the
    spine at the left, the column beside the spine bent most, mild perspective, on a wood table."""
    ops, gt, lines, paper, _counts, _col_top, _mid = two_column_layout(justify=True)
    scale = 3.0
    # the page cut below the text (a book page of 612 x 500 pt), so the columns' lines run down the
    # whole page as in a book: a text-line model needs lines at the top and the bottom
    paper = (paper[0], 500.0)
    cov = draw_ops(ops, paper, scale)
    size = (1600, 1400)
    curl = Curl(paper, zone=0.35 * paper[0], squeeze=0.30, lift=30.0)
    Wc, H = curl.width, paper[1]
    dst = [(150, 90), (1480, 78), (1520, 1340), (118, 1326)]
    hm = homography([(0, 0), (Wc, 0), (Wc, H), (0, H)], dst)
    hinv = np.linalg.inv(hm)

    def inverse(X, Y):
        x, y = apply_h(hinv, X, Y)
        return curl.inverse(x, y)

    def forward(u, v):
        return apply_h(hm, *curl.forward(u, v))

    c, m, u, v = warp(cov, scale, inverse, size)
    t = np.clip(1 - u / curl.zone, 0, 1)
    shade = (1 - 0.20 * t ** 2 - 0.06 * t ** 6) * paper_texture(rng, c.shape)
    bg = wood(rng, c.shape, base=(132, 118, 100), grain=0.12, angle=2)
    bg *= (1 - 0.45 * shadow_of(m, 14, 18, 22))[:, :, None]
    rgb = compose(bg, c, m, (236, 231, 218), (36, 33, 31), shade)
    rgb *= lighting(c.shape, gx=0.08, gy=-0.05, vignette=0.30, cx=0.6, cy=0.4)[:, :, None]
    img = finish(rgb, rng, blur=0.8, noise=2.2)
    corners = [forward(0, 0), forward(paper[0], 0), forward(paper[0], H), forward(0, H)]
    spine_lift = float(np.hypot(*(np.array(forward(0, 0)) - np.array(apply_h(hm, 0, 0)))))
    meta = {"curl": {"spine": "left", "zone_fraction_of_width": round(curl.zone / paper[0], 3), "model":
                     f"as curled_book: Z = {curl.zone:g} pt, S = {curl.squeeze:g}, L = {curl.lift:g} pt "
                     f"({100 * curl.lift / H:.1f}% of the page height H), then a homography",
                     "spine_lift_px": round(spine_lift, 1)}}
    return img, gt, corners, meta, cov, lines, scale, paper


def make_desk_letter(rng):
    paper = (420.0, 595.0)  # A5
    ops, gt, lines = layout(desk_letter_items(), paper, (40.0, 40.0, 44.0))
    scale = 6.0
    cov = draw_ops(ops, paper, scale)
    size = (1600, 2100)
    # keystone (top edge 76% of the bottom edge), then turned 17 degrees counter-clockwise
    k = 0.76
    hm = placed(paper, 1130.0, 1500.0, k, -17, (815.0, 1045.0))
    hinv = np.linalg.inv(hm)
    c, m, u, v = warp(cov, scale, lambda X, Y: apply_h(hinv, X, Y), size)
    shade = paper_texture(rng, c.shape)
    bg = wood(rng, c.shape, base=(226, 204, 172), grain=0.07, plank=420, angle=4)
    bg *= (1 - 0.30 * shadow_of(m, 22, 10, 26))[:, :, None]
    rgb = compose(bg, c, m, (240, 238, 232), (36, 36, 40), shade)
    rgb *= lighting(c.shape, gx=-0.10, gy=-0.05, vignette=0.25, cx=0.45, cy=0.45)[:, :, None]
    img = finish(rgb, rng, blur=0.8, noise=2.2)
    corners = [apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]]
    return img, gt, corners, {"rotation_deg_clockwise": -17.0, "keystone_top_to_bottom": k}, cov, lines, scale, paper


def counter_receipt_items():
    return receipt_items("HOLLOWAY FRESH MARKET", "212 CANAL ST, ASHBURY", "TEL 555-0142",
                         "03/14/2024 17:42 LANE 3 #0418", COUNTER_ROWS, 8, "CARD VISA",
                         "THANK YOU FOR SHOPPING")


def scan_receipt_items():
    return receipt_items("PINECREST GROCERS", "9 ORCHARD RD, MILLBROOK", "TEL 555-0188",
                         "11/02/2024 09:15 LANE 1 #2207", SCAN_ROWS, 7, "CASH",
                         "PLEASE KEEP YOUR RECEIPT")


def make_receipt_counter(rng):
    ops, gt, lines, paper = receipt_layout(counter_receipt_items())
    scale = 7.0
    cov = draw_ops(ops, paper, scale)
    size = (1650, 2200)
    hm = placed(paper, 560.0, 560.0 * paper[1] / paper[0], 0.97, 6.5, (860.0, 1120.0))
    hinv = np.linalg.inv(hm)
    c, m, u, v = warp(cov, scale, lambda X, Y: apply_h(hinv, X, Y), size)
    # thermal print fades a little and unevenly
    fade = 0.92 + 0.06 * smooth_noise(rng, c.shape, (20, 6))
    c = c * fade
    shade = paper_texture(rng, c.shape)
    bg = counter(rng, c.shape, base=(40, 40, 44))
    bg *= (1 - 0.5 * shadow_of(m, 10, 12, 14))[:, :, None]
    rgb = compose(bg, c, m, (236, 236, 230), (52, 50, 58), shade)
    rgb *= lighting(c.shape, gx=0.08, gy=0.10, vignette=0.45, cx=0.5, cy=0.45)[:, :, None]
    img = finish(rgb, rng, blur=0.8, noise=2.0)
    corners = [apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]]
    return img, gt, corners, {"rotation_deg_clockwise": 6.5}, cov, lines, scale, paper


TABLE_TITLE = "Ward 4 supply order, week 19"
TABLE_ROWS = [
    ("Item", "Code", "Qty", "Unit", "Amount"),
    ("Nitrile gloves, medium", "GL-204", "40", "6.25", "250.00"),
    ("Gauze swabs 10 x 10 cm", "SW-118", "25", "3.10", "77.50"),
    ("Saline 0.9% 500 ml", "IV-031", "60", "1.85", "111.00"),
    ("Syringes 5 ml", "SY-005", "200", "0.12", "24.00"),
    ("Alcohol wipes", "AW-090", "30", "2.40", "72.00"),
    ("Bandage roll 8 cm", "BD-080", "50", "0.95", "47.50"),
    ("Thermometer covers", "TC-300", "10", "4.75", "47.50"),
    ("Face masks, type IIR", "FM-212", "20", "5.60", "112.00"),
    ("Hand gel 500 ml", "HG-500", "24", "3.35", "80.40"),
    ("Sharps bin 5 l", "SB-050", "12", "2.90", "34.80"),
    ("Urine sample pots", "UP-060", "100", "0.18", "18.00"),
    ("Blood pressure cuff", "BP-011", "2", "38.00", "76.00"),
    ("Total", "", "", "", "950.70"),
]


def ruled_table_layout():
    """A supply order as a table ruled all round, each cell's text close under the rule above it (a form
    filled in by a printer): ops in points, the ground truth row by row, and the paper."""
    paper = (420.0, 595.0)  # A5
    left, top, size, row_h = 30.0, 56.0, 9.5, 15.0
    columns = [0.0, 150.0, 208.0, 248.0, 300.0, 360.0]  # the rules' x, from the left margin
    ops = [("text", left, top - 16, TABLE_TITLE, "sans-bold", 13, "ls")]
    gt = [TABLE_TITLE, ""]
    for r, row in enumerate(TABLE_ROWS):
        y = top + r * row_h
        ops.append(("rect", left, y, left + columns[-1], y + 0.6))
        for c, text in enumerate(row):
            if text:
                right_aligned = c >= 2
                x = left + (columns[c + 1] - 4 if right_aligned else columns[c] + 4)
                ops.append(("text", x, y + size + 1.2, text, "sans-bold" if r == 0 else "sans", size,
                            "rs" if right_aligned else "ls"))
        gt.append(" ".join(t for t in row if t))
    bottom = top + len(TABLE_ROWS) * row_h
    ops.append(("rect", left, bottom, left + columns[-1], bottom + 0.6))
    for x in columns:
        ops.append(("rect", left + x, top, left + x + 0.6, bottom + 0.6))
    return ops, gt, paper


def make_ruled_table(rng):
    ops, gt, paper = ruled_table_layout()
    scale = 6.0
    cov = draw_ops(ops, paper, scale)
    size = (1600, 2100)
    k = 0.9
    hm = placed(paper, 1180.0, 1180.0 * paper[1] / paper[0], k, 4, (800.0, 1060.0))
    hinv = np.linalg.inv(hm)
    c, m, u, v = warp(cov, scale, lambda X, Y: apply_h(hinv, X, Y), size)
    shade = paper_texture(rng, c.shape)
    bg = wood(rng, c.shape, base=(120, 92, 66), grain=0.10, plank=400, angle=2)
    bg *= (1 - 0.35 * shadow_of(m, 16, 14, 20))[:, :, None]
    rgb = compose(bg, c, m, (238, 236, 230), (40, 40, 46), shade)
    rgb *= lighting(c.shape, gx=0.06, gy=-0.08, vignette=0.3, cx=0.5, cy=0.5)[:, :, None]
    img = finish(rgb, rng, blur=1.1, noise=2.2)
    corners = [apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]]
    return img, gt, corners, {"rotation_deg_clockwise": 4.0, "keystone_top_to_bottom": k}, cov, [], scale, paper


LAB_TITLE = "Riverside Clinic laboratory report"
LAB_PATIENT = "Patient: Elena Marsh   Sample taken 12/03/2024 08:40"
LAB_HEADER = ("Test", "Result", "Units", "Reference range")
LAB_SECTIONS = [
    ("Full blood count", [
        ("Haemoglobin", "131", "g/L", "120 - 160"),
        ("White cell count", "6.8", "10^9/L", "4.0 - 11.0"),
        ("Platelets", "244", "10^9/L", "150 - 400"),
        ("Haematocrit", "0.40", "L/L", "0.36 - 0.46"),
    ]),
    ("Liver function", [
        ("Bilirubin", "11", "umol/L", "3 - 21"),
        ("Albumin", "42", "g/L", "35 - 50"),
        ("Alkaline phosphatase", "88", "U/L", "30 - 130"),
    ]),
    ("Kidney function", [
        ("Sodium", "139", "mmol/L", "135 - 145"),
        ("Potassium", "4.3", "mmol/L", "3.5 - 5.2"),
        ("Creatinine", "74", "umol/L", "45 - 90"),
    ]),
]


def shaded_table_layout():
    """A lab report whose table has a dark header band and dark section bands, their words printed white
    out of the band (as forms and reports shade headings): ops in points, the ground truth row by row,
    and the paper."""
    paper = (420.0, 595.0)  # A5
    left, width, size, row_h = 30.0, 360.0, 9.5, 16.0
    columns = [0.0, 140.0, 200.0, 262.0]  # each column's left, from the left margin
    band = 150  # of 255: a band as dark as grey 120 on white paper
    ops = [("text", left, 50, LAB_TITLE, "sans-bold", 13, "ls"),
           ("text", left, 70, LAB_PATIENT, "sans", size, "ls")]
    gt = [LAB_TITLE, LAB_PATIENT, ""]
    y = 88.0

    def banded(words):
        nonlocal y
        ops.append(("rect", left, y, left + width, y + row_h, band))
        for c, text in zip(columns, words):
            ops.append(("text", left + c + 4, y + size + 2.6, text, "sans-bold", size, "ls", 0))
        gt.append(" ".join(words))
        y += row_h

    banded(LAB_HEADER)
    for title, rows in LAB_SECTIONS:
        y += 4
        banded((title,))
        for row in rows:
            for c, text in zip(columns, row):
                ops.append(("text", left + c + 4, y + size + 2.6, text, "sans", size, "ls"))
            gt.append(" ".join(row))
            y += row_h
    ops.append(("text", left, y + 30, "Results checked by Dr A. Osei, 12/03/2024", "sans", size, "ls"))
    gt += ["", "Results checked by Dr A. Osei, 12/03/2024"]
    return ops, gt, paper


def make_shaded_table(rng):
    ops, gt, paper = shaded_table_layout()
    scale = 6.0
    cov = draw_ops(ops, paper, scale)
    size = (1600, 2100)
    k = 0.88
    hm = placed(paper, 1150.0, 1150.0 * paper[1] / paper[0], k, -5, (800.0, 1070.0))
    hinv = np.linalg.inv(hm)
    c, m, u, v = warp(cov, scale, lambda X, Y: apply_h(hinv, X, Y), size)
    shade = paper_texture(rng, c.shape)
    # a soft shadow (of the phone) across the sheet's lower right
    yy, xx = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
    reach = 1 / (1 + np.exp(-((xx - 900) * 0.6 + (yy - 1300) * 0.8) / 60.0))
    shade = shade * (1 - 0.40 * reach)
    bg = wood(rng, c.shape, base=(150, 116, 84), grain=0.09, plank=380, angle=-3)
    bg *= (1 - 0.35 * shadow_of(m, 14, 16, 20))[:, :, None] * (1 - 0.40 * reach)[:, :, None]
    rgb = compose(bg, c, m, (238, 236, 230), (38, 38, 44), shade)
    rgb *= lighting(c.shape, gx=0.10, gy=-0.06, vignette=0.3, cx=0.5, cy=0.5)[:, :, None]
    img = finish(rgb, rng, blur=1.0, noise=2.2)
    corners = [apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]]
    return img, gt, corners, {"rotation_deg_clockwise": -5.0, "keystone_top_to_bottom": k}, cov, [], scale, paper


def make_tilted(kind, rng):
    """A letter (the desk_letter page) or a receipt (receipt_counter's) lying at a tilt drawn from rng
    (-30..30 degrees), with a drawn keystone, size, place, background (light or dark wood, a dark
    counter, grey or near-white stone), shadow, lighting and blur: the draws are the record's notes."""
    if kind == "letter":
        paper = (420.0, 595.0)
        ops, gt, lines = layout(desk_letter_items(), paper, (40.0, 40.0, 44.0))
        scale = 6.0
        w = float(rng.uniform(900, 1250))
    else:
        ops, gt, lines, paper = receipt_layout(counter_receipt_items())
        scale = 7.0
        w = float(rng.uniform(420, 700))
    h = w * paper[1] / paper[0]
    cov = draw_ops(ops, paper, scale)
    size = (1600, 2100)
    k = float(rng.uniform(0.72, 1.0))
    base = [(-w / 2 * k, -h / 2), (w / 2 * k, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    angle = float(rng.uniform(-30, 30))
    a = math.radians(angle)
    cx, cy = 800 + float(rng.uniform(-150, 150)), 1050 + float(rng.uniform(-150, 150))
    dst = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in base]
    hm = homography([(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])], dst)
    hinv = np.linalg.inv(hm)
    c, m, u, v = warp(cov, scale, lambda X, Y: apply_h(hinv, X, Y), size)
    shade = paper_texture(rng, c.shape)
    ground = ["light wood", "dark wood", "dark counter", "grey stone", "white stone"][int(rng.integers(0, 5))]
    if ground == "light wood":
        bg = wood(rng, c.shape, base=(226, 204, 172), grain=0.07, plank=420, angle=float(rng.uniform(-10, 10)))
    elif ground == "dark wood":
        bg = wood(rng, c.shape, base=(120, 84, 55), grain=0.12, plank=380, angle=float(rng.uniform(-10, 10)))
    elif ground == "dark counter":
        bg = counter(rng, c.shape, base=(40, 40, 44))
    elif ground == "grey stone":
        bg = counter(rng, c.shape, base=(130, 130, 135))
    else:
        bg = counter(rng, c.shape, base=(215, 215, 218))
    bg *= (1 - 0.35 * shadow_of(m, float(rng.uniform(-20, 20)), float(rng.uniform(0, 20)), 20))[:, :, None]
    rgb = compose(bg, c, m, (240, 238, 232), (36, 36, 40), shade)
    rgb *= lighting(c.shape, gx=float(rng.uniform(-0.2, 0.2)), gy=float(rng.uniform(-0.2, 0.2)),
                    vignette=float(rng.uniform(0.1, 0.5)))[:, :, None]
    img = finish(rgb, rng, blur=float(rng.uniform(0.6, 1.2)), noise=2.2)
    corners = [apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]]
    extra = {"rotation_deg_clockwise": round(angle, 1), "keystone_top_to_bottom": round(k, 2), "background": ground}
    return img, gt, corners, extra, cov, lines, scale, paper


def make_tilted_letter(rng):
    return make_tilted("letter", rng)


def make_tilted_receipt(rng):
    return make_tilted("receipt", rng)


def make_two_column():
    ops, gt, lines, paper, counts, col_top, mid = two_column_layout()
    scale = 200 / 72
    cov = draw_ops(ops, paper, scale)
    img = Image.fromarray(np.clip(252 - cov * (252 - 20) + 0.5, 0, 255).astype(np.uint8))

    def ink_box(y0, y1, x0, x1):
        ys, xs = np.nonzero(cov[y0:y1, x0:x1] > 0.5)
        return [int(x0 + xs.min()), int(y0 + ys.min()), int(x0 + xs.max()) + 1, int(y0 + ys.max()) + 1]

    h, w = cov.shape
    split, mid_px = round(col_top * scale), round(mid * scale)
    boxes = [ink_box(split, h, 0, mid_px), ink_box(split, h, mid_px, w)]
    return img, gt, {"dpi": 200, "column_lines": counts,
                     "ink_boxes_px": {"title": ink_box(0, split, 0, w), "column_1": boxes[0], "column_2": boxes[1]},
                     "gutter_px": [boxes[0][2], boxes[1][0]]}


def make_inset_columns():
    ops, gt, paper = inset_columns_layout()
    scale = 200 / 72
    cov = draw_ops(ops, paper, scale)
    img = Image.fromarray(np.clip(252 - cov * (252 - 20) + 0.5, 0, 255).astype(np.uint8))
    return img, gt, {"dpi": 200}


def make_ragged_columns():
    """The two_column page with its paragraphs parted by blank lines: the two ragged columns share one
    baseline grid."""
    ops, gt, lines, paper, counts, col_top, mid = two_column_layout(grid=True)
    scale = 200 / 72
    cov = draw_ops(ops, paper, scale)
    img = Image.fromarray(np.clip(252 - cov * (252 - 20) + 0.5, 0, 255).astype(np.uint8))
    return img, gt, {"dpi": 200, "column_lines": counts}


def make_small_type_book():
    """The curled_book page scanned flat at 80 dpi from worn type: ink thinned unevenly, then the
    scanner's sampling (3x3 area average), its noise, grey paper and JPEG. Its thin strokes break into
    single dark pixels beside the print, which an impulse-noise count took for noise."""
    rng = np.random.default_rng(7)
    paper = (432.0, 648.0)
    ops, gt, lines = layout(curled_book_items(), paper, (40.0, 44.0, 46.0))
    dpi, sub = 80, 3
    cov = draw_ops(ops, paper, dpi / 72 * sub)
    grain = smooth_noise(rng, cov.shape, (cov.shape[0] // 6, cov.shape[1] // 6))
    cov = np.clip(cov * (1 - 0.5 * grain), 0, 1)
    fine = Image.fromarray(np.clip(235 - cov * (235 - 45), 0, 255).astype(np.uint8))
    coarse = fine.resize((fine.width // sub, fine.height // sub), Image.BOX)
    grey = np.asarray(coarse).astype(float) + rng.normal(0, 3, (coarse.height, coarse.width))
    img = Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8))
    return img, gt, {"dpi": dpi, "jpeg": True}


def make_receipt_scan():
    ops, gt, lines, paper = receipt_layout(scan_receipt_items())
    cov = draw_ops(ops, paper, 300 / 72)
    img = Image.fromarray(np.clip(244 - cov * (244 - 38) + 0.5, 0, 255).astype(np.uint8))
    return img, gt, {"dpi": 300}


# --------------------------------------------------------------------------

NOTES = {  # name -> (lang, kind, variant, notes); notes start with the document kind
    "curled_book": ("eng", "photo", "curl",
                    "book_page: book page (6x9 in, 25 lines of serif prose, running head, page number) curled "
                    "towards the spine at the left edge, mild perspective, darker near the spine, on "
                    "a mid-grey wood table; phone-like JPEG 1500x2000"),
    "desk_letter": ("eng", "photo", "perspective",
                    "letter: A5 letter (sans) turned 17 degrees in strong keystone perspective (top edge 76% "
                    "of the bottom) with a soft shadow, on a LIGHT wood desk only a little darker than "
                    "the paper; phone-like JPEG 1600x2100"),
    "receipt_counter": ("eng", "photo", "receipt",
                        "receipt: 58 mm thermal receipt (monospace, 15 item rows, totals) turned 6.5 degrees "
                        "with mild perspective on a dark counter, covering about 18% of the frame; "
                        "phone-like JPEG 1650x2200"),
    "two_column": ("eng", "render", "columns",
                   "article: US-letter page at 200 dpi: a title across, two columns of serif prose with a "
                   "30 pt gutter; read column 1, then column 2; flat, 8-bit gray PNG"),
    "inset_columns": ("eng", "render", "columns",
                      "article: US-letter page at 200 dpi: a title across, two justified columns of serif prose "
                      "with a 22 pt gutter, and a picture (a grey box) with a five-line caption set into the middle "
                      "of the page across the gutter, the columns' lines shortened beside it; read column 1, "
                      "column 2, then the caption; flat, 8-bit gray PNG"),
    "ragged_columns": ("eng", "render", "columns",
                       "article: the two_column page with its paragraphs parted by blank lines, so its two ragged "
                       "(left-aligned) columns share one baseline grid and their lines stand side by side like a "
                       "table's rows; read column 1, then column 2; flat, 8-bit gray PNG"),
    "curled_columns": ("eng", "photo", "curl",
                       "article: the two_column page (US letter, title across, two justified columns of serif prose) "
                       "as the right-hand page of an open book (cut below the text, 612x500 pt), curled towards the "
                       "spine at the left so the first column bends most, mild perspective, on a wood table; "
                       "phone-like JPEG 1600x1400"),
    "tilted_letter": ("eng", "photo", "perspective",
                      "letter: the desk_letter page turned 27 degrees counter-clockwise (drawn from a seeded "
                      "generator: keystone 0.81, on grey stone), phone-like JPEG 1600x2100; OSD on the whole "
                      "frame takes it for upside down"),
    "tilted_receipt": ("eng", "photo", "receipt",
                       "receipt: receipt_counter's receipt turned 29 degrees clockwise (seeded: keystone 0.89, "
                       "small in the frame, on dark wood), phone-like JPEG 1600x2100; OSD on the whole frame "
                       "takes it for upside down, and Tesseract's layout analysis reads its code column downwards"),
    "cut_letter": ("eng", "photo", "perspective",
                   "letter: the desk_letter page drawn so too (seed 1001: 19 degrees counter-clockwise, keystone "
                   "0.72, on white stone), its bottom-right corner 89 px out of the frame; phone-like JPEG 1600x2100"),
    "small_type_book": ("eng", "render", "small-type",
                        "book_page: the curled_book page scanned flat at 80 dpi from worn type (ink thinned "
                        "unevenly, grey paper, scanner noise), so its thin strokes break into single dark "
                        "pixels beside the print; 8-bit gray JPEG 480x720 (quality 80)"),
    "pale_desk_curl": ("eng", "photo", "curl",
                       "letter: Fixtures/pages/en_letter curled at its left end, that end shaded below the "
                       "desk's level, on pale wood whose tones reach the paper's; phone-like JPEG 2100x2800"),
    "curled_report": ("chi_sim+eng", "photo", "curl",
                      "lab_report: Fixtures/pages/zh_lab_report (a table without rules: item, value, unit, "
                      "range) curled at its left end and shaded there, on wood; phone-like JPEG 2100x2800"),
    "shaken_report": ("chi_sim+eng", "photo", "shake",
                      "lab_report: Fixtures/pages/zh_lab_report on a desk, smeared 7 px across by camera shake; "
                      "phone-like JPEG 2100x2800"),
    "planks_report": ("chi_sim+eng", "photo", "curl",
                      "lab_report: Fixtures/pages/zh_lab_report curled at its left end on pale planks whose seams "
                      "are the photo's strongest straight lines; phone-like JPEG 2100x2800"),
    "shadowed_invoice": ("eng", "photo", "shadow",
                         "invoice: Fixtures/pages/en_invoice on a desk, a soft diagonal shadow (of a phone, a "
                         "hand) across the sheet's lower part and the desk; phone-like JPEG 2100x2800"),
    "bowed_letter": ("eng", "photo", "curl",
                     "letter: Fixtures/pages/en_letter curled at its left end and shaded there, on wood; its "
                     "long lines bend less than its short ones; phone-like JPEG 2100x2800"),
    "planks_letter": ("deu+eng", "photo", "curl",
                      "letter: Fixtures/pages/de_brief curled at its left end and shaded there, on pale planks; "
                      "phone-like JPEG 2100x2800"),
    "planks_letter_en": ("eng", "photo", "curl",
                         "letter: Fixtures/pages/en_letter curled at its left end and shaded there, on pale planks; "
                         "phone-like JPEG 2100x2800"),
    "close_notice": ("chi_sim+eng", "photo", "perspective",
                     "notice: Fixtures/pages/zh_notice photographed close up at a tilt (keystone 0.8), cut to "
                     "its print and a fifth of its margin: no edge of the sheet shows; phone-like JPEG"),
    "close_table": ("eng", "photo", "perspective",
                    "form: ruled_table's flat page photographed close up at a tilt, aimed off its centre: "
                    "only the sheet's right side shows (on pale wood), the table's outer rules converge; "
                    "phone-like JPEG"),
    "tight_table": ("eng", "photo", "perspective",
                    "form: ruled_table's flat page photographed close up at a tilt (keystone 0.72), cut to its "
                    "print and a fifth of its margin: no edge of the sheet shows, the paper lit unevenly; "
                    "phone-like JPEG"),
    "grey_ruled_table": ("eng", "photo", "table",
                         "form: ruled_table's flat page with its rules printed grey (across 63% ink, down 35%), "
                         "curled on a desk (make_photo_stress.py's curl scene): its rules down come out fainter "
                         "than the print; phone-like JPEG"),
    "curled_end_table": ("eng", "photo", "curl",
                         "form: ruled_table's flat page with its rules printed grey (across 78% ink, down 47%), "
                         "curled on pale planks (make_photo_stress.py's curl scene): its curled end darker than "
                         "the wood, with the lifted edge's soft shadow along it; phone-like JPEG"),
    "seamed_notice": ("chi_sim+eng", "photo", "curl",
                      "notice: Fixtures/pages/zh_notice curled at its left end and shaded there, turned 8 degrees "
                      "on planks whose seams slant across the frame, one through the sheet's top right corner; "
                      "phone-like JPEG 2100x2800"),
    "close_invoice": ("eng", "photo", "close",
                      "invoice: Fixtures/pages/en_invoice photographed close up at a tilt (keystone 0.76, turned "
                      "3.4 degrees), the sheet's edges outside the frame, its Amount column reaching to within a "
                      "few pixels of the frame's right side; phone-like JPEG"),
    "close_letter": ("eng", "photo", "close",
                     "letter: Fixtures/pages/en_letter photographed close up at a tilt (keystone 0.77, turned "
                     "-2.2 degrees), the sheet's right side showing against grey stone, its top, left and foot "
                     "outside the frame; phone-like JPEG"),
    "folded_letter": ("deu+eng", "photo", "fold",
                      "letter: Fixtures/pages/de_brief folded in three across, its top and bottom thirds "
                      "rising 17 and 16 degrees from the desk, the top one turned from the light and about "
                      "as dark as the pale wood; phone-like JPEG 2100x2800"),
    "glared_letter": ("eng", "photo", "glare",
                      "letter: the desk_letter photo under a lamp's reflection on glossy paper (a soft "
                      "elliptical highlight over the right of its text, 78% of the way to white at its "
                      "middle), saved again as a phone's JPEG"),
    "blurred_letter": ("eng", "photo", "blur",
                       "letter: the tilted_letter photo out of focus (Gaussian blur of 1/1000 of its longer "
                       "side, 2.1 px), saved again as a phone's JPEG"),
    "blurred_curl": ("eng", "photo", "blur",
                     "letter: the pale_desk_curl photo out of focus (Gaussian blur of 1/900 of its longer "
                     "side, 3.1 px), saved again as a phone's JPEG"),
    "blurred_table": ("eng", "photo", "blur",
                      "form: the ruled_table photo out of focus (Gaussian blur of 1/1000 of its longer side, "
                      "2.1 px), saved again as a phone's JPEG"),
    "shaken_table": ("eng", "photo", "shake",
                     "form: the ruled_table photo shaken (a 6-px vertical smear: each pixel averaged with the "
                     "5 below it), saved again as a phone's JPEG"),
    "ruled_table": ("eng", "photo", "table",
                    "form: A5 supply order as a table ruled all round in thin (0.6 pt) lines, each cell's "
                    "text close under the rule above it, turned 4 degrees with mild keystone on dark wood, "
                    "blurred as a phone's photo; phone-like JPEG 1600x2100"),
    "shaded_table": ("eng", "photo", "table",
                     "lab_report: A5 lab report whose table has a dark header band and three dark section "
                     "bands, their words printed white out of the band, turned 5 degrees counter-clockwise "
                     "with mild keystone on wood, a soft shadow across its lower right; phone-like JPEG 1600x2100"),
    "receipt_scan": ("eng", "render", "receipt",
                     "receipt: 58 mm receipt (monospace, 15 item rows, totals) scanned flat and upright at "
                     "300 dpi; 8-bit gray PNG"),
}
ORDER = ["curled_book", "desk_letter", "receipt_counter", "two_column", "receipt_scan", "curled_columns",
         "tilted_letter", "tilted_receipt", "cut_letter", "ragged_columns", "small_type_book", "pale_desk_curl", "ruled_table",
         "shaded_table", "blurred_letter", "blurred_table", "curled_report", "planks_report",
         "shadowed_invoice", "bowed_letter", "planks_letter",
         "planks_letter_en", "inset_columns", "blurred_curl", "shaken_report", "close_notice", "shaken_table",
         "close_table", "tight_table", "glared_letter", "folded_letter", "grey_ruled_table",
         "curled_end_table", "seamed_notice", "close_invoice", "close_letter"]
# name -> (the photo it is made from, blur radius as a share of the photo's longer side)
# Fixtures/pages' pages in a scene of make_photo_stress.py: (page, kind, seed). pale_desk_curl is the
# stress set's own en_letter__curl; the other seeds are none of the stress set's (501-596), so the
# stress set's curled lab report stays a page the tests do not see.
STRESS_SCENES = {"pale_desk_curl": ("en_letter", "curl", 562), "curled_report": ("zh_lab_report", "curl", 613),
                 "planks_report": ("zh_lab_report", "curl", 605), "shadowed_invoice": ("en_invoice", "shadowband", 1204),
                 "bowed_letter": ("en_letter", "curl", 1031), "planks_letter": ("de_brief", "curl", 717),
                 "planks_letter_en": ("en_letter", "curl", 1301), "shaken_report": ("zh_lab_report", "motion", 1402),
                 "close_notice": ("zh_notice", "close", 1512), "folded_letter": ("de_brief", "folded", 3113),
                 "seamed_notice": ("zh_notice", "curl", 4328), "close_invoice": ("en_invoice", "close", 7004),
                 "close_letter": ("en_letter", "close", 7102)}
# A photo fixture's flat page (at 3 px per point, as --flat writes it) in a scene of make_photo_stress.py:
# name -> (the photo fixture, kind, seed).
FLAT_SCENES = {"close_table": ("ruled_table", "aside", 1804), "tight_table": ("ruled_table", "close", 2102),
               "grey_ruled_table": ("ruled_table", "curl", 4102), "curled_end_table": ("ruled_table", "curl", 4101)}
# A flat scene's page with its rules grey: (coverage of the rules across, of those down), out of 255.
GREY_RULES = {"grey_ruled_table": (160, 90), "curled_end_table": (200, 120)}
OUT_OF_FOCUS = {"blurred_letter": ("tilted_letter", 1000), "blurred_table": ("ruled_table", 1000),
                "blurred_curl": ("pale_desk_curl", 900)}
# name -> (the photo it is made from, the highlight's box as shares of the frame (left, top, right,
# bottom), its strength at the middle out of 255): as scripts/make_real_variants.py's glare.
GLARED = {"glared_letter": ("desk_letter", (0.36, 0.2, 0.76, 0.5), 200)}
# name -> (the photo it is made from, the smear's length in pixels, down the photo)
SHAKEN = {"shaken_table": ("ruled_table", 6)}
BODY = {"curled_book": ("serif", 12), "desk_letter": ("sans", 12), "receipt_counter": ("mono", 7.7),
        "curled_columns": ("serif", 12), "tilted_letter": ("sans", 12), "tilted_receipt": ("mono", 7.7),
        "cut_letter": ("sans", 12), "ruled_table": ("sans", 9.5), "shaded_table": ("sans", 9.5)}
SEEDS = {"curled_book": 1101, "desk_letter": 2202, "receipt_counter": 3303, "curled_columns": 4404,
         "tilted_letter": 1009, "tilted_receipt": 2009, "cut_letter": 1001,
         "ruled_table": 5505, "shaded_table": 6606}


def flat_scene(stress, photo, kind, seed, rules=None):
    """A photo fixture's flat page (the ruled table's: its layout, rendered as --flat writes it) in a
    scene of make_photo_stress.py: the image, the scene's notes, the ground truth, and where the table's
    outer rules' corners lie in the photo. `rules`: the rules' coverage (across, down) out of 255 when
    they are printed grey."""
    import tempfile
    assert photo == "ruled_table", photo
    ops, gt, paper = ruled_table_layout()
    if rules:
        # A rule down is taller than a point; one across is 0.6 pt high.
        ops = [op + (rules[1] if op[4] - op[2] > 1 else rules[0],) if op[0] == "rect" else op for op in ops]
    scale = 6.0
    cov = draw_ops(ops, paper, scale)
    flat = Image.fromarray(np.clip(255 - cov * 255, 0, 255).astype(np.uint8))
    f = 3.0 / scale
    flat = flat.resize((round(flat.width * f), round(flat.height * f)), Image.LANCZOS)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, photo + ".flat.png")
        flat.save(path)
        img, notes = stress.make(path, kind, seed)
    # The table's outer rules (ruled_table_layout's), in the flat page's pixels, through the scene's
    # homography (the flat page's corners onto the sheet's corners in the photo).
    left, top, right = 30.0, 56.0, 30.0 + 360.0 + 0.6
    bottom = top + len(TABLE_ROWS) * 15.0 + 0.6
    px = (flat.width / paper[0], flat.height / paper[1])
    hm = homography([(0, 0), (flat.width, 0), (flat.width, flat.height), (0, flat.height)], notes["corners"])
    table = [apply_h(hm, x * px[0], y * px[1]) for x, y in [(left, top), (right, top), (right, bottom), (left, bottom)]]
    return img, notes, gt, table


def dump_json(meta):
    """Indented JSON with every innermost list of numbers on one line."""
    text = json.dumps(meta, indent=1)
    text = re.sub(r"\[\s+([-0-9.eE,\s]+?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]", text)
    # and a list of points (a baseline) on one line too
    return re.sub(r"\[\s+(\[[^\[\]]*\](?:,\s+\[[^\[\]]*\])*)\s+\]",
                  lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text) + "\n"


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "Fixtures", "photos"))
    ap.add_argument("--only", nargs="*", help="make only these pages")
    ap.add_argument("--flat", help="also write flat renders of the photo pages here")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    makers = {"curled_book": make_curled_book, "desk_letter": make_desk_letter,
              "receipt_counter": make_receipt_counter, "curled_columns": make_curled_columns,
              "tilted_letter": make_tilted_letter, "tilted_receipt": make_tilted_receipt,
              "cut_letter": make_tilted_letter, "ruled_table": make_ruled_table,
              "shaded_table": make_shaded_table}
    for name in ORDER:
        if a.only and name not in a.only:
            continue
        if name in STRESS_SCENES or name in FLAT_SCENES:
            import make_photo_stress as stress  # (it imports this module: not at the top)
            if name in STRESS_SCENES:
                pages = os.path.join(os.path.dirname(here), "Fixtures", "pages")
                page, kind, seed = STRESS_SCENES[name]
                img, notes = stress.make(os.path.join(pages, page + ".png"), kind, seed)
                gt = open(os.path.join(pages, page + ".gt.txt"), encoding="utf-8").read().rstrip("\n").split("\n")
            else:
                img, notes, gt, table = flat_scene(stress, *FLAT_SCENES[name], rules=GREY_RULES.get(name))
            path = os.path.join(a.out, name + ".jpg")
            img.save(path, quality=85, optimize=True)
            w, h = img.size
            meta = {"kind": "photo", "image_size": [w, h],
                    "coordinates": "pixels, origin at the image's top-left corner, x right, y down",
                    "corners": corners_dict(notes["corners"]),
                    "page_fraction_of_frame": round(quad_area(notes["corners"]) / (w * h), 3),
                    "rotation_deg_clockwise": notes["angle"], "keystone_top_to_bottom": notes["keystone"]}
            if "folds" in notes:
                # Degrees its panels rise from the desk: the top third, the bottom third, each half.
                meta["folds_deg"] = {"top": notes["folds"][0], "bottom": notes["folds"][1], "halves": notes["folds"][2]}
            if "print_corners" in notes:
                # A close-up: the sheet's corners lie outside the photo; its print's box's inside.
                meta["print_corners"] = corners_dict(notes["print_corners"])
            if name in FLAT_SCENES:
                meta["table_corners"] = corners_dict(table)
        elif name in OUT_OF_FOCUS:
            # another fixture's photo as if the phone had focused past the page: a Gaussian blur of a
            # share of the photo's longer side, then saved as a phone's JPEG again
            base, share = OUT_OF_FOCUS[name]
            source = Image.open(os.path.join(a.out, base + ".jpg"))
            source.load()
            radius = max(source.size) / share
            img = source.filter(ImageFilter.GaussianBlur(radius))
            path = os.path.join(a.out, name + ".jpg")
            img.save(path, quality=85, optimize=True)
            w, h = img.size
            gt = open(os.path.join(a.out, base + ".gt.txt"), encoding="utf-8").read().rstrip("\n").split("\n")
            meta = json.load(open(os.path.join(a.out, base + ".json"), encoding="utf-8"))
            meta["out_of_focus"] = {"photo": base + ".jpg", "gaussian_radius_px": round(radius, 2)}
        elif name in GLARED:
            # another fixture's photo under a lamp's reflection: an ellipse of white laid over it,
            # softened by a blur of 8% of the frame's shorter side, saved again as a phone's JPEG
            base, box, strength = GLARED[name]
            source = Image.open(os.path.join(a.out, base + ".jpg")).convert("RGB")
            w, h = source.size
            mask = Image.new("L", source.size, 0)
            ImageDraw.Draw(mask).ellipse((box[0] * w, box[1] * h, box[2] * w, box[3] * h), fill=strength)
            mask = mask.filter(ImageFilter.GaussianBlur(0.08 * min(w, h)))
            img = Image.composite(Image.new("RGB", source.size, (255, 255, 255)), source, mask)
            path = os.path.join(a.out, name + ".jpg")
            img.save(path, quality=85, optimize=True)
            gt = open(os.path.join(a.out, base + ".gt.txt"), encoding="utf-8").read().rstrip("\n").split("\n")
            meta = json.load(open(os.path.join(a.out, base + ".json"), encoding="utf-8"))
            meta["glare"] = {"photo": base + ".jpg", "ellipse_box_of_frame": list(box), "strength": strength,
                             "blur_px": round(0.08 * min(w, h), 1)}
        elif name in SHAKEN:
            # another fixture's photo as if the camera had moved down while the shutter was open: each
            # pixel the mean of itself and the length - 1 below it (the bottom row repeated), saved again
            base, length = SHAKEN[name]
            source = np.asarray(Image.open(os.path.join(a.out, base + ".jpg")).convert("RGB"), np.float64)
            padded = np.pad(source, ((0, length - 1), (0, 0), (0, 0)), mode="edge")
            sums = np.cumsum(np.pad(padded, ((1, 0), (0, 0), (0, 0))), axis=0)
            img = Image.fromarray(np.clip((sums[length:] - sums[:-length]) / length + 0.5, 0, 255).astype(np.uint8))
            path = os.path.join(a.out, name + ".jpg")
            img.save(path, quality=85, optimize=True)
            w, h = img.size
            gt = open(os.path.join(a.out, base + ".gt.txt"), encoding="utf-8").read().rstrip("\n").split("\n")
            meta = json.load(open(os.path.join(a.out, base + ".json"), encoding="utf-8"))
            meta["camera_shake"] = {"photo": base + ".jpg", "smear_px": length, "way": "down"}
        elif name in makers:
            img, gt, corners, extra, cov, _lines, scale, paper = makers[name](np.random.default_rng(SEEDS[name]))
            path = os.path.join(a.out, name + ".jpg")
            img.save(path, quality=85, optimize=True)
            w, h = img.size
            meta = {"kind": "photo", "image_size": [w, h],
                    "coordinates": "pixels, origin at the image's top-left corner, x right, y down",
                    "corners": corners_dict(corners),
                    "page_fraction_of_frame": round(quad_area(corners) / (w * h), 3),
                    "page_size_pt": [round(paper[0], 1), round(paper[1], 1)],
                    "body_x_height_px_flattened": round(x_height_flattened(corners, paper, *BODY[name]), 1)}
            meta.update(extra)
            if a.flat:
                os.makedirs(a.flat, exist_ok=True)
                # flat render at about the photo's resolution, for OCR checks
                flat = Image.fromarray(np.clip(255 - cov * 255, 0, 255).astype(np.uint8))
                f = 3.0 / scale
                flat.resize((round(flat.width * f), round(flat.height * f)), Image.LANCZOS).save(
                    os.path.join(a.flat, name + ".flat.png"))
        else:
            img, gt, extra = {"two_column": make_two_column, "receipt_scan": make_receipt_scan,
                           "ragged_columns": make_ragged_columns, "small_type_book": make_small_type_book,
                           "inset_columns": make_inset_columns}[name]()
            if extra.pop("jpeg", False):  # a scanner's JPEG
                path = os.path.join(a.out, name + ".jpg")
                img.save(path, quality=80, optimize=True, dpi=(extra["dpi"], extra["dpi"]))
            else:
                path = os.path.join(a.out, name + ".png")
                img.save(path, optimize=True, dpi=(extra["dpi"], extra["dpi"]))
            w, h = img.size
            # a scan: the page is the whole image (docscan's page finder should find no sheet)
            meta = {"kind": "scan", "image_size": [w, h],
                    "coordinates": "pixels, origin at the image's top-left corner, x right, y down",
                    "corners": corners_dict([(0, 0), (w, 0), (w, h), (0, h)])}
            meta.update(extra)
        write_text(os.path.join(a.out, name + ".gt.txt"), gt_text(gt))
        write_text(os.path.join(a.out, name + ".json"), dump_json(meta))
        print(f"{name}: {w}x{h}, {os.path.getsize(path)} bytes, {len([g for g in gt if g])} text lines")
    # The manifest is NOTES in ORDER: written whole also when --only made some pages.
    with open(os.path.join(a.out, "manifest.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("name\tsource\tlicense\tlang\tkind\tvariant\tnotes\n")
        for name in ORDER:
            lang, kind, variant, notes = NOTES[name]
            fonts = "fonts-noto-cjk" if lang.startswith("chi_sim") else "fonts-dejavu-core"
            f.write(f"{name}\toriginal text written for docscan\tCC0-1.0\t{lang}\t{kind}\t"
                    f"{variant}\t{notes}; fonts from {fonts}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
