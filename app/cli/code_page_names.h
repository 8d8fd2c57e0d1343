// The names of the code pages `repair --mojibake=PAGE,…` takes: those the codec knows
// (codePageFromName: "windows-1252", "ISO-8859-2", "KOI8-R", "macintosh", "IBM437") and the ones
// people type for them ("cp1252", "latin2", "koi8r", "mac", "cp437").
#pragma once

#include "u8convert/mojibake.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

std::optional<u8convert::CodePage> codePageFromTypedName(std::string_view typed);

// "PAGE,PAGE…" into pages (in the order given, each once); on an unknown name, nullopt and
// `error` says which and lists the known pages.
std::optional<std::vector<u8convert::CodePage>> codePagesFromList(std::string_view list,
                                                                  std::string& error);

// The name of every page the codec knows ("windows-1252", "ISO-8859-2", ...), in its order: what
// the completions offer for --mojibake=.
std::vector<std::string> codePageNames();

} // namespace u8cli
