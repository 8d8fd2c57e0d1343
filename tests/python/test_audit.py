"""u8scope.audit held to `u8scope-cli audit --json` on the same inputs: every finding's fields as
the CLI writes them, and the summary's profile and counts."""
import json
import os
import subprocess

import pytest

import u8scope

CLI = os.environ.get('U8SCOPE_CLI', 'u8scope-cli')

SAMPLES = [
    # Trojan Source (CVE-2021-42574): an RLO and an isolate inside a string literal
    'if access_level != "user\u202e \u2066// Check if admin\u2069 \u2066":\n',
    'def sayНello():\n    return "hi"\n',               # a Cyrillic letter in an identifier
    'x = 1\u200b + 2\n# zero width space above\n',      # an invisible character in code
    'price\u00a0= 3\nname = "caf\u00e9 \ue000"\n',       # a no-break space, private use
    'Grüße, Привет, 日本語 — plain prose.\n',             # nothing suspicious
    'a\u0301 decomposed\n\ufeffmid-text BOM\n',           # not NFC, a BOM inside
]
FILE_NAMES = ['input.py', 'notes.txt', 'main.c']


def cli_audit(data, name, tmp_path, *options):
    path = tmp_path / name
    path.write_bytes(data)
    done = subprocess.run([CLI, 'audit', '--json', '--max-findings=0', *options, str(path)],
                          capture_output=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    objects = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return objects[:-1], objects[-1]['summary']


def as_cli_writes(finding):
    """The fields of the CLI's JSON object that the Finding carries."""
    written = {'offset': finding.offset, 'length': finding.length, 'line': finding.line,
               'column': finding.column, 'kind': finding.kind, 'cp': finding.code_points}
    if finding.lookalike:
        written['lookalike'] = finding.lookalike
    written['message'] = finding.message
    return written


@pytest.mark.parametrize('text', SAMPLES)
@pytest.mark.parametrize('name', FILE_NAMES)
@pytest.mark.parametrize('profile', ['code', 'text', None])
def test_findings_are_the_clis(text, name, profile, tmp_path):
    options = [f'--profile={profile}'] if profile else []
    findings, summary = cli_audit(text.encode(), name, tmp_path, *options)
    report = u8scope.audit(text, profile, file_name=name)
    expected = [{k: v for k, v in f.items() if k not in ('file', 'fingerprint', 'bytes')}
                for f in findings]
    assert [as_cli_writes(f) for f in report.findings] == expected
    assert report.profile == summary['profile']
    assert report.profile_reason == summary['profileReason']
    assert report.kinds == summary['kinds']
    assert len(report) == summary['findings']


def test_kinds_and_allowlist_as_the_cli(tmp_path):
    text = 'x = "\u202e"\u200b \u0430bc sayНello\n'
    allow = tmp_path / 'allow.txt'
    allow.write_text('U+200B\nword:sayНello\n')
    for options, kwargs in [
        (['--kinds=invisible,bidi-control'], {'kinds': 'invisible,bidi-control'}),
        (['--kinds=confusable'], {'kinds': ['confusable']}),
        ([f'--allow={allow}'], {'allow': allow.read_text()}),
        ([f'--allow={allow}'], {'allow': ['U+200B', 'word:sayНello']}),
    ]:
        findings, _ = cli_audit(text.encode(), 'a.py', tmp_path, '--profile=code', *options)
        report = u8scope.audit(text, 'code', file_name='a.py', **kwargs)
        assert [(f.kind, f.offset) for f in report.findings] == [
            (f['kind'], f['offset']) for f in findings]


def test_ill_formed_bytes_are_findings(tmp_path):
    data = b'ok \xc0\xaf then \xe2\x82'
    findings, _ = cli_audit(data, 'a.txt', tmp_path, '--profile=text')
    report = u8scope.audit(data, 'text')
    assert [f.kind for f in report.findings] == [f['kind'] for f in findings] == [
        'overlong', 'truncated']
    assert report.findings[0].bytes == b'\xc0\xaf'
    assert report.findings[0].characters == ''


def test_finding_fields():
    report = u8scope.audit('v = "a\u202eb"\n')
    assert report.profile == 'code' and report.profile_reason == '--profile'
    first = report.findings[0]
    assert (first.kind, first.offset, first.length, first.line, first.column) == (
        'bidi-control', 6, 3, 1, 7)
    assert first.code_points == [0x202E] and first.characters == '\u202e'
    assert first.bytes == b'' and 'CVE-2021-42574' in first.message
    # Clean text, and text that only looks unusual (letters of one script each), find nothing.
    assert len(u8scope.audit('Привет, мир; Grüße; 日本語\n', 'text')) == 0
    assert u8scope.audit('ok', profile=None).profile == 'text'
    assert u8scope.audit('ok', profile=None, file_name='x.rs').profile_reason == 'extension .rs'


def test_audit_over_containers():
    texts = SAMPLES * 30
    reports = u8scope.audit(texts, 'code')
    assert [[as_cli_writes(f) for f in r.findings] for r in reports] == [
        [as_cli_writes(f) for f in u8scope.audit(t, 'code').findings] for t in texts]


def test_audit_errors():
    with pytest.raises(u8scope.Error, match="unknown profile 'prose'"):
        u8scope.audit('x', 'prose')
    with pytest.raises(u8scope.Error, match="unknown kind 'bidi'"):
        u8scope.audit('x', kinds='bidi')
    with pytest.raises(u8scope.Error, match='allowlist allow:1'):
        u8scope.audit('x', allow='U+ZZZZ')
    with pytest.raises(TypeError):
        u8scope.audit(3)
