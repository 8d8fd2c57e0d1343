#!/usr/bin/env python3
"""Builds the audit's prose corpus: correct text in Arabic, Hebrew, Persian, Hindi, Russian,
Ukrainian, Greek, Chinese, Japanese and Korean, taken from the gettext translation catalogues
(/usr/share/locale/LANG/LC_MESSAGES/*.mo, read back with msgunfmt) of a fixed set of Debian
packages (CATALOGUE_PACKAGES), and emoji sequences from Unicode's emoji-test.txt (Debian package
unicode-data). The catalogues of every other package are ignored, so installing something else
on the machine does not change the corpus (the KDE catalogues that came with Okteta once brought
real mixed-script typos into it).

Catalogues are split into two halves by a hash of their domain name: "tune" (looked at while
writing the rules) and "heldout" (only counted), so the figures of the held-out half are not
fitted to it. Writes OUT/tune/LANG.txt and OUT/heldout/LANG.txt, one translated message per
paragraph, and prints how much each holds and which named package gave no catalogue. When none
of the named catalogues is on the machine (no dpkg, the packages or their /usr/share/locale left
out as minimal images do) it writes nothing and exits 0: the suite that reads the corpus then
skips.

Usage: build_prose_corpus.py --out DIR
"""
import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import zlib

LANGUAGES = ["ar", "he", "fa", "hi", "ru", "uk", "el", "zh_CN", "zh_TW", "ja", "ko"]
LOCALE_DIR = "/usr/share/locale"
# The packages whose catalogues make the corpus, and no other. Each is on every machine that ran
# `scripts/deps.sh test`: named there (iso-codes, appstream, gettext), a dependency of one named
# there (gettext-base of gettext; binutils-common of g++, through binutils; shared-mime-info of
# Qt Core and xkb-data of Qt Gui, through libxkbcommon0), or Essential in Debian (the rest).
# iso-codes (names of languages, countries, scripts and currencies) holds all of the Persian and
# most of the Hindi.
CATALOGUE_PACKAGES = ["iso-codes", "shared-mime-info", "xkb-data", "appstream", "gettext",
                      "gettext-base", "binutils-common", "coreutils", "bash", "grep", "sed", "tar",
                      "findutils", "diffutils", "dpkg"]
DEFECTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prose_defects.txt")
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"


# Format directives are not prose: a program replaces them before anyone reads the message.
# printf conversions ("%s", "%li", "%1$s", "%%s" in a format that is itself formatted), Python's
# "%(name)s", "{0}" / "{name}", and escapes such as "\\t" each become a space, so the words
# around them stay apart as they do once the message is shown.
FORMAT_DIRECTIVE = re.compile(
    r"%+(?:\([A-Za-z_]+\))?[-+#0-9.$*]*(?:hh|h|ll|l|L|q|j|z|t|I64|I32|I)?[A-Za-z]"
    r"|\{[A-Za-z0-9_.]*(?::[^{}]*)?\}"
    # and escape sequences left for a second expansion ("\\t", "\\xHH" shown in help texts).
    r"|\\[A-Za-z]")


def read_defects():
    """{language: [substring]} of the messages reviewed as not correct prose."""
    defects = {}
    for line in open(DEFECTS, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        lang, text, _why = line.rstrip("\n").split("\t")
        text = re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), text)
        defects.setdefault(lang, []).append(text)
    return defects


def named_catalogues():
    """{language: [path]} of the named packages' catalogues present on this machine, and the
    packages that gave none. The files are the packages' own (dpkg-query -L); a symbolic link
    (iso-codes keeps old domain names as links) is skipped, so no catalogue is read twice or
    lands in both halves."""
    wanted = {os.path.join(LOCALE_DIR, lang, "LC_MESSAGES"): lang for lang in LANGUAGES}
    found, missing = {lang: [] for lang in LANGUAGES}, []
    for package in CATALOGUE_PACKAGES:
        listing = subprocess.run(["dpkg-query", "-L", package], capture_output=True, text=True)
        paths = listing.stdout.splitlines() if listing.returncode == 0 else []
        mos = [p for p in paths if p.endswith(".mo") and os.path.dirname(p) in wanted
               and os.path.isfile(p) and not os.path.islink(p)]
        if not mos:
            missing.append(package)
        for mo in mos:
            found[wanted[os.path.dirname(mo)]].append(mo)
    return {lang: sorted(paths) for lang, paths in found.items()}, missing


def half_of(name):
    return "tune" if zlib.crc32(name.encode()) % 2 == 0 else "heldout"


def po_strings(po_text):
    """The msgstr strings of a .po file (plural forms included), unescaped."""
    out, current, in_msgstr = [], None, False
    for line in po_text.splitlines():
        line = line.strip()
        if line.startswith("msgstr"):
            if current is not None:
                out.append(current)
            current, in_msgstr = "", True
            line = line[line.index('"'):] if '"' in line else '""'
        elif line.startswith("msgid") or line.startswith("msgctxt") or line.startswith("#"):
            if current is not None:
                out.append(current)
            current, in_msgstr = None, False
            continue
        if in_msgstr and line.startswith('"'):
            try:
                current += ast.literal_eval(line)
            except (ValueError, SyntaxError):
                pass
    if current is not None:
        out.append(current)
    # The header entry (msgid "") is metadata, not prose.
    return [s for s in out if s and not s.startswith("Project-Id-Version")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    for tool, package in (("msgunfmt", "gettext"), ("dpkg-query", "dpkg")):
        if shutil.which(tool) is None:
            print(f"{tool} ({package}) not found: no prose corpus built")
            return 0
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    stats = {}
    defects = read_defects()
    dropped = {}
    catalogues, missing = named_catalogues()
    if missing:
        print("no catalogue in these languages from: " + " ".join(missing))
    for lang in LANGUAGES:
        texts = {"tune": [], "heldout": []}
        for mo in catalogues[lang]:
            domain = os.path.basename(mo)[:-3]
            # msgunfmt writes the catalogue in its own charset (EUC-JP, EUC-KR...); msgconv
            # makes it UTF-8.
            run = subprocess.run(["msgunfmt", mo], capture_output=True)
            if run.returncode != 0:
                continue
            conv = subprocess.run(["msgconv", "-t", "UTF-8"], input=run.stdout,
                                  capture_output=True)
            if conv.returncode != 0:
                continue
            po = conv.stdout.decode("utf-8", errors="replace")
            texts[half_of(domain)].extend(FORMAT_DIRECTIVE.sub(" ", t) for t in po_strings(po))
        for half, strings in texts.items():
            bad = [t for t in strings if any(d in t for d in defects.get(lang, []))]
            dropped[(half, lang)] = len(bad)
            strings = [t for t in strings if t not in bad]
            if not strings:
                continue
            os.makedirs(os.path.join(args.out, half), exist_ok=True)
            with open(os.path.join(args.out, half, lang + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n\n".join(strings) + "\n")
            stats[(half, lang)] = (len(strings), sum(len(s.encode()) for s in strings))
    if os.path.exists(EMOJI_TEST) and stats:
        sequences = []
        for line in open(EMOJI_TEST, encoding="utf-8"):
            if "; fully-qualified" in line:
                cps = line.split(";")[0].split()
                sequences.append("".join(chr(int(c, 16)) for c in cps))
        for i, half in enumerate(["tune", "heldout"]):
            part = sequences[i::2]
            # In sentences, as people write them: words, then a few emoji.
            lines = ["Emoji %d: %s and %s, then %s." % (k, *part[k:k + 3])
                     for k in range(0, len(part) - 3, 3)]
            with open(os.path.join(args.out, half, "emoji.txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            stats[(half, "emoji")] = (len(part), sum(len(s.encode()) for s in part))
    for (half, lang), (n, size) in sorted(stats.items()):
        print("%-8s %-6s %7d messages %9d bytes %4d dropped (prose_defects.txt)"
              % (half, lang, n, size, dropped.get((half, lang), 0)))
    if not stats:
        print("none of the named packages' catalogues found: no prose corpus built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
