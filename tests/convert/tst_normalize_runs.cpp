// Normalisation's memory bound (issue 32, defect 9): a run of characters without a normalisation
// boundary between them is held whole by the normaliser, so normalize() refuses one longer than
// kMaxUnboundedRun, and the streamed repair refuses it as soon as it reads it, without reading
// the rest of the run.
#include "normalize_detail.h"
#include "repair_samples.h"
#include "repair_windows.h"
#include "u8codec/byte_source.h"
#include "u8convert/normalize.h"
#include "u8convert/repair.h"
#include "u8convert/repair_stream.h"
#include "u8test/harness.h"

#include <algorithm>
#include <atomic>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

namespace {

const std::string kAcute = "\xCC\x81";     // U+0301 COMBINING ACUTE ACCENT, class 230
const std::string kJamoA = "\xE1\x85\xA1"; // U+1161 HANGUL JUNGSEONG A, a starter that composes
const std::string kAAcute = "\xC3\xA1";    // U+00E1

std::string repeated(const std::string& piece, std::size_t times) {
    std::string s;
    s.reserve(piece.size() * times);
    for (std::size_t k = 0; k < times; ++k)
        s += piece;
    return s;
}

// "a" and then U+0301 for ever (`size` bytes), made as it is read: the highest offset read
// tells how much of the run a reader took in.
class CombiningRunSource final : public ByteSource {
public:
    explicit CombiningRunSource(std::uint64_t size) : size_(size) {}
    std::uint64_t size() const override { return size_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        if (offset >= size_)
            return 0;
        const auto n = std::size_t(std::min<std::uint64_t>(dest.size(), size_ - offset));
        for (std::size_t k = 0; k < n; ++k) {
            const std::uint64_t at = offset + k;
            dest[k] = at == 0 ? 'a' : (at % 2 == 1 ? 0xCC : 0x81);
        }
        std::uint64_t seen = furthest_.load();
        while (seen < offset + n && !furthest_.compare_exchange_weak(seen, offset + n)) {
        }
        return n;
    }
    std::uint64_t furthest() const { return furthest_.load(); }

private:
    std::uint64_t size_;
    mutable std::atomic<std::uint64_t> furthest_{0};
};

TEST_CASE("a run up to the cap is normalised") {
    const std::string text = "x a" + repeated(kAcute, kMaxUnboundedRun) + " y";
    const u8codec::Result<Normalized> r = normalize(text, NormalForm::Nfc);
    INFO(r.message());
    REQUIRE(r.ok());
    CHECK(r->text == "x " + kAAcute + repeated(kAcute, kMaxUnboundedRun - 1) + " y");
}

TEST_CASE("a run longer than the cap is refused in both forms, and ASCII ends a run") {
    const std::string text = "a" + repeated(kAcute, kMaxUnboundedRun + 1);
    for (const NormalForm form : {NormalForm::Nfc, NormalForm::Nfd}) {
        INFO("form " << int(form));
        const u8codec::Result<Normalized> r = normalize(text, form);
        REQUIRE(!r.ok());
        CHECK(r.message() == overlongRunMessage());
        CHECK(r.failedWith(u8codec::ErrorCode::Invalid));
    }
    // ASCII between two runs ends the first: two runs at the cap are normalised.
    const std::string two =
        "a" + repeated(kAcute, kMaxUnboundedRun) + "e" + repeated(kAcute, kMaxUnboundedRun);
    CHECK(normalize(two, NormalForm::Nfc).ok());
    CHECK(u8convert::detail::overlongNonStarterRun(two) == std::string::npos);
    CHECK(u8convert::detail::overlongNonStarterRun(text) == 1 + 2 * kMaxUnboundedRun);
}

// U+1161 has no boundary before it in NFC (it composes with a leading jamo: UAX #15, Hangul) but
// has one in NFD: a long run of it is refused in NFC only.
TEST_CASE("whether a character is a boundary depends on the form: a jamo run refused in NFC only") {
    const std::string text = "\xE1\x84\x80" + repeated(kJamoA, kMaxUnboundedRun + 1);
    CHECK(!normalize(text, NormalForm::Nfc).ok());
    const u8codec::Result<Normalized> nfd = normalize(text, NormalForm::Nfd);
    INFO(nfd.message());
    REQUIRE(nfd.ok());
    CHECK(nfd->text == text);
}

// repair() refuses with normalize()'s reason, though "b" and acute accents are already in NFC;
// the streamed repair refuses the same input too (its caller then drops what it wrote).
TEST_CASE("repair refuses an overlong run with normalize's reason, and the streamed repair too") {
    const std::string text =
        std::string(3000, 'z') + "\nab" + repeated(kAcute, kMaxUnboundedRun + 10) + "\nend\n";
    RepairOptions options;
    options.normalForm = NormalForm::Nfc;
    const RepairResult whole = repair(bytes(text), options);
    REQUIRE(!whole.status.ok());
    INFO(whole.status.message());
    REQUIRE(whole.status.message().find(overlongRunMessage()) != std::string::npos);
    for (const std::size_t window : {std::size_t(1000), std::size_t(1) << 20}) {
        INFO("window " << window);
        MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        StreamOptions stream;
        stream.windowBytes = window;
        RepairSink sink;
        sink.write = [](std::string_view) { return true; };
        const RepairResult s = repairStreamed(source, sink, options, stream);
        REQUIRE(!s.status.ok());
        INFO(s.status.message());
        CHECK(s.status.message().find(overlongRunMessage()) != std::string::npos);
    }
}

// A 64 MiB run in windows of 1 MiB: refused having read a few MiB of it (before the bound,
// the reader took in the whole run, and the normaliser several copies of it).
TEST_CASE("the streamed repair stops early in a long run, having read a few MiB of it") {
    CombiningRunSource source(std::uint64_t(64) << 20);
    RepairOptions options;
    options.normalForm = NormalForm::Nfd;
    StreamOptions stream;
    stream.windowBytes = std::size_t(1) << 20;
    RepairSink sink;
    sink.write = [](std::string_view) { return true; };
    const RepairResult r = repairStreamed(source, sink, options, stream);
    REQUIRE(!r.status.ok());
    INFO(r.status.message());
    CHECK(r.status.message().find("at byte 0x") != std::string::npos);
    CHECK(source.furthest() <= (std::uint64_t(8) << 20));
}

} // namespace
