// What a strict UTF-8 decoder does with some bytes, one byte at a time: each byte's class, what
// the decoder expects next (the narrower first-continuation ranges after E0, ED, F0 and F4),
// where a sequence stops and why (one U+FFFD per maximal subpart, Unicode Standard chapter 3);
// and what an older, naive decoder (RFC 2279) would have read instead. The boundaries and the
// error kinds are the Segmenter's, the naive sequences the ProblemScanner's: nothing here decides
// them again, it only puts them in words. Shared by `u8scope-cli explain` and the window's
// Explain Selection.
#pragma once

#include "u8codec/byte_class.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace u8codec {

enum class DecodeAction : std::uint8_t {
    Ascii,    // a 1-byte character
    Lead,     // a lead byte: a sequence starts; the next byte must fall in a range
    Continue, // a continuation byte in the range expected; more are to come
    Complete, // the last continuation byte: a character
    Stop,     // not in the range expected: the maximal subpart before it is one U+FFFD, and the
              // byte is read again as the start of something new
    Invalid,  // C0, C1, F5-FF: one U+FFFD on its own
    Stray,    // a continuation byte where no sequence is open: one U+FFFD
    End,      // the bytes end inside a sequence: what was read is one U+FFFD
};

struct DecodeStep {
    DecodeAction action = DecodeAction::Ascii;
    std::uint64_t offset = 0; // of the byte read, from the first byte; End: the number of bytes
    std::uint8_t byte = 0;    // the byte read (0 for End)
    // Continue, Complete, Stop, End: the range the decoder expected here. Lead: the range the
    // byte after it must fall in.
    ByteRange expected{0x80, 0xBF};
    int stillNeeded = 0; // Lead, Continue: continuation bytes still to come after this one
    // The segment this step completes: the character (Ascii, Complete) or the error segment
    // (Stop, End: the maximal subpart before; Invalid, Stray: the byte); length 0 for Lead and
    // Continue.
    Segment segment;
    std::string title;
    std::string text;
};

// What a naive decoder (RFC 2279) would have read in the bytes of one problem.
struct NaiveReading {
    Problem problem;
    std::string explanation;          // explain(problem)
    std::vector<BitLayout> sequences; // the sequences it reads, bit by bit: one, or two for a
                                      // CESU-8 pair; none for stray continuation bytes, a
                                      // truncated sequence, FE and FF
    // How UTF-8 writes the value, beside an overlong form (and for a CESU-8 pair, its character);
    // nullopt when the value is not a scalar value or the bytes are not a longer form of it.
    std::optional<BitLayout> shortest;
};

struct DecodeWalk {
    std::vector<DecodeStep> steps;
    std::vector<Segment> segments;   // the strict decoder's, in order
    std::vector<NaiveReading> naive; // one per problem, in order
    std::size_t characters = 0;
    std::size_t replacements = 0; // U+FFFD: one per error segment
    std::string summary;          // what the decoder made of the bytes, in a sentence
};

// The walk-through of decoding `bytes` on their own (what comes before or after them is not seen:
// a sequence cut at the end is truncated).
[[nodiscard]] DecodeWalk walkDecoding(std::span<const std::uint8_t> bytes);

// The sequences a naive RFC 2279 decoder reads from the start of `bytes`, one after another, as
// long as it finds a whole multi-byte sequence (layoutOfBytes).
[[nodiscard]] std::vector<BitLayout> naiveSequences(std::span<const std::uint8_t> bytes);

// A byte and what it can be on its own: "E2 (11100010) is the lead byte of a 3-byte sequence
// (1110xxxx)"; for the bytes UTF-8 never uses, why.
[[nodiscard]] std::string describeByte(std::uint8_t b);

} // namespace u8codec
