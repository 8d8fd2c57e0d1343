"""The Python module u8scope: each function, its list form and its errors, held byte for byte to
u8scope-cli's output on the same inputs (the CLI is U8SCOPE_CLI, the module on PYTHONPATH)."""
import json
import os
import pathlib
import subprocess
import sys
import tomllib

import pytest

import u8scope

CLI = os.environ.get('U8SCOPE_CLI', 'u8scope-cli')

DAMAGED = [
    b'caf\xc3\x83\xc2\xa9',                                   # CafÃ©
    'The cafÃ© â€œMarÃ\xadaâ€\x9d'.encode(),
    'Ð\x9fÑ\x80Ð¸Ð²ÐµÑ\x82'.encode(),                        # Привет via windows-1252
    'РџСЂРёРІРµС‚, РјРёСЂ'.encode(),                      # Привет, мир via windows-1251
    b'a\xc0\xafb\n\xed\xa0\x80x\xe2\x82',                     # overlong, surrogate, truncated
    b'\x84quoted\x93 \xc2\x84x\xc2\x93',                      # raw and C1-control punctuation
    'São Paulo, Ελληνικά, 日本語, ok'.encode(),                # correct text
    b'',
]


def cli(*args, data=b'', tmp_path=None):
    path = tmp_path / 'input.txt'
    path.write_bytes(data)
    return subprocess.run([CLI, *args, str(path)], capture_output=True, check=False), path


def test_version_and_licence():
    assert u8scope.__version__.count('.') == 2
    assert u8scope.__license__ == 'Apache-2.0'


@pytest.mark.parametrize('data', DAMAGED)
def test_check_prints_what_the_cli_prints(data, tmp_path):
    done, path = cli('check', data=data, tmp_path=tmp_path)
    report = u8scope.check(data)
    assert report.valid == (done.returncode == 0)
    assert bool(report) == report.valid
    lines = [f'{path}:{p.line}:{p.column}: {p.message}' for p in report.problems]
    printed = done.stdout.decode().splitlines()
    assert printed[:len(lines)] == lines
    assert report.problem_count == len(report.problems)


def test_check_problems():
    report = u8scope.check(b'a\xc0\xafb\n\xe2\x82')
    assert not report.valid
    assert [(p.kind, p.offset, p.length, p.line, p.column) for p in report.problems] == [
        ('overlong', 1, 2, 1, 2), ('truncated', 5, 2, 2, 1)]
    assert report.problems[0].bytes == b'\xc0\xaf'
    assert 'RFC 3629' in report.problems[0].explanation
    assert u8scope.check(b'plain').valid
    assert u8scope.check(b'\xff' * 10, max_problems=3).problem_count == 10
    assert len(u8scope.check(b'\xff' * 10, max_problems=3).problems) == 3


@pytest.mark.parametrize('data', DAMAGED)
def test_repair_writes_what_the_cli_writes(data, tmp_path):
    done, _ = cli('repair', '--mojibake', '--json', '-o', str(tmp_path / 'out'), data=data,
                  tmp_path=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    fixed, changes = u8scope.repair(data)
    assert fixed == (tmp_path / 'out').read_bytes()
    report = json.loads(done.stdout or done.stderr)
    assert [(c['kind'], c['offset'], c['length']) for c in report['changes']] == [
        (c.kind, c.offset, c.length) for c in changes]


@pytest.mark.parametrize('options,kwargs', [
    (['--invalid=cp1252'], {'invalid': 'cp1252', 'mojibake': False}),
    (['--invalid=drop', '--c1=keep', '--mojibake'], {'invalid': 'drop', 'c1': 'keep'}),
    (['--mojibake=cp1251'], {'pages': ['cp1251']}),
    (['--mojibake', '--scope=line'], {'scope': 'line'}),
    (['--invalid=drop', '--scope=line', '--newlines=lf'],
     {'invalid': 'drop', 'mojibake': False, 'scope': 'line', 'newlines': 'lf'}),
    (['--bom=add', '--newlines=crlf', '--normalize=nfd'],
     {'mojibake': False, 'bom': 'add', 'newlines': 'crlf', 'normalize': 'nfd'}),
])
def test_repair_options_as_the_cli(options, kwargs, tmp_path):
    for data in DAMAGED:
        out = tmp_path / 'out'
        done, _ = cli('repair', *options, '-o', str(out), data=data + b'\nline\n',
                      tmp_path=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        assert u8scope.repair(data + b'\nline\n', **kwargs)[0] == out.read_bytes()


@pytest.mark.parametrize('data', DAMAGED)
def test_fix_encoding_is_repair_mojibake(data, tmp_path):
    if not u8scope.check(data).valid:
        return
    out = tmp_path / 'out'
    cli('repair', '--mojibake', '-o', str(out), data=data, tmp_path=tmp_path)
    assert u8scope.fix_encoding(data.decode()) == out.read_bytes().decode()


def test_fix_encoding():
    assert u8scope.fix_encoding('CafÃ©') == 'Café'
    assert u8scope.fix_encoding('РџСЂРёРІРµС‚') == 'Привет'
    assert u8scope.fix_encoding('São Paulo') == 'São Paulo'
    assert u8scope.fix_encoding('CafÃ©', pages='cp1251') == 'CafÃ©'
    assert u8scope.fix_encoding('CafÃ©', pages=['windows-1252', 'latin1']) == 'Café'


def test_repair_changes():
    fixed, changes = u8scope.repair(b'caf\xc3\x83\xc2\xa9 \xff')
    assert fixed == 'café \ufffd'.encode()
    by_kind = {c.kind: c for c in changes}
    assert by_kind['mojibake'].before == 'Ã©'.encode() and by_kind['mojibake'].after == 'é'
    assert by_kind['mojibake'].pages == ['windows-1252']
    assert by_kind['mojibake'].confidence in ('low', 'medium', 'high')
    assert by_kind['invalid-sequence'].offset == 8 and by_kind['invalid-sequence'].confidence is None
    assert u8scope.repair(b'caf\xc3\x83\xc2\xa9', mojibake=False) == (b'caf\xc3\x83\xc2\xa9', [])


@pytest.mark.parametrize('data,encoding', [
    ('Привет, мир! Как дела? Всё хорошо.'.encode('cp1251'), None),
    ('hello'.encode('utf-16'), None),
    ('Grüße'.encode(), None),
    (b'ascii', None),
])
def test_detect_agrees_with_the_cli(data, encoding, tmp_path):
    done, _ = cli('detect', '--json', data=data, tmp_path=tmp_path)
    printed = json.loads(done.stdout)
    detection = u8scope.detect(data)
    guesses = printed.get('guesses', [])
    assert [g.encoding for g in detection.guesses] == [g['encoding'] for g in guesses]
    assert [g.confidence for g in detection.guesses] == [g['confidence'] for g in guesses]
    if guesses:
        assert detection.encoding == guesses[0]['encoding']


@pytest.mark.parametrize('args', [
    ('UTF-8', 'latin1'), ('UTF-8', 'UTF-16LE'), ('UTF-8', 'windows-1251'), ('UTF-8', 'Shift_JIS'),
])
def test_transcode_writes_what_the_cli_writes(args, tmp_path):
    data = 'Grüße, Привет, 日本'.encode()
    out = tmp_path / 'out'
    for policy in ('substitute', 'escape'):
        done, _ = cli('transcode', f'--from={args[0]}', f'--to={args[1]}', f'--unmappable={policy}',
                      '-o', str(out), data=data, tmp_path=tmp_path)
        assert done.returncode == 0, done.stderr
        assert u8scope.transcode(data, args[0], args[1], unmappable=policy) == out.read_bytes()


def test_transcode():
    assert u8scope.transcode('Grüße'.encode(), 'UTF-8', 'latin1') == b'Gr\xfc\xdfe'
    assert u8scope.transcode(b'Gr\xfc\xdfe', 'latin1', 'UTF-8') == 'Grüße'.encode()
    assert u8scope.transcode(b'a', 'UTF-8', 'UTF-16LE', add_bom=True) == b'\xff\xfea\x00'
    assert u8scope.transcode('€'.encode(), 'UTF-8', 'latin1', unmappable='escape') == b'&#x20AC;'


def test_list_forms_equal_the_single_calls():
    texts = [d.decode() for d in DAMAGED if u8scope.check(d).valid] * 50
    assert u8scope.fix_encoding(texts) == [u8scope.fix_encoding(t) for t in texts]
    assert u8scope.fix_encoding(tuple(texts[:3])) == [u8scope.fix_encoding(t) for t in texts[:3]]
    data = DAMAGED * 40
    assert [(r.valid, r.problem_count) for r in u8scope.check(data)] == [
        (u8scope.check(d).valid, u8scope.check(d).problem_count) for d in data]
    repaired = u8scope.repair(data, invalid='replace')
    assert [fixed for fixed, _ in repaired] == [u8scope.repair(d)[0] for d in data]
    assert [d.encoding for d in u8scope.detect(data)] == [u8scope.detect(d).encoding for d in data]
    latin = [t.encode() for t in ('Grüße', 'é', '')] * 100
    assert u8scope.transcode(latin, 'UTF-8', 'latin1') == [
        u8scope.transcode(t, 'UTF-8', 'latin1') for t in latin]
    assert u8scope.fix_encoding([]) == []
    assert u8scope.check((x for x in [b'a', bytearray(b'\xff')]))[1].problem_count == 1


def test_errors_carry_the_codecs_message():
    with pytest.raises(u8scope.Error, match='not representable in ISO-8859-1'):
        u8scope.transcode('€'.encode(), 'UTF-8', 'latin1')
    with pytest.raises(u8scope.Error, match='item 1: .*not representable'):
        u8scope.transcode([b'a', '€'.encode()], 'UTF-8', 'latin1')
    with pytest.raises(ValueError, match='not well-formed UTF-8 at offset 0'):
        u8scope.repair(b'\xff', invalid='strict')
    with pytest.raises(u8scope.Error, match="unknown invalid policy 'bogus'"):
        u8scope.repair(b'x', invalid='bogus')
    with pytest.raises(u8scope.Error, match="unknown code page 'klingon'"):
        u8scope.fix_encoding('x', pages='cp1252,klingon')
    with pytest.raises(u8scope.Error):
        u8scope.transcode(b'x', 'no-such-encoding', 'UTF-8')
    with pytest.raises(TypeError, match='encode a str first'):
        u8scope.check('text')
    with pytest.raises(TypeError):
        u8scope.fix_encoding(b'bytes')
    with pytest.raises(TypeError):
        u8scope.check([b'a', 3])
    with pytest.raises(UnicodeEncodeError):
        u8scope.fix_encoding('\ud800')


def test_docstrings_read_like_the_manual():
    for function in (u8scope.check, u8scope.fix_encoding, u8scope.repair, u8scope.audit,
                     u8scope.detect, u8scope.transcode):
        assert function.__doc__.startswith(function.__name__ + '(')
        assert 'Example:' in function.__doc__


def test_pip_metadata_is_the_cmake_projects():
    """setup.py (pip install --no-build-isolation .) gives the version CMake built the module
    with, and pyproject.toml the licence (the whole pip build: docs/python.md, run by hand)."""
    root = pathlib.Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, 'setup.py', '--version'], cwd=root,
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == u8scope.__version__
    project = tomllib.loads((root / 'pyproject.toml').read_text())['project']
    assert project['license'] == {'text': u8scope.__license__}
    assert project['dynamic'] == ['version']


def caught_signals():
    """The signals this process has a handler of its own for (SigCgt of proc(5)), as a mask."""
    for line in pathlib.Path('/proc/self/status').read_text().splitlines():
        if line.startswith('SigCgt:'):
            return int(line.split()[1], 16)
    raise AssertionError('no SigCgt line in /proc/self/status')


def test_the_module_installs_no_signal_handler():
    """Signals belong to the interpreter, not to the library (issue 35): the module's work, its
    list forms on threads included, leaves every disposition as it was."""
    before = caught_signals()
    for data in DAMAGED:
        u8scope.check(data)
        u8scope.repair(data)
    u8scope.repair(DAMAGED * 40, invalid='replace')
    u8scope.transcode('Grüße'.encode(), 'UTF-8', 'UTF-16LE')
    assert caught_signals() == before
