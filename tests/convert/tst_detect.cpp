// Detection: BOMs, UTF-16/32 by zero bytes, ICU's detector for legacy
// pages, and the mojibake verdict for valid UTF-8.
#include "detect_report.h"
#include "repair_samples.h"
#include "u8codec/byte_source.h"
#include "u8convert/detect.h"
#include "u8convert/transcode.h"
#include "u8test/harness.h"

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;
using nlohmann::json;

namespace {

std::string repeated(const std::string& s, int times) {
    std::string out;
    for (int i = 0; i < times; ++i)
        out += s;
    return out;
}

std::string encoded(const std::string& utf8Text, const char* to) {
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    return transcode(bytes(utf8Text), "UTF-8", to, opt).output;
}

bool inTop(const Detection& d, const std::vector<std::string>& names, int n) {
    for (int i = 0; i < n && i < int(d.guesses.size()); ++i)
        if (std::find(names.begin(), names.end(), d.guesses[std::size_t(i)].encoding) !=
            names.end())
            return true;
    return false;
}

// The string at `key` of a JSON object, or "" when it is absent or not a string (as Qt's
// QJsonValue::toString() reads it).
std::string stringAt(const json& object, const char* key) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string())
        return {};
    return object[key].get<std::string>();
}

struct BomRow {
    const char* name;
    std::string data;
    std::string encoding;
};

TEST_CASE("a byte order mark names its encoding with full confidence") {
    const BomRow rows[] = {
        {"utf-8", "\xEF\xBB\xBFhello", "UTF-8"},
        {"utf-16le", std::string("\xFF\xFEh\0i\0", 6), "UTF-16LE"},
        {"utf-16be", std::string("\xFE\xFF\0h\0i", 6), "UTF-16BE"},
        {"utf-32le", std::string("\xFF\xFE\0\0h\0\0\0", 8), "UTF-32LE"},
        {"utf-32be", std::string("\0\0\xFE\xFF\0\0\0h", 8), "UTF-32BE"},
    };
    for (const BomRow& row : rows) {
        SUBCASE(row.name) {
            const Detection d = detectEncoding(bytes(row.data));
            REQUIRE(!d.guesses.empty());
            CHECK(d.guesses.front().encoding == row.encoding);
            CHECK(d.guesses.front().confidence == 100);
            CHECK(d.guesses.front().reason.starts_with("byte order mark"));
        }
    }
}

TEST_CASE("UTF-16 and UTF-32 without a byte order mark are told by their zero bytes") {
    for (const char* encoding : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"}) {
        SUBCASE(encoding) {
            const std::string text = sentences().at(0) + " " + sentences().at(2);
            const std::string data = encoded(text, encoding);
            const Detection d = detectEncoding(bytes(data));
            REQUIRE(!d.guesses.empty());
            CHECK(d.guesses.front().encoding == std::string_view(encoding));
            CHECK(d.guesses.front().confidence >= 90);
        }
    }
}

TEST_CASE("valid UTF-8: no sign of mojibake, line endings counted, ASCII said") {
    std::string all;
    for (const std::string& s : sentences())
        all += s + "\n";
    const Detection d = detectEncoding(bytes(all));
    CHECK(d.validUtf8);
    CHECK(d.guesses.front().encoding == "UTF-8");
    CHECK(d.guesses.front().confidence == 100);
    CHECK(d.mojibake.fixes == 0u);
    CHECK(u8cli::detectionText(d).find("no sign of mojibake") != std::string::npos);
    REQUIRE(d.lineEndings.has_value());
    CHECK(d.lineEndings->lf == std::uint64_t(sentences().size()));
    const Detection mixed = detectEncoding(bytes("a\r\nb\nc\r\n"));
    REQUIRE(mixed.lineEndings.has_value());
    CHECK(mixed.lineEndings->mixed());
    CHECK(u8cli::detectionText(mixed).find("line endings: 1 LF, 2 CRLF, 0 CR (mixed") !=
          std::string::npos);
    const Detection ascii = detectEncoding(bytes("plain ASCII text\n"));
    CHECK(ascii.asciiOnly);
    CHECK(ascii.guesses.front().encoding == "UTF-8");
}

TEST_CASE("mojibake in valid UTF-8 is reported with its page and an example") {
    const std::string damaged =
        readAs(bytes("Le café est très bon, n’est-ce pas ? Déjà l’été."), CodePage::Windows1252);
    const Detection d = detectEncoding(bytes(damaged));
    CHECK(d.validUtf8);
    CHECK(d.mojibake.fixes >= 4);
    CHECK(d.mojibake.description == "UTF-8 read as windows-1252");
    CHECK(d.mojibake.exampleBefore == "Ã©");
    CHECK(d.mojibake.exampleAfter == "é");
}

struct LegacyRow {
    const char* name;
    std::string text;
    const char* encoding;
    std::vector<std::string> accepted;
};

TEST_CASE("legacy pages are among the first three guesses, confidences ranked in 0-100") {
    const std::string russian =
        sentences().at(13) + ' ' + sentences().at(14) + ' ' + sentences().at(29);
    const std::string french = sentences().at(0) + ' ' + sentences().at(1);
    const LegacyRow rows[] = {
        {"windows-1251", russian, "windows-1251", {"windows-1251"}},
        {"KOI8-R", russian, "KOI8-R", {"KOI8-R"}},
        {"ISO-8859-1", french, "ISO-8859-1", {"ISO-8859-1", "windows-1252"}},
        {"Shift_JIS", sentences().at(20), "Shift_JIS", {"Shift_JIS"}},
        {"EUC-KR", sentences().at(22), "EUC-KR", {"EUC-KR"}},
    };
    for (const LegacyRow& row : rows) {
        SUBCASE(row.name) {
            const std::string data = repeated(encoded(row.text + "\n", row.encoding), 8);
            const Detection d = detectEncoding(bytes(data));
            CHECK(!d.validUtf8);
            INFO(u8cli::detectionText(d));
            CHECK(inTop(d, row.accepted, 3));
            for (const EncodingGuess& g : d.guesses)
                CHECK((g.confidence >= 0 && g.confidence <= 100));
            for (std::size_t i = 1; i < d.guesses.size(); ++i)
                CHECK(d.guesses[i - 1].confidence >= d.guesses[i].confidence);
        }
    }
}

TEST_CASE("mostly UTF-8 with a stray byte is UTF-8, with a repair suggested") {
    const std::string data = repeated(sentences().at(0) + "\n", 20) + "stray \xE9 byte\n";
    const Detection d = detectEncoding(bytes(data));
    CHECK(!d.validUtf8);
    CHECK(d.invalidSequences == 1u);
    CHECK(d.guesses.front().encoding == "UTF-8");
    CHECK(u8cli::detectionText(d).find("; try repair --invalid=cp1252") != std::string::npos);
    CHECK(d.guesses.front().strayBytesPage == "windows-1252");
}

// Issue 33, defect 1: a valid file longer than the window, the window ending inside a 3-byte
// character (e3 | 83 86). The cut character is neither examined nor an error, with or without
// other errors before it, whichever way the caller says the input goes on.
TEST_CASE("a window cut inside a character is neither examined nor an error") {
    const std::string text = repeated(sentences().at(0) + " テスト\n", 40);
    const std::size_t cut = text.find("\xE3\x83\x86") + 1; // after e3
    const Detection d = detectEncoding(bytes(text), cut);
    INFO(u8cli::detectionText(d));
    CHECK(d.validUtf8);
    CHECK(d.invalidSequences == 0u);
    CHECK(d.examinedBytes == std::uint64_t(cut - 1));
    CHECK(!d.wholeInput);
    CHECK(d.guesses.front().encoding == "UTF-8");
    // With a stray byte before the cut: one invalid sequence, not two.
    std::string stray = text;
    stray.insert(10, "\xE9");
    const Detection s = detectEncoding(bytes(stray), cut + 2);
    CHECK(s.invalidSequences == 1u);
    CHECK(s.utf8Damage == 0u);
    // Every cut inside a 2-, 3- or 4-byte character, through a source read by the detector.
    for (const std::string ch : {"\xC3\xA9", "\xE3\x83\x86", "\xF0\x9F\x98\x80"}) {
        for (std::size_t into = 1; into < ch.size(); ++into) {
            INFO("character " << u8test::hexOf(ch) << ", cut " << into << " byte(s) into it");
            std::string all(kDetectWindow - into, 'a');
            all += ch + "tail\n";
            const MemorySource source(std::vector<std::uint8_t>(all.begin(), all.end()));
            const Detection w = detectEncoding(source);
            INFO(u8cli::detectionText(w));
            CHECK((w.validUtf8 && w.invalidSequences == 0));
            CHECK(w.examinedBytes == std::uint64_t(kDetectWindow - into));
        }
    }
    // At the true end of the input, a cut character is an error.
    const Detection end = detectEncoding(bytes("abc\xE3\x83"));
    CHECK(!end.validUtf8);
    CHECK(end.utf8Damage == 1u);
}

// Issue 33, defect 2: overlong forms, surrogates and sequences cut short are UTF-8's own damage,
// counted apart from stray legacy bytes (which stand alone).
TEST_CASE("UTF-8's own damage is counted apart from stray legacy bytes") {
    const Detection damaged = detectEncoding(bytes(
        "w\xC3\xB6rld: \xC0\xAF, \xE0\x80\xAF, \xED\xA0\x80, \xE2\x82 and \xF0\x9F\x98 end\n"));
    CHECK(damaged.utf8Damage == 5u);
    const Detection stray =
        detectEncoding(bytes("w\xC3\xB6rld, caf\xE9 na\xEFve \x80 \xFF \xC0 done\n"));
    CHECK(stray.invalidSequences == 5u);
    CHECK(stray.utf8Damage == 0u);
}

// The case of the issue: a dozen correct accented and CJK characters and 7 stray Latin-1 bytes.
// More invalid sequences than one per 20 characters, yet UTF-8 with stray bytes: reading the
// whole file as windows-1252 would turn every correct "ö" into "Ã¶".
TEST_CASE("stray bytes among a few correct characters: UTF-8 with stray bytes") {
    const std::string data = "Grüße aus Köln: schön, café, 中文, naïve, Øresund, ö ö é.\n"
                             "caf\xE9 sch\xF6n M\xFCller na\xEFve \xE0 la \xE8re \xF1\n";
    const Detection d = detectEncoding(bytes(data));
    CHECK(!d.validUtf8);
    CHECK(d.invalidSequences == 7u);
    CHECK(d.multiByteCharacters == 12u);
    {
        INFO(u8cli::detectionText(d));
        CHECK(d.guesses.front().encoding == "UTF-8");
        CHECK(d.guesses.front().strayBytesPage == "windows-1252");
        CHECK(u8cli::detectionText(d).find("UTF-8 with 7 invalid sequence(s)") !=
              std::string::npos);
        CHECK(u8cli::detectionText(d).find("would become mojibake") == std::string::npos);
    }
    // Fewer well-formed characters than stray bytes: no longer "mostly UTF-8".
    const std::string fewer = "Köln, café, ö\ncaf\xE9 sch\xF6n M\xFCller na\xEFve\n";
    const Detection f = detectEncoding(bytes(fewer));
    CHECK(f.multiByteCharacters == 3u);
    INFO(u8cli::detectionText(f));
    CHECK((f.guesses.empty() || f.guesses.front().encoding != "UTF-8"));
}

// A UTF-8 file that shows every kind of error (as the tour sample does) has more runs with an
// error than well-formed ones, but its CJK and emoji are 3- and 4-byte sequences that no
// single-byte page forms in text: UTF-8 with stray bytes, not windows-1252 (which would turn
// them into mojibake).
TEST_CASE("every kind of error beside CJK and emoji is still UTF-8 with stray bytes") {
    const std::string data = "Kanji 漢字, kana かな, emoji 😀 and é.\n"
                             "errors: \xC0\xAF | \xFF | \xFE | \x80 | \xED\xA0\x80 | \xF5 | "
                             "\xE2\x82 | \xF0\x9F\x98 | \xC1\xBF | caf\xE9\n";
    const Detection d = detectEncoding(bytes(data));
    CHECK(!d.validUtf8);
    {
        INFO(u8cli::detectionText(d));
        CHECK(d.guesses.front().encoding == "UTF-8");
    }
    CHECK(d.guesses.front().strayBytesPage == "windows-1252");
    // Without the long sequences the runs decide, and the legacy guess stays first.
    const std::string latin = "Kanji é, à.\nerrors: \xC0\xAF | \xFF | \xFE | \x80 | \xF5 | caf\xE9 "
                              "na\xEFve \xE0 la \xE8re\n";
    const Detection l = detectEncoding(bytes(latin));
    INFO(u8cli::detectionText(l));
    CHECK((l.guesses.empty() || l.guesses.front().encoding != "UTF-8"));
}

struct PageRow {
    const char* name;
    std::string text;
    const char* encoding;
};

// Legacy text forms well-formed multi-byte UTF-8 only by chance: in windows-1252 a capital
// accented letter (C2-DF) followed by a symbol from 80-BF. The worst cases: short Ukrainian words
// in windows-1251 ("Ні": a capital before "і", B3), all-caps Czech, and the double-byte pages of
// Chinese, Japanese and Korean, whose pairs often read as well-formed UTF-8 but whose words
// almost never do. None of them is taken for UTF-8 with stray bytes.
TEST_CASE("legacy text is not taken for mostly UTF-8") {
    const std::string japanese =
        "日本は東アジアに位置する島国である。首都は東京都であり、人口は約一億二千万人である。"
        "日本語は世界で多く話される言語の一つで、ひらがな、カタカナ、漢字を使う。";
    const PageRow rows[] = {
        {"ukrainian",
         "Підприємство Ніна Вірність Іван Їжак Ґанок Він Ні Київ Поділля. Ці дні минули.",
         "windows-1251"},
        {"czech capitals", "PŘÍŠTÍ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY ŠÍLENĚ ŽÁDNÝ NEJVĚTŠÍ PÁŽE",
         "windows-1250"},
        {"german", sentences().at(2) + sentences().at(3), "windows-1252"},
        {"EUC-JP", japanese, "EUC-JP"},
        {"Shift_JIS", japanese, "Shift_JIS"},
        {"GBK",
         "中华人民共和国是位于东亚的社会主义国家，首都为北京。中国是世界上人口第二多的国家，"
         "陆地面积约为九百六十万平方公里。汉语是使用人数最多的语言，文字为简体中文。",
         "GBK"},
        {"EUC-KR",
         "대한민국은 동아시아의 한반도 남부에 위치한 민주공화국이다. 수도는 서울특별시이며, "
         "국기는 태극기, 국가는 애국가, 공용어는 한국어이다. 한국어는 세계에서 열세 번째로 "
         "많이 쓰이는 언어이다.",
         "EUC-KR"},
    };
    for (const PageRow& row : rows) {
        SUBCASE(row.name) {
            const std::string data = repeated(encoded(row.text + "\n", row.encoding), 4);
            const Detection d = detectEncoding(bytes(data));
            CHECK(!d.validUtf8);
            INFO(u8cli::detectionText(d));
            for (const EncodingGuess& g : d.guesses)
                CHECK(g.encoding != "UTF-8");
        }
    }
}

// When a legacy page ranks first for bytes that hold well-formed multi-byte UTF-8, the text says
// what reading them as that page would do to those characters.
TEST_CASE("valid UTF-8 characters in bytes a legacy page ranks first for are named") {
    const std::string legacy = repeated(encoded(sentences().at(2) + "\n", "windows-1252"), 8);
    const Detection clean = detectEncoding(bytes(legacy));
    CHECK(clean.multiByteCharacters == 0u);
    CHECK(u8cli::detectionText(clean).find("would become mojibake") == std::string::npos);
    const Detection mixed = detectEncoding(bytes(legacy + "Grüße\n"));
    CHECK(mixed.multiByteCharacters == 2u);
    INFO(u8cli::detectionText(mixed));
    CHECK(mixed.guesses.front().encoding != "UTF-8");
    CHECK(u8cli::detectionText(mixed).find(
              "2 valid UTF-8 character(s) would become mojibake read as " +
              mixed.guesses.front().encoding) != std::string::npos);
}

// ICU's detector itself names windows-125x instead of ISO-8859-x when bytes 80-9F occur (C1
// controls in ISO-8859-x, letters and punctuation in windows-125x), and the ISO page when they
// do not: the page named reads the file back exactly.
TEST_CASE("ICU names the windows page when bytes 80-9F occur, the ISO page when not") {
    const PageRow rows[] = {
        {"czech windows-1250",
         "Příliš žluťoučký kůň úpěl ďábelské ódy. Šíleně Žádný ťukat Ťapka. Ještě šest žab.",
         "windows-1250"},
        {"hungarian ISO-8859-2",
         "Árvíztűrő tükörfúrógép. Öt szép szűz lány őrült írót nyúz. A magyar nyelv különleges.",
         "ISO-8859-2"},
        {"greek windows-1253",
         "Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί. Άλλο ‘κείμενο’ εδώ.",
         "windows-1253"},
        {"french windows-1252", sentences().at(0) + sentences().at(1), "windows-1252"},
    };
    for (const PageRow& row : rows) {
        SUBCASE(row.name) {
            const std::string original = repeated(row.text + "\n", 3);
            const std::string data = encoded(original, row.encoding);
            const Detection d = detectEncoding(bytes(data));
            {
                INFO(u8cli::detectionText(d));
                REQUIRE((!d.guesses.empty() && d.guesses.front().encoding == row.encoding));
            }
            const TranscodeResult back =
                transcode(bytes(data), d.guesses.front().encoding, "UTF-8");
            REQUIRE(back.status.ok());
            CHECK(back.output == original);
        }
    }
}

// The page the hint names is the page of the repair's own fixes: repairing with that page alone
// undoes the example.
TEST_CASE("the mojibake hint names the page of the repair's own fixes") {
    const std::string text = "Zażółć gęślą jaźń; źródło świętości. Żółw i łódź.\n";
    const std::string damaged = readAs(bytes(text), CodePage::Latin2);
    const Detection d = detectEncoding(bytes(damaged));
    {
        INFO(u8cli::detectionText(d));
        REQUIRE(d.mojibake.fixes > 0);
    }
    const MojibakeResult m = repairMojibake(damaged);
    REQUIRE(!m.fixes.empty());
    CHECK(d.mojibake.misdecodings == m.fixes.front().misdecodings);
    REQUIRE(!d.mojibake.misdecodings.empty());
    CHECK(d.mojibake.description ==
          "UTF-8 read as " + std::string(name(d.mojibake.misdecodings.front())));
    MojibakeOptions only;
    only.codePages = d.mojibake.misdecodings;
    CHECK(repairMojibake(damaged, only).text == text);
}

TEST_CASE("the detection as JSON: valid UTF-8, its guesses and the mojibake example") {
    const std::string damaged = readAs(bytes("Café"), CodePage::Windows1252);
    const std::string j = u8cli::detectionJson(detectEncoding(bytes(damaged)));
    const json doc = json::parse(j, nullptr, false);
    INFO(j);
    REQUIRE(!doc.is_discarded());
    REQUIRE(doc.is_object());
    CHECK(doc.value("valid_utf8", false) == true);
    const json& guesses = doc["guesses"];
    REQUIRE(guesses.is_array());
    REQUIRE(!guesses.empty());
    CHECK(stringAt(guesses[0], "encoding") == "UTF-8");
    CHECK(stringAt(doc["mojibake"], "example_after") == "é");
}

struct BinaryRow {
    const char* name;
    std::string data;
    std::string what;
};

TEST_CASE("binary data is named by its signature, in the text and in JSON") {
    const BinaryRow rows[] = {
        {"elf",
         std::string("\x7F"
                     "ELF\x02\x01\x01\0\0\0",
                     10),
         "ELF executable"},
        {"png", std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), "PNG image"},
        {"zip", std::string("PK\x03\x04\x14\0\0\0", 8), "ZIP archive"},
        // A PDF is mostly ASCII: only its signature tells.
        {"pdf", "%PDF-1.7\n1 0 obj\n<< >>\nendobj\n", "PDF document"},
    };
    for (const BinaryRow& row : rows) {
        SUBCASE(row.name) {
            const Detection d = detectEncoding(bytes(row.data));
            CHECK(d.binary == row.what);
            CHECK(u8cli::detectionText(d).find("binary data, not text: " + row.what) !=
                  std::string::npos);
            const json o = json::parse(u8cli::detectionJson(d), nullptr, false);
            CHECK(stringAt(o, "binary") == row.what);
        }
    }
}

TEST_CASE("binary by zero bytes in no UTF-16/32 pattern; text with zeros is not binary") {
    // Zero bytes in no UTF-16/UTF-32 pattern: binary.
    std::string data;
    for (int i = 0; i < 400; ++i)
        data += std::string("\x01\x02\0\x00\0\x55\xAA\x10\x00\x7F", 10);
    CHECK(detectEncoding(bytes(data)).binary == "NUL-rich: 40 % zero bytes");
    // Text is not: plain text, UTF-8 with one stray NUL, UTF-16 (its zeros are explained).
    CHECK(detectEncoding(bytes("plain text\n")).binary.empty());
    std::string text(1000, 'a');
    text[500] = '\0';
    CHECK(detectEncoding(bytes(text)).binary.empty());
    const std::string utf16 = encoded(sentences().at(0), "UTF-16LE");
    const Detection d16 = detectEncoding(bytes(utf16));
    CHECK(d16.binary.empty());
    const json o = json::parse(u8cli::detectionJson(d16), nullptr, false);
    CHECK((o.is_object() && o.contains("binary") && o["binary"].is_null()));
}

// Issue 32: FE FF 00 is no UTF-16BE text; random bytes are binary; binary data gets no repair
// suggested; ASCII in the first 4 MiB is said to be only that.
TEST_CASE("what issue 32 found: a cut BOM, random bytes, CJK UTF-16, ELF, an ASCII head") {
    const Detection cut = detectEncoding(bytes(std::string("\xFE\xFF\0", 3)));
    CHECK(cut.guesses.front().encoding == "UTF-16BE");
    CHECK(cut.guesses.front().confidence < 50);
    {
        INFO(cut.guesses.front().reason);
        CHECK(cut.guesses.front().reason.find("not whole 16-bit units") != std::string::npos);
    }

    std::string random;
    std::uint32_t x = 12345;
    for (int i = 0; i < 3000; ++i) {
        x = x * 1103515245 + 12345;
        random += char(x >> 24);
    }
    const Detection noise = detectEncoding(bytes(random));
    {
        INFO(noise.binary);
        CHECK(noise.binary.starts_with("control-rich"));
    }
    for (const EncodingGuess& g : noise.guesses)
        CHECK(g.strayBytesPage.empty());
    CHECK(u8cli::detectionText(noise).find("repair") == std::string::npos);

    // UTF-16 text without ASCII and without a zero byte has as many such controls: not binary.
    std::string cjk;
    for (char32_t cp = 0x4E01; cjk.size() < 3000; cp += 7)
        if ((cp & 0xFF) != 0) {
            cjk += char(cp & 0xFF);
            cjk += char(cp >> 8);
        }
    CHECK(detectEncoding(bytes(cjk)).binary.empty());

    std::string elf("\x7F"
                    "ELF\x02\x01\x01\0\0\0",
                    10);
    elf += random;
    const Detection executable = detectEncoding(bytes(elf));
    CHECK(executable.binary == "ELF executable");
    CHECK(u8cli::detectionText(executable).find("repair") == std::string::npos);

    std::string ascii(std::size_t(5) << 20, 'a');
    ascii += "caf\xC3\xA9 \xFF";
    const Detection head = detectEncoding(bytes(ascii), std::size_t(4) << 20);
    INFO(head.guesses.front().reason);
    CHECK(head.guesses.front().reason.starts_with("the first 4 MiB are ASCII"));
}

} // namespace
