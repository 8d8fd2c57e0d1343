// Scans a file through FileSource in 1 MiB chunks and prints the summary as JSON: the whole-file
// scan in constant memory. run_scan_bench.sh measures its peak resident
// memory with /usr/bin/time -v on a 1 GB file and compares it with a small one.
//
//   bench_scan_file FILE
#include "u8codec/byte_source.h"
#include "u8codec/scan.h"

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_scan_file FILE\n");
        return 2;
    }
    auto opened = u8codec::FileSource::open(argv[1]);
    if (!opened.ok()) {
        std::fprintf(stderr, "bench_scan_file: %s: %s\n", argv[1], opened.message().c_str());
        return 2;
    }
    std::vector<std::uint8_t> chunk(1 << 20);
    u8codec::Scanner scanner;
    std::uint64_t offset = 0;
    for (;;) {
        const std::size_t got = (*opened)->read(offset, chunk);
        if (got == 0)
            break;
        scanner.feed(std::span<const std::uint8_t>(chunk.data(), got));
        offset += got;
    }
    scanner.finish();
    std::printf("%s\n", scanner.summary().toJson().c_str());
    return scanner.summary().valid() ? 0 : 1;
}
