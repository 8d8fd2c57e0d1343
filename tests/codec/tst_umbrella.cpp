// The umbrella header u8codec/codec.h: it compiles alone (this file includes nothing else of the
// codec), and it includes every public header of the library, so that a header added to
// codec/include/u8codec/ without it fails here.
#include "u8codec/codec.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

class TestUmbrella : public QObject {
    Q_OBJECT
private slots:
    void compilesAlone();
    void resultsSayWhy();
    void includesEveryPublicHeader();
};

// One name from each of a few headers, reached through the umbrella only.
void TestUmbrella::compilesAlone() {
    QVERIFY(u8codec::classify(0xC0) == u8codec::ByteClass::Invalid);
    const u8codec::MemorySource source(std::vector<std::uint8_t>{0xE2, 0x82, 0xAC});
    QCOMPARE(source.size(), std::uint64_t(3));
    QVERIFY(u8codec::cpuRuns(u8codec::Isa::Portable));
}

// The error contract (result.h): a Status is ok until given an error; the code tells a cancel
// from a failure; the message is the error's, and empty (not read past) while ok.
void TestUmbrella::resultsSayWhy() {
    const u8codec::Status done;
    QVERIFY(done.ok());
    QVERIFY(done.message().empty());
    QVERIFY(!done.failedWith(u8codec::ErrorCode::Cancelled));
    const u8codec::Status stopped{u8codec::ErrorCode::Cancelled, "cancelled"};
    QVERIFY(!stopped.ok());
    QVERIFY(stopped.failedWith(u8codec::ErrorCode::Cancelled));
    QVERIFY(!stopped.failedWith(u8codec::ErrorCode::Io));
    QCOMPARE(stopped.message(), std::string("cancelled"));
    const u8codec::Result<int> value = 7;
    QVERIFY(value.ok() && *value == 7 && value.message().empty());
    const u8codec::Result<int> refused{u8codec::ErrorCode::Invalid, "f.txt: not UTF-8"};
    QVERIFY(refused.failedWith(u8codec::ErrorCode::Invalid));
    QCOMPARE(refused.message(), std::string("f.txt: not UTF-8"));
}

void TestUmbrella::includesEveryPublicHeader() {
    const QDir headers(QStringLiteral(U8SCOPE_CODEC_HEADERS));
    QFile umbrella(headers.filePath(QStringLiteral("codec.h")));
    QVERIFY2(umbrella.open(QIODevice::ReadOnly), qPrintable(umbrella.fileName()));
    QStringList included;
    const QRegularExpression include(QStringLiteral(R"re(^#include "u8codec/([a-z0-9_]+\.h)"$)re"),
                                     QRegularExpression::MultilineOption);
    for (auto it = include.globalMatch(QString::fromUtf8(umbrella.readAll())); it.hasNext();)
        included << it.next().captured(1);
    QStringList expected = headers.entryList({QStringLiteral("*.h")}, QDir::Files, QDir::Name);
    expected.removeOne(QStringLiteral("codec.h"));
    QVERIFY(expected.size() > 10);
    included.sort();
    QCOMPARE(included, expected);
}

QTEST_APPLESS_MAIN(TestUmbrella)
#include "tst_umbrella.moc"
