#include "audit_baseline.h"

#include "u8codec/encoder.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace u8cli {

namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL, kFnvPrime = 0x100000001b3ULL;

void mix(std::uint64_t& h, std::string_view bytes) {
    for (unsigned char c : bytes) {
        h ^= c;
        h *= kFnvPrime;
    }
    h ^= 0xFF; // a separator no UTF-8 text holds
    h *= kFnvPrime;
}

std::string hex(std::uint64_t v) {
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(v));
    return out;
}

bool isHexDigit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

// Every 16-hex-digit string value that follows `key` ("\"fingerprint\":\"") in `text`.
void collect(std::string_view text, std::string_view key, std::set<std::string>& out) {
    for (std::size_t at = text.find(key); at != std::string_view::npos;
         at = text.find(key, at + 1)) {
        const std::string_view value = text.substr(at + key.size(), 17);
        if (value.size() == 17 && value[16] == '"' &&
            std::all_of(value.begin(), value.end() - 1, isHexDigit))
            out.emplace(value.substr(0, 16));
    }
}

} // namespace

std::string FindingFingerprints::next(const u8convert::AuditFinding& f) {
    std::uint64_t content = kFnvOffset;
    mix(content, u8convert::kindName(f));
    std::string chars;
    for (char32_t cp : f.codePoints)
        u8codec::appendUtf8(cp, chars);
    if (f.kind == u8convert::AuditKind::InvalidUtf8)
        chars = std::to_string(f.problem.length);
    mix(content, chars);
    mix(content, f.lookalike);
    const std::uint64_t occurrence = seen_[content]++;
    std::uint64_t h = content;
    mix(h, file_);
    mix(h, std::to_string(occurrence));
    return hex(h);
}

std::optional<std::set<std::string>> readBaseline(const std::string& path, std::string& error) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        error = "cannot read the baseline " + path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::string text;
    char buffer[65536];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) != 0;)
        text.append(buffer, n);
    const bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) {
        error = "cannot read the baseline " + path;
        return std::nullopt;
    }
    std::set<std::string> fingerprints;
    collect(text, "\"fingerprint\":\"", fingerprints);
    collect(text, std::string("\"") + kFingerprintKey + "\":\"", fingerprints);
    return fingerprints;
}

} // namespace u8cli
