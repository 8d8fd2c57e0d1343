// What the window's test suites share: settings kept in a test location, and files written into
// the suite's temporary folder.
#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace u8test {

// QSettings of the suite go to a test location, under the suite's own name.
inline void useTestSettings(const QString& suite) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("u8scope-test"));
    QCoreApplication::setApplicationName(suite);
}

// Writes `bytes` to `name` in `dir`; the path, or an empty string when it cannot be written.
inline QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& bytes) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

} // namespace u8test
