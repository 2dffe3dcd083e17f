#!/usr/bin/env python3
"""make_variants.py - derive docscan's special-case fixtures from Fixtures/pages/.

Reads the upright sample pages made by make_fixtures.py and writes, under
Fixtures/ (next to this script's parent directory by default):

  orientation/  rotated PNGs, JPEGs with every EXIF Orientation value 0..9,
                manifest.tsv
  formats/      the invoice page in many file formats (BMP, PGM, PBM, GIF,
                WebP, JPEG 2000, 16-bit/RGBA/palette PNG, CMYK/RGB JPEG),
                a 3-page TIFF, manifest.tsv
  bad/          bomb.png: a small, valid PNG that declares 40000x40000 pixels
  inverted/     en_letter_banner.png: the letter with its letterhead light on a
                dark banner (for Tesseract's inverted pass)

See Fixtures/README.md for what each file is for.

Requirements: Python 3, Pillow with JPEG, WebP, OpenJPEG and libtiff support
(the PyPI wheels have all of them). No randomness and no timestamps: running
it again gives byte-identical files as long as the Pillow version and the
codec libraries it bundles (libjpeg-turbo, libwebp, OpenJPEG, libtiff, zlib)
are the same. The PNG rotations and bad/bomb.png depend only on zlib.

After writing, the script checks its own output (orientation mapping, EXIF
round trip through PIL.ImageOps.exif_transpose, size limits, the bomb's
zlib stream) and exits non-zero if a check fails.

usage: make_variants.py [--fixtures DIR] [--only orientation|formats|bad|inverted ...]
"""
import argparse
import os
import struct
import sys
import zlib

from PIL import Image, ImageChops, ImageOps, ImageStat

T = Image.Transpose

MAX_FILE = 600 * 1024        # every file stays under this
MAX_FOLDER = 4 * 1024 * 1024  # every new folder stays under this


def fail(msg):
    sys.exit(f"make_variants: CHECK FAILED: {msg}")


def save(img, path, **kw):
    img.save(path, **kw)
    size = os.path.getsize(path)
    print(f"  {os.path.relpath(path)}: {img.mode} {img.size[0]}x{img.size[1]}, {size} bytes")
    return size


def mean_abs_diff(a, b):
    """Mean absolute difference of two same-size grayscale images (0..255)."""
    if a.size != b.size:
        return float("inf")
    return ImageStat.Stat(ImageChops.difference(a.convert("L"), b.convert("L"))).mean[0]


def write_tsv(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(header) + "\n")
        for r in rows:
            f.write("\t".join(str(c) for c in r) + "\n")


def check_folder(folder):
    total = 0
    for n in sorted(os.listdir(folder)):
        s = os.path.getsize(os.path.join(folder, n))
        total += s
        if s >= MAX_FILE:
            fail(f"{folder}/{n} is {s} bytes (limit {MAX_FILE})")
    if total >= MAX_FOLDER:
        fail(f"{folder} totals {total} bytes (limit {MAX_FOLDER})")
    print(f"  {os.path.relpath(folder)}/ total {total} bytes")


# --------------------------------------------------------------------------
# orientation
#
# Naming: rotN = the PAGE CONTENT was turned N degrees clockwise (rot90: the
# top of the text points right). To make it upright, turn it back by
# (360 - N) % 360 degrees clockwise.
#
# Pillow's Transpose.ROTATE_90/270 are counter-clockwise, hence the table.

def turn_cw(img, deg):
    """Turn an image clockwise by deg (0, 90, 180, 270)."""
    return {0: lambda i: i.copy(),
            90: lambda i: i.transpose(T.ROTATE_270),
            180: lambda i: i.transpose(T.ROTATE_180),
            270: lambda i: i.transpose(T.ROTATE_90)}[deg](img)


def to_upright(img, deg_cw, mirrored):
    """Apply a manifest's expected_rotation_to_upright: first mirror
    left-right (if mirrored), then turn clockwise by deg_cw."""
    if mirrored:
        img = img.transpose(T.FLIP_LEFT_RIGHT)
    return turn_cw(img, deg_cw)


# EXIF Orientation value -> (what a viewer does to the STORED pixels to show
# them, as "mirror left-right first, then turn clockwise by deg"). This is the
# TIFF/EXIF 2.3 definition; value 1 = stored upright.
EXIF_TO_UPRIGHT = {
    1: (0, False),    # top-left
    2: (0, True),     # top-right: mirrored left-right
    3: (180, False),  # bottom-right: turned 180
    4: (180, True),   # bottom-left: mirrored top-bottom (= mirror LR + 180)
    5: (270, True),   # left-top: transposed (mirror LR + 270 cw)
    6: (90, False),   # right-top: viewer turns 90 cw
    7: (90, True),    # right-bottom: transverse (mirror LR + 90 cw)
    8: (270, False),  # left-bottom: viewer turns 270 cw (= 90 ccw)
}


def stored_pixels_for(upright, n):
    """The pixels a camera stores so that a viewer applying EXIF
    orientation n shows `upright` (the inverse of the viewer transform)."""
    deg, mirrored = EXIF_TO_UPRIGHT[n]
    img = turn_cw(upright, (360 - deg) % 360)
    if mirrored:
        img = img.transpose(T.FLIP_LEFT_RIGHT)
    return img


def exif_app1(orientation, little_endian):
    """A minimal APP1 payload: 'Exif\\0\\0' + TIFF header + IFD0 holding one
    entry, Orientation (0x0112, SHORT, count 1). Written by hand so that the
    invalid values 0 and 9 go out exactly as given."""
    e = "<" if little_endian else ">"
    tiff = (b"II" if little_endian else b"MM") + struct.pack(e + "HI", 42, 8)
    ifd = (struct.pack(e + "H", 1)
           + struct.pack(e + "HHI", 0x0112, 3, 1)
           + struct.pack(e + "HH", orientation, 0)  # value left-justified in the 4-byte field
           + struct.pack(e + "I", 0))                # no IFD1
    return b"Exif\x00\x00" + tiff + ifd


def jpeg_exif_orientation(path):
    """Read the Orientation value back out of a JPEG's APP1 by hand
    (independent of Pillow's parser). Returns (value, byte order, APP1 index
    among the JPEG's markers)."""
    data = open(path, "rb").read()
    if data[:2] != b"\xff\xd8":
        fail(f"{path}: no SOI")
    pos, idx = 2, 0
    while pos < len(data):
        if data[pos] != 0xFF:
            fail(f"{path}: bad marker at {pos}")
        marker = data[pos + 1]
        if marker == 0xDA:
            break
        seglen = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        seg = data[pos + 4:pos + 2 + seglen]
        if marker == 0xE1 and seg[:6] == b"Exif\x00\x00":
            t = seg[6:]
            e = "<" if t[:2] == b"II" else ">"
            off = struct.unpack(e + "I", t[4:8])[0]
            count = struct.unpack(e + "H", t[off:off + 2])[0]
            for i in range(count):
                ent = t[off + 2 + 12 * i: off + 14 + 12 * i]
                tag, typ, cnt = struct.unpack(e + "HHI", ent[:8])
                if tag == 0x0112:
                    return struct.unpack(e + "H", ent[8:10])[0], t[:2].decode(), idx
        pos += 2 + seglen
        idx += 1
    return None, None, None


def make_orientation(pages, out):
    print("orientation/")
    os.makedirs(out, exist_ok=True)
    rows = []

    # Self-test of the rotation helpers on a 2x1 image: after turning the
    # page 90 cw, its top-left pixel must be at the top-right.
    probe = Image.new("L", (2, 1), 0)
    probe.putpixel((0, 0), 255)
    if turn_cw(probe, 90).size != (1, 2) or turn_cw(probe, 90).getpixel((0, 0)) != 255:
        fail("turn_cw(90) is not clockwise")
    probe = Image.new("L", (2, 2), 0)
    probe.putpixel((0, 0), 255)
    if turn_cw(probe, 90).getpixel((1, 0)) != 255 or turn_cw(probe, 270).getpixel((0, 1)) != 255:
        fail("turn_cw is not clockwise")

    # The letter at 150 dpi: pages/en_letter_150dpi.png is the same text and
    # layout as pages/en_letter.png rendered natively at 150 dpi (1240x1754),
    # so every variant here turns back into that file exactly (PNGs) or
    # nearly (JPEGs).
    letter_src = "pages/en_letter_150dpi.png"
    letter = pages["en_letter_150dpi"]
    for deg in (90, 180, 270):
        name = f"en_letter_rot{deg}"
        img = turn_cw(letter, deg)
        save(img, os.path.join(out, name + ".png"), optimize=True, dpi=(150, 150))
        back = (360 - deg) % 360
        if to_upright(img, back, False).tobytes() != letter.tobytes():
            fail(f"{name}: turning back {back} cw does not give the source")
        rows.append((name, name + ".png", letter_src, f"rot{deg}", back, "no",
                     f"page turned {deg} cw; 8-bit gray PNG, pHYs 150 dpi; "
                     f"turned back it equals {letter_src} pixel for pixel"))

    zh = pages["zh_notice"]
    name = "zh_notice_rot270"
    img = turn_cw(zh, 270)
    save(img, os.path.join(out, name + ".png"), optimize=True, dpi=(300, 300))
    if to_upright(img, 90, False).tobytes() != zh.tobytes():
        fail(f"{name}: turning back 90 cw does not give the source")
    rows.append((name, name + ".png", "pages/zh_notice.png", "rot270", 90, "no",
                 "page turned 270 cw (top of text points left); 8-bit gray PNG, pHYs 300 dpi; "
                 "turned back it equals pages/zh_notice.png pixel for pixel; lang chi_sim+eng"))

    # EXIF JPEGs. Odd orientation values get a big-endian ('MM') TIFF header,
    # even ones little-endian ('II'), so both byte orders are covered.
    for n in range(0, 10):
        name = f"en_letter_exif{n}"
        path = os.path.join(out, name + ".jpg")
        valid = n in EXIF_TO_UPRIGHT
        stored = stored_pixels_for(letter, n) if valid else letter.copy()
        if valid:
            deg, mirrored = EXIF_TO_UPRIGHT[n]
            if to_upright(stored, deg, mirrored).tobytes() != letter.tobytes():
                fail(f"{name}: manifest rotation does not undo the stored transform")
            if n != 1 and stored.size == letter.size and stored.tobytes() == letter.tobytes():
                fail(f"{name}: stored pixels are upright")
        little = (n % 2 == 0)
        save(stored, path, quality=80, dpi=(150, 150),
             exif=exif_app1(n, little_endian=little))

        # Checks on the written file.
        value, order, _ = jpeg_exif_orientation(path)
        if value != n:
            fail(f"{name}: Orientation reads back as {value}")
        raw = Image.open(path)
        raw.load()
        if raw.mode != "L":
            fail(f"{name}: mode {raw.mode}")
        shown = ImageOps.exif_transpose(Image.open(path))
        d_shown = mean_abs_diff(shown, letter)
        if d_shown > 2.0:
            fail(f"{name}: exif_transpose result differs from the upright page (mean abs diff {d_shown:.2f})")
        d_raw = mean_abs_diff(raw, letter)
        if valid and n != 1 and d_raw < 10:
            fail(f"{name}: stored pixels look upright (mean abs diff {d_raw:.2f})")
        if not valid and d_raw > 2.0:
            fail(f"{name}: stored pixels should be upright")
        print(f"    Orientation={value} ({order}), stored {raw.size[0]}x{raw.size[1]}, "
              f"mean|exif_transpose - upright|={d_shown:.3f}, "
              f"mean|stored - upright|={'n/a (size differs)' if d_raw == float('inf') else f'{d_raw:.2f}'}")

        if valid:
            deg, mirrored = EXIF_TO_UPRIGHT[n]
            what = {1: "stored upright",
                    2: "stored mirrored left-right",
                    3: "stored turned 180",
                    4: "stored mirrored top-bottom",
                    5: "stored transposed (mirrored across the top-left/bottom-right diagonal)",
                    6: "stored turned 270 cw (viewer turns 90 cw)",
                    7: "stored transversed (mirrored across the top-right/bottom-left diagonal)",
                    8: "stored turned 90 cw (viewer turns 270 cw)"}[n]
            rows.append((name, name + ".jpg", letter_src, f"exif{n}", deg,
                         "yes" if mirrored else "no",
                         f"EXIF Orientation={n} ({order} byte order); {what}; "
                         f"gray JPEG q80, JFIF 150 dpi"))
        else:
            rows.append((name, name + ".jpg", letter_src, f"exif{n}", 0, "no",
                         f"INVALID EXIF Orientation={n} ({order} byte order); stored upright; "
                         f"must be ignored with a warning; gray JPEG q80, JFIF 150 dpi"))

    write_tsv(os.path.join(out, "manifest.tsv"),
              ("name", "file", "source", "transform", "expected_rotation_to_upright",
               "mirrored", "notes"), rows)
    check_folder(out)


# --------------------------------------------------------------------------
# formats

INVOICE_DPI = 200
INVOICE_PAPER = 236  # gray level of the invoice's paper in pages/en_invoice.png


def to_1bit(gray, threshold=128):
    return gray.point(lambda v: 255 if v >= threshold else 0).convert("1", dither=Image.Dither.NONE)


def downscale(img, src_dpi, dst_dpi):
    w, h = img.size
    size = (round(w * dst_dpi / src_dpi), round(h * dst_dpi / src_dpi))
    return img.resize(size, Image.LANCZOS)


def make_formats(pages, out):
    print("formats/")
    os.makedirs(out, exist_ok=True)
    src = "pages/en_invoice.png"
    gray = downscale(pages["en_invoice"], 300, INVOICE_DPI)  # 1167x1653
    dpi = (INVOICE_DPI, INVOICE_DPI)
    full = "1-29"  # lines of pages/en_invoice.gt.txt on the image
    rows = []

    def row(file, fmt, img, gt_lines, notes, dpi_meta=INVOICE_DPI):
        rows.append((file, fmt, img.mode, f"{img.size[0]}x{img.size[1]}", INVOICE_DPI,
                     dpi_meta, src, gt_lines, notes))

    bw = to_1bit(gray)

    p = os.path.join(out, "invoice.bmp")
    save(bw, p, dpi=dpi)
    row("invoice.bmp", "BMP", bw, full, "1-bit BMP (BI_RGB, 2-entry palette black/white), "
        "threshold 128; resolution in pixels per metre")

    # PGM (P5) is uncompressed, one byte per pixel: the whole page would be
    # 1.9 MB, so this one is a crop of the top of the page (gt lines 1-13).
    crop = gray.crop((88, 97, 1080, 657))
    p = os.path.join(out, "invoice.pgm")
    save(crop, p)
    if open(p, "rb").read(2) != b"P5":
        fail("invoice.pgm is not P5")
    row("invoice.pgm", "PGM P5", crop, "1-13", "binary PGM, 8-bit gray, maxval 255; "
        "CROP of the top of the page (x 88..1079, y 97..656 of the 200 dpi page): "
        "header, invoice fields and bill-to address only; PNM has no DPI field", dpi_meta="")

    p = os.path.join(out, "invoice.pbm")
    save(bw, p)
    if open(p, "rb").read(2) != b"P4":
        fail("invoice.pbm is not P4")
    row("invoice.pbm", "PBM P4", bw, full, "binary PBM, 1-bit, whole page; PNM has no DPI field",
        dpi_meta="")

    p = os.path.join(out, "invoice.gif")
    save(gray, p)
    row("invoice.gif", "GIF", gray, full, "GIF87a/89a, 8-bit gray palette (256 entries), LZW; "
        "GIF has no DPI field", dpi_meta="")

    p = os.path.join(out, "invoice.webp")
    save(gray, p, lossless=True, method=6, exact=True)
    row("invoice.webp", "WebP", gray, full, "lossless WebP (VP8L); WebP stores RGB, "
        "all pixels gray; no DPI field", dpi_meta="")

    p = os.path.join(out, "invoice.jp2")
    # Lossless (reversible 5/3 wavelet): at 229 KB it is smaller than lossy
    # ratio 4-6 and OCRs as well as the PNG; ratio 12 cost OCR errors.
    save(gray, p, irreversible=False)
    row("invoice.jp2", "JPEG 2000 (JP2)", gray, full, "JP2 container, 1 component 8-bit, "
        "lossless (reversible 5/3 wavelet), made with OpenJPEG via Pillow; "
        "no resolution box (Pillow does not write one)", dpi_meta="")

    g16 = gray.convert("I").point(lambda v: v * 257).convert("I;16")
    p = os.path.join(out, "invoice_16bit.png")
    save(g16, p, optimize=True, dpi=dpi)
    if Image.open(p).mode != "I;16":
        fail("invoice_16bit.png did not come back as I;16")
    row("invoice_16bit.png", "PNG", g16, full, "16-bit grayscale PNG (color type 0, bit depth 16); "
        "value = 8-bit gray * 257")

    # RGBA: every pixel's RGB is black; the page is only in the alpha channel.
    # alpha = 255 * (paper - gray) / paper, so paper -> alpha 0 (transparent
    # black), ink -> alpha 255. Composited on white it is the page with a
    # white background; a reader that drops alpha sees an all-black image.
    alpha = gray.point(lambda v: max(0, min(255, round(255 * (INVOICE_PAPER - v) / INVOICE_PAPER))))
    black = Image.new("L", gray.size, 0)
    rgba = Image.merge("RGBA", (black, black, black, alpha))
    p = os.path.join(out, "invoice_rgba.png")
    save(rgba, p, optimize=True, dpi=dpi)
    back = Image.open(p)
    if back.mode != "RGBA" or back.getextrema()[:3] != ((0, 0), (0, 0), (0, 0)):
        fail("invoice_rgba.png: RGB is not all black")
    flat = Image.new("RGB", gray.size, (255, 255, 255))
    flat.paste(back, mask=back.getchannel("A"))
    if ImageStat.Stat(flat.convert("L")).mean[0] < 200:
        fail("invoice_rgba.png does not flatten to a white page")
    row("invoice_rgba.png", "PNG", rgba, full, "RGBA PNG (color type 6, 8-bit): RGB = (0,0,0) "
        "EVERYWHERE, text only in alpha (ink alpha 255, paper alpha 0 = transparent black); "
        "ignoring alpha gives an all-black image, compositing on white gives the page")

    # Palette: 16 gray levels, palette index 0 = lightest (the order is
    # reversed on purpose, so a reader must look colors up in the palette).
    levels = 16
    pal = []
    for i in range(levels):
        v = round((levels - 1 - i) * 255 / (levels - 1))
        pal += [v, v, v]
    idx = gray.point(lambda v: (levels - 1) - round(v * (levels - 1) / 255))
    pimg = Image.frombytes("P", gray.size, idx.tobytes())
    pimg.putpalette(pal)
    p = os.path.join(out, "invoice_palette.png")
    save(pimg, p, optimize=True, dpi=dpi, bits=4)
    if mean_abs_diff(Image.open(p).convert("L"), gray) > 4:
        fail("invoice_palette.png does not look like the page")
    row("invoice_palette.png", "PNG", pimg, full, "palette PNG (color type 3, 4-bit), 16 gray "
        "entries in REVERSED order (index 0 = white, 15 = black): using the index as the "
        "gray value gives an inverted, dark page")

    # CMYK JPEG: all ink on the K plate (C = M = Y = 0, K = 255 - gray).
    # Pillow writes it the way Photoshop does: Adobe APP14 marker,
    # inverted values in the file.
    zero = Image.new("L", gray.size, 0)
    cmyk = Image.merge("CMYK", (zero, zero, zero, ImageOps.invert(gray)))
    p = os.path.join(out, "invoice_cmyk.jpg")
    save(cmyk, p, quality=80, dpi=dpi)
    if Image.open(p).mode != "CMYK":
        fail("invoice_cmyk.jpg is not CMYK")
    row("invoice_cmyk.jpg", "JPEG", cmyk, full, "CMYK JPEG (4 components, Adobe APP14, "
        "inverted storage as written by Photoshop/libjpeg), q80; ink only on K "
        "(C = M = Y = 0, K = 255 - gray)")

    # RGB JPEG on cream paper; its JFIF density says 96 dpi although the
    # pixels are a 200 dpi render (a wrong-DPI case).
    cream = (248, 242, 222)
    rgb = Image.merge("RGB", [gray.point(lambda v, c=c: min(255, round(v * c / INVOICE_PAPER)))
                              for c in cream])
    p = os.path.join(out, "invoice_rgb.jpg")
    save(rgb, p, quality=80, dpi=(96, 96))
    if Image.open(p).info.get("dpi") != (96, 96):
        fail("invoice_rgb.jpg: dpi is not 96")
    row("invoice_rgb.jpg", "JPEG", rgb, full, "RGB (YCbCr 4:2:0) JPEG q80, cream paper "
        f"{cream}; JFIF density says 96 dpi but the pixels are a 200 dpi render "
        "(the text is 11 pt only if 200 dpi is assumed)", dpi_meta=96)

    # 3-page TIFF, Group 4, 1-bit, 200 dpi: letter (A4), German letter (A4),
    # invoice (A5, downscaled 300 -> 200 dpi). Different page sizes.
    tif_pages = [to_1bit(pages["en_letter"]), to_1bit(pages["de_brief"]), bw]
    p = os.path.join(out, "letters.tif")
    tif_pages[0].save(p, save_all=True, append_images=tif_pages[1:], compression="group4", dpi=dpi)
    print(f"  {os.path.relpath(p)}: 3 pages, {os.path.getsize(p)} bytes")
    t = Image.open(p)
    if t.n_frames != 3:
        fail("letters.tif does not have 3 pages")
    for i, ref in enumerate(tif_pages):
        t.seek(i)
        if t.size != ref.size or t.convert("1").tobytes() != ref.tobytes():
            fail(f"letters.tif page {i + 1} does not match")
    rows.append(("letters.tif", "TIFF", "1", "1653x2339, 1653x2339, 1167x1653", 200, 200,
                 "pages/en_letter.png, pages/de_brief.png, pages/en_invoice.png",
                 "all (per page)",
                 "multi-page TIFF, 3 IFDs, 1-bit CCITT Group 4, 200 dpi each, threshold 128; "
                 "page 1 = pages/en_letter.png, page 2 = pages/de_brief.png (lang deu), "
                 "page 3 = pages/en_invoice.png downscaled 300 -> 200 dpi (A5, smaller page)"))

    write_tsv(os.path.join(out, "manifest.tsv"),
              ("file", "format", "pil_mode", "size", "pixels_dpi", "dpi_metadata", "source",
               "gt_lines", "notes"), rows)
    check_folder(out)


# --------------------------------------------------------------------------
# bad

BOMB_W = BOMB_H = 40000


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def make_bad(out):
    print("bad/")
    os.makedirs(out, exist_ok=True)
    p = os.path.join(out, "bomb.png")
    row_bytes = (BOMB_W + 7) // 8
    row = b"\x00" + b"\xff" * row_bytes  # filter type None, all white (1-bit gray, 1 = white)
    with open(p, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(png_chunk(b"IHDR", struct.pack(">IIBBBBB", BOMB_W, BOMB_H, 1, 0, 0, 0, 0)))
        comp = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY)
        buf = b""
        for _ in range(BOMB_H):
            buf += comp.compress(row)
            if len(buf) >= 65536:
                f.write(png_chunk(b"IDAT", buf[:65536]))
                buf = buf[65536:]
        buf += comp.flush()
        while buf:
            f.write(png_chunk(b"IDAT", buf[:65536]))
            buf = buf[65536:]
        f.write(png_chunk(b"IEND", b""))
    print(f"  {os.path.relpath(p)}: 1-bit gray {BOMB_W}x{BOMB_H} declared, {os.path.getsize(p)} bytes")
    walk_png(p)
    check_folder(out)


def walk_png(path):
    """Walk the chunks (CRCs) and inflate the IDAT stream in bounded pieces,
    checking every row is filter 0 + all-0xff, without holding the image."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: bad signature")
    pos = 8
    d = zlib.decompressobj()
    row_len = 1 + (BOMB_W + 7) // 8
    expect = b"\x00" + b"\xff" * (row_len - 1)
    pending = b""
    rows = 0
    ihdr = None
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        if zlib.crc32(kind + body) != crc:
            fail(f"{path}: CRC error in {kind}")
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunk = body
            while chunk:
                pending += d.decompress(chunk, 1 << 20)
                chunk = d.unconsumed_tail
                while len(pending) >= row_len:
                    if pending[:row_len] != expect:
                        fail(f"{path}: row {rows} is not white")
                    pending = pending[row_len:]
                    rows += 1
        pos += 12 + n
        if kind == b"IEND":
            break
    if ihdr != (BOMB_W, BOMB_H, 1, 0, 0, 0, 0) or rows != BOMB_H or pending or not d.eof:
        fail(f"{path}: IHDR {ihdr}, {rows} rows, {len(pending)} bytes left, eof {d.eof}")
    print(f"    walked: IHDR {ihdr[0]}x{ihdr[1]} depth {ihdr[2]} color {ihdr[3]}, "
          f"{rows} rows of {row_len} bytes inflate to {rows * row_len} bytes, CRCs ok")


# --------------------------------------------------------------------------
# inverted

def make_inverted(pages, out):
    """The letter's letterhead (its name, address and telephone lines) inverted in place: white text on
    a black banner, as on a printed form's or invoice's heading."""
    print("inverted/")
    os.makedirs(out, exist_ok=True)
    img = pages["en_letter"].copy()
    if img.size != (1653, 2339):
        fail("pages/en_letter.png is not 1653x2339")
    box = (150, 150, 1530, 312)
    img.paste(ImageOps.invert(img.crop(box)), box)
    save(img, os.path.join(out, "en_letter_banner.png"), optimize=True)


# --------------------------------------------------------------------------

def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fixtures", default=os.path.join(os.path.dirname(here), "Fixtures"))
    ap.add_argument("--only", nargs="*", choices=("orientation", "formats", "bad", "inverted"))
    a = ap.parse_args(argv)
    pagedir = os.path.join(a.fixtures, "pages")
    pages = {}
    for n in ("en_letter", "en_letter_150dpi", "en_invoice", "zh_notice", "de_brief"):
        img = Image.open(os.path.join(pagedir, n + ".png"))
        img.load()
        if img.mode != "L":
            fail(f"pages/{n}.png is {img.mode}, expected L")
        pages[n] = img
    # en_letter_150dpi must really be en_letter at 150 dpi.
    if pages["en_letter_150dpi"].size != (1240, 1754):
        fail("pages/en_letter_150dpi.png is not 1240x1754")
    todo = a.only or ("orientation", "formats", "bad", "inverted")
    if "orientation" in todo:
        make_orientation(pages, os.path.join(a.fixtures, "orientation"))
    if "formats" in todo:
        make_formats(pages, os.path.join(a.fixtures, "formats"))
    if "bad" in todo:
        make_bad(os.path.join(a.fixtures, "bad"))
    if "inverted" in todo:
        make_inverted(pages, os.path.join(a.fixtures, "inverted"))
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
