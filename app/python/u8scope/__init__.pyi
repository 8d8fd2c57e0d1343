"""Type stub of the u8scope package (its functions: app/python/module.cpp). Each function also
takes a pandas Series or a numpy array of values and returns one of the same kind (not spelled
out here, so that neither is needed to type-check)."""

from typing import Iterable, Sequence, overload

__version__: str
__license__: str

class Error(ValueError):
    """A refusal of the codec, with its message."""

class Problem:
    offset: int
    length: int
    kind: str
    line: int
    column: int
    explanation: str
    message: str
    bytes: bytes

class Report:
    valid: bool
    problem_count: int
    problems: list[Problem]
    def __bool__(self) -> bool: ...

class Change:
    kind: str
    offset: int
    length: int
    before: bytes
    after: str
    detail: str
    pages: list[str]
    confidence: str | None

class Finding:
    kind: str
    offset: int
    length: int
    line: int
    column: int
    code_points: list[int]
    characters: str
    bytes: bytes
    lookalike: str
    message: str

class Audit:
    profile: str
    profile_reason: str
    findings: list[Finding]
    kinds: dict[str, int]
    def __len__(self) -> int: ...

class Guess:
    encoding: str
    confidence: int
    reason: str
    language: str

class Detection:
    encoding: str
    confidence: int
    guesses: list[Guess]
    valid_utf8: bool
    ascii_only: bool
    problems: int
    binary: str
    mojibake_fixes: int

_Bytes = bytes | bytearray

@overload
def check(data: _Bytes, *, max_problems: int | None = None) -> Report: ...
@overload
def check(data: Iterable[_Bytes], *, max_problems: int | None = None) -> list[Report]: ...
@overload
def fix_encoding(
    text: str, *, pages: str | Sequence[str] | None = None, scope: str = "text"
) -> str: ...
@overload
def fix_encoding(
    text: Iterable[str | None], *, pages: str | Sequence[str] | None = None, scope: str = "text"
) -> list[str | None]: ...
@overload
def repair(
    data: _Bytes,
    *,
    invalid: str = "replace",
    mojibake: bool = True,
    cesu: bool = False,
    bom: str = "keep",
    c1: str | None = None,
    newlines: str = "keep",
    normalize: str | None = None,
    pages: str | Sequence[str] | None = None,
    scope: str = "text",
) -> tuple[bytes, list[Change]]: ...
@overload
def repair(
    data: Iterable[_Bytes],
    *,
    invalid: str = "replace",
    mojibake: bool = True,
    cesu: bool = False,
    bom: str = "keep",
    c1: str | None = None,
    newlines: str = "keep",
    normalize: str | None = None,
    pages: str | Sequence[str] | None = None,
    scope: str = "text",
) -> list[tuple[bytes, list[Change]]]: ...
@overload
def audit(
    text: str | _Bytes,
    profile: str | None = "code",
    *,
    kinds: str | Sequence[str] | None = None,
    allow: str | Sequence[str] | None = None,
    file_name: str = "",
) -> Audit: ...
@overload
def audit(
    text: Iterable[str | _Bytes],
    profile: str | None = "code",
    *,
    kinds: str | Sequence[str] | None = None,
    allow: str | Sequence[str] | None = None,
    file_name: str = "",
) -> list[Audit]: ...
@overload
def detect(data: _Bytes) -> Detection: ...
@overload
def detect(data: Iterable[_Bytes]) -> list[Detection]: ...
@overload
def transcode(
    data: _Bytes, from_: str, to: str, *, unmappable: str = "fail", escape: str = "xml-hex",
    add_bom: bool = False
) -> bytes: ...
@overload
def transcode(
    data: Iterable[_Bytes], from_: str, to: str, *, unmappable: str = "fail",
    escape: str = "xml-hex", add_bom: bool = False
) -> list[bytes]: ...
