// Transcoding: round trips, the fast loops against ICU, byte equality
// with uconv (run through QProcess), unmappable characters reported with their offsets.
#include "repair_test_support.h"
#include "u8convert/transcode.h"
// The kernels behind the UTF-16 loops, so that every kernel is checked, not only the one this
// CPU picks (library-internal header).
#include "utf16_kernels.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QtTest>
#include <algorithm>
#include <cstring>

using namespace u8codec;
using namespace u8convert;
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
    void encodingsNamedAsPeopleKnowThem();
    void everyListedEncodingOpens();
    void signature();
    void progressAndCancel();
    void streamingEqualsWhole_data();
    void streamingEqualsWhole();
    void utf16KernelsMatchQt_data();
    void utf16KernelsMatchQt();
    void utf16CharacterAtEveryWindowOffset();
    void utf16CharacterAcrossPieces();
    void loneSurrogatesFoundEverywhere();
    void invalidAfterLongValidPrefix_data();
    void invalidAfterLongValidPrefix();
    void invalidAtValidationPieceEdge();
    void fastPathEqualsIcuOnRandomInput();
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

// Code points of every UTF-8 length, at the edges of each length and of the surrogate range.
const std::vector<char32_t>& samplesOfLength(int length) {
    static const std::vector<char32_t> samples[5] = {
        {},
        {0x00, 0x0A, 0x20, 0x41, 0x7A, 0x7F},
        {0x80, 0xE9, 0x3A9, 0x416, 0x5D0, 0x7FF},
        {0x800, 0x20AC, 0x2019, 0x65E5, 0xD55C, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF},
        {0x10000, 0x1F600, 0x1F44D, 0x10FFFF},
    };
    return samples[length];
}

// UTF-8 and UTF-16 (LE, BE) of code points, by Qt: a reference independent of the codec.
std::string utf8Of(const std::vector<char32_t>& cps) {
    const QByteArray b = QString::fromUcs4(cps.data(), qsizetype(cps.size())).toUtf8();
    return std::string(b.constData(), std::size_t(b.size()));
}
std::string utf16Of(const std::vector<char32_t>& cps, bool bigEndian) {
    const QString s = QString::fromUcs4(cps.data(), qsizetype(cps.size()));
    std::string out;
    for (const QChar c : s) {
        const char hi = char(c.unicode() >> 8);
        const char lo = char(c.unicode() & 0xFF);
        out += bigEndian ? hi : lo;
        out += bigEndian ? lo : hi;
    }
    return out;
}

// Random text in runs of one UTF-8 length, `weights` giving how often each length (1-4) is
// chosen and `runs` the longest run: from long ASCII stretches to every length in turn.
std::vector<char32_t> randomText(QRandomGenerator& rng, std::size_t count,
                                 const std::array<int, 5>& weights, int longestRun) {
    const int total = weights[1] + weights[2] + weights[3] + weights[4];
    std::vector<char32_t> cps;
    while (cps.size() < count) {
        int pick = int(rng.bounded(total));
        int length = 1;
        while (pick >= weights[std::size_t(length)])
            pick -= weights[std::size_t(length++)];
        const std::vector<char32_t>& pool = samplesOfLength(length);
        const int run = 1 + int(rng.bounded(longestRun));
        for (int i = 0; i < run; ++i)
            cps.push_back(pool[rng.bounded(std::uint32_t(pool.size()))]);
    }
    return cps;
}

std::vector<Isa> kernels() {
    std::vector<Isa> k{Isa::Portable};
    for (const Isa v : {Isa::Avx2, Isa::Avx512})
        if (u8convert::detail::utf16KernelSupported(v))
            k.push_back(v);
    return k;
}

const char* kernelName(Isa k) {
    return name(k).data();
}

// Runs both directions of every kernel on `cps` and compares with Qt's bytes. Input and output
// live in buffers of exactly the size the kernels are promised, so that a sanitizer build sees
// any read or write past them.
void checkKernels(const std::vector<char32_t>& cps, const char* what) {
    const std::string utf8 = utf8Of(cps);
    const std::vector<std::uint8_t> u8(utf8.begin(), utf8.end());
    for (const bool be : {false, true}) {
        const std::string utf16 = utf16Of(cps, be);
        const std::vector<std::uint8_t> u16(utf16.begin(), utf16.end());
        for (const Isa k : kernels()) {
            const QByteArray context =
                QByteArray(what) + " " + kernelName(k) + (be ? " BE" : " LE");
            std::vector<char> out(2 * u8.size() + u8convert::detail::kUtf16KernelSlack);
            const char* e = u8convert::detail::utf8ToUtf16Units(k, u8.data(), u8.data() + u8.size(),
                                                                out.data(), be);
            QVERIFY2(e != nullptr, context.constData());
            QVERIFY2(std::string(out.data(), std::size_t(e - out.data())) == utf16,
                     context.constData());
            const std::optional<std::uint64_t> length =
                u8convert::detail::utf8LengthOfUtf16(k, u16.data(), u16.data() + u16.size(), be);
            QVERIFY2(length == utf8.size(), context.constData());
            std::vector<std::uint8_t> back(u16.size() / 2 * 3 +
                                           u8convert::detail::kUtf16KernelSlack);
            const std::uint8_t* f = u8convert::detail::utf16ToUtf8Bytes(
                k, u16.data(), u16.data() + u16.size(), back.data(), be);
            QVERIFY2(f != nullptr, context.constData());
            QVERIFY2(std::string(reinterpret_cast<const char*>(back.data()),
                                 reinterpret_cast<const char*>(f)) == utf8,
                     context.constData());
        }
    }
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
    QVERIFY2(there.status.ok(), there.status.message().c_str());
    const TranscodeResult back = transcode(bytes(there.output), encoding.toStdString(), "UTF-8");
    QVERIFY2(back.status.ok(), back.status.message().c_str());
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
    QVERIFY2(r.status.ok(), r.status.message().c_str());
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
    QVERIFY(!odd.status.ok()); // odd length: the last code unit is cut short
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
    QVERIFY(!fail.status.ok());
    QVERIFY(fail.output.empty());
    QCOMPARE(fail.unmappable, 2u);
    QCOMPARE(fail.unmappableOffsets, (std::vector<std::uint64_t>{2, 6}));
    QVERIFY(fail.status.message().find("offset 2") != std::string::npos);
    QVERIFY(fail.status.failedWith(u8codec::ErrorCode::Invalid));
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult sub = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    QVERIFY(sub.status.ok());
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
    QVERIFY(!r.status.ok());
    QCOMPARE(r.invalidInput, 2u);
    QCOMPARE(r.invalidInputOffsets, (std::vector<std::uint64_t>{2, 4}));
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult s2 = transcode(bytes(s), "UTF-8", "UTF-8", opt);
    QCOMPARE(q(s2.output), QByteArray("ok\xEF\xBF\xBDx\xEF\xBF\xBD"));
}

void TestTranscode::unknownEncoding() {
    const TranscodeResult r = transcode(bytes("a"), "UTF-8", "no-such-encoding");
    QVERIFY(!r.status.ok());
    QCOMPARE(q(r.status.message()), QByteArray("unknown encoding 'no-such-encoding'"));
    QVERIFY(r.status.failedWith(u8codec::ErrorCode::Invalid));
    QCOMPARE(canonicalEncodingName("latin1").value_or(""), std::string("ISO-8859-1"));
}

// `u8scope-cli --list-encodings` and its completions offer encodingNames(): each must be a name
// the transcoder takes, listed once, by the name people know (windows-1251, not ICU's table).
void TestTranscode::everyListedEncodingOpens() {
    const std::vector<std::string> names = encodingNames();
    QVERIFY(names.size() > 100);
    for (const std::string& name : names)
        QVERIFY2(canonicalEncodingName(name), name.c_str());
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    QVERIFY(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    for (const char* known : {"UTF-8", "windows-1251", "ISO-8859-2", "Shift_JIS", "KOI8-R"})
        QVERIFY2(std::find(names.begin(), names.end(), known) != names.end(), known);
    QVERIFY(std::find(names.begin(), names.end(), "ibm-5347_P100-1998") == names.end());
}

// Results and messages name an encoding as people know it, whatever alias was asked for: ICU's
// canonical name of most code pages is IBM's table ("ibm-5347_P100-1998" is windows-1251).
void TestTranscode::encodingsNamedAsPeopleKnowThem() {
    const std::pair<const char*, const char*> names[] = {
        {"cp1251", "windows-1251"}, {"ibm-5347_P100-1998", "windows-1251"},
        {"koi8r", "KOI8-R"},        {"latin2", "ISO-8859-2"},
        {"sjis", "Shift_JIS"},      {"eucjp", "EUC-JP"},
        {"mac", "macintosh"},       {"cp437", "IBM437"},
        {"utf16le", "UTF-16LE"},    {"windows-1252", "windows-1252"}};
    for (const auto& [asked, known] : names) {
        const TranscodeResult r = transcode(bytes("ab"), asked, "UTF-8"); // U+6261 in UTF-16LE
        QVERIFY2(r.status.ok(), asked);
        QCOMPARE(r.from, std::string(known));
        QCOMPARE(Transcoder(asked, "UTF-8").state().from, std::string(known));
        QCOMPARE(transcode(bytes("a"), "UTF-8", asked).to, std::string(known));
    }
    // ISO-8859-7 leaves AE undefined.
    const TranscodeResult bad = transcode(bytes("a\xAE"), "greek", "UTF-8");
    QVERIFY(!bad.status.ok());
    QVERIFY2(bad.status.message().find("not valid ISO-8859-7") != std::string::npos,
             bad.status.message().c_str());
}

void TestTranscode::signature() {
    TranscodeOptions opt;
    opt.addSignature = true;
    QCOMPARE(q(transcode(bytes("a"), "UTF-8", "UTF-16BE", opt).output),
             QByteArray("\xFE\xFF\0a", 4));
    QCOMPARE(q(transcode(bytes("a"), "UTF-8", "UTF-8", opt).output), QByteArray("\xEF\xBB\xBF"
                                                                                "a"));
    QVERIFY(!transcode(bytes("a"), "UTF-8", "KOI8-R", opt).status.ok());
    // One byte order mark, always (issue 32): the input's own is dropped, and ICU's UTF-16 and
    // UTF-32, which write one of their own, get no second. Whole and streamed (in pieces of one
    // byte, so that the signature is cut) alike.
    const struct {
        const char *input, *from, *to;
        QByteArray expected;
    } cases[] = {
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-8",
         QByteArray("\xEF\xBB\xBF"
                    "ab")},
        {"ab", "UTF-8", "UTF-16",
         QByteArray("\xFF\xFE"
                    "a\0b\0",
                    6)},
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-16",
         QByteArray("\xFF\xFE"
                    "a\0b\0",
                    6)},
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-16LE",
         QByteArray("\xFF\xFE"
                    "a\0b\0",
                    6)},
        {"ab", "UTF-8", "UTF-32",
         QByteArray("\xFF\xFE\0\0"
                    "a\0\0\0"
                    "b\0\0\0",
                    12)},
        {"\xFF\xFE"
         "a",
         "UTF-16LE", "UTF-8",
         QByteArray("\xEF\xBB\xBF"
                    "a")},
    };
    for (const auto& c : cases) {
        const std::string_view in(
            c.input, c.from == std::string_view("UTF-16LE") ? 4 : std::strlen(c.input));
        const QByteArray whole = q(transcode(bytes(std::string(in)), c.from, c.to, opt).output);
        QCOMPARE(whole, c.expected);
        Transcoder t(c.from, c.to, opt);
        std::string streamed;
        for (const char ch : in) {
            const auto byte = static_cast<std::uint8_t>(ch);
            QVERIFY(t.feed(std::span<const std::uint8_t>(&byte, 1), streamed).ok());
        }
        QVERIFY(t.finish(streamed).ok());
        QCOMPARE(q(streamed), c.expected);
    }
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
    QVERIFY2(r.status.ok(), r.status.message().c_str());
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
    QVERIFY(!c.status.ok());
    QVERIFY(c.status.failedWith(u8codec::ErrorCode::Cancelled));
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
            QVERIFY(t.status().ok());
            std::string out;
            bool ok = true;
            for (std::size_t at = 0; at < in.size() && ok; at += piece)
                ok = t.feed(in.subspan(at, std::min(piece, in.size() - at)), out).ok();
            ok = ok && t.finish(out).ok();
            QCOMPARE(ok, whole.status.ok());
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

void TestTranscode::utf16KernelsMatchQt_data() {
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("ascii");
    QTest::addColumn<int>("two");
    QTest::addColumn<int>("three");
    QTest::addColumn<int>("four");
    QTest::addColumn<int>("longestRun");
    QTest::newRow("mostly ascii, long runs") << 1 << 20 << 2 << 2 << 1 << 60;
    QTest::newRow("every length, short runs") << 2 << 1 << 1 << 1 << 1 << 3;
    QTest::newRow("two-byte runs") << 3 << 1 << 8 << 0 << 0 << 20;
    QTest::newRow("three-byte runs") << 4 << 1 << 0 << 8 << 0 << 20;
    QTest::newRow("four-byte runs") << 5 << 1 << 1 << 1 << 8 << 12;
    QTest::newRow("no ascii") << 6 << 0 << 1 << 1 << 1 << 2;
}

void TestTranscode::utf16KernelsMatchQt() {
    QFETCH(int, seed);
    QFETCH(int, ascii);
    QFETCH(int, two);
    QFETCH(int, three);
    QFETCH(int, four);
    QFETCH(int, longestRun);
    QRandomGenerator rng{quint32(seed)};
    for (int round = 0; round < 200; ++round) {
        const std::size_t count = 1 + rng.bounded(300u);
        checkKernels(randomText(rng, count, {0, ascii, two, three, four}, longestRun), "random");
        if (QTest::currentTestFailed()) {
            qWarning("seed %d round %d", seed, round);
            return;
        }
    }
    // One text long enough for many kernel pieces, through the public API as well.
    const std::vector<char32_t> cps =
        randomText(rng, 40000, {0, ascii, two, three, four}, longestRun);
    checkKernels(cps, "long");
    const std::string utf8 = utf8Of(cps);
    for (const bool be : {false, true}) {
        const char* name = be ? "UTF-16BE" : "UTF-16LE";
        const TranscodeResult there = transcode(bytes(utf8), "UTF-8", name);
        QVERIFY(there.status.ok() && there.fastPath);
        QCOMPARE(q(there.output), q(utf16Of(cps, be)));
        const TranscodeResult back = transcode(bytes(there.output), name, "UTF-8");
        QVERIFY(back.status.ok() && back.fastPath);
        QCOMPARE(q(back.output), q(utf8));
    }
}

void TestTranscode::utf16CharacterAtEveryWindowOffset() {
    // One character of each length at every offset around the 16- and 32-byte windows (and
    // 16-unit windows) from the start and from the end, in ASCII and in non-ASCII surroundings,
    // and two 4-byte ones in a row.
    for (const char32_t filler : {char32_t('a'), char32_t(0xE9), char32_t(0x65E5)})
        for (const int length : {2, 3, 4})
            for (const char32_t c : samplesOfLength(length))
                for (int at = 0; at < 72; ++at)
                    for (const int after : {70 - at, 70}) { // at every offset from the end, too
                        std::vector<char32_t> cps(std::size_t(at), filler);
                        cps.push_back(c);
                        if (length == 4)
                            cps.push_back(c);
                        cps.insert(cps.end(), std::size_t(std::max(after, 0)), filler);
                        checkKernels(cps, "window offset");
                        if (QTest::currentTestFailed()) {
                            qWarning("filler U+%04X, U+%04X at %d, %d after", unsigned(filler),
                                     unsigned(c), at, after);
                            return;
                        }
                    }
}

void TestTranscode::utf16CharacterAcrossPieces() {
    // The whole-buffer conversion hands the kernels pieces of some KiB: a character of each
    // length across every byte of a piece's end (the piece size is a power of two up to 64 KiB).
    for (const int length : {2, 3, 4}) {
        const char32_t c = samplesOfLength(length).back();
        for (std::size_t edge = std::size_t(1) << 12; edge <= (std::size_t(1) << 16); edge *= 2)
            for (int shift = -5; shift <= 2; ++shift) {
                std::vector<char32_t> cps(std::size_t(std::ptrdiff_t(edge) + shift), U'x');
                cps.push_back(c);
                cps.insert(cps.end(), 20, U'y');
                const std::string utf8 = utf8Of(cps);
                const TranscodeResult there = transcode(bytes(utf8), "UTF-8", "UTF-16LE");
                QVERIFY(there.status.ok() && there.fastPath);
                QVERIFY(there.output == utf16Of(cps, false));
                const TranscodeResult back = transcode(bytes(there.output), "UTF-16LE", "UTF-8");
                QVERIFY(back.status.ok() && back.fastPath);
                QVERIFY(back.output == utf8);
                // The same in UTF-16 units: the edge falls between the halves of a pair.
                std::vector<char32_t> units(std::size_t(std::ptrdiff_t(edge / 2) + shift), U'x');
                units.push_back(c);
                units.insert(units.end(), 20, U'y');
                const std::string utf16 = utf16Of(units, true);
                const TranscodeResult fromBe = transcode(bytes(utf16), "UTF-16BE", "UTF-8");
                QVERIFY(fromBe.status.ok() && fromBe.fastPath);
                QVERIFY(fromBe.output == utf8Of(units));
            }
    }
}

void TestTranscode::loneSurrogatesFoundEverywhere() {
    // A high surrogate not followed by a low one, and a low one without a high one before it, at
    // every unit around the 16- and 32-unit windows, amid ASCII, 2-byte and 3-byte characters
    // (each kernel has a path for blocks of each): the loops must leave the text to ICU, which
    // reports the one place (and writes U+FFFD there, as uconv does).
    for (const bool be : {false, true})
        for (const char16_t lone : {char16_t(0xD83D), char16_t(0xDE00)})
            for (const char32_t filler : {U'a', U'\u00E9', U'\u20AC'})
                for (int at = 0; at < 72; ++at) {
                    std::vector<char32_t> cps(72, filler);
                    std::string utf16 = utf16Of(cps, be);
                    const char hi = char(lone >> 8);
                    const char lo = char(lone & 0xFF);
                    utf16[std::size_t(2 * at) + (be ? 0 : 1)] = hi;
                    utf16[std::size_t(2 * at) + (be ? 1 : 0)] = lo;
                    const char* name = be ? "UTF-16BE" : "UTF-16LE";
                    TranscodeOptions opt;
                    opt.unmappable = UnmappablePolicy::Substitute;
                    const TranscodeResult r = transcode(bytes(utf16), name, "UTF-8", opt);
                    QVERIFY(r.status.ok());
                    QVERIFY(!r.fastPath);
                    QCOMPARE(r.invalidInput, 1u);
                    QCOMPARE(r.invalidInputOffsets,
                             (std::vector<std::uint64_t>{std::uint64_t(2 * at)}));
                    std::vector<char32_t> expected = cps;
                    expected[std::size_t(at)] = 0xFFFD;
                    QCOMPARE(q(r.output), q(utf8Of(expected)));
                    // The same through a Transcoder, whose loops convert without a sizing pass and
                    // meet the surrogate themselves.
                    Transcoder t(name, "UTF-8", opt);
                    std::string out;
                    QVERIFY(t.feed(bytes(utf16), out).ok() && t.finish(out).ok());
                    QCOMPARE(q(out), q(r.output));
                    QCOMPARE(t.state().invalidInputOffsets, r.invalidInputOffsets);
                    for (const Isa k : kernels()) {
                        const auto* u16 = reinterpret_cast<const std::uint8_t*>(utf16.data());
                        QVERIFY(
                            !u8convert::detail::utf8LengthOfUtf16(k, u16, u16 + utf16.size(), be));
                        std::string out(utf16.size() / 2 * 3 + u8convert::detail::kUtf16KernelSlack,
                                        '\0');
                        QVERIFY(!u8convert::detail::utf16ToUtf8Bytes(
                            k, u16, u16 + utf16.size(), reinterpret_cast<std::uint8_t*>(out.data()),
                            be));
                    }
                }
    // A high surrogate as the very last unit.
    const TranscodeResult last =
        transcode(bytes(std::string("a\0\x3D\xD8", 4)), "UTF-16LE", "UTF-8");
    QVERIFY(!last.status.ok());
    QCOMPARE(last.invalidInputOffsets, (std::vector<std::uint64_t>{2}));
}

void TestTranscode::invalidAfterLongValidPrefix_data() {
    QTest::addColumn<QByteArray>("bad");
    QTest::newRow("FF") << QByteArray("\xFF");
    QTest::newRow("lone continuation") << QByteArray("\x80");
    QTest::newRow("truncated 3-byte") << QByteArray("\xE2\x82");
    QTest::newRow("overlong") << QByteArray("\xC0\xAF");
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80");
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80");
    QTest::newRow("truncated 4-byte") << QByteArray("\xF0\x9F\x98");
}

void TestTranscode::invalidAfterLongValidPrefix() {
    // Valid multilingual text over many windows and pieces, then one bad sequence, then more
    // text; and the same with the bad sequence as the last bytes: the output equals uconv's.
    if (QStandardPaths::findExecutable(QStringLiteral("uconv")).isEmpty())
        QSKIP("uconv (icu-devtools) is not installed");
    QFETCH(QByteArray, bad);
    QByteArray prefix; // beyond the first pieces the whole-buffer conversion validates
    while (prefix.size() < 600000)
        prefix += q(allSentences());
    for (const QByteArray& input : {prefix + bad + q(allSentences()), prefix + bad}) {
        TranscodeOptions opt;
        opt.unmappable = UnmappablePolicy::Substitute;
        const auto in = std::span<const std::uint8_t>(
            reinterpret_cast<const std::uint8_t*>(input.constData()), std::size_t(input.size()));
        for (const char* to : {"UTF-16LE", "UTF-16BE"}) {
            const TranscodeResult r = transcode(in, "UTF-8", to, opt);
            QVERIFY(r.status.ok());
            QVERIFY(!r.fastPath);
            QVERIFY(r.invalidInput >= 1);
            QCOMPARE(r.invalidInputOffsets.front(), std::uint64_t(prefix.size()));
            const auto expected =
                uconv(input, {QStringLiteral("-f"), QStringLiteral("UTF-8"), QStringLiteral("-t"),
                              QString::fromLatin1(to), QStringLiteral("--callback"),
                              QStringLiteral("substitute")});
            QVERIFY(expected.has_value());
            QVERIFY(q(r.output) == *expected);
        }
    }
}

void TestTranscode::invalidAtValidationPieceEdge() {
    // A bad sequence at every byte around a power of two from 64 KiB to 1 MiB (where a
    // conversion that works in pieces would cut the input), cut there or not, is found, and the
    // whole text goes to ICU's path.
    if (QStandardPaths::findExecutable(QStringLiteral("uconv")).isEmpty())
        QSKIP("uconv (icu-devtools) is not installed");
    for (const QByteArray& bad : {QByteArray("\x80\x80\x80\x80\x80"), QByteArray("\xE2\x82"),
                                  QByteArray("\xF0\x9F\x98"), QByteArray("\xC3")})
        for (std::size_t edge = std::size_t(1) << 16; edge <= (std::size_t(1) << 20); edge *= 4)
            for (int shift = -4; shift <= 1; ++shift) {
                const auto at = std::size_t(std::ptrdiff_t(edge) + shift);
                const QByteArray input = QByteArray(qsizetype(at), 'x') + bad + "\xC3\xA9 end";
                TranscodeOptions opt;
                opt.unmappable = UnmappablePolicy::Substitute;
                const TranscodeResult r =
                    transcode(std::span<const std::uint8_t>(
                                  reinterpret_cast<const std::uint8_t*>(input.constData()),
                                  std::size_t(input.size())),
                              "UTF-8", "UTF-16LE", opt);
                QVERIFY(r.status.ok());
                QVERIFY(!r.fastPath);
                QCOMPARE(r.invalidInputOffsets.front(), std::uint64_t(at));
                if (edge == (std::size_t(1) << 18)) { // the bytes, against uconv, at one size
                    const auto expected =
                        uconv(input, {QStringLiteral("-f"), QStringLiteral("UTF-8"),
                                      QStringLiteral("-t"), QStringLiteral("UTF-16LE"),
                                      QStringLiteral("--callback"), QStringLiteral("substitute")});
                    QVERIFY(expected.has_value());
                    QVERIFY(q(r.output) == *expected);
                }
            }
}

void TestTranscode::fastPathEqualsIcuOnRandomInput() {
    // ICU's "UTF-16" converter (a byte order mark, then the platform's order) never takes the
    // loops: on random text with random bytes mixed in, the loops' output (or ICU's, where they
    // hand the input over) must equal it after the mark, with the same invalid places; and back.
    QRandomGenerator rng{7};
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    int fast = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = utf8Of(randomText(rng, 1 + rng.bounded(120u), {0, 6, 2, 2, 1}, 40));
        const int damage = round % 3 == 0 ? 0 : int(rng.bounded(4u));
        for (int i = 0; i < damage && !text.empty(); ++i)
            text[rng.bounded(std::uint32_t(text.size()))] = char(rng.bounded(256u));
        const TranscodeResult icu = transcode(bytes(text), "UTF-8", "UTF-16", opt);
        QVERIFY(icu.status.ok() && !icu.fastPath);
        // ICU writes the platform's byte order, with its mark.
        const bool icuBigEndian = q(icu.output).startsWith("\xFE\xFF");
        QVERIFY(icuBigEndian || q(icu.output).startsWith("\xFF\xFE"));
        const TranscodeResult loops =
            transcode(bytes(text), "UTF-8", icuBigEndian ? "UTF-16BE" : "UTF-16LE", opt);
        QVERIFY(loops.status.ok());
        QVERIFY2(q(loops.output) == q(icu.output).mid(2), qPrintable(q(text).toHex(' ')));
        QCOMPARE(loops.invalidInputOffsets, icu.invalidInputOffsets);
        fast += loops.fastPath ? 1 : 0;
        // Back from UTF-16BE, with random units damaged (lone surrogates among them).
        std::string utf16 = transcode(bytes(text), "UTF-8", "UTF-16BE", opt).output;
        for (int i = 0; i < damage && utf16.size() >= 2; ++i) {
            const std::size_t at = 2 * rng.bounded(std::uint32_t(utf16.size() / 2));
            const auto unit = char16_t(0xD7F0 + rng.bounded(0x820u)); // around the surrogates
            utf16[at] = char(unit >> 8);
            utf16[at + 1] = char(unit & 0xFF);
        }
        const TranscodeResult back = transcode(bytes(utf16), "UTF-16BE", "UTF-8", opt);
        const TranscodeResult backIcu =
            transcode(bytes("\xFE\xFF" + utf16), "UTF-16", "UTF-8", opt);
        QVERIFY(back.status.ok() && backIcu.status.ok() && !backIcu.fastPath);
        QVERIFY2(q(back.output) == q(backIcu.output), qPrintable(q(utf16).toHex(' ')));
        QCOMPARE(back.invalidInput, backIcu.invalidInput);
    }
    QVERIFY(fast > 1000); // the loops did take most of them
}

QTEST_GUILESS_MAIN(TestTranscode)
#include "tst_transcode.moc"
