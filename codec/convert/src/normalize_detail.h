// Library-internal: the normal-form check for text the codec has already found well-formed (the
// repair pipeline scans first), so it need not be validated a second time.
#pragma once

#include "u8convert/normalize.h"

#include <string_view>

namespace u8codec::detail {

// isNormalized() for well-formed UTF-8 (undefined for anything else): runs of ASCII and of
// quick-check-Yes starters are passed without asking ICU.
bool isNormalizedWellFormed(std::string_view utf8, NormalForm form);

// A starter (canonical combining class 0) whose quick check for the form is Yes: a text made of
// such characters only is in the form (UAX #15 section 9). A table lookup below U+20000.
bool isQuickYesStarter(char32_t c, NormalForm form);

} // namespace u8codec::detail
