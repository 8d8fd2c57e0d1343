// Library-internal: the normal-form check for text the codec has already found well-formed (the
// repair pipeline scans first), so it need not be validated a second time.
#pragma once

#include "u8convert/normalize.h"

#include <string_view>

namespace u8convert::detail {

// isNormalized() for well-formed UTF-8 (undefined for anything else): runs of ASCII and of
// quick-check-Yes starters are passed without asking ICU.
[[nodiscard]] bool isNormalizedWellFormed(std::string_view utf8, NormalForm form);

// A starter (canonical combining class 0) whose quick check for the form is Yes: a text made of
// such characters only is in the form (UAX #15 section 9). A table lookup below U+20000.
[[nodiscard]] bool isQuickYesStarter(char32_t c, NormalForm form);

// Where the first run of more than kMaxUnboundedRun characters of canonical combining class other
// than 0 in `utf8` ends (the offset of the character that makes it too long), or npos. Such
// characters have no normalisation boundary before them in either form (UAX #15), so normalize()
// refuses any text this finds a run in; the repair refuses such text even where it is already in
// the form, so that its streamed and in-memory forms agree. Ill-formed bytes end a run.
[[nodiscard]] std::size_t overlongNonStarterRun(std::string_view utf8);

} // namespace u8convert::detail
