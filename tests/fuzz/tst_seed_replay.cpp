// Replays the committed seed corpus through the fuzz targets' checks with the normal compiler,
// so that every ctest run exercises them (the libFuzzer builds need clang and -DU8SCOPE_FUZZ=ON).
#include "fuzz_checks.h"

#include <QDir>
#include <QFile>
#include <QTest>

class TestFuzzSeedReplay : public QObject {
    Q_OBJECT
private slots:
    void seeds_data();
    void segmenter();
    void segmenter_data() { seeds_data(); }
    void problems();
    void problems_data() { seeds_data(); }
    void repair();
    void repair_data() { seeds_data(); }
    void decodeScanFast();
    void decodeScanFast_data() { seeds_data(); }
    void transcodeFast();
    void transcodeFast_data() { seeds_data(); }
    void audit();
    void audit_data() { seeds_data(); }
    void pieceTable();
    void pieceTable_data() { seeds_data(); }
    void auditFast();
    void auditFast_data() { seeds_data(); }
    void repairFast();
    void repairFast_data() { seeds_data(); }
    void graphemes();
    void graphemes_data() { seeds_data(); }
    void allowlist();
    void allowlist_data() { seeds_data(); }
    void arguments();
    void arguments_data() { seeds_data(); }
    void compareFast();
    void compareFast_data() { seeds_data(); }
    void emptyInput();
};

void TestFuzzSeedReplay::seeds_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(U8SCOPE_FUZZ_SEEDS));
    const QStringList files = dir.entryList(QDir::Files, QDir::Name);
    QVERIFY2(!files.isEmpty(), qPrintable(QStringLiteral("no seeds in ") + dir.path()));
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

static QByteArray readSeed(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

static std::span<const std::uint8_t> bytesOf(const QByteArray& a) {
    return {reinterpret_cast<const std::uint8_t*>(a.constData()), std::size_t(a.size())};
}

void TestFuzzSeedReplay::segmenter() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkSegmenter(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::compareFast() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkCompareFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::repairFast() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkRepairFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::auditFast() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkAuditFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::graphemes() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkGraphemesFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::allowlist() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkAllowlist(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::arguments() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkArguments(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::audit() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkAudit(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::problems() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkProblems(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::repair() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkRepair(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::decodeScanFast() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkDecodeScanFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::transcodeFast() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkTranscodeFast(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::pieceTable() {
    QFETCH(QString, path);
    const QByteArray data = readSeed(path);
    const std::string failure = u8fuzz::checkPieceTable(bytesOf(data));
    QVERIFY2(failure.empty(), failure.c_str());
}

void TestFuzzSeedReplay::emptyInput() {
    QVERIFY(u8fuzz::checkSegmenter({}).empty());
    QVERIFY(u8fuzz::checkProblems({}).empty());
    QVERIFY(u8fuzz::checkRepair({}).empty());
    QVERIFY(u8fuzz::checkDecodeScanFast({}).empty());
    QVERIFY(u8fuzz::checkTranscodeFast({}).empty());
    QVERIFY(u8fuzz::checkAudit({}).empty());
    QVERIFY(u8fuzz::checkPieceTable({}).empty());
    QVERIFY(u8fuzz::checkAuditFast({}).empty());
    QVERIFY(u8fuzz::checkRepairFast({}).empty());
    QVERIFY(u8fuzz::checkGraphemesFast({}).empty());
    QVERIFY(u8fuzz::checkAllowlist({}).empty());
    QVERIFY(u8fuzz::checkArguments({}).empty());
    QVERIFY(u8fuzz::checkCompareFast({}).empty());
}

QTEST_GUILESS_MAIN(TestFuzzSeedReplay)
#include "tst_seed_replay.moc"
