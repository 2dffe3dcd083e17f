#!/usr/bin/env python3
"""make_bad_fixtures.py - writes the small hostile inputs in Fixtures/bad/ (bomb.png comes from
make_variants.py). Deterministic; needs Pillow. Run from the repository root:

    python3 scripts/make_bad_fixtures.py

Each file is a few KB. Links, FIFOs, odd names and long paths are made by the tests themselves.
"""
import io
import os
import struct
import zlib

from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures", "bad")
HEADING = os.path.join(os.path.dirname(OUT), "timing", "invoice_heading.png")


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def encoded(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def broken_second_page(tiff):
    """A little-endian multi-page TIFF with its second page's strips pointed past the end of the file:
    its directory reads, its pixels cannot."""
    data = bytearray(tiff)
    assert data[:2] == b"II"
    ifd = struct.unpack_from("<I", data, 4)[0]
    ifd = struct.unpack_from("<I", data, ifd + 2 + 12 * struct.unpack_from("<H", data, ifd)[0])[0]  # page 2
    for entry in range(struct.unpack_from("<H", data, ifd)[0]):
        at = ifd + 2 + 12 * entry
        tag, kind, count = struct.unpack_from("<HHI", data, at)
        if tag != 273:  # StripOffsets
            continue
        size = 2 if kind == 3 else 4
        where = at + 8 if count * size <= 4 else struct.unpack_from("<I", data, at + 8)[0]
        for index in range(count):
            struct.pack_into("<H" if size == 2 else "<I", data, where + index * size, 0xFFF0 if size == 2 else 0x7FFFFF00)
    return bytes(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    heading = Image.open(HEADING).convert("L")
    png = encoded(heading, "PNG", optimize=True)
    jpeg = encoded(heading, "JPEG", quality=70)
    tiff = encoded(heading, "TIFF", compression="tiff_lzw")
    write("empty.png", b"")
    write("truncated.png", png[: len(png) // 2])
    write("truncated.jpg", jpeg[: len(jpeg) // 2])
    write("truncated.tif", tiff[: len(tiff) // 2])
    write("notes.jpg", b"Shopping list\n- milk\n- bread\n")
    write("error_page.png", b"<!DOCTYPE html><html><head><title>404 Not Found</title></head>"
                            b"<body><h1>Not Found</h1></body></html>\n")
    # A byte of the image data changed after its CRC was computed.
    broken = bytearray(png)
    idat = broken.find(b"IDAT")
    broken[idat + 20] ^= 0xFF
    write("bad_crc.png", bytes(broken))
    # A header that claims 100000 x 100000 pixels, followed by one tiny row of data.
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    write("huge_header.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
          + chunk(b"IDAT", zlib.compress(b"\x00" * 101)) + chunk(b"IEND", b""))
    write("one_pixel.png", encoded(Image.new("L", (1, 1), 255), "PNG"))
    write("white.png", encoded(Image.new("L", (850, 1100), 255), "PNG", dpi=(100, 100)))
    write("black.png", encoded(Image.new("L", (850, 1100), 0), "PNG", dpi=(100, 100)))
    frames = [heading.convert("P"), Image.new("P", heading.size, 255)]
    three = [heading, heading.transpose(Image.Transpose.ROTATE_180), heading]
    write("broken_page2.tif", broken_second_page(
        encoded(three[0], "TIFF", compression="tiff_lzw", save_all=True, append_images=three[1:])))
    write("animated.gif", encoded(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=500, loop=0))


if __name__ == "__main__":
    main()
