// The libFuzzer entry point of every fuzz target: runs the check that U8FUZZ_CHECK names (set per
// target in CMakeLists.txt, e.g. checkSegmenter) on every input and stops at the first failure,
// naming the target (U8FUZZ_TARGET). Built only with -DU8SCOPE_FUZZ=ON and clang.
#include "fuzz_checks.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string failure = u8fuzz::U8FUZZ_CHECK({data, size});
    if (!failure.empty()) {
        std::fprintf(stderr, "%s: %s\n", U8FUZZ_TARGET, failure.c_str());
        std::abort();
    }
    return 0;
}
