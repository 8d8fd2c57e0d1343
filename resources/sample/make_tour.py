#!/usr/bin/env python3
"""Writes tour.txt, the sample u8scope opens when it starts with no file.

Each line says what it shows, then shows it between [ and ]: every byte class (ASCII, lead bytes
of 2-, 3- and 4-byte characters, continuation bytes, bytes never valid in UTF-8, the restricted
leads E0 ED F0 F4) and every error kind of the codec (invalid byte, unexpected continuation,
overlong, surrogate, too large, truncated), plus the problems a person meets in practice (CESU-8
surrogate pairs, the 5- and 6-byte forms of RFC 2279, mojibake).

The file is generated, not typed, because most of its lines are deliberately not valid UTF-8 and
no editor keeps such bytes intact. Usage: make_tour.py [--check] [OUTPUT]
(--check: exit 1 if OUTPUT differs from what this script writes; used by the tests.)
"""
import pathlib
import sys

LINES = [
    # (description, bytes shown between the brackets)
    ("u8scope tour. Click any byte: the inspector explains it. Press F8 for the next problem.", None),
    ("", None),
    ("== Valid characters ==", None),
    ("ASCII letters and digits, 1 byte each (00-7F)", b"Hello, world 123"),
    ("ASCII whitespace: space, tab", b" \t "),
    ("ASCII controls NUL, ESC and DEL, shown as symbols", b"\x00\x1b\x7f"),
    ("2-byte character: lead C2-DF then one continuation 80-BF; e-acute C3 A9", "é".encode()),
    ("2-byte characters: Greek and Cyrillic", "Ωμέγα Привет".encode()),
    ("No-break space U+00A0: C2 A0", "\u00a0".encode()),
    ("3-byte character: lead E0-EF then two continuations; euro sign E2 82 AC", "€".encode()),
    ("3-byte characters: CJK (one glyph, three bytes)", "漢字かな한국어".encode()),
    ("4-byte character: lead F0-F4 then three continuations; F0 9F 98 80", "😀".encode()),
    ("Combining accent: e then U+0301 (CC 81), two characters, one glyph", "e\u0301".encode()),
    ("Byte order mark U+FEFF inside the text: EF BB BF", "\ufeff".encode()),
    ("", None),
    ("== Restricted leads: their first continuation has a narrower range (RFC 3629 section 4) ==",
     None),
    ("E0 needs A0-BF next: U+0800, the lowest 3-byte character, E0 A0 80", "\u0800".encode()),
    ("ED needs 80-9F next: U+D7FF, the last before the surrogates, ED 9F BF", "\ud7ff".encode()),
    ("F0 needs 90-BF next: U+10000, the lowest 4-byte character, F0 90 80 80",
     "\U00010000".encode()),
    ("F4 needs 80-8F next: U+10FFFF, the highest code point, F4 8F BF BF", "\U0010ffff".encode()),
    ("", None),
    ("== Errors: each shows one kind ==", None),
    ("Invalid byte: FF never appears in UTF-8", b"\xff"),
    ("Invalid byte: FE never appears in UTF-8", b"\xfe"),
    ("Invalid byte: F5 would start a value above U+10FFFF", b"\xf5"),
    ("Stray continuation: 80 with no lead before it", b"\x80"),
    ("Stray continuations: three in a row, A9 A9 A9", b"\xa9\xa9\xa9"),
    ("Overlong '/': C0 AF (C0 and C1 can only start overlong forms)", b"\xc0\xaf"),
    ("Overlong NUL: C0 80 (Java's Modified UTF-8)", b"\xc0\x80"),
    ("Overlong 3-byte '/': E0 80 AF", b"\xe0\x80\xaf"),
    ("Overlong 4-byte euro sign: F0 82 82 AC", b"\xf0\x82\x82\xac"),
    ("Surrogate: U+D800 encoded alone, ED A0 80", b"\xed\xa0\x80"),
    ("Surrogate pair encoded separately (CESU-8) for U+1F600: ED A0 BD ED B8 80",
     b"\xed\xa0\xbd\xed\xb8\x80"),
    ("Too large: F4 90 80 80 would be U+110000", b"\xf4\x90\x80\x80"),
    ("Legacy 5-byte form of RFC 2279: F8 88 80 80 80", b"\xf8\x88\x80\x80\x80"),
    ("Truncated: E2 82 is the euro sign without its last byte", b"\xe2\x82"),
    ("Truncated: F0 9F 98, an emoji cut short", b"\xf0\x9f\x98"),
    ("Truncated at the end of a line: C3, then the line feed", b"\xc3"),
    ("", None),
    ("== Valid but wrong: mojibake ==", None),
    ("'Café' decoded as windows-1252 and saved as UTF-8 again: C3 83 C2 A9",
     "Café".encode().decode("cp1252").encode()),
    ("", None),
    ("This line ends with CR LF (Windows line ending)", b"\r"),
    ("Last line.", None),
]


def tour() -> bytes:
    out = bytearray()
    for text, shown in LINES:
        out += text.encode()
        if shown is not None:
            # An explicit CR (the CRLF line) goes after the text, with no brackets around it.
            if shown == b"\r":
                out += shown
            else:
                out += b": [" + shown + b"]"
        out += b"\n"
    return bytes(out)


def main() -> int:
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    target = pathlib.Path(args[0]) if args else pathlib.Path(__file__).with_name("tour.txt")
    data = tour()
    if check:
        if not target.exists() or target.read_bytes() != data:
            print(f"{target} is out of date: run {sys.argv[0]} to regenerate it", file=sys.stderr)
            return 1
        return 0
    target.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
