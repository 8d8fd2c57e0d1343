// Reading bytes through another encoding (View > Text Encoding): single-byte pages from the
// codec's transcoding, UTF-16LE/BE with pairs, lone surrogates and an odd last byte; the segment
// at any offset equals the one the window reading gives, and line feeds are found only where the
// encoding has them.
#include "u8codec/byte_source.h"
#include "u8convert/text_reading.h"
#include "u8test/harness.h"

#include <cstdio>

using namespace u8codec;
using namespace u8convert;

// A segment in failure messages: "{offset, length, error kind, U+XXXX}".
template <> struct doctest::StringMaker<u8codec::Segment> {
    static String convert(const u8codec::Segment& s) {
        char text[96];
        std::snprintf(text, sizeof text, "{%llu, %u, error %d, U+%04X}",
                      static_cast<unsigned long long>(s.offset), unsigned(s.length), int(s.error),
                      unsigned(s.codePoint));
        return text;
    }
};

namespace {

MemorySource sourceOf(std::initializer_list<int> bytes) {
    std::vector<std::uint8_t> v;
    for (int b : bytes)
        v.push_back(std::uint8_t(b));
    return MemorySource(std::move(v));
}

std::shared_ptr<const TextReading> reading(const char* name) {
    auto r = TextReading::make(name);
    if (!r) {
        std::printf("%s: %s\n", name, r.message().c_str());
        return nullptr;
    }
    return std::move(*r);
}

// Every offset's segmentAt() equals the window's segment that holds it.
void checkAgree(const TextReading& r, const MemorySource& source) {
    std::vector<std::uint8_t> all(source.size());
    REQUIRE(source.read(0, all) == all.size());
    const auto segments = r.segmentsInWindow(all, 0, true, 0, all.size());
    std::uint64_t next = 0;
    for (const Segment& s : segments) {
        REQUIRE(s.offset == next);
        next = s.end();
        for (std::uint64_t o = s.offset; o < s.end(); ++o) {
            INFO("offset ", o);
            REQUIRE(r.segmentAt(source, o) == s);
        }
    }
    REQUIRE(next == source.size());
}

TEST_CASE("every offered encoding reads") {
    for (std::string_view name : TextReading::offered()) {
        const auto r = TextReading::make(name);
        INFO(name, ": ", r ? std::string() : r.message());
        REQUIRE(r);
        CHECK((*r)->name() == std::string(name));
    }
    const auto unknown = TextReading::make("no-such-encoding");
    REQUIRE(!unknown);
    CHECK(unknown.failedWith(u8codec::ErrorCode::Invalid));
    CHECK(!unknown.message().empty());
}

TEST_CASE("single-byte pages") {
    const struct {
        const char* name;
        const char* encoding;
        int byte;
        char32_t codePoint;
    } rows[] = {
        {"1252 euro", "windows-1252", 0x80, 0x20ACu},
        {"1252 e-acute", "windows-1252", 0xE9, 0xE9u},
        {"latin-1 C1", "ISO-8859-1", 0x80, 0x80u},
        {"8859-15 euro", "ISO-8859-15", 0xA4, 0x20ACu},
        {"1250 s-caron", "windows-1250", 0x9A, 0x161u},
        {"1251 ya", "windows-1251", 0xFF, 0x44Fu},
        {"koi8-r ya", "KOI8-R", 0xD1, 0x44Fu},
        {"mac e-acute", "macintosh", 0x8E, 0xE9u},
        {"437 box", "IBM437", 0xC9, 0x2554u},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const auto r = reading(row.encoding);
            REQUIRE(r);
            const MemorySource source = sourceOf({'a', row.byte, '\n'});
            const Segment s = r->segmentAt(source, 1);
            REQUIRE(s == Segment{1, 1, ErrorKind::None, row.codePoint});
            checkAgree(*r, source);
            CHECK(r->lineStartAfter(source, 2) == 3ull);
        }
    }
}

TEST_CASE("a byte a page leaves unassigned is an error or a C1 control") {
    const auto r = reading("windows-1252");
    REQUIRE(r);
    const MemorySource source = sourceOf({0x81});
    const Segment s = r->segmentAt(source, 0);
    // ICU leaves 0x81 unassigned in windows-1252; WHATWG maps it to U+0081. Either way it is
    // not a letter, and the codec's answer is the one shown.
    INFO(s);
    CHECK((s.error == ErrorKind::InvalidByte || s.codePoint == 0x81));
    CHECK(s.length == std::uint8_t(1));
}

TEST_CASE("UTF-16: pairs, a lone surrogate, an odd last byte, line feeds") {
    // "A", U+1F600 (D83D DE00), a lone low surrogate, "\n", an odd last byte; little endian.
    const MemorySource le =
        sourceOf({0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xDC, 0x0A, 0x00, 0x42});
    const auto r = reading("UTF-16LE");
    REQUIRE(r);
    CHECK(r->segmentAt(le, 0) == Segment{0, 2, ErrorKind::None, U'A'});
    for (std::uint64_t o : {2, 3, 4, 5}) {
        INFO("offset ", o);
        CHECK(r->segmentAt(le, o) == Segment{2, 4, ErrorKind::None, U'\U0001F600'});
    }
    CHECK(r->segmentAt(le, 7) == Segment{6, 2, ErrorKind::Surrogate, 0});
    CHECK(r->segmentAt(le, 9) == Segment{8, 2, ErrorKind::None, U'\n'});
    CHECK(r->segmentAt(le, 10) == Segment{10, 1, ErrorKind::Truncated, 0});
    checkAgree(*r, le);
    CHECK(r->lineStartAfter(le, 8) == 10ull);
    const MemorySource notLf = sourceOf({0x0A, 0x01}); // U+010A
    CHECK(r->lineStartAfter(notLf, 0) == 0ull);

    const MemorySource be = sourceOf({0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00, 0x00, 0x0A});
    const auto b = reading("UTF-16BE");
    REQUIRE(b);
    CHECK(b->segmentAt(be, 3) == Segment{2, 4, ErrorKind::None, U'\U0001F600'});
    CHECK(b->lineStartAfter(be, 7) == 8ull);
    CHECK(b->lineStartAfter(be, 6) == 0ull);
    checkAgree(*b, be);
    // A window that starts at the pair's second unit still gives the whole pair.
    std::vector<std::uint8_t> all(be.size());
    REQUIRE(be.read(0, all) == all.size());
    const auto segments = b->segmentsInWindow(all, 0, true, 4, 6);
    REQUIRE(segments.size() == std::size_t(1));
    CHECK(segments[0].offset == 2ull);
}

} // namespace
