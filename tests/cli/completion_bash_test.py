#!/usr/bin/env python3
"""The bash completion of u8scope-cli, called as bash calls it: the script is sourced in a fresh
bash, COMP_WORDS and COMP_CWORD are set, _u8scope_cli runs, and COMPREPLY is read back.

Usage: completion_bash_test.py COMPLETION_SCRIPT U8SCOPE_CLI
"""
import os
import subprocess
import sys
import tempfile

SCRIPT, CLI = sys.argv[1], sys.argv[2]
failures = []


def complete(*words, cwd=None):
    """COMPREPLY for the command line u8scope-cli WORDS..., the cursor in the last word."""
    program = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); '
               '_u8scope_cli; printf "%s\\n" "${COMPREPLY[@]}"')
    result = subprocess.run(['bash', '--norc', '--noprofile', '-c', program, 'bash', SCRIPT, CLI,
                             *words], capture_output=True, text=True, cwd=cwd, check=False)
    if result.returncode != 0 or result.stderr:
        failures.append(f'{words}: exit {result.returncode}: {result.stderr}')
    return [line for line in result.stdout.split('\n') if line]


def expect(words, wanted, exact=False, cwd=None):
    got = complete(*words, cwd=cwd)
    ok = sorted(got) == sorted(wanted) if exact else all(w in got for w in wanted)
    if not ok:
        failures.append(f'{list(words)}: wanted {"exactly " if exact else ""}{wanted}, got {got}')


commands = ['help', 'check', 'scan', 'decode', 'stats', 'dump', 'encode', 'explain', 'repair',
            'transcode', 'detect', 'compare', 'audit']
expect([''], commands, exact=True)
expect(['ch'], ['check'], exact=True)
expect(['-'], ['-h', '--help', '--version', '--list-encodings'], exact=True)
expect(['help', 'tr'], ['transcode'], exact=True)
# Options, a value option offered with its "="
expect(['repair', '--moj'], ['--mojibake'], exact=True)
expect(['check', '--max'], ['--max-errors='], exact=True)
expect(['audit', '--'], ['--profile=', '--json', '--sarif', '--kinds=', '--max-findings=',
                         '--allow=', '--recursive', '--baseline=', '--help', '--version'], exact=True)
# Values: bash splits "--errors=re" at "=" (COMP_WORDBREAKS), or not when "=" was taken out.
policies = ['strict', 'replace', 'ignore', 'latin1', 'cp1252']
expect(['decode', '--errors', '=', ''], policies, exact=True)
expect(['decode', '--errors', '=', 're'], ['replace'], exact=True)
expect(['decode', '--errors', 'l'], ['latin1'], exact=True)
expect(['decode', '--errors=re'], ['--errors=replace'], exact=True)
expect(['audit', '--profile', '=', ''], ['code', 'text'], exact=True)
expect(['repair', '--newlines', '=', 'c'], ['crlf'], exact=True)
expect(['dump', '--color', '=', ''], ['auto', 'always', 'never'], exact=True)
expect(['dump', '--width', '=', ''], ['8', '16', '32'], exact=True)
# Lists: the last name completes, the ones before it are kept.
expect(['audit', '--kinds', '=', 'bidi-control,inv'], ['bidi-control,invalid',
                                                        'bidi-control,invisible'], exact=True)
expect(['repair', '--mojibake', '=', 'KOI'], ['KOI8-R', 'KOI8-U'], exact=True)
# --mojibake takes its pages only after "=": the next word is a file.
with tempfile.TemporaryDirectory() as d:
    open(os.path.join(d, 'notes.txt'), 'w').close()
    expect(['repair', '--mojibake', 'no'], ['notes.txt'], exact=True, cwd=d)
    expect(['decode', '-o', 'no'], ['notes.txt'], exact=True, cwd=d)
    expect(['audit', '--allow=no'], ['--allow=notes.txt'], exact=True, cwd=d)
    expect(['check', 'no'], ['notes.txt'], exact=True, cwd=d)
    expect(['check', '--', '-'], [], exact=True, cwd=d)
    expect(['encode', 'no'], [], exact=True, cwd=d)
# Encodings: what the program itself lists.
expect(['transcode', '--from', 'windows-125'], ['windows-1250', 'windows-1252', 'windows-1258'])
expect(['transcode', '--to', '=', 'UTF-16'], ['UTF-16', 'UTF-16BE', 'UTF-16LE'])
# A number has nothing to offer.
expect(['check', '--max-errors', ''], [], exact=True)

for f in failures:
    print('FAIL:', f)
print(f'{0 if failures else 1} passed, {1 if failures else 0} failed')
sys.exit(1 if failures else 0)
