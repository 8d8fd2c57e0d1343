// bench_audit FILE [code|text] [default]: audits FILE (read into memory first, so only the
// auditor is timed) in 1 MiB chunks, as u8scope-cli does, five times; prints the best time, the
// throughput and the findings by kind. Every kind is asked for, or with "default" the kinds
// u8scope-cli reports when none are named (defaultAuditKinds()).
#include "u8convert/audit.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_audit FILE [code|text] [default]\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "bench_audit: cannot read %s\n", argv[1]);
        return 2;
    }
    const std::vector<std::uint8_t> data((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
    u8convert::AuditOptions options;
    if (argc > 2)
        options.profile = u8convert::auditProfileFromName(argv[2]).value_or(options.profile);
    const bool defaultKinds = argc > 3 && std::string(argv[3]) == "default";
    if (defaultKinds)
        options.kinds = u8convert::defaultAuditKinds(options.profile);
    constexpr std::size_t kChunk = std::size_t(1) << 20;
    double best = 1e30;
    std::array<std::uint64_t, u8convert::kAuditKindCount> counts{};
    for (int round = 0; round < 5; ++round) {
        counts = {};
        u8convert::Auditor auditor(options);
        const auto sink = [&](const u8convert::AuditFinding& f) { ++counts[std::size_t(f.kind)]; };
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t pos = 0; pos < data.size(); pos += kChunk)
            auditor.feed(std::span(data).subspan(pos, std::min(kChunk, data.size() - pos)), sink);
        auditor.finish(sink);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best = std::min(best, took.count());
    }
    std::printf("%s: %zu bytes, %s profile, %s kinds: %.3f s, %.0f MB/s\n", argv[1], data.size(),
                std::string(u8convert::name(options.profile)).c_str(),
                defaultKinds ? "default" : "all", best, double(data.size()) / best / 1e6);
    for (int k = 0; k < u8convert::kAuditKindCount; ++k)
        if (counts[std::size_t(k)] != 0)
            std::printf("  %-18s %llu\n",
                        std::string(u8convert::name(u8convert::AuditKind(k))).c_str(),
                        static_cast<unsigned long long>(counts[std::size_t(k)]));
    return 0;
}
