#!/usr/bin/env python3
"""Build the plausibility model of the mojibake repair from real text on Debian's archive.

    build_plausibility.py [--cache build/corpora-cache] [--out codec/convert/model/plausibility.inc]

The model says how likely a short stretch of characters is in correct text of any language: a
character bigram model (docs/mojibake.md, "The plausibility model"). It is learned from the
corpus that tests/quality/build_corpora.py harvests (translation catalogues, translated manual
pages, hunspell/myspell dictionaries: `corpus_packages.txt` lists the packages) plus the
symbol-rich lines of tests/quality/symbol_lines.py and the short correct strings of
tests/quality/short_strings.py, **only their tuning half**: a line whose stable hash puts it in
the held-out half is never read, so the held-out figures stay honest.

What is counted, after folding (fold()): characters are lower-cased, every decimal digit is "0",
every space but the no-break ones is " ", and the start and end of a line are a space. Characters that occur
fewer than MIN_COUNT times, and the ideographs and Hangul syllables (thousands of characters
that mis-decodings never need told apart), stand for their class: their general category, or
"Han"/"Hangul". Written out:
- for each token, log P(token) (a class token: per character of it) and the back-off weight of
  absolute discounting (D = 0.75);
- for each pair seen at least PAIR_MIN times, log P(b | a) smoothed, where it differs from the
  back-off estimate by more than PRUNE nats (the rest is the back-off's);
- the case model: how often a letter follows a letter in each case pattern (lower after upper
  and so on), for the capital after a small letter that mojibake makes.
All log probabilities are stored in 1/16 nat units as integers. Output is deterministic.
"""

import argparse
import collections
import math
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUALITY = HERE.parents[2] / "tests" / "quality"
sys.path.insert(0, str(QUALITY))

import build_corpora  # noqa: E402  (the harvest and the split of the quality corpora)
import short_strings  # noqa: E402
import symbol_lines  # noqa: E402

MIN_COUNT = 4  # a character seen fewer times stands for its class
PAIR_MIN = 2
PRUNE = 0.5  # nats
DISCOUNT = 0.75
SCALE = 16  # units per nat
CLASS = "\0class:"  # the prefix of a class token (no character starts so)

# A no-break space is not folded: after a letter inside a word it is the A0 of a mis-decoding
# ("Å" + A0 is "Š"), where correct text holds it between words and before punctuation.
SPACES = {" ", "\t"} | {chr(c) for c in range(0x2000, 0x200B)}


def fold(ch):
    if ch in SPACES:
        return " "
    if unicodedata.category(ch) == "Nd":
        return "0"
    low = ch.lower()
    return low if len(low) == 1 else ch


def class_of(ch):
    """The class a rare character stands for."""
    cp = ord(ch)
    if 0x3400 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x3FFFF:
        return "Han"
    if 0xAC00 <= cp <= 0xD7A3:
        return "Hangul"
    return unicodedata.category(ch)


def is_class_only(ch):
    return class_of(ch) in ("Han", "Hangul")


def training_lines(cache):
    """Every harvested line of the tuning half, and the tuning halves of the written sets."""
    root = build_corpora.download(cache)
    pools = build_corpora.harvest(root, [])
    for lang in sorted(pools):
        for kind in ("sentence", "word"):
            for line in pools[lang][kind]:
                if not build_corpora.is_heldout(line):
                    yield line
    for line in symbol_lines.symbol_lines():
        if not build_corpora.is_heldout(line):
            yield line
    for row in short_strings.correct_strings(root):
        if not build_corpora.is_heldout(row.key):
            yield row.text


def count(lines):
    chars, pairs, case = collections.Counter(), collections.Counter(), collections.Counter()
    for line in lines:
        folded = [" "] + [fold(c) for c in line] + [" "]
        chars.update(folded)
        pairs.update(zip(folded, folded[1:]))
        cased = [c.isalpha() and c.lower() != c.upper() for c in line]
        for k in range(1, len(line)):
            if cased[k] and cased[k - 1]:
                # (upper before the letter before, or None; upper before; upper now)
                before = line[k - 2].isupper() if k >= 2 and cased[k - 2] else None
                case[(before, line[k - 1].isupper(), line[k].isupper())] += 1
    return chars, pairs, case


def tokenize(chars, pairs):
    """Tokens (characters kept, then classes), and the counts by token."""
    kept = sorted(c for c, n in chars.items() if n >= MIN_COUNT and not is_class_only(c))
    token_of = {c: c for c in kept}
    members = collections.defaultdict(set)
    for c in chars:
        if c not in token_of:
            token_of[c] = CLASS + class_of(c)
            members[token_of[c]].add(c)
    uni = collections.Counter()
    for c, n in chars.items():
        uni[token_of[c]] += n
    bi = collections.Counter()
    for (a, b), n in pairs.items():
        bi[(token_of[a], token_of[b])] += n
    return uni, bi, members


def unicode_class_sizes(kept):
    """How many assigned characters each class has, the model's own tokens left out."""
    sizes = collections.Counter()
    for cp in range(0x110000):
        ch = chr(cp)
        if unicodedata.category(ch) != "Cn" and fold(ch) not in kept:
            sizes[class_of(ch)] += 1
    return sizes


def model(uni, bi, members):
    total = sum(uni.values())
    class_sizes = unicode_class_sizes({t for t in uni if not t.startswith(CLASS)})
    # Every general category has a class token, seen or not (add-one for the unseen).
    categories = ["Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd",
                  "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc",
                  "Cf", "Cs", "Co", "Cn", "Han", "Hangul"]
    tokens = sorted(t for t in uni if not t.startswith(CLASS))
    classes = [CLASS + c for c in categories]
    vocab = tokens + classes
    logp = {}
    for t in vocab:
        n = uni.get(t, 0) + 0.5
        p = n / (total + 0.5 * len(vocab))
        if t.startswith(CLASS):
            # One character of the class: the class's mass shared by every character Unicode
            # assigns to it but the model's own (a rare character is one of thousands).
            p /= max(class_sizes.get(t[len(CLASS):], 1), 1)
        logp[t] = math.log(p)
    followers = collections.Counter(a for (a, _b) in bi)
    bow = {}
    for t in vocab:
        n = uni.get(t, 0)
        bow[t] = math.log(DISCOUNT * followers[t] / n) if n and followers[t] else 0.0
    kept_pairs = {}
    for (a, b), n in bi.items():
        if n < PAIR_MIN:
            continue
        seen = (n - DISCOUNT) / uni[a]
        if b.startswith(CLASS) and b[len(CLASS):] not in ("Han", "Hangul"):
            # P(b | a) of one character of the class, as logp[b] is: "'" + a rare letter is
            # not as likely as "'" + any letter of thousands (code tables quote rare letters
            # one at a time, which made "'ѽ'" likelier than "'Т'"). Ideographs and syllables
            # stay one token whose pairs are the script's (is_class_only()).
            seen /= max(class_sizes.get(b[len(CLASS):], 1), 1)
        p = seen + math.exp(bow[a] + logp[b])
        lp = math.log(p)
        if abs(lp - (bow[a] + logp[b])) > PRUNE:
            kept_pairs[(a, b)] = lp
    return vocab, logp, bow, kept_pairs


def q(x):
    return int(round(x * SCALE))


def write(out, vocab, logp, bow, pairs, case, lines_read):
    index = {t: k for k, t in enumerate(vocab)}
    chars = [(ord(t), index[t]) for t in vocab if not t.startswith(CLASS)]
    classes = [(t[len(CLASS):], index[t]) for t in vocab if t.startswith(CLASS)]
    # -log P(case now | the case of the one or two letters before), add-one smoothed.
    case_cost = {}
    for before in (None, False, True):
        for prev in (False, True):
            total = case.get((before, prev, False), 0) + case.get((before, prev, True), 0)
            for now in (False, True):
                case_cost[(before, prev, now)] = -math.log((case.get((before, prev, now), 0) + 1)
                                                           / (total + 2))
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("// Generated by codec/convert/model/build_plausibility.py from the tuning half of the\n"
                f"// quality corpora ({lines_read} lines); do not edit. Log probabilities in 1/{SCALE} nat.\n")
        f.write(f"// {len(vocab)} tokens, {len(pairs)} pairs.\n")
        f.write("// {code point, token}, sorted by code point\n")
        f.write("static constexpr TokenOf kTokens[] = {\n")
        for k in range(0, len(chars), 8):
            f.write("    " + " ".join(f"{{0x{cp:X}, {i}}}," for cp, i in chars[k:k + 8]) + "\n")
        f.write("};\n// the class tokens, by name (mojibake_plausibility.cpp maps categories)\n")
        for name, i in classes:
            f.write(f"static constexpr int kClass{name} = {i};\n")
        f.write("// per token: {log P(token), back-off weight}\n")
        f.write("static constexpr TokenModel kModel[] = {\n")
        for k in range(0, len(vocab), 8):
            f.write("    " + " ".join(f"{{{q(logp[t])}, {q(bow[t])}}},"
                                      for t in vocab[k:k + 8]) + "\n")
        f.write("};\n// {token a << 16 | token b, log P(b | a)}, sorted by key\n")
        f.write("static constexpr PairModel kPairs[] = {\n")
        entries = sorted((index[a] << 16 | index[b], q(lp)) for (a, b), lp in pairs.items())
        for k in range(0, len(entries), 6):
            f.write("    " + " ".join(f"{{0x{key:X}, {v}}}," for key, v in entries[k:k + 6]) + "\n")
        f.write("};\n// the cost of a letter's case after one or two letters': [the one before the "
                "letter before: 0 none, 1 lower, 2 upper][upper before][upper now]\n")
        rows = []
        for before in (None, False, True):
            rows.append("{" + ", ".join(
                "{" + ", ".join(str(q(case_cost[(before, prev, now)])) for now in (False, True)) + "}"
                for prev in (False, True)) + "}")
        f.write("static constexpr int kCaseCost[3][2][2] = {" + ", ".join(rows) + "};\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("build/corpora-cache"))
    parser.add_argument("--out", type=Path, default=HERE / "plausibility.inc")
    parser.add_argument("--lines", type=Path,
                        help="keep the training lines in this file, and read them from it when "
                             "it exists (to try other settings without harvesting again)")
    args = parser.parse_args()
    if args.lines and args.lines.exists():
        lines = args.lines.read_text(encoding="utf-8").split("\n")
    else:
        lines = list(training_lines(args.cache))
        if args.lines:
            args.lines.write_text("\n".join(lines), encoding="utf-8")
    chars, pairs, case = count(lines)
    uni, bi, members = tokenize(chars, pairs)
    vocab, logp, bow, kept = model(uni, bi, members)
    write(args.out, vocab, logp, bow, kept, case, len(lines))
    # The corpus list: the packages the text came from, at the versions read.
    debs = sorted(p.name for p in (args.cache / "debs").glob("*.deb"))
    (HERE / "corpus_packages.txt").write_text(
        "# The Debian packages whose text the plausibility model was counted from (with the\n"
        "# symbol-rich lines and short strings of tests/quality/), at the versions read.\n"
        + "".join(d + "\n" for d in debs), encoding="utf-8")
    print(f"{len(lines)} lines, {len(vocab)} tokens, {len(kept)} pairs -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
