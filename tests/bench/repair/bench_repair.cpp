// Throughput of repair and UTF-8 <-> UTF-16 transcoding on generated text (bytes per second of
// input). The aim: >= 1 GB/s for repair of mostly clean text and for UTF-8 <-> UTF-16.
#include "u8codec/scan.h"
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"
#include "u8convert/transcode.h"
// The UTF-16 kernels, to measure each instruction set (library-internal header).
#include "utf16_kernels.h"

#include <benchmark/benchmark.h>
#include <string>

namespace {

constexpr std::size_t kSize = std::size_t(16) << 20; // 16 MiB: beyond the caches

std::string fill(const std::string& paragraph) {
    std::string s;
    s.reserve(kSize + paragraph.size());
    while (s.size() < kSize)
        s += paragraph;
    return s;
}

// English prose with the odd accented word, curly quote and dash: most real text.
const std::string kProse =
    "The café on the corner opened in 1998; it’s still the best place in town for a coffee — "
    "ask anyone. The menu lists crème brûlée, naïve desserts and more, at prices from 3 to 12 "
    "euros.\n";

const std::string& mostlyAscii() {
    static const std::string s = fill(kProse);
    return s;
}

// Every line in a different script: almost no ASCII runs.
const std::string& multilingual() {
    static const std::string s =
        fill("Привет, мир! Καλημέρα 日本語のテキスト 한국어 שלום Zółw čáp 😀\n");
    return s;
}

const std::string& mojibake() {
    static const std::string s = [] {
        const std::string& clean = mostlyAscii();
        return u8convert::readAs(std::span<const std::uint8_t>(
                                     reinterpret_cast<const std::uint8_t*>(clean.data()), kSize),
                                 u8convert::CodePage::Windows1252);
    }();
    return s;
}

// The same prose with one paragraph in ten mis-decoded (a file assembled from several sources):
// about 3600 fixes per MiB, a tenth of mojibake()'s.
const std::string& partlyDamaged() {
    static const std::string s = [] {
        const std::string damaged = u8convert::readAs(
            std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(kProse.data()),
                                          kProse.size()),
            u8convert::CodePage::Windows1252);
        std::string out;
        out.reserve(kSize + damaged.size());
        for (int i = 0; out.size() < kSize; ++i)
            out += i % 10 == 9 ? damaged : kProse;
        return out;
    }();
    return s;
}

std::span<const std::uint8_t> bytes(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

void repairWith(benchmark::State& state, const std::string& text, u8convert::RepairOptions o) {
    for (auto _ : state) {
        u8convert::RepairResult r = u8convert::repair(bytes(text), o);
        benchmark::DoNotOptimize(r.text.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

u8convert::RepairOptions everything() {
    u8convert::RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = u8convert::BomAction::Strip;
    o.lineEnding = u8convert::LineEnding::Lf;
    return o;
}

// Reference points: the codec's validating scan, and copying the text once (what any "bytes in,
// bytes out" operation pays for its output).
void scanOf(benchmark::State& state, const std::string& text) {
    for (auto _ : state)
        benchmark::DoNotOptimize(u8codec::scan(bytes(text)).characters);
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
void BM_Reference_Scan(benchmark::State& state) {
    scanOf(state, mostlyAscii());
}
void BM_Reference_Scan_Multilingual(benchmark::State& state) {
    scanOf(state, multilingual());
}
void BM_Reference_Copy(benchmark::State& state) {
    const std::string& text = mostlyAscii();
    for (auto _ : state) {
        std::string copy(text);
        benchmark::DoNotOptimize(copy.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

void BM_RepairInvalidOnly_MostlyAscii(benchmark::State& s) {
    repairWith(s, mostlyAscii(), u8convert::RepairOptions{});
}
void BM_RepairMojibake_MostlyAscii(benchmark::State& s) {
    u8convert::RepairOptions o;
    o.mojibake = true;
    repairWith(s, mostlyAscii(), o);
}
void BM_RepairAllSteps_MostlyAscii(benchmark::State& s) {
    repairWith(s, mostlyAscii(), everything());
}
void BM_RepairAllStepsNfc_MostlyAscii(benchmark::State& s) {
    u8convert::RepairOptions o = everything();
    o.normalForm = u8convert::NormalForm::Nfc;
    repairWith(s, mostlyAscii(), o);
}
void BM_RepairMojibake_Multilingual(benchmark::State& s) {
    u8convert::RepairOptions o;
    o.mojibake = true;
    repairWith(s, multilingual(), o);
}
void BM_RepairMojibake_PartlyDamaged(benchmark::State& s) {
    u8convert::RepairOptions o;
    o.mojibake = true;
    repairWith(s, partlyDamaged(), o);
}
void BM_RepairMojibake_Damaged(benchmark::State& s) {
    u8convert::RepairOptions o;
    o.mojibake = true;
    repairWith(s, mojibake(), o);
}

void transcodeWith(benchmark::State& state, const std::string& input, const char* from,
                   const char* to) {
    for (auto _ : state) {
        u8convert::TranscodeResult r = u8convert::transcode(bytes(input), from, to);
        benchmark::DoNotOptimize(r.output.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(input.size()));
}

const std::string& utf16(const std::string& utf8) {
    static std::string a, b;
    std::string& slot = &utf8 == &mostlyAscii() ? a : b;
    if (slot.empty())
        slot = u8convert::transcode(bytes(utf8), "UTF-8", "UTF-16LE").output;
    return slot;
}

void BM_Utf8ToUtf16LE_MostlyAscii(benchmark::State& s) {
    transcodeWith(s, mostlyAscii(), "UTF-8", "UTF-16LE");
}
void BM_Utf8ToUtf16LE_Multilingual(benchmark::State& s) {
    transcodeWith(s, multilingual(), "UTF-8", "UTF-16LE");
}
void BM_Utf16LEToUtf8_MostlyAscii(benchmark::State& s) {
    transcodeWith(s, utf16(mostlyAscii()), "UTF-16LE", "UTF-8");
}
void BM_Utf16LEToUtf8_Multilingual(benchmark::State& s) {
    transcodeWith(s, utf16(multilingual()), "UTF-16LE", "UTF-8");
}
// The loops alone, writing into a buffer reused across iterations (no fresh pages to fault in),
// input validated once beforehand: what a chunked caller with its own buffer gets.
void loopOnly(benchmark::State& state, const std::string& input, bool toUtf16) {
    std::string out;
    for (auto _ : state) {
        const bool converted = toUtf16 ? u8convert::utf8ToUtf16(bytes(input), false, out)
                                       : u8convert::utf16ToUtf8(bytes(input), false, out);
        if (!converted) {
            state.SkipWithError("the input is not well-formed");
            return;
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(input.size()));
}
void BM_Utf8ToUtf16LE_LoopOnly_MostlyAscii(benchmark::State& s) {
    loopOnly(s, mostlyAscii(), true);
}
void BM_Utf8ToUtf16LE_LoopOnly_Multilingual(benchmark::State& s) {
    loopOnly(s, multilingual(), true);
}
void BM_Utf16LEToUtf8_LoopOnly_MostlyAscii(benchmark::State& s) {
    loopOnly(s, utf16(mostlyAscii()), false);
}
void BM_Utf16LEToUtf8_LoopOnly_Multilingual(benchmark::State& s) {
    loopOnly(s, utf16(multilingual()), false);
}

// Transcoder over 1 MiB pieces with one output buffer reused per piece, as the CLI streams a
// file: validation included, no whole-file output to fault in.
void streaming(benchmark::State& state, const std::string& input, const char* from,
               const char* to) {
    constexpr std::size_t kPiece = std::size_t(1) << 20;
    std::string out;
    for (auto _ : state) {
        u8convert::Transcoder t(from, to);
        bool converted = true;
        for (std::size_t at = 0; at < input.size(); at += kPiece) {
            out.clear();
            converted =
                t.feed(bytes(input).subspan(at, std::min(kPiece, input.size() - at)), out).ok() &&
                converted;
            benchmark::DoNotOptimize(out.data());
        }
        out.clear();
        if (!t.finish(out).ok() || !converted) {
            state.SkipWithError("the conversion failed");
            return;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(input.size()));
}
void BM_Utf8ToUtf16LE_Streaming_MostlyAscii(benchmark::State& s) {
    streaming(s, mostlyAscii(), "UTF-8", "UTF-16LE");
}
void BM_Utf8ToUtf16LE_Streaming_Multilingual(benchmark::State& s) {
    streaming(s, multilingual(), "UTF-8", "UTF-16LE");
}
void BM_Utf16LEToUtf8_Streaming_MostlyAscii(benchmark::State& s) {
    streaming(s, utf16(mostlyAscii()), "UTF-16LE", "UTF-8");
}
void BM_Utf16LEToUtf8_Streaming_Multilingual(benchmark::State& s) {
    streaming(s, utf16(multilingual()), "UTF-16LE", "UTF-8");
}

// Each UTF-16 kernel alone over the same 16 MiB into a buffer allocated once (the library picks
// the best one the CPU runs): what each instruction set is worth, without the validation, the
// allocation and the piecewise growth of the string.
void kernel(benchmark::State& state, const std::string& (*text)(), bool toUtf16, u8codec::Isa k) {
    if (!u8convert::detail::utf16KernelSupported(k)) {
        state.SkipWithError("this CPU lacks the instructions");
        return;
    }
    const std::string& input = toUtf16 ? text() : utf16(text());
    const auto* p = reinterpret_cast<const std::uint8_t*>(input.data());
    std::string out(2 * input.size() + u8convert::detail::kUtf16KernelSlack, '\0');
    for (auto _ : state) {
        if (toUtf16)
            benchmark::DoNotOptimize(
                u8convert::detail::utf8ToUtf16Units(k, p, p + input.size(), out.data(), false));
        else
            benchmark::DoNotOptimize(u8convert::detail::utf16ToUtf8Bytes(
                k, p, p + input.size(), reinterpret_cast<std::uint8_t*>(out.data()), false));
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(input.size()));
}
constexpr auto kPortable = u8codec::Isa::Portable;
constexpr auto kAvx2 = u8codec::Isa::Avx2;
constexpr auto kAvx512 = u8codec::Isa::Avx512;

void BM_Utf8ToWindows1252_MostlyAscii(benchmark::State& s) {
    transcodeWith(s, mostlyAscii(), "UTF-8", "windows-1252");
}
void BM_Utf8ToGb18030_IcuPath(benchmark::State& s) {
    transcodeWith(s, multilingual(), "UTF-8", "GB18030");
}

} // namespace

BENCHMARK(BM_Reference_Scan)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Reference_Scan_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Reference_Copy)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RepairInvalidOnly_MostlyAscii)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairMojibake_MostlyAscii)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairAllSteps_MostlyAscii)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairAllStepsNfc_MostlyAscii)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairMojibake_Multilingual)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairMojibake_PartlyDamaged)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RepairMojibake_Damaged)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Utf8ToUtf16LE_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToUtf16LE_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToUtf16LE_LoopOnly_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToUtf16LE_LoopOnly_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_LoopOnly_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_LoopOnly_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToUtf16LE_Streaming_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToUtf16LE_Streaming_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_Streaming_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf16LEToUtf8_Streaming_Multilingual)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_MostlyAscii_Portable, mostlyAscii, true, kPortable)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_MostlyAscii_Avx2, mostlyAscii, true, kAvx2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_MostlyAscii_Avx512, mostlyAscii, true, kAvx512)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_Multilingual_Portable, multilingual, true, kPortable)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_Multilingual_Avx2, multilingual, true, kAvx2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf8ToUtf16LE_Multilingual_Avx512, multilingual, true, kAvx512)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_MostlyAscii_Portable, mostlyAscii, false, kPortable)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_MostlyAscii_Avx2, mostlyAscii, false, kAvx2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_MostlyAscii_Avx512, mostlyAscii, false, kAvx512)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_Multilingual_Portable, multilingual, false, kPortable)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_Multilingual_Avx2, multilingual, false, kAvx2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(kernel, Utf16LEToUtf8_Multilingual_Avx512, multilingual, false, kAvx512)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToWindows1252_MostlyAscii)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Utf8ToGb18030_IcuPath)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
