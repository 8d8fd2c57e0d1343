#!/usr/bin/env python3
"""How much of a file damaged in mixed ways `u8scope-cli repair --mojibake` restores exactly.

Each generated file has 3000 lines of four words drawn from many languages and symbols. Per file
two code pages are picked; each line is left correct or mis-decoded through one of them, a third
of those twice, with every NBSP the mis-decoding produced turned into a space (as HTML tools do).
The repaired file is compared with the original line by line.

Usage: tests/bench/repair/mixed_damage_quality.py build/release/bin/u8scope-cli [SEEDS]
(SEEDS: how many files, 40 by default). Prints the lines restored per file and in all.
"""
import os
import random
import subprocess
import sys
import tempfile

WORDS = (
    "à là déjà voilà à été café naïve Ångström żółw čáp Привет мир Καλημέρα κόσμε straße Ærø "
    "œuvre ½ € — – “quoted” ’s ü ö ä ß Ñandú señor año garçon façade Łódź Győr Ölçü şiş ğ "
    "İstanbul Тут Ярослав ЁЖ ёж Ўзбек Ґанок † … ™ ‰ • ¶ § © ® ± × ÷ µ"
).split()
PAGES = ["mac_roman", "cp1251", "koi8_r", "cp437", "iso8859_7", "iso8859_2", "cp1252", "latin1",
         "iso8859_15"]


def misdecode(text, page):
    """`text` encoded as UTF-8, read as `page`, with NBSPs turned into spaces."""
    return text.encode("utf-8").decode(page).replace("\xa0", " ")


def generate(seed):
    rng = random.Random(seed)
    pages = rng.sample(PAGES, 2)
    damaged, original = [], []
    for _ in range(3000):
        line = " ".join(rng.sample(WORDS, 4))
        page = rng.choice(pages + ["correct"])
        if page == "correct":
            damaged.append(line)
            original.append(line)
            continue
        try:
            bad = misdecode(line, page)
            if rng.random() < 0.3:
                bad = misdecode(bad, page)
        except UnicodeDecodeError:  # a byte the page leaves undefined: no such damage
            continue
        damaged.append(bad)
        original.append(line)
    return damaged, original


def main():
    cli = sys.argv[1]
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    restored = total = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(1, seeds + 1):
            damaged, original = generate(seed)
            src = os.path.join(work, "in.txt")
            out = os.path.join(work, "out.txt")
            with open(src, "w", encoding="utf-8") as f:
                f.write("\n".join(damaged) + "\n")
            subprocess.run([cli, "repair", "--mojibake", "-o", out, src], check=True,
                           stderr=subprocess.DEVNULL)
            with open(out, encoding="utf-8") as f:
                repaired = f.read().split("\n")
            good = sum(a == b for a, b in zip(original, repaired))
            print(f"seed {seed}: {good} / {len(original)}")
            restored += good
            total += len(original)
    print(f"restored exactly: {restored} / {total} = {100.0 * restored / total:.1f} %")


if __name__ == "__main__":
    main()
