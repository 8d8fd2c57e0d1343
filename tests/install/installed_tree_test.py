#!/usr/bin/env python3
"""`cmake --install BUILD --prefix P` into a fresh temporary prefix (its path holds a space): the
tree holds exactly the expected files (the programs, their manual pages and completions and, with
the window, its desktop entry, AppStream metainfo and icons), the programs run from there and
print the version, the manual pages are the build's (BUILD/share/man) compressed reproducibly,
and the desktop entry, the metainfo and the tree agree with one another.

Usage: installed_tree_test.py --cmake CMAKE --build BUILD --version VERSION --bindir DIR
           --datadir DIR --mandir DIR [--gui --app-id ID --icon-sizes SIZE...]
The directories are GNUInstallDirs' CMAKE_INSTALL_BINDIR, _DATADIR and _MANDIR, relative.
"""
import argparse
import configparser
import gzip
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from png_header import png_header

parser = argparse.ArgumentParser()
for option in ('--cmake', '--build', '--version', '--bindir', '--datadir', '--mandir'):
    parser.add_argument(option, required=True)
parser.add_argument('--gui', action='store_true')
parser.add_argument('--app-id')
parser.add_argument('--icon-sizes', nargs='*', default=[])
# The Python module: its folder under the prefix, its file name and the Python it is built for.
parser.add_argument('--python-dir')
parser.add_argument('--python-module')
parser.add_argument('--python')
args = parser.parse_args()
failures = []


def expected_files():
    """The relative paths `cmake --install` must write, and no other."""
    bindir, datadir, mandir = args.bindir, args.datadir, args.mandir
    files = {f'{bindir}/u8scope-cli', f'{mandir}/man1/u8scope-cli.1.gz',
             f'{datadir}/bash-completion/completions/u8scope-cli',
             f'{datadir}/zsh/site-functions/_u8scope-cli'}
    if args.gui:
        app_id = args.app_id
        files |= {f'{bindir}/u8scope', f'{mandir}/man1/u8scope.1.gz',
                  f'{datadir}/applications/{app_id}.desktop',
                  f'{datadir}/metainfo/{app_id}.metainfo.xml',
                  f'{datadir}/icons/hicolor/scalable/apps/{app_id}.svg'}
        files |= {f'{datadir}/icons/hicolor/{size}x{size}/apps/{app_id}.png'
                  for size in args.icon_sizes}
    if args.python_module:
        package = f'{args.python_dir}/u8scope'
        files |= {f'{package}/{args.python_module}', f'{args.python_dir}/u8scope-{args.version}'
                  '.dist-info/METADATA'}
        files |= {f'{package}/{name}' for name in ('__init__.py', '__init__.pyi',
                                                   '_containers.py', 'dask.py', 'dask.pyi',
                                                   'py.typed')}
    return files


def check_file_list(prefix):
    installed = {path.relative_to(prefix).as_posix()
                 for path in prefix.rglob('*') if not path.is_dir()}
    wanted = expected_files()
    for path in sorted(wanted - installed):
        failures.append(f'not installed: {path}')
    for path in sorted(installed - wanted):
        failures.append(f'installed but not expected: {path}')


def check_programs(prefix):
    """Each program runs from the prefix and prints the version; none keeps a path into the
    build tree (a RUNPATH left by the build would load the build's libraries, or none)."""
    programs = ['u8scope-cli'] + (['u8scope'] if args.gui else [])
    environment = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    for name in programs:
        program = prefix / args.bindir / name
        if not os.access(program, os.X_OK):
            failures.append(f'{program}: not executable')
            continue
        result = subprocess.run([program, '--version'], capture_output=True, text=True,
                                env=environment, timeout=60, check=False)
        if result.returncode != 0 or result.stdout.split()[-1:] != [args.version]:
            failures.append(f'{program} --version: exit {result.returncode}, printed '
                            f'{result.stdout!r} {result.stderr!r}, not version {args.version}')
        if shutil.which('readelf'):
            dynamic = subprocess.run(['readelf', '--dynamic', program], capture_output=True,
                                     text=True, check=False).stdout
            for line in dynamic.splitlines():
                if 'RPATH' in line or 'RUNPATH' in line:
                    failures.append(f'{program}: keeps a library path: {line.strip()}')


def check_python_module(prefix):
    """The installed module imports from the prefix, with the project's version and licence."""
    code = ('import importlib.metadata as m, u8scope, u8scope.dask; '
            'print(u8scope.__file__, u8scope.__version__, m.version("u8scope"), '
            'm.metadata("u8scope")["License"], u8scope.fix_encoding("Caf\u00c3\u00a9"), '
            'u8scope.dask.__name__)')
    env = dict(os.environ, PYTHONPATH=str(prefix / args.python_dir))
    done = subprocess.run([args.python, '-B', '-c', code], capture_output=True, text=True,
                          env=env, check=False)
    module = prefix / args.python_dir / 'u8scope' / '__init__.py'
    wanted = f'{module} {args.version} {args.version} Apache-2.0 Caf\u00e9 u8scope.dask'
    if done.returncode != 0 or done.stdout.strip() != wanted:
        failures.append(f'the installed module: {done.stdout.strip()!r}, not {wanted!r} '
                        f'{done.stderr}')


def check_man_pages(prefix):
    """Each installed page is gzip-compressed (Debian policy 12.1), holds exactly the page the
    build wrote (which the suite cli.man_lint reads with groff), and its gzip header keeps no
    file name and no time (gzip -n), so the same page always gives the same bytes."""
    for page in sorted((prefix / args.mandir).rglob('*')):
        if page.is_dir():
            continue
        if page.suffix != '.gz':
            failures.append(f'{page}: not compressed')
            continue
        header = page.read_bytes()[:10]
        # RFC 1952 section 2.3: ID1 ID2 CM FLG MTIME(4, little-endian) XFL OS; FLG bit 3 FNAME.
        if header[:3] != b'\x1f\x8b\x08' or header[3] & 0x08 or header[4:8] != bytes(4):
            failures.append(f'{page}: not gzip -n (header {header.hex()})')
            continue
        built = pathlib.Path(args.build) / 'share/man' / page.parent.name / page.stem
        if not built.is_file() or gzip.decompress(page.read_bytes()) != built.read_bytes():
            failures.append(f'{page}: does not hold the build\'s page {built}')


def check_icons(prefix):
    """Each PNG is as large as the hicolor folder it is in says."""
    for size in args.icon_sizes:
        path = prefix / args.datadir / f'icons/hicolor/{size}x{size}/apps/{args.app_id}.png'
        if path.is_file() and png_header(path)[:2] != (int(size), int(size)):
            failures.append(f'{path}: {png_header(path)[:2]}, not {size} x {size}')


def check_desktop_entry(prefix):
    """Exec names an installed program, Icon the installed icons, the file name the id."""
    path = prefix / args.datadir / 'applications' / f'{args.app_id}.desktop'
    if not path.is_file():
        return  # reported as not installed
    entry = configparser.ConfigParser(interpolation=None, comment_prefixes=('#',))
    entry.optionxform = str  # keys are case-sensitive (Desktop Entry Specification)
    entry.read(path, encoding='utf-8')
    section = entry['Desktop Entry']
    program = section.get('Exec', '').split()[0]
    if not (prefix / args.bindir / program).is_file():
        failures.append(f'{path}: Exec={section.get("Exec")} names no installed program')
    if section.get('Icon') != args.app_id:
        failures.append(f'{path}: Icon={section.get("Icon")}, not the application id')


def check_metainfo(prefix):
    """The id, launchable and provided binaries match the tree; the newest release (first, as
    AppStream orders them) is the project's version."""
    path = prefix / args.datadir / 'metainfo' / f'{args.app_id}.metainfo.xml'
    if not path.is_file():
        return  # reported as not installed
    component = ET.parse(path).getroot()
    if component.findtext('id') != args.app_id:
        failures.append(f'{path}: id {component.findtext("id")}, not {args.app_id}')
    launchable = component.find("launchable[@type='desktop-id']")
    if launchable is None or launchable.text != f'{args.app_id}.desktop':
        failures.append(f'{path}: launchable is not the desktop entry {args.app_id}.desktop')
    provided = {binary.text for binary in component.iterfind('provides/binary')}
    installed = {program.name for program in (prefix / args.bindir).iterdir()}
    if provided != installed:
        failures.append(f'{path}: provides binaries {sorted(provided)}, '
                        f'installed {sorted(installed)}')
    release = component.find('releases/release')
    if release is None or release.get('version') != args.version:
        newest = None if release is None else release.get('version')
        failures.append(f'{path}: newest release {newest}, not the project version '
                        f'{args.version}')


with tempfile.TemporaryDirectory(prefix='u8scope-install-') as scratch:
    prefix = pathlib.Path(scratch) / 'a prefix'
    install = subprocess.run([args.cmake, '--install', args.build, '--prefix', prefix],
                             capture_output=True, text=True, check=False)
    if install.returncode != 0:
        print(f'cmake --install failed (exit {install.returncode}):\n{install.stdout}'
              f'{install.stderr}')
        sys.exit(1)
    check_file_list(prefix)
    check_programs(prefix)
    check_man_pages(prefix)
    if args.python_module:
        check_python_module(prefix)
    if args.gui:
        check_icons(prefix)
        check_desktop_entry(prefix)
        check_metainfo(prefix)
    count = len(expected_files())

for failure in failures:
    print(failure)
if failures:
    sys.exit(1)
print(f'{count} files installed as expected; the programs run from the prefix; the manual '
      'pages are the build\'s, gzip -n; desktop entry, metainfo and icons agree')
