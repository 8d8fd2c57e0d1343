#!/usr/bin/env python3
"""Correct text the corpora never use, repaired as users repair files: does the mojibake repair
change any of it? (A check of false fixes beside the corpora's held-out half; Python 3 standard
library only.)

    correct_text_sweep.py CLI [--cache build/sweep-cache] [--out build/sweep]

Downloads with `apt-get download` (kept in CACHE between runs) and harvests, with the corpora's
own readers (sources.py):
- the word lists of hunspell and myspell dictionaries that build_corpora.py does not read (other
  variants of its languages, and languages it lacks), each read in the encoding its .aff declares;
- the translated manual pages of packages outside the corpora (the manpages-*-dev sets and the
  tools whose pages are translated).
Writes OUT/words/LIST.txt and OUT/man/LANGUAGE.txt (non-ASCII lines only), repairs each file with
`CLI repair --mojibake` at file scope and at line scope, and prints every line that changed
(before and after) and the counts. A correct line that changes is a false fix, unless the source
itself holds mojibake (some dictionaries do): the lines are printed to be judged.
"""

import argparse
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import sources
from build_corpora import DICTIONARY_PACKAGES, download

SWEEP_DICTIONARIES = (
    "hunspell-de-at hunspell-de-ch hunspell-de-at-frami hunspell-de-ch-frami hunspell-de-med "
    "hunspell-en-gb hunspell-en-za hunspell-en-au hunspell-en-ca hunspell-en-med "
    "hunspell-fr-comprehensive hunspell-fr-revised hunspell-gl-es hunspell-gug hunspell-kmr "
    "hunspell-bo hunspell-dz myspell-tl myspell-gv myspell-fr-gut "
    "myspell-de-de-1901 myspell-nn myspell-nb myspell-bg myspell-da myspell-es myspell-he "
    "myspell-uk myspell-cs myspell-hr myspell-pl myspell-hu myspell-ru myspell-sk myspell-pt-pt "
    "myspell-el-gr myspell-lv"
).split()
SWEEP_MANUALS = [f"manpages-{lang}-dev" for lang in (
    "cs da de es fr it ja nl pl pt pt-br ru uk").split()] + (
    "man-db passwd login adduser xz-utils psmisc debianutils dpkg-dev debhelper devscripts "
    "apt-utils po-debconf").split()


def write_lists(root, out):
    """The files to repair: OUT/words/*.txt and OUT/man/*.txt, non-ASCII lines only."""
    files = []
    (out / "words").mkdir(parents=True, exist_ok=True)
    for lang, dic, codec in sources.dictionaries(root):
        words = [w for w in sources.dictionary_words(dic, codec) if not w.isascii()]
        if words:
            path = out / "words" / f"{dic.stem}.txt"
            path.write_text("\n".join(words) + "\n", encoding="utf-8")
            files.append(path)
    per_language = defaultdict(list)
    for lang, page in sources.man_pages(root):
        per_language[lang] += [line for line in sources.man_lines(page) if not line.isascii()]
    (out / "man").mkdir(parents=True, exist_ok=True)
    for lang, lines in sorted(per_language.items()):
        path = out / "man" / f"{lang}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(path)
    return files


def changed_lines(cli, path, scope):
    """(before, after) of each line the repair changed in the file at `path`."""
    with tempfile.TemporaryDirectory() as tmp:
        repaired = Path(tmp) / "out.txt"
        done = subprocess.run([cli, "repair", "--mojibake", f"--scope={scope}", "-o",
                               str(repaired), str(path)], capture_output=True)
        if done.returncode != 0:
            sys.exit(f"{cli} failed on {path}: {done.stderr.decode(errors='replace')}")
        before = path.read_bytes().split(b"\n")
        after = repaired.read_bytes().split(b"\n")
    if len(before) != len(after):
        sys.exit(f"{path} ({scope} scope): {len(before)} lines in, {len(after)} out")
    return [(a.decode(), b.decode("utf-8", "replace")) for a, b in zip(before, after) if a != b]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cli")
    parser.add_argument("--cache", type=Path, default=Path("build/sweep-cache"))
    parser.add_argument("--out", type=Path, default=Path("build/sweep"))
    args = parser.parse_args()
    overlap = set(SWEEP_DICTIONARIES) & set(DICTIONARY_PACKAGES)
    assert not overlap, f"the corpora read {overlap}"
    root = download(args.cache, SWEEP_DICTIONARIES + SWEEP_MANUALS)
    files = write_lists(root, args.out)
    totals = defaultdict(int)
    for path in files:
        lines = path.read_text(encoding="utf-8").count("\n")
        totals[path.parent.name + " lines"] += lines
        for scope in ("file", "line"):
            for before, after in changed_lines(args.cli, path, scope):
                totals[f"{path.parent.name} changed ({scope} scope)"] += 1
                print(f"{path.parent.name}/{path.name} {scope}: {before[:120]} => {after[:120]}")
    for key, value in sorted(totals.items()):
        print(f"{key}: {value:,}")


if __name__ == "__main__":
    main()
