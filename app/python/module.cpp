// The Python module `u8scope`: u8scope-cli's check, repair --mojibake, repair, detect and
// transcode over bytes and strings in memory. Each function takes one value or a sequence of
// them; a sequence is converted to C++ values, then worked through on every core with the GIL
// released (parallel_map.h).
#include "docstrings.h"
#include "operations.h"
#include "parallel_map.h"

#include <optional>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace pybind11::literals;

namespace u8py {
namespace {

enum class InputKind { Bytes, Text };

bool isSingle(py::handle value, InputKind kind) {
    if (kind == InputKind::Text)
        return PyUnicode_Check(value.ptr());
    return PyBytes_Check(value.ptr()) || PyByteArray_Check(value.ptr());
}

std::string typeName(py::handle value) {
    return py::str(py::type::handle_of(value).attr("__name__"));
}

std::string valueOf(py::handle value, InputKind kind) {
    if (kind == InputKind::Text) {
        if (!PyUnicode_Check(value.ptr()))
            throw py::type_error("expected str, got " + typeName(value));
        Py_ssize_t size = 0;
        const char* utf8 = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
        if (!utf8)
            throw py::error_already_set(); // a lone surrogate: not encodable as UTF-8
        return {utf8, std::size_t(size)};
    }
    if (PyBytes_Check(value.ptr()))
        return {PyBytes_AS_STRING(value.ptr()), std::size_t(PyBytes_GET_SIZE(value.ptr()))};
    if (PyByteArray_Check(value.ptr()))
        return {PyByteArray_AS_STRING(value.ptr()), std::size_t(PyByteArray_GET_SIZE(value.ptr()))};
    throw py::type_error("expected bytes, got " + typeName(value) +
                         (PyUnicode_Check(value.ptr()) ? " (encode a str first)" : ""));
}

// `work` over one value (returning toPy of its result) or over every item of a sequence
// (returning a list), without the GIL while the codec works.
template <class Result, class Work, class ToPy>
py::object mapValues(py::handle data, InputKind kind, const Work& work, const ToPy& toPy) {
    if (isSingle(data, kind)) {
        const std::string value = valueOf(data, kind);
        std::optional<Result> result;
        {
            py::gil_scoped_release released;
            result.emplace(work(value));
        }
        return toPy(*result);
    }
    if (PyUnicode_Check(data.ptr()) || !py::isinstance<py::iterable>(data))
        throw py::type_error(std::string("expected ") +
                             (kind == InputKind::Text ? "str" : "bytes") +
                             " or a sequence of them, got " + typeName(data) +
                             (PyUnicode_Check(data.ptr()) ? " (encode a str first)" : ""));
    std::vector<std::string> items;
    for (py::handle item : py::reinterpret_borrow<py::iterable>(data))
        items.push_back(valueOf(item, kind));
    std::vector<ItemOutcome<Result>> outcomes;
    {
        py::gil_scoped_release released;
        outcomes = parallelMap<Result>(items, work);
    }
    py::list results;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        if (!outcomes[i].error.empty())
            throw CodecError("item " + std::to_string(i) + ": " + outcomes[i].error);
        results.append(toPy(outcomes[i].value));
    }
    return results;
}

std::vector<std::string> pageNames(const py::object& pages) {
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

std::optional<std::string> optionalName(const py::object& value) {
    if (value.is_none())
        return std::nullopt;
    return value.cast<std::string>();
}

py::object check(py::handle data, std::optional<std::size_t> maxProblems) {
    const std::size_t cap = maxProblems.value_or(SIZE_MAX);
    return mapValues<CheckReport>(
        data, InputKind::Bytes, [cap](const std::string& v) { return checkBytes(v, cap); },
        [](const CheckReport& r) { return py::cast(r); });
}

py::object fixEncoding(py::handle text, const py::object& pages) {
    RepairRequest request;
    request.pages = pageNames(pages);
    const u8convert::RepairOptions options = repairOptionsOf(request);
    return mapValues<std::string>(
        text, InputKind::Text,
        [&options](const std::string& v) { return std::move(repairBytes(v, options).text); },
        [](const std::string& r) { return py::str(r); });
}

py::object repair(py::handle data, const RepairRequest& request) {
    const u8convert::RepairOptions options = repairOptionsOf(request);
    return mapValues<u8convert::RepairResult>(
        data, InputKind::Bytes,
        [&options](const std::string& v) { return repairBytes(v, options); },
        [](const u8convert::RepairResult& r) {
            return py::object(py::make_tuple(py::bytes(r.text), py::cast(r.report.changes)));
        });
}

py::object detect(py::handle data) {
    return mapValues<u8convert::Detection>(
        data, InputKind::Bytes, [](const std::string& v) { return detectBytes(v); },
        [](const u8convert::Detection& d) { return py::cast(d); });
}

py::object transcode(py::handle data, const TranscodeRequest& request) {
    return mapValues<std::string>(
        data, InputKind::Bytes,
        [&request](const std::string& v) { return transcodeBytes(v, request); },
        [](const std::string& r) { return py::object(py::bytes(r)); });
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
          "pages"_a = py::none());
    m.def(
        "repair",
        [](py::handle data, std::string invalid, bool mojibake, bool cesu, std::string bom,
           const py::object& c1, std::string newlines, const py::object& normalize,
           const py::object& pages) {
            RepairRequest request{.invalid = std::move(invalid),
                                  .mojibake = mojibake,
                                  .pages = pageNames(pages),
                                  .cesu = cesu,
                                  .bom = std::move(bom),
                                  .c1 = optionalName(c1),
                                  .newlines = std::move(newlines),
                                  .normalize = optionalName(normalize)};
            return repair(data, request);
        },
        doc::kRepair, "data"_a, py::kw_only(), "invalid"_a = "replace", "mojibake"_a = true,
        "cesu"_a = false, "bom"_a = "keep", "c1"_a = py::none(), "newlines"_a = "keep",
        "normalize"_a = py::none(), "pages"_a = py::none());
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

PYBIND11_MODULE(u8scope, m) {
    // Each docstring starts with its own signature, in the manual page's words (docstrings.h).
    py::options options;
    options.disable_function_signatures();
    m.doc() = u8py::doc::kModule;
    m.attr("__version__") = U8SCOPE_VERSION;
    m.attr("__license__") = "Apache-2.0";
    py::register_exception<u8py::CodecError>(m, "Error", PyExc_ValueError);
    u8py::bindCheck(m);
    u8py::bindRepair(m);
    u8py::bindDetect(m);
    u8py::bindTranscode(m);
}
