// The audit in the panes: the Suspicious role (a look of its own, apart from every error, legible
// in both themes, not told by hue alone), the bytes of findings marked in the hex pane and their
// characters in the text pane, the markers that stand in for characters that draw nothing, and
// the legend that explains both.
#include "contrast.h"
#include "document_audit.h"
#include "hex_view.h"
#include "legend_widget.h"
#include "sample_sources.h"
#include "text_view.h"

#include <QImage>
#include <QLabel>
#include <QTest>

using u8convert::AuditProfile;
using u8ui::CellRole;
using u8ui::RolePalette;

namespace {

std::shared_ptr<const u8doc::AuditReport> auditOf(const QByteArray& bytes, AuditProfile profile) {
    std::atomic<bool> stop{false};
    const u8codec::MemorySource source(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
    return u8doc::DocumentAudit::audit(source, u8doc::DocumentAudit::windowOptions(profile, {}),
                                       1000, stop)
        .report;
}

// How many pixels of `area` in `image` have exactly `colour`.
int pixelsOf(const QImage& image, const QRect& area, const QColor& colour) {
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            n += image.pixelColor(x, y) == colour;
    return n;
}

// "a", RLO, "b say", CYRILLIC CAPITAL LETTER EN, "llo", an overlong C0 AF, LF.
//  0 'a'  1-3 E2 80 AE  4 'b'  5 ' '  6-8 "say"  9-10 D0 9D  11-13 "llo"  14 ' '  15-16 C0 AF
//  17 LF
const QByteArray kSample("a\xE2\x80\xAE"
                         "b say\xD0\x9Dllo \xC0\xAF\n");

template <typename View> struct Fixture {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    View view;
    explicit Fixture(const QByteArray& bytes) {
        document.setSource(u8ui::testing::memorySource(bytes), QStringLiteral("sample.c"));
        view.setDocument(&document);
        view.setSelection(&selection);
        view.resize(700, 300);
        view.show();
        selection.setCursor(quint64(bytes.size()) - 1); // away from what is looked at
    }
    QImage image() { return view.viewport()->grab().toImage(); }
};

} // namespace

class TestAuditMarks : public QObject {
    Q_OBJECT
private slots:
    // Issue 33, defect 1's sweep: the window's audit reads the document in chunks; a chunk that
    // ends inside a character (every size from 1 byte up cuts the 2-, 3- and 4-byte ones here)
    // finds what the whole text gives, and no cut is taken for an error.
    void chunksCutInsideCharactersFindTheSame() {
        const QByteArray text = kSample + "Grüße テスト 😀 \xE2\x80\x8B x\xD0\xB0y \xE2\x81\xA6!\n";
        const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        const auto options = u8doc::DocumentAudit::windowOptions(AuditProfile::Code, {});
        std::atomic<bool> stop{false};
        const auto whole = u8doc::DocumentAudit::audit(source, options, 1000, stop).report;
        QVERIFY(whole && whole->totalFindings > 3);
        for (std::size_t chunk = 1; chunk <= 9; ++chunk) {
            const auto cut =
                u8doc::DocumentAudit::audit(source, options, 1000, stop, {}, chunk).report;
            QVERIFY(cut);
            QCOMPARE(cut->totalFindings, whole->totalFindings);
            QCOMPARE(cut->findingsByKind, whole->findingsByKind);
            QCOMPARE(cut->suspiciousCharacters, whole->suspiciousCharacters);
            QVERIFY2(cut->marks == whole->marks, qPrintable(QString::number(chunk)));
        }
    }

    void suspiciousRoleStandsApart_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void suspiciousRoleStandsApart() {
        QFETCH(bool, dark);
        const RolePalette palette = dark ? RolePalette::dark() : RolePalette::light();
        const u8ui::RoleStyle& s = palette.style(CellRole::Suspicious);
        QVERIFY(!RolePalette::isError(CellRole::Suspicious));
        QVERIFY(RolePalette::allRoles().contains(CellRole::Suspicious));
        // Legible: its digits on its fill, and its frame against the pane's background.
        QVERIFY(u8ui::contrastRatio(s.text, s.fill) >= u8ui::kReadableContrast);
        const QColor base = dark ? QColor("#1e1e1e") : QColor("#ffffff");
        QVERIFY(u8ui::contrastRatio(s.frame, base) >= 3.0);
        // Not by hue alone: a dotted frame and a dot pattern, where errors have solid frames and
        // line hatches and valid roles neither.
        QCOMPARE(s.frameStyle, Qt::DotLine);
        QVERIFY(s.hatch != Qt::NoBrush);
        for (CellRole role : RolePalette::allRoles()) {
            if (role == CellRole::Suspicious)
                continue;
            const u8ui::RoleStyle& other = palette.style(role);
            QVERIFY(other.fill != s.fill);
            QVERIFY(other.hatch != s.hatch);
            QVERIFY(other.frameStyle != s.frameStyle || !other.frame.isValid());
        }
        // The audit never hides an error.
        QCOMPARE(RolePalette::withAudit(CellRole::Lead3, true), CellRole::Suspicious);
        QCOMPARE(RolePalette::withAudit(CellRole::Lead3, false), CellRole::Lead3);
        QCOMPARE(RolePalette::withAudit(CellRole::ErrorOverlong, true), CellRole::ErrorOverlong);
    }

    void hexPaneMarksTheBytesOfFindings() {
        Fixture<u8ui::HexView> f(kSample);
        QCOMPARE(f.view.roleAt(2), CellRole::Continuation);
        const CellRole error = f.view.roleAt(15);
        QVERIFY(RolePalette::isError(error));
        const QImage before = f.image();
        const auto report = auditOf(kSample, AuditProfile::Code);
        QVERIFY(report);
        f.view.setAuditReport(report);
        // The RLO and the Cyrillic letter (confusable), as the codec reports them; the rest of
        // the identifier (mixed-script is opt-in), the bytes around them and the overlong form
        // keep their roles.
        for (quint64 o : {1, 2, 3, 9, 10})
            QCOMPARE(f.view.roleAt(o), CellRole::Suspicious);
        for (quint64 o : {0, 4, 6, 13})
            QCOMPARE(f.view.roleAt(o), CellRole::AsciiPrintable);
        QCOMPARE(f.view.roleAt(15), error);
        // Painted in the Suspicious look: its fill and its dotted frame, where the plain cell
        // was.
        const QImage after = f.image();
        const u8ui::RoleStyle& s = f.view.rolePalette().style(CellRole::Suspicious);
        const QRect cell = f.view.cellRect(2);
        QCOMPARE(pixelsOf(before, cell, s.fill), 0);
        QVERIFY(pixelsOf(after, cell, s.fill) > cell.width() * cell.height() / 4);
        QVERIFY(pixelsOf(after, cell.adjusted(-2, -2, 2, 2), s.frame) > 0);
        const QRect plain = f.view.cellRect(4);
        QCOMPARE(after.copy(plain), before.copy(plain));
        // A report dropped: the roles come back.
        f.view.setAuditReport(nullptr);
        QCOMPARE(f.view.roleAt(2), CellRole::Continuation);
    }

    void textPaneDrawsMarkers_data() {
        QTest::addColumn<quint64>("offset");
        QTest::addColumn<QString>("marker");
        // 0 'a'  1-3 RLO  4 'b'  5-7 ZWSP  8 'c'  9-11 VS16  12-15 TAG a  16 ' '  17-18 NBSP
        // 19-20 NEL  21-23 LINE SEPARATOR  24 'x'
        QTest::newRow("a") << quint64(0) << "";
        QTest::newRow("RLO") << quint64(1) << "RLO";
        QTest::newRow("RLO, its last byte") << quint64(3) << "RLO";
        QTest::newRow("ZWSP") << quint64(5) << "ZWSP";
        QTest::newRow("VS16") << quint64(10) << "VS16";
        QTest::newRow("tag: its code point") << quint64(12) << "E0061";
        QTest::newRow("NBSP: drawn as a space") << quint64(17) << "";
        QTest::newRow("NEL") << quint64(19) << "NEL";
        QTest::newRow("line separator") << quint64(21) << "2028";
        QTest::newRow("x") << quint64(24) << "";
    }
    // Clusters and the audit: "é" written e + U+0301 (not in NFC, reported as a whole) stays
    // one cell, which takes the suspicious look; "c" + VS16 (a variation selector after a letter,
    // reported on its own) is drawn code point by code point so that its marker shows, as it is
    // without the audit (an invisible after a base that is not an emoji).
    void reportedClustersStayVisible() {
        const QByteArray bytes("re\xCC\x81sume c\xEF\xB8\x8F x\n");
        Fixture<u8ui::TextView> f(bytes);
        QCOMPARE(f.view.cellAt(1), (u8ui::ByteRange{1, 4}));
        QCOMPARE(f.view.cellAt(10), (u8ui::ByteRange{10, 13}));
        f.view.setAuditReport(auditOf(bytes, AuditProfile::Code));
        QVERIFY(f.view.auditReport()->marked(1));
        QVERIFY(f.view.auditReport()->marked(10));
        QCOMPARE(f.view.cellAt(1), (u8ui::ByteRange{1, 4}));
        QCOMPARE(f.view.cellAt(9), (u8ui::ByteRange{9, 10}));
        QCOMPARE(f.view.markerAt(10), QStringLiteral("VS16"));
    }

    void textPaneDrawsMarkers() {
        QFETCH(quint64, offset);
        QFETCH(QString, marker);
        Fixture<u8ui::TextView> f(QByteArray("a\xE2\x80\xAE"
                                             "b\xE2\x80\x8B"
                                             "c\xEF\xB8\x8F\xF3\xA0\x81\xA1 \xC2\xA0\xC2\x85"
                                             "\xE2\x80\xA8x\n"));
        QCOMPARE(f.view.markerAt(offset), marker);
    }

    void textPaneShowsSuspiciousCharacters() {
        Fixture<u8ui::TextView> f(kSample);
        const QImage before = f.image();
        f.view.setAuditReport(auditOf(kSample, AuditProfile::Code));
        const QImage after = f.image();
        const QColor fill = f.view.rolePalette().style(CellRole::Suspicious).fill;
        // The RLO's marker and the Cyrillic letter take the Suspicious look (the letter, one
        // character wide, is mostly its glyph, its frame and dots)...
        for (quint64 o : {1, 9}) {
            const QRect glyph = f.view.rectForOffset(o);
            QVERIFY(!glyph.isNull());
            QCOMPARE(pixelsOf(before, glyph, fill), 0);
            QVERIFY2(pixelsOf(after, glyph, fill) > glyph.width() * glyph.height() / 8,
                     qPrintable(QString::number(o)));
        }
        // ...the characters the audit does not report keep theirs.
        for (quint64 o : {0, 4}) {
            const QRect glyph = f.view.rectForOffset(o);
            QCOMPARE(after.copy(glyph), before.copy(glyph));
        }
    }

    void legendShowsTheSuspiciousRoleAndTheMarker() {
        u8ui::LegendWidget legend;
        legend.show();
        QStringList names;
        for (QLabel* label : legend.findChildren<QLabel*>())
            names << label->text();
        QVERIFY(names.contains(RolePalette::name(CellRole::Suspicious)));
        QVERIFY(names.contains(QStringLiteral("Marker")));
        const RolePalette palette = RolePalette::forPalette(legend.palette());
        const u8ui::RoleStyle& s = palette.style(CellRole::Suspicious);
        QWidget* swatch = legend.swatch(CellRole::Suspicious);
        QVERIFY(swatch);
        const QImage image = swatch->grab().toImage();
        QVERIFY(pixelsOf(image, image.rect(), s.fill) > 0);
        QVERIFY(pixelsOf(image, image.rect(), s.frame) > 0);
        QWidget* marker = legend.findChild<QWidget*>(QStringLiteral("swatch-marker"));
        QVERIFY(marker);
        QVERIFY(marker->toolTip().contains(QLatin1String("draws nothing")));
        const QImage markerImage = marker->grab().toImage();
        QVERIFY(pixelsOf(markerImage, markerImage.rect(), s.fill) > 0);
    }
};

QTEST_MAIN(TestAuditMarks)
#include "tst_audit_marks.moc"
