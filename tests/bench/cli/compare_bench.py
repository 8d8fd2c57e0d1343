#!/usr/bin/env python3
"""`u8scope-cli compare` against the targets of issue 36.

    tests/bench/cli/compare_bench.py [--cli build/release/bin/u8scope-cli] [--dir DIR]
                                     [--gib 1] [--utf16-mib 256] [--runs 3]

Writes into DIR (kept for the next run; default /tmp/u8scope-compare-bench):
  equal_a.txt, equal_b.txt   two equal files of --gib GiB of mixed text (ASCII with Latin letters,
                             Greek and Cyrillic words), separate files with the same bytes
  edits_b.txt                equal_a.txt with 1,000 scattered edits of the same length ("text"
                             -> "TEXT" in one line each), so that `cmp -l` lists them too
  utf8.txt, utf16le.txt      the same --utf16-mib MiB of text in UTF-8 and in UTF-16LE
Each file is read once first, to be warm in the page cache. Each command is run --runs times and
the best wall time is kept (other processes on the machine add noise, never remove it); the peak
resident memory comes from GNU time (%M).

Targets (issue 36): equal files within 1.5x of `cmp` and constant memory; 1,000 edits all found
and labelled, within 3x of `cmp` (which stops at the first difference: `cmp -l`, which lists every
differing byte, is timed too) and at most 100 MB resident; UTF-8 vs UTF-16LE: verdict "same text"
in at most 2 s.
"""

import argparse
import json
import os
import random
import subprocess
import time

LINE_WORDS = ["the", "text", "café", "naïve", "Straße", "λόγος", "слово", "data", "line", "files"]


def block(rng):
    """About 1 MiB of lines of words."""
    lines, size = [], 0
    while size < (1 << 20):
        line = " ".join(rng.choice(LINE_WORDS) for _ in range(rng.randint(4, 14))) + " text\n"
        lines.append(line)
        size += len(line.encode())
    return "".join(lines)


def write_repeated(path, text, total):
    data = text.encode()
    with open(path, "wb") as f:
        written = 0
        while written < total:
            f.write(data)
            written += len(data)


def make_files(d, gib, utf16_mib):
    rng = random.Random(36)
    text = block(rng)
    a = os.path.join(d, "equal_a.txt")
    if not os.path.exists(a) or os.path.getsize(a) < gib << 30:
        write_repeated(a, text, gib << 30)
        write_repeated(os.path.join(d, "equal_b.txt"), text, gib << 30)
        # 1,000 edits at scattered line starts: the first "text" of the line after each offset.
        size = os.path.getsize(a)
        with open(a, "rb") as f:
            data = bytearray(f.read())
        offsets = sorted(rng.sample(range(size - 4096), 1000))
        done, last = 0, -1
        for o in offsets:
            start = data.index(b"\n", o) + 1
            if start <= last:
                continue
            end = data.index(b"\n", start)
            k = data.find(b"text", start, end)
            if k < 0:
                continue
            data[k:k + 4] = b"TEXT"
            last = end
            done += 1
        with open(os.path.join(d, "edits_b.txt"), "wb") as f:
            f.write(data)
        with open(os.path.join(d, "edits_count"), "w") as f:
            f.write(str(done))
    u8 = os.path.join(d, "utf8.txt")
    if not os.path.exists(u8) or os.path.getsize(u8) < utf16_mib << 20:
        write_repeated(u8, text, utf16_mib << 20)
        with open(u8, "rb") as f:
            data = f.read()
        with open(os.path.join(d, "utf16le.txt"), "wb") as f:
            f.write(data.decode().encode("utf-16-le"))


def warm(path):
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass


def run(cmd, runs):
    """Best wall time, peak resident MB (GNU time's %M: wait4's ru_maxrss would count this script's
    own memory, which a child inherits until exec), standard output."""
    best, rss, out = None, 0, b""
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        out = p.stdout
        best = wall if best is None else min(best, wall)
        rss = max(rss, int(p.stderr.decode().strip().splitlines()[-1]))  # KiB
    return best, rss / 1024, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/release/bin/u8scope-cli")
    ap.add_argument("--dir", default="/tmp/u8scope-compare-bench")
    ap.add_argument("--gib", type=int, default=1)
    ap.add_argument("--utf16-mib", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    make_files(args.dir, args.gib, args.utf16_mib)
    f = lambda name: os.path.join(args.dir, name)
    for name in ("equal_a.txt", "equal_b.txt", "edits_b.txt", "utf8.txt", "utf16le.txt"):
        warm(f(name))
    edits = int(open(f("edits_count")).read())

    rows = []
    t_cmp, m_cmp, _ = run(["cmp", f("equal_a.txt"), f("equal_b.txt")], args.runs)
    t_u8, m_u8, _ = run([args.cli, "compare", f("equal_a.txt"), f("equal_b.txt")], args.runs)
    rows.append(("equal files: cmp", t_cmp, m_cmp, ""))
    rows.append(("equal files: compare", t_u8, m_u8, f"{t_u8 / t_cmp:.2f}x cmp"))

    t_cmp1, m_cmp1, _ = run(["cmp", f("equal_a.txt"), f("edits_b.txt")], args.runs)
    t_cmpl, m_cmpl, _ = run(["cmp", "-l", f("equal_a.txt"), f("edits_b.txt")], args.runs)
    t_e, m_e, out = run([args.cli, "compare", "--json", f("equal_a.txt"), f("edits_b.txt")],
                        args.runs)
    j = json.loads(out)
    labelled = sum(1 for h in j["hunks"] if h["kind"])
    rows.append(("edits: cmp (stops at the first)", t_cmp1, m_cmp1, ""))
    rows.append(("edits: cmp -l (every byte)", t_cmpl, m_cmpl, ""))
    rows.append((f"edits: compare ({j['hunk_count']} of {edits} found, {labelled} labelled)",
                 t_e, m_e, f"{t_e / t_cmpl:.2f}x cmp -l, {t_e / t_cmp1:.1f}x cmp"))

    t_u, m_u, out = run([args.cli, "compare", "--json", f("utf8.txt"), f("utf16le.txt")],
                        args.runs)
    rows.append((f"UTF-8 vs UTF-16LE ({args.utf16_mib} MiB): {json.loads(out)['verdict']}",
                 t_u, m_u, ""))

    print(f"{'case':64} {'wall s':>8} {'max RSS MB':>11}  ratio")
    for name, t, m, ratio in rows:
        print(f"{name:64} {t:8.3f} {m:11.1f}  {ratio}")


if __name__ == "__main__":
    main()
