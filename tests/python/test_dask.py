"""u8scope.dask on a LocalCluster of two worker processes: repair_column, check_files and
repair_files, each partition a task, their summaries, the output held to u8scope-cli's, and a
partition that fails leaving nothing behind."""
import os
import subprocess

import dask.dataframe
import pandas
import pytest
from distributed import Client, LocalCluster

import u8scope
import u8scope.dask

CLI = os.environ.get('U8SCOPE_CLI', 'u8scope-cli')

ROWS = ['CafÃ©', 'São Paulo', None, 'РџСЂРёРІРµС‚', 'plain', 'â€œquotedâ€\x9d', 'Zürich'] * 6


@pytest.fixture(scope='module')
def client():
    # Processes, so that the tasks and their results really cross to other interpreters (and
    # u8scope is imported there); no dashboard, nothing but loopback.
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host='127.0.0.1',
                      scheduler_kwargs={'dashboard': False}) as cluster, Client(cluster) as c:
        yield c


def test_repair_column(client):
    frame = pandas.DataFrame({'city': ROWS, 'n': range(len(ROWS))})
    ddf = dask.dataframe.from_pandas(frame, npartitions=3)
    repaired, summary = u8scope.dask.repair_column(ddf, 'city', client=client)
    assert repaired.npartitions == 3 and list(repaired.columns) == ['city', 'n']
    result = repaired.compute()
    expected = [None if t is None else u8scope.fix_encoding(t) for t in ROWS]
    assert result['city'].tolist() == expected
    assert result['n'].tolist() == list(range(len(ROWS)))
    assert [p.partition for p in summary.partitions] == [0, 1, 2]
    assert sum(p.values for p in summary.partitions) == summary.values == len(ROWS)
    assert summary.changed == 3 * 6 and summary.kinds['mojibake'] >= 3 * 6
    assert sum(p.missing for p in summary.partitions) == 6
    assert not summary.failed and 'total: 42 values, 18 changed' in str(summary)


def test_repair_column_of_bytes_with_a_failing_partition(client):
    # invalid="strict" refuses the ill-formed value in the second partition only: that partition
    # comes back as it was, the others repaired.
    values = [b'caf\xc3\x83\xc2\xa9', b'ok'] * 2 + [b'bad \xff', b'caf\xc3\x83\xc2\xa9']
    ddf = dask.dataframe.from_pandas(pandas.DataFrame({'raw': values}), npartitions=2)
    repaired, summary = u8scope.dask.repair_column(ddf, 'raw', invalid='strict', client=client)
    parts = [repaired.get_partition(i).compute()['raw'].tolist() for i in range(2)]
    assert parts[0] == ['café'.encode(), b'ok', 'café'.encode()]
    assert parts[1] == [b'ok', b'bad \xff', b'caf\xc3\x83\xc2\xa9']
    assert [p.ok for p in summary.partitions] == [True, False]
    assert 'not well-formed UTF-8' in summary.partitions[1].error
    assert summary.changed == 2 and 'partition 1: failed' in str(summary)


def test_repair_column_refuses_before_running(client):
    ddf = dask.dataframe.from_pandas(pandas.DataFrame({'a': ['x']}), npartitions=1)
    with pytest.raises(KeyError, match="no column 'b'"):
        u8scope.dask.repair_column(ddf, 'b', client=client)
    with pytest.raises(u8scope.Error, match="unknown invalid policy"):
        u8scope.dask.repair_column(ddf, 'a', invalid='bogus', client=client)


@pytest.fixture()
def files(tmp_path):
    inputs = tmp_path / 'in'
    inputs.mkdir()
    contents = {'clean.txt': 'Grüße\n'.encode(), 'moji.csv': 'id,name\n1,CafÃ©\n2,ok\n'.encode(),
                'bad.txt': b'a\xc0\xafb\n\xe2\x82'}
    for name, data in contents.items():
        (inputs / name).write_bytes(data)
    return [inputs / n for n in contents]


def test_check_files_prints_what_the_cli_prints(client, files, tmp_path):
    missing = tmp_path / 'in' / 'absent.txt'
    summary, lines = u8scope.dask.check_files(files + [missing], client=client)
    done = subprocess.run([CLI, 'check', *map(str, files)], capture_output=True, check=False)
    assert lines == [line for line in done.stdout.decode().splitlines() if ':' in line
                     and line.split(':')[1].isdigit()]
    assert [p.changed for p in summary.partitions[:3]] == [0, 0, 1]
    assert summary.partitions[2].kinds == {'overlong': 1, 'truncated': 1}
    assert summary.partitions[3].error == f'{missing}: No such file or directory'
    assert summary.values == sum(os.path.getsize(f) for f in files)


def test_repair_files_writes_what_the_cli_writes(client, files, tmp_path):
    out = tmp_path / 'out'
    out.mkdir()
    summary = u8scope.dask.repair_files(files, out, client=client, mojibake=True)
    for f in files:
        expected = tmp_path / 'cli-output'
        subprocess.run([CLI, 'repair', '--mojibake', '-o', str(expected), str(f)],
                       capture_output=True, check=True)
        assert (out / f.name).read_bytes() == expected.read_bytes()
    assert [p.changed for p in summary.partitions] == [0, 1, 1]
    assert summary.kinds == {'invalid-sequence': 2, 'mojibake': 1}
    assert sorted(os.listdir(out)) == sorted(f.name for f in files)


def test_repair_files_writes_nothing_for_a_failed_partition(client, files, tmp_path):
    out = tmp_path / 'out'
    out.mkdir()
    unreadable = tmp_path / 'in' / 'secret.txt'
    unreadable.write_bytes(b'x')
    unreadable.chmod(0)
    as_root = os.access(unreadable, os.R_OK)  # root reads it anyway: then a directory fails
    if as_root:
        unreadable.chmod(0o644)
        unreadable.unlink()
        unreadable.mkdir()
    paths = files + [unreadable, tmp_path / 'nowhere' / 'gone.txt']
    summary = u8scope.dask.repair_files(paths, out, invalid='strict', client=client)
    assert [p.ok for p in summary.partitions] == [True, True, False, False, False]
    assert 'not well-formed UTF-8' in summary.partitions[2].error
    assert summary.partitions[3].error.startswith(str(unreadable))
    assert summary.partitions[4].error.endswith('gone.txt: No such file or directory')
    # Only the files repaired are there: no output, and no temporary file, for the others.
    assert sorted(os.listdir(out)) == ['clean.txt', 'moji.csv']
    assert '3 partitions failed' in str(summary)


def test_repair_files_refusals(files, tmp_path):
    with pytest.raises(ValueError, match='two files would be written as clean.txt'):
        u8scope.dask.repair_files([files[0], files[0]], tmp_path)
    with pytest.raises(FileNotFoundError, match='not a directory'):
        u8scope.dask.repair_files(files, tmp_path / 'no-such-dir')


def test_without_a_client_the_default_scheduler_runs_it(files):
    summary, _ = u8scope.dask.check_files(files)
    assert [p.changed for p in summary.partitions] == [0, 0, 1]
