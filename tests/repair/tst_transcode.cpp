// Transcoding (issue 4 sections 2 and 6): round trips, the fast loops against ICU, byte equality
// with uconv (run through QProcess), unmappable characters reported with their offsets.
#include "repair_test_support.h"
#include "u8codec/transcode.h"

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace u8codec;
using namespace repairtest;

class TestTranscode : public QObject {
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void sameBytesAsUconv_data();
    void sameBytesAsUconv();
    void fastLoopsKnownBytes();
    void unmappableReported();
    void invalidInputReported();
    void unknownEncoding();
    void signature();
    void progressAndCancel();
    void streamingEqualsWhole_data();
    void streamingEqualsWhole();
};

namespace {

std::string allSentences() {
    std::string s;
    for (const QString& line : sentences())
        s += utf8(line) + "\n";
    return s;
}

// Runs uconv; returns nullopt when it failed (non-zero exit).
std::optional<QByteArray> uconv(const QByteArray& input, const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral("uconv"), args);
    if (!p.waitForStarted())
        return std::nullopt;
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(30000);
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return std::nullopt;
    return p.readAllStandardOutput();
}

} // namespace

void TestTranscode::roundTrips_data() {
    QTest::addColumn<QString>("encoding");
    for (const char* e : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "UTF-16", "UTF-32",
                          "GB18030", "UTF-7", "SCSU"})
        QTest::newRow(e) << QString::fromLatin1(e);
}

void TestTranscode::roundTrips() {
    QFETCH(QString, encoding);
    const std::string text = allSentences() + "\xF0\x9F\x98\x80 \xEF\xBF\xBF end";
    const TranscodeResult there = transcode(bytes(text), "UTF-8", encoding.toStdString());
    QVERIFY2(there.ok, there.error.c_str());
    const TranscodeResult back = transcode(bytes(there.output), encoding.toStdString(), "UTF-8");
    QVERIFY2(back.ok, back.error.c_str());
    std::string expected = text;
    if (back.output.starts_with("\xEF\xBB\xBF") && !text.starts_with("\xEF\xBB\xBF"))
        expected.insert(0, "\xEF\xBB\xBF"); // a signature written by "UTF-16"/"UTF-32"
    QCOMPARE(q(back.output), q(expected));
}

void TestTranscode::sameBytesAsUconv_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QByteArray>("input");
    const QByteArray text = q(allSentences());
    const QByteArray latin = "Caf\xC3\xA9 na\xC3\xAFve \xE2\x82\xAC 5 \xE2\x80\x9Cq\xE2\x80\x9D "
                             "\xC2\x81 end";
    for (const char* to : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "UTF-16"})
        QTest::newRow(qPrintable(QStringLiteral("utf-8 to %1").arg(QLatin1String(to))))
            << "UTF-8" << to << "substitute" << text;
    for (const char* to : {"ISO-8859-1", "windows-1252", "ISO-8859-15", "KOI8-R", "Shift_JIS",
                           "EUC-JP", "GB18030", "Big5", "EUC-KR", "ISO-8859-7", "windows-1251"})
        for (const char* policy : {"substitute", "escape"}) {
            QTest::newRow(qPrintable(
                QStringLiteral("text to %1 %2").arg(QLatin1String(to), QLatin1String(policy))))
                << "UTF-8" << to << policy << text;
            QTest::newRow(qPrintable(
                QStringLiteral("latin to %1 %2").arg(QLatin1String(to), QLatin1String(policy))))
                << "UTF-8" << to << policy << latin;
        }
    // From legacy bytes: every byte value.
    QByteArray all;
    for (int b = 0; b < 256; ++b)
        all.append(char(b));
    for (const char* from : {"ISO-8859-1", "windows-1252", "KOI8-R", "ISO-8859-7", "IBM437",
                             "macintosh", "windows-1251"})
        QTest::newRow(qPrintable(QStringLiteral("%1 to utf-8").arg(QLatin1String(from))))
            << from << "UTF-8"
            << "substitute" << all;
    QTest::newRow("invalid utf-8 to utf-16le")
        << "UTF-8"
        << "UTF-16LE"
        << "substitute" << QByteArray("a\xFF\xC3 b\xED\xA0\x80z");
    QTest::newRow("invalid utf-8 escaped") << "UTF-8"
                                           << "ISO-8859-1"
                                           << "escape" << QByteArray("a\xFF\xC3 b");
    QTest::newRow("utf-16le to utf-8") << "UTF-16LE"
                                       << "UTF-8"
                                       << "substitute" << QByteArray("a\0\xE9\0=\xD8\0\xDE", 8);
    QTest::newRow("lone surrogate utf-16le") << "UTF-16LE"
                                             << "UTF-8"
                                             << "substitute" << QByteArray("a\0\x00\xD8z\0", 6);
}

void TestTranscode::sameBytesAsUconv() {
    if (QStandardPaths::findExecutable(QStringLiteral("uconv")).isEmpty())
        QSKIP("uconv (icu-devtools) is not installed");
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, policy);
    QFETCH(QByteArray, input);
    TranscodeOptions opt;
    opt.unmappable = *unmappablePolicyFromName(policy.toStdString());
    const TranscodeResult r = transcode(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(input.constData()),
                                      std::size_t(input.size())),
        from.toStdString(), to.toStdString(), opt);
    QVERIFY2(r.ok, r.error.c_str());
    const QString callback = policy == QLatin1String("escape") ? QStringLiteral("escape-xml-hex")
                                                               : QStringLiteral("substitute");
    const auto expected = uconv(input, {QStringLiteral("-f"), from, QStringLiteral("-t"), to,
                                        QStringLiteral("--callback"), callback});
    QVERIFY(expected.has_value());
    QCOMPARE(q(r.output), *expected);
}

void TestTranscode::fastLoopsKnownBytes() {
    const std::string s = "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"; // A é € 😀
    const TranscodeResult le = transcode(bytes(s), "UTF-8", "UTF-16LE");
    QVERIFY(le.fastPath);
    QCOMPARE(q(le.output), QByteArray("A\0\xE9\0\xAC\x20\x3D\xD8\x00\xDE", 10));
    const TranscodeResult odd = transcode(bytes("abc"), "utf-16be", "UTF-8");
    QVERIFY(!odd.ok); // odd length: the last code unit is cut short
    QCOMPARE(odd.invalidInput, 1u);
    const TranscodeResult u32 = transcode(bytes(s), "UTF-8", "UTF-32BE");
    QVERIFY(u32.fastPath);
    QCOMPARE(q(u32.output), QByteArray("\0\0\0A\0\0\0\xE9\0\0\x20\xAC\0\x01\xF6\x00", 16));
    const TranscodeResult back = transcode(bytes(u32.output), "UTF-32BE", "UTF-8");
    QVERIFY(back.fastPath);
    QCOMPARE(q(back.output), q(s));
    // Long ASCII runs take the vector path; a character after 16 ASCII bytes must not be lost.
    const std::string longer = std::string(40, 'x') + "\xC3\xA9" + std::string(17, 'y');
    const TranscodeResult w = transcode(bytes(longer), "UTF-8", "UTF-16BE");
    const TranscodeResult n = transcode(bytes(w.output), "UTF-16BE", "UTF-8");
    QCOMPARE(q(n.output), q(longer));
    const TranscodeResult cp = transcode(bytes("\xE2\x82\xAC \xC5\xA0"), "UTF-8", "cp1252");
    QVERIFY(cp.fastPath);
    QCOMPARE(q(cp.output), QByteArray("\x80 \x8A"));
}

void TestTranscode::unmappableReported() {
    const std::string s = "ab\xE2\x82\xAC"
                          "c\xF0\x9F\x98\x80"
                          "d"; // ab€c😀d
    TranscodeOptions opt;      // fail
    const TranscodeResult fail = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    QVERIFY(!fail.ok);
    QVERIFY(fail.output.empty());
    QCOMPARE(fail.unmappable, 2u);
    QCOMPARE(fail.unmappableOffsets, (std::vector<std::uint64_t>{2, 6}));
    QVERIFY(fail.error.find("offset 2") != std::string::npos);
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult sub = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    QVERIFY(sub.ok);
    QCOMPARE(q(sub.output), QByteArray("ab\x1A"
                                       "c\x1A"
                                       "d"));
    opt.unmappable = UnmappablePolicy::Escape;
    const TranscodeResult esc = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    QCOMPARE(q(esc.output), QByteArray("ab&#x20AC;c&#x1F600;d"));
    opt.escape = EscapeStyle::Java;
    QCOMPARE(q(transcode(bytes(s), "UTF-8", "ISO-8859-1", opt).output),
             QByteArray("ab\\u20ACc\\uD83D\\uDE00d"));
    QCOMPARE(esc.unmappable, 2u);
}

void TestTranscode::invalidInputReported() {
    const std::string s = "ok\xFF"
                          "x\xC3";
    const TranscodeResult r = transcode(bytes(s), "UTF-8", "UTF-16LE");
    QVERIFY(!r.ok);
    QCOMPARE(r.invalidInput, 2u);
    QCOMPARE(r.invalidInputOffsets, (std::vector<std::uint64_t>{2, 4}));
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult s2 = transcode(bytes(s), "UTF-8", "UTF-8", opt);
    QCOMPARE(q(s2.output), QByteArray("ok\xEF\xBF\xBDx\xEF\xBF\xBD"));
}

void TestTranscode::unknownEncoding() {
    const TranscodeResult r = transcode(bytes("a"), "UTF-8", "no-such-encoding");
    QVERIFY(!r.ok);
    QCOMPARE(q(r.error), QByteArray("unknown encoding 'no-such-encoding'"));
    QCOMPARE(canonicalEncodingName("latin1").value_or(""), std::string("ISO-8859-1"));
}

void TestTranscode::signature() {
    TranscodeOptions opt;
    opt.addSignature = true;
    QCOMPARE(q(transcode(bytes("a"), "UTF-8", "UTF-16BE", opt).output),
             QByteArray("\xFE\xFF\0a", 4));
    QCOMPARE(q(transcode(bytes("a"), "UTF-8", "UTF-8", opt).output), QByteArray("\xEF\xBB\xBF"
                                                                                "a"));
    QVERIFY(!transcode(bytes("a"), "UTF-8", "KOI8-R", opt).ok);
}

void TestTranscode::progressAndCancel() {
    // 3 MiB through ICU's path (GB18030): progress in 1 MiB pieces, monotonic, ending at total.
    std::string text;
    while (text.size() < (std::size_t(3) << 20))
        text += allSentences();
    TranscodeOptions opt;
    std::vector<std::uint64_t> done;
    opt.progress = [&](std::uint64_t d, std::uint64_t total) {
        if (total != text.size())
            return false;
        done.push_back(d);
        return true;
    };
    const TranscodeResult r = transcode(bytes(text), "UTF-8", "GB18030", opt);
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(!r.fastPath);
    QVERIFY(done.size() >= 4);
    for (std::size_t i = 1; i < done.size(); ++i)
        QVERIFY(done[i] >= done[i - 1]);
    // The pieces change nothing: the same bytes as one piece (the round trip restores the text).
    const TranscodeResult back = transcode(bytes(r.output), "GB18030", "UTF-8");
    QCOMPARE(q(back.output), q(text));
    int calls = 0;
    opt.progress = [&](std::uint64_t, std::uint64_t) { return ++calls < 3; };
    const TranscodeResult c = transcode(bytes(text), "UTF-8", "GB18030", opt);
    QVERIFY(!c.ok);
    QVERIFY(c.cancelled);
    QVERIFY(c.output.empty());
}

void TestTranscode::streamingEqualsWhole_data() {
    sameBytesAsUconv_data();
}

void TestTranscode::streamingEqualsWhole() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, policy);
    QFETCH(QByteArray, input);
    const auto in = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(input.constData()), std::size_t(input.size()));
    for (const UnmappablePolicy p :
         {*unmappablePolicyFromName(policy.toStdString()), UnmappablePolicy::Fail}) {
        TranscodeOptions opt;
        opt.unmappable = p;
        const TranscodeResult whole = transcode(in, from.toStdString(), to.toStdString(), opt);
        for (std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7),
                                  std::size_t(64), std::size_t(1) << 20}) {
            Transcoder t(from.toStdString(), to.toStdString(), opt);
            QVERIFY(t.ok());
            std::string out;
            bool ok = true;
            for (std::size_t at = 0; at < in.size() && ok; at += piece)
                ok = t.feed(in.subspan(at, std::min(piece, in.size() - at)), out);
            ok = ok && t.finish(out);
            QCOMPARE(ok, whole.ok);
            if (ok)
                QCOMPARE(q(out), q(whole.output));
            QCOMPARE(t.state().unmappable, whole.unmappable);
            QCOMPARE(t.state().invalidInput, whole.invalidInput);
            // Offsets are exact unless a bad sequence is cut between pieces.
            if (piece >= in.size()) {
                QCOMPARE(t.state().unmappableOffsets, whole.unmappableOffsets);
                QCOMPARE(t.state().invalidInputOffsets, whole.invalidInputOffsets);
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestTranscode)
#include "tst_transcode.moc"
