"""u8scope on a Dask cluster: a data frame's column repaired, files checked and files repaired,
partition by partition, each partition a task of its own on whichever worker the scheduler picks.

Each function returns a Summary: what every partition gave (rows or bytes, changes by kind, or
the error that stopped it) and the totals. A partition that fails does not stop the others, and
leaves nothing behind: repair_column keeps that partition's rows as they were, repair_files
writes no file for it (each file is written to a temporary name in the output directory and
renamed over its final name only once it is complete).

The work runs on the Client given, else on dask's default scheduler (the active
distributed.Client, if any). Within a task, u8scope works through the partition's values in C++
on every core the worker has.
"""
import dataclasses
import os
import tempfile

import dask

import u8scope


@dataclasses.dataclass
class PartitionSummary:
    """What one partition (a slice of a data frame, or one file) gave."""
    partition: int
    source: str = ''          # the file, for check_files and repair_files
    values: int = 0           # rows (repair_column) or bytes read (files)
    changed: int = 0          # rows or files changed (repair), or with problems (check_files)
    missing: int = 0          # rows with no value (None, NaN), left as they are
    kinds: dict = dataclasses.field(default_factory=dict)  # changes or problems, by kind
    output: str = ''          # the file written (repair_files)
    error: str = ''           # why the partition failed: nothing of it was written

    @property
    def ok(self):
        return not self.error


@dataclasses.dataclass
class Summary:
    """Every partition's summary, in order, and the totals over those that did not fail."""
    partitions: list

    @property
    def failed(self):
        return [p for p in self.partitions if not p.ok]

    @property
    def values(self):
        return sum(p.values for p in self.partitions if p.ok)

    @property
    def changed(self):
        return sum(p.changed for p in self.partitions if p.ok)

    @property
    def kinds(self):
        total = {}
        for p in self.partitions:
            for kind, n in (p.kinds.items() if p.ok else ()):
                total[kind] = total.get(kind, 0) + n
        return dict(sorted(total.items()))

    def __str__(self):
        # A file's values are its bytes, and a file changed is one file.
        unit = 'bytes' if any(p.source for p in self.partitions) else 'values'
        lines = []
        for p in self.partitions:
            where = f'partition {p.partition}' + (f' ({p.source})' if p.source else '')
            if p.ok:
                kinds = ', '.join(f'{k} {n}' for k, n in sorted(p.kinds.items()))
                lines.append(f'{where}: {p.values} {unit}, {p.changed} changed'
                             + (f': {kinds}' if kinds else ''))
            else:
                lines.append(f'{where}: failed: {p.error}')
        kinds = ', '.join(f'{k} {n}' for k, n in self.kinds.items())
        failed = len(self.failed)
        lines.append(f'total: {self.values} {unit}, {self.changed} changed'
                     + (f': {kinds}' if kinds else '')
                     + (f'; {failed} partition{"s" if failed > 1 else ""} failed' if failed else ''))
        return '\n'.join(lines)


def _count(kinds, changes):
    for change in changes:
        kinds[change.kind] = kinds.get(change.kind, 0) + 1


def _repair_partition(frame, column, options, index):
    """The partition `frame` with `column` repaired, and its PartitionSummary. A str value is
    repaired as its UTF-8 and given back as a str; a bytes value as bytes."""
    summary = PartitionSummary(partition=index, values=len(frame))
    try:
        values = frame[column].tolist()
        given = [v for v in values if isinstance(v, (str, bytes, bytearray))]
        summary.missing = len(values) - len(given)
        data = [v.encode() if isinstance(v, str) else v for v in given]
        repaired = iter(u8scope.repair(data, **options))
        out = []
        for v in values:
            if not isinstance(v, (str, bytes, bytearray)):
                out.append(v)
                continue
            fixed, changes = next(repaired)
            if changes:
                summary.changed += 1
                _count(summary.kinds, changes)
                v = fixed.decode() if isinstance(v, str) else fixed
            out.append(v)
        frame = frame.copy()
        frame[column] = out
    except (u8scope.Error, TypeError, UnicodeError) as e:
        summary = PartitionSummary(partition=index, values=len(frame), error=str(e))
    return frame, summary


def _run(tasks, client):
    if client is not None:
        return client.gather(client.compute(tasks))
    return list(dask.compute(*tasks))


def repair_column(ddf, column, *, client=None, **options):
    """repair_column(ddf, column, *, client=None, **options) -> (dask DataFrame, Summary)

    Repairs the values of COLUMN (str or bytes; None and NaN stay as they are) in every partition
    of the Dask DataFrame DDF, with u8scope.repair's options (invalid, mojibake, pages, cesu,
    bom, c1, newlines, normalize, scope). Returns the repaired frame (its partitions kept on the
    workers: persisted, same divisions and columns) and the Summary: per partition the rows, the
    rows changed, the changes by kind, or the error (invalid="strict" on ill-formed bytes):
    a partition that failed is given back as it was.
    """
    import dask.dataframe

    if column not in ddf.columns:
        raise KeyError(f'no column {column!r} (columns: {", ".join(map(str, ddf.columns))})')
    u8scope.repair([], **options)  # an unknown option or value is refused here, not per task
    parts = [dask.delayed(_repair_partition, nout=2)(p, column, options, i)
             for i, p in enumerate(ddf.to_delayed())]
    parts = client.persist(parts) if client is not None else dask.persist(*parts)
    frames = [p[0] for p in parts]
    summaries = _run([p[1] for p in parts], client)
    frame = dask.dataframe.from_delayed(frames, meta=ddf._meta, divisions=ddf.divisions,
                                        verify_meta=False)
    return frame, Summary(summaries)


def _check_file(path, index, max_problems):
    summary = PartitionSummary(partition=index, source=str(path))
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        summary.error = f'{path}: {e.strerror}'
        return summary, []
    report = u8scope.check(data, max_problems=max_problems)
    summary.values = len(data)
    summary.changed = 0 if report.valid else 1
    for p in report.problems:
        summary.kinds[p.kind] = summary.kinds.get(p.kind, 0) + 1
    lines = [f'{path}:{p.line}:{p.column}: {p.message}' for p in report.problems]
    return summary, lines


def check_files(paths, *, client=None, max_problems=100):
    """check_files(paths, *, client=None, max_problems=100) -> (Summary, list[str])

    Checks every file of PATHS, each a task, as `u8scope-cli check`: per file its size in bytes
    (values), whether it has problems (changed: 1), the problems by kind (the first
    max_problems of each file are located), or the error that kept it from being read. Also
    returns the lines `check` prints, "FILE:LINE:COLUMN: offset N: KIND: ...", in file order.
    """
    tasks = [dask.delayed(_check_file)(str(p), i, max_problems) for i, p in enumerate(paths)]
    results = _run(tasks, client)
    return Summary([s for s, _ in results]), [line for _, lines in results for line in lines]


def _write_atomically(target, data):
    """Writes DATA to a temporary file beside TARGET and renames it over TARGET once it is
    complete and flushed to disk: a failure leaves no partial file (rename(2) is atomic)."""
    directory = os.path.dirname(target) or '.'
    fd, temporary = tempfile.mkstemp(prefix='.' + os.path.basename(target) + '.', dir=directory)
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def _repair_file(path, target, index, options):
    summary = PartitionSummary(partition=index, source=str(path))
    try:
        with open(path, 'rb') as f:
            data = f.read()
        fixed, changes = u8scope.repair(data, **options)
        _write_atomically(target, fixed)
    except OSError as e:
        summary.error = f'{e.filename or path}: {e.strerror}'
        return summary
    except u8scope.Error as e:
        summary.error = f'{path}: {e}'
        return summary
    summary.values = len(data)
    summary.changed = 1 if changes else 0
    _count(summary.kinds, changes)
    summary.output = target
    return summary


def repair_files(paths, out_dir, *, client=None, **options):
    """repair_files(paths, out_dir, *, client=None, **options) -> Summary

    Repairs every file of PATHS, each a task, with u8scope.repair's options, into OUT_DIR under
    its own name (as `u8scope-cli repair -o OUT_DIR/NAME`). Each file is written to a temporary
    file in OUT_DIR and renamed once complete; a file that cannot be read or written, or whose
    repair is refused (invalid="strict"), gets no output and its error in the Summary. Two paths
    with the same name are refused before anything runs, as is a missing OUT_DIR.
    """
    paths = [str(p) for p in paths]
    names = [os.path.basename(p) for p in paths]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f'two files would be written as {", ".join(twice)} in {out_dir}')
    if not os.path.isdir(out_dir):
        raise FileNotFoundError(f'{out_dir}: not a directory')
    u8scope.repair(b'', **options)  # an unknown option or value is refused here
    tasks = [dask.delayed(_repair_file)(p, os.path.join(str(out_dir), n), i, options)
             for i, (p, n) in enumerate(zip(paths, names))]
    return Summary(_run(tasks, client))
