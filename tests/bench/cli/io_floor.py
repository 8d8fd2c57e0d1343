#!/usr/bin/env python3
"""Whole u8scope-cli commands against the I/O floor.

    tests/bench/cli/io_floor.py [--cli build/bin/u8scope-cli] [--dir DIR] [--mib 256] [--runs 5]
                            [--only check,stats,...] [--kinds ascii,mixed,...] [--strace]
                            [--compare OTHER_CLI]

Writes four files of --mib MiB into DIR (kept for the next run; a temporary directory when DIR is
not given): ASCII English-like words, mixed text (ASCII with Latin letters, Greek, Cyrillic, CJK
and emoji), CJK text (3-byte characters with ASCII line ends) and random bytes. Each is read once
to be warm in the page cache. Then every command is run --runs times and the best run is kept
(other processes on the machine add noise, never remove it); /usr/bin/time's resolution is too
coarse for commands of 30 ms, so the wall time comes from this script and user and system time
from wait4(2).

The floors are `cat FILE > /dev/null` and `dd if=FILE of=/dev/null bs=1M` for the commands that
only read, and `cp FILE OUT` for those that write a file of about the same size (OUT in DIR, as
the commands' outputs). `-o` syncs its output to disk before renaming it, which cp does not: the
floor of the commands with -o is `dd bs=1M conv=fsync` into OUT, and decode is also timed writing
to standard output redirected to a file, against cp. `iconv -c` is
timed for decode on random bytes, and on the text files `iconv -f UTF-8 -t UTF-8 > /dev/null`
(it reads and checks the whole file, as check does) against cat. The ratio is the command's wall
time over its floor's.

With --compare, every command is also run with another build of u8scope-cli (an older commit,
say), in the rows marked "(other)".

With --strace, each command is also run once under `strace -c -f` and the system calls that took
time are listed (the count and size of the reads tell whether the chunking is what it should be).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

KINDS = ("ascii", "mixed", "cjk", "random")


# --- the files ---------------------------------------------------------------------------------

def words(rng, alphabet, count, lo=2, hi=9):
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi))) for _ in range(count)]


def text_block(kind, rng):
    """About 1 MiB of text of the kind; the file repeats it."""
    ascii_words = words(rng, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 4000)
    latin = words(rng, "abcdefghijklmnopqrstuvwxyzéèêàçüöäßñøåœ", 2000)
    greek = words(rng, "αβγδεζηθικλμνξοπρστυφχψω", 1000)
    cyrillic = words(rng, "абвгдежзийклмнопрстуфхцчшщыэюя", 1000)
    emoji = ["😀", "🎉", "👍", "🚀", "𝔘", "😂"]
    cjk = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)] + list("、。「」")
    lines, size = [], 0
    while size < (1 << 20):
        if kind == "ascii":
            line = " ".join(rng.choice(ascii_words) for _ in range(rng.randint(5, 15))) + ".\n"
        elif kind == "mixed":
            picked = []
            for _ in range(rng.randint(5, 15)):
                x = rng.random()
                picked.append(rng.choice(ascii_words) if x < 0.5 else rng.choice(latin) if x < 0.75
                              else rng.choice(greek) if x < 0.85 else rng.choice(cyrillic)
                              if x < 0.95 else rng.choice(emoji) + rng.choice(cjk))
            line = " ".join(picked) + ".\n"
        else:
            line = "".join(rng.choice(cjk) for _ in range(rng.randint(10, 40))) + "。\n"
        data = line.encode()
        lines.append(data)
        size += len(data)
    return b"".join(lines)


def make_file(path, kind, size):
    rng = random.Random(18)
    with open(path, "wb") as f:
        if kind == "random":
            left = size
            while left:
                n = min(left, 1 << 20)
                f.write(rng.randbytes(n))
                left -= n
            return
        block = text_block(kind, rng)
        whole, rest = divmod(size, len(block))
        for _ in range(whole):
            f.write(block)
        # The file ends on a whole line, so it is valid UTF-8.
        tail = block[:rest]
        f.write(tail[: tail.rfind(b"\n") + 1])


def prepare(script, cli, tools, args):
    """The CLI's absolute path, the directory for the files (args.dir, or a temporary one) and the
    temporary directory to clean up (None for args.dir); exits naming what is missing."""
    cli = os.path.abspath(cli)
    if not os.access(cli, os.X_OK):
        sys.exit(f"{script}: {cli}: not an executable (build u8scope-cli first)")
    for tool in tuple(tools) + (("strace",) if args.strace else ()):
        if not shutil.which(tool):
            sys.exit(f"{script}: {tool}: not found")
    if args.dir:
        os.makedirs(args.dir, exist_ok=True)
        return cli, args.dir, None
    temp = tempfile.TemporaryDirectory(prefix=f"u8scope-{script.removesuffix('.py')}.")
    return cli, temp.name, temp


# --- timing -------------------------------------------------------------------------------------

def run_once(argv, stdout_path=None):
    """(wall seconds, user seconds, system seconds, exit status) of one run."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, shell=False)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    finally:
        if stdout_path:
            out.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime, usage.ru_stime, proc.returncode


def best_of(runs, argv, stdout_path=None, cleanup=()):
    best = None
    for _ in range(runs):
        result = run_once(argv, stdout_path)
        for path in cleanup:
            if os.path.exists(path):
                os.unlink(path)
        if best is None or result[0] < best[0]:
            best = result
    return best


def strace_summary(argv, stdout_path, cleanup):
    """The calls that move the data or wait: reads (pread64, read; the loader's few reads of
    libraries included), writes, fsync, futex (the threads handing chunks over), clone3."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    with tempfile.NamedTemporaryFile("r", suffix=".strace") as log:
        subprocess.run(["strace", "-c", "-f", "-o", log.name] + argv, stdout=out,
                       stderr=subprocess.DEVNULL, check=False)
        if stdout_path:
            out.close()
        for path in cleanup:
            if os.path.exists(path):
                os.unlink(path)
        calls = {}
        for line in log.read().splitlines():
            fields = line.split()
            # % time, seconds, usecs/call, calls, [errors,] syscall
            if len(fields) >= 5 and fields[3].isdigit() and not line.startswith("-"):
                calls[fields[-1]] = int(fields[3])
    shown = ("pread64", "read", "write", "fsync", "futex", "clone3")
    return ", ".join(f"{name} {calls[name]}" for name in shown if name in calls)


# --- the table ----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default="build/bin/u8scope-cli")
    parser.add_argument("--dir")
    parser.add_argument("--mib", type=int, default=256)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", help="comma-separated command labels (e.g. check,stats)")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--strace", action="store_true")
    parser.add_argument("--compare", help="another u8scope-cli to run the same commands with")
    args = parser.parse_args()

    cli, work, temp = prepare("io_floor.py", args.cli, ("cat", "dd", "cp", "iconv"), args)
    size = args.mib << 20
    out = os.path.join(work, "out.tmp")
    only = set(args.only.split(",")) if args.only else None

    print(f"# {args.mib} MiB files in {work}, best of {args.runs} runs; "
          f"{os.cpu_count()} CPUs; wall/user/sys in seconds; ratio = wall / floor")
    print(f"{'file':7} {'command':34} {'wall':>7} {'user':>6} {'sys':>6} {'floor':>10} {'ratio':>6}"
          + ("  syscalls (strace -c -f)" if args.strace else ""))
    for kind in args.kinds.split(","):
        path = os.path.join(work, kind + (".bin" if kind == "random" else ".txt"))
        if not os.path.exists(path) or os.path.getsize(path) < size - (1 << 20):
            make_file(path, kind, size)
        subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)  # warm the cache

        floors = {
            "cat": (["cat", path], None, ()),
            "dd bs=1M": (["dd", f"if={path}", "of=/dev/null", "bs=1M", "status=none"], None, ()),
            "cp": (["cp", path, out], None, (out,)),
            # A copy made durable, as `-o` makes its output (fsync before the rename).
            "dd fsync": (["dd", f"if={path}", f"of={out}", "bs=1M", "conv=fsync", "status=none"],
                         None, (out,)),
        }
        commands = [
            ("check", [cli, "check", path], None, "cat"),
            ("stats", [cli, "stats", path], None, "cat"),
            ("detect", [cli, "detect", path], None, "cat"),
            ("decode replace >file", [cli, "decode", "--errors=replace", path], out, "cp"),
            ("decode replace -o", [cli, "decode", "--errors=replace", "-o", out, path], None,
             "dd fsync"),
            ("decode latin1 >file", [cli, "decode", "--errors=latin1", path], out, "cp"),
            ("decode cp1252 >file", [cli, "decode", "--errors=cp1252", path], out, "cp"),
        ]
        if args.compare:
            other = os.path.abspath(args.compare)
            commands += [(label + " (other)", [other] + argv[1:], stdout_path, floor)
                         for label, argv, stdout_path, floor in commands]
        if kind == "random":
            commands.append(("iconv -c >file", ["iconv", "-c", "-f", "UTF-8", "-t", "UTF-8", path],
                             out, "cp"))
        else:
            commands.append(("iconv >/dev/null", ["iconv", "-f", "UTF-8", "-t", "UTF-8", path],
                             None, "cat"))
            commands.append(("transcode to UTF-16LE -o", [cli, "transcode", "--from", "UTF-8",
                                                          "--to", "UTF-16LE", "-o", out, path],
                             None, "dd fsync"))
        measured = {}
        for label, (argv, stdout_path, cleanup) in floors.items():
            measured[label] = best_of(args.runs, argv, stdout_path, cleanup)
            wall, user, sys_ = measured[label][:3]
            print(f"{kind:7} {label:34} {wall:7.3f} {user:6.3f} {sys_:6.3f}")
        for label, argv, stdout_path, floor in commands:
            if only and label.split()[0] not in only and label not in only:
                continue
            wall, user, sys_, status = best_of(args.runs, argv, stdout_path, (out,))
            ratio = wall / measured[floor][0]
            note = f"  {strace_summary(argv, stdout_path, (out,))}" if args.strace else ""
            failed = "" if status in (0, 1) else f"  (exit {status})"
            print(f"{kind:7} {label:34} {wall:7.3f} {user:6.3f} {sys_:6.3f} {floor:>10} "
                  f"{ratio:6.2f}{failed}{note}")
        sys.stdout.flush()
    if temp:
        temp.cleanup()


if __name__ == "__main__":
    main()
