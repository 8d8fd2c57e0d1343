#!/usr/bin/env python3
"""Time per short string of the library's mojibake repair (repair_lines) beside ftfy, on the
short-string corpus's damaged strings, its correct strings, and mixes of the two (a benchmark,
not a test: it prints figures and asserts nothing).

    short_mix.py REPAIR_LINES CORPUS_DIR [--half heldout|tune] [--ftfy DIR] [--runs N]
                 [--damaged-share F]

Sets, each repaired one string at a time:
  damaged   every damaged string of the half (short_damaged.tsv)
  correct   every correct string of the half (short_correct.tsv)
  as is     the two together, as the half holds them
  mix       a column where one string in ten is damaged (--damaged-share, default 0.1): the
            correct strings and as many damaged ones, shuffled (seeded). ftfy's figure on it is
            what says the mix is like the one the short-string issue gives ftfy's 13 us for.
u8scope's figure is repair_lines' best of N runs (in-process, no I/O); ftfy's the best of N
runs of ftfy.fix_encoding() over the same strings in this Python.
"""
import argparse
import csv
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def column(path, name):
    with open(path, encoding="utf-8", newline="") as f:
        return [row[name] for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)]


def u8scope_us(binary, strings, runs):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as f:
        f.write("".join(s + "\n" for s in strings))
        f.flush()
        with open(f.name, "rb") as stdin:
            done = subprocess.run([binary, "--runs", str(runs)], stdin=stdin,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    # "N lines, B bytes: S s, U us a line"
    return float(done.stderr.decode().split(",")[-1].split()[0])


def ftfy_us(fix, strings, runs):
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        for s in strings:
            fix(s)
        best = min(best, time.perf_counter() - t0)
    return best * 1e6 / len(strings)


def mix(damaged, correct, share, seed=31):
    rng = random.Random(seed)
    count = round(share * len(correct) / (1 - share))
    strings = rng.sample(damaged, min(count, len(damaged))) + list(correct)
    rng.shuffle(strings)
    return strings


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repair_lines")
    ap.add_argument("corpus")
    ap.add_argument("--half", default="heldout", choices=["heldout", "tune"])
    ap.add_argument("--ftfy", help="folder holding the ftfy package (e.g. ../shared/anchors)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--damaged-share", type=float, default=0.10)
    args = ap.parse_args()
    folder = Path(args.corpus) / args.half
    # Strings holding a line break cannot be given to repair_lines one per line.
    damaged = [s for s in column(folder / "short_damaged.tsv", "damaged") if "\n" not in s]
    correct = [s for s in column(folder / "short_correct.tsv", "text") if "\n" not in s]
    sets = {"damaged": damaged, "correct": correct, "as is": damaged + correct}
    if not 0 < args.damaged_share < 1:
        ap.error("--damaged-share is a fraction between 0 and 1")
    share = args.damaged_share
    sets[f"mix {100 * share:g}% damaged"] = mix(damaged, correct, share)
    fix = None
    if args.ftfy:
        sys.path.insert(0, args.ftfy)
        import ftfy  # noqa: E402  (the yardstick, never a dependency of u8scope)
        fix = ftfy.fix_encoding
    print(f"{args.half} half: {len(damaged)} damaged, {len(correct)} correct strings")
    print(f"{'set':<22} {'strings':>8} {'u8scope us':>11} {'ftfy us':>9}")
    for name, strings in sets.items():
        ours = u8scope_us(args.repair_lines, strings, args.runs)
        theirs = f"{ftfy_us(fix, strings, max(1, args.runs // 2)):9.2f}" if fix else f"{'-':>9}"
        print(f"{name:<22} {len(strings):>8} {ours:11.3f} {theirs}")


if __name__ == "__main__":
    main()
