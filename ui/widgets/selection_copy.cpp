#include "selection_copy.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/problem.h"

#include <QClipboard>
#include <QGuiApplication>
#include <limits>

namespace u8ui {

QString SelectionCopy::hex(std::span<const std::uint8_t> bytes) {
    return QString::fromStdString(
        u8codec::hexBytes(bytes, std::numeric_limits<std::size_t>::max()));
}

QString SelectionCopy::text(std::span<const std::uint8_t> bytes, u8codec::ErrorPolicy policy) {
    // The codec decodes; Strict stops at the first error and keeps what came before it.
    std::string out;
    u8codec::Decoder decoder(policy);
    if (decoder.feed(bytes, out))
        static_cast<void>(decoder.finish(out)); // a failure keeps what came before, as above
    return QString::fromUtf8(out.data(), qsizetype(out.size()));
}

QString SelectionCopy::cArray(std::span<const std::uint8_t> bytes, const QString& name) {
    QString out = QStringLiteral("const unsigned char %1[] = {").arg(name);
    const bool oneLine = bytes.size() <= std::size_t(kValuesPerLine);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (oneLine)
            out += QLatin1Char(' ');
        else if (i % kValuesPerLine == 0)
            out += QStringLiteral("\n    ");
        else
            out += QLatin1Char(' ');
        out += QStringLiteral("0x") +
               QStringLiteral("%1").arg(bytes[i], 2, 16, QLatin1Char('0')).toUpper();
        if (i + 1 < bytes.size() || !oneLine)
            out += QLatin1Char(',');
    }
    out += oneLine ? QStringLiteral(" };") : QStringLiteral("\n};");
    return out;
}

QString SelectionCopy::textAs(std::span<const std::uint8_t> bytes, quint64 offset,
                              const u8convert::TextReading& reading) {
    QString out;
    for (const u8codec::Segment& s :
         reading.segmentsInWindow(bytes, offset, true, offset, offset + bytes.size())) {
        const char32_t cp = s.isValid() ? s.codePoint : char32_t(0xFFFD);
        out += QString::fromUcs4(&cp, 1);
    }
    return out;
}

SelectionCopy::Result SelectionCopy::format(const u8codec::ByteSource& source, ByteRange range,
                                            Format format, u8codec::ErrorPolicy policy,
                                            const u8convert::TextReading* reading) {
    const quint64 size = source.size();
    range.end = std::min(range.end, size);
    if (range.isEmpty())
        return {{}, tr("Nothing is selected.")};
    if (reading && reading->isUtf8())
        reading = nullptr;
    if (reading && format == Format::Text) // whole characters of that encoding
        range = {reading->segmentAt(source, range.start).offset,
                 reading->segmentAt(source, range.end - 1).end()};
    const quint64 length = range.end - range.start;
    if (length > kMaxBytes)
        return {{},
                tr("The selection has %1 bytes; at most %2 can be copied at once.")
                    .arg(length)
                    .arg(kMaxBytes)};
    // Up to 16 MiB in one read, into page-aligned storage that is not zero-filled first.
    u8codec::AlignedBuffer buffer{std::size_t(length)};
    const std::span<const std::uint8_t> bytes = buffer.span();
    const std::size_t got = source.read(range.start, buffer.span());
    if (got < length)
        return {{},
                tr("Only %1 of the %2 selected bytes could be read: the file may have shrunk.")
                    .arg(got)
                    .arg(length)};
    switch (format) {
    case Format::Hex:
        return {hex(bytes), {}};
    case Format::Text:
        return {reading ? textAs(bytes, range.start, *reading) : text(bytes, policy), {}};
    case Format::CArray:
        return {cArray(bytes), {}};
    }
    return {{}, tr("Unknown copy format.")};
}

SelectionCopy::Result SelectionCopy::toClipboard(const u8codec::ByteSource& source, ByteRange range,
                                                 Format fmt, u8codec::ErrorPolicy policy,
                                                 const u8convert::TextReading* reading) {
    Result result = format(source, range, fmt, policy, reading);
    if (result.ok()) {
        if (QClipboard* clipboard = QGuiApplication::clipboard())
            clipboard->setText(result.text);
        else
            result = {{}, tr("No clipboard is available.")};
    }
    return result;
}

} // namespace u8ui
