// The checksums a hex-editor user compares a range of bytes against: CRC-32 (the zlib/PNG/ZIP
// polynomial), MD5, SHA-1 and SHA-256 (QCryptographicHash), computed in one pass that reads the
// document in chunks, so a file of any size is never held whole, and that a worker thread can
// report on and stop.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <span>

namespace u8codec {
class ByteSource;
}

namespace u8app {

class JobControl;

struct Checksums {
    QString crc32;  // eight lower-case hex digits, as `crc32` and zlib's tools print it
    QString md5;    // lower-case hex, as md5sum prints it
    QString sha1;   // sha1sum
    QString sha256; // sha256sum
    // "CRC-32  …\nMD5  …": every sum on its own line, for the clipboard.
    QString text() const;
};

// CRC-32 as zlib's crc32(): the reflected polynomial 0xEDB88320, fed chunk by chunk.
class Crc32 {
public:
    void add(std::span<const std::uint8_t> bytes);
    std::uint32_t value() const { return ~state_; }

private:
    std::uint32_t state_ = 0xFFFFFFFFu;
};

// The checksums of bytes [start, end) of `source`. Reports progress to `control` and returns
// nullopt once it is cancelled, or when the source ends before `end` (a file that shrank):
// then `shortRead` is set, so that no sum of other bytes than asked for is ever shown.
std::optional<Checksums> computeChecksums(const u8codec::ByteSource& source, std::uint64_t start,
                                          std::uint64_t end, JobControl& control,
                                          bool* shortRead = nullptr);

} // namespace u8app
