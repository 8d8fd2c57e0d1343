"""Builds the extension u8scope._u8scope with CMake for `pip install --no-build-isolation .`
(pyproject.toml holds the rest of the package's description). The version is the CMake
project's, read from CMakeLists.txt, so that pip, `cmake --install` and u8scope.__version__
agree. Only the codec and the extension are built (no window, no tests, no benchmarks)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def cmake_project_version():
    text = (ROOT / 'CMakeLists.txt').read_text(encoding='utf-8')
    found = re.search(r'project\(\s*u8scope\s+VERSION\s+([0-9.]+)', text)
    if not found:
        sys.exit('setup.py: no `project(u8scope VERSION x.y.z` in CMakeLists.txt')
    return found.group(1)


class CMakeBuild(build_ext):
    """Configures the project with CMake for the running Python and builds the one target."""

    def build_extension(self, ext):
        build_dir = pathlib.Path(self.build_temp).resolve() / 'cmake'
        configure = ['cmake', '-S', str(ROOT), '-B', str(build_dir),
                     '-DCMAKE_BUILD_TYPE=Release', '-DU8SCOPE_GUI=OFF', '-DU8SCOPE_PYTHON=ON',
                     f'-DU8SCOPE_PYTHON_EXECUTABLE={sys.executable}']
        if shutil.which('ninja'):
            configure += ['-G', 'Ninja']
        jobs = os.environ.get('CMAKE_BUILD_PARALLEL_LEVEL', str(os.cpu_count() or 1))
        for command in (configure, ['cmake', '--build', str(build_dir), '--target',
                                    'u8scope_python', '-j', jobs]):
            print(' '.join(command), flush=True)
            subprocess.run(command, check=True)
        built = list((build_dir / 'app' / 'python' / 'u8scope').glob('_u8scope*.so'))
        if len(built) != 1:
            sys.exit(f'setup.py: CMake built {len(built)} extensions in {build_dir}, not one')
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(version=cmake_project_version(),
      ext_modules=[Extension('u8scope._u8scope', sources=[])],
      cmdclass={'build_ext': CMakeBuild})
