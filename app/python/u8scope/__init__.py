# The package u8scope: the functions and classes of the extension u8scope._u8scope
# (app/python/module.cpp), shown as u8scope's own; u8scope.dask runs them on a Dask cluster.
# help(u8scope) shows the extension's overview, help(u8scope.repair) reads like the manual page.
from ._u8scope import (Audit, Change, Detection, Error, Finding, Guess, Problem, Report,
                       __doc__, __license__, __version__, audit, check, detect, fix_encoding,
                       repair, transcode)

__all__ = ['Audit', 'Change', 'Detection', 'Error', 'Finding', 'Guess', 'Problem', 'Report',
           'audit', 'check', 'detect', 'fix_encoding', 'repair', 'transcode']

for _name in __all__:
    globals()[_name].__module__ = __name__  # "u8scope.Error" in tracebacks, not "u8scope._u8scope"
del _name
