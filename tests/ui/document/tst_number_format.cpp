// NumberFormat: the one formatter of sizes, counts and offsets.
#include "number_format.h"

#include <QLocale>
#include <QTest>

using namespace u8ui;

class TestNumberFormat : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void countsAreGrouped() {
        QCOMPARE(u8doc::NumberFormat::count(16500), QStringLiteral("16,500"));
        QCOMPARE(u8doc::NumberFormat::count(7), QStringLiteral("7"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(u8doc::NumberFormat::count(16500), QStringLiteral("16.500"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void byteCounts() {
        QCOMPARE(u8doc::NumberFormat::bytes(1), QStringLiteral("1 byte"));
        QCOMPARE(u8doc::NumberFormat::bytes(0), QStringLiteral("0 bytes"));
        QCOMPARE(u8doc::NumberFormat::bytes(16500), QStringLiteral("16,500 bytes"));
    }

    void sizesSayTheUnitOnce() {
        // Small sizes are exact, and not said twice ("423 bytes (423 bytes)").
        QCOMPARE(u8doc::NumberFormat::size(423), QStringLiteral("423 bytes"));
        QCOMPARE(u8doc::NumberFormat::size(1023), QStringLiteral("1,023 bytes"));
        // Larger ones in binary units, with the exact count beside them.
        QCOMPARE(u8doc::NumberFormat::size(1024), QStringLiteral("1.0 KiB (1,024 bytes)"));
        QCOMPARE(u8doc::NumberFormat::size(314573431),
                 QStringLiteral("300.0 MiB (314,573,431 bytes)"));
    }

    void offsetsHaveALowerCasePrefixAndUpperCaseDigits() {
        QCOMPARE(u8doc::NumberFormat::offset(0xC), QStringLiteral("0xC"));
        QCOMPARE(u8doc::NumberFormat::offset(0xabcdef), QStringLiteral("0xABCDEF"));
        QCOMPARE(u8doc::NumberFormat::offset(0x2A, 8), QStringLiteral("0x0000002A"));
        QCOMPARE(u8doc::NumberFormat::offset(0, 0), QStringLiteral("0x0"));
        QCOMPARE(u8doc::NumberFormat::offsetAndDecimal(0x4E20), QStringLiteral("0x4E20 (20,000)"));
        QCOMPARE(u8doc::NumberFormat::byteHex(0x0A), QStringLiteral("0A"));
        QCOMPARE(u8doc::NumberFormat::byteHex(0xE2), QStringLiteral("E2"));
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_number_format.moc"
