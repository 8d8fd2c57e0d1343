// Repairs each line of standard input on its own with the library's mojibake repair
// (u8convert::repairMojibake(), what `repair --mojibake --scope=line` does line by line), writes
// the lines to standard output, and the time per line to standard error. For the short-string
// report (tests/quality/short_quality.py) and as the benchmark of one short string's repair.
//
// Usage: repair_lines [--runs N] < LINES > REPAIRED
// With --runs N the whole set is repaired N times and the best run's time is reported.
#include "u8convert/mojibake.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    int runs = 1;
    if (argc == 3 && std::string_view(argv[1]) == "--runs")
        runs = std::max(1, std::stoi(argv[2]));
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
            out[k] = u8convert::repairMojibake(lines[k]).text;
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
