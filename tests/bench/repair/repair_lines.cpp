// Repairs each line of standard input on its own with the library's mojibake repair
// (u8convert::repairMojibake(), what `repair --mojibake --scope=line` does line by line), writes
// the lines to standard output, and the time per line to standard error. For the short-string
// report (tests/quality/short_quality.py) and as the benchmark of one short string's repair.
//
// Usage: repair_lines [--runs N] [--pipeline] < LINES > REPAIRED
// With --runs N the whole set is repaired N times and the best run's time is reported.
// With --pipeline each line goes through the whole repair (u8convert::repair() with --mojibake
// and the C1 controls read as windows-1252, as `u8scope.fix_encoding()` and `repair --mojibake`
// do): the rounds that repair again until nothing changes, and the round that confirms it.
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// One line repaired as the benchmark asks.
std::string repaired(const std::string& line, const u8convert::RepairOptions* pipeline) {
    if (!pipeline)
        return u8convert::repairMojibake(line).text;
    return u8convert::repair(
               std::span(reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
               *pipeline)
        .text;
}

} // namespace

int main(int argc, char** argv) {
    int runs = 1;
    bool wholeRepair = false;
    for (int k = 1; k < argc; ++k) {
        const std::string_view a = argv[k];
        if (a == "--runs" && k + 1 < argc)
            runs = std::max(1, std::stoi(argv[++k]));
        else if (a == "--pipeline")
            wholeRepair = true;
        else {
            std::fprintf(stderr, "usage: repair_lines [--runs N] [--pipeline] < LINES\n");
            return 2;
        }
    }
    u8convert::RepairOptions options;
    options.mojibake = true;
    options.c1 = u8convert::C1Action::Cp1252;
    const u8convert::RepairOptions* pipeline = wholeRepair ? &options : nullptr;
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);)
        lines.push_back(std::move(line));
    std::vector<std::string> out(lines.size());
    double best = 1e300;
    std::size_t bytes = 0;
    for (const std::string& l : lines)
        bytes += l.size();
    for (int r = 0; r < runs; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (std::size_t k = 0; k < lines.size(); ++k)
            out[k] = repaired(lines[k], pipeline);
        const auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    }
    for (const std::string& l : out)
        std::cout << l << '\n';
    std::cout.flush();
    if (!std::cout) {
        std::fprintf(stderr, "repair_lines: cannot write the output\n");
        return 2;
    }
    std::fprintf(stderr, "%zu lines, %zu bytes: %.3f s, %.3f us a line\n", lines.size(), bytes,
                 best, lines.empty() ? 0.0 : best * 1e6 / double(lines.size()));
    return 0;
}
