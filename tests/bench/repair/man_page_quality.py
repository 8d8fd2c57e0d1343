#!/usr/bin/env python3
"""How much of real text read through a wrong code page `u8scope-cli repair --mojibake` restores.

The text: the manual pages installed under /usr/share/man in the given languages (by default
Russian, Ukrainian and Serbian: Cyrillic prose with roff markup, about 2.3 MB on Debian 12 with
man-db, procps and passwd). Their UTF-8 is read as a code page (windows-1251 by default) by
`u8scope-cli transcode`, repaired, and compared with the original line by line. Pages that are not
valid UTF-8 are left out. Exits 0 with a note when no page is installed (container images often
leave /usr/share/man out).

Usage: tests/bench/repair/man_page_quality.py build/release/bin/u8scope-cli [PAGE [LANG...]]
(PAGE: an encoding name u8scope-cli knows, windows-1251 by default; LANG: ru uk sr by default).
Prints the lines restored exactly, the time of the repair, and the first lines that differ.
"""
import glob
import gzip
import os
import subprocess
import sys
import tempfile
import time


def main():
    cli = sys.argv[1]
    page = sys.argv[2] if len(sys.argv) > 2 else "windows-1251"
    langs = sys.argv[3:] or ["ru", "uk", "sr"]
    original = bytearray()
    for lang in langs:
        for path in sorted(glob.glob(f"/usr/share/man/{lang}/man*/*.gz")):
            data = gzip.open(path).read()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            original += data
    if not original:
        print("no manual pages installed for", " ".join(langs))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean.txt")
        damaged = os.path.join(tmp, "damaged.txt")
        repaired = os.path.join(tmp, "repaired.txt")
        with open(clean, "wb") as f:
            f.write(original)
        read = subprocess.run([cli, "transcode", "--from", page, "--to", "UTF-8", "-o", damaged,
                               clean], capture_output=True, text=True)
        if read.returncode != 0:
            # A page that leaves bytes undefined (ISO-8859-7, windows-1251's 98) cannot have read
            # the text: no decoder would have produced this damage.
            print(f"the pages cannot be read as {page}:", read.stderr.strip().splitlines()[-1])
            return 1
        start = time.monotonic()
        subprocess.run([cli, "repair", "--mojibake", "-o", repaired, damaged], check=True,
                       capture_output=True)
        seconds = time.monotonic() - start
        with open(repaired, "rb") as f:
            result = f.read()
        size = os.path.getsize(damaged)
    before = original.decode("utf-8").split("\n")
    after = result.decode("utf-8").split("\n")
    same = sum(a == b for a, b in zip(before, after))
    print(f"{size} bytes read as {page}, repaired in {seconds:.2f} s")
    print(f"lines restored exactly: {same} / {len(before)} = {100 * same / len(before):.1f} %")
    shown = 0
    for a, b in zip(before, after):
        if a != b and shown < 10:
            print(f"  {a[:70]!r}\n  -> {b[:70]!r}")
            shown += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
