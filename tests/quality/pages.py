"""Code pages and how text is damaged through them (shared by build_corpora and the report).

Mojibake is UTF-8 read through a single-byte page and written back as UTF-8: the UTF-8 bytes
of each character are decoded one byte at a time by the page's table. A page leaves some byte
values undefined (e.g. 0x81 in windows-1252); two readings of such a byte exist in the wild:

- "sloppy": the byte passes through as the C1 control of the same value (what most decoders
  that "never fail" do, and what WHATWG's windows-1252 does for 0x81, 0x8D, 0x8F, 0x90, 0x9D).
  Only 0x80-0x9F have a C1 control of the same value; an undefined byte from 0xA0 up (e.g. 0xA5
  in ISO-8859-3) has no sloppy reading, and a line that needs one is not damaged that way.
- "lossy": the byte becomes U+FFFD REPLACEMENT CHARACTER and its value is gone.
"""

import codecs

# Python codec names. ISO-8859-12 was never published.
PAGES = (
    "cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 latin_1 "
    "iso8859_2 iso8859_3 iso8859_4 iso8859_5 iso8859_6 iso8859_7 iso8859_8 iso8859_9 "
    "iso8859_10 iso8859_11 iso8859_13 iso8859_14 iso8859_15 iso8859_16 "
    "koi8_r koi8_u cp437 cp850 cp852 cp866 mac_roman mac_latin2 mac_cyrillic"
).split()

# Pages a reader whose locale uses the language would have had (the "fitting" pages).
_WESTERN = ("cp1252", "latin_1", "iso8859_15", "cp850", "cp437", "mac_roman")
_CENTRAL = ("cp1250", "iso8859_2", "cp852", "mac_latin2")
_CYRILLIC = ("cp1251", "iso8859_5", "cp866", "mac_cyrillic")
_FAMILIES = (
    ("af an ast ca da de en es eu fi fo fr fur fy ga gd gl id is it ms nb nl nn no oc pt "
     "sq sv sw wa br cy rw xh zu tl fil", _WESTERN),
    ("da fi fo is nb nn no sv", ("iso8859_10",)),
    ("br cy ga gd gv kw", ("iso8859_14",)),
    ("bs cs hr hu pl ro sk sl", _CENTRAL),
    ("hr hu pl ro sl sq", ("iso8859_16",)),
    ("be bg kk ky mk mn ru sr tg tt uk ba cv", _CYRILLIC),
    ("ru bg", ("koi8_r",)),
    ("uk be ru", ("koi8_u",)),
    ("el", ("cp1253", "iso8859_7")),
    ("tr az ku kmr", ("cp1254", "iso8859_9")),
    ("he yi", ("cp1255", "iso8859_8")),
    ("ar fa ur ps ckb ug sd", ("cp1256", "iso8859_6")),
    ("et lt lv", ("cp1257", "iso8859_13", "iso8859_4")),
    ("et", ("iso8859_15",)),
    ("vi", ("cp1258",)),
    ("th", ("iso8859_11",)),
    ("eo mt", ("iso8859_3",)),
)
# Pages every text meets by mistake, whatever its language.
COMMON_WRONG = ("cp1252", "latin_1")


def fitting_pages(lang):
    """The pages fitting `lang` (a base language code such as "pt" or "sr"), in table order."""
    found = []
    for langs, pages in _FAMILIES:
        if lang in langs.split():
            found.extend(p for p in pages if p not in found)
    return found


def damage_pages(lang):
    """Fitting pages first, then the common wrong pages."""
    pages = fitting_pages(lang)
    return pages + [p for p in COMMON_WRONG if p not in pages]


def _sloppy(error):
    raw = error.object[error.start:error.end]
    if any(b > 0x9F or b < 0x80 for b in raw):
        raise error
    return "".join(chr(b) for b in raw), error.end


codecs.register_error("u8quality-sloppy", _sloppy)


def read_through(page, data, lossy=False):
    """Bytes decoded through `page`; None where a sloppy reading does not exist."""
    try:
        return data.decode(page, "replace" if lossy else "u8quality-sloppy")
    except UnicodeDecodeError:
        return None


def misdecode(text, page, lossy=False):
    """`text` as UTF-8 read through `page` (once); None where impossible."""
    return read_through(page, text.encode("utf-8"), lossy)


def undefined_bytes(page):
    """Byte values the page leaves undefined."""
    out = set()
    for b in range(256):
        try:
            bytes([b]).decode(page)
        except UnicodeDecodeError:
            out.add(b)
    return out


def lossy_expectation(text, page):
    """What a perfect repair gives back from the lossy reading: every character one of whose
    UTF-8 bytes the page leaves undefined is truly lost and stays one U+FFFD; the rest is
    restored."""
    lost = undefined_bytes(page)
    return "".join("\ufffd" if any(b in lost for b in ch.encode("utf-8")) else ch for ch in text)


def cesu8(text):
    """CESU-8 (Unicode Technical Report #26): characters above U+FFFF as a UTF-16 surrogate
    pair, each surrogate encoded in three bytes."""
    out = bytearray()
    for ch in text:
        cp = ord(ch)
        if cp > 0xFFFF:
            cp -= 0x10000
            for unit in (0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)):
                out += chr(unit).encode("utf-8", "surrogatepass")
        else:
            out += ch.encode("utf-8")
    return bytes(out)


def round_trip_repair(text, page):
    """Reference repair of one damaged line: encode through the page (C1 controls standing for
    themselves), decode as UTF-8. None when the line is not such damage."""
    try:
        data = bytearray()
        for ch in text:
            if 0x80 <= ord(ch) <= 0x9F:
                data.append(ord(ch))
            else:
                data += ch.encode(page)
        return bytes(data).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
