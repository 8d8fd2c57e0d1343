"""The damage classes of the quality report, generated deterministically from correct lines.

Each generator yields Items: one text (one line, two for "mixed") as damaged and as a perfect
repair would give it back, with the page (or page pair) that did it. Classes:

single  UTF-8 read once through the page (sloppy: undefined 0x80-0x9F stay C1 controls).
double  the same, twice through the same page.
mixed   two pages in one text: a line damaged through page A, then a line through page B.
nbsp    single, then every U+00A0 the mis-reading produced became a plain space (what editors
        and web forms do); only texts where that happened.
lossy   read through the page with undefined bytes turned into U+FFFD. Expected: every
        character one of whose UTF-8 bytes was lost is one U+FFFD, all else restored (the
        repair cannot know the lost byte). A repair that guesses the lost character right,
        giving the original back, is counted as restored too.
cesu    a character outside the BMP (an emoji) inserted at a word boundary, the text encoded
        as CESU-8 (surrogates in 3+3 bytes), then read through the page (needs --cesu).
c1      windows-1252 punctuation (0x84 0x85 0x91-0x94: „ … ‘ ’ “ ”) read as ISO-8859-1 and
        left as C1 controls U+0084... in otherwise good text (needs --c1=cp1252).
"""

import random
from dataclasses import dataclass

import pages


@dataclass
class Item:
    cls: str
    page: str
    damaged: list
    expected: list
    original: list

    def restored(self, output):
        return output == self.expected or output == self.original


MIXED_PAIRS = (("cp1252", "cp1251"), ("cp1252", "cp1250"), ("cp1250", "cp1251"),
               ("cp1252", "cp1253"), ("latin_1", "koi8_r"), ("cp1257", "cp1252"),
               ("cp1252", "cp1254"))
EMOJI = ("\U0001f600", "\U0001f389", "\U0001f44d", "\U0001f680", "\U0001f914", "\U0001f602",
         "\U0001f642", "\U0001d11e", "\U0001f30d", "\U0001f4a1")
C1_STYLES = (("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u201e", "\u201c"),
             ("\u201e", "\u201d"), ("", "\u2026"), ("\u201c", "\u2026\u201d"))
_CP1252_TO_C1 = {ch: chr(ch.encode("cp1252")[0]) for ch in "\u201e\u2026\u2018\u2019\u201c\u201d"}


def _single(text, page):
    return pages.misdecode(text, page)


def _double(text, page):
    once = pages.misdecode(text, page)
    return pages.misdecode(once, page) if once is not None else None


def single_and_double(rows):
    for lang, text in rows:
        for page in pages.damage_pages(lang):
            for cls, damage in (("single", _single), ("double", _double)):
                damaged = damage(text, page)
                if damaged is not None and damaged != text:
                    yield Item(cls, page, [damaged], [text], [text])


def nbsp_lost(rows):
    for lang, text in rows:
        for page in pages.damage_pages(lang):
            damaged = pages.misdecode(text, page)
            if damaged is not None and "\u00a0" in damaged:
                yield Item("nbsp", page, [damaged.replace("\u00a0", " ")], [text], [text])


def lossy(rows):
    for lang, text in rows:
        for page in pages.damage_pages(lang):
            if not pages.undefined_bytes(page):
                continue
            damaged = pages.misdecode(text, page, lossy=True)
            if "\ufffd" in damaged:
                yield Item("lossy", page, [damaged], [pages.lossy_expectation(text, page)], [text])


def mixed(rows, rng):
    for first, second in MIXED_PAIRS:
        a = [t for lang, t in rows if first in pages.fitting_pages(lang)]
        b = [t for lang, t in rows if second in pages.fitting_pages(lang)]
        rng.shuffle(a)
        rng.shuffle(b)
        for text_a, text_b in zip(a, b):
            damaged = [pages.misdecode(text_a, first), pages.misdecode(text_b, second)]
            if None not in damaged:
                yield Item("mixed", f"{first}+{second}", damaged, [text_a, text_b],
                           [text_a, text_b])


def cesu(rows, rng):
    for lang, text in rows:
        words = text.split(" ")
        at = rng.randrange(len(words) + 1)
        with_emoji = " ".join(words[:at] + [rng.choice(EMOJI)] + words[at:])
        fitting = pages.fitting_pages(lang)[:1]
        for page in fitting + [p for p in ("cp1252",) if p not in fitting]:
            damaged = pages.read_through(page, pages.cesu8(with_emoji))
            if damaged is not None:
                yield Item("cesu", page, [damaged], [with_emoji], [with_emoji])


def c1_punctuation(rows, rng):
    for lang, text in rows:
        left, right = rng.choice(C1_STYLES)
        styled = left + text + right
        damaged = "".join(_CP1252_TO_C1.get(ch, ch) for ch in styled)
        yield Item("c1", "cp1252-as-latin_1", [damaged], [styled], [styled])


CLASSES = ("single", "double", "mixed", "nbsp", "lossy", "cesu", "c1")
FLAGS = {"cesu": ["--cesu"], "c1": ["--c1=cp1252"]}


def generate(rows, seed):
    """Every Item of every class for `rows` [(lang, text)], in a deterministic order."""
    rng = random.Random(seed)
    items = list(single_and_double(rows))
    items += nbsp_lost(rows)
    items += lossy(rows)
    items += mixed(rows, rng)
    items += cesu(rows, rng)
    items += c1_punctuation(rows, rng)
    return items
