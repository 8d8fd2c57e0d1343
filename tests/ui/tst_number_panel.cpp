// NumberReadings and NumberPanel: the bytes at the cursor read as numbers in both byte orders,
// following the inspector's cursor, and copied as shown.
#include "byte_document.h"
#include "byte_selection.h"
#include "inspector_panel.h"
#include "number_panel.h"
#include "number_readings.h"
#include "u8codec/byte_source.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QTableWidget>
#include <QTest>

using namespace u8ui;

namespace {

QString reading(const std::vector<NumberReading>& readings, const QString& type, bool little) {
    for (const NumberReading& r : readings)
        if (r.type == type)
            return little ? r.littleEndian : r.bigEndian;
    return QStringLiteral("<no row>");
}

std::shared_ptr<const u8codec::ByteSource> sourceOf(std::vector<std::uint8_t> bytes) {
    return std::make_shared<u8codec::MemorySource>(std::move(bytes));
}

} // namespace

class TestNumberPanel : public QObject {
    Q_OBJECT
private slots:
    void integersInBothByteOrders() {
        const std::uint8_t bytes[] = {0xFE, 0xFF, 0x00, 0x80, 0x01, 0x02, 0x03, 0x84};
        const auto r = NumberReadings::of(bytes);
        QCOMPARE(reading(r, "uint8", true), QStringLiteral("254"));
        QCOMPARE(reading(r, "int8", true), QStringLiteral("-2"));
        QCOMPARE(reading(r, "binary", true), QStringLiteral("1111 1110"));
        QCOMPARE(reading(r, "octal", true), QStringLiteral("376"));
        QCOMPARE(reading(r, "uint16", true), QStringLiteral("65534"));  // 0xFFFE
        QCOMPARE(reading(r, "uint16", false), QStringLiteral("65279")); // 0xFEFF
        QCOMPARE(reading(r, "int16", true), QStringLiteral("-2"));
        QCOMPARE(reading(r, "int16", false), QStringLiteral("-257"));
        QCOMPARE(reading(r, "uint32", true), QStringLiteral("2147549182")); // 0x8000FFFE
        QCOMPARE(reading(r, "int32", true), QStringLiteral("-2147418114"));
        QCOMPARE(reading(r, "uint32", false), QStringLiteral("4278124672")); // 0xFEFF0080
        QCOMPARE(reading(r, "uint64", false),
                 QStringLiteral("18374405554467636100")); // 0xFEFF008001020384
        QCOMPARE(reading(r, "int64", true),
                 QStringLiteral("-8934295030307160066")); // 0x840302018000FFFE
    }

    void extremesOfEachWidth() {
        const std::uint8_t ones[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
        const auto r = NumberReadings::of(ones);
        QCOMPARE(reading(r, "uint64", true), QStringLiteral("18446744073709551615"));
        QCOMPARE(reading(r, "int64", false), QStringLiteral("-1"));
        const std::uint8_t minimum[8] = {0, 0, 0, 0, 0, 0, 0, 0x80};
        QCOMPARE(reading(NumberReadings::of(minimum), "int64", true),
                 QStringLiteral("-9223372036854775808"));
    }

    void floats() {
        const std::uint8_t one[] = {0x00, 0x00, 0x80, 0x3F}; // 1.0f little endian
        const auto r = NumberReadings::of(one);
        QCOMPARE(reading(r, "float32", true), QStringLiteral("1"));
        QCOMPARE(reading(r, "float32", false), QStringLiteral("4.60060299e-41"));
        QVERIFY(reading(r, "float64", true).isEmpty()); // four bytes are not enough
        const std::uint8_t pi[] = {0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18};
        QCOMPARE(reading(NumberReadings::of(pi), "float64", false),
                 QStringLiteral("3.1415926535897931"));
        const std::uint8_t nan[] = {0x7F, 0xC0, 0x00, 0x00};
        QCOMPARE(reading(NumberReadings::of(nan), "float32", false), QStringLiteral("nan"));
        const std::uint8_t inf[] = {0xFF, 0x80, 0x00, 0x00};
        QCOMPARE(reading(NumberReadings::of(inf), "float32", false), QStringLiteral("-inf"));
    }

    void tooFewBytesLeaveWideReadingsEmpty() {
        const std::uint8_t two[] = {0x34, 0x12};
        const auto r = NumberReadings::of(two);
        QCOMPARE(reading(r, "uint16", true), QStringLiteral("4660"));
        QVERIFY(reading(r, "int32", true).isEmpty());
        QVERIFY(reading(r, "uint64", false).isEmpty());
    }

    void panelFollowsTheCursor() {
        ByteDocument document;
        ByteSelection selection;
        InspectorPanel inspector;
        NumberPanel* numbers = inspector.numbers();
        QVERIFY(numbers);
        inspector.attach(&document, &selection);
        document.setSource(sourceOf({0x41, 0x00, 0x01, 0x02, 0x03}), "n.bin");
        QCOMPARE(numbers->value("uint8", true), QStringLiteral("65"));
        QCOMPARE(numbers->value("uint16", true), QStringLiteral("65"));
        QCOMPARE(numbers->value("uint16", false), QStringLiteral("16640"));
        QCOMPARE(numbers->value("uint32", false), QStringLiteral("1090519298")); // 0x41000102
        selection.setCursor(3);
        QCOMPARE(numbers->value("uint16", true), QStringLiteral("770")); // 0x0302
        QVERIFY(numbers->value("uint32", true).isEmpty());
        // An edit under the cursor shows at once.
        document.setSource(sourceOf({0x41, 0x00, 0x01, 0xFF, 0xFF}), "n.bin",
                           ByteDocument::Change::Edited, 3);
        QCOMPARE(numbers->value("int16", true), QStringLiteral("-1"));
    }

    void copiesTheSelectedValues() {
        NumberPanel numbers;
        const auto source = sourceOf({0x00, 0x01, 0x00, 0x00});
        numbers.showAt(source.get(), 0);
        QTableWidget* table = numbers.table();
        int row16 = -1;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, 0)->text() == QLatin1String("uint16"))
                row16 = row;
        QVERIFY(row16 >= 0);
        table->setCurrentCell(row16, 1, QItemSelectionModel::ClearAndSelect);
        table->setCurrentCell(row16, 2, QItemSelectionModel::Select);
        QCOMPARE(numbers.selectedText(), QStringLiteral("256\t1"));
        numbers.copyAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("256\t1"));
    }
};

QTEST_MAIN(TestNumberPanel)
#include "tst_number_panel.moc"
