#include "input_scan.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_class.h"
#include "u8codec/cpu_features.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace u8cli {
namespace {

using u8codec::AlignedBuffer;
using u8codec::FileSource;
using u8codec::ScanSummary;

constexpr std::uint64_t kToTheEnd = UINT64_MAX;

struct Part {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t reached = 0; // where the reading stopped: end, unless the file shrank
    std::uint8_t firstByte = 0;
    std::uint8_t lastByte = 0;
    ScanSummary summary; // summarizeInput
    bool valid = true;   // validateInput
};

unsigned partsFor(std::uint64_t size) {
    const unsigned cores = u8codec::cpuCores();
    return unsigned(std::clamp<std::uint64_t>(size / kMinBytesPerScanThread, 1, cores));
}

// Where the parts meet: near each k/parts of the file, where a segment starts
// (u8codec::segmentStartNear), so that the parts' summaries join into the whole's
// (u8codec::joinSummaries). A long run of continuation bytes is not text: no cut is made in it.
std::vector<Part> cutIntoParts(const FileSource& file) {
    const std::uint64_t size = file.size();
    const unsigned parts = partsFor(size);
    std::vector<Part> cut;
    std::uint64_t begin = 0;
    for (unsigned k = 1; k < parts; ++k) {
        const std::uint64_t near = size / parts * k;
        std::uint8_t bytes[u8codec::kSegmentStartSearch];
        const std::size_t got = file.read(near, bytes);
        const auto at = u8codec::segmentStartNear(std::span<const std::uint8_t>(bytes, got), 0);
        if (!at)
            continue;
        const std::uint64_t edge = near + *at;
        if (edge <= begin)
            continue;
        cut.push_back(Part{begin, edge, begin, 0, 0, {}, true});
        begin = edge;
    }
    // The last part reads on to the end of the file, whatever its size said: a file in /proc
    // says 0 bytes and has more, and one may grow while it is read.
    cut.push_back(Part{begin, kToTheEnd, begin, 0, 0, {}, true});
    return cut;
}

// Runs work(part) for every part, the first on this thread and each other on a thread of its own.
template <class Work> void onEveryPart(std::vector<Part>& parts, const Work& work) {
    std::vector<std::thread> helpers;
    for (std::size_t k = 1; k < parts.size(); ++k) {
        try {
            helpers.emplace_back([&work, &part = parts[k]] { work(part); });
        } catch (const std::system_error&) {
            work(parts[k]); // no thread to be had: in turn, then
        }
    }
    work(parts.front());
    for (std::thread& helper : helpers)
        helper.join();
}

void summarizePart(const FileSource& file, Part& part) {
    AlignedBuffer buffer(u8codec::kReadChunkSize);
    u8codec::Scanner scanner;
    std::uint64_t at = part.begin;
    while (at < part.end) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), part.end - at));
        const std::size_t n = file.read(at, buffer.span().first(want));
        if (n == 0)
            break;
        if (at == part.begin)
            part.firstByte = buffer[0];
        part.lastByte = buffer[n - 1];
        scanner.feed(buffer.span().first(n));
        at += n;
        if (n < want)
            break; // the file ended early: it shrank while it was read
    }
    scanner.finish();
    part.reached = at;
    part.summary = scanner.summary();
}

// A chunk is checked up to its last whole character; the few bytes of a character the chunk's
// end cuts are read again at the start of the next chunk.
void validatePart(const FileSource& file, Part& part, std::atomic<bool>& errorSeen) {
    AlignedBuffer buffer(u8codec::kReadChunkSize);
    std::uint64_t at = part.begin;
    while (at < part.end && !errorSeen.load(std::memory_order_relaxed)) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), part.end - at));
        const std::size_t n = file.read(at, buffer.span().first(want));
        const std::size_t valid = u8codec::wellFormedLength(buffer.span().first(n));
        const bool last = n < want || at + n == part.end; // the part's end, or the file's
        // Not last: an error, unless no more than the bytes of one unfinished character (at
        // most three: RFC 3629 section 3) are left.
        if (valid < n && (last || n - valid > 3)) {
            part.valid = false;
            errorSeen.store(true, std::memory_order_relaxed);
            return;
        }
        at += last ? n : valid;
        if (last)
            break;
    }
    part.reached = at;
}

} // namespace

bool summarizeInput(const Input& input, ScanSummary& summary, std::string& error) {
    if (!input.file()) {
        u8codec::Scanner scanner;
        const bool read = input.forEachChunk(
            [&](std::span<const std::uint8_t> chunk) {
                scanner.feed(chunk);
                return true;
            },
            error);
        scanner.finish();
        summary = scanner.summary();
        return read;
    }
    const FileSource& file = *input.file();
    std::vector<Part> parts = cutIntoParts(file);
    onEveryPart(parts, [&](Part& part) { summarizePart(file, part); });
    summary = parts.front().summary;
    for (std::size_t k = 1; k < parts.size(); ++k) {
        const Part& before = parts[k - 1];
        if (before.reached != before.end)
            break; // the file shrank within `before`: its end is the file's
        summary = u8codec::joinSummaries(summary, parts[k].summary,
                                         before.lastByte == '\r' && parts[k].firstByte == '\n');
    }
    return !input.readFailed(error);
}

bool validateInput(const Input& input, bool& valid, std::string& error) {
    if (!input.file()) {
        u8codec::Scanner scanner;
        const bool read = input.forEachChunk(
            [&](std::span<const std::uint8_t> chunk) {
                scanner.feed(chunk);
                return scanner.summary().valid();
            },
            error);
        scanner.finish();
        valid = scanner.summary().valid();
        return read;
    }
    const FileSource& file = *input.file();
    std::vector<Part> parts = cutIntoParts(file);
    std::atomic<bool> errorSeen{false};
    onEveryPart(parts, [&](Part& part) { validatePart(file, part, errorSeen); });
    // An error found is an error of the file (a part starts where its segments are the file's);
    // a part the file's end cut short hides the ones after it.
    valid = true;
    for (const Part& part : parts) {
        valid = valid && part.valid;
        if (part.reached != part.end)
            break;
    }
    valid = valid && !errorSeen.load();
    return !input.readFailed(error);
}

} // namespace u8cli
