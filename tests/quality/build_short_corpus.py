#!/usr/bin/env python3
"""Build the short-string corpora of the mojibake report (Python 3 standard library only).

    build_short_corpus.py [--cache build/corpora-cache] [--out build/corpora]

Reads the packages build_corpora.py fetched (run it first: it fills the cache) and this
machine's files, and writes OUT/{tune,heldout}/short_damaged.tsv (class, lang, page, damaged,
expected) and OUT/{tune,heldout}/short_correct.tsv (class, lang, text). A string goes to the
held-out half when the stable hash of the text it was made of says so (build_corpora's split),
so a name, its capitals and its damaged forms are always in the same half.
"""

import argparse
import collections
import sys
from pathlib import Path

import build_corpora
import short_strings


def write(path, header, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(header) + "\n")
        for row in rows:
            f.write("\t".join(row) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("build/corpora-cache"))
    parser.add_argument("--out", type=Path, default=Path("build/corpora"))
    args = parser.parse_args()
    root = args.cache / "root"
    if not root.is_dir():
        print(f"build_short_corpus: {root} is missing: run build_corpora.py first",
              file=sys.stderr)
        return 1
    correct = short_strings.correct_strings(root)
    damaged = short_strings.damaged_strings(root)
    for half in ("tune", "heldout"):
        held = half == "heldout"
        write(args.out / half / "short_correct.tsv", ("class", "lang", "text"),
              [(r.cls, r.lang, r.text) for r in correct if build_corpora.is_heldout(r.key) == held])
        write(args.out / half / "short_damaged.tsv",
              ("class", "lang", "page", "damaged", "expected"),
              [(d.cls, d.lang, d.page, d.damaged, d.expected) for d in damaged
               if build_corpora.is_heldout(d.key) == held])
    langs = {d.lang for d in damaged if d.lang not in ("xx", "code")}
    print(f"correct: {len(correct)} strings; damaged: {len(damaged)} strings in {len(langs)} "
          "languages")
    for name, rows in (("correct", correct), ("damaged", damaged)):
        counts = collections.Counter(r.cls for r in rows)
        print(f"  {name}: " + ", ".join(f"{c} {n}" for c, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
