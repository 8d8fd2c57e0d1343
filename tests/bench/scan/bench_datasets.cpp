#include "bench_datasets.h"

#include <fstream>
#include <iterator>

namespace u8bench {
namespace {

// SplitMix64: a small, fixed generator, so the data sets are identical on every machine.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return std::size_t(next() % n); }

private:
    std::uint64_t state_;
};

void append(std::vector<std::uint8_t>& out, const std::string& s) {
    out.insert(out.end(), s.begin(), s.end());
}

// English prose: words of a small vocabulary in sentences, lines of about 70 characters, and
// about one word in 300 that is not ASCII (typographic quotes and dashes, a few loan words), as
// in ordinary English text.
std::vector<std::uint8_t> asciiEnglish() {
    static const char* const words[] = {
        "the",    "of",      "and",   "to",       "in",        "a",       "is",      "that",
        "for",    "it",      "as",    "was",      "with",      "be",      "by",      "on",
        "not",    "he",      "this",  "are",      "or",        "his",     "from",    "at",
        "which",  "but",     "have",  "an",       "had",       "they",    "you",     "were",
        "file",   "bytes",   "text",  "encoding", "character", "decoder", "invalid", "sequence",
        "window", "reading", "about", "between",  "necessary", "several", "morning", "question"};
    static const char* const nonAscii[] = {
        "caf\xC3\xA9",  "na\xC3\xAFve",         "\xE2\x80\x9Cquoted\xE2\x80\x9D",
        "\xE2\x80\x94", "r\xC3\xA9sum\xC3\xA9", "it\xE2\x80\x99s"};
    Random rng(1);
    std::vector<std::uint8_t> out;
    out.reserve(kDataSetBytes + 100);
    std::size_t column = 0;
    bool sentenceStart = true;
    while (out.size() < kDataSetBytes) {
        std::string word = rng.below(300) == 0 ? nonAscii[rng.below(std::size(nonAscii))]
                                               : words[rng.below(std::size(words))];
        if (sentenceStart && word[0] >= 'a' && word[0] <= 'z')
            word[0] = char(word[0] - 'a' + 'A');
        sentenceStart = false;
        if (rng.below(12) == 0) {
            word += '.';
            sentenceStart = true;
        } else if (rng.below(10) == 0) {
            word += ',';
        }
        if (column + word.size() > 70) {
            out.push_back('\n');
            column = 0;
        } else if (column > 0) {
            out.push_back(' ');
            ++column;
        }
        append(out, word);
        column += word.size();
    }
    out.push_back('\n');
    return out;
}

std::vector<std::uint8_t> demo(std::string* error) {
    std::ifstream in(U8SCOPE_CORPUS_DIR "/UTF-8-demo.txt", std::ios::binary);
    const std::vector<std::uint8_t> one((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
    if (!in || one.empty()) {
        if (error)
            *error = U8SCOPE_CORPUS_DIR "/UTF-8-demo.txt: cannot be read";
        return {};
    }
    std::vector<std::uint8_t> out;
    out.reserve(kDataSetBytes + one.size());
    while (out.size() < kDataSetBytes)
        out.insert(out.end(), one.begin(), one.end());
    return out;
}

void appendUtf8(std::vector<std::uint8_t>& out, char32_t c) {
    // Only 3-byte characters are generated here (U+0800..U+FFFF).
    out.push_back(std::uint8_t(0xE0 | (c >> 12)));
    out.push_back(std::uint8_t(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(std::uint8_t(0x80 | (c & 0x3F)));
}

// Chinese-like text: CJK unified ideographs (U+4E00..U+9FFF), full-width punctuation, lines of
// about 40 characters, and an occasional ASCII number.
std::vector<std::uint8_t> cjk() {
    Random rng(3);
    std::vector<std::uint8_t> out;
    out.reserve(kDataSetBytes + 100);
    std::size_t column = 0;
    while (out.size() < kDataSetBytes) {
        const std::size_t roll = rng.below(100);
        if (roll < 6) {
            appendUtf8(out, roll < 4 ? U'\xFF0C' : U'\x3002'); // ，。
        } else if (roll == 6 && rng.below(4) == 0) {
            append(out, std::to_string(rng.below(2100)));
        } else {
            appendUtf8(out, char32_t(0x4E00 + rng.below(0x9FFF - 0x4E00 + 1)));
        }
        if (++column == 40) {
            out.push_back('\n');
            column = 0;
        }
    }
    out.push_back('\n');
    return out;
}

std::vector<std::uint8_t> randomBytes() {
    Random rng(4);
    std::vector<std::uint8_t> out(kDataSetBytes);
    for (std::size_t i = 0; i + 8 <= out.size(); i += 8) {
        const std::uint64_t r = rng.next();
        for (int k = 0; k < 8; ++k)
            out[i + std::size_t(k)] = std::uint8_t(r >> (8 * k));
    }
    return out;
}

} // namespace

const char* name(DataSet set) {
    switch (set) {
    case DataSet::AsciiEnglish:
        return "ascii";
    case DataSet::Demo:
        return "demo";
    case DataSet::Cjk:
        return "cjk";
    case DataSet::RandomBytes:
        return "random";
    }
    return "?";
}

const char* description(DataSet set) {
    switch (set) {
    case DataSet::AsciiEnglish:
        return "(a) ASCII-heavy English text";
    case DataSet::Demo:
        return "(b) UTF-8-demo.txt repeated";
    case DataSet::Cjk:
        return "(c) CJK-heavy text";
    case DataSet::RandomBytes:
        return "(d) random bytes";
    }
    return "?";
}

std::vector<std::uint8_t> generate(DataSet set, std::string* error) {
    switch (set) {
    case DataSet::AsciiEnglish:
        return asciiEnglish();
    case DataSet::Demo:
        return demo(error);
    case DataSet::Cjk:
        return cjk();
    case DataSet::RandomBytes:
        return randomBytes();
    }
    return {};
}

} // namespace u8bench
