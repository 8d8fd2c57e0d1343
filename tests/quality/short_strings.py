"""Short strings as people repair them one at a time (a name, a title, a cell, a subject line):
correct strings from real text on Debian's archive and this machine, and the same damaged in
every way the issue tracker lists. Shared by build_short_corpus.py and the model builder.

Correct strings (Row.cls), each with the key that decides its half (its source text, so a
string and every variant made of it fall in the same half):
  name      person names: the Last-Translator of translation catalogues, copyright holders
  title     catalogue lines of up to 60 characters (menu items, labels, country names)
  sentence  catalogue and manual lines of 60 to 200 characters
  caps      a title or name in capitals
  word      dictionary words
  symbols   symbol-rich English (symbol_lines.py)
  code      lines of source code with non-ASCII characters (escapes, strings, comments)
  kaomoji   emoticons and emoji in short phrases
  box       box-drawing trees of real paths
  leet      accented capitals with digits for letters
"""

import gettext
import hashlib
import random
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pages
import sources
import symbol_lines

MIN_LEN, MAX_LEN = 5, 200


@dataclass
class Row:
    cls: str
    lang: str
    key: str
    text: str


def _h(text, salt):
    return int(hashlib.sha256((salt + "\0" + text).encode("utf-8")).hexdigest(), 16)


def _fits(text):
    return MIN_LEN <= len(text) <= MAX_LEN and "\t" not in text and "\n" not in text


_EMAIL = re.compile(r"\s*[<(\[].*$")
_NAME_OK = re.compile(r"^[^\d@<>()\[\]{}:;/\\|=_*#&%$!?\"]+$")


def _name(raw):
    """A person's name out of "Name <mail>" or "2005-2009 Name <mail>", or None."""
    raw = re.sub(r"^[\d\s,\-–]+", "", raw.strip())
    name = _EMAIL.sub("", raw).strip().strip(",.")
    words = name.split()
    if not (2 <= len(words) <= 5) or not _NAME_OK.match(name) or not _fits(name):
        return None
    if any(w.lower() in ("the", "team", "project", "foundation", "inc", "ltd", "gmbh", "and",
                         "translators", "contributors", "authors", "others", "debian")
           for w in words):
        return None
    return sources.plain_line(name)


def names(root):
    """(lang, name): translators from catalogue headers, holders from copyright files."""
    found = {}
    for lang, path in sources.locale_catalogues(root):
        try:
            with open(path, "rb") as f:
                info = gettext.GNUTranslations(f).info()
        except Exception:  # a broken catalogue: its header is no loss
            continue
        for field in ("last-translator",):
            name = _name(info.get(field, ""))
            if name:
                found.setdefault(name, lang)
    for doc in (Path("/usr/share/doc"), Path(root) / "usr/share/doc"):
        for path in sorted(doc.glob("*/copyright")):
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            for line in text.splitlines():
                m = re.match(r"^(?:Copyright:|\s+\d{4}|Copyright \(c\)|Copyright ©)\s*(.*)$", line)
                if m:
                    name = _name(m.group(1))
                    if name:
                        found.setdefault(name, "xx")
    return sorted((lang, name) for name, lang in found.items())


_CODE_GLOBS = ("usr/lib/python3*/**/*.py", "usr/share/vim/vim*/**/*.vim",
               "usr/share/perl*/**/*.pm", "usr/share/X11/locale/*/Compose",
               "usr/share/i18n/locales/*")


def code_lines(roots, limit=4000):
    out, seen = [], set()
    for root in roots:
        for pattern in _CODE_GLOBS:
            for path in sorted(Path(root).glob(pattern)):
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                for line in text.splitlines():
                    line = line.strip()
                    if line.isascii() or not _fits(line) or line in seen:
                        continue
                    if sources.plain_line(line) is None or sources.looks_damaged(line):
                        continue
                    seen.add(line)
                    out.append(line)
    out.sort(key=lambda s: _h(s, "code"))
    return out[:limit]


KAOMOJI = ("(╯°□°)╯︵ ┻━┻", "¯\\_(ツ)_/¯", "(ಠ_ಠ)", "ʕ•ᴥ•ʔ", "(｡◕‿◕｡)", "(ノಠ益ಠ)ノ彡┻━┻",
           "(•_•) ( •_•)>⌐■-■ (⌐■_■)", "ᕕ( ᐛ )ᕗ", "(づ｡◕‿‿◕｡)づ", "٩(◕‿◕｡)۶", "(¬‿¬)",
           "(☞ﾟヮﾟ)☞", "♪~ ᕕ(ᐛ)ᕗ", "(ᵔᴥᵔ)", "¯\\(°_o)/¯", "(⊙_☉)", "(✿◠‿◠)", "(＾▽＾)",
           "o(≧▽≦)o", "(ㆆ _ ㆆ)", "ಥ_ಥ", "(◕‿◕✿)", "ლ(ಠ益ಠლ)", "(°ロ°)☝", "(✖╭╮✖)", "⊂(◉‿◉)つ",
           "(ʘ‿ʘ)", "♥‿♥", "(~˘▾˘)~", "[̲̅$̲̅(̲̅ ͡° ͜ʖ ͡°̲̅)̲̅$̲̅]", "( ͡° ͜ʖ ͡°)", "(>‿◠)✌", "＼(^o^)／",
           "(ó﹏ò｡)", "(´･_･`)", "(╥﹏╥)", "(ﾉ◕ヮ◕)ﾉ*:･ﾟ✧", "✧*｡٩(ˊᗜˋ*)و✧*｡")
_PHRASES = ("Thanks so much", "See you tomorrow", "Happy birthday", "Well done", "Good morning",
            "That's great", "No way", "Love it", "Let's go", "Oops", "Merci beaucoup",
            "Bis morgen", "Gracias", "Obrigado", "Grazie mille", "Спасибо", "Ευχαριστώ",
            "Dziękuję", "Teşekkürler", "Köszönöm", "Tack så mycket", "Děkuji")


def emoji_list():
    out = []
    try:
        text = Path("/usr/share/unicode/emoji/emoji-test.txt").read_text(encoding="utf-8")
    except OSError:
        return ["\U0001f600", "\U0001f44d", "\U0001f389", "\u2764\ufe0f"]
    for line in text.splitlines():
        if "; fully-qualified" in line:
            out.append(line.split("#", 1)[1].split()[0])
    return out


def kaomoji_strings(rng, n):
    emoji = emoji_list()
    out = []
    for k in range(n):
        phrase = _PHRASES[k % len(_PHRASES)]
        decor = KAOMOJI[k % len(KAOMOJI)] if k % 2 else " ".join(rng.sample(emoji, 1 + k % 3))
        out.append(f"{phrase} {decor}" if k % 3 else f"{decor} {phrase}!")
    return out


def box_strings(roots, n):
    paths = sorted(str(p) for p in Path("/usr/share/doc").glob("*/*"))[: 4 * n]
    out = []
    for k, p in enumerate(paths[:n]):
        parts = p.split("/")[-2:]
        style = k % 4
        if style == 0:
            out.append(f"├── {parts[0]}/{parts[1]}")
        elif style == 1:
            out.append(f"│   └── {parts[1]}")
        elif style == 2:
            out.append(f"┌─ {parts[1]} ─┐")
        else:
            out.append(f"╔═ {parts[0]} ═╗ ║ {parts[1]} ║")
    return out


_LEET = str.maketrans({"E": "3", "A": "4", "O": "0", "I": "1", "S": "5", "T": "7"})


def leet(text, rng):
    return "".join(ch.translate(_LEET) if ch.isascii() and rng.random() < 0.6 else ch
                   for ch in text)


def correct_strings(root, per_language=60):
    """Rows of correct short strings (deterministic for a given set of package versions)."""
    rng = random.Random(31)
    pools = _pools(root)
    rows = []
    for lang in sorted(pools):
        titles = [t for t in pools[lang]["sentence"] if len(t) <= 60 and _fits(t)]
        longer = [t for t in pools[lang]["sentence"] if 60 < len(t) <= MAX_LEN]
        words = [w for w in pools[lang]["word"] if _fits(w)]
        for cls, lines in (("title", titles), ("sentence", longer), ("word", words)):
            lines.sort(key=lambda s: _h(s, "short"))
            rows += [Row(cls, lang, t, t) for t in lines[:per_language]]
        for t in titles[per_language: per_language + per_language // 3]:
            if t.upper() != t and len(t.upper()) == len(t):
                rows.append(Row("caps", lang, t, t.upper()))
    for lang, name in names(root):
        rows.append(Row("name", lang, name, name))
        if _h(name, "caps") % 3 == 0:
            rows.append(Row("caps", lang, name, name.upper()))
    rows += [Row("symbols", "en", s, s) for s in symbol_lines.symbol_lines() if _fits(s)]
    rows += [Row("code", "code", s, s) for s in code_lines(["/", root])]
    rows += [Row("kaomoji", "xx", s, s) for s in kaomoji_strings(rng, 300)]
    rows += [Row("box", "xx", s, s) for s in box_strings(["/"], 200)]
    caps = [r for r in rows if r.cls == "caps" and not r.text.isascii()]
    rows += [Row("leet", r.lang, r.key, leet(r.text, rng)) for r in caps[::4]]
    return [r for r in rows if _fits(r.text)]


_POOLS = {}


def _pools(root):
    if root not in _POOLS:
        import build_corpora  # the harvest of the long corpora, shared
        _POOLS[root] = build_corpora.harvest(root, [])
    return _POOLS[root]


@dataclass
class Damaged:
    cls: str
    lang: str
    page: str
    key: str
    damaged: str
    expected: str


def _one_word(text, page, rng):
    """Only one non-ASCII word of the string damaged."""
    words = text.split(" ")
    candidates = [k for k, w in enumerate(words) if not w.isascii()]
    if len(words) < 3 or not candidates:
        return None
    k = rng.choice(candidates)
    bad = pages.misdecode(words[k], page)
    if bad is None or bad == words[k]:
        return None
    return " ".join(words[:k] + [bad] + words[k + 1:])


def damaged_strings(root):
    """Damaged short strings made of the correct ones that hold a non-ASCII character."""
    rng = random.Random(3131)
    out = []
    for row in correct_strings(root):
        if row.text.isascii() or row.cls in ("box", "leet"):
            continue
        fitting = pages.fitting_pages(row.lang)
        chosen = (fitting[:1] + ["cp1252"]) if fitting else ["cp1252", "latin_1"]
        if row.cls in ("symbols", "code", "kaomoji"):
            chosen = ["cp1252"]
        for page in dict.fromkeys(chosen):
            single = pages.misdecode(row.text, page)
            if single is None or single == row.text:
                continue
            variants = [(row.cls, single, row.text)]
            h = _h(row.text + page, "variant") % 6
            if h == 0:
                twice = pages.misdecode(single, page)
                if twice is not None:
                    variants.append(("double", twice, row.text))
            elif h == 1 and page == "cp1252":
                then = pages.misdecode(single, "cp1251")
                if then is not None:
                    variants.append(("double", then, row.text))
            elif h == 2 and pages.undefined_bytes(page):
                lossy = pages.misdecode(row.text, page, lossy=True)
                if "\ufffd" in lossy:
                    variants.append(("lossy", lossy, pages.lossy_expectation(row.text, page)))
            elif h == 3 and "\u00a0" in single:
                variants.append(("nbsp", single.replace("\u00a0", " "), row.text))
            elif h == 4:
                one = _one_word(row.text, page, rng)
                if one:
                    variants.append(("one", one, row.text))
            for cls, bad, expected in variants:
                if _fits(bad):
                    out.append(Damaged(cls, row.lang, page, row.key, bad, expected))
    return out
