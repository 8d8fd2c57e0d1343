// The in-memory repair (u8convert::repair()) of a file, for the streaming benchmark
// (stream_repair.py) to compare `u8scope-cli repair` with: the CLI repairs large files window by
// window (u8convert::repairStreamed()), which must give this output and report byte for byte.
//
// Usage: repair_whole [--mojibake] [--cesu] [--bom=strip|add] [--c1=cp1252] [--newlines=lf|crlf]
//                     [--normalize=nfc|nfd] IN OUT
// Writes the repaired text to OUT and the report (RepairReport::toJson()) to standard error.
#include "u8convert/repair.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

int main(int argc, char** argv) {
    u8convert::RepairOptions options;
    std::string in, out;
    for (int k = 1; k < argc; ++k) {
        const std::string_view a = argv[k];
        if (a == "--mojibake")
            options.mojibake = true;
        else if (a == "--cesu")
            options.cesu = true;
        else if (a.starts_with("--bom="))
            options.bom = *u8convert::bomActionFromName(a.substr(6));
        else if (a == "--c1=cp1252")
            options.c1 = u8convert::C1Action::Cp1252;
        else if (a == "--newlines=lf")
            options.lineEnding = u8convert::LineEnding::Lf;
        else if (a == "--newlines=crlf")
            options.lineEnding = u8convert::LineEnding::CrLf;
        else if (a.starts_with("--normalize="))
            options.normalForm = u8convert::normalFormFromName(a.substr(12));
        else if (in.empty())
            in = a;
        else
            out = a;
    }
    if (in.empty() || out.empty()) {
        std::fprintf(stderr, "usage: repair_whole [options] IN OUT\n");
        return 2;
    }
    std::ifstream f(in, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (!f.good() && !f.eof()) {
        std::fprintf(stderr, "%s: cannot be read\n", in.c_str());
        return 1;
    }
    const u8convert::RepairResult r = u8convert::repair(std::move(text), options);
    if (!r.status.ok()) {
        std::fprintf(stderr, "%s: %s\n", in.c_str(), r.status.message().c_str());
        return 1;
    }
    std::ofstream o(out, std::ios::binary);
    o.write(r.text.data(), std::streamsize(r.text.size()));
    std::fprintf(stderr, "%s\n", r.report.toJson().c_str());
    return o.good() ? 0 : 1;
}
