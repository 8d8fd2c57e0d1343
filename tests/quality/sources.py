"""Real text harvested from files of Debian packages: translation catalogues (.mo), manual pages
(roff), hunspell/myspell dictionaries (.dic with the .aff's SET encoding) and, for the wild set,
changelogs that carry real mojibake."""

import gettext
import gzip
import re
import unicodedata
from pathlib import Path

import pages

MIN_LEN, MAX_LEN = 3, 300


def plain_line(line):
    """The stripped line if it has a corpus line's form (no tab, no control character, no
    private use or unassigned code point, no stray U+FFFD, NFC as published text is)."""
    line = line.strip()
    if not (MIN_LEN <= len(line) <= MAX_LEN) or "\ufffd" in line:
        return None
    for ch in line:
        if unicodedata.category(ch) in ("Cc", "Co", "Cn", "Cs") or ch in "\u2028\u2029":
            return None
    return line if unicodedata.normalize("NFC", line) == line else None


# One UTF-8 sequence read as windows-1252 or ISO-8859-1: a lead byte (U+00C2-U+00F4) and as
# many continuation bytes (0x80-0xBF, as whatever those pages make of them) as RFC 3629 says.
_CONT = ("[\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
         "\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]")
_SEQUENCE = re.compile(f"[\u00c2-\u00df]{_CONT}|[\u00e0-\u00ef]{_CONT}{{2}}|"
                       f"[\u00f0-\u00f4]{_CONT}{{3}}")
_LATIN1_SYMBOL = re.compile("[\u00a0-\u00bf]")
_QUOTE_OR_NBSP = re.compile("[\u00a0\u00ab\u00bb]")


def _read_back(sequence):
    """(character, page) that the damaged sequence stood for, or None."""
    for page in ("cp1252", "latin_1"):
        fixed = pages.round_trip_repair(sequence, page)
        if fixed is not None:
            return fixed, page
    return None


def _damaged_sequences(line):
    """Sequences that read back as a character. A no-break space or a guillemet after a
    capital or accented letter is ordinary French and German ("MODIFIÉ\u00a0?", "»weiß«"), so
    a sequence holding one does not count, but after "Â" (lead byte 0xC2: "Â«", "Â»") it is
    the classic damage of «, » and the no-break space."""
    return [(m, found) for m in _SEQUENCE.finditer(line)
            if (m.group()[0] == "\u00c2" or not _QUOTE_OR_NBSP.search(m.group()))
            and (found := _read_back(m.group()))]


def looks_damaged(line):
    """True for a line that is itself (partly) UTF-8 read as windows-1252 or ISO-8859-1 (some
    catalogues and dictionaries ship such lines): two such sequences, or one whose
    continuation is a Latin-1 symbol ("Ã©", "Â«"). One sequence ending in a letter or
    punctuation is usual in correct text ("OPCIÓ…", Czech "Úšela"). Such lines belong to
    neither set; the ones with a well-formed reference repair join the wild set."""
    found = _damaged_sequences(line)
    return len(found) >= 2 or any(_LATIN1_SYMBOL.search(m.group()[1:]) for m, _ in found)


def likely_original(line):
    """(reference repair, page) of a damaged line: each damaged sequence encoded through the
    page and decoded as UTF-8; None when nothing changes or the result is not a clean line."""
    found = _damaged_sequences(line)
    if not found:
        return None
    out, at = [], 0
    for m, (char, _) in found:
        out += [line[at:m.start()], char]
        at = m.end()
    fixed = "".join(out) + line[at:]
    return (fixed, found[0][1][1]) if plain_line(fixed) == fixed else None


def base_language(locale_name):
    """"pt_BR" -> "pt", "sr@latin" -> "sr", "zh_TW" -> "zh_TW" (Chinese scripts differ)."""
    name = locale_name.split("@")[0].split(".")[0]
    if name.startswith("zh"):
        return name
    return name.split("_")[0]


def script_of(text):
    """Dominant Unicode script of the letters outside ASCII (first word of the character name:
    LATIN, CYRILLIC, CJK, HIRAGANA...), "ASCII" when there are none."""
    counts = {}
    for ch in text:
        if ord(ch) > 0x7F and ch.isalpha():
            word = unicodedata.name(ch, "UNKNOWN").split()[0]
            counts[word] = counts.get(word, 0) + 1
    return max(sorted(counts), key=counts.get) if counts else "ASCII"


def mo_lines(path):
    """Translated lines (msgstr) of one .mo catalogue."""
    try:
        with open(path, "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
    except (OSError, UnicodeDecodeError, LookupError, ValueError, IndexError) as err:
        print(f"skipped {path}: {err}")
        return
    for key, value in catalog.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or not isinstance(value, str):
            continue  # the header entry
        for part in value.split("\n"):
            line = plain_line(part)
            if line:
                yield line


def locale_catalogues(root):
    """(language, path) for every .mo under root/usr/share/locale."""
    base = Path(root) / "usr/share/locale"
    for path in sorted(base.glob("*/LC_MESSAGES/*.mo")):
        locale_name = path.parent.parent.name
        if locale_name.startswith("en"):
            continue  # English catalogues translate English into itself
        yield base_language(locale_name), path


_ROFF_CHARS = {
    r"\(em": "\u2014", r"\(en": "\u2013", r"\(lq": "\u201c", r"\(rq": "\u201d", r"\(oq": "\u2018",
    r"\(cq": "\u2019", r"\(Fo": "\u00ab", r"\(Fc": "\u00bb", r"\(aq": "'", r"\(dq": '"',
    r"\(bu": "\u2022", r"\(co": "\u00a9", r"\(rg": "\u00ae", r"\(tm": "\u2122", r"\(de": "\u00b0",
    r"\(mu": "\u00d7", r"\(di": "\u00f7", r"\(Eu": "\u20ac", r"\(eu": "\u20ac", r"\-": "-",
    r"\e": "\\", r"\&": "", r"\~": "\u00a0", r"\ ": " ", r"\|": "", r"\^": "", r"\:": "",
}
_ROFF_FONT = re.compile(r"\\f(\[[^\]]*\]|\(..|.)")


def roff_text(line):
    """The text of one roff line, None for requests, macros and lines still holding escapes."""
    if not line or line[0] in ".'":
        return None
    line = _ROFF_FONT.sub("", line)
    for escape, text in _ROFF_CHARS.items():
        line = line.replace(escape, text)
    if "\\" in line:
        return None
    return plain_line(line)


def man_pages(root):
    """(language, path) of the translated manual pages under root/usr/share/man."""
    base = Path(root) / "usr/share/man"
    for lang_dir in sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith("man")):
        for path in sorted(lang_dir.glob("man*/*.gz")):
            yield base_language(lang_dir.name), path


def man_lines(path):
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as err:
        print(f"skipped {path}: {err}")
        return
    for raw in text.split("\n"):
        line = roff_text(raw)
        if line and sum(c.isalpha() for c in line) >= len(line) // 2:
            yield line


_AFF_SET = re.compile(rb"^SET\s+(\S+)", re.M)
_CODEC_NAMES = {"microsoft-cp1251": "cp1251", "microsoft-cp1250": "cp1250", "tis620-2533": "tis-620"}


def dictionary_encoding(aff_path):
    """The codec of a hunspell dictionary: the .aff's SET (ISO8859-1 when absent, as hunspell)."""
    match = _AFF_SET.search(aff_path.read_bytes())
    name = match.group(1).decode("ascii").lower() if match else "iso8859-1"
    return _CODEC_NAMES.get(name, name)


def dictionaries(root):
    """(language, .dic path, codec) of every hunspell/myspell dictionary under root."""
    seen = set()
    for dic in sorted(Path(root).glob("usr/share/hunspell/*.dic")):
        aff = dic.with_suffix(".aff")
        if not aff.exists() or dic.resolve() in seen:
            continue
        seen.add(dic.resolve())
        yield base_language(dic.stem.replace("-", "_")), dic, dictionary_encoding(aff)


def dictionary_words(path, codec):
    """The words of a .dic (one a line after the count; "word/FLAGS  morphology"). Some .dic
    files are UTF-8 although their .aff declares a legacy SET (hunspell-kk, hunspell-pt-pt):
    legacy text is almost never well-formed UTF-8 (RFC 3629 sequences), so a file that is
    well-formed UTF-8 and not ASCII is read as UTF-8 whatever the SET says."""
    data = path.read_bytes()
    try:
        if not data.isascii():
            text = data.decode("utf-8")
            if codec.replace("-", "").replace("_", "") != "utf8":
                print(f"{path}: .aff says {codec}, the file is UTF-8: read as UTF-8")
        else:
            text = data.decode("ascii")
    except UnicodeDecodeError:
        try:
            text = data.decode(codec)
        except (LookupError, UnicodeDecodeError) as err:
            print(f"skipped {path} ({codec}): {err}")
            return
    for raw in text.split("\n")[1:]:
        word = raw.split("/")[0].split("\t")[0].strip()
        if " " in word or any(c.isdigit() for c in word):
            continue
        word = plain_line(word)
        if word:
            yield word


def wild_mojibake(doc_roots):
    """(source, damaged line, likely original, page) from Debian changelogs and NEWS files:
    lines that look damaged and whose reference repair is a clean line. Never trusted
    blindly: the report keeps them apart."""
    paths = [p for root in doc_roots for pattern in ("*/changelog*.gz", "*/NEWS*.gz")
             for p in sorted(Path(root).glob(pattern))]
    for path in paths:
        try:
            text = gzip.decompress(path.read_bytes()).decode("utf-8")
        except (OSError, EOFError, UnicodeDecodeError):
            continue
        for raw in text.split("\n"):
            line = plain_line(raw)
            found = likely_original(line) if line and looks_damaged(line) else None
            if found:
                yield f"{path.parent.name}/{path.name}", line, found[0], found[1]
