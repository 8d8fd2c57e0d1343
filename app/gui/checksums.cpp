#include "checksums.h"

#include "background_job.h"
#include "u8codec/byte_source.h"

#include <QCryptographicHash>
#include <array>
#include <vector>

namespace u8app {

namespace {

// The byte-at-a-time table of the reflected polynomial, built once at compile time.
constexpr std::array<std::uint32_t, 256> crcTable() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}
constexpr std::array<std::uint32_t, 256> kCrcTable = crcTable();

// Big enough that the hashes, not the reads, take the time; small enough to report often.
constexpr std::size_t kChunk = 1 << 20;

} // namespace

void Crc32::add(std::span<const std::uint8_t> bytes) {
    std::uint32_t c = state_;
    for (const std::uint8_t b : bytes)
        c = kCrcTable[(c ^ b) & 0xFF] ^ (c >> 8);
    state_ = c;
}

QString Checksums::text() const {
    return QStringLiteral("CRC-32   %1\nMD5      %2\nSHA-1    %3\nSHA-256  %4")
        .arg(crc32, md5, sha1, sha256);
}

std::optional<Checksums> computeChecksums(const u8codec::ByteSource& source, std::uint64_t start,
                                          std::uint64_t end, JobControl& control, bool* shortRead) {
    if (shortRead)
        *shortRead = false;
    Crc32 crc;
    QCryptographicHash md5(QCryptographicHash::Md5);
    QCryptographicHash sha1(QCryptographicHash::Sha1);
    QCryptographicHash sha256(QCryptographicHash::Sha256);
    std::vector<std::uint8_t> chunk(std::size_t(std::min<std::uint64_t>(kChunk, end - start)));
    for (std::uint64_t at = start; at < end;) {
        if (control.cancelled())
            return std::nullopt;
        const std::size_t want = std::size_t(std::min<std::uint64_t>(chunk.size(), end - at));
        const std::size_t got = source.read(at, std::span(chunk.data(), want));
        if (got == 0) {
            if (shortRead)
                *shortRead = true;
            return std::nullopt;
        }
        const std::span<const std::uint8_t> bytes(chunk.data(), got);
        crc.add(bytes);
        const QByteArrayView view(reinterpret_cast<const char*>(bytes.data()), qsizetype(got));
        md5.addData(view);
        sha1.addData(view);
        sha256.addData(view);
        at += got;
        control.setProgress(double(at - start) / double(end - start));
    }
    Checksums sums;
    sums.crc32 = QStringLiteral("%1").arg(crc.value(), 8, 16, QLatin1Char('0'));
    sums.md5 = QString::fromLatin1(md5.result().toHex());
    sums.sha1 = QString::fromLatin1(sha1.result().toHex());
    sums.sha256 = QString::fromLatin1(sha256.result().toHex());
    return sums;
}

} // namespace u8app
