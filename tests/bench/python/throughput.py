#!/usr/bin/python3
"""The Python package's speed (figures in docs/performance.md and docs/python.md; nothing here
is asserted by a test):

  series    u8scope.fix_encoding over a pandas Series of N short strings (the damaged and the
            correct short strings of the corpus, repeated to N) against ftfy.fix_encoding,
            which is measured on a sample only (it takes about a minute for 1 million) and
            extrapolated; and how many strings each gets right on the sample
  dask      u8scope.dask.repair_column on a LocalCluster of 2 worker processes against
            u8scope.repair over the same column in this process
  overhead  the cost of one call for one short string, beyond the repair: one call for a
            one-letter ASCII string (whose repair costs about 0.04 us) and for the corpus's
            strings one call each against the list form

Usage (Debian's Python, the built package and, for ftfy, its source tree on the path):
  PYTHONPATH=build/app/python:/work/shared/anchors /usr/bin/python3 \\
      tests/bench/python/throughput.py series|dask|overhead|all /work/corpora/tune
The corpus directory holds short_damaged.tsv (damaged, expected) and short_correct.tsv (text),
as tests/quality/build_short_corpus.py writes them."""
import csv
import os
import sys
import time
import timeit

import u8scope


def read_tsv(path, *columns):
    csv.field_size_limit(1 << 24)
    with open(path, encoding='utf-8', newline='') as f:
        return [tuple(row[c] for c in columns)
                for row in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE)]


def corpus(directory):
    """(strings, expected): the damaged strings, then the correct ones (expected unchanged)."""
    damaged = read_tsv(os.path.join(directory, 'short_damaged.tsv'), 'damaged', 'expected')
    correct = read_tsv(os.path.join(directory, 'short_correct.tsv'), 'text')
    strings = [d for d, _ in damaged] + [t for (t,) in correct]
    expected = [e for _, e in damaged] + [t for (t,) in correct]
    return strings, expected


def machine():
    model = ''
    with open('/proc/cpuinfo', encoding='utf-8') as f:
        for line in f:
            if line.startswith('model name'):
                model = line.split(':', 1)[1].strip()
                break
    return f'{os.cpu_count()} cores, {model}, load {os.getloadavg()[0]:.1f}'


def best_of(runs, function):
    best = float('inf')
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def series(directory, n=1_000_000, sample=50_000):
    import pandas

    strings, expected = corpus(directory)
    repeat = -(-n // len(strings))
    column = pandas.Series((strings * repeat)[:n])
    wanted = (expected * repeat)[:n]
    seconds, fixed = best_of(3, lambda: u8scope.fix_encoding(column))
    right = sum(f == e for f, e in zip(fixed, wanted))
    print(f'u8scope.fix_encoding(Series of {n:,}): {seconds:.2f} s, {n / seconds:,.0f} strings/s, '
          f'{right / n:.1%} as expected')
    step = max(1, len(strings) // sample)
    picked = list(range(0, len(strings), step))[:sample]
    part = [strings[i] for i in picked]
    part_expected = [expected[i] for i in picked]
    ours = sum(f == e for f, e in zip(u8scope.fix_encoding(part), part_expected))
    print(f'  on the sample of {len(part):,}: {ours / len(part):.2%} as expected')
    try:
        import ftfy
    except ImportError:
        print('  ftfy is not importable: put its source tree on PYTHONPATH')
        return
    start = time.perf_counter()
    theirs = [ftfy.fix_encoding(s) for s in part]
    elapsed = time.perf_counter() - start
    right = sum(f == e for f, e in zip(theirs, part_expected))
    rate = len(part) / elapsed
    print(f'ftfy {ftfy.__version__} fix_encoding, one call a string, on the sample of '
          f'{len(part):,}: {rate:,.0f} strings/s, {right / len(part):.2%} as expected; '
          f'{n:,} extrapolated: {n / rate:.1f} s, {n / rate / seconds:.0f}x u8scope\'s time')


def dask_cluster(directory, rows=200_000, partitions=8):
    import dask.dataframe
    import pandas
    from distributed import Client, LocalCluster

    import u8scope.dask

    strings, _ = corpus(directory)
    frame = pandas.DataFrame({'text': (strings * (-(-rows // len(strings))))[:rows]})
    direct, _ = best_of(3, lambda: u8scope.repair([s.encode() for s in frame['text']]))
    partwise, _ = best_of(3, lambda: [u8scope.dask._repair_partition(
        frame.iloc[i::partitions], 'text', {}, i) for i in range(partitions)])
    print(f'u8scope.repair over {rows:,} rows in this process: {direct:.2f} s '
          f'({rows / direct:,.0f} rows/s); repair_column\'s per-partition work, here: '
          f'{partwise:.2f} s')
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host='127.0.0.1',
                      scheduler_kwargs={'dashboard': False}) as cluster, Client(cluster) as client:
        ddf = dask.dataframe.from_pandas(frame, npartitions=partitions)
        ddf = client.persist(ddf)  # the data on the workers first, as a real column would be

        def run():
            repaired, summary = u8scope.dask.repair_column(ddf, 'text', client=client)
            client.cancel(repaired)
            return summary
        seconds, summary = best_of(3, run)
        print(f'u8scope.dask.repair_column, LocalCluster of 2 processes, {partitions} partitions: '
              f'{seconds:.2f} s ({rows / seconds:,.0f} rows/s), {seconds / partwise:.2f}x the '
              f'per-partition work in this process, {seconds / direct:.2f}x u8scope.repair; '
              f'{summary.changed:,} rows changed')


def overhead(directory):
    strings, _ = corpus(directory)
    runs = 200_000
    one = min(timeit.repeat(lambda: u8scope.fix_encoding('a'), number=runs, repeat=5)) / runs
    print(f'u8scope.fix_encoding("a"), one call: {one * 1e6:.2f} us (the repair of one ASCII '
          f'letter about 0.04 us of it)')
    empty = min(timeit.repeat(lambda: len('a'), number=runs, repeat=5)) / runs
    print(f'  a Python call of a builtin for comparison: {empty * 1e6:.2f} us')
    sample = strings[::10]
    single, _ = best_of(3, lambda: [u8scope.fix_encoding(s) for s in sample])
    listed, _ = best_of(3, lambda: u8scope.fix_encoding(sample))
    print(f'{len(sample):,} corpus strings: one call each {single / len(sample) * 1e6:.2f} us a '
          f'string; the list form {listed / len(sample) * 1e6:.2f} us a string (all cores)')


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('series', 'dask', 'overhead', 'all'):
        sys.exit(__doc__)
    print(f'u8scope {u8scope.__version__}; {machine()}')
    what, directory = sys.argv[1], sys.argv[2]
    if what in ('series', 'all'):
        series(directory)
    if what in ('dask', 'all'):
        dask_cluster(directory)
    if what in ('overhead', 'all'):
        overhead(directory)


if __name__ == '__main__':
    main()
