#!/usr/bin/env python3
"""The manual pages and the shell completions name exactly the options the programs know.

u8scope-cli's options are those its parser's table lists (`u8scope-cli --list-options`); each
command's must be the ones u8scope-cli(1) lists under OPTIONS, the ones the bash completion
offers after the command, and the ones the zsh completion's _arguments call names. u8scope's
are those `u8scope --help` lists; u8scope(1) must list the same.

Usage: options_agree_test.py U8SCOPE_CLI CLI_MAN_PAGE BASH_COMPLETION ZSH_COMPLETION
                             [U8SCOPE GUI_MAN_PAGE]
"""
import os
import re
import subprocess
import sys

CLI, CLI_MAN, BASH, ZSH = sys.argv[1:5]
GUI, GUI_MAN = (sys.argv[5], sys.argv[6]) if len(sys.argv) > 6 else (None, None)
OPTION = re.compile(r'(?<![\w-])(--?[A-Za-z][\w-]*)')
failures = []


def compare(what, known, named):
    if known != named:
        failures.append(f'{what}: the program knows {sorted(known)}, this names '
                        f'{sorted(named)} (missing {sorted(known - named)}, '
                        f'extra {sorted(named - known)})')


def parser_options():
    """{scope: set of options}: "-" for no command, else the command's name."""
    out = subprocess.run([CLI, '--list-options'], capture_output=True, text=True, check=True)
    scopes = {}
    for line in out.stdout.splitlines():
        scope, option = line.split()[:2]
        scopes.setdefault(scope, set()).add(option)
    return scopes


def roff_plain(line):
    """A roff line as read: font changes dropped, \\- a hyphen."""
    return re.sub(r'\\f[BIRP]', '', line).replace('\\-', '-').replace('\\&', '').replace('\\ ', ' ')


def man_sections(path):
    """{".SH name": [lines]}"""
    sections, current = {}, None
    with open(path, encoding='utf-8') as f:
        for line in f.read().splitlines():
            if line.startswith('.SH '):
                current = line[4:].strip('"')
                sections[current] = []
            elif current:
                sections[current].append(line)
    return sections


def tagged_options(lines):
    """{".SS heading" or None: options named on the tag line of each .TP (not nested ones)}"""
    found, heading, depth = {}, None, 0
    for i, line in enumerate(lines):
        if line.startswith('.SS '):
            heading = line[4:].strip('"')
        elif line.startswith('.RS'):
            depth += 1
        elif line.startswith('.RE'):
            depth -= 1
        elif line == '.TP' and depth == 0 and i + 1 < len(lines):
            tag = lines[i + 1]
            if tag.startswith('.B') or tag.startswith('.I'):
                tag = tag.split(' ', 1)[1] if ' ' in tag else ''
            found.setdefault(heading, set()).update(OPTION.findall(roff_plain(tag)))
    return found


def check_cli_man(scopes):
    sections = man_sections(CLI_MAN)
    options = tagged_options(sections.get('OPTIONS', []))
    common = options.get('Every command', set())
    compare('u8scope-cli(1) OPTIONS, without a command', scopes['-'],
            options.get('Without a command', set()))
    for command, known in scopes.items():
        if command != '-':
            compare(f'u8scope-cli(1) OPTIONS of {command}', known,
                    options.get(f'{command} options', set()) | common)
    headings = {l[4:] for l in sections.get('COMMANDS', []) if l.startswith('.SS ')}
    compare('u8scope-cli(1) COMMANDS', set(scopes) - {'-'}, headings)


def bash_offers(*words):
    program = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); '
               '_u8scope_cli; printf "%s\\n" "${COMPREPLY[@]}"')
    out = subprocess.run(['bash', '--norc', '--noprofile', '-c', program, 'bash', BASH, CLI,
                          *words], capture_output=True, text=True, check=True)
    return {w.rstrip('=') for w in out.stdout.split()}


def check_bash(scopes):
    for scope, known in scopes.items():
        words = ['-'] if scope == '-' else [scope, '-']
        compare(f'bash completion of {" ".join(words)}', known, bash_offers(*words))


def check_zsh(scopes):
    with open(ZSH, encoding='utf-8') as f:
        text = f.read()
    spec = re.compile(r'(?<![\w-])(--?[A-Za-z][\w-]*)(?=[=\[,}])')
    top = text[text.index('_arguments -C'):text.index('case $state in')]
    compare('zsh completion without a command', scopes['-'], set(spec.findall(top)))
    for command, known in scopes.items():
        if command == '-':
            continue
        match = re.search(r'\n      \(' + re.escape(command) + r'\)\n(.*?);;', text, re.S)
        named = set(spec.findall(match.group(1))) if match else set()
        compare(f'zsh completion of {command}', known, named)
        if f"'{command}:" not in text:
            failures.append(f'zsh completion: {command} is not among the commands')


def check_gui_man():
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    out = subprocess.run([GUI, '--help'], capture_output=True, text=True, env=env, check=True)
    known, in_options = set(), False
    for line in out.stdout.splitlines():
        if line.rstrip().endswith(':'):
            in_options = line.strip() == 'Options:'
        elif in_options and line.startswith('  -'):
            known.update(OPTION.findall(re.split(r'\s{2,}', line.strip())[0]))
    if not known:
        failures.append(f'no options read from {GUI} --help: {out.stdout!r}')
    options = tagged_options(man_sections(GUI_MAN).get('OPTIONS', []))
    compare('u8scope(1) OPTIONS', known, options.get(None, set()))


scopes = parser_options()
if len(scopes) < 11:
    failures.append(f'--list-options lists {len(scopes)} scopes: {sorted(scopes)}')
check_cli_man(scopes)
check_bash(scopes)
check_zsh(scopes)
if GUI:
    check_gui_man()
for f in failures:
    print('FAIL:', f)
print(f'{0 if failures else 1} passed, {1 if failures else 0} failed')
sys.exit(1 if failures else 0)
