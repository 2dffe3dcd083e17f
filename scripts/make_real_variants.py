#!/usr/bin/env python3
"""make_real_variants.py - save real photos again as phones and messengers hand them on.

usage: scripts/make_real_variants.py OUT [--source DIR ...] [--variants half,rot90,rot180,q40]

Each photo of each source set (default ../shared/eval/real) is turned upright by its EXIF
orientation and saved as a JPEG without a resolution, once per variant:

  half     scaled to half its size (a phone's smaller setting, a photo sent on)
  third    scaled to a third (a thumbnail-sized photo passed on by a messenger)
  dim      exposed darker: levels x 0.6 (a room lit by one lamp)
  blur     a Gaussian blur of radius 1.5 px (a hand that moved, focus a little off)
  rot90    turned 90 degrees anticlockwise, without an EXIF orientation to undo it
  rot180   turned 180 degrees
  rot270   turned 270 degrees anticlockwise (90 clockwise)
  qNN      saved at JPEG quality NN (q40, q60, q85, ...)
  tiltNN   turned NN degrees anticlockwise (tilt-NN: clockwise), the frame grown to hold it and its
           new corners filled with the colour of the photo's border (a phone held askew)
  warm     lit by a tungsten lamp: red kept, green x 0.9, blue x 0.65
  falloff  light falling off across the frame: its right side at 45% of its levels (a lamp to the left)
  keystone seen from below: the frame's top a fifth narrower than its foot, corners filled as for tilt
  noise    a high-ISO sensor's grain: Gaussian noise of sigma 14 levels on each channel, saved at 80
  lownoise a dim room shot at high ISO: levels x 0.5, then grain of sigma 10, saved at 80
  glare    a lamp's reflection: a soft elliptical highlight over a third of the frame, its middle
           78% of the way to white (print there keeps a fifth of its contrast)

OUT gets NAME__VARIANT.jpg, NAME__VARIANT.gt.txt (the source's ground truth) and a manifest.tsv in
the eval sets' format, so `scripts/eval.py --set OUT` scores them. The photos are real pages of text
and tables; saving them again keeps their content and changes only what a file says and how it was
compressed, which docscan must not depend on (a book page saved at quality 88 without its 300 dpi
read at CER 0.76 where quality 95 read at 0.04, before docscan measured the resolution itself).
"""

import argparse
import csv
import os
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))


def border_colour(image):
    """The median colour of the photo's outermost pixels, which fills a tilted frame's corners."""
    width, height = image.size
    pixels = [image.getpixel((x, y)) for x in range(0, width, 7) for y in (0, height - 1)]
    pixels += [image.getpixel((x, y)) for y in range(0, height, 7) for x in (0, width - 1)]
    return tuple(sorted(p[channel] for p in pixels)[len(pixels) // 2] for channel in range(3))


def variant(image, name):
    if name == "half":
        return image.resize((image.width // 2, image.height // 2), Image.LANCZOS), 88
    if name == "third":
        return image.resize((image.width // 3, image.height // 3), Image.LANCZOS), 88
    if name == "dim":
        return image.point(lambda level: int(level * 0.6)), 88
    if name == "blur":
        return image.filter(ImageFilter.GaussianBlur(1.5)), 88
    if name == "rot90":
        return image.transpose(Image.ROTATE_90), 88
    if name == "rot180":
        return image.transpose(Image.ROTATE_180), 88
    if name == "rot270":
        return image.transpose(Image.ROTATE_270), 88
    if name.startswith("tilt"):
        return image.rotate(float(name[4:]), resample=Image.BICUBIC, expand=True,
                            fillcolor=border_colour(image)), 88
    if name == "keystone":
        width, height = image.size
        # The quadrilateral of the photo each corner of the new frame samples, anticlockwise from the
        # top left: the top row takes in a tenth more either side, so what the photo shows narrows there.
        quad = (-0.1 * width, 0, 0, height, width, height, 1.1 * width, 0)
        return image.transform(image.size, Image.QUAD, quad, resample=Image.BICUBIC,
                               fillcolor=border_colour(image)), 88
    if name == "warm":
        red, green, blue = image.split()
        return Image.merge("RGB", (red, green.point(lambda v: int(v * 0.9)),
                                   blue.point(lambda v: int(v * 0.65)))), 88
    if name == "falloff":
        ramp = Image.linear_gradient("L").rotate(90, expand=True).resize(image.size)
        shade = ramp.point(lambda v: int(255 - v * 0.55))
        return Image.composite(image, Image.new("RGB", image.size), shade), 88
    if name in ("noise", "lownoise"):
        base = image.point(lambda level: int(level * 0.5)) if name == "lownoise" else image
        sigma = 10 if name == "lownoise" else 14
        grain = Image.merge("RGB", [Image.effect_noise(image.size, sigma) for _ in range(3)])
        # effect_noise is centred on 128: base + grain - 128, clipped, is zero-mean grain.
        return ImageChops.add(base, grain, scale=1.0, offset=-128), 80
    if name == "glare":
        width, height = image.size
        mask = Image.new("L", image.size, 0)
        box = (int(0.45 * width), int(0.2 * height), int(0.85 * width), int(0.55 * height))
        ImageDraw.Draw(mask).ellipse(box, fill=200)
        mask = mask.filter(ImageFilter.GaussianBlur(0.08 * min(width, height)))
        return Image.composite(Image.new("RGB", image.size, (255, 255, 255)), image, mask), 88
    if name.startswith("q") and name[1:].isdigit():
        return image, int(name[1:])
    sys.exit(f"unknown variant {name!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--source", action="append",
                        help="eval set directory (repeatable; default ../shared/eval/real)")
    parser.add_argument("--variants", default="half,rot90,rot180,q40")
    args = parser.parse_args()
    sources = args.source or [os.path.join(HERE, "..", "..", "shared", "eval", "real")]
    os.makedirs(args.out, exist_ok=True)
    rows = [["name", "source", "license", "lang", "kind", "variant", "notes"]]
    for source in sources:
        with open(os.path.join(source, "manifest.tsv"), newline="") as handle:
            manifest = list(csv.reader(handle, delimiter="\t"))[1:]
        for row in manifest:
            name = row[0]
            images = [f for f in os.listdir(source) if os.path.splitext(f)[0] == name
                      and os.path.splitext(f)[1].lower() in (".jpg", ".jpeg", ".png", ".tif", ".tiff")]
            if not images:
                continue
            image = ImageOps.exif_transpose(Image.open(os.path.join(source, images[0]))).convert("RGB")
            with open(os.path.join(source, f"{name}.gt.txt"), encoding="utf-8") as handle:
                truth = handle.read()
            for kind in args.variants.split(","):
                picture, quality = variant(image, kind)
                out = f"{name}__{kind}"
                picture.save(os.path.join(args.out, f"{out}.jpg"), quality=quality)
                with open(os.path.join(args.out, f"{out}.gt.txt"), "w", encoding="utf-8") as handle:
                    handle.write(truth)
                rows.append([out] + row[1:5] + [kind] + row[6:7])
    with open(os.path.join(args.out, "manifest.tsv"), "w", newline="") as handle:
        csv.writer(handle, delimiter="\t").writerows(rows)
    print(f"{len(rows) - 1} photos in {args.out}")


if __name__ == "__main__":
    main()
