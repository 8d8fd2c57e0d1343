// The decoder under each error policy, and its replace / ignore output against ICU and Python 3
// (byte for byte what they give: one U+FFFD per maximal subpart, Unicode chapter 3).
#include "codec_test_support.h"
#include "u8codec/decoder.h"
#include "u8codec/segmenter.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#if U8SCOPE_HAVE_ICU
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#endif

using namespace u8codec;
using u8test::Bytes;

Q_DECLARE_METATYPE(u8codec::ErrorPolicy)

namespace {

// The WHATWG Encoding Standard's index-windows-1252 for bytes 80-9F (pointers 0-31), with the
// five bytes it leaves to the C1 controls (81 8D 8F 90 9D) shown as those controls; every other
// byte stands for the code point of the same value.
constexpr char32_t kWindows1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88-8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98-9F
};

QByteArray utf8Of(std::initializer_list<char32_t> cps) {
    QString s;
    for (char32_t cp : cps)
        s += QStringView(QChar::fromUcs4(cp));
    return s.toUtf8();
}

QByteArray qbytes(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}
QByteArray qbytes(const Bytes& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
}

// Inputs for the comparisons with ICU and Python: the constructed inputs, every pair of edge
// bytes around an 'A', and random byte strings biased towards multi-byte forms.
std::vector<Bytes> comparisonInputs() {
    std::vector<Bytes> inputs = u8test::constructedInputs();
    static constexpr std::uint8_t kEdge[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0,
                                             0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF,
                                             0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF};
    for (std::uint8_t a : kEdge)
        for (std::uint8_t b : kEdge)
            for (std::uint8_t c : kEdge)
                inputs.push_back({0x41, a, b, c, 0x42});
    QRandomGenerator rng(3629);
    for (int n = 0; n < 400; ++n) {
        Bytes b(std::size_t(rng.bounded(1, 64)));
        for (auto& x : b)
            x = rng.bounded(4) == 0 ? std::uint8_t(rng.bounded(0x80))
                                    : std::uint8_t(0x80 + rng.bounded(0x80));
        inputs.push_back(std::move(b));
    }
    for (const char* name : {"UTF-8-test.txt", "UTF-8-demo.txt"}) {
        Bytes b;
        if (u8test::loadCorpus(QString::fromLatin1(name), b))
            inputs.push_back(std::move(b));
    }
    return inputs;
}

#if U8SCOPE_HAVE_ICU
// ICU's UTF-8 converter with its default substitution callback (U+FFFD for each illegal
// sequence, which since ICU 60 is one maximal subpart) or with the skip callback; the UTF-16
// result back in UTF-8 through Qt.
QByteArray icuDecode(const Bytes& in, bool skip) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open("UTF-8", &status);
    if (U_FAILURE(status))
        return "ucnv_open failed";
    if (skip)
        ucnv_setToUCallBack(cnv, UCNV_TO_U_CALLBACK_SKIP, nullptr, nullptr, nullptr, &status);
    std::vector<UChar> out(in.size() * 2 + 4);
    const int32_t n =
        ucnv_toUChars(cnv, out.data(), int32_t(out.size()),
                      reinterpret_cast<const char*>(in.data()), int32_t(in.size()), &status);
    ucnv_close(cnv);
    if (U_FAILURE(status))
        return QByteArray("ICU error ") + u_errorName(status);
    return QStringView(reinterpret_cast<const char16_t*>(out.data()), n).toUtf8();
}
#endif

// Python 3's bytes.decode("utf-8", "replace") and ("utf-8", "ignore") of every input, in one
// process: inputs and outputs are framed by 4-byte little-endian lengths.
const char* kPythonScript = R"(import struct, sys
data = open(sys.argv[1], 'rb').read()
out = open(sys.argv[2], 'wb')
i = 0
while i < len(data):
    (n,) = struct.unpack_from('<I', data, i)
    chunk = data[i + 4:i + 4 + n]
    i += 4 + n
    for errors in ('replace', 'ignore'):
        text = chunk.decode('utf-8', errors).encode('utf-8')
        out.write(struct.pack('<I', len(text)))
        out.write(text)
out.close()
)";

void appendFramed(QByteArray& to, const QByteArray& bytes) {
    const quint32 n = quint32(bytes.size());
    const char len[4] = {char(n & 0xFF), char((n >> 8) & 0xFF), char((n >> 16) & 0xFF),
                         char(n >> 24)};
    to.append(len, 4);
    to.append(bytes);
}

QList<QByteArray> readFramed(const QByteArray& from) {
    QList<QByteArray> out;
    qsizetype i = 0;
    while (i + 4 <= from.size()) {
        const auto* p = reinterpret_cast<const unsigned char*>(from.constData() + i);
        const qsizetype n = qsizetype(p[0] | (p[1] << 8) | (p[2] << 16) | (quint32(p[3]) << 24));
        out.append(from.mid(i + 4, n));
        i += 4 + n;
    }
    return out;
}

int countReplacementCharacters(const std::string& utf8) {
    int n = 0;
    for (std::size_t at = utf8.find("\xEF\xBF\xBD"); at != std::string::npos;
         at = utf8.find("\xEF\xBF\xBD", at + 3))
        ++n;
    return n;
}

bool isWellFormed(const std::string& s) {
    for (const Segment& seg : segment({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}))
        if (!seg.isValid())
            return false;
    return true;
}

} // namespace

class TestDecoder : public QObject {
    Q_OBJECT
private slots:
    void policies_data();
    void policies();
    void strictStopsAtFirstError();
    void firstErrorWithoutDecoding();
    void policyNames();
    void cp1252EveryByte();
    void latin1EveryByte();
    void outputIsAlwaysWellFormed();
    void sameAsIcu();
    void sameAsPython();
    void corpusReplacementCount();
    void validatedCopyAcrossBlocks();
    void policiesAcrossChunkings_data();
    void policiesAcrossChunkings();
    void writerGetsStretchesWithoutCopy();
};

void TestDecoder::policies_data() {
    QTest::addColumn<QByteArray>("hexInput");
    QTest::addColumn<ErrorPolicy>("policy");
    QTest::addColumn<QByteArray>("expected"); // UTF-8
    QTest::addColumn<int>("errorSegments");
    const QByteArray fffd = utf8Of({0xFFFD});
    const QByteArray table38 = "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64";
    // Unicode Standard table 3-8: one U+FFFD per maximal subpart.
    QTest::newRow("table 3-8 replace")
        << table38 << ErrorPolicy::Replace
        << "a" + fffd + fffd + fffd + "b" + fffd + "c" + fffd + fffd + "d" << 6;
    QTest::newRow("table 3-8 ignore") << table38 << ErrorPolicy::Ignore << QByteArray("abcd") << 6;
    QTest::newRow("table 3-8 latin1")
        << table38 << ErrorPolicy::Latin1
        << utf8Of({'a', 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 'b', 0x80, 'c', 0x80, 0xBF, 'd'}) << 6;
    QTest::newRow("table 3-8 cp1252") << table38 << ErrorPolicy::Cp1252
                                      << utf8Of({'a', 0xF1, 0x20AC, 0x20AC, 0xE1, 0x20AC, 0xC2, 'b',
                                                 0x20AC, 'c', 0x20AC, 0xBF, 'd'})
                                      << 6;
    QTest::newRow("valid text untouched under strict")
        << QByteArray("41 E2 82 AC F0 9F 98 80") << ErrorPolicy::Strict
        << utf8Of({'A', 0x20AC, 0x1F600}) << 0;
    QTest::newRow("C0 AF replace")
        << QByteArray("C0 AF") << ErrorPolicy::Replace << fffd + fffd << 2;
    QTest::newRow("C0 AF latin1") << QByteArray("C0 AF") << ErrorPolicy::Latin1
                                  << utf8Of({0xC0, 0xAF}) << 2;
    QTest::newRow("truncated at end replace")
        << QByteArray("41 F0 9F 98") << ErrorPolicy::Replace << "A" + fffd << 1;
    QTest::newRow("truncated at end cp1252") << QByteArray("41 F0 9F 98") << ErrorPolicy::Cp1252
                                             << utf8Of({'A', 0xF0, 0x0178, 0x02DC}) << 1;
    QTest::newRow("mojibake bytes cp1252 unassigned")
        << QByteArray("81 8D 8F 90 9D") << ErrorPolicy::Cp1252
        << utf8Of({0x81, 0x8D, 0x8F, 0x90, 0x9D}) << 5;
    QTest::newRow("surrogate pair ignore")
        << QByteArray("78 ED A0 BD ED B8 80 79") << ErrorPolicy::Ignore << QByteArray("xy") << 6;
    QTest::newRow("empty") << QByteArray() << ErrorPolicy::Replace << QByteArray() << 0;
}

void TestDecoder::policies() {
    QFETCH(QByteArray, hexInput);
    QFETCH(ErrorPolicy, policy);
    QFETCH(QByteArray, expected);
    QFETCH(int, errorSegments);
    const Bytes in = u8test::hex(hexInput.constData());
    std::optional<Segment> firstError;
    QCOMPARE(qbytes(decode(u8test::view(in), policy, &firstError)), expected);
    QCOMPARE(firstError.has_value(), errorSegments > 0);
    Decoder d(policy);
    std::string out;
    QVERIFY(d.feed(u8test::view(in), out));
    QVERIFY(d.finish(out));
    QCOMPARE(int(d.errorSegments()), errorSegments);
}

void TestDecoder::strictStopsAtFirstError() {
    const Bytes in = u8test::hex("41 42 E2 82 43 C0 44");
    Decoder d(ErrorPolicy::Strict, 100);
    std::string out;
    QVERIFY(!d.feed(u8test::view(in), out));
    QCOMPARE(out, std::string("AB")); // what came before the error, nothing after it
    QVERIFY(d.firstError().has_value());
    QCOMPARE(d.firstError()->offset, std::uint64_t(102));
    QCOMPARE(int(d.firstError()->length), 2);
    QCOMPARE(d.firstError()->error, ErrorKind::Truncated);
    // Once failed, further bytes append nothing.
    const Bytes more = u8test::hex("45 46");
    QVERIFY(!d.feed(u8test::view(more), out));
    QVERIFY(!d.finish(out));
    QCOMPARE(out, std::string("AB"));
    // A truncated sequence at the very end fails only at finish().
    Decoder e(ErrorPolicy::Strict);
    std::string out2;
    QVERIFY(e.feed(u8test::view(u8test::hex("41 E2 82")), out2));
    QVERIFY(!e.finish(out2));
    QCOMPARE(out2, std::string("A"));
    QCOMPARE(e.firstError()->error, ErrorKind::Truncated);
}

// firstErrorIn() finds, without decoding, the error a strict decode stops at: the same segment
// on every comparison input and on each input cut at every length (an error near the end, a
// character cut short by it), and none in well-formed text.
void TestDecoder::firstErrorWithoutDecoding() {
    QCOMPARE(firstErrorIn({}), std::optional<Segment>{});
    const Bytes clean = u8test::hex("41 C3 A9 E2 82 AC F0 9F 98 80");
    QCOMPARE(firstErrorIn(u8test::view(clean)), std::optional<Segment>{});
    const std::optional<Segment> found = firstErrorIn(u8test::view(u8test::hex("41 42 E2 82 43")));
    QVERIFY(found.has_value());
    QCOMPARE(found->offset, std::uint64_t(2));
    QCOMPARE(found->error, ErrorKind::Truncated);
    int errors = 0;
    for (const Bytes& whole : comparisonInputs()) {
        for (std::size_t cut = 0; cut <= std::min<std::size_t>(whole.size(), 70); ++cut) {
            const auto in = u8test::view(whole).first(whole.size() - cut);
            std::optional<Segment> strict;
            static_cast<void>(decode(in, ErrorPolicy::Strict, &strict)); // only where it stops
            QCOMPARE(firstErrorIn(in), strict);
            errors += strict.has_value();
        }
    }
    QVERIFY(errors > 100); // the inputs do hold errors, at many places
}

void TestDecoder::policyNames() {
    for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                          ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        QCOMPARE(errorPolicyFromName(name(p)), std::optional<ErrorPolicy>(p));
    QCOMPARE(name(ErrorPolicy::Cp1252), std::string_view("cp1252"));
    QVERIFY(!errorPolicyFromName("windows-1252").has_value());
    QVERIFY(!errorPolicyFromName("").has_value());
}

void TestDecoder::cp1252EveryByte() {
    for (int b = 0; b < 256; ++b) {
        const char32_t want = b >= 0x80 && b <= 0x9F ? kWindows1252High[b - 0x80] : char32_t(b);
        QCOMPARE(uint(cp1252ToUnicode(std::uint8_t(b))), uint(want));
        // A high byte on its own is always an error segment (a stray continuation, a lead at
        // the end, or a byte that never appears), so the cp1252 policy shows its character.
        if (b >= 0x80) {
            const Bytes in{std::uint8_t(b)};
            QCOMPARE(qbytes(decode(u8test::view(in), ErrorPolicy::Cp1252)), utf8Of({want}));
        }
    }
    // The five bytes windows-1252 leaves unassigned are the C1 controls of the same value.
    for (int b : {0x81, 0x8D, 0x8F, 0x90, 0x9D})
        QCOMPARE(uint(cp1252ToUnicode(std::uint8_t(b))), uint(b));
}

void TestDecoder::latin1EveryByte() {
    for (int b = 0x80; b < 256; ++b) {
        const Bytes in{0x41, std::uint8_t(b), 0x42};
        QCOMPARE(qbytes(decode(u8test::view(in), ErrorPolicy::Latin1)),
                 utf8Of({'A', char32_t(b), 'B'}));
    }
}

void TestDecoder::outputIsAlwaysWellFormed() {
    for (const Bytes& in : comparisonInputs())
        for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                              ErrorPolicy::Latin1, ErrorPolicy::Cp1252}) {
            const std::string out = decode(u8test::view(in), p);
            QVERIFY2(isWellFormed(out), qPrintable(u8test::hexString(u8test::view(in))));
        }
}

void TestDecoder::sameAsIcu() {
#if U8SCOPE_HAVE_ICU
    for (const Bytes& in : comparisonInputs()) {
        const QByteArray replaced = qbytes(decode(u8test::view(in), ErrorPolicy::Replace));
        const QByteArray ignored = qbytes(decode(u8test::view(in), ErrorPolicy::Ignore));
        QVERIFY2(replaced == icuDecode(in, false),
                 qPrintable(QStringLiteral("replace: ") + u8test::hexString(u8test::view(in))));
        QVERIFY2(ignored == icuDecode(in, true),
                 qPrintable(QStringLiteral("ignore: ") + u8test::hexString(u8test::view(in))));
    }
#else
    QSKIP("built without ICU");
#endif
}

void TestDecoder::sameAsPython() {
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("python3 not found");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::vector<Bytes> inputs = comparisonInputs();
    QByteArray framed;
    for (const Bytes& in : inputs)
        appendFramed(framed, qbytes(in));
    QFile inFile(dir.filePath(QStringLiteral("in.bin")));
    QVERIFY(inFile.open(QIODevice::WriteOnly));
    QCOMPARE(inFile.write(framed), framed.size());
    inFile.close();
    QProcess proc;
    proc.start(python, {QStringLiteral("-c"), QString::fromLatin1(kPythonScript), inFile.fileName(),
                        dir.filePath(QStringLiteral("out.bin"))});
    QVERIFY2(proc.waitForFinished(60000), qPrintable(proc.errorString()));
    QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0,
             proc.readAllStandardError().constData());
    QFile outFile(dir.filePath(QStringLiteral("out.bin")));
    QVERIFY(outFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> outputs = readFramed(outFile.readAll());
    QCOMPARE(outputs.size(), qsizetype(inputs.size() * 2));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const QString label = u8test::hexString(u8test::view(inputs[i])).left(200);
        QVERIFY2(qbytes(decode(u8test::view(inputs[i]), ErrorPolicy::Replace)) ==
                     outputs[qsizetype(2 * i)],
                 qPrintable(QStringLiteral("replace: ") + label));
        QVERIFY2(qbytes(decode(u8test::view(inputs[i]), ErrorPolicy::Ignore)) ==
                     outputs[qsizetype(2 * i + 1)],
                 qPrintable(QStringLiteral("ignore: ") + label));
    }
}

void TestDecoder::corpusReplacementCount() {
    Bytes in;
    if (!u8test::loadCorpus(QStringLiteral("UTF-8-test.txt"), in))
        QSKIP("corpus not found (U8SCOPE_CORPUS_DIR)");
    // The file holds one U+FFFD itself (its test 2.3.3, EF BF BD, a valid character); every
    // other U+FFFD in the output stands for one error segment.
    QCOMPARE(countReplacementCharacters(std::string(in.begin(), in.end())), 1);
    Decoder d(ErrorPolicy::Replace);
    std::string out;
    QVERIFY(d.feed(u8test::view(in), out));
    QVERIFY(d.finish(out));
    QCOMPARE(countReplacementCharacters(out), 379);
    QCOMPARE(d.errorSegments(), std::uint64_t(378));
    // Strict stops at the first of them, which is the first error segment of the file.
    std::optional<Segment> first;
    static_cast<void>(decode(u8test::view(in), ErrorPolicy::Strict, &first)); // where it stops
    QVERIFY(first.has_value());
    for (const Segment& s : segment(u8test::view(in)))
        if (!s.isValid()) {
            QCOMPARE(*first, s);
            break;
        }
}

// Long well-formed stretches are copied after the vectorised scan has checked them, 64 KiB at
// a time; errors near and across those blocks' edges, characters cut by them and by the chunks
// fed, and every policy give what feeding one byte at a time (which never copies a block) gives:
// the same text, the same first error, the same count.
void TestDecoder::validatedCopyAcrossBlocks() {
    std::string text;
    while (text.size() < 300000)
        text += "Grüße, Привет, 中文 and 😀 — ";
    const auto insertAt = [&](std::size_t at, std::string_view bad) {
        while ((std::uint8_t(text[at]) & 0xC0) == 0x80)
            ++at;
        text.insert(at, bad);
    };
    insertAt(65536 + 70000, "\xC0\xAF");
    insertAt(65534, "\xF0\x9F\x98"); // a character cut short where the first block ends
    insertAt(200000, "\x80\xFF");
    text.insert(131072 - 1, "\xE2\x82"); // straddles the second block's end
    const auto bytes = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    for (ErrorPolicy policy : {ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                               ErrorPolicy::Cp1252, ErrorPolicy::Strict}) {
        Decoder oneByOne(policy);
        std::string expected;
        bool expectedOk = true; // false under Strict, at the first error: compared below too
        for (std::uint8_t b : bytes)
            expectedOk =
                oneByOne.feed(std::span<const std::uint8_t>(&b, 1), expected) && expectedOk;
        expectedOk = oneByOne.finish(expected) && expectedOk;
        for (std::size_t chunk :
             {std::size_t(4096), std::size_t(65537), std::size_t(100000), bytes.size()}) {
            Decoder d(policy);
            std::string out;
            bool ok = true;
            for (std::size_t at = 0; at < bytes.size(); at += chunk)
                ok = d.feed(bytes.subspan(at, std::min(chunk, bytes.size() - at)), out) && ok;
            ok = d.finish(out) && ok;
            QCOMPARE(ok, expectedOk);
            QCOMPARE(ok, policy != ErrorPolicy::Strict);
            QCOMPARE(out.size(), expected.size());
            QVERIFY(out == expected);
            QCOMPARE(d.errorSegments(), oneByOne.errorSegments());
            QCOMPARE(d.firstError().has_value(), oneByOne.firstError().has_value());
            if (d.firstError())
                QCOMPARE(d.firstError()->offset, oneByOne.firstError()->offset);
        }
    }
}

namespace {

struct Decoded {
    std::string text;
    std::uint64_t errorSegments = 0;
    std::optional<Segment> firstError;
    bool ok = true;
};

// The decoding written out from its definition, segment by segment (the Segmenter's maximal
// subparts): a valid character is copied, an error segment takes the policy's form. Shares no
// code with the Decoder's fast paths.
Decoded referenceDecode(std::span<const std::uint8_t> bytes, ErrorPolicy policy) {
    Decoded d;
    for (const Segment& s : segment(bytes)) {
        if (!d.ok)
            break;
        const auto* b = bytes.data() + s.offset;
        if (s.isValid()) {
            d.text.append(reinterpret_cast<const char*>(b), s.length);
            continue;
        }
        ++d.errorSegments;
        if (!d.firstError)
            d.firstError = s;
        switch (policy) {
        case ErrorPolicy::Strict:
            d.ok = false;
            break;
        case ErrorPolicy::Replace:
            d.text += utf8Of({0xFFFD}).toStdString();
            break;
        case ErrorPolicy::Ignore:
            break;
        case ErrorPolicy::Latin1:
            for (int k = 0; k < s.length; ++k)
                d.text += utf8Of({char32_t(b[k])}).toStdString();
            break;
        case ErrorPolicy::Cp1252:
            for (int k = 0; k < s.length; ++k)
                d.text += utf8Of({b[k] >= 0x80 && b[k] <= 0x9F ? kWindows1252High[b[k] - 0x80]
                                                               : char32_t(b[k])})
                              .toStdString();
            break;
        }
    }
    return d;
}

Decoded decodeInChunks(std::span<const std::uint8_t> bytes, ErrorPolicy policy, std::size_t chunk) {
    Decoded d;
    Decoder decoder(policy);
    for (std::size_t at = 0; at < bytes.size(); at += chunk)
        d.ok = decoder.feed(bytes.subspan(at, std::min(chunk, bytes.size() - at)), d.text) && d.ok;
    d.ok = decoder.finish(d.text) && d.ok;
    d.errorSegments = decoder.errorSegments();
    d.firstError = decoder.firstError();
    return d;
}

// Inputs for the fast paths: error-dense random bytes, text with errors now and then (every
// kind, at window edges and far apart), and text that is valid throughout.
QList<QPair<QString, Bytes>> fastPathInputs() {
    QList<QPair<QString, Bytes>> inputs;
    QRandomGenerator rng(1818);
    Bytes random(60000);
    for (auto& b : random)
        b = std::uint8_t(rng.bounded(256));
    inputs.append({QStringLiteral("random bytes"), random});
    Bytes high(30000); // bytes 80-FF only: every policy's error path, no ASCII between
    for (auto& b : high)
        b = std::uint8_t(0x80 + rng.bounded(0x80));
    inputs.append({QStringLiteral("high bytes"), high});
    std::string text;
    while (text.size() < 150000)
        text += "Grüße, Привет, 中文 and 😀 — plain ASCII words in between. ";
    inputs.append({QStringLiteral("valid"), Bytes(text.begin(), text.end())});
    static const char* const kBad[] = {
        "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
        "\xF5",     "\xFF",         "\x80",         "\xBF\xBF",
        "\xE2\x82", "\xF0\x9F\x98", "\xC2",         "\x81\x8D\x8F\x90\x9D"};
    for (int density : {40, 400, 20000}) {
        std::string damaged = text;
        for (std::size_t at = std::size_t(rng.bounded(density)); at < damaged.size();
             at += 1 + std::size_t(rng.bounded(density)))
            damaged.insert(at, kBad[rng.bounded(int(std::size(kBad)))]);
        inputs.append({QStringLiteral("errors every ~%1 bytes").arg(density / 2),
                       Bytes(damaged.begin(), damaged.end())});
    }
    std::string edges = text.substr(0, 4096);
    for (std::size_t at : {63, 64, 65, 127, 128, 129, 191, 192, 1000, 4000})
        edges.insert(at, kBad[at % std::size(kBad)]);
    inputs.append({QStringLiteral("errors at window edges"), Bytes(edges.begin(), edges.end())});
    return inputs;
}

} // namespace

void TestDecoder::policiesAcrossChunkings_data() {
    QTest::addColumn<ErrorPolicy>("policy");
    for (ErrorPolicy p : {ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                          ErrorPolicy::Cp1252, ErrorPolicy::Strict})
        QTest::addRow("%s", name(p).data()) << p;
}

// Every policy over the vectorised paths (well-formed blocks copied whole, error windows from the
// byte-class masks, latin1 and cp1252 from their tables) gives what the segments say and what
// feeding one byte at a time gives (which never reaches those paths), for every chunking: the
// same text, error count and first error.
void TestDecoder::policiesAcrossChunkings() {
    QFETCH(ErrorPolicy, policy);
    for (const auto& [label, bytes] : fastPathInputs()) {
        const Decoded want = referenceDecode(bytes, policy);
        const Decoded oneByOne = decodeInChunks(bytes, policy, 1);
        QVERIFY2(oneByOne.text == want.text, qPrintable(label + QStringLiteral(": one by one")));
        QCOMPARE(oneByOne.errorSegments, policy == ErrorPolicy::Strict
                                             ? std::min<std::uint64_t>(want.errorSegments, 1)
                                             : want.errorSegments);
        for (std::size_t chunk :
             {std::size_t(2), std::size_t(3), std::size_t(63), std::size_t(64), std::size_t(65),
              std::size_t(127), std::size_t(129), std::size_t(1000), std::size_t(4096),
              std::size_t(65537), bytes.size()}) {
            const QString where = label + QStringLiteral(", chunks of %1").arg(chunk);
            const Decoded got = decodeInChunks(bytes, policy, chunk);
            QVERIFY2(got.text == want.text, qPrintable(where));
            QVERIFY2(got.text == oneByOne.text, qPrintable(where));
            QCOMPARE(got.ok, want.ok);
            QCOMPARE(got.errorSegments, oneByOne.errorSegments);
            QVERIFY2(got.firstError == want.firstError, qPrintable(where));
        }
    }
}

// The Writer gets long well-formed stretches as views into the fed bytes, and in all the same
// text as the string form.
void TestDecoder::writerGetsStretchesWithoutCopy() {
    for (const auto& [label, bytes] : fastPathInputs()) {
        for (ErrorPolicy policy : {ErrorPolicy::Replace, ErrorPolicy::Cp1252}) {
            for (std::size_t chunk : {std::size_t(1000), std::size_t(1) << 18, bytes.size()}) {
                Decoder decoder(policy);
                std::string written;
                bool direct = false;
                const Decoder::Writer write = [&](std::string_view piece) {
                    const auto* p = reinterpret_cast<const std::uint8_t*>(piece.data());
                    direct = direct || (p >= bytes.data() && p < bytes.data() + bytes.size());
                    written.append(piece);
                };
                bool ok = true;
                for (std::size_t at = 0; at < bytes.size(); at += chunk)
                    ok = decoder.feed(std::span<const std::uint8_t>(bytes).subspan(
                                          at, std::min(chunk, bytes.size() - at)),
                                      write) &&
                         ok;
                ok = decoder.finish(write) && ok;
                const QString where = label + QStringLiteral(", chunks of %1").arg(chunk);
                const Decoded intoString = decodeInChunks(bytes, policy, chunk);
                QVERIFY2(written == intoString.text, qPrintable(where));
                QVERIFY2(ok == intoString.ok, qPrintable(where));
                if (label == QLatin1String("valid") && chunk >= (std::size_t(1) << 18))
                    QVERIFY2(direct, qPrintable(where));
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestDecoder)
#include "tst_decoder.moc"
