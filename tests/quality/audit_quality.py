#!/usr/bin/env python3
"""False alarms and attacks of `u8scope-cli audit`, for issue 34's figures.

False alarms: every file of CORPUS/tune and CORPUS/heldout (built by build_audit_corpus.py: real,
correct multilingual files) is audited with the profile its name picks and the default kinds; the
findings of the kinds a CI gate trusts (bidi-control, bidi-unterminated, invisible, confusable,
mixed-script, hidden-payload) are counted per kind per 1,000 files, for each half. The held-out
half is only counted, never looked at while writing rules. Each finding of the tuning half was
read: those listed in audit_reviewed.tsv are true problems of their files (a typo mixing two
scripts in a word, a doubled zero-width character) and are counted apart from false alarms.

Attacks: each line of tests/convert/audit_lines/attacks.txt is written to a file of its profile
(.c for code, .txt for text) and audited; the line counts as flagged when a finding of its kind
is among the findings.

Usage: audit_quality.py --cli PATH [--corpus DIR] [--attacks FILE] [--all-kinds]
(--all-kinds asks for every kind, as a build from before mixed-script became opt-in did by
default, so that two builds are compared on the same kinds.)
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

GATED = ["bidi-control", "bidi-unterminated", "invisible", "confusable", "mixed-script",
         "hidden-payload"]
HERE = os.path.dirname(os.path.abspath(__file__))
ATTACKS = os.path.join(HERE, "..", "convert", "audit_lines", "attacks.txt")
REVIEWED = os.path.join(HERE, "audit_reviewed.tsv")


# The rule behind a confusable finding, from its message (counted, never printed for the held-out
# half): a letter inside a word of another script, an identifier all of another script, ASCII
# punctuation's look-alike in code, two identifiers of a file that read the same, or a character
# drawn like ASCII in an identifier.
CONFUSABLE_RULES = [("intrusion", "inside a word of"), ("whole-script", " is written in "),
                    ("punctuation", "where code reads that token"),
                    ("pair", "are two identifiers of this file")]


def confusable_rule(message):
    for rule, marker in CONFUSABLE_RULES:
        if marker in message:
            return rule
    return "ascii-lookalike"


def reviewed_findings():
    """{(file relative to its half, line, column, kind)} of audit_reviewed.tsv."""
    found = set()
    with open(REVIEWED, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            place, kind = line.split("\t")[:2]
            path, row, column = place.rsplit(":", 2)
            found.add((path, int(row), int(column), kind))
    return found


def audit(cli, files, extra, places=None):
    """{file: Counter(kind)} from --json output, in batches; confusable findings are also
    counted as "confusable/RULE". `places` (a list) receives (file, line, column, kind)."""
    counts = collections.defaultdict(collections.Counter)
    for i in range(0, len(files), 200):
        batch = files[i:i + 200]
        out = subprocess.run([cli, "audit", "--json", "--max-findings=0"] + extra + batch,
                             capture_output=True, check=False).stdout
        for line in out.decode("utf-8", "replace").splitlines():
            o = json.loads(line)
            if "kind" in o:
                counts[o["file"]][o["kind"]] += 1
                if places is not None:
                    places.append((o["file"], o.get("line", 0), o.get("column", 0), o["kind"]))
                if o["kind"] == "confusable":
                    counts[o["file"]]["confusable/" + confusable_rule(o.get("message", ""))] += 1
    return counts


def false_alarms(cli, corpus, extra):
    for half in ("tune", "heldout"):
        d = os.path.join(corpus, half)
        files = sorted(os.path.join(top, f) for top, _, names in os.walk(d) for f in names)
        places = []
        counts = audit(cli, files, extra, places)
        total = collections.Counter()
        files_with = collections.Counter()
        for c in counts.values():
            for k in GATED:
                total[k] += c[k]
                files_with[k] += c[k] != 0
        per = ", ".join(f"{k} {1000 * total[k] / len(files):.1f} ({files_with[k]} files)"
                        for k in GATED)
        print(f"{half}: {len(files)} files; findings per 1,000 files: {per}")
        rules = collections.Counter()
        for c in counts.values():
            for rule, _ in CONFUSABLE_RULES + [("ascii-lookalike", "")]:
                rules[rule] += c["confusable/" + rule]
        print(f"  confusable by rule: " + ", ".join(
            f"{r} {1000 * n / len(files):.1f}" for r, n in sorted(rules.items())))
        if half == "tune":
            # Each finding of the tuning half was reviewed: those that are true problems of the
            # file (audit_reviewed.tsv) are not false alarms. A new finding is either.
            known = reviewed_findings()
            gated = [p for p in places if p[3] in GATED]
            true = [p for p in gated if (os.path.relpath(p[0], d), p[1], p[2], p[3]) in known]
            other = [p for p in gated if p not in true]
            print(f"  reviewed: {len(true)} of {len(gated)} findings are true problems of their "
                  f"files; {len(other)} not reviewed ({1000 * len(other) / len(files):.1f} per "
                  f"1,000 files at most are false alarms)")
            for p in other[:20]:
                print(f"    not reviewed: {os.path.relpath(p[0], d)}:{p[1]}:{p[2]} {p[3]}")


def unescape(text):
    text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), text)
    return text.replace("\\\\", "\\")


def attacks(cli, extra):
    flagged, lines, missed = 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for n, line in enumerate(open(ATTACKS, encoding="utf-8")):
            if line.startswith("#") or not line.strip():
                continue
            kind, profile, text = line.rstrip("\n").split("\t")
            path = os.path.join(tmp, f"a{n}." + ("c" if profile == "code" else "txt"))
            with open(path, "w", encoding="utf-8") as f:
                f.write(unescape(text) + "\n")
            lines += 1
            if audit(cli, [path], extra)[path][kind]:
                flagged += 1
            else:
                missed.append(line.strip())
    print(f"attack lines flagged with their kind: {flagged} of {lines}")
    for m in missed:
        print("  missed: " + m)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--corpus", default="/work/audit-corpus")
    parser.add_argument("--all-kinds", action="store_true")
    args = parser.parse_args()
    extra = ["--kinds=" + ",".join(GATED)] if args.all_kinds else []
    false_alarms(args.cli, args.corpus, extra)
    attacks(args.cli, extra)


if __name__ == "__main__":
    sys.exit(main())
