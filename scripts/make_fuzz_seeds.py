#!/usr/bin/env python3
"""make_fuzz_seeds.py - writes the seed corpus of the load-stage fuzzer, Fixtures/fuzz/seeds/: one tiny
page (a word of the invoice heading, 64x20 px) in every format and variant the load stage reads, so the
fuzzer starts from inputs each decoder accepts. Deterministic; needs Pillow. From the repository root:

    python3 scripts/make_fuzz_seeds.py

Every seed is under 4 KB: the fuzzer mutates small inputs fastest.
"""
import io
import os

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "fuzz", "seeds")
HEADING = os.path.join(ROOT, "Fixtures", "timing", "invoice_heading.png")


def encoded(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def exif_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif


def netpbm_plain(image, magic):
    """P1, P2 or P3: the ASCII Netpbm forms Pillow does not write, at half size (text takes room)."""
    image = image.resize((image.width // 2, image.height // 2), Image.LANCZOS)
    width, height = image.size
    if magic == "P1":
        body = " ".join("1" if v < 128 else "0" for v in image.convert("L").tobytes())
        return f"P1\n{width} {height}\n{body}\n".encode()
    if magic == "P2":
        body = " ".join(str(v) for v in image.convert("L").tobytes())
        return f"P2\n{width} {height}\n255\n{body}\n".encode()
    body = " ".join(str(v) for v in image.convert("RGB").tobytes())
    return f"P3\n# a comment\n{width} {height}\n255\n{body}\n".encode()


def main():
    os.makedirs(OUT, exist_ok=True)
    heading = Image.open(HEADING).convert("L")
    # The start of the heading's first word, cropped to its ink and shrunk.
    box = heading.point(lambda v: 255 if v < 128 else 0).getbbox()
    word = heading.crop((box[0], box[1], box[0] + 3 * (box[3] - box[1]), box[3])).resize((64, 20), Image.LANCZOS)
    rgb = Image.merge("RGB", (word, word.point(lambda v: min(255, v + 40)), word))
    bits = word.point(lambda v: 255 if v >= 128 else 0).convert("1")
    seeds = {
        "gray.png": encoded(word, "PNG", dpi=(300, 300)),
        "rgb.png": encoded(rgb, "PNG"),
        "rgba.png": encoded(rgb.convert("RGBA"), "PNG"),
        "palette.png": encoded(rgb.convert("P", palette=Image.ADAPTIVE, colors=8), "PNG"),
        "bits.png": encoded(bits, "PNG"),
        "16bit.png": encoded(word.convert("I;16"), "PNG"),
        "interlaced.png": encoded(word, "PNG", interlace=1),
        "gray.jpg": encoded(word, "JPEG", quality=80),
        "rgb.jpg": encoded(rgb, "JPEG", quality=80),
        "progressive.jpg": encoded(word, "JPEG", quality=80, progressive=True),
        "exif6.jpg": encoded(word, "JPEG", quality=80, exif=exif_orientation(6)),
        "exif5.jpg": encoded(word, "JPEG", quality=80, exif=exif_orientation(5)),
        "cmyk.jpg": encoded(rgb.convert("CMYK"), "JPEG", quality=80),
        "lzw.tif": encoded(word, "TIFF", compression="tiff_lzw"),
        "g4.tif": encoded(bits, "TIFF", compression="group4"),
        "packbits_rgb.tif": encoded(rgb, "TIFF", compression="packbits"),
        "pages.tif": encoded(word, "TIFF", compression="tiff_deflate", save_all=True,
                             append_images=[bits, rgb]),
        "big_endian.tif": encoded(word, "TIFF", compression="raw", big_endian=True),
        "gray.bmp": encoded(word, "BMP"),
        "rgb.bmp": encoded(rgb, "BMP"),
        "bits.bmp": encoded(bits, "BMP"),
        "p1.pbm": netpbm_plain(word, "P1"),
        "p2.pgm": netpbm_plain(word, "P2"),
        "p3.ppm": netpbm_plain(rgb, "P3"),
        "p4.pbm": encoded(bits, "PPM"),
        "p5.pgm": encoded(word, "PPM"),
        "p6.ppm": encoded(rgb, "PPM"),
        "frames.gif": encoded(word.convert("P"), "GIF", save_all=True,
                              append_images=[bits.convert("P")], duration=100),
        "lossy.webp": encoded(rgb, "WEBP", quality=70),
        "lossless.webp": encoded(word, "WEBP", lossless=True),
        "gray.jp2": encoded(word, "JPEG2000"),
    }
    for name, data in seeds.items():
        assert len(data) < 4096, f"{name} is {len(data)} bytes"
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
