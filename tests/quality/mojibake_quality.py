#!/usr/bin/env python3
"""Mojibake repair quality of u8scope-cli on the corpora of build_corpora.py (a report, not a
test: exit status 0 unless the usage is wrong).

    mojibake_quality.py CLI CORPUS_DIR [--half tune|heldout|both] [--seed N] [--max-lines N]

For the chosen half, damage is generated from positive.tsv (classes: see damage_classes.py)
and repaired with `CLI repair --mojibake [--cesu | --c1=cp1252] -o OUT IN`:
- one file per class and page, many lines per file (up to --max-lines texts, a seeded sample);
- short texts, which carry little evidence: a seeded sample of texts per class, one per file.
A text is restored when the output equals the expected text exactly. negative.tsv is repaired
the same way (one file per language, and a sample of its lines one per file): every changed
line is a false fix. wild.tsv (real mojibake from Debian changelogs, with the reference round
trip as its likely original) is reported apart and is not trusted: the reference is a guess.

Examples of failures are printed for the tuning half only. Nobody tunes on the held-out half.
"""

import argparse
import hashlib
import random
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import damage_classes

SHORT_PER_CLASS = 200
SHORT_NEGATIVE = 400
EXAMPLES = 20


def read_tsv(path):
    with open(path, encoding="utf-8", newline="\n") as f:
        header = f.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f]


class Runner:
    """Writes texts to files, repairs them with the CLI (two at a time), reads them back."""

    def __init__(self, cli, workdir):
        self.cli, self.workdir, self.count = cli, Path(workdir), 0

    def _run(self, job):
        inp, out, flags = job
        try:
            result = subprocess.run([self.cli, "repair", "--mojibake", *flags, "-o", str(out),
                                     str(inp)], capture_output=True, text=True)
        except OSError as err:
            return None, f"{self.cli}: {err.strerror}"
        if result.returncode != 0:
            return None, result.stderr.strip()
        text = out.read_bytes().decode("utf-8", "replace")
        return (text[:-1] if text.endswith("\n") else text).split("\n"), ""

    def repair(self, batches, flags=()):
        """batches: lists of lines. Returns, per batch, the output lines (None on failure)."""
        jobs = []
        for lines in batches:
            self.count += 1
            inp = self.workdir / f"in{self.count}.txt"
            inp.write_text("".join(line + "\n" for line in lines), encoding="utf-8", newline="\n")
            jobs.append((inp, self.workdir / f"out{self.count}.txt", list(flags)))
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(self._run, jobs))
        for inp, out, _ in jobs:
            inp.unlink()
            out.unlink(missing_ok=True)
        return results


def cli_accepts(runner, flags):
    """None when the CLI accepts the flags, else its message."""
    output, message = runner.repair([["probe"]], flags)[0]
    return None if output is not None else message


def score(runner, items, flags):
    """Runs items in one file; returns [(item, output lines)] (output None when the run failed
    or the line count changed)."""
    lines = [line for item in items for line in item.damaged]
    output, message = runner.repair([lines], flags)[0]
    if output is None or len(output) != len(lines):
        print(f"  run failed or line count changed ({message or len(output)})")
        return [(item, None) for item in items]
    scored, at = [], 0
    for item in items:
        n = len(item.damaged)
        scored.append((item, output[at:at + n]))
        at += n
    return scored


def score_short(runner, items, flags):
    results = runner.repair([item.damaged for item in items], flags)
    return [(item, out if out is not None and len(out) == len(item.damaged) else None)
            for item, (out, _) in zip(items, results)]


def sample(rng, items, n):
    if len(items) <= n:
        return list(items)
    picked = sorted(rng.sample(range(len(items)), n))
    return [items[i] for i in picked]


def run_positive(runner, rows, args, rng, report):
    items = damage_classes.generate([(r["lang"], r["text"]) for r in rows], args.seed)
    by_class = defaultdict(lambda: defaultdict(list))
    for item in items:
        by_class[item.cls][item.page].append(item)
    failures = defaultdict(list)
    totals = {}
    for cls in damage_classes.CLASSES:
        flags = damage_classes.FLAGS.get(cls, [])
        refused = cli_accepts(runner, flags) if flags else None
        if refused:
            report.append(f"{cls:7} skipped: the CLI rejects {' '.join(flags)} ({refused})")
            continue
        class_ok = class_n = 0
        for page in sorted(by_class[cls]):
            scored = score(runner, sample(rng, by_class[cls][page], args.max_lines), flags)
            ok = sum(1 for item, out in scored if out is not None and item.restored(out))
            class_ok, class_n = class_ok + ok, class_n + len(scored)
            report.append(f"{cls:7} {page:24} {ok:6}/{len(scored):<6} {100 * ok / len(scored):6.2f} %")
            failures[cls] += [(item, out) for item, out in scored if out is None or not item.restored(out)]
        everything = [i for page in sorted(by_class[cls]) for i in by_class[cls][page]]
        short = score_short(runner, sample(rng, everything, SHORT_PER_CLASS), flags)
        short_ok = sum(1 for item, out in short if out is not None and item.restored(out))
        failures[cls] += [(item, out) for item, out in short if out is None or not item.restored(out)]
        totals[cls] = (class_ok, class_n, short_ok, len(short))
        report.append(f"{cls:7} {'ALL (files)':24} {class_ok:6}/{class_n:<6} "
                      f"{100 * class_ok / max(class_n, 1):6.2f} %")
        report.append(f"{cls:7} {'ALL (one text a file)':24} {short_ok:6}/{len(short):<6} "
                      f"{100 * short_ok / max(len(short), 1):6.2f} %")
    return totals, failures


def run_negative(runner, rows, rng, report):
    by_lang = defaultdict(list)
    for row in rows:
        by_lang[row["lang"] + ("/symbols" if row["source"] == "symbols" else "")].append(row["text"])
    langs = sorted(by_lang)
    changed = []
    results = runner.repair([by_lang[lang] for lang in langs])
    for lang, (out, message) in zip(langs, results):
        if out is None or len(out) != len(by_lang[lang]):
            report.append(f"negative {lang}: run failed or line count changed ({message})")
            changed += [(lang, line, None) for line in by_lang[lang]]
            continue
        changed += [(lang, a, b) for a, b in zip(by_lang[lang], out) if a != b]
    symbols = [r for r in rows if r["source"] == "symbols"]
    others = [r for r in rows if r["source"] != "symbols"]
    short_rows = symbols + sample(rng, others, SHORT_NEGATIVE)
    short = runner.repair([[r["text"]] for r in short_rows])
    short_changed = [(r["lang"] + " (alone)", r["text"], out[0] if out else None)
                     for r, (out, _) in zip(short_rows, short) if out != [r["text"]]]
    report.append(f"negative: {len(changed)} of {len(rows)} lines changed (files per language); "
                  f"{len(short_changed)} of {len(short_rows)} changed one line a file "
                  f"({len(symbols)} symbol-rich lines among them)")
    return changed + short_changed


def run_wild(runner, rows, report):
    if not rows:
        return
    out, _ = runner.repair([[r["damaged"] for r in rows]])[0]
    if out is None or len(out) != len(rows):
        report.append("wild: run failed")
        return
    agree = sum(1 for r, o in zip(rows, out) if o == r["likely_original"])
    unchanged = sum(1 for r, o in zip(rows, out) if o == r["damaged"])
    report.append(f"wild (not trusted): {agree}/{len(rows)} agree with the reference round trip, "
                  f"{unchanged} left unchanged, {len(rows) - agree - unchanged} changed otherwise")


def shown(text):
    """Invisible and control characters made visible: <U+00A0>, <U+0093>."""
    if text is None:
        return "(run failed)"
    return "".join(f"<U+{ord(c):04X}>" if (ord(c) < 0x20 or 0x7F <= ord(c) <= 0xA0 or c in
                                           "\u00ad\u200b\u200c\u200d\u2028\u2029\ufeff") else c
                   for c in text)


def print_examples(changed, failures, rng):
    print(f"\n-- up to {EXAMPLES} negative lines changed (false fixes) --")
    for lang, before, after in sample(rng, changed, EXAMPLES):
        print(f"[{lang}]\n  before:   {shown(before)}\n  after:    {shown(after)}")
    print(f"\n-- up to {EXAMPLES} failed positives, round robin over the classes --")
    picks = {cls: sample(rng, f, EXAMPLES) for cls, f in sorted(failures.items())}
    shown_count = 0
    while shown_count < EXAMPLES and any(picks.values()):
        for cls in sorted(picks):
            if picks[cls] and shown_count < EXAMPLES:
                item, out = picks[cls].pop(0)
                shown_count += 1
                print(f"[{item.cls} {item.page}]")
                for i, damaged in enumerate(item.damaged):
                    print(f"  before:   {shown(damaged)}\n  after:    "
                          f"{shown(out[i] if out else None)}\n  expected: {shown(item.expected[i])}")


def report_half(cli, corpus, half, args):
    rng = random.Random(args.seed)
    report = [f"== {half} half ==", f"{'class':7} {'page':24} {'restored':>13}"]
    with tempfile.TemporaryDirectory(prefix="u8quality-") as work:
        runner = Runner(cli, work)
        totals, failures = run_positive(runner, read_tsv(corpus / half / "positive.tsv"), args,
                                        rng, report)
        changed = run_negative(runner, read_tsv(corpus / half / "negative.tsv"), rng, report)
        wild = corpus / half / "wild.tsv"
        run_wild(runner, read_tsv(wild) if wild.exists() else [], report)
    ok = sum(t[0] + t[2] for t in totals.values())
    n = sum(t[1] + t[3] for t in totals.values())
    report.append(f"all classes: {ok}/{n} restored exactly ({100 * ok / max(n, 1):.2f} %)")
    print("\n".join(report))
    if half == "tune":
        print_examples(changed, failures, rng)
    else:
        print("(no examples from the held-out half: nobody tunes on it)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cli", type=Path, help="the u8scope-cli executable")
    parser.add_argument("corpus", type=Path, help="the directory build_corpora.py wrote")
    parser.add_argument("--half", choices=("tune", "heldout", "both"), default="tune")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-lines", type=int, default=400,
                        help="texts per class and page in the many-lines files")
    args = parser.parse_args()
    if not args.cli.is_file():
        parser.error(f"{args.cli}: no such executable")
    halves = ("tune", "heldout") if args.half == "both" else (args.half,)
    for half in halves:
        if not (args.corpus / half / "positive.tsv").is_file():
            parser.error(f"{args.corpus / half / 'positive.tsv'}: missing (run build_corpora.py)")
    with tempfile.TemporaryDirectory(prefix="u8quality-cli-") as private:
        # One private copy for the whole run: a rebuild of the CLI meanwhile must not give the
        # two halves different versions.
        cli = Path(private) / "u8scope-cli"
        shutil.copy2(args.cli, cli)
        digest = hashlib.sha256(cli.read_bytes()).hexdigest()[:16]
        print(f"CLI {args.cli.resolve()} (sha256 {digest}...)")
        for half in halves:
            report_half(str(cli), args.corpus, half, args)
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
