#!/usr/bin/env python3
"""make_photo_stress.py - a stress set of phone-photo-like pages made from real scans, for scripts/eval.py.

Composes twelve scanned or rendered pages with ground truth (seven of ../shared/eval/public, five of
Fixtures/pages) into photo scenes, eight kinds each (96 pages), from fixed seeds:
  desk        on light or dark wood or grey stone, turned up to 12 degrees, mild keystone
  dark        on a dark counter
  white       on near-white stone, about as light as the paper
  landscape   turned 90 degrees (either way) in a landscape frame, no EXIF
  shadowband  a soft shadow (of a phone, a hand) across part of the sheet and the table
  curl        a book page's curl at the left (Curl of make_photo_fixtures.py), shaded towards the spine
  big         a 3000x4000 frame (a phone camera's 12 MP)
  steep       strong keystone (the top edge 62-72% of the bottom)
and, asked for by name only (so the default 96 stay as earlier figures measured them), four kinds of
light and camera on a desk scene:
  glare       a flash's or lamp's reflection on glossy paper, lifting print and paper towards white
  warm        a tungsten lamp's colour cast and a strong fall-off of light
  motion      camera shake: a 7-px horizontal smear
  slant       camera shake at a slant: a 7-px smear 10-35 degrees from the horizontal, either way
  dim         dim light: a darker exposure with heavy sensor noise
one of the sheet's shape:
  folded      a letter that came in an envelope: folded in three across (its top and bottom thirds
              rising 8-22 degrees from the desk) and often in half down its middle as well (each half
              rising 3-10 degrees), lit from one side, each panel as bright as it faces the light, a
              thin shade along each crease
one of hands:
  held        a sheet held up by hand: a thumb over its left side and one over its right (or the right
              only), each reaching a tenth of its width in over the margin, the palm beyond the edge
and one of framing:
  close       a close-up at a tilt: a 12 MP frame cut to the print and a fifth of its margin, strong
              keystone (the top 72-85% of the bottom), the sheet's edges outside the frame but for
              the desk's corners at the narrow top when the print comes close to them
  aside       such a close-up aimed off the sheet's centre: the frame reaching past the sheet's right
              side to the desk beyond it (an eighth of the print's width of desk), its other sides
              beyond the frame
`--seed N` makes another set of the same kinds (the default is 500; a close-up's seeds are 1000 more).
Writes DIR/<page>__<kind>.jpg, the page's ground truth as <page>__<kind>.gt.txt, and manifest.tsv, so
  .venv/bin/python scripts/make_photo_stress.py /tmp/stress
  .venv/bin/python scripts/eval.py --docscan BIN --set /tmp/stress --modes accurate,fast
scores docscan on it. Not committed as fixtures (the images are about 100 MB); run it with the eval
virtual environment (numpy, Pillow). Same numpy and Pillow, same files.
"""
import sys, math, os, shutil
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import numpy as np
from PIL import Image, ImageFilter
import make_photo_fixtures as P

PUB = os.path.join(HERE, "..", "..", "shared", "eval", "public"); FIX = os.path.join(HERE, "..", "Fixtures", "pages")
SOURCES = [(PUB, "phototest", "tif", "eng"), (PUB, "eurotext", "tif", "eng+deu+fra+ita+spa+por"),
           (PUB, "unlv_8087_054", "tif", "eng"), (PUB, "congress_1871", "jpg", "eng"),
           (PUB, "huckfinn_c02-22", "jpg", "eng"), (PUB, "zh_edu_p9", "png", "chi_sim+eng"),
           (PUB, "zh_edu_p10", "png", "chi_sim+eng"), (FIX, "en_letter", "png", "eng"),
           (FIX, "en_invoice", "png", "eng"), (FIX, "de_brief", "png", "deu+eng"),
           (FIX, "zh_lab_report", "png", "chi_sim+eng"), (FIX, "zh_notice", "png", "chi_sim+eng")]
KINDS = ["desk", "dark", "white", "landscape", "shadowband", "curl", "big", "steep"]
LIGHT_KINDS = ["glare", "warm", "motion", "dim", "slant"]
# Close-ups: a 12 MP frame cut to the print, strong keystone, little turn, seeds of their own.
CLOSE_UPS = ("close", "aside")

def coverage(path):
    g = np.asarray(Image.open(path).convert("L"), np.float32)
    paper = np.percentile(g, 90); ink = np.percentile(g, 1)
    c = np.clip((paper - g) / max(paper - ink, 1), 0, 1)
    for axis in (1, 0):
        m = c.mean(axis=axis) > 0.5
        n = len(m); i = 0
        while i < n and (m[i] or (i < n * 0.05 and m[i:int(n*0.05)].any())): i += 1
        j = n
        while j > i and (m[j-1] or (j > n * 0.95 and m[int(n*0.95):j].any())): j -= 1
        if axis == 1: c[:i, :] = 0; c[j:, :] = 0
        else: c[:, :i] = 0; c[:, j:] = 0
    return c

def background(kind, rng, shape):
    if kind == "dark":
        return P.counter(rng, shape, base=(45, 42, 40))
    if kind == "white":
        return P.counter(rng, shape, base=(222, 222, 225))
    choice = int(rng.integers(0, 3))
    if choice == 0:
        return P.wood(rng, shape, base=(226, 204, 172), grain=0.07, plank=420, angle=float(rng.uniform(-10, 10)))
    if choice == 1:
        return P.wood(rng, shape, base=(120, 84, 55), grain=0.12, plank=380, angle=float(rng.uniform(-10, 10)))
    return P.counter(rng, shape, base=(130, 130, 135))

def lit(kind, rgb, rng, centre, page):
    """The scene `rgb` under one of LIGHT_KINDS' light or camera, and the sensor noise to finish it with."""
    fh, fw = rgb.shape[:2]
    if kind == "glare":
        # An ellipse of reflected light on the sheet, 85% white at its middle.
        yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
        gx = centre[0] + float(rng.uniform(-0.25, 0.25)) * page[0]
        gy = centre[1] + float(rng.uniform(-0.25, 0.25)) * page[1]
        d = ((xx - gx) / (0.18 * page[0])) ** 2 + ((yy - gy) / (0.09 * page[1])) ** 2
        g = (0.85 * np.exp(-1.5 * d))[:, :, None]
        return rgb * (1 - g) + 255 * g, 2.5
    if kind == "warm":
        yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
        fall = 1 - 0.9 * (((xx - fw * 0.4) / fw) ** 2 + ((yy - fh * 0.45) / fh) ** 2)
        return rgb * np.array([1.0, 0.86, 0.62], np.float32)[None, None, :] * fall[:, :, None], 2.5
    if kind == "motion":
        padded = np.pad(rgb, ((0, 0), (3, 3), (0, 0)), mode="edge")
        sums = np.cumsum(np.pad(padded, ((0, 0), (1, 0), (0, 0))), axis=1, dtype=np.float64)
        return ((sums[:, 7:] - sums[:, :-7]) / 7).astype(np.float32), 2.5
    if kind == "slant":
        return smeared(rgb, 7, math.radians(float(rng.uniform(10, 35)) * (1 if rng.random() < 0.5 else -1))), 2.5
    return rgb * 0.55 + 10, 9.0

def smeared(rgb, length, angle):
    """`rgb` averaged along a `length`-px line at `angle` (radians, anticlockwise from the horizontal):
    13 samples a pixel apart or less, each shifted bilinearly, edges repeated."""
    pad = length
    padded = np.pad(rgb, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
    fh, fw = rgb.shape[:2]
    out = np.zeros_like(rgb, dtype=np.float32)
    steps = np.linspace(-(length - 1) / 2, (length - 1) / 2, 13)
    for t in steps:
        dx, dy = t * math.cos(angle), -t * math.sin(angle)
        x0, y0 = math.floor(dx), math.floor(dy)
        fx, fy = dx - x0, dy - y0
        for oy, wy in ((y0, 1 - fy), (y0 + 1, fy)):
            for ox, wx in ((x0, 1 - fx), (x0 + 1, fx)):
                if wx * wy > 0:
                    out += wx * wy * padded[pad + oy:pad + oy + fh, pad + ox:pad + ox + fw]
    return out / len(steps)

class Fold:
    """A sheet folded in three across (creases at a third and two thirds of its height) and, when
    `half` is not 0, in half down its middle, lying on the desk with its middle third flat and its
    other panels rising towards the camera, seen from straight above at `distance` (page units) from
    the page's centre before the photo's own tilt (`placed`'s homography) is added.

    Flat page point (u, v) -> folded point (X, Y, Z): each panel keeps its length along the sheet, so
    a panel rising by an angle a covers cos(a) of it across the desk and rises sin(a) per unit;
    projected (x, y) = centre + ((X, Y) - centre) * distance / (distance - Z), the centre the page's."""

    def __init__(self, paper, top, bottom, half, distance):
        self.W, self.H = paper
        self.v1, self.v2 = self.H / 3, 2 * self.H / 3
        self.top, self.bottom, self.half = math.radians(top), math.radians(bottom), math.radians(half)
        self.distance = distance
        self._u = np.linspace(-50, self.W + 50, 20001)
        self._v = np.linspace(-50, self.H + 50, 20001)
        self._X = self.across(self._u)[0]
        self._Y = self.down(self._v)[0]

    def across(self, u):
        """X and Z of the vertical fold for u."""
        d = np.asarray(u, float) - self.W / 2
        return self.W / 2 + d * math.cos(self.half), np.abs(d) * math.sin(self.half)

    def down(self, v):
        """Y and Z of the folds across for v."""
        v = np.asarray(v, float)
        above = np.clip(self.v1 - v, 0, None); below = np.clip(v - self.v2, 0, None)
        y = v + above * (1 - math.cos(self.top)) - below * (1 - math.cos(self.bottom))
        return y, above * math.sin(self.top) + below * math.sin(self.bottom)

    def forward(self, u, v):
        x, zx = self.across(u); y, zy = self.down(v)
        s = self.distance / (self.distance - zx - zy)
        return self.W / 2 + (x - self.W / 2) * s, self.H / 2 + (y - self.H / 2) * s

    def inverse(self, x, y):
        x = np.asarray(x, float); y = np.asarray(y, float)
        u, v = x.copy(), y.copy()
        for _ in range(12):
            z = self.across(u)[1] + self.down(v)[1]
            s = (self.distance - z) / self.distance
            u = np.interp(self.W / 2 + (x - self.W / 2) * s, self._X, self._u)
            v = np.interp(self.H / 2 + (y - self.H / 2) * s, self._Y, self._v)
        return u, v

    def shade(self, u, v, light):
        """Each panel's brightness under a light from `light` (x, y, z), the flat panel's as 1, and a
        thin shade along each crease."""
        d = u - self.W / 2
        gx = np.sign(d) * math.tan(self.half)
        gy = np.where(v < self.v1, -math.tan(self.top), np.where(v > self.v2, math.tan(self.bottom), 0.0))
        n = np.stack([-gx, -gy, np.ones_like(gx)], axis=-1)
        n /= np.linalg.norm(n, axis=-1, keepdims=True)
        l = np.asarray(light, float); l /= np.linalg.norm(l)
        lit = np.clip(n @ l, 0, None) / l[2]
        b = 0.45 + 0.55 * lit
        crease = np.exp(-((v - self.v1) / 1.5) ** 2) + np.exp(-((v - self.v2) / 1.5) ** 2)
        if self.half:
            crease = crease + np.exp(-(d / 1.5) ** 2)
        return (b * (1 - 0.18 * np.clip(crease, 0, 1))).astype(np.float32)


def held(rgb, u, v, paper, rng):
    """`rgb` with the hands that hold the sheet up: a thumb over its left side and one over its right
    (or its right only), each reaching a tenth of the sheet's width in over its margin, the palm and
    fingers beyond the edge; skin shaded darker towards its outline, with a soft shadow on the paper
    beside the thumb. `u`, `v`: each pixel's place on the flat page, in page units."""
    W, H = paper
    out = rgb.copy()
    sides = [0, 1] if rng.random() < 0.7 else [1]
    for side in sides:
        v0 = H * float(rng.uniform(0.3, 0.7))
        edge = 0.0 if side == 0 else W
        inward = 1.0 if side == 0 else -1.0
        reach = W * float(rng.uniform(0.07, 0.12))
        # The thumb: an ellipse from the edge inwards; the palm beyond the edge, wider and longer.
        du = (u - (edge + inward * reach * 0.35)) / (reach * 0.75)
        dv = (v - v0) / (H * 0.035)
        thumb = du ** 2 + dv ** 2
        pu = (u - (edge - inward * W * 0.22)) / (W * 0.26)
        pv = (v - (v0 + H * 0.06)) / (H * 0.16)
        palm = pu ** 2 + pv ** 2
        d = np.minimum(thumb, palm)
        skin = np.clip((1.0 - d) * 6.0, 0, 1)[:, :, None]
        tone = np.array([205, 150, 120], np.float32)[None, None, :] * (0.75 + 0.25 * np.clip(1 - d, 0, 1))[:, :, None]
        shadow = np.clip((1.6 - thumb) * 2.0, 0, 1) * (1 - skin[:, :, 0])
        out *= (1 - 0.25 * shadow)[:, :, None]
        out = out * (1 - skin) + tone * skin
    return out


def make(src, kind, seed):
    rng = np.random.default_rng(seed)
    cov = coverage(src)
    H0, W0 = cov.shape
    # output frame: phone-like 3:4
    if kind == "big" or kind in CLOSE_UPS:
        size = (3000, 4000)
    elif kind == "landscape":
        size = (2800, 2100)
    else:
        size = (2100, 2800)
    fw, fh = size
    # page size in output pixels, fitted to frame
    fill = float(rng.uniform(0.70, 0.88))
    if kind == "landscape":
        # page turned 90 degrees in a landscape frame
        s = min(fw * fill / H0, fh * fill / W0)
    else:
        s = min(fw * fill / W0, fh * fill / H0)
    # never render below ~ source/2.2 px (keep text legible) -- scale source px -> out px
    w, h = W0 * s, H0 * s
    k = (0.62, 0.72) if kind == "steep" else (0.72, 0.85) if kind in CLOSE_UPS else (0.80, 0.97)
    k = float(rng.uniform(*k))
    base = [(-w / 2 * k, -h / 2), (w / 2 * k, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    angle = float(rng.uniform(-12, 12)) if kind not in CLOSE_UPS else float(rng.uniform(-4, 4))
    if kind == "landscape":
        angle += 90 if rng.random() < 0.5 else -90
    a = math.radians(angle)
    cx, cy = fw / 2 + float(rng.uniform(-60, 60)), fh / 2 + float(rng.uniform(-60, 60))
    dst = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in base]
    paper = (float(W0), float(H0))
    hm = P.homography([(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])], dst)
    hinv = np.linalg.inv(hm)
    if kind == "curl":
        curl = P.Curl(paper, zone=paper[0] * float(rng.uniform(0.3, 0.45)), squeeze=float(rng.uniform(0.15, 0.3)),
                      lift=paper[1] * float(rng.uniform(0.015, 0.03)))
        # forward: flat -> curled (in page units) -> homography; inverse: out -> hinv -> curl.inverse
        inv = lambda X, Y: curl.inverse(*P.apply_h(hinv, X, Y))
    elif kind == "folded":
        fold = Fold(paper, top=float(rng.uniform(8, 22)), bottom=float(rng.uniform(8, 22)),
                    half=float(rng.uniform(3, 10)) if rng.random() < 0.6 else 0.0,
                    distance=paper[1] * float(rng.uniform(1.6, 2.4)))
        inv = lambda X, Y: fold.inverse(*P.apply_h(hinv, X, Y))
    else:
        inv = lambda X, Y: P.apply_h(hinv, X, Y)
    c, m, u, v = P.warp(cov, 1.0, inv, size)
    shade = P.paper_texture(rng, c.shape)
    if kind == "curl":
        t = np.clip(1 - u / (paper[0] * 0.35), 0, 1)
        shade = shade * (1 - 0.35 * t ** 2)
    if kind == "folded":
        side = float(rng.uniform(-1, 1))
        shade = shade * fold.shade(u, v, (side, float(rng.uniform(-0.6, 0.6)), 1.6))
    bg = background(kind, rng, c.shape)
    bg *= (1 - 0.35 * P.shadow_of(m, float(rng.uniform(-20, 20)), float(rng.uniform(0, 20)), 20))[:, :, None]
    if kind == "shadowband":
        # a soft shadow (arm/phone) over a third of the page
        yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
        th = float(rng.uniform(0, math.pi))
        d = (xx - fw * rng.uniform(0.3, 0.7)) * math.cos(th) + (yy - fh * rng.uniform(0.3, 0.7)) * math.sin(th)
        band = 1 / (1 + np.exp(-d / 40.0))
        shade = shade * (1 - 0.45 * band)
        bg *= (1 - 0.45 * band)[:, :, None]
    rgb = P.compose(bg, c, m, (238, 236, 230), (30, 30, 35), shade)
    if kind == "held":
        rgb = held(rgb, u, v, paper, rng)
    rgb *= P.lighting(c.shape, gx=float(rng.uniform(-0.2, 0.2)), gy=float(rng.uniform(-0.2, 0.2)),
                      vignette=float(rng.uniform(0.1, 0.4)))[:, :, None]
    noise = 2.5
    if kind in LIGHT_KINDS:
        rgb, noise = lit(kind, rgb, rng, (cx, cy), (w, h))
    img = P.finish(rgb, rng, blur=float(rng.uniform(0.7, 1.3)), noise=noise)
    # The sheet's corners in the photo: the flat page's, curled (its left ones rise), then projected.
    flat = [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]
    curled = [tuple(float(c) for c in curl.forward(u, v)) for u, v in flat] if kind == "curl" else \
        [tuple(float(c) for c in fold.forward(u, v)) for u, v in flat] if kind == "folded" else flat
    corners = [tuple(round(float(c), 1) for c in P.apply_h(hm, x, y)) for x, y in curled]
    notes = dict(angle=round(angle, 1), keystone=round(k, 2), scale=round(s, 2), corners=corners)
    if kind == "folded":
        notes["folds"] = [round(math.degrees(a), 1) for a in (fold.top, fold.bottom, fold.half)]
    if kind in CLOSE_UPS:
        # Corners in the cut photo's pixels (the sheet's lie outside it), and the print's box's too.
        cut = close_cut(cov, hm, paper, size)
        ys, xs = np.nonzero(cov > 0.2)
        if kind == "aside":
            # Its right end taken past the sheet's right side, by an eighth of the print's width.
            sheet_right = max(P.apply_h(hm, paper[0], 0)[0], P.apply_h(hm, paper[0], paper[1])[0])
            right = min(size[0], sheet_right + (xs.max() - xs.min()) * s / 8)
            cut = (cut[0], cut[1], max(cut[2], int(round(right))), cut[3])
        img = img.crop(cut)
        box = [(xs.min(), ys.min()), (xs.max() + 1, ys.min()), (xs.max() + 1, ys.max() + 1), (xs.min(), ys.max() + 1)]
        notes["corners"] = [(round(x - cut[0], 1), round(y - cut[1], 1)) for x, y in corners]
        notes["print_corners"] = [tuple(round(float(c) - o, 1) for c, o in zip(P.apply_h(hm, float(x), float(y)), cut))
                                  for x, y in box]
    return img, notes

def close_cut(cov, hm, paper, frame):
    """The box a close-up is cut to: the print's bounding box in the photo and a fifth of its margin
    beyond, within the frame. Where the print comes close to the sheet's edge, a corner of the desk shows
    at the narrow end; elsewhere no edge of the sheet does."""
    ys, xs = np.nonzero(cov > 0.2)
    box = [(xs.min(), ys.min()), (xs.max(), ys.min()), (xs.max(), ys.max()), (xs.min(), ys.max())]
    text = np.array([P.apply_h(hm, float(x), float(y)) for x, y in box])
    sheet = np.array([P.apply_h(hm, x, y) for x, y in [(0, 0), (paper[0], 0), (paper[0], paper[1]), (0, paper[1])]])
    outer = (min(sheet[0][0], sheet[3][0]), min(sheet[0][1], sheet[1][1]),
             max(sheet[1][0], sheet[2][0]), max(sheet[2][1], sheet[3][1]))
    l, t = text[:, 0].min(), text[:, 1].min(); r, b = text[:, 0].max(), text[:, 1].max()
    cut = (max(0, l - 0.2 * (l - outer[0])), max(0, t - 0.2 * (t - outer[1])),
           min(frame[0], r + 0.2 * (outer[2] - r)), min(frame[1], b + 0.2 * (outer[3] - b)))
    return tuple(int(round(v)) for v in cut)

def main():
    args = sys.argv[1:]
    seed = 500
    if "--seed" in args:
        # Another set of the same kinds, to check a change on scenes it was not made on.
        at = args.index("--seed")
        if at + 1 >= len(args) or not args[at + 1].isdigit():
            sys.exit("make_photo_stress.py: --seed needs a whole number")
        seed = int(args[at + 1]); del args[at:at + 2]
    if not args:
        sys.exit("usage: make_photo_stress.py DIR [KIND,...] [--seed N]")
    out = args[0]; kinds = args[1].split(",") if len(args) > 1 else KINDS
    os.makedirs(out, exist_ok=True)
    rows = ["name\tsource\tlicense\tlang\tkind\tvariant\tnotes"]
    for d, name, ext, lang in SOURCES:
        for kind in kinds:
            seed += 1
            # A close-up has seeds of its own, apart from the light kinds' (asked for with them).
            img, notes = make(os.path.join(d, f"{name}.{ext}"), kind, seed + (1000 if kind in CLOSE_UPS else 0))
            n = f"{name}__{kind}"
            img.save(os.path.join(out, n + ".jpg"), quality=88)
            shutil.copy(os.path.join(d, f"{name}.gt.txt"), os.path.join(out, n + ".gt.txt"))
            rows.append(f"{n}\tx\tx\t{lang}\tphoto\t{kind}\t{ {k: v for k, v in notes.items() if not k.endswith('corners')} }")
            print(n, notes, flush=True)
    open(os.path.join(out, "manifest.tsv"), "w").write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
