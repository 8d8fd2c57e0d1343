// How each function of the module takes one value or many: a str or bytes is worked on alone; a
// list, tuple or other iterable, a pandas Series or a numpy array is copied into C++ values,
// worked through on every core with the GIL released (parallel_map.h), and the results come
// back in the same kind of container (a Series keeps its index and name; an array its shape).
// Missing values of a data frame's column (None, NaN, pandas.NA) are passed through untouched.
#pragma once

#include "operations.h"
#include "parallel_map.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace u8py {

namespace py = pybind11;

// What a function takes: bytes (check, repair, detect, transcode), str (fix_encoding) or either
// (audit, which reads a str as its UTF-8).
enum class InputKind { Bytes, Text, Either };

inline bool isSingle(py::handle value, InputKind kind) {
    const bool text = PyUnicode_Check(value.ptr());
    const bool bytes = PyBytes_Check(value.ptr()) || PyByteArray_Check(value.ptr());
    return kind == InputKind::Text ? text : kind == InputKind::Bytes ? bytes : text || bytes;
}

inline std::string typeName(py::handle value) {
    return py::str(py::type::handle_of(value).attr("__name__"));
}

// None, a float NaN (pandas' missing value in an object column) or pandas.NA.
inline bool isMissing(py::handle value) {
    if (value.is_none())
        return true;
    if (PyFloat_Check(value.ptr()))
        return std::isnan(PyFloat_AS_DOUBLE(value.ptr()));
    return std::strcmp(Py_TYPE(value.ptr())->tp_name, "NAType") == 0;
}

inline std::string valueOf(py::handle value, InputKind kind) {
    if (kind != InputKind::Bytes && PyUnicode_Check(value.ptr())) {
        Py_ssize_t size = 0;
        const char* utf8 = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
        if (!utf8)
            throw py::error_already_set(); // a lone surrogate: not encodable as UTF-8
        return {utf8, std::size_t(size)};
    }
    if (kind == InputKind::Text)
        throw py::type_error("expected str, got " + typeName(value));
    if (PyBytes_Check(value.ptr()))
        return {PyBytes_AS_STRING(value.ptr()), std::size_t(PyBytes_GET_SIZE(value.ptr()))};
    if (PyByteArray_Check(value.ptr()))
        return {PyByteArray_AS_STRING(value.ptr()), std::size_t(PyByteArray_GET_SIZE(value.ptr()))};
    throw py::type_error(
        "expected " + std::string(kind == InputKind::Bytes ? "bytes" : "str or bytes") + ", got " +
        typeName(value) + (PyUnicode_Check(value.ptr()) ? " (encode a str first)" : ""));
}

// The items of a container and how to give its results back: pandas Series and numpy arrays go
// through u8scope/_containers.py (their own methods copy them quickest); any other iterable
// becomes a list.
struct Unpacked {
    py::sequence items;
    py::object pack; // None: the results are returned as a list
};

inline Unpacked unpack(py::handle data, InputKind kind) {
    if (PyList_Check(data.ptr()) || PyTuple_Check(data.ptr()))
        return {py::reinterpret_borrow<py::sequence>(data), py::none()};
    if (PyUnicode_Check(data.ptr()) || !py::isinstance<py::iterable>(data))
        throw py::type_error(std::string("expected ") +
                             (kind == InputKind::Text    ? "str"
                              : kind == InputKind::Bytes ? "bytes"
                                                         : "str or bytes") +
                             " or a sequence of them, got " + typeName(data) +
                             (PyUnicode_Check(data.ptr()) ? " (encode a str first)" : ""));
    const py::tuple found = py::module_::import("u8scope._containers").attr("unpack")(data);
    return {found[0].cast<py::sequence>(), found[1]};
}

// `work` over one value (returning toPy(result, value)) or over every item of a container
// (returning the same kind of container), without the GIL while the codec works.
template <class Result, class Work, class ToPy>
py::object mapValues(py::handle data, InputKind kind, const Work& work, const ToPy& toPy) {
    if (isSingle(data, kind)) {
        const std::string value = valueOf(data, kind);
        // A short value is worked on holding the GIL: giving it up and taking it back costs
        // more than the repair of a short string, and another thread waits no longer than that.
        constexpr std::size_t kReleaseFrom = 4096;
        if (value.size() < kReleaseFrom)
            return toPy(work(value), data);
        std::optional<Result> result;
        {
            py::gil_scoped_release released;
            result.emplace(work(value));
        }
        return toPy(*result, data);
    }
    const Unpacked unpacked = unpack(data, kind);
    const std::size_t n = py::len(unpacked.items);
    std::vector<std::string> values(n);
    std::vector<char> missing(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const py::handle item = unpacked.items[i].ptr();
        if (isMissing(item))
            missing[i] = 1;
        else
            values[i] = valueOf(item, kind);
    }
    std::vector<ItemOutcome<Result>> outcomes;
    {
        py::gil_scoped_release released;
        outcomes =
            parallelMap<Result>(values, work, [&missing](std::size_t i) { return !missing[i]; });
    }
    py::list results(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!outcomes[i].error.empty())
            throw CodecError("item " + std::to_string(i) + ": " + outcomes[i].error);
        py::object item = unpacked.items[i];
        results[i] = missing[i] ? item : toPy(outcomes[i].value, item);
    }
    return unpacked.pack.is_none() ? py::object(results) : unpacked.pack(results);
}

} // namespace u8py
