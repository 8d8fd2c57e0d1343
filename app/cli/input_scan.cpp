#include "input_scan.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_class.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace u8cli {
namespace {

using u8codec::FileSource;
using u8codec::ScanSummary;

struct Part {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t reached = 0; // where the reading stopped: end, unless the file shrank
    std::uint8_t firstByte = 0;
    std::uint8_t lastByte = 0;
    ScanSummary summary;
};

// Where the parts meet: near each k/parts of the file, at the first byte that is no continuation
// byte (80-BF), where no segment crosses (ScanSummary::append). A sequence has three
// continuation bytes at most, so a longer run is not text: no cut is made in it.
std::vector<Part> cutIntoParts(const FileSource& file, unsigned parts) {
    constexpr std::size_t kSearch = 64;
    const std::uint64_t size = file.size();
    std::vector<Part> cut;
    std::uint64_t begin = 0;
    for (unsigned k = 1; k < parts; ++k) {
        const std::uint64_t near = size / parts * k;
        std::uint8_t bytes[kSearch];
        const std::size_t got = file.read(near, bytes);
        const auto at = std::find_if(bytes, bytes + got, [](std::uint8_t b) {
            return u8codec::classify(b) != u8codec::ByteClass::Continuation;
        });
        if (at == bytes + got)
            continue;
        const std::uint64_t edge = near + std::uint64_t(at - bytes);
        if (edge <= begin)
            continue;
        cut.push_back(Part{begin, edge, begin, 0, 0, {}});
        begin = edge;
    }
    cut.push_back(Part{begin, size, begin, 0, 0, {}});
    return cut;
}

void scanPart(const FileSource& file, Part& part, ScanGoal goal, std::atomic<bool>& errorSeen) {
    u8codec::AlignedBuffer buffer(u8codec::kReadChunkSize);
    u8codec::Scanner scanner;
    std::uint64_t at = part.begin;
    while (at < part.end) {
        if (goal == ScanGoal::ValidOrNot && errorSeen.load(std::memory_order_relaxed))
            break; // another part has answered the question
        const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), part.end - at));
        const std::size_t n = file.read(at, buffer.span().first(want));
        if (n == 0)
            break;
        if (at == part.begin)
            part.firstByte = buffer[0];
        part.lastByte = buffer[n - 1];
        scanner.feed(buffer.span().first(n));
        at += n;
        if (goal == ScanGoal::ValidOrNot && !scanner.summary().valid()) {
            errorSeen.store(true, std::memory_order_relaxed);
            break;
        }
        if (n < want)
            break; // the file ended early: it shrank while it was read
    }
    scanner.finish();
    part.reached = at;
    part.summary = scanner.summary();
}

ScanSummary joinParts(const std::vector<Part>& parts) {
    ScanSummary all = parts.front().summary;
    for (std::size_t k = 1; k < parts.size(); ++k) {
        const Part& before = parts[k - 1];
        if (before.reached != before.end)
            break; // the file shrank within `before`: its end is the file's
        all.append(parts[k].summary, before.lastByte == '\r' && parts[k].firstByte == '\n');
    }
    return all;
}

unsigned partsFor(std::uint64_t size) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return unsigned(std::clamp<std::uint64_t>(size / kMinBytesPerScanThread, 1, cores));
}

} // namespace

bool scanInput(const Input& input, ScanGoal goal, ScanSummary& summary, std::string& error) {
    if (!input.file()) {
        u8codec::Scanner scanner;
        const bool read = input.forEachChunk(
            [&](std::span<const std::uint8_t> chunk) {
                scanner.feed(chunk);
                return goal == ScanGoal::Summary || scanner.summary().valid();
            },
            error);
        scanner.finish();
        summary = scanner.summary();
        return read;
    }
    const FileSource& file = *input.file();
    std::vector<Part> parts = cutIntoParts(file, partsFor(file.size()));
    std::atomic<bool> errorSeen{false};
    std::vector<std::thread> helpers;
    for (std::size_t k = 1; k < parts.size(); ++k) {
        try {
            helpers.emplace_back([&, k] { scanPart(file, parts[k], goal, errorSeen); });
        } catch (const std::system_error&) {
            scanPart(file, parts[k], goal, errorSeen); // no thread to be had: in turn, then
        }
    }
    scanPart(file, parts.front(), goal, errorSeen);
    for (std::thread& helper : helpers)
        helper.join();
    summary = joinParts(parts);
    if (errorSeen.load() && summary.valid()) {
        // The error lies in a part after one that stopped early (when another part had found one
        // first): the answer is that part's.
        summary = std::find_if(parts.begin(), parts.end(), [](const Part& p) {
                      return !p.summary.valid();
                  })->summary;
    }
    return true;
}

} // namespace u8cli
