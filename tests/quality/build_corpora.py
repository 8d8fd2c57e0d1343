#!/usr/bin/env python3
"""Build the real-text corpora for the mojibake quality report (Python 3 standard library only).

    build_corpora.py [--cache build/corpora-cache] [--out build/corpora]

Downloads Debian packages with `apt-get download` into CACHE/debs (kept between runs, never
committed), unpacks them into CACHE/root and harvests:
- translation catalogues (.mo msgstr lines) and translated manual pages: real sentences;
- hunspell/myspell dictionaries, read in the encoding their .aff declares with SET (many are
  ISO-8859-x, KOI8-R or windows-125x files): words, to reach languages the sentences miss;
- the changelogs under /usr/share/doc of this machine: real mojibake, kept as the "wild" set;
- symbol-rich English written for this corpus (symbol_lines.py).

Writes OUT/{tune,heldout}/{positive,negative,wild}.tsv and OUT/summary.txt. A line goes to
the held-out half when a stable hash of its text says so (50/50), so the split never changes
as the corpora grow. positive.tsv holds correct lines to damage; negative.tsv holds other
correct lines that a repair must leave as they are. Output is deterministic for a given set
of package versions.
"""

import argparse
import hashlib
import subprocess
import sys
from pathlib import Path

import sources
import symbol_lines

CATALOGUE_PACKAGES = (
    "iso-codes libc-l10n coreutils tar grep sed bash dpkg apt debconf-i18n gettext "
    "util-linux-locales e2fsprogs-l10n findutils diffutils gnupg-l10n xkb-data libgtk-3-common "
    "libglib2.0-data tasksel-data aptitude-common vim-common binutils-common make wget "
    "gcc-12-locales cpp-12 procps nano less"
).split()
MANPAGE_PACKAGES = [f"manpages-{lang}" for lang in (
    "de fr pl ru ja es it nl pt-br uk ro cs da fi hu sv tr vi zh el mk sr id nb").split()]
DICTIONARY_PACKAGES = [f"hunspell-{lang}" for lang in (
    "af an ar be bg bn br bs ca cs da de-de el en-us es eu fr-classical gd gl gu he hi hr hu "
    "id is it kk ko lo lt lv ml mn ne nl no oc pl pt-br pt-pt ro ru si sk sl sr sv-se sw te "
    "th tr uk uz vi").split()] + [f"myspell-{lang}" for lang in "eo et fo ga hy fa sq".split()]
PACKAGES = CATALOGUE_PACKAGES + MANPAGE_PACKAGES + DICTIONARY_PACKAGES
# A validation set of other packages' catalogues (--validation): text the corpora and the
# plausibility model never saw, to check a change on before any figure of the held-out half.
VALIDATION_PACKAGES = (
    "passwd psmisc parted kbd cups-common pulseaudio gnome-control-center-data "
    "evolution-data-server-common nautilus-data libgtk2.0-common gimp-data xfce4-panel gparted "
    "synaptic"
).split()

SENTENCES_PER_LANGUAGE = 400  # per set (positive, negative), before the 50/50 split
WORDS_PER_LANGUAGE = 60


def stable_hash(text, salt):
    return hashlib.sha256((salt + "\0" + text).encode("utf-8")).hexdigest()


def is_heldout(text):
    return int(stable_hash(text, "half"), 16) & 1 == 1


def download(cache, packages=PACKAGES):
    """apt-get download every package not yet in CACHE/debs, then unpack all into CACHE/root."""
    debs = cache / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    missing = [p for p in packages if not any(debs.glob(f"{p}_*.deb"))]
    for package in missing:  # one at a time: one unknown name must not stop the others
        result = subprocess.run(["apt-get", "download", package], cwd=debs,
                                capture_output=True, text=True)
        if result.returncode != 0:
            print(f"apt-get download {package} failed: {result.stderr.strip().splitlines()[-1:]}",
                  file=sys.stderr)
    root = cache / "root"
    for deb in sorted(debs.glob("*.deb")):
        stamp = cache / "unpacked" / (deb.name + ".done")
        if stamp.exists():
            continue
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    return root


def harvest(root, wild):
    """{language: {"sentence": [lines], "word": [lines]}} with each line in one language only.
    Lines that are themselves mojibake go to `wild` (source, damaged, original, page)."""
    pools, seen = {}, set()

    def add(lang, kind, line, path):
        if line in seen:
            return
        seen.add(line)
        if sources.looks_damaged(line):
            found = sources.likely_original(line)
            if found:
                wild.append((f"{path.parent.name}/{path.name}", line, found[0], found[1]))
            return
        pools.setdefault(lang, {"sentence": [], "word": []})[kind].append(line)

    for lang, path in sources.locale_catalogues(root):
        for line in sources.mo_lines(path):
            add(lang, "sentence", line, path)
    if (root / "usr/share/man").is_dir():
        for lang, path in sources.man_pages(root):
            for line in sources.man_lines(path):
                add(lang, "sentence", line, path)
    for lang, path, codec in sources.dictionaries(root):
        for word in sources.dictionary_words(path, codec):
            add(lang, "word", word, path)
    return pools


def choose(pools, symbols=True):
    """Disjoint positive and negative rows (lang, script, source, text): lines with at least one
    character outside ASCII (damage needs one), in stable-hash order, alternately."""
    positive, negative = [], []
    for lang in sorted(pools):
        for kind, cap in (("sentence", SENTENCES_PER_LANGUAGE), ("word", WORDS_PER_LANGUAGE)):
            lines = sorted((line for line in pools[lang][kind] if not line.isascii()),
                           key=lambda line: stable_hash(line, "order"))
            for index, line in enumerate(lines[: 2 * cap]):
                row = (lang, sources.script_of(line), kind, line)
                (positive if index % 2 == 0 else negative).append(row)
    if symbols:  # the validation set leaves them out: the corpora hold them already
        negative += [("en", sources.script_of(line), "symbols", line)
                     for line in symbol_lines.symbol_lines()]
    return positive, negative


def first_source_per_line(wild):
    """The same changelog ships in several packages: keep each damaged line once."""
    chosen = {}
    for source, damaged, original, page in wild:
        chosen.setdefault(damaged, (source, damaged, original, page))
    return sorted(chosen.values(), key=lambda row: row[1])


def write_halves(out, name, header, rows, key):
    for half in ("tune", "heldout"):
        chosen = [row for row in rows if is_heldout(key(row)) == (half == "heldout")]
        path = out / half / f"{name}.tsv"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("\t".join(header) + "\n")
            for row in chosen:
                f.write("\t".join(row) + "\n")


def summary(out, positive, negative, wild):
    langs = lambda rows: sorted({row[0] for row in rows})
    lines = [f"positive: {len(positive)} lines in {len(langs(positive))} languages",
             f"negative: {len(negative)} lines in {len(langs(negative))} languages "
             f"({sum(r[2] == 'symbols' for r in negative)} symbol-rich English)",
             f"wild: {len(wild)} lines of real mojibake (changelogs, catalogues, dictionaries)", "", "lang\tpositive\tnegative\tscripts"]
    for lang in langs(positive + negative):
        pos = [r for r in positive if r[0] == lang]
        neg = [r for r in negative if r[0] == lang]
        scripts = ",".join(sorted({r[1] for r in pos + neg}))
        lines.append(f"{lang}\t{len(pos)}\t{len(neg)}\t{scripts}")
    (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[:3]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("build/corpora-cache"))
    parser.add_argument("--out", type=Path, default=Path("build/corpora"))
    parser.add_argument("--doc-root", type=Path, default=Path("/usr/share/doc"),
                        help="where the changelogs for the wild set are (besides the packages')")
    parser.add_argument("--validation", action="store_true",
                        help="build the validation set of other packages' catalogues instead "
                             "(give it a cache and an output of its own)")
    args = parser.parse_args()
    try:
        root = download(args.cache, VALIDATION_PACKAGES if args.validation else PACKAGES)
    except (OSError, subprocess.CalledProcessError) as err:
        print(f"build_corpora: cannot fetch or unpack packages into {args.cache}: {err}",
              file=sys.stderr)
        return 1
    wild = list(sources.wild_mojibake([args.doc_root, root / "usr/share/doc"]))
    positive, negative = choose(harvest(root, wild), symbols=not args.validation)
    wild = first_source_per_line(wild)
    write_halves(args.out, "positive", ("lang", "script", "source", "text"), positive,
                 lambda row: row[3])
    write_halves(args.out, "negative", ("lang", "script", "source", "text"), negative,
                 lambda row: row[3])
    write_halves(args.out, "wild", ("source", "damaged", "likely_original", "page"), wild,
                 lambda row: row[1])
    summary(args.out, positive, negative, wild)
    return 0


if __name__ == "__main__":
    sys.exit(main())
