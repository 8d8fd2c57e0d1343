// The instruction sets (u8codec/cpu_features.h): each set's features are what the CPU reports
// in /proc/cpuinfo, a name the library cannot ask about counts as absent, and no kernel names
// target features of its own instead of the sets' one definition.
#include "u8codec/cpu_features.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using u8codec::Isa;

class TestCpuFeatures : public QObject {
    Q_OBJECT
private slots:
    void featuresAreWhatTheCpuReports();
    void unknownFeatureIsAbsent();
    void setsNest();
    void kernelsNameNoFeaturesOfTheirOwn();
};

namespace {

// The feature flags of the first CPU in /proc/cpuinfo (Linux spells some with an underscore:
// avx512_vbmi2), empty where there is none to read.
QStringList cpuinfoFlags() {
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (!cpuinfo.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray& line : cpuinfo.readAll().split('\n'))
        if (line.startsWith("flags"))
            return QString::fromLatin1(line.mid(line.indexOf(':') + 1))
                .remove(QLatin1Char('_'))
                .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return {};
}

} // namespace

void TestCpuFeatures::featuresAreWhatTheCpuReports() {
    const QStringList flags = cpuinfoFlags();
    if (flags.isEmpty())
        QSKIP("no /proc/cpuinfo flags to compare with");
    for (const Isa isa : {Isa::Avx2, Isa::Avx512}) {
        const QStringList features = QString::fromLatin1(u8codec::features(isa).data(),
                                                         qsizetype(u8codec::features(isa).size()))
                                         .split(QLatin1Char(','));
        QVERIFY(features.size() >= 2);
        bool all = true;
        for (const QString& feature : features) {
            const std::string name = feature.toStdString();
            QVERIFY2(u8codec::cpuHas(name) == flags.contains(feature), name.c_str());
            all = all && flags.contains(feature);
        }
        QCOMPARE(u8codec::cpuRuns(isa), all);
        QCOMPARE(u8codec::cpuHas(u8codec::features(isa)), all);
    }
}

void TestCpuFeatures::unknownFeatureIsAbsent() {
    QVERIFY(u8codec::cpuHas(""));
    QVERIFY(!u8codec::cpuHas("avx512fp64"));       // looks like one, is no feature at all
    QVERIFY(!u8codec::cpuHas("avx2,popcnt,sse5")); // one unknown name spoils the list
    QVERIFY(u8codec::cpuRuns(Isa::Portable) && u8codec::cpuRuns(Isa::Auto));
    QVERIFY(u8codec::features(Isa::Portable).empty());
}

// AVX-512 kernels use AVX2 instructions too: the larger set holds the smaller one.
void TestCpuFeatures::setsNest() {
    const std::string_view avx512 = u8codec::features(Isa::Avx512);
    QVERIFY(avx512.starts_with(u8codec::features(Isa::Avx2)));
    QVERIFY(avx512.find("avx512vl") != std::string_view::npos);
    QVERIFY(avx512.find("avx512vbmi,") != std::string_view::npos);
    QVERIFY(!u8codec::cpuRuns(Isa::Avx512) || u8codec::cpuRuns(Isa::Avx2));
}

// A kernel that spelt its own target("...") could use a feature cpuRuns() never asked about.
void TestCpuFeatures::kernelsNameNoFeaturesOfTheirOwn() {
    const QRegularExpression literal(QStringLiteral(R"re(target\s*\(\s*")re"));
    int files = 0;
    for (QDirIterator it(QStringLiteral(U8SCOPE_CODEC_DIR),
                         {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                         QDirIterator::Subdirectories);
         it.hasNext();) {
        QFile file(it.next());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        ++files;
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(!literal.match(text).hasMatch(), qPrintable(file.fileName()));
    }
    QVERIFY(files > 50);
}

QTEST_APPLESS_MAIN(TestCpuFeatures)
#include "tst_cpu_features.moc"
