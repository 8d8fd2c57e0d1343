#!/usr/bin/env python3
"""`u8scope-cli dump` against the I/O floor: the terminal dump and the HTML page.

    tests/bench/cli/dump_floor.py [--cli build/bin/u8scope-cli] [--dir DIR] [--mib 128]
                                  [--random-mib 8] [--runs 3] [--kinds ascii,mixed,cjk,random]
                                  [--strace]

Writes the files of io_floor.py (ASCII words, mixed scripts with emoji, CJK, random bytes) into
DIR (kept for the next run; a temporary directory when DIR is not given), --mib MiB each but the
random one, which is --random-mib MiB: random bytes hold a problem every three bytes or so, and
each is explained on a line of its own, so its dump is some 60 times its size. Each file is read
once to be warm in the page cache. Then `cat FILE` (the floor) and `dump --color=never`,
`dump --color=always` and `dump --html` are run --runs times with their output going to
/dev/null, and the best run is kept (other processes on the machine add noise, never remove it).

For each run: wall, user and system seconds, the input's MB/s (10^6 bytes) over the wall time and
over the CPU time (user + system: what the dump costs, whatever else the machine does), the
largest resident set (GNU time's %M, from one more run: constant whatever the size of the file),
and the bytes written (from one more run into a pipe). With --strace, each command is also run once under
`strace -c -f` and its read and write calls are counted (the writes should be of about 1 MiB).
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from io_floor import best_of, make_file, prepare, strace_summary  # noqa: E402  the same files

KINDS = ("ascii", "mixed", "cjk", "random")


def max_rss(argv):
    """The largest resident set in KiB, from GNU time (wait4's ru_maxrss of a child forked from
    this Python would count Python's own pages from before the exec)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=False)
    return int(out.stderr.strip().splitlines()[-1])


def output_size(argv):
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as proc:
        total = 0
        while True:
            block = proc.stdout.read(1 << 20)
            if not block:
                break
            total += len(block)
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default="build/bin/u8scope-cli")
    parser.add_argument("--dir")
    parser.add_argument("--mib", type=int, default=128)
    parser.add_argument("--random-mib", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--strace", action="store_true")
    args = parser.parse_args()

    cli, work, temp = prepare("dump_floor.py", args.cli, ("cat", "/usr/bin/time"), args)

    print(f"# files in {work}, best of {args.runs} runs; {os.cpu_count()} CPUs; seconds; "
          f"MB/s of input over wall and over user+sys; max RSS; bytes written")
    print(f"{'file':7} {'command':22} {'wall':>7} {'user':>6} {'sys':>6} {'MB/s':>7} "
          f"{'MB/s cpu':>8} {'RSS KiB':>8} {'written':>12}"
          + ("  syscalls (strace -c -f)" if args.strace else ""))
    for kind in args.kinds.split(","):
        size = (args.random_mib if kind == "random" else args.mib) << 20
        path = os.path.join(work, f"{kind}-{size >> 20}.{'bin' if kind == 'random' else 'txt'}")
        if not os.path.exists(path) or os.path.getsize(path) < size - (1 << 20):
            make_file(path, kind, size)
        subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)  # warm the cache
        actual = os.path.getsize(path)
        commands = [
            ("cat (floor)", ["cat", path]),
            ("dump --color=never", [cli, "dump", "--color=never", path]),
            ("dump --color=always", [cli, "dump", "--color=always", path]),
            ("dump --html", [cli, "dump", "--html", path]),
        ]
        for label, argv in commands:
            wall, user, sys_, status = best_of(args.runs, argv)
            rss = max_rss(argv)
            written = output_size(argv)
            note = f"  {strace_summary(argv, None, ())}" if args.strace else ""
            failed = "" if status == 0 else f"  (exit {status})"
            print(f"{kind:7} {label:22} {wall:7.3f} {user:6.3f} {sys_:6.3f} "
                  f"{actual / wall / 1e6:7.0f} {actual / max(user + sys_, 1e-6) / 1e6:8.0f} "
                  f"{rss:8d} {written:12d}{failed}{note}")
            sys.stdout.flush()
    if temp:
        temp.cleanup()


if __name__ == "__main__":
    main()
