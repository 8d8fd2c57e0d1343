// TEMPORARY during development: replaced by the real command (issue 4) before any stop.
#include "commands.h"

namespace u8cli {
int runRepair(Args) {
    std::fputs("u8scope-cli: repair is not built yet\n", stderr);
    return kExitUsage;
}
} // namespace u8cli
