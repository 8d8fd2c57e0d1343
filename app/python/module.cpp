// The extension u8scope._u8scope (re-exported by the package u8scope): u8scope-cli's check,
// repair --mojibake, repair, audit, detect and transcode over bytes and strings in memory. Each
// function takes one value or a container of them (value_map.h).
#include "docstrings.h"
#include "operations.h"
#include "value_map.h"

#include <map>
#include <optional>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace pybind11::literals;

namespace u8py {
namespace {

std::vector<std::string> namesOf(const py::object& pages) {
    if (pages.is_none())
        return {};
    if (PyUnicode_Check(pages.ptr())) { // "cp1252,cp1251", as the CLI's --mojibake=PAGE,...
        std::vector<std::string> names;
        const std::string list = pages.cast<std::string>();
        for (std::size_t from = 0; from <= list.size();) {
            const std::size_t comma = std::min(list.find(',', from), list.size());
            names.push_back(list.substr(from, comma - from));
            from = comma + 1;
        }
        return names;
    }
    return pages.cast<std::vector<std::string>>();
}

std::string joinLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines)
        text += line + '\n';
    return text;
}

std::optional<std::string> optionalName(const py::object& value) {
    if (value.is_none())
        return std::nullopt;
    return value.cast<std::string>();
}

py::object check(py::handle data, std::optional<std::size_t> maxProblems) {
    const std::size_t cap = maxProblems.value_or(SIZE_MAX);
    return mapValues<CheckReport>(
        data, InputKind::Bytes, [cap](const std::string& v) { return checkBytes(v, cap); },
        [](const CheckReport& r, py::handle) { return py::cast(r); });
}

py::object fixEncoding(py::handle text, const py::object& pages, const std::string& scope) {
    // The options without pages are made once: for one short string, making them again on
    // every call was a tenth of the call's cost.
    static const u8convert::RepairOptions kEveryPage = repairOptionsOf(RepairRequest{});
    std::optional<u8convert::RepairOptions> paged;
    if (!pages.is_none()) {
        RepairRequest request;
        request.pages = namesOf(pages);
        paged = repairOptionsOf(request);
    }
    const u8convert::RepairOptions& options = paged ? *paged : kEveryPage;
    const RepairScope repairScope = repairScopeOf(scope);
    // nullopt: nothing changed, and the str given is returned as it is (no copy for the correct
    // strings, most of a column).
    return mapValues<std::optional<std::string>>(
        text, InputKind::Text,
        [&options, repairScope](const std::string& v) -> std::optional<std::string> {
            u8convert::RepairResult r = repairBytes(v, options, repairScope);
            if (r.text == v)
                return std::nullopt;
            return std::move(r.text);
        },
        [](const std::optional<std::string>& r, py::handle given) {
            return r ? py::object(py::str(*r)) : py::reinterpret_borrow<py::object>(given);
        });
}

py::object repair(py::handle data, const RepairRequest& request, const std::string& scope) {
    const u8convert::RepairOptions options = repairOptionsOf(request);
    const RepairScope repairScope = repairScopeOf(scope);
    return mapValues<u8convert::RepairResult>(
        data, InputKind::Bytes,
        [&options, repairScope](const std::string& v) {
            return repairBytes(v, options, repairScope);
        },
        [](const u8convert::RepairResult& r, py::handle) {
            return py::object(py::make_tuple(py::bytes(r.text), py::cast(r.report.changes)));
        });
}

py::object detect(py::handle data) {
    return mapValues<u8convert::Detection>(
        data, InputKind::Bytes, [](const std::string& v) { return detectBytes(v); },
        [](const u8convert::Detection& d, py::handle) { return py::cast(d); });
}

py::object transcode(py::handle data, const TranscodeRequest& request) {
    return mapValues<std::string>(
        data, InputKind::Bytes,
        [&request](const std::string& v) { return transcodeBytes(v, request); },
        [](const std::string& r, py::handle) { return py::object(py::bytes(r)); });
}

py::object audit(py::handle text, const AuditRequest& request) {
    const AuditSetup setup = auditSetupOf(request);
    return mapValues<std::vector<u8convert::AuditFinding>>(
        text, InputKind::Either,
        [&setup](const std::string& v) { return auditBytes(v, setup.options); },
        [&setup](std::vector<u8convert::AuditFinding> findings, py::handle) {
            return py::cast(AuditReport{.profile = std::string(name(setup.options.profile)),
                                        .profileReason = setup.profileReason,
                                        .findings = std::move(findings)});
        });
}

void bindCheck(py::module_& m) {
    py::class_<CheckedProblem>(m, "Problem", "One problem that check() found, located.")
        .def_readonly("offset", &CheckedProblem::offset, "byte offset of the problem")
        .def_readonly("length", &CheckedProblem::length, "bytes it covers")
        .def_readonly("kind", &CheckedProblem::kind, "\"overlong\", \"truncated\", ...")
        .def_readonly("line", &CheckedProblem::line, "1-based; lines end at LF")
        .def_readonly("column", &CheckedProblem::column, "1-based, in characters")
        .def_readonly("explanation", &CheckedProblem::explanation, "what it is, and the rule")
        .def_readonly("message", &CheckedProblem::message, "the line `check` prints")
        .def_property_readonly(
            "bytes", [](const CheckedProblem& p) { return py::bytes(p.bytes); },
            "its first bytes (up to 8)")
        .def("__repr__", [](const CheckedProblem& p) {
            return "<u8scope.Problem " + std::to_string(p.line) + ":" + std::to_string(p.column) +
                   ": " + p.message + ">";
        });
    py::class_<CheckReport>(m, "Report", "What check() found in one value.")
        .def_readonly("valid", &CheckReport::valid, "True for valid UTF-8")
        .def_readonly("problem_count", &CheckReport::problemCount, "every problem")
        .def_readonly("problems", &CheckReport::problems, "the problems located")
        .def("__bool__", [](const CheckReport& r) { return r.valid; })
        .def("__repr__", [](const CheckReport& r) {
            return r.valid ? std::string("<u8scope.Report valid UTF-8>")
                           : "<u8scope.Report " + std::to_string(r.problemCount) + " problems>";
        });
    m.def("check", &check, doc::kCheck, "data"_a, py::kw_only(), "max_problems"_a = py::none());
}

void bindRepair(py::module_& m) {
    py::class_<u8convert::RepairChange>(m, "Change", "One change that repair() made.")
        .def_property_readonly("kind",
                               [](const u8convert::RepairChange& c) { return name(c.kind); })
        .def_readonly("offset", &u8convert::RepairChange::offset, "in the input, bytes")
        .def_readonly("length", &u8convert::RepairChange::length, "bytes replaced")
        .def_property_readonly("before",
                               [](const u8convert::RepairChange& c) { return py::bytes(c.before); })
        .def_readonly("after", &u8convert::RepairChange::after, "what replaced them")
        .def_readonly("detail", &u8convert::RepairChange::detail, "why, in a sentence")
        .def_property_readonly("pages",
                               [](const u8convert::RepairChange& c) {
                                   std::vector<std::string> names;
                                   for (const u8convert::CodePage p : c.pages)
                                       names.emplace_back(name(p));
                                   return names;
                               })
        .def_property_readonly("confidence",
                               [](const u8convert::RepairChange& c) -> py::object {
                                   if (c.kind != u8convert::RepairKind::Mojibake)
                                       return py::none();
                                   return py::str(std::string(name(c.confidence)));
                               })
        .def("__repr__", [](const u8convert::RepairChange& c) {
            return "<u8scope.Change " + std::string(name(c.kind)) + " at " +
                   std::to_string(c.offset) + ": " + c.detail + ">";
        });
    m.def("fix_encoding", &fixEncoding, doc::kFixEncoding, "text"_a, py::kw_only(),
          "pages"_a = py::none(), "scope"_a = "text");
    m.def(
        "repair",
        [](py::handle data, std::string invalid, bool mojibake, bool cesu, std::string bom,
           const py::object& c1, std::string newlines, const py::object& normalize,
           const py::object& pages, const std::string& scope) {
            RepairRequest request{.invalid = std::move(invalid),
                                  .mojibake = mojibake,
                                  .pages = namesOf(pages),
                                  .cesu = cesu,
                                  .bom = std::move(bom),
                                  .c1 = optionalName(c1),
                                  .newlines = std::move(newlines),
                                  .normalize = optionalName(normalize)};
            return repair(data, request, scope);
        },
        doc::kRepair, "data"_a, py::kw_only(), "invalid"_a = "replace", "mojibake"_a = true,
        "cesu"_a = false, "bom"_a = "keep", "c1"_a = py::none(), "newlines"_a = "keep",
        "normalize"_a = py::none(), "pages"_a = py::none(), "scope"_a = "text");
}

void bindAudit(py::module_& m) {
    using u8convert::AuditFinding;
    py::class_<AuditFinding>(m, "Finding", "One finding of audit().")
        .def_property_readonly(
            "kind", [](const AuditFinding& f) { return std::string(u8convert::kindName(f)); },
            "\"bidi-control\", \"invisible\", \"confusable\", ...; for ill-formed UTF-8 the "
            "problem's kind (\"overlong\", ...)")
        .def_readonly("offset", &AuditFinding::offset, "byte offset of its first byte")
        .def_readonly("length", &AuditFinding::length, "bytes it covers")
        .def_readonly("line", &AuditFinding::line, "1-based; lines end at LF")
        .def_readonly("column", &AuditFinding::column, "1-based, in characters")
        .def_property_readonly(
            "code_points",
            [](const AuditFinding& f) {
                return std::vector<std::uint32_t>(f.codePoints.begin(), f.codePoints.end());
            },
            "the characters concerned, as numbers (the CLI's \"cp\")")
        .def_property_readonly(
            "characters",
            [](const AuditFinding& f) {
                return py::str(PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, f.codePoints.data(),
                                                         Py_ssize_t(f.codePoints.size())));
            },
            "the characters concerned, as a str")
        .def_property_readonly(
            "bytes",
            [](const AuditFinding& f) {
                const auto head = f.problem.headBytes();
                return f.kind == u8convert::AuditKind::InvalidUtf8
                           ? py::bytes(reinterpret_cast<const char*>(head.data()), head.size())
                           : py::bytes();
            },
            "ill-formed UTF-8: its first bytes (up to 8); else b\"\"")
        .def_readonly("lookalike", &AuditFinding::lookalike,
                      "confusable: the text it is drawn like; mixed-script, not-nfc: the word or "
                      "its NFC form; else \"\"")
        .def_readonly("message", &AuditFinding::message, "the explanation, citing its rule")
        .def("__repr__", [](const AuditFinding& f) {
            return "<u8scope.Finding " + std::to_string(f.line) + ":" + std::to_string(f.column) +
                   ": " + std::string(u8convert::kindName(f)) + ">";
        });
    py::class_<AuditReport>(m, "Audit", "What audit() found in one value.")
        .def_readonly("profile", &AuditReport::profile, "\"code\" or \"text\"")
        .def_readonly("profile_reason", &AuditReport::profileReason,
                      "why that profile: \"--profile\", \"extension .py\", ...")
        .def_readonly("findings", &AuditReport::findings, "in offset order")
        .def_property_readonly(
            "kinds",
            [](const AuditReport& r) {
                std::map<std::string, std::uint64_t> counts; // sorted, as the CLI's summary
                for (const AuditFinding& f : r.findings)
                    ++counts[std::string(u8convert::kindName(f))];
                return counts;
            },
            "the findings counted by kind")
        .def("__len__", [](const AuditReport& r) { return r.findings.size(); })
        .def("__repr__", [](const AuditReport& r) {
            return "<u8scope.Audit " + r.profile +
                   " profile: " + std::to_string(r.findings.size()) + " findings>";
        });
    m.def(
        "audit",
        [](py::handle text, const py::object& profile, const py::object& kinds,
           const py::object& allow, const std::string& fileName) {
            AuditRequest request{.profile = optionalName(profile),
                                 .kinds = std::nullopt,
                                 .allow = {},
                                 .fileName = fileName};
            if (!kinds.is_none())
                request.kinds = namesOf(kinds);
            if (!allow.is_none())
                request.allow = PyUnicode_Check(allow.ptr())
                                    ? allow.cast<std::string>()
                                    : joinLines(allow.cast<std::vector<std::string>>());
            return audit(text, request);
        },
        doc::kAudit, "text"_a, "profile"_a = "code", py::kw_only(), "kinds"_a = py::none(),
        "allow"_a = py::none(), "file_name"_a = "");
}

void bindDetect(py::module_& m) {
    using u8convert::Detection;
    using u8convert::EncodingGuess;
    py::class_<EncodingGuess>(m, "Guess", "One encoding detect() considers.")
        .def_readonly("encoding", &EncodingGuess::encoding)
        .def_readonly("confidence", &EncodingGuess::confidence)
        .def_readonly("reason", &EncodingGuess::reason)
        .def_readonly("language", &EncodingGuess::language)
        .def("__repr__", [](const EncodingGuess& g) {
            return "<u8scope.Guess " + g.encoding + " " + std::to_string(g.confidence) + ">";
        });
    py::class_<Detection>(m, "Detection", "What detect() found.")
        .def_property_readonly(
            "encoding",
            [](const Detection& d) { return d.guesses.empty() ? "" : d.guesses[0].encoding; })
        .def_property_readonly(
            "confidence",
            [](const Detection& d) { return d.guesses.empty() ? 0 : d.guesses[0].confidence; })
        .def_readonly("guesses", &Detection::guesses)
        .def_readonly("valid_utf8", &Detection::validUtf8)
        .def_readonly("ascii_only", &Detection::asciiOnly)
        .def_readonly("problems", &Detection::problems)
        .def_readonly("binary", &Detection::binary)
        .def_property_readonly("mojibake_fixes",
                               [](const Detection& d) { return d.mojibake.fixes; })
        .def("__repr__", [](const Detection& d) {
            return "<u8scope.Detection " + (d.guesses.empty() ? "?" : d.guesses[0].encoding) + ">";
        });
    m.def("detect", &detect, doc::kDetect, "data"_a);
}

void bindTranscode(py::module_& m) {
    m.def(
        "transcode",
        [](py::handle data, std::string from, std::string to, std::string unmappable,
           std::string escape, bool addBom) {
            return transcode(data, TranscodeRequest{.from = std::move(from),
                                                    .to = std::move(to),
                                                    .unmappable = std::move(unmappable),
                                                    .escape = std::move(escape),
                                                    .addSignature = addBom});
        },
        doc::kTranscode, "data"_a, "from_"_a, "to"_a, py::kw_only(), "unmappable"_a = "fail",
        "escape"_a = "xml-hex", "add_bom"_a = false);
}

} // namespace
} // namespace u8py

PYBIND11_MODULE(_u8scope, m) {
    // Each docstring starts with its own signature, in the manual page's words (docstrings.h).
    py::options options;
    options.disable_function_signatures();
    m.doc() = u8py::doc::kModule;
    m.attr("__version__") = U8SCOPE_VERSION;
    m.attr("__license__") = "Apache-2.0";
    py::register_exception<u8py::CodecError>(m, "Error", PyExc_ValueError);
    u8py::bindCheck(m);
    u8py::bindRepair(m);
    u8py::bindAudit(m);
    u8py::bindDetect(m);
    u8py::bindTranscode(m);
}
