// The docstrings of the module's functions, worded as u8scope-cli's manual page words its
// commands (help(u8scope.repair) reads like `man u8scope-cli`, section repair).
#pragma once

namespace u8py::doc {

inline constexpr const char* kModule =
    R"(u8scope: UTF-8 checks, repairs, audits, detection and transcoding from u8scope's codec.

The same codec as u8scope-cli and the u8scope window, called on bytes and strings in memory:

    check(data)                      is it valid UTF-8? every problem, located and explained
    fix_encoding(text, pages=None)   undo mojibake in a string ("CafÃ©" -> "Café")
    repair(data, invalid="replace", mojibake=True, ...)
                                     clean UTF-8 and the list of changes
    audit(text, profile="code")      what hides in valid UTF-8: bidi controls, invisible
                                     characters, look-alikes, ...
    detect(data)                     the likely encoding, ranked guesses
    transcode(data, from_, to)       convert between encodings (ICU's, as uconv)

Each function also takes a list (any iterable), a pandas Series or a numpy array of values and
returns the same kind of container (a Series keeps its index): the items are worked through in
C++ on every core, without the GIL; missing values (None, NaN, pandas.NA) are passed through.
A refusal raises u8scope.Error (a ValueError) with the codec's message; in a container, the
first item refused names its position. u8scope.dask runs them over a Dask cluster, partition by
partition.)";

inline constexpr const char* kCheck =
    R"(check(data: bytes, *, max_problems=None) -> Report

Is DATA valid UTF-8? As `u8scope-cli check`: every problem (error segments grouped as a
naive decoder reads them: an overlong form, a surrogate, a CESU-8 pair, a truncated sequence,
stray continuation bytes...) with its offset, line and column (1-based, the column counted in
characters) and a sentence that explains it.

  data          bytes (or bytearray); or a sequence of them: a list of Reports
  max_problems  problems located and explained per value (default: all); the rest are counted

Report.valid is True for valid UTF-8; Report.problem_count counts every problem;
Report.problems lists them. Problem.message is the line `check` prints after
"FILE:LINE:COLUMN: ".

Example:
    >>> u8scope.check(b"a\xc0\xafb").problems[0].kind
    'overlong')";

inline constexpr const char* kFixEncoding =
    R"(fix_encoding(text: str, *, pages=None, scope="text") -> str

Undoes mojibake: UTF-8 text that a program read as a single-byte code page and wrote back as
UTF-8 ("CafÃ©" -> "Café", "â€™" -> "’", "РџСЂРёРІРµС‚" -> "Привет"), as
`u8scope-cli repair --mojibake` does: C1 controls left over are read as windows-1252
punctuation (--c1=cp1252). Text that shows no damage is returned as it is; a repair is made
only where the repaired text reads clearly more plausibly than the text.

  text   a str; or a sequence of str: a list of str
  pages  the code pages the text was read through (names as "windows-1252", "cp1251",
         "latin1", "mac"): only they are tried, and an equally plausible repair through them is
         made (--mojibake=PAGE,...). Default: every page.
  scope  what a repair is judged by: "text", the whole string; "line", each line on its own
         evidence (--scope=line: records, CSV rows, log lines in one string)

Example:
    >>> u8scope.fix_encoding("The cafÃ© â€œMarÃ\xadaâ€\x9d")
    'The café “María”')";

inline constexpr const char* kRepair =
    R"(repair(data: bytes, *, invalid="replace", mojibake=True, cesu=False, bom="keep", c1=None,
       newlines="keep", normalize=None, pages=None, scope="text") -> (bytes, list[Change])

Turns DATA into clean UTF-8, as `u8scope-cli repair`, and lists every change. The steps run in
this order: CESU-8, ill-formed sequences, BOM, mojibake, C1 controls, normal form, line endings.

  invalid    ill-formed sequences: "replace" (U+FFFD per maximal subpart), "drop", "cp1252" or
             "latin1" (read their bytes in that page), "strict" (raise u8scope.Error)
  mojibake   undo mis-decodings (see fix_encoding); False leaves them (the CLI without
             --mojibake)
  pages      with mojibake: only these code pages, taken as the ones the text went through
  cesu       CESU-8 surrogate pairs and Modified UTF-8's C0 80 to standard UTF-8
  bom        "keep", "strip" or "add" a leading byte order mark (both also drop stray U+FEFF)
  c1         "keep" or "cp1252" (C1 controls read as windows-1252 punctuation); default cp1252
             with mojibake, keep without
  newlines   "keep", "lf" or "crlf"
  normalize  None, "nfc" or "nfd"
  scope      "text" (the CLI's --scope=file) or "line": each line repaired on its own

Returns the repaired bytes and the changes (the first 1000): Change.kind ("invalid-sequence",
"mojibake", "c1-control", ...), offset and length in DATA, before (bytes), after (str), detail;
for a mojibake fix also pages and confidence. A list of values gives a list of such pairs.

Example:
    >>> u8scope.repair(b"caf\xc3\x83\xc2\xa9 \xff")[0]
    b'caf\xc3\xa9 \xef\xbf\xbd')";

inline constexpr const char* kAudit =
    R"(audit(text: str | bytes, profile="code", *, kinds=None, allow=None, file_name="") -> Audit

What hides in TEXT, as `u8scope-cli audit --json`: bidirectional controls that make code read
differently from how it runs (Trojan Source, CVE-2021-42574), invisible characters, letters
drawn like ASCII (UTS #39), controls, noncharacters, private-use and unassigned code points,
spaces that are not spaces, byte order marks inside the text, data hidden in variation
selectors or tags, and ill-formed UTF-8 (a bytes TEXT may hold it).

  profile    "code" (every kind applies; identifiers are runs of letters, digits and _) or
             "text" (prose: right-to-left embeddings, LRM/RLM, no-break spaces, soft hyphens
             are normal); None: from file_name, as the CLI without --profile
  kinds      report only these kinds ("bidi-control,invisible" or a list; "invalid" is
             ill-formed UTF-8). Default: every kind but mixed-script, and in the text profile
             not-nfc
  allow      never report what it lists, one entry a line or a list of lines (as --allow's
             file): U+XXXX, U+XXXX..U+YYYY, script:Cyrillic, word:NAME
  file_name  the name the text would have as a file ("main.py"): picks the language whose
             comments and strings the code profile reads

Returns an Audit: profile, profile_reason, findings (each: kind, offset, length, line, column,
code_points, characters, bytes, lookalike, message, as the CLI's JSON Lines) and kinds (the
findings counted by kind); len() is the number of findings.

Example:
    >>> [f.kind for f in u8scope.audit("if access_level != \"user\u202e \u2066\":").findings]
    ['bidi-control', 'bidi-unterminated', 'bidi-control', 'bidi-unterminated'])";

inline constexpr const char* kDetect =
    R"(detect(data: bytes) -> Detection

Which encoding DATA is most likely in, as `u8scope-cli detect`: a byte order mark, UTF-16/32 by
the pattern of zero bytes, well-formed UTF-8 (then checked for mojibake), UTF-8 with stray
bytes, else ICU's charset detector. Looks at the first 4 MiB.

Detection.encoding and .confidence (0-100) are the best guess; .guesses ranks them all
(encoding, confidence, reason, language). Also valid_utf8, ascii_only, problems,
mojibake_fixes (valid UTF-8 that reads as mojibake) and binary (why it looks like binary data,
or "").

Example:
    >>> u8scope.detect("Привет, мир".encode("cp1251")).encoding
    'windows-1251')";

inline constexpr const char* kTranscode =
    R"(transcode(data: bytes, from_: str, to: str, *, unmappable="fail", escape="xml-hex",
          add_bom=False) -> bytes

Converts DATA from encoding FROM_ to encoding TO (any name ICU knows: "UTF-16LE", "latin1",
"cp1252", "Shift_JIS", "GB18030"...), as `u8scope-cli transcode --from=FROM --to=TO`; the bytes equal
`uconv`'s.

  unmappable  characters TO cannot represent, bytes invalid in FROM_: "fail" (raise
              u8scope.Error naming how many and where), "substitute" (the target's
              substitution character), "escape" (an escape sequence)
  escape      with "escape": "xml-hex" (&#x20AC;), "xml-dec", "java", "c", "unicode", "icu"
  add_bom     write a byte order mark first (Unicode targets)

Example:
    >>> u8scope.transcode("Grüße".encode(), "UTF-8", "latin1")
    b'Gr\xfc\xdfe')";

} // namespace u8py::doc
