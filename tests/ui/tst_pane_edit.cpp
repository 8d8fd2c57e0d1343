// The panes as editors, without the window: where typed and pasted bytes go and what Delete and
// Backspace remove (edit_placement.h), the panes' keys handed to a document editor (and refused
// by a read-only one), and the edited bytes marked in both panes, in the light and the dark
// theme, with the legend's entry for them.
#include "edit_placement.h"
#include "hex_view.h"
#include "legend_widget.h"
#include "sample_sources.h"
#include "text_view.h"
#include "u8codec/piece_table.h"

#include <QImage>
#include <QTest>

using u8doc::DocumentEditor;
using u8doc::EditUnit;
using u8ui::ByteRange;

namespace {

// 'a', EURO SIGN (E2 82 AC), 'b', the never-valid byte FF, 'c'.
const QByteArray kDocument("a\xE2\x82\xAC"
                           "b\xFF"
                           "c");

std::span<const std::uint8_t> spanOf(const QByteArray& bytes) {
    return {reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())};
}

// An editor over a piece table, as the window's DocumentController is, that counts its calls.
class TableEditor final : public DocumentEditor {
public:
    TableEditor(u8ui::ByteDocument& document, u8ui::ByteSelection& selection,
                const QByteArray& bytes)
        : document_(document), selection_(selection), table_(u8ui::testing::memorySource(bytes)) {
        document_.setSource(table_.snapshot(), QStringLiteral("sample"));
        document_.setEditor(this);
    }
    Mode mode() const override { return mode_; }
    void toggleMode() override {
        mode_ = mode_ == Mode::Insert ? Mode::Overwrite : Mode::Insert;
        document_.notifyEditingChanged();
    }
    bool isReadOnly() const override { return readOnly; }
    bool edit(const Change& change) override {
        ++calls;
        if (readOnly)
            return false;
        table_.replace(change.offset, change.length, spanOf(change.bytes)).value();
        document_.setSource(table_.snapshot(), QStringLiteral("sample"),
                            u8ui::ByteDocument::Change::Edited);
        selection_.setCursor(change.cursorAfter);
        return true;
    }
    QByteArray content() const {
        QByteArray out(qsizetype(table_.size()), '\0');
        out.resize(qsizetype(table_.read(
            0, {reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())})));
        return out;
    }

    bool readOnly = false;
    int calls = 0;

private:
    u8ui::ByteDocument& document_;
    u8ui::ByteSelection& selection_;
    u8codec::PieceTable table_;
    Mode mode_ = Mode::Overwrite;
};

template <typename View> struct Fixture {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    TableEditor editor{document, selection, kDocument};
    View view;
    explicit Fixture(bool dark = false) {
        if (dark) {
            QPalette p = view.palette();
            p.setColor(QPalette::Window, QColor(45, 48, 53));
            p.setColor(QPalette::Base, QColor(30, 32, 36));
            view.setPalette(p);
        }
        view.setDocument(&document);
        view.setSelection(&selection);
        view.resize(700, 300);
        view.show();
    }
    QImage image() { return view.viewport()->grab().toImage(); }
};

int pixelsOf(const QImage& image, const QRect& area, const QColor& colour) {
    int n = 0;
    for (int y = std::max(0, area.top()); y <= std::min(image.height() - 1, area.bottom()); ++y)
        for (int x = std::max(0, area.left()); x <= std::min(image.width() - 1, area.right()); ++x)
            n += image.pixelColor(x, y) == colour;
    return n;
}

} // namespace

class TestPaneEdit : public QObject {
    Q_OBJECT
private slots:
    // Where typed or pasted bytes go: (anchor, cursor, mode, unit, bytes) replace [start, end).
    void placement_data() {
        QTest::addColumn<quint64>("anchor");
        QTest::addColumn<quint64>("cursor");
        QTest::addColumn<bool>("insert");
        QTest::addColumn<bool>("characters");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<quint64>("start");
        QTest::addColumn<quint64>("end");
        // Bytes: overwrite as many as are put in, up to the end.
        QTest::newRow("byte overwrite")
            << 1ull << 1ull << false << false << QByteArray("xy") << 1ull << 3ull;
        QTest::newRow("byte overwrite at the last")
            << 6ull << 6ull << false << false << QByteArray("xyz") << 6ull << 7ull;
        QTest::newRow("byte insert")
            << 2ull << 2ull << true << false << QByteArray("x") << 2ull << 2ull;
        QTest::newRow("at the end")
            << 7ull << 7ull << false << false << QByteArray("x") << 7ull << 7ull;
        QTest::newRow("a byte selection")
            << 4ull << 1ull << true << false << QByteArray("x") << 1ull << 5ull;
        // Characters: a typed character replaces one whole character or error segment.
        QTest::newRow("character over EURO SIGN")
            << 3ull << 1ull << false << true << QByteArray("x") << 1ull << 4ull;
        QTest::newRow("character from inside EURO SIGN")
            << 2ull << 2ull << false << true << QByteArray("x") << 1ull << 4ull;
        QTest::newRow("two characters over EURO SIGN and b")
            << 1ull << 1ull << false << true << QByteArray("\xC3\xA9z") << 1ull << 5ull;
        QTest::newRow("character over the error")
            << 5ull << 5ull << false << true << QByteArray("x") << 5ull << 6ull;
        QTest::newRow("characters past the end")
            << 6ull << 6ull << false << true << QByteArray("xyz") << 6ull << 7ull;
        QTest::newRow("character insert inside EURO SIGN")
            << 3ull << 3ull << true << true << QByteArray("x") << 1ull << 1ull;
        QTest::newRow("a selection of characters")
            << 0ull << 4ull << false << true << QByteArray("x") << 0ull << 5ull;
    }
    void placement() {
        QFETCH(quint64, anchor);
        QFETCH(quint64, cursor);
        QFETCH(bool, insert);
        QFETCH(bool, characters);
        QFETCH(QByteArray, bytes);
        QFETCH(quint64, start);
        QFETCH(quint64, end);
        const u8codec::MemorySource source(
            std::vector<std::uint8_t>(kDocument.begin(), kDocument.end()));
        u8ui::ByteSelection selection;
        selection.setAnchorAndCursor(anchor, cursor);
        const ByteRange r = u8doc::placeInput(
            source, selection,
            insert ? DocumentEditor::Mode::Insert : DocumentEditor::Mode::Overwrite,
            characters ? EditUnit::Character : EditUnit::Byte, spanOf(bytes));
        QCOMPARE(r.start, start);
        QCOMPARE(r.end, end);
    }

    // What Delete and Backspace remove: a byte, a whole character, a whole error segment, or the
    // selection; nothing at the ends.
    void deletion() {
        const u8codec::MemorySource source(
            std::vector<std::uint8_t>(kDocument.begin(), kDocument.end()));
        u8ui::ByteSelection s;
        auto range = [&](quint64 at, EditUnit unit, bool backwards) {
            s.setCursor(at);
            const auto r = u8doc::deletionRange(source, s, unit, backwards);
            return r ? std::pair(r->start, r->end) : std::pair(quint64(99), quint64(99));
        };
        using P = std::pair<quint64, quint64>;
        QCOMPARE(range(2, EditUnit::Byte, false), P(2, 3));
        QCOMPARE(range(2, EditUnit::Character, false), P(1, 4));
        QCOMPARE(range(4, EditUnit::Character, true), P(1, 4));
        QCOMPARE(range(5, EditUnit::Character, false), P(5, 6));
        QCOMPARE(range(6, EditUnit::Character, true), P(5, 6));
        QCOMPARE(range(7, EditUnit::Character, true), P(6, 7));
        QCOMPARE(range(7, EditUnit::Byte, false), P(99, 99));
        QCOMPARE(range(0, EditUnit::Character, true), P(99, 99));
        s.setAnchorAndCursor(1, 5);
        QCOMPARE(u8doc::deletionRange(source, s, EditUnit::Byte, true)->start, quint64(1));
        QCOMPARE(u8doc::deletionRange(source, s, EditUnit::Byte, true)->end, quint64(6));
    }

    // Issue 33, defect 14: an error that Problems lists as one sequence of several segments (the
    // overlong pair C0 AF, a CESU-8 surrogate pair) is removed whole by Delete and Backspace in
    // both panes, never leaving a new stray continuation byte; a run of stray continuation bytes
    // (one U+FFFD each) goes byte by byte.
    void deletionTakesAWholeProblem() {
        // 0 'x'  1-2 C0 AF  3 'y'  4-9 ED A0 BD ED B8 80 (CESU-8 U+1F600)  10-11 80 80  12 'z'
        const QByteArray bytes("x\xC0\xAFy\xED\xA0\xBD\xED\xB8\x80\x80\x80z");
        const u8codec::MemorySource source(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
        u8ui::ByteSelection s;
        auto range = [&](quint64 at, EditUnit unit, bool backwards) {
            s.setCursor(at);
            const auto r = u8doc::deletionRange(source, s, unit, backwards);
            return r ? std::pair(r->start, r->end) : std::pair(quint64(99), quint64(99));
        };
        using P = std::pair<quint64, quint64>;
        for (const EditUnit unit : {EditUnit::Byte, EditUnit::Character}) {
            QCOMPARE(range(1, unit, false), P(1, 3));
            QCOMPARE(range(2, unit, false), P(1, 3));
            QCOMPARE(range(3, unit, true), P(1, 3));
            QCOMPARE(range(4, unit, false), P(4, 10));
            QCOMPARE(range(10, unit, true), P(4, 10));
            QCOMPARE(range(10, unit, false), P(10, 11));
            QCOMPARE(range(12, unit, true), P(11, 12));
        }
        QCOMPARE(range(0, EditUnit::Byte, false), P(0, 1));
    }

    // The panes hand their keys to the editor; a read-only one refuses them and the cursor stays
    // on the bytes (no place past the end).
    void panesEditThroughTheEditor() {
        Fixture<u8ui::HexView> hex;
        hex.selection.setCursor(0);
        QTest::keyClicks(&hex.view, "4a");
        QCOMPARE(hex.editor.content(), "J" + kDocument.mid(1));
        QTest::keyClick(&hex.view, Qt::Key_Insert);
        QCOMPARE(hex.editor.mode(), DocumentEditor::Mode::Insert);
        QTest::keyClick(&hex.view, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(hex.selection.cursor(), quint64(kDocument.size())); // the end
        hex.editor.readOnly = true;
        hex.document.notifyEditingChanged();
        const int calls = hex.editor.calls;
        QTest::keyClicks(&hex.view, "00");
        QVERIFY(hex.editor.calls > calls); // asked, and refused (the editor says why)
        QCOMPARE(hex.editor.content(), "J" + kDocument.mid(1));
        QTest::keyClick(&hex.view, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(hex.selection.cursor(), quint64(kDocument.size() - 1));

        Fixture<u8ui::TextView> text;
        text.selection.setCursor(1);
        QTest::keyClick(&text.view, Qt::Key_Delete);
        QCOMPARE(text.editor.content(), "a" + kDocument.mid(4));
        QTest::keyClick(&text.view, Qt::Key_Right, Qt::ControlModifier); // not typing
        QCOMPARE(text.editor.content(), "a" + kDocument.mid(4));
    }

    // Edited bytes carry a mark of their own in both panes and both themes: the bar along their
    // top in the edited colour; the bytes around them none.
    void editedBytesAreMarked_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void editedBytesAreMarked() {
        QFETCH(bool, dark);
        Fixture<u8ui::HexView> hex(dark);
        Fixture<u8ui::TextView> text(dark);
        for (TableEditor* e : {&hex.editor, &text.editor}) {
            DocumentEditor::Change c;
            c.offset = 4; // 'b' becomes "XY"
            c.length = 1;
            c.bytes = "XY";
            c.cursorAfter = 7;
            QVERIFY(e->edit(c));
        }
        const QColor mark = hex.view.rolePalette().editedMark();
        QCOMPARE(mark, dark ? u8ui::RolePalette::dark().editedMark()
                            : u8ui::RolePalette::light().editedMark());
        QCOMPARE(hex.view.rolePalette().isDark(), dark);
        const QImage h = hex.image();
        for (quint64 o = 0; o < 8; ++o) {
            const QRect cell = hex.view.cellRect(o);
            const bool edited = o == 4 || o == 5;
            QVERIFY2((pixelsOf(h, cell.adjusted(0, 0, 0, -cell.height() / 2), mark) > 0) == edited,
                     qPrintable(QString::number(o)));
        }
        const QImage t = text.image();
        for (quint64 o : {0ull, 1ull, 4ull, 5ull, 6ull}) {
            const QRect glyph = text.view.rectForOffset(o);
            const bool edited = o == 4 || o == 5;
            QVERIFY2((pixelsOf(t, glyph.adjusted(1, 0, -1, -glyph.height() / 2), mark) > 0) ==
                         edited,
                     qPrintable(QString::number(o)));
        }
    }

    void legendExplainsTheMark() {
        u8ui::LegendWidget legend;
        legend.show();
        QWidget* swatch = legend.findChild<QWidget*>(QStringLiteral("swatch-edited"));
        QVERIFY(swatch);
        QVERIFY(swatch->toolTip().startsWith(QLatin1String("Edited")));
        const QImage image = swatch->grab().toImage();
        const QColor mark = u8ui::RolePalette::forPalette(legend.palette()).editedMark();
        QVERIFY(pixelsOf(image, image.rect(), mark) > 0);
    }
};

QTEST_MAIN(TestPaneEdit)
#include "tst_pane_edit.moc"
