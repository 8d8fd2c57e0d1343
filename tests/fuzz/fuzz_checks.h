// The consistency checks the fuzz targets run on every input, shared by the libFuzzer entry
// points (fuzz_segmenter.cpp, fuzz_problems.cpp) and the seed replay test that ctest always runs.
// Standard C++ only, so the fuzz targets need no Qt.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace u8fuzz {

// Whole-buffer segments against chunked feeding, the local view at every offset, the decoder
// (replace output is well-formed UTF-8 with one U+FFFD per error segment; ignore keeps exactly
// the valid characters; chunked decoding equals one-shot) and the scan summary. Returns an empty
// string when every check holds, otherwise what failed.
std::string checkSegmenter(std::span<const std::uint8_t> data);

// Problems: chunked equals whole; problems are ordered, disjoint, cover every error segment and
// no valid character; every problem has an explanation naming its first byte.
std::string checkProblems(std::span<const std::uint8_t> data);

} // namespace u8fuzz
