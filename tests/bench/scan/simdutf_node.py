#!/usr/bin/env python3
"""simdutf's UTF-8 validation, as Node.js bundles it, against u8scope's scan on the same bytes.

    tests/bench/scan/simdutf_node.py [--dir DIR] [--mib 256] [--runs 7] [--kinds ascii,mixed,cjk]
                                     [--bench build/tests/bench/scan/bench_scan_memory]

Debian 12 packages no simdutf, but Node.js (18.14 and later) bundles it: `process.versions.simdutf`
names its version and `require('buffer').isUtf8(buf)` calls simdutf::validate_utf8, which picks
its best kernel for this CPU at run time. The files are tests/bench/cli/io_floor.py's (the same
generator, so --dir can share them with it): --mib MiB each of ASCII English-like words, mixed
text (Latin, Greek, Cyrillic, CJK, emoji) and CJK text, all valid UTF-8. Node reads each whole
file into memory, then times isUtf8 --runs times (best run kept: other processes on the machine
only add time). bench_scan_memory, when built (-DU8SCOPE_BENCH=ON), does the same with u8scope's
wellFormedLength() (validation only, the same question) and scan() (the whole ScanSummary).
GB/s are 10^9 bytes per wall second, one thread.

Exits 0 with a message, measuring nothing, where node is not installed or bundles no simdutf.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree by the import below
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from io_floor import make_file  # noqa: E402  (the files io_floor.py measures the CLI on)

# Reads each file named on the command line into one Buffer and times isUtf8 on it.
NODE_PROGRAM = r"""
const { isUtf8 } = require('buffer');
const fs = require('fs');
const runs = Number(process.argv[1]);
for (const path of process.argv.slice(2)) {
  const bytes = fs.readFileSync(path);
  let best = Infinity, valid = isUtf8(bytes);  // a first call, untimed: code and pages warm
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    valid = isUtf8(bytes) && valid;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (seconds < best) best = seconds;
  }
  console.log(JSON.stringify({ path, bytes: bytes.length, seconds: best, valid }));
}
"""


def node_simdutf(node):
    """simdutf's version in this Node.js, or None where it has none or no buffer.isUtf8."""
    probe = subprocess.run(
        [node, "-p", "require('buffer').isUtf8 ? (process.versions.simdutf || '') : ''"],
        capture_output=True, text=True, check=False)
    version = probe.stdout.strip()
    return version if probe.returncode == 0 and version else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", help="where the files are kept (a temporary directory if not)")
    parser.add_argument("--mib", type=int, default=256)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--kinds", default="ascii,mixed,cjk")
    parser.add_argument("--bench", default="build/tests/bench/scan/bench_scan_memory")
    args = parser.parse_args()

    node = shutil.which("node")
    if node is None:
        print("simdutf_node.py: node (Node.js) is not installed: nothing measured")
        return 0
    simdutf = node_simdutf(node)
    if simdutf is None:
        print(f"simdutf_node.py: {node} bundles no simdutf or has no buffer.isUtf8: "
              "nothing measured")
        return 0
    kinds = args.kinds.split(",")
    if "random" in kinds:
        sys.exit("simdutf_node.py: the kinds are text (ascii, mixed, cjk): isUtf8 stops at the "
                 "first error, so random bytes would time nothing")

    temp = None if args.dir else tempfile.TemporaryDirectory(prefix="u8scope-simdutf.")
    work = args.dir or temp.name
    os.makedirs(work, exist_ok=True)
    size = args.mib << 20
    paths = []
    for kind in kinds:
        path = os.path.join(work, kind + ".txt")
        if not os.path.exists(path) or os.path.getsize(path) < size - (1 << 20):
            make_file(path, kind, size)
        paths.append(path)

    node_run = subprocess.run([node, "-e", NODE_PROGRAM, str(args.runs)] + paths,
                              capture_output=True, text=True, check=True)
    theirs = {row["path"]: row for row in map(json.loads, node_run.stdout.splitlines())}
    ours, kernel = {}, None
    if os.access(args.bench, os.X_OK):
        bench_run = subprocess.run([args.bench, "--runs", str(args.runs)] + paths,
                                   capture_output=True, text=True, check=True)
        for line in bench_run.stdout.splitlines():
            if line.startswith("# path "):
                kernel = line.split()[-1]
                continue
            path, _, scan_gbps, validate_gbps, _ = line.split("\t")
            ours[path] = (float(validate_gbps), float(scan_gbps))
    else:
        print(f"({args.bench} not built: u8scope's columns left empty; configure with "
              "-DU8SCOPE_BENCH=ON)")

    load = " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"# {args.mib} MiB files in {work}, in memory, best of {args.runs} runs, one thread; "
          f"node {subprocess.run([node, '--version'], capture_output=True, text=True).stdout.strip()}"
          f" (simdutf {simdutf}); u8scope kernel {kernel or '-'}; load average {load}")
    print("| data | bytes | simdutf validate GB/s | u8scope validate GB/s | u8scope scan GB/s |")
    print("|---|---:|---:|---:|---:|")
    for kind, path in zip(kinds, paths):
        row = theirs[path]
        if not row["valid"]:
            sys.exit(f"simdutf_node.py: {path}: isUtf8 says not valid UTF-8")
        simdutf_gbps = row["bytes"] / row["seconds"] / 1e9
        validate, scan = (f"{x:.2f}" for x in ours[path]) if path in ours else ("-", "-")
        print(f"| {kind} | {row['bytes']} | {simdutf_gbps:.2f} | {validate} | {scan} |")
    if temp:
        temp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
