#!/usr/bin/env python3
"""Builds the audit's prose corpus: correct text in Arabic, Hebrew, Persian, Hindi, Russian,
Ukrainian, Greek, Chinese, Japanese and Korean, taken from the gettext translation catalogues
installed on this machine (/usr/share/locale/LANG/LC_MESSAGES/*.mo, read back with msgunfmt),
and emoji sequences from Unicode's emoji-test.txt (Debian package unicode-data).

Catalogues are split into two halves by a hash of their domain name: "tune" (looked at while
writing the rules) and "heldout" (only counted), so the figures of the held-out half are not
fitted to it. Writes OUT/tune/LANG.txt and OUT/heldout/LANG.txt, one translated message per
paragraph, and prints how much each holds. With no catalogue on the machine it writes nothing
and exits 0: the suite that reads the corpus then skips.

Usage: build_prose_corpus.py --out DIR
"""
import argparse
import ast
import glob
import os
import shutil
import subprocess
import sys
import zlib

LANGUAGES = ["ar", "he", "fa", "hi", "ru", "uk", "el", "zh_CN", "zh_TW", "ja", "ko"]
LOCALE_DIR = "/usr/share/locale"
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"


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
    if shutil.which("msgunfmt") is None:
        print("msgunfmt (gettext) not found: no prose corpus built")
        return 0
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    stats = {}
    for lang in LANGUAGES:
        texts = {"tune": [], "heldout": []}
        for mo in sorted(glob.glob(os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", "*.mo"))):
            domain = os.path.basename(mo)[:-3]
            run = subprocess.run(["msgunfmt", mo], capture_output=True)
            if run.returncode != 0:
                continue
            po = run.stdout.decode("utf-8", errors="replace")
            texts[half_of(domain)].extend(po_strings(po))
        for half, strings in texts.items():
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
        print("%-8s %-6s %7d messages %9d bytes" % (half, lang, n, size))
    if not stats:
        print("no translation catalogue found: no prose corpus built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
