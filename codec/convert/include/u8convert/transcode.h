// Transcoding between UTF-8 and other encodings. UTF-16LE/BE, UTF-32LE/BE, ISO-8859-1 and
// windows-1252 take hand-written loops; every other encoding ICU knows goes through ICU's
// converters. In every case the bytes equal what `uconv -f FROM -t TO` produces (with
// `--callback substitute` or `--callback escape-xml-hex` for the policies of the same name).
#pragma once

#include "u8codec/result.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

// What to do with a character the target encoding cannot represent, or with bytes that are not
// valid in the source encoding.
enum class UnmappablePolicy : std::uint8_t {
    Fail,       // produce nothing; report every such place
    Substitute, // the target's substitution character (ICU's: '?' or 0x1A; U+FFFD into Unicode)
    Escape,     // an escape sequence in the target (see EscapeStyle)
};
// "fail", "substitute", "escape".
[[nodiscard]] std::optional<UnmappablePolicy>
unmappablePolicyFromName(std::string_view name) noexcept;
[[nodiscard]] std::string_view name(UnmappablePolicy p) noexcept;

// The escape forms of ICU's UCNV_FROM_U_CALLBACK_ESCAPE, named as uconv's --callback names them.
// Each character is escaped by its code point; bytes invalid in the source are escaped per byte.
enum class EscapeStyle : std::uint8_t {
    XmlHex,  // "&#x20AC;"        uconv --callback escape-xml-hex (the default)
    XmlDec,  // "&#8364;"         escape-xml-dec
    Java,    // "\u20AC", pairs   escape-java
    C,       // "\u20AC", "\U0001F600"  escape-c
    Unicode, // "{U+20AC}"        escape-unicode
    Icu,     // "%U20AC"          escape-icu
};
[[nodiscard]] std::optional<EscapeStyle> escapeStyleFromName(std::string_view name) noexcept;

struct TranscodeOptions {
    UnmappablePolicy unmappable = UnmappablePolicy::Fail;
    EscapeStyle escape = EscapeStyle::XmlHex;
    // Write a byte order mark first (uconv --add-signature); only for Unicode targets.
    bool addSignature = false;
    std::size_t maxReported = 1000; // offsets kept per list
    // Called now and then with (input bytes done, total); returning false cancels (the status is
    // then ErrorCode::Cancelled). ICU's path reports every MiB.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
};

// The counts and offsets are filled whether or not the conversion succeeded: under
// UnmappablePolicy::Fail they say where the characters that made it fail are.
struct TranscodeResult {
    // Not ok: ErrorCode::Invalid (an unknown encoding, options that do not fit them, characters
    // the target lacks or input invalid under UnmappablePolicy::Fail), Cancelled (progress()).
    u8codec::Status status;
    std::string output; // the converted bytes (empty when not ok)
    std::string from;   // the two encodings' IANA names (else ICU's): windows-1251, KOI8-R
    std::string to;
    // Characters the target cannot represent: how many, and the input offsets (bytes) of the
    // first maxReported of them.
    std::uint64_t unmappable = 0;
    std::vector<std::uint64_t> unmappableOffsets;
    // Byte sequences not valid in the source encoding.
    std::uint64_t invalidInput = 0;
    std::vector<std::uint64_t> invalidInputOffsets;
    bool fastPath = false; // a hand-written loop did the work (for tests and benchmarks)
};

// Converts `input` from encoding `from` to encoding `to` (any name or alias ICU knows:
// "UTF-16LE", "latin1", "cp1252", "Shift_JIS", "GB18030", ...).
[[nodiscard]] TranscodeResult transcode(std::span<const std::uint8_t> input, std::string_view from,
                                        std::string_view to, const TranscodeOptions& options = {});

// The same conversion over input that arrives in pieces of any size (a file read in chunks): the
// output, counts and offsets equal transcode()'s on the whole input. Runs the hand-written loops
// while the input is well-formed and representable, and ICU's converters (which keep a sequence
// cut between pieces) from the first piece that is not. Under UnmappablePolicy::Fail the
// conversion goes on to find every place, and finish() fails: the caller discards what it wrote.
class Transcoder {
public:
    Transcoder(std::string_view from, std::string_view to, const TranscodeOptions& options = {});
    ~Transcoder();
    Transcoder(const Transcoder&) = delete;
    Transcoder& operator=(const Transcoder&) = delete;

    // Not ok when an encoding is unknown or the options do not fit them.
    [[nodiscard]] const u8codec::Status& status() const noexcept;
    // Appends the conversion of the next piece to `out`; the status so far.
    [[nodiscard]] const u8codec::Status& feed(std::span<const std::uint8_t> piece,
                                              std::string& out);
    // Converts what is left (a sequence cut at the end is invalid input) and applies the policy;
    // the conversion's status.
    [[nodiscard]] const u8codec::Status& finish(std::string& out);

    // The state so far: status, names, unmappable and invalid counts and offsets; `output` stays
    // empty (the output went to feed()'s and finish()'s `out`).
    [[nodiscard]] const TranscodeResult& state() const noexcept;

private:
    [[nodiscard]] bool ok() const noexcept; // valid, and nothing failed yet
    [[nodiscard]] bool feedPiece(std::span<const std::uint8_t> piece, std::string& out);
    [[nodiscard]] bool finishInput(std::string& out);

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// ICU's canonical name of an encoding, or nullopt if ICU does not know it.
[[nodiscard]] std::optional<std::string> canonicalEncodingName(std::string_view name);
// One name for every encoding ICU has, the one people know it by (the MIME name, else IANA's,
// else ICU's own), sorted without regard to case: what `u8scope-cli --list-encodings` prints.
// ICU takes many more aliases of each.
[[nodiscard]] std::vector<std::string> encodingNames();

// The hand-written loops, for well-formed input (checked by the caller): false (and `out` left
// unspecified) if the input is not well-formed or a character is not representable.
[[nodiscard]] bool utf8ToUtf16(std::span<const std::uint8_t> utf8, bool bigEndian,
                               std::string& out);
[[nodiscard]] bool utf16ToUtf8(std::span<const std::uint8_t> utf16, bool bigEndian,
                               std::string& out);
[[nodiscard]] bool utf8ToUtf32(std::span<const std::uint8_t> utf8, bool bigEndian,
                               std::string& out);
[[nodiscard]] bool utf32ToUtf8(std::span<const std::uint8_t> utf32, bool bigEndian,
                               std::string& out);

} // namespace u8convert
