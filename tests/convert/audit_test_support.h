// Helpers shared by the audit suites: running the Auditor in a chosen chunking and printing its
// findings in failure messages. No audit rule lives here.
#pragma once

#include "u8codec/encoder.h"
#include "u8convert/audit.h"

#include <QByteArray>
#include <QFile>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace audittest {

inline std::span<const std::uint8_t> bytes(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

inline u8convert::AuditOptions options(u8convert::AuditProfile profile,
                                       u8convert::AuditKindMask kinds = u8convert::kAllAuditKinds) {
    u8convert::AuditOptions o;
    o.profile = profile;
    o.kinds = kinds;
    return o;
}

// Chunk sizes: 0 = the whole input at once, 1 = byte by byte, otherwise random sizes from 1 to
// `chunking` drawn with that seed.
inline std::vector<u8convert::AuditFinding>
run(const std::string& text, const u8convert::AuditOptions& o, int chunking = 0) {
    std::vector<u8convert::AuditFinding> out;
    u8convert::Auditor auditor(o);
    const auto keep = [&](const u8convert::AuditFinding& f) { out.push_back(f); };
    const auto all = bytes(text);
    QRandomGenerator random{quint32(chunking)};
    for (std::size_t pos = 0; pos < all.size();) {
        std::size_t n = all.size() - pos;
        if (chunking == 1)
            n = 1;
        else if (chunking > 1)
            n = std::min<std::size_t>(n, 1 + random.bounded(quint32(chunking)));
        auditor.feed(all.subspan(pos, n), keep);
        pos += n;
    }
    auditor.finish(keep);
    return out;
}

// "kind@offset" for each finding, for comparisons and messages.
inline QStringList summary(const std::vector<u8convert::AuditFinding>& findings) {
    QStringList s;
    for (const auto& f : findings)
        s << QStringLiteral("%1@%2")
                 .arg(QString::fromUtf8(u8convert::kindName(f).data(),
                                        qsizetype(u8convert::kindName(f).size())))
                 .arg(f.offset);
    return s;
}

// Everything a finding says, for exact comparisons between chunkings.
inline QString describe(const u8convert::AuditFinding& f) {
    QString cps;
    for (char32_t cp : f.codePoints)
        cps += QString::number(uint(cp), 16) + QLatin1Char(' ');
    return QStringLiteral("%1@%2+%3 %4:%5 [%6] %7 | %8")
        .arg(QString::fromUtf8(u8convert::kindName(f).data(),
                               qsizetype(u8convert::kindName(f).size())))
        .arg(f.offset)
        .arg(f.length)
        .arg(f.line)
        .arg(f.column)
        .arg(cps, QString::fromStdString(f.message), QString::fromStdString(f.lookalike));
}

inline bool readFile(const QString& path, std::string& out) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray a = f.readAll();
    out.assign(a.constData(), std::size_t(a.size()));
    return true;
}

} // namespace audittest
