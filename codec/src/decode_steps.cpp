#include "u8codec/decode_steps.h"

#include "u8codec/encode_steps.h"
#include "u8codec/segmenter.h"

#include <cstdio>
#include <string_view>

namespace u8codec {

namespace {

std::string hex2(std::uint8_t b) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%02X", b);
    return buf;
}

std::string rangeText(ByteRange r) {
    return hex2(r.low) + ".." + hex2(r.high);
}

std::string plural(int n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Why a restricted lead narrows the range of the byte after it (table 3-7).
std::string whyRestricted(std::uint8_t lead) {
    switch (errorPreventedBy(lead)) {
    case ErrorKind::Overlong:
        return "a lower one would make an overlong form, a value that fits in fewer bytes";
    case ErrorKind::Surrogate:
        return "a higher one would encode a surrogate, U+D800..U+DFFF";
    case ErrorKind::TooLarge:
        return "a higher one would give a value beyond U+10FFFF";
    default:
        return {};
    }
}

// Why the maximal subpart begun by `lead` is an error of `kind`; `next` is the byte that stopped
// it (-1 at the end).
std::string whyStopped(ErrorKind kind, std::uint8_t lead, int next) {
    const std::string after = "after " + hex2(lead) + ", " + hex2(std::uint8_t(next));
    switch (kind) {
    case ErrorKind::Overlong:
        return after + " could only begin an overlong form";
    case ErrorKind::Surrogate:
        return after + " would begin an encoded surrogate";
    case ErrorKind::TooLarge:
        return after + " would begin a value beyond U+10FFFF";
    default:
        return "the sequence is cut short";
    }
}

std::string bytesOf(std::span<const std::uint8_t> all, const Segment& s) {
    return hexBytes(all.subspan(std::size_t(s.offset), s.length), 8);
}

DecodeStep leadStep(std::uint8_t lead, std::uint64_t offset) {
    DecodeStep st;
    st.action = DecodeAction::Lead;
    st.offset = offset;
    st.byte = lead;
    st.expected = firstContinuationRange(lead);
    st.stillNeeded = sequenceLength(classify(lead)) - 1;
    st.title = hex2(lead) + ": a lead byte";
    st.text = describeByte(lead) + ". " + plural(st.stillNeeded, "continuation byte") +
              " must follow; the next must be " + rangeText(st.expected);
    if (isRestrictedLead(lead))
        st.text += ", not 80..BF: " + whyRestricted(lead);
    st.text += ".";
    return st;
}

DecodeStep continuationStep(std::span<const std::uint8_t> all, const Segment& s, int i,
                            int announced) {
    DecodeStep st;
    st.offset = s.offset + std::uint64_t(i);
    st.byte = all[std::size_t(st.offset)];
    st.expected =
        i == 1 ? firstContinuationRange(all[std::size_t(s.offset)]) : ByteRange{0x80, 0xBF};
    st.stillNeeded = announced - 1 - i;
    const std::string inRange = hex2(st.byte) + " is a continuation byte in the range expected, " +
                                rangeText(st.expected) + ": it adds its 6 low bits";
    if (s.isValid() && i + 1 == s.length) {
        st.action = DecodeAction::Complete;
        st.segment = s;
        st.title = hex2(st.byte) + ": completes " + codePointLabel(s.codePoint);
        st.text = inRange + ", and it is the last. " + bytesOf(all, s) + " is " +
                  labelWithGlyph(s.codePoint) + ", a " + std::to_string(s.length) +
                  "-byte character.";
    } else {
        st.action = DecodeAction::Continue;
        st.title = hex2(st.byte) + ": a continuation byte";
        st.text = inRange + ". " + std::to_string(st.stillNeeded) + " more to come, in 80..BF.";
    }
    return st;
}

// The step that ends an error segment begun by a lead: the byte that does not fit, or the end.
DecodeStep stopStep(std::span<const std::uint8_t> all, const Segment& s) {
    const std::uint8_t lead = all[std::size_t(s.offset)];
    DecodeStep st;
    st.segment = s;
    st.offset = s.end();
    st.expected = s.length == 1 ? firstContinuationRange(lead) : ByteRange{0x80, 0xBF};
    const int next = s.end() < all.size() ? all[std::size_t(s.end())] : -1;
    const std::string subpart =
        bytesOf(all, s) + " is a maximal subpart (Unicode chapter 3): one U+FFFD (" +
        std::string(title(s.error)) + ": " + whyStopped(s.error, lead, next) + ").";
    if (next >= 0) {
        st.action = DecodeAction::Stop;
        st.byte = all[std::size_t(s.end())];
        st.title = hex2(st.byte) + ": not in " + rangeText(st.expected) + ", stop";
        st.text = hex2(st.byte) + " is not in the range expected, " + rangeText(st.expected) +
                  ": the sequence stops before it. " + subpart + " The decoder then reads " +
                  hex2(st.byte) + " again, as the start of something new.";
    } else {
        st.action = DecodeAction::End;
        const int announced = sequenceLength(classify(lead));
        st.title = "The end: " + std::string(title(s.error));
        st.text = "The bytes end " + plural(announced - s.length, "byte") + " short of the " +
                  std::to_string(announced) + " that " + hex2(lead) + " announced. " + subpart;
    }
    return st;
}

void addSegmentSteps(std::span<const std::uint8_t> all, const Segment& s,
                     std::vector<DecodeStep>& steps) {
    const std::uint8_t b0 = all[std::size_t(s.offset)];
    if (s.isValid() && s.length == 1) {
        steps.push_back({DecodeAction::Ascii,
                         s.offset,
                         b0,
                         {0x80, 0xBF},
                         0,
                         s,
                         hex2(b0) + ": a whole character",
                         describeByte(b0) + ": a whole character, " + labelWithGlyph(b0) + "."});
        return;
    }
    if (s.error == ErrorKind::InvalidByte || s.error == ErrorKind::UnexpectedContinuation) {
        const bool invalid = s.error == ErrorKind::InvalidByte;
        steps.push_back(
            {invalid ? DecodeAction::Invalid : DecodeAction::Stray,
             s.offset,
             b0,
             {0x80, 0xBF},
             0,
             s,
             hex2(b0) + ": " + std::string(title(s.error)),
             describeByte(b0) + (invalid ? ". A strict decoder refuses it on its own: one U+FFFD."
                                         : ", but no sequence is open to take it: one U+FFFD.")});
        return;
    }
    const int announced = sequenceLength(classify(b0));
    steps.push_back(leadStep(b0, s.offset));
    for (int i = 1; i < s.length; ++i)
        steps.push_back(continuationStep(all, s, i, announced));
    if (!s.isValid())
        steps.push_back(stopStep(all, s));
}

std::optional<BitLayout> shortestFormFor(const Problem& p) {
    switch (p.kind) {
    case ProblemKind::Overlong:
    case ProblemKind::SurrogatePair:
    case ProblemKind::LegacyLongForm:
        if (isScalarValue(p.value))
            return layoutOfValue(p.value);
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::string summaryOf(const DecodeWalk& w, std::size_t bytes) {
    std::string s = "From " + plural(int(bytes), "byte") + ", a strict decoder reads " +
                    plural(int(w.characters), "character");
    if (w.replacements == 0)
        return s + ": valid UTF-8.";
    s += " and " + std::to_string(w.replacements) + " U+FFFD, one for each maximal subpart";
    return s + " (" + plural(int(w.naive.size()), "problem") + " as a person reads them).";
}

} // namespace

std::string describeByte(std::uint8_t b) {
    const std::string head = hex2(b) + " (" + binaryDigits(b, 8) + ") ";
    const ByteClass c = classify(b);
    switch (c) {
    case ByteClass::Ascii:
        return head + "is an ASCII byte (0xxxxxxx)";
    case ByteClass::Continuation:
        return head + "is a continuation byte (10xxxxxx)";
    case ByteClass::Lead2:
    case ByteClass::Lead3:
    case ByteClass::Lead4: {
        const int n = sequenceLength(c);
        const std::string_view pattern = utf8Ranges()[std::size_t(n - 1)].pattern;
        return head + "is the lead byte of a " + std::to_string(n) + "-byte sequence (" +
               std::string(pattern.substr(0, 8)) + ")";
    }
    case ByteClass::Invalid:
        break;
    }
    const std::string never = head + "never appears in UTF-8: ";
    if (b <= 0xC1)
        return never + "110xxxxx, but it could only start an overlong 2-byte form of "
                       "U+0000..U+007F (RFC 3629 section 4)";
    if (b <= 0xF7)
        return never + "11110xxx, but it would start a value beyond U+10FFFF (RFC 3629 section 3)";
    if (b <= 0xFB)
        return never + "111110xx, the lead of a 5-byte form of RFC 2279, which RFC 3629 removed";
    if (b <= 0xFD)
        return never + "1111110x, the lead of a 6-byte form of RFC 2279, which RFC 3629 removed";
    return never + "no form of UTF-8, old or new, has a lead with seven or eight 1 bits";
}

std::vector<BitLayout> naiveSequences(std::span<const std::uint8_t> bytes) {
    std::vector<BitLayout> out;
    while (!bytes.empty()) {
        const auto l = layoutOfBytes(bytes);
        if (!l || l->octets < 2)
            break;
        out.push_back(*l);
        bytes = bytes.subspan(std::size_t(l->octets));
    }
    return out;
}

DecodeWalk walkDecoding(std::span<const std::uint8_t> bytes) {
    DecodeWalk w;
    w.segments = segment(bytes);
    for (const Segment& s : w.segments) {
        addSegmentSteps(bytes, s, w.steps);
        (s.isValid() ? w.characters : w.replacements) += 1;
    }
    ProblemScanner scanner;
    auto sink = [&](const Problem& p) {
        NaiveReading r;
        r.problem = p;
        r.explanation = explain(p);
        r.sequences = naiveSequences(bytes.subspan(std::size_t(p.offset), std::size_t(p.length)));
        r.shortest = shortestFormFor(p);
        w.naive.push_back(std::move(r));
    };
    scanner.feed(bytes, sink);
    scanner.finish(sink);
    w.summary = summaryOf(w, bytes.size());
    return w;
}

} // namespace u8codec
