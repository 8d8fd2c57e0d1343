// How a text view reads bytes when they are not taken as UTF-8: View > Text Encoding in the
// window, to see what a program that assumed a legacy code page or UTF-16 saw. Nothing is
// converted or changed: the reading only cuts the bytes into characters of that encoding, as the
// codec's segments (u8codec::Segment), so that a view draws and selects them as it does UTF-8's.
//
// - UTF-8: the codec's own segments (local_segments.h).
// - A single-byte code page (windows-1252, ISO-8859-15, KOI8-R, macintosh…): every byte is one
//   character, looked up in a table of 256 built once from the codec's transcoding (ICU); a byte
//   the code page leaves unassigned (0x81 in windows-1252) is an error segment of one byte
//   (ErrorKind::InvalidByte).
// - UTF-16LE / UTF-16BE: code units of two bytes at even offsets (from the start of the data); a
//   surrogate pair is one character of 4 bytes; a surrogate without its partner is an error
//   segment of 2 bytes (ErrorKind::Surrogate); an odd last byte is one of 1 byte
//   (ErrorKind::Truncated).
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/segment.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

class TextReading {
public:
    enum class Kind : std::uint8_t { Utf8, SingleByte, Utf16LE, Utf16BE };

    // The encodings a view offers, in the order of a menu: UTF-8 first.
    [[nodiscard]] static const std::vector<std::string_view>& offered();
    // The reading of `encoding` (a name from offered(), or any single-byte encoding ICU knows);
    // an error (ErrorCode::Invalid) saying why when there is none.
    [[nodiscard]] static u8codec::Result<std::shared_ptr<const TextReading>>
    make(std::string_view encoding);
    // UTF-8's.
    [[nodiscard]] static std::shared_ptr<const TextReading> utf8();

    [[nodiscard]] Kind kind() const { return kind_; }
    [[nodiscard]] bool isUtf8() const { return kind_ == Kind::Utf8; }
    [[nodiscard]] const std::string& name() const { return name_; }
    // The longest character in bytes (4), and how far before an offset the character holding it
    // may start (3).
    static constexpr int kMaxLookBehind = 3;

    // The segment containing `offset` (offset < source.size()).
    [[nodiscard]] u8codec::Segment segmentAt(const u8codec::ByteSource& source,
                                             std::uint64_t offset) const;
    // The segments overlapping [from, to) of a stream, from `window`, which holds its bytes from
    // `windowOffset`: it must start at or before from - kMaxLookBehind (or at 0) and reach
    // to + 3 (or the end, `windowReachesEnd`). As local_segments.h's segmentsInWindow.
    [[nodiscard]] std::vector<u8codec::Segment>
    segmentsInWindow(std::span<const std::uint8_t> window, std::uint64_t windowOffset,
                     bool windowReachesEnd, std::uint64_t from, std::uint64_t to) const;
    // Where a line starts after the byte at `offset` when that byte is 0x0A: the offset after
    // the line feed; 0 when the byte there is no line feed in this encoding (in UTF-16, 0x0A is
    // a line feed only as the low byte of the unit 000A). `source` gives the neighbour byte.
    [[nodiscard]] std::uint64_t lineStartAfter(const u8codec::ByteSource& source,
                                               std::uint64_t offset) const;

private:
    TextReading(Kind kind, std::string name) : kind_(kind), name_(std::move(name)) {}
    [[nodiscard]] u8codec::Segment utf16At(const u8codec::ByteSource& source,
                                           std::uint64_t offset) const;
    // The UTF-16 segment starting at the even offset `at`, from `unit` (its unit), `next` (the
    // following unit) and whether there is one.
    [[nodiscard]] static u8codec::Segment utf16Segment(std::uint64_t at, char16_t unit,
                                                       bool hasNext, char16_t next);
    [[nodiscard]] char16_t unitOf(const std::uint8_t* two) const;

    Kind kind_;
    std::string name_;
    std::array<char32_t, 256> table_{}; // SingleByte: each byte's code point; kUnassigned if none
    static constexpr char32_t kUnassigned = 0xFFFFFFFF;
};

} // namespace u8convert
