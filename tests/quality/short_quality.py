#!/usr/bin/env python3
"""Mojibake repair of short strings, one at a time, beside ftfy (a report, not a test).

    short_quality.py REPAIR_LINES CORPUS_DIR [--half tune|heldout|both] [--ftfy DIR]
                     [--examples N] [--classes]

REPAIR_LINES is build/.../tests/bench/repair/repair_lines (each line repaired on its own by the
library). CORPUS_DIR holds build_short_corpus.py's halves. A damaged string is restored when
the output equals the expected string exactly; a correct string that comes out different is a
false fix. With --ftfy (the folder holding the ftfy package, e.g. ../shared/anchors; needs
python3-wcwidth), ftfy.fix_encoding() is run on the same strings and the strings where one is
right and the other wrong are counted. Examples of failures are printed for the tuning half
only: nobody tunes on the held-out half.
"""

import argparse
import collections
import subprocess
import sys
from pathlib import Path


def read_tsv(path):
    with open(path, encoding="utf-8", newline="\n") as f:
        header = f.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f]


def u8scope(tool, texts):
    result = subprocess.run([tool], input="".join(t + "\n" for t in texts), capture_output=True,
                            text=True, check=True)
    out = result.stdout.split("\n")[:-1]
    if len(out) != len(texts):
        sys.exit(f"short_quality: {tool} gave {len(out)} lines for {len(texts)}")
    return out, result.stderr.strip()


def ftfy_outputs(folder, texts):
    sys.path.insert(0, str(folder))
    import ftfy  # noqa: E402  (the yardstick, never a dependency of u8scope)
    return [ftfy.fix_encoding(t) for t in texts]


def report(half, tool, corpus, ftfy_dir, examples, per_class):
    damaged = read_tsv(corpus / half / "short_damaged.tsv")
    correct = read_tsv(corpus / half / "short_correct.tsv")
    ours_d, timing_d = u8scope(tool, [r["damaged"] for r in damaged])
    ours_c, timing_c = u8scope(tool, [r["text"] for r in correct])
    theirs_d = ftfy_outputs(ftfy_dir, [r["damaged"] for r in damaged]) if ftfy_dir else None
    theirs_c = ftfy_outputs(ftfy_dir, [r["text"] for r in correct]) if ftfy_dir else None
    show = examples if half == "tune" else 0
    print(f"== {half}: {len(damaged)} damaged strings, {len(correct)} correct strings")
    print(f"   repair_lines: damaged {timing_d}; correct {timing_c}")
    by_class = collections.defaultdict(lambda: [0, 0, 0])
    ok = ft = only_ours = only_theirs = 0
    fails = []
    for k, row in enumerate(damaged):
        good = ours_d[k] == row["expected"]
        fgood = theirs_d is not None and theirs_d[k] == row["expected"]
        c = by_class[row["class"]]
        c[0] += 1
        c[1] += good
        c[2] += fgood
        ok += good
        ft += fgood
        only_ours += good and not fgood
        only_theirs += fgood and not good
        if not good:
            fails.append((row["class"], row["page"], row["damaged"], ours_d[k], row["expected"]))
    n = len(damaged)
    line = f"   restored: u8scope {ok}/{n} ({100 * ok / n:.2f} %)"
    if theirs_d is not None:
        line += (f", ftfy {ft}/{n} ({100 * ft / n:.2f} %); only u8scope right {only_ours}, "
                 f"only ftfy right {only_theirs}")
    print(line)
    # A damaged string changed into something else than its original is worse than one left
    # as it was: the user gets a wrong letter where the damage at least showed.
    wrong = sum(1 for k, r in enumerate(damaged)
                if ours_d[k] != r["expected"] and ours_d[k] != r["damaged"])
    fwrong = sum(1 for k, r in enumerate(damaged) if theirs_d is not None
                 and theirs_d[k] != r["expected"] and theirs_d[k] != r["damaged"])
    print(f"   damaged strings changed wrongly: u8scope {wrong}/{n}"
          + (f", ftfy {fwrong}/{n}" if theirs_d is not None else ""))
    changed = [k for k, r in enumerate(correct) if ours_c[k] != r["text"]]
    fchanged = [k for k, r in enumerate(correct) if theirs_c and theirs_c[k] != r["text"]]
    print(f"   correct strings changed: u8scope {len(changed)}/{len(correct)}"
          + (f", ftfy {len(fchanged)}/{len(correct)}" if theirs_c else ""))
    if per_class:
        print("   class      strings  u8scope   ftfy")
        for cls in sorted(by_class):
            t, g, f = by_class[cls]
            print(f"   {cls:<10} {t:>7} {100 * g / t:7.2f} % {100 * f / t:6.2f} %")
        cc = collections.Counter(correct[k]["class"] for k in changed)
        fc = collections.Counter(correct[k]["class"] for k in fchanged)
        tot = collections.Counter(r["class"] for r in correct)
        print("   correct    strings  changed by u8scope / ftfy")
        for cls in sorted(tot):
            print(f"   {cls:<10} {tot[cls]:>7} {cc[cls]:>6} / {fc[cls]}")
    for k in changed[:show]:
        print(f"   FALSE [{correct[k]['class']}] {correct[k]['text']!r} -> {ours_c[k]!r}")
    for cls, page, bad, got, want in fails[:show]:
        print(f"   MISS [{cls} {page}] {bad!r} -> {got!r} (want {want!r})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tool")
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--half", choices=("tune", "heldout", "both"), default="tune")
    parser.add_argument("--ftfy", type=Path)
    parser.add_argument("--examples", type=int, default=30)
    parser.add_argument("--classes", action="store_true")
    args = parser.parse_args()
    for half in ("tune", "heldout") if args.half == "both" else (args.half,):
        report(half, args.tool, args.corpus, args.ftfy, args.examples, args.classes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
