// BitLayoutWidget's picture against the codec's layout (u8codec::layoutOfBytes): in the row of
// bytes, each byte's marker bits on the marker fill and its payload bits on a tint of the byte's
// own hue (payloadHue); in the assembled value, the padding first and then every payload bit on
// the tint of the byte it came from, in order (RFC 3629 section 3); in the light and the dark
// palette.
#include "bit_layout_widget.h"
#include "paint_probe.h"
#include "payload_hues.h"
#include "u8codec/encoder.h"

#include <QTest>
#include <span>

using namespace u8ui;
using u8ui::testing::dominantColour;
using u8ui::testing::paintedOver;

namespace {

std::span<const std::uint8_t> view(const QByteArray& bytes) {
    return {reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())};
}

// The colours a cell may have, for the widget's palette, as painted into `image`.
struct CellColours {
    QColor markerFill;
    std::vector<QColor> tints; // one per byte

    CellColours(const BitLayoutWidget& w, const QImage& image, int octets) {
        const QPalette pal = w.palette();
        const QColor window = pal.color(QPalette::Window);
        markerFill = paintedOver(pal.color(QPalette::AlternateBase), window, image.format());
        for (int i = 0; i < octets; ++i) {
            QColor hue = payloadHue(i, pal);
            hue.setAlphaF(0.16);
            tints.push_back(paintedOver(hue, window, image.format()));
        }
    }
};

QString describe(const char* row, int index, const QColor& got, const QColor& want) {
    return QStringLiteral("%1 %2: %3, want %4").arg(row).arg(index).arg(got.name(), want.name());
}

} // namespace

class TestBitLayoutWidget : public QObject {
    Q_OBJECT
private slots:
    void bitsWearTheirBytesHue_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("dark");
        const std::pair<const char*, QByteArray> cases[] = {
            {"A", "A"},
            {"e acute", "\xC3\xA9"},
            {"euro sign", "\xE2\x82\xAC"},
            {"grinning face", "\xF0\x9F\x98\x80"},
            {"overlong C0 AF", "\xC0\xAF"},
            {"legacy 5-byte form", "\xF8\x88\x80\x80\x80"}};
        for (const auto& [name, bytes] : cases)
            for (bool dark : {false, true})
                QTest::addRow("%s, %s", name, dark ? "dark" : "light") << bytes << dark;
    }

    void bitsWearTheirBytesHue() {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, dark);
        const std::optional<u8codec::BitLayout> layout = u8codec::layoutOfBytes(view(bytes));
        QVERIFY(layout);
        BitLayoutWidget w;
        w.setPalette(dark ? testing::darkPalette() : QPalette());
        w.showLayout(*layout, QStringLiteral("U+XXXX"));
        w.resize(w.sizeHint());
        const QImage image = w.grab().toImage();
        const CellColours colours(w, image, layout->octets);
        for (int i = 0; i < layout->octets; ++i) {
            QVERIFY(colours.tints[std::size_t(i)] != colours.markerFill);
            if (i > 0) // neighbours are told apart
                QVERIFY(colours.tints[std::size_t(i)] != colours.tints[std::size_t(i) - 1]);
        }

        // The row of bytes: the split between marker and payload bits is the codec's.
        for (int i = 0; i < layout->octets; ++i)
            for (int bit = 0; bit < 8; ++bit) {
                const QColor want = bit >= layout->markerBits[std::size_t(i)]
                                        ? colours.tints[std::size_t(i)]
                                        : colours.markerFill;
                const QColor got = dominantColour(image, w.byteBitRect(i, bit));
                QVERIFY2(got == want, qPrintable(describe("byte bit", i * 8 + bit, got, want)));
            }

        // The assembled value: whole hex digits, padding in front, then each byte's payload bits.
        int cells = 0;
        while (!w.valueBitRect(cells).isNull())
            ++cells;
        QCOMPARE(cells % 4, 0);
        const int padding = cells - layout->payloadBits;
        QVERIFY(padding >= 0 && padding < 4);
        std::vector<QColor> want(std::size_t(padding), colours.markerFill);
        for (int i = 0; i < layout->octets; ++i)
            want.insert(want.end(), std::size_t(8 - layout->markerBits[std::size_t(i)]),
                        colours.tints[std::size_t(i)]);
        QCOMPARE(int(want.size()), cells);
        for (int k = 0; k < cells; ++k) {
            const QColor got = dominantColour(image, w.valueBitRect(k));
            QVERIFY2(got == want[std::size_t(k)],
                     qPrintable(describe("value bit", k, got, want[std::size_t(k)])));
        }
    }

    // Bytes that are no sequence: every bit on the marker fill (nothing is payload), no value.
    void strayBytesHaveNoPayload() {
        for (const QByteArray& bytes :
             {QByteArray("\x80"), QByteArray("\xFF"), QByteArray("\xE2\x82")}) {
            BitLayoutWidget w;
            w.showBytes(view(bytes), QStringLiteral("not a sequence"));
            w.resize(w.sizeHint());
            const QImage image = w.grab().toImage();
            const CellColours colours(w, image, int(bytes.size()));
            for (int i = 0; i < bytes.size(); ++i)
                for (int bit = 0; bit < 8; ++bit)
                    QCOMPARE(dominantColour(image, w.byteBitRect(i, bit)), colours.markerFill);
            QVERIFY(w.valueBitRect(0).isNull());
            QVERIFY(w.byteBitRect(int(bytes.size()), 0).isNull());
            QVERIFY(w.textDescription().endsWith(QStringLiteral("(not a sequence)")));
        }
    }
};

QTEST_MAIN(TestBitLayoutWidget)
#include "tst_bit_layout_widget.moc"
