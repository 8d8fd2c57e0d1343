// What the document suites share: bytes of a string as a source, a document's bytes as a string.
#pragma once

#include "byte_document.h"
#include "u8codec/byte_source.h"

#include <QByteArray>
#include <memory>
#include <span>
#include <vector>

inline std::shared_ptr<const u8codec::ByteSource> bytesOf(const QByteArray& text) {
    return std::make_shared<u8codec::MemorySource>(
        std::vector<std::uint8_t>(text.begin(), text.end()));
}

inline QByteArray contentOf(const u8ui::ByteDocument& document) {
    if (!document.source())
        return {};
    QByteArray out(qsizetype(document.size()), '\0');
    document.source()->read(
        0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())));
    return out;
}
