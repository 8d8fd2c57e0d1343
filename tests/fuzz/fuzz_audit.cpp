// libFuzzer entry point: runs u8fuzz::checkAudit() on every input and stops at the first
// failure. Built only with -DU8SCOPE_FUZZ=ON and clang (see CMakeLists.txt).
#include "fuzz_checks.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string failure = u8fuzz::checkAudit({data, size});
    if (!failure.empty()) {
        std::fprintf(stderr, "fuzz_audit: %s\n", failure.c_str());
        std::abort();
    }
    return 0;
}
