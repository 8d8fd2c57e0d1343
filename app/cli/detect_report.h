// What `detect` prints: a Detection as lines for a person, or as one JSON object. Both name the
// u8scope-cli repair that fixes what was found (the codec's Detection holds only the findings).
#pragma once

#include "u8convert/detect.h"

#include <string>

namespace u8cli {

// One guess per line ("1. UTF-8 (100 %): valid UTF-8 ..."), what reading the bytes as the best
// guess does to valid UTF-8 in them, then the line endings, the mojibake verdict and the C1
// controls, each with the repair command that fixes it.
std::string detectionText(const u8convert::Detection& d);
// {"valid_utf8":..,"guesses":[..],"binary":..,"line_endings":..,"mojibake":..,
// "c1_punctuation":..}; a finding that a repair fixes carries "repair": the command's options.
std::string detectionJson(const u8convert::Detection& d);

} // namespace u8cli
