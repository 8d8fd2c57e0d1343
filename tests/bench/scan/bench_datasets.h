// The four data sets of the scan benchmark, generated deterministically in
// memory so that every run, and the iconv comparison, sees the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace u8bench {

enum class DataSet { AsciiEnglish, Demo, Cjk, RandomBytes };
inline constexpr DataSet kDataSets[] = {DataSet::AsciiEnglish, DataSet::Demo, DataSet::Cjk,
                                        DataSet::RandomBytes};

// "ascii", "demo", "cjk", "random".
const char* name(DataSet set);
// A one-line description for the report.
const char* description(DataSet set);

// Target size of each data set: at least 100 MB (the demo file is repeated whole until it is).
inline constexpr std::size_t kDataSetBytes = 100'000'000;

// The bytes of `set`; empty for Demo when the corpus file cannot be read (then `error` says why).
std::vector<std::uint8_t> generate(DataSet set, std::string* error);

} // namespace u8bench
