// Helpers shared by the codec suites: reading hex, loading the corpus, constructed inputs, and
// printing segments in failure messages. No UTF-8 rule lives here.
#pragma once

#include "u8codec/segment.h"

#include <QByteArray>
#include <QFile>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <QTest>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace u8test {

using Bytes = std::vector<std::uint8_t>;

// "61 F1 80 80" -> bytes; spaces optional between pairs.
inline Bytes hex(const char* text) {
    const QByteArray raw = QByteArray::fromHex(QByteArray(text));
    return Bytes(raw.begin(), raw.end());
}

inline std::span<const std::uint8_t> view(const Bytes& b) {
    return {b.data(), b.size()};
}

inline Bytes toBytes(const QByteArray& a) {
    return Bytes(a.begin(), a.end());
}

inline QString corpusDir() {
    return QStringLiteral(U8SCOPE_CORPUS_DIR);
}

// The corpus file's bytes, or an empty optional-like flag when the corpus is absent.
inline bool loadCorpus(const QString& name, Bytes& out) {
    QFile f(corpusDir() + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    out = toBytes(f.readAll());
    return true;
}

// Inputs dense in every kind of error and boundary, built from byte values that sit on the
// edges of the ranges of RFC 3629 section 4's ABNF.
inline std::vector<Bytes> constructedInputs() {
    std::vector<Bytes> inputs = {
        {},
        hex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64"),
        hex("C0AF"),
        hex("E080AF"),
        hex("F08080AF"),
        hex("F8808080AF"),
        hex("FC80808080AF"),
        hex("EDA080EDB080"),
        hex("EDA0BDEDB880"),
        hex("F4908080"),
        hex("F7BFBFBF"),
        hex("FEFF"),
        hex("E282"),
        hex("E282AC"),
        hex("F09F9880"),
        hex("F09F98"),
        hex("80BF8081"),
        hex("C2"),
        hex("DF"),
        hex("EF BF BD EF BF BE"),
        hex("ED9FBF EE8080 F48FBFBF F4908080"),
        hex("E0A0 E0 9F F0 8F F0 90 F4 8F F4 90 ED 9F ED A0"),
        hex("C2 41 E1 80 41 F1 80 80 41 E1 41 F1 41 F1 80 41"),
        hex("EFBBBF 48 69 0D 0A 0D"),
    };
    // A pseudo-random walk over boundary bytes: fixed seed, so failures reproduce.
    static constexpr std::uint8_t kEdge[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                             0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                                             0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
                                             0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x0A};
    QRandomGenerator rng(20261122);
    for (int n = 0; n < 24; ++n) {
        Bytes b(std::size_t(8 + rng.bounded(120)));
        for (auto& x : b)
            x = kEdge[rng.bounded(int(sizeof kEdge))];
        inputs.push_back(std::move(b));
    }
    // Random bytes of every value.
    for (int n = 0; n < 8; ++n) {
        Bytes b(std::size_t(64 + rng.bounded(200)));
        for (auto& x : b)
            x = std::uint8_t(rng.bounded(256));
        inputs.push_back(std::move(b));
    }
    return inputs;
}

inline QString hexString(std::span<const std::uint8_t> b) {
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()))
            .toHex(' ')
            .toUpper());
}

inline QString describe(const u8codec::Segment& s) {
    return QStringLiteral("{%1+%2 %3 U+%4}")
        .arg(s.offset)
        .arg(int(s.length))
        .arg(QString::fromLatin1(u8codec::name(s.error).data(),
                                 qsizetype(u8codec::name(s.error).size())))
        .arg(uint(s.codePoint), 4, 16, QLatin1Char('0'));
}

inline QString describe(const std::vector<u8codec::Segment>& v) {
    QStringList parts;
    for (const auto& s : v)
        parts << describe(s);
    return parts.join(QLatin1Char(' '));
}

// The first difference of two segment lists, for QVERIFY2 messages; empty when equal.
inline QString firstDifference(const std::vector<u8codec::Segment>& got,
                               const std::vector<u8codec::Segment>& want) {
    const std::size_t n = std::min(got.size(), want.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!(got[i] == want[i]))
            return QStringLiteral("segment %1: got %2, want %3")
                .arg(i)
                .arg(describe(got[i]), describe(want[i]));
    if (got.size() != want.size())
        return QStringLiteral("got %1 segments, want %2").arg(got.size()).arg(want.size());
    return {};
}

} // namespace u8test
