#!/usr/bin/env python3
"""Time and peak memory of `u8scope-cli repair` on a large file, against the in-memory repair.

The CLI repairs inputs of 16 MiB and more window by window (u8codec::repairStreamed()); the
in-memory repair (`repair_whole`, built beside bench_repair) reads the whole file. The script
generates a file of English prose with accented words, curly quotes and dashes, and a
multilingual sentence in one paragraph of WORLD, with some paragraphs mis-decoded (one in DAMAGE,
through windows-1252, windows-1251, MacRoman or windows-1250, a third of them twice), runs both
under /usr/bin/time, checks that their outputs and reports are identical byte for byte, and
prints seconds, GB/s (10^9 bytes of input per second) and peak resident memory.

The streamed repair runs --runs times (3 by default) and the best is printed, each run from the
same state: its output removed and synced away, and, when the script may (as root), the page
cache dropped and the input read back into it. Otherwise the runs after the in-memory repair
(which leaves gigabytes of page cache to reclaim) pay for reclaiming it in system time.

Usage: tests/bench/repair/stream_repair.py BUILD_DIR [--size MIB] [--damage N] [--world N]
[--partly] [--runs N] [--keep] (BUILD_DIR holds bin/u8scope-cli and tests/bench/repair/repair_whole; --size
1024 by default, --damage 10, --world 4; 0: none; --partly: bench_repair's PartlyDamaged text,
English prose with one paragraph in ten read as windows-1252, instead). The file goes to $TMPDIR (else /tmp) and is removed unless --keep.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

PROSE = [
    "The café on the corner opened in 1998; it’s still the best place in town for a coffee — "
    "ask anyone.",
    "The menu lists crème brûlée, naïve desserts and more, at prices from 3 to 12 euros.",
    "Our señor at the façade said “no” – twice – and left for Zürich on the 5 o’clock train.",
    "Résumé, coöperation, déjà vu: English borrows its accents and keeps them… mostly.",
    "She paid £40 for the Ångström-era map; the dealer wanted €55 but settled.",
]
WORLD = [
    "Привет, мир! Съешь же ещё этих мягких французских булок.",
    "Zażółć gęślą jaźń; Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "Καλημέρα κόσμε, η γλώσσα μου είναι ελληνική.",
    "Über die Brücke gehen Bären, Füchse und Vögel; das ist größer.",
]
PAGES = ["cp1252", "cp1251", "mac_roman", "cp1250"]


def misdecode(text, page, times):
    for _ in range(times):
        text = text.encode("utf-8").decode(page, errors="replace")
    return text


def block(rng, damage, world, size):
    """About `size` bytes of paragraphs, one in `damage` mis-decoded, one in `world` (0: none)
    with a sentence in another script."""
    out, n = [], 0
    while n < size:
        sentences = [rng.choice(PROSE) for _ in range(rng.randint(2, 5))]
        if world and rng.randrange(world) == 0:
            sentences.insert(rng.randrange(len(sentences)), rng.choice(WORLD))
        paragraph = " ".join(sentences)
        if damage and rng.randrange(damage) == 0:
            page = rng.choice(PAGES[1:] if any(s in paragraph for s in WORLD[:1]) else PAGES)
            paragraph = misdecode(paragraph, page, 2 if rng.randrange(3) == 0 else 1)
        data = (paragraph + "\n\n").encode("utf-8")
        out.append(data)
        n += len(data)
    return b"".join(out)


# bench_repair's BM_RepairMojibake_PartlyDamaged: one paragraph in ten read as windows-1252.
BENCH_PROSE = ("The café on the corner opened in 1998; it’s still the best place in town for a "
               "coffee — ask anyone. The menu lists crème brûlée, naïve desserts and more, at "
               "prices from 3 to 12 euros.\n")


def bench_block():
    damaged = BENCH_PROSE.encode("utf-8").decode("cp1252")
    return "".join(damaged if i % 10 == 9 else BENCH_PROSE for i in range(10)).encode("utf-8")


def generate(path, mib, damage, world, partly):
    rng = random.Random(18)
    # 16 MiB of distinct paragraphs, repeated: generating 1 GiB in Python would take minutes.
    piece = bench_block() * 8192 if partly else block(rng, damage, world, 16 << 20)
    with open(path, "wb") as f:
        written = 0
        while written < mib << 20:
            f.write(piece)
            written += len(piece)


def settle(sample, output):
    """The same start for every run: no output left from the run before, its blocks synced
    away, and (as root) a page cache holding the input and little else."""
    if os.path.exists(output):
        os.remove(output)
    os.sync()
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("1\n")
    except OSError:
        pass
    subprocess.run(["cat", sample], stdout=subprocess.DEVNULL)


def timed(command, stderr_path):
    with open(stderr_path, "wb") as err:
        result = subprocess.run(["/usr/bin/time", "-f", "TIME %e %U %S %M"] + command,
                                stderr=err)
    lines = open(stderr_path, "rb").read().decode("utf-8", "replace").splitlines()
    time_line = [l for l in lines if l.startswith("TIME ")][-1].split()
    report = "\n".join(l for l in lines if not l.startswith("TIME "))
    return result.returncode, float(time_line[1]), float(time_line[2]), float(time_line[3]), \
        int(time_line[4]), report


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build")
    parser.add_argument("--size", type=int, default=1024, help="MiB")
    parser.add_argument("--damage", type=int, default=10)
    parser.add_argument("--world", type=int, default=4)
    parser.add_argument("--partly", action="store_true",
                        help="bench_repair's partly damaged text instead (--damage, --world unused)")
    parser.add_argument("--runs", type=int, default=3, help="runs of the streamed repair")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    cli = os.path.join(args.build, "bin", "u8scope-cli")
    whole = os.path.join(args.build, "tests", "bench", "repair", "repair_whole")
    tmp = tempfile.mkdtemp(prefix="u8scope-stream-bench-")
    sample = os.path.join(tmp, "sample.txt")
    generate(sample, args.size, args.damage, args.world, args.partly)
    size = os.path.getsize(sample)
    subprocess.run(["cat", sample], stdout=subprocess.DEVNULL)  # warm in the page cache
    results = {}
    streamed, in_memory = os.path.join(tmp, "streamed.txt"), os.path.join(tmp, "whole.txt")
    for label, command, output, runs in [
        ("streamed (u8scope-cli repair --json)",
         [cli, "repair", "--mojibake", "--json", "-o", streamed, sample], streamed, args.runs),
        ("in memory (repair_whole)", [whole, "--mojibake", sample, in_memory], in_memory, 1),
    ]:
        best = None
        for _ in range(max(1, runs)):
            settle(sample, output)
            run = timed(command, os.path.join(tmp, "err"))
            if best is None or run[0] != 0 or run[1] < best[1]:
                best = run
            if run[0] != 0:
                break
        code, elapsed, user, system, peak, report = best
        if code != 0:
            print(f"{label}: exit {code}\n{report}", file=sys.stderr)
            return 1
        results[label] = report
        print(f"{label}: {elapsed:.2f} s ({user:.2f} user, {system:.2f} sys), "
              f"{size / elapsed / 1e9:.2f} GB/s, peak {peak / 1024:.0f} MiB")
    same_text = subprocess.run(["cmp", "-s", streamed, in_memory]).returncode == 0
    reports = list(results.values())
    print(f"{size} bytes; outputs identical: {same_text}; reports identical: "
          f"{reports[0] == reports[1]}")
    if not args.keep:
        for name in os.listdir(tmp):
            os.remove(os.path.join(tmp, name))
        os.rmdir(tmp)
    else:
        print(f"kept in {tmp}")
    return 0 if same_text and reports[0] == reports[1] else 1


if __name__ == "__main__":
    sys.exit(main())
