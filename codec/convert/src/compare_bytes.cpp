// The byte pass of a comparison: both sources read in chunks side by side, each pair of chunks
// compared with memcmp (equal files never leave it), and only a chunk pair that differs walked
// byte by byte into runs of differing offsets. Memory: two chunks, whatever the files' sizes.
#include "compare_detail.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8convert/compare.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace u8convert {
using namespace u8codec;
namespace {

constexpr std::size_t kChunk = std::size_t(1) << 20;

// Appends the differing offsets of two equal-length chunks at `base` as runs, joining a run
// that continues one ended at the chunk before.
void addRuns(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b, std::uint64_t base,
             CompareResult& r, std::size_t maxRuns, std::uint64_t& runEnd) {
    // Equal 64-byte blocks are passed with memcmp: a chunk with one edit is not walked byte by
    // byte.
    constexpr std::size_t kBlock = 64;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i % kBlock == 0) {
            const std::size_t n = std::min(kBlock, a.size() - i);
            if (std::memcmp(a.data() + i, b.data() + i, n) == 0) {
                i += n - 1;
                continue;
            }
        }
        if (a[i] == b[i])
            continue;
        const std::uint64_t at = base + i;
        if (r.differingBytes++ == 0)
            r.firstDifference = at;
        if (r.byteRunCount != 0 && runEnd == at) {
            if (r.byteRuns.size() == r.byteRunCount)
                ++r.byteRuns.back().length;
        } else {
            ++r.byteRunCount;
            if (r.byteRuns.size() < maxRuns)
                r.byteRuns.push_back({at, 1});
        }
        runEnd = at + 1;
    }
}

} // namespace

namespace compare_detail {

// A read that ends short before the size the source had is a failed read, not the end: the file
// shrank or the disk failed (FileSource::read ends short on EIO), and must not be taken for an
// equal or shorter file.
bool readExactly(const ByteSource& s, std::uint64_t offset, std::span<std::uint8_t> dest, char side,
                 u8codec::Status& status) {
    const std::size_t got = s.read(offset, dest);
    if (got == dest.size())
        return true;
    int err = 0;
    if (const auto* file = dynamic_cast<const FileSource*>(&s))
        err = file->readError();
    status =
        u8codec::Error{u8codec::ErrorCode::Io, std::string(1, side) + ": " +
                                                   (err ? std::string(std::strerror(err))
                                                        : std::string("the file became shorter")) +
                                                   " at offset " + std::to_string(offset + got)};
    return false;
}

bool keepGoing(const CompareOptions& options, CompareResult& r, std::uint64_t done,
               std::uint64_t total) {
    if (!r.status.ok())
        return false;
    if (!options.progress || options.progress(done, total))
        return true;
    r.status = u8codec::Error{u8codec::ErrorCode::Cancelled, "cancelled"};
    return false;
}

void enter(const CompareOptions& options, CompareStage stage) {
    if (options.stage)
        options.stage(stage);
}

} // namespace compare_detail

CompareResult compareBytes(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                           bool stopAtFirst) {
    CompareResult r;
    r.a.size = a.size();
    r.b.size = b.size();
    const std::uint64_t common = std::min(r.a.size, r.b.size);
    AlignedBuffer ba(kChunk), bb(kChunk);
    std::uint64_t runEnd = 0;
    bool differ = false;
    for (std::uint64_t at = 0; at < common;) {
        const std::size_t n = std::size_t(std::min<std::uint64_t>(kChunk, common - at));
        const std::span<std::uint8_t> sa = ba.span().first(n), sb = bb.span().first(n);
        if (!compare_detail::readExactly(a, at, sa, 'A', r.status) ||
            !compare_detail::readExactly(b, at, sb, 'B', r.status))
            return r;
        if (std::memcmp(sa.data(), sb.data(), n) != 0) {
            differ = true;
            if (stopAtFirst) {
                std::size_t i = 0;
                while (sa[i] == sb[i])
                    ++i;
                r.firstDifference = at + i;
                break;
            }
            addRuns(sa, sb, at, r, options.maxByteRuns, runEnd);
        }
        at += n;
        if (!compare_detail::keepGoing(options, r, at, common))
            return r;
    }
    if (r.a.size != r.b.size && !differ)
        r.firstDifference = common;
    differ = differ || r.a.size != r.b.size;
    r.verdict = differ ? CompareVerdict::Differ : CompareVerdict::SameBytes;
    r.verdictText = differ ? "the files differ" : "same bytes";
    return r;
}

} // namespace u8convert
