#!/usr/bin/python3
"""u8scope.fix_encoding over a list of short damaged strings against ftfy.fix_encoding one string
at a time: strings a second and how many come out as expected.

Usage (Debian's Python, the built module and ftfy importable):
  PYTHONPATH=build/ci/app/python:/work/shared/anchors \\
      /usr/bin/python3 tests/bench/python/fix_encoding_vs_ftfy.py \\
      /work/corpora/tune/short_damaged.tsv
The TSV has a header; its columns `damaged` and `expected` are used."""
import csv
import sys
import time

import u8scope

try:
    import ftfy
except ImportError:
    ftfy = None


def rows(path):
    csv.field_size_limit(1 << 24)
    with open(path, encoding='utf-8', newline='') as f:
        reader = csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE)
        for row in reader:
            yield row['damaged'], row['expected']


def measure(name, fix_all, damaged, expected, repeat):
    best = float('inf')
    for _ in range(repeat):
        start = time.perf_counter()
        fixed = fix_all(damaged)
        best = min(best, time.perf_counter() - start)
    right = sum(f == e for f, e in zip(fixed, expected))
    print(f'{name:34} {len(damaged) / best:12,.0f} strings/s   '
          f'{right:6} / {len(damaged)} as expected ({100 * right / len(damaged):.1f} %)')
    return best


def main():
    damaged, expected = zip(*rows(sys.argv[1]))
    damaged, expected = list(damaged), list(expected)
    print(f'{len(damaged)} strings, {sum(map(len, damaged)) / len(damaged):.0f} characters on '
          f'average; u8scope {u8scope.__version__}')
    ours = measure('u8scope.fix_encoding(list)', u8scope.fix_encoding, damaged, expected, 3)
    measure('u8scope.fix_encoding, one by one', lambda d: [u8scope.fix_encoding(s) for s in d],
            damaged, expected, 1)
    if ftfy:
        theirs = measure(f'ftfy {ftfy.__version__} fix_encoding, one by one',
                         lambda d: [ftfy.fix_encoding(s) for s in d], damaged, expected, 1)
        print(f'u8scope (list) is {theirs / ours:.1f}x as fast as ftfy')


if __name__ == '__main__':
    main()
