// The fast Scanner (block kernels: scalar, SSE2, AVX2) must give exactly the summary a plain
// per-segment count over u8codec::segment() gives, on every input and however the input is cut
// into chunks. The reference below counts segments from the exact Segmenter and counts line
// bytes one by one; it knows no UTF-8 rule of its own.
#include "u8codec/decoder.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTest>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

using namespace u8codec;

namespace {

using Bytes = std::vector<std::uint8_t>;

ScanSummary reference(const Bytes& bytes) {
    ScanSummary s;
    for (const Segment& seg : segment(bytes))
        Scanner::count(seg, s);
    std::uint8_t last = 0;
    for (std::uint8_t b : bytes) {
        if (b == '\n') {
            ++s.lineFeeds;
            s.crlf += last == '\r' ? 1 : 0;
        } else if (b == '\r') {
            ++s.carriageReturns;
        }
        last = b;
    }
    s.bytes = bytes.size();
    s.lines = s.lineFeeds + (!bytes.empty() && last != '\n' ? 1 : 0);
    s.bom = bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF;
    return s;
}

// Compares field by field so that a failure names the field; returns false on a mismatch.
bool same(const ScanSummary& got, const ScanSummary& want, const char* what) {
    const bool equal = got.bytes == want.bytes && got.characters == want.characters &&
                       got.byLength == want.byLength && got.errors == want.errors &&
                       got.lineFeeds == want.lineFeeds &&
                       got.carriageReturns == want.carriageReturns && got.crlf == want.crlf &&
                       got.lines == want.lines && got.bom == want.bom;
    if (!equal)
        qWarning("%s\n  got  %s\n  want %s", what, got.toJson().c_str(), want.toJson().c_str());
    return equal;
}

ScanSummary scanChunks(const Bytes& bytes, Isa path, const std::vector<std::size_t>& cuts) {
    Scanner scanner(path);
    std::size_t from = 0;
    for (std::size_t cut : cuts) {
        scanner.feed(std::span<const std::uint8_t>(bytes).subspan(from, cut - from));
        from = cut;
    }
    scanner.feed(std::span<const std::uint8_t>(bytes).subspan(from));
    scanner.finish();
    return scanner.summary();
}

// Building blocks of test text: every kind of character and every kind of error segment, the
// restricted leads at both ends of their ranges, and line endings.
const std::vector<Bytes>& pieces(int group) {
    static const std::vector<Bytes> ascii = {{'t', 'h', 'e', ' '},
                                             {'U', 'T', 'F', '-', '8', ' '},
                                             {'\n'},
                                             {'\r', '\n'},
                                             {'\r'},
                                             {'a'},
                                             {0x00},
                                             {0x7F},
                                             {'\t'}};
    static const std::vector<Bytes> multibyte = {{0xC2, 0x80},
                                                 {0xC3, 0xA9},
                                                 {0xDF, 0xBF},
                                                 {0xE0, 0xA0, 0x80},
                                                 {0xE2, 0x82, 0xAC},
                                                 {0xE4, 0xB8, 0xAD},
                                                 {0xE6, 0x96, 0x87},
                                                 {0xED, 0x9F, 0xBF},
                                                 {0xEE, 0x80, 0x80},
                                                 {0xEF, 0xBF, 0xBD},
                                                 {0xEF, 0xBB, 0xBF},
                                                 {0xF0, 0x90, 0x80, 0x80},
                                                 {0xF0, 0x9F, 0x98, 0x80},
                                                 {0xF3, 0xBF, 0xBF, 0xBF},
                                                 {0xF4, 0x8F, 0xBF, 0xBF}};
    static const std::vector<Bytes> errors = {{0xC0, 0xAF},
                                              {0xC1, 0xBF},
                                              {0x80},
                                              {0xBF},
                                              {0x80, 0x80, 0x80},
                                              {0xE0, 0x80, 0xAF},
                                              {0xE0, 0x9F, 0xBF},
                                              {0xED, 0xA0, 0x80},
                                              {0xED, 0xBF, 0xBF},
                                              {0xF0, 0x80, 0x80, 0xAF},
                                              {0xF0, 0x8F, 0xBF, 0xBF},
                                              {0xF4, 0x90, 0x80, 0x80},
                                              {0xF5, 0x80, 0x80, 0x80},
                                              {0xF8, 0x88, 0x80, 0x80, 0x80},
                                              {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80},
                                              {0xFE},
                                              {0xFF},
                                              {0xC2},
                                              {0xE2, 0x82},
                                              {0xF0, 0x9F, 0x98},
                                              {0xF4},
                                              {0xE0},
                                              {0xED},
                                              {0xF0}};
    switch (group) {
    case 0:
        return ascii;
    case 1:
        return multibyte;
    default:
        return errors;
    }
}

// Random text of `length` pieces; weights[g] is the chance (in 1000) of a piece from group g.
Bytes randomText(QRandomGenerator& rng, std::size_t length, const int (&weights)[3]) {
    Bytes out;
    for (std::size_t i = 0; i < length; ++i) {
        const int roll = int(rng.bounded(1000));
        const int group = roll < weights[0] ? 0 : roll < weights[0] + weights[1] ? 1 : 2;
        const Bytes& piece = pieces(group)[rng.bounded(quint32(pieces(group).size()))];
        out.insert(out.end(), piece.begin(), piece.end());
    }
    return out;
}

Bytes randomBytes(QRandomGenerator& rng, std::size_t length) {
    Bytes out(length);
    for (auto& b : out)
        b = std::uint8_t(rng.bounded(256));
    return out;
}

QList<Isa> supportedPaths() {
    QList<Isa> paths;
    for (Isa p : {Isa::Portable, Isa::Sse2, Isa::Avx2})
        if (scanPathSupported(p))
            paths << p;
    return paths;
}

void addPathColumn() {
    QTest::addColumn<Isa>("path");
}

} // namespace

Q_DECLARE_METATYPE(Isa)

class TestScanEquivalence : public QObject {
    Q_OBJECT

private slots:
    void pathsAreReported();
    void randomInputs_data();
    void randomInputs();
    void everyErrorAtEveryBlockOffset_data();
    void everyErrorAtEveryBlockOffset();
    void allBytePairsAcrossABlockEdge_data();
    void allBytePairsAcrossABlockEdge();
    void byteTriplesAcrossABlockEdge_data();
    void byteTriplesAcrossABlockEdge();
    void chunkSplitsAtEveryPoint_data();
    void chunkSplitsAtEveryPoint();
    void smallChunks_data();
    void smallChunks();
    void longValidStretches_data();
    void longValidStretches();
    void corpus_data();
    void corpus();
    void asciiRunLength_data();
    void asciiRunLength();
    void decoderAsciiFastPath_data();
    void decoderAsciiFastPath();
    void wellFormedLength_data();
    void wellFormedLength();
    void summariesOfRandomParts();
    void partsJoinAtSegmentStarts();
};

void TestScanEquivalence::pathsAreReported() {
    // Auto resolves to a concrete path this CPU supports; Scalar is always there.
    const Isa chosen = resolveScanPath(Isa::Auto);
    QVERIFY(chosen != Isa::Auto);
    QVERIFY(scanPathSupported(chosen));
    QVERIFY(scanPathSupported(Isa::Portable));
    QCOMPARE(resolveScanPath(Isa::Portable), Isa::Portable);
    QCOMPARE(name(Isa::Avx2), std::string_view("avx2"));
    qInfo("scan path on this CPU: %s", name(chosen).data());
#if defined(__x86_64__)
    QVERIFY(scanPathSupported(Isa::Sse2));
#endif
}

void TestScanEquivalence::randomInputs_data() {
    addPathColumn();
    QTest::addColumn<int>("profile");
    QTest::addColumn<int>("length");
    const char* profiles[] = {"ascii",         "mostly-ascii", "multibyte",
                              "sparse-errors", "errors",       "random-bytes"};
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 6; ++profile)
            for (int length : {0, 1, 3, 63, 64, 65, 200, 1000, 5000})
                QTest::addRow("%s/%s/%d", name(path).data(), profiles[profile], length)
                    << path << profile << length;
}

void TestScanEquivalence::randomInputs() {
    QFETCH(Isa, path);
    QFETCH(int, profile);
    QFETCH(int, length);
    static const int weights[5][3] = {
        {1000, 0, 0}, {950, 49, 1}, {100, 899, 1}, {600, 398, 2}, {300, 400, 300}};
    for (quint32 seed = 1; seed <= 40; ++seed) {
        QRandomGenerator rng(seed * 7919 + quint32(profile));
        const Bytes bytes = profile == 5 ? randomBytes(rng, std::size_t(length))
                                         : randomText(rng, std::size_t(length), weights[profile]);
        QVERIFY2(same(scan(bytes, path), reference(bytes), "one buffer"),
                 qPrintable(QStringLiteral("seed %1").arg(seed)));
    }
}

void TestScanEquivalence::everyErrorAtEveryBlockOffset_data() {
    addPathColumn();
    QTest::addColumn<int>("context");
    const char* contexts[] = {"ascii", "two-byte", "cjk", "four-byte"};
    for (Isa path : supportedPaths())
        for (int context = 0; context < 4; ++context)
            QTest::addRow("%s/%s", name(path).data(), contexts[context]) << path << context;
}

// Each error piece (and each valid multi-byte piece) placed at every offset around the first
// two 64-byte block edges, in ASCII and in multi-byte surroundings, and at the very end.
void TestScanEquivalence::everyErrorAtEveryBlockOffset() {
    QFETCH(Isa, path);
    QFETCH(int, context);
    static const Bytes fills[4] = {
        {'x'}, {0xC3, 0xA9}, {0xE4, 0xB8, 0xAD}, {0xF0, 0x9F, 0x98, 0x80}};
    const Bytes& fill = fills[context];
    for (int group = 1; group <= 2; ++group) {
        for (const Bytes& piece : pieces(group)) {
            for (std::size_t at = 0; at <= 140; ++at) {
                Bytes bytes;
                while (bytes.size() < at)
                    bytes.insert(bytes.end(), fill.begin(), fill.end());
                bytes.resize(at); // may cut a fill character: another error, also compared
                bytes.insert(bytes.end(), piece.begin(), piece.end());
                const Bytes endsHere = bytes;
                while (bytes.size() < 260)
                    bytes.insert(bytes.end(), fill.begin(), fill.end());
                QVERIFY2(same(scan(bytes, path), reference(bytes), "piece inside"),
                         qPrintable(QStringLiteral("piece at %1").arg(at)));
                QVERIFY2(same(scan(endsHere, path), reference(endsHere), "piece at the end"),
                         qPrintable(QStringLiteral("piece at %1").arg(at)));
            }
        }
    }
}

void TestScanEquivalence::allBytePairsAcrossABlockEdge_data() {
    addPathColumn();
    QTest::addColumn<int>("context");
    for (Isa path : supportedPaths())
        for (int context = 0; context < 2; ++context)
            QTest::addRow("%s/%s", name(path).data(), context == 0 ? "ascii" : "cjk")
                << path << context;
}

// Every pair of byte values with the pair straddling the edge between the first two blocks,
// followed by a third byte that is ASCII, a continuation, or a lead.
void TestScanEquivalence::allBytePairsAcrossABlockEdge() {
    QFETCH(Isa, path);
    QFETCH(int, context);
    Bytes bytes;
    if (context == 0) {
        bytes.assign(63, 'a');
    } else {
        while (bytes.size() < 63)
            bytes.insert(bytes.end(), {0xE6, 0x96, 0x87});
        bytes.resize(63);
    }
    bytes.resize(200, 'z');
    for (int third : {0x41, 0x80, 0xBF, 0xE4}) {
        bytes[65] = std::uint8_t(third);
        for (int first = 0; first < 256; ++first) {
            for (int second = 0; second < 256; ++second) {
                bytes[63] = std::uint8_t(first);
                bytes[64] = std::uint8_t(second);
                if (!same(scan(bytes, path), reference(bytes), "pair"))
                    QFAIL(qPrintable(QStringLiteral("bytes %1 %2 %3")
                                         .arg(first, 2, 16)
                                         .arg(second, 2, 16)
                                         .arg(third, 2, 16)));
            }
        }
    }
}

void TestScanEquivalence::byteTriplesAcrossABlockEdge_data() {
    addPathColumn();
    QTest::addColumn<int>("start");
    for (Isa path : supportedPaths())
        for (int start : {61, 62, 63, 64, 125})
            QTest::addRow("%s/at-%d", name(path).data(), start) << path << start;
}

// Triples and quadruples from the byte values where the rules change, at offsets where they
// straddle a block edge in every way.
void TestScanEquivalence::byteTriplesAcrossABlockEdge() {
    QFETCH(Isa, path);
    QFETCH(int, start);
    static const std::uint8_t values[] = {0x00, 0x0A, 0x0D, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                          0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                                          0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
    Bytes bytes(192, 'q');
    const std::size_t at = std::size_t(start);
    for (std::uint8_t a : values)
        for (std::uint8_t b : values)
            for (std::uint8_t c : values)
                for (std::uint8_t d : {std::uint8_t(0x41), std::uint8_t(0x80), std::uint8_t(0xBF),
                                       std::uint8_t(0xF0)}) {
                    bytes[at] = a;
                    bytes[at + 1] = b;
                    bytes[at + 2] = c;
                    bytes[at + 3] = d;
                    if (!same(scan(bytes, path), reference(bytes), "quadruple"))
                        QFAIL(qPrintable(QStringLiteral("bytes %1 %2 %3 %4")
                                             .arg(a, 2, 16)
                                             .arg(b, 2, 16)
                                             .arg(c, 2, 16)
                                             .arg(d, 2, 16)));
                }
}

void TestScanEquivalence::chunkSplitsAtEveryPoint_data() {
    addPathColumn();
    QTest::addColumn<int>("profile");
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 3; ++profile)
            QTest::addRow("%s/%s", name(path).data(),
                          profile == 0   ? "multibyte"
                          : profile == 1 ? "errors"
                                         : "crlf")
                << path << profile;
}

// Two chunks cut at every point and three chunks cut at many pairs of points: sequences, error
// segments and CR LF pairs split across feed() calls are counted as in one buffer.
void TestScanEquivalence::chunkSplitsAtEveryPoint() {
    QFETCH(Isa, path);
    QFETCH(int, profile);
    static const int weights[3][3] = {{200, 800, 0}, {300, 400, 300}, {900, 100, 0}};
    QRandomGenerator rng(quint32(99 + profile));
    Bytes bytes = randomText(rng, 120, weights[profile]);
    if (profile == 2) // many CR LF pairs and lone CRs
        for (std::size_t i = 0; i + 1 < bytes.size(); i += 5)
            bytes[i] = '\r';
    const ScanSummary want = reference(bytes);
    for (std::size_t cut = 0; cut <= bytes.size(); ++cut)
        QVERIFY2(same(scanChunks(bytes, path, {cut}), want, "two chunks"),
                 qPrintable(QStringLiteral("cut at %1").arg(cut)));
    for (std::size_t first = 0; first <= bytes.size(); first += 3)
        for (std::size_t second = first; second <= bytes.size(); ++second)
            QVERIFY2(same(scanChunks(bytes, path, {first, second}), want, "three chunks"),
                     qPrintable(QStringLiteral("cuts at %1 and %2").arg(first).arg(second)));
}

void TestScanEquivalence::smallChunks_data() {
    addPathColumn();
    for (Isa path : supportedPaths())
        QTest::addRow("%s", name(path).data()) << path;
}

// The same input fed in chunks of every size from 1 to 200 bytes.
void TestScanEquivalence::smallChunks() {
    QFETCH(Isa, path);
    static const int weights[3] = {500, 490, 10};
    QRandomGenerator rng(4242);
    const Bytes bytes = randomText(rng, 3000, weights);
    const ScanSummary want = reference(bytes);
    for (std::size_t size = 1; size <= 200; ++size) {
        std::vector<std::size_t> cuts;
        for (std::size_t c = size; c < bytes.size(); c += size)
            cuts.push_back(c);
        QVERIFY2(same(scanChunks(bytes, path, cuts), want, "fixed-size chunks"),
                 qPrintable(QStringLiteral("chunk size %1").arg(size)));
    }
}

void TestScanEquivalence::longValidStretches_data() {
    addPathColumn();
    QTest::addColumn<int>("profile");
    const char* profiles[] = {"multibyte", "mostly-ascii", "crlf"};
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 3; ++profile)
            QTest::addRow("%s/%s", name(path).data(), profiles[profile]) << path << profile;
}

// Valid text much longer than the periods at which kernels sum counts kept in vector lanes (the
// AVX2 kernel: every 7 and every 126 blocks of 64 bytes), then one error after the first n bytes
// for many n: the counts taken before an error must be those of the blocks before it, whatever
// the phase of those periods.
void TestScanEquivalence::longValidStretches() {
    QFETCH(Isa, path);
    QFETCH(int, profile);
    static const int weights[3][3] = {{50, 950, 0}, {950, 50, 0}, {900, 100, 0}};
    QRandomGenerator rng(quint32(777 + profile));
    Bytes valid = randomText(rng, 60000, weights[profile]);
    if (profile == 2) // CR LF pairs and lone CRs all along
        for (std::size_t i = 0; i + 1 < valid.size(); i += 37)
            if (valid[i] < 0x80 && valid[i + 1] < 0x80)
                valid[i] = '\r';
    QVERIFY(valid.size() > 2 * 126 * 64);
    QVERIFY(same(scan(valid, path), reference(valid), "valid"));
    static const Bytes error = {0xE2, 0x82}; // truncated
    for (std::size_t at = 7 * 64 - 5; at < valid.size(); at += 64 * 29 + 7) {
        // Move the error to the next character boundary.
        std::size_t cut = at;
        while (cut < valid.size() && valid[cut] >= 0x80 && valid[cut] < 0xC0)
            ++cut;
        Bytes bytes(valid.begin(), valid.begin() + std::ptrdiff_t(cut));
        bytes.insert(bytes.end(), error.begin(), error.end());
        bytes.insert(bytes.end(), valid.begin() + std::ptrdiff_t(cut), valid.end());
        QVERIFY2(same(scan(bytes, path), reference(bytes), "error after a valid stretch"),
                 qPrintable(QStringLiteral("error at %1").arg(cut)));
    }
}

void TestScanEquivalence::corpus_data() {
    addPathColumn();
    QTest::addColumn<QString>("file");
    for (Isa path : supportedPaths())
        for (const char* file : {"UTF-8-demo.txt", "UTF-8-test.txt"})
            QTest::addRow("%s/%s", name(path).data(), file) << path << QString::fromLatin1(file);
}

void TestScanEquivalence::corpus() {
    QFETCH(Isa, path);
    QFETCH(QString, file);
    QFile f(QStringLiteral(U8SCOPE_CORPUS_DIR "/") + file);
    if (!f.exists())
        QSKIP("the corpus (U8SCOPE_CORPUS_DIR) is not present");
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.errorString()));
    const QByteArray data = f.readAll();
    const Bytes bytes(data.begin(), data.end());
    const ScanSummary want = reference(bytes);
    QVERIFY(same(scan(bytes, path), want, "one buffer"));
    for (std::size_t size : {1, 2, 3, 7, 63, 64, 65, 100, 4096}) {
        std::vector<std::size_t> cuts;
        for (std::size_t c = size; c < bytes.size(); c += size)
            cuts.push_back(c);
        QVERIFY2(same(scanChunks(bytes, path, cuts), want, "chunks"),
                 qPrintable(QStringLiteral("chunk size %1").arg(size)));
    }
    if (file == QLatin1String("UTF-8-test.txt"))
        QVERIFY(!want.valid());
    else
        QVERIFY(want.valid());
}

// The run of ASCII at the start, for every length and every position of the first non-ASCII
// byte, against a byte-by-byte count.
void TestScanEquivalence::asciiRunLength_data() {
    addPathColumn();
    for (Isa path : supportedPaths())
        QTest::addRow("%s", name(path).data()) << path;
}

void TestScanEquivalence::asciiRunLength() {
    QFETCH(Isa, path);
    for (std::size_t length = 0; length <= 100; ++length) {
        for (std::size_t stop = 0; stop <= length; ++stop) {
            Bytes bytes(length, 'a');
            if (stop < length)
                bytes[stop] = stop % 2 == 0 ? 0x80 : 0xFF;
            std::size_t want = 0;
            while (want < bytes.size() && bytes[want] < 0x80)
                ++want;
            QCOMPARE(u8codec::asciiRunLength(bytes, path), want);
        }
    }
}

void TestScanEquivalence::decoderAsciiFastPath_data() {
    QTest::addColumn<int>("policyValue");
    for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                          ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        QTest::addRow("%s", name(p).data()) << int(p);
}

// The Decoder copies runs of ASCII without the segmenter: its output, error count and first
// error must still be what the segments say, whole or fed in chunks.
void TestScanEquivalence::decoderAsciiFastPath() {
    QFETCH(int, policyValue);
    const auto policy = ErrorPolicy(policyValue);
    static const int weights[3] = {800, 180, 20};
    for (quint32 seed = 1; seed <= 30; ++seed) {
        QRandomGenerator rng(seed);
        const Bytes bytes = randomText(rng, 400, weights);
        // The reference, segment by segment.
        std::string want;
        std::uint64_t errorSegments = 0;
        std::optional<Segment> firstError;
        bool stopped = false;
        for (const Segment& s : segment(bytes)) {
            const auto* b = bytes.data() + s.offset;
            if (s.isValid()) {
                if (!stopped)
                    want.append(reinterpret_cast<const char*>(b), s.length);
                continue;
            }
            ++errorSegments;
            if (!firstError)
                firstError = s;
            if (stopped)
                continue;
            switch (policy) {
            case ErrorPolicy::Strict:
                stopped = true;
                break;
            case ErrorPolicy::Replace:
                want += "\xEF\xBF\xBD";
                break;
            case ErrorPolicy::Ignore:
                break;
            case ErrorPolicy::Latin1:
                for (int k = 0; k < s.length; ++k)
                    appendUtf8(b[k], want);
                break;
            case ErrorPolicy::Cp1252:
                for (int k = 0; k < s.length; ++k)
                    appendUtf8(cp1252ToUnicode(b[k]), want);
                break;
            }
        }
        for (std::size_t chunk : {bytes.size(), std::size_t(1), std::size_t(5), std::size_t(64)}) {
            Decoder decoder(policy);
            std::string got;
            bool ok = true;
            for (std::size_t at = 0; at < bytes.size() && ok; at += chunk)
                ok = decoder.feed(std::span<const std::uint8_t>(bytes).subspan(
                                      at, std::min(chunk, bytes.size() - at)),
                                  got);
            ok = decoder.finish(got) && ok;
            const QString where = QStringLiteral("seed %1, chunks of %2").arg(seed).arg(chunk);
            QVERIFY2(got == want, qPrintable(where));
            QCOMPARE(ok, !(policy == ErrorPolicy::Strict && firstError.has_value()));
            QVERIFY2(decoder.firstError() == firstError, qPrintable(where));
            if (policy != ErrorPolicy::Strict)
                QCOMPARE(decoder.errorSegments(), errorSegments);
        }
    }
}

// The well-formed prefix that the Decoder copies whole: on every path, the offset of the first
// error segment (or of a character cut short by the end), as the Segmenter gives it, with every
// error piece at every offset around the first block edges and in long random text.
void TestScanEquivalence::wellFormedLength_data() {
    addPathColumn();
    for (Isa path : supportedPaths())
        QTest::addRow("%s", name(path).data()) << path;
}

void TestScanEquivalence::wellFormedLength() {
    QFETCH(Isa, path);
    const auto reference = [](const Bytes& bytes) {
        std::size_t end = 0;
        bool error = false;
        Segmenter s;
        s.feed(std::span<const std::uint8_t>(bytes), [&](const Segment& seg) {
            if (!error && seg.isValid())
                end = std::size_t(seg.end());
            error = error || !seg.isValid();
        });
        return end;
    };
    static const Bytes fills[4] = {
        {'x'}, {0xC3, 0xA9}, {0xE4, 0xB8, 0xAD}, {0xF0, 0x9F, 0x98, 0x80}};
    for (const Bytes& fill : fills) {
        for (const Bytes& piece : pieces(2)) {
            for (std::size_t at = 0; at <= 200; ++at) {
                Bytes bytes;
                while (bytes.size() < at)
                    bytes.insert(bytes.end(), fill.begin(), fill.end());
                bytes.resize(at); // may cut a fill character: an earlier error
                bytes.insert(bytes.end(), piece.begin(), piece.end());
                const Bytes endsHere = bytes;
                while (bytes.size() < 330)
                    bytes.insert(bytes.end(), fill.begin(), fill.end());
                const QString where =
                    QStringLiteral("piece %1 at %2")
                        .arg(QString::fromLatin1(
                            QByteArray(reinterpret_cast<const char*>(piece.data()),
                                       qsizetype(piece.size()))
                                .toHex(' ')))
                        .arg(at);
                QVERIFY2(u8codec::wellFormedLength(bytes, path) == reference(bytes),
                         qPrintable(where));
                QVERIFY2(u8codec::wellFormedLength(endsHere, path) == reference(endsHere),
                         qPrintable(where + QStringLiteral(", at the end")));
            }
        }
    }
    static const int weights[3] = {600, 399, 1};
    for (quint32 seed = 1; seed <= 40; ++seed) {
        QRandomGenerator rng(seed);
        const Bytes bytes = randomText(rng, 20000, weights);
        QCOMPARE(u8codec::wellFormedLength(bytes, path), reference(bytes));
    }
}

// Parts of random text scanned on their own (as u8scope-cli scans a file on every core) and
// joined with joinSummaries give the summary of the whole, wherever the cut lies before a byte that
// is no continuation byte: CR LF, BOM, errors and a last line without LF around the cut included.
void TestScanEquivalence::summariesOfRandomParts() {
    static const int weights[3] = {700, 200, 100};
    for (quint32 seed = 1; seed <= 60; ++seed) {
        QRandomGenerator rng(seed);
        Bytes bytes = randomText(rng, 40, weights);
        if (seed % 3 == 0)
            bytes.insert(bytes.begin(), {0xEF, 0xBB, 0xBF});
        if (seed % 4 == 0)
            bytes.insert(bytes.begin() + std::ptrdiff_t(bytes.size() / 2), {'\r', '\n'});
        const ScanSummary want = reference(bytes);
        for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
            if (cut < bytes.size() && (bytes[cut] & 0xC0) == 0x80)
                continue; // a part never starts with a continuation byte
            const std::span<const std::uint8_t> all(bytes);
            const bool crlf =
                cut > 0 && cut < bytes.size() && bytes[cut - 1] == '\r' && bytes[cut] == '\n';
            const ScanSummary joined =
                joinSummaries(scan(all.first(cut)), scan(all.subspan(cut)), crlf);
            QVERIFY2(same(joined, want, "joined"),
                     qPrintable(QStringLiteral("seed %1, cut at %2").arg(seed).arg(cut)));
        }
    }
}

// A text cut where segmentStartNear() says scans in two parts whose joined summary equals the
// whole's, wherever the cut is looked for: across a BOM, CR LF, every byte of 2-, 3- and
// 4-byte characters, every error kind, a lead cut short, a run of continuation bytes too long
// to find a cut in, a text ending in CR or inside a character.
void TestScanEquivalence::partsJoinAtSegmentStarts() {
    std::string mix = "\xEF\xBB\xBF"
                      "a\r\nb\rc\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
                      "\xE0\x80\xAF\xED\xA0\x80\xF4\x90\x80\x80\xC0\xAF\xFF\xE2\x82 x\r";
    mix += std::string(70, '\x80');
    mix += "end\r\n\xC3";
    const std::string text = mix + mix;
    const Bytes bytes(text.begin(), text.end());
    const ScanSummary whole = scan(bytes);
    int cuts = 0;
    for (std::size_t from = 0; from < bytes.size(); ++from) {
        const std::optional<std::size_t> cut = segmentStartNear(bytes, from);
        if (!cut) {
            // Only inside (or just before) the long run of continuation bytes.
            QVERIFY(from + kSegmentStartSearch > bytes.size() ||
                    std::all_of(bytes.begin() + qsizetype(from),
                                bytes.begin() + qsizetype(from + kSegmentStartSearch),
                                [](std::uint8_t b) { return b >= 0x80 && b <= 0xBF; }));
            continue;
        }
        QVERIFY(*cut >= from && *cut < bytes.size());
        QVERIFY(bytes[*cut] < 0x80 || bytes[*cut] > 0xBF);
        const std::span<const std::uint8_t> all(bytes);
        const bool crlf = *cut > 0 && bytes[*cut - 1] == '\r' && bytes[*cut] == '\n';
        const ScanSummary joined =
            joinSummaries(scan(all.first(*cut)), scan(all.subspan(*cut)), crlf);
        QVERIFY2(joined.toJson() == whole.toJson(),
                 qPrintable(QStringLiteral("cut at %1").arg(*cut)));
        QCOMPARE(joined.lineFeeds, whole.lineFeeds);
        ++cuts;
    }
    QVERIFY(cuts > int(bytes.size()) / 2);
    QCOMPARE(joinSummaries(ScanSummary{}, whole, false).toJson(), whole.toJson());
    QCOMPARE(joinSummaries(whole, ScanSummary{}, false).toJson(), whole.toJson());
}

QTEST_GUILESS_MAIN(TestScanEquivalence)
#include "tst_scan_equivalence.moc"
