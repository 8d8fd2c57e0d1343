// Bookmarks: named ranges with notes (BookmarkList), moved with their bytes by edits and their
// undo; kept in FILE.u8scope-bookmarks.json beside the file, written when they change (or, under
// unsaved edits, by Save), a bad sidecar refused with its reason and never written over, a failed
// write named; F2 / Shift+F2 through them with wrap-around; painted in both panes; listed in the
// HTML export.
#include "bookmark_actions.h"
#include "bookmark_list.h"
#include "bookmarks_panel.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "export_actions.h"
#include "hex_view.h"
#include "legend_widget.h"
#include "main_window.h"
#include "message_banner.h"
#include "role_palette.h"
#include "save_actions.h"
#include "text_view.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QAction>
#include <QBuffer>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPdfWriter>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using u8app::Bookmark;
using u8app::BookmarkList;
using u8app::MainWindow;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The sidecar's bookmarks as (offset, length, name, note).
QList<Bookmark> sidecar(const QString& documentPath) {
    QList<Bookmark> out;
    const QJsonObject root =
        QJsonDocument::fromJson(readAll(u8app::bookmarkSidecarPath(documentPath))).object();
    for (const QJsonValue& v : root.value(QStringLiteral("bookmarks")).toArray()) {
        const QJsonObject o = v.toObject();
        out.append({quint64(o.value(QStringLiteral("offset")).toDouble()),
                    quint64(o.value(QStringLiteral("length")).toDouble()),
                    o.value(QStringLiteral("name")).toString(),
                    o.value(QStringLiteral("note")).toString()});
    }
    return out;
}

bool edit(MainWindow& w, quint64 offset, quint64 length, const QByteArray& bytes) {
    return u8test::documentController(w)->edit({offset, length, bytes, QStringLiteral("Test edit"),
                                                u8doc::DocumentEditor::Step::Separate,
                                                offset + quint64(bytes.size())});
}

// Pixels of `colour` (exactly) in `rect` of `image`.
int pixelsOf(const QImage& image, const QRect& rect, const QColor& colour) {
    int n = 0;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += image.pixelColor(x, y).rgb() == colour.rgb();
    return n;
}

QAction* action(MainWindow& w, const QString& text) {
    for (QAction* a : u8test::bookmarkActions(w)->actions())
        if (a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
}

} // namespace

class TestWindowBookmarks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_bookmarks"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(dir_.isValid());
    }

    // [10, 15) under every kind of splice: (offset, removed, inserted) -> (start, length).
    void modelFollowsTheBytes_data() {
        QTest::addColumn<quint64>("offset");
        QTest::addColumn<quint64>("removed");
        QTest::addColumn<quint64>("inserted");
        QTest::addColumn<quint64>("start");
        QTest::addColumn<quint64>("length");
        QTest::newRow("insert before") << 2ull << 0ull << 3ull << 13ull << 5ull;
        QTest::newRow("delete before") << 2ull << 4ull << 0ull << 6ull << 5ull;
        QTest::newRow("insert where it starts") << 10ull << 0ull << 2ull << 12ull << 5ull;
        QTest::newRow("insert inside") << 12ull << 0ull << 4ull << 10ull << 9ull;
        QTest::newRow("insert where it ends") << 15ull << 0ull << 4ull << 10ull << 5ull;
        QTest::newRow("delete inside") << 11ull << 2ull << 0ull << 10ull << 3ull;
        QTest::newRow("overwrite its first byte") << 10ull << 1ull << 1ull << 10ull << 5ull;
        QTest::newRow("delete across its start") << 8ull << 4ull << 0ull << 8ull << 3ull;
        QTest::newRow("delete across its end") << 13ull << 4ull << 0ull << 10ull << 3ull;
        QTest::newRow("delete all of it") << 9ull << 8ull << 0ull << 9ull << 1ull;
        QTest::newRow("after it") << 20ull << 3ull << 0ull << 10ull << 5ull;
    }
    void modelFollowsTheBytes() {
        QFETCH(quint64, offset);
        QFETCH(quint64, removed);
        QFETCH(quint64, inserted);
        QFETCH(quint64, start);
        QFETCH(quint64, length);
        BookmarkList list;
        list.add({10, 5, QStringLiteral("b"), QStringLiteral("note")});
        list.splice(offset, removed, inserted, 100);
        QCOMPARE(list.at(0).start, start);
        QCOMPARE(list.at(0).length, length);
        QCOMPARE(list.at(0).note, QStringLiteral("note"));
    }

    void nextAndPreviousWrapAround() {
        BookmarkList list;
        list.add({30, 1, QStringLiteral("c"), {}});
        list.add({10, 1, QStringLiteral("a"), {}});
        list.add({20, 1, QStringLiteral("b"), {}});
        bool wrapped = true;
        QCOMPARE(list.next(10, &wrapped), 1);
        QVERIFY(!wrapped);
        QCOMPARE(list.next(30, &wrapped), 0);
        QVERIFY(wrapped);
        QCOMPARE(list.previous(20, &wrapped), 0);
        QCOMPARE(list.previous(10, &wrapped), 2);
        QVERIFY(wrapped);
        QCOMPARE(list.freeName(), QStringLiteral("Bookmark 1"));
    }

    void editsAndTheirUndoMoveBookmarks() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "moves.txt", "0123456789abcdefghij");
        QVERIFY(w.openFile(path));
        w.goTo(10, 4);
        u8test::bookmarkActions(w)->toggle();
        BookmarkList* list = u8test::bookmarkActions(w)->list();
        QCOMPARE(list->size(), 1);
        QVERIFY(edit(w, 2, 0, "XYZ")); // 3 bytes in before it
        QCOMPARE(list->at(0).start, 13ull);
        QVERIFY(edit(w, 0, 1, {})); // one byte out before it
        QCOMPARE(list->at(0).start, 12ull);
        // Replace All style: several splices in one step, undone and redone as one.
        QVERIFY(u8test::history(w)->editAll({{1, 1, "--"}, {5, 0, "++"}},
                                            QStringLiteral("Replace all"), 0, 0));
        QCOMPARE(list->at(0).start, 15ull);
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(list->at(0).start, 12ull);
        u8test::history(w)->undoStack()->undo();
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(list->at(0).start, 10ull);
        QCOMPARE(list->at(0).length, 4ull);
        u8test::history(w)->undoStack()->redo();
        QCOMPARE(list->at(0).start, 13ull);
        // The panes paint it: the selection's marks are the bookmarks.
        QCOMPARE(u8test::selection(w)->marks().size(), 1);
        QCOMPARE(u8test::selection(w)->marks().first(), (u8ui::ByteRange{13, 17}));
    }

    // Both panes draw the bookmark's brackets on its bytes, and nowhere else; the legend says so.
    void paintedInBothPanes() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "paint.txt", "0123456789abcdef0123456789")));
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.goTo(4, 3);
        u8test::bookmarkActions(w)->toggle();
        w.goTo(20); // the selection elsewhere
        const QColor mark = u8ui::RolePalette::forPalette(w.palette()).bookmark();
        const QImage hex = u8test::hexView(w)->viewport()->grab().toImage();
        QVERIFY(pixelsOf(hex, u8test::hexView(w)->cellRect(4), mark) > 0);
        QVERIFY(pixelsOf(hex, u8test::hexView(w)->cellRect(6), mark) > 0);
        QCOMPARE(pixelsOf(hex, u8test::hexView(w)->cellRect(8), mark), 0);
        const QImage text = u8test::textView(w)->viewport()->grab().toImage();
        QVERIFY(pixelsOf(text, u8test::textView(w)->rectForOffset(4), mark) > 0);
        QCOMPARE(pixelsOf(text, u8test::textView(w)->rectForOffset(10), mark), 0);
        // Their tooltips name it, with its note.
        u8test::bookmarkActions(w)->list()->setNote(0, QStringLiteral("why here"));
        QVERIFY2(u8test::hexView(w)->toolTipAt(5).startsWith(
                     QStringLiteral("Bookmark \"Bookmark 1\": why here\n\nOffset")),
                 qPrintable(u8test::hexView(w)->toolTipAt(5)));
        QVERIFY(u8test::textView(w)->toolTipAt(4).startsWith(
            QStringLiteral("Bookmark \"Bookmark 1\"")));
        QVERIFY(u8test::hexView(w)->toolTipAt(8).startsWith(QStringLiteral("Offset")));

        u8ui::LegendWidget legend;
        legend.show();
        QWidget* swatch = legend.findChild<QWidget*>(QStringLiteral("swatch-bookmark"));
        QVERIFY(swatch);
        QVERIFY(swatch->toolTip().startsWith(QLatin1String("Bookmark")));
        const QImage image = swatch->grab().toImage();
        QVERIFY(pixelsOf(image, image.rect(),
                         u8ui::RolePalette::forPalette(legend.palette()).bookmark()) > 0);
    }

    void sidecarRoundTrip() {
        const QString path = u8test::writeFile(dir_, "round.txt", "caf\xC3\xA9 and more text");
        {
            MainWindow w;
            QVERIFY(w.openFile(path));
            w.goTo(3, 2);
            u8test::bookmarkActions(w)->toggle();
            BookmarkList* list = u8test::bookmarkActions(w)->list();
            list->setName(0, QStringLiteral("é"));
            list->setNote(0, QStringLiteral("two bytes,\nC3 A9"));
            QVERIFY(u8test::bookmarkActions(w)->lastError().isEmpty());
            // Written as soon as it changed, beside the file, not into it.
            QCOMPARE(sidecar(path), (QList<Bookmark>{{3, 2, QStringLiteral("é"),
                                                      QStringLiteral("two bytes,\nC3 A9")}}));
            QCOMPARE(readAll(path), QByteArray("caf\xC3\xA9 and more text"));
        }
        MainWindow w;
        QVERIFY(w.openFile(path));
        BookmarkList* list = u8test::bookmarkActions(w)->list();
        QCOMPARE(list->size(), 1);
        QCOMPARE(list->at(0),
                 (Bookmark{3, 2, QStringLiteral("é"), QStringLiteral("two bytes,\nC3 A9")}));
        QTableWidget* table = u8test::bookmarkActions(w)->panel()->table();
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("0x3"));
        // Removing the last writes an empty list (the file is not left with stale ones).
        w.goTo(4);
        u8test::bookmarkActions(w)->toggle();
        QCOMPARE(list->size(), 0);
        QVERIFY(sidecar(path).isEmpty());
        QVERIFY(QFile::exists(u8app::bookmarkSidecarPath(path)));
    }

    void noSidecarWithoutBookmarks() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "plain.txt", "nothing marked");
        QVERIFY(w.openFile(path));
        QVERIFY(edit(w, 0, 1, "N"));
        u8test::history(w)->undoStack()->undo();
        QCoreApplication::processEvents();
        QVERIFY(!QFile::exists(u8app::bookmarkSidecarPath(path)));
    }

    void unsavedEditsWaitForSave() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "pending.txt", "0123456789");
        QVERIFY(w.openFile(path));
        w.goTo(5);
        u8test::bookmarkActions(w)->toggle();
        QCOMPARE(sidecar(path).value(0).start, 5ull);
        QVERIFY(edit(w, 0, 0, "ab"));
        u8test::bookmarkActions(w)->list()->setNote(0, QStringLiteral("later"));
        // The file still has the old offsets: so does its sidecar, until Save.
        QCOMPARE(sidecar(path).value(0).start, 5ull);
        QVERIFY(sidecar(path).value(0).note.isEmpty());
        QVERIFY(w.findChild<u8app::SaveActions*>()->save());
        QCOMPARE(sidecar(path).value(0).start, 7ull);
        QCOMPARE(sidecar(path).value(0).note, QStringLiteral("later"));
        // Re-opened from disk after the save, the bookmark is still there.
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 1);
        QCOMPARE(u8test::bookmarkActions(w)->list()->at(0).start, 7ull);
    }

    void badSidecarIsRefusedAndKept_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("why");
        QTest::newRow("not JSON") << QByteArray("{\"format\": ")
                                  << QStringLiteral("not valid JSON");
        QTest::newRow("other format")
            << QByteArray("{\"format\": \"x\"}") << QStringLiteral("not a u8scope bookmarks file");
        QTest::newRow("past the end")
            << QByteArray("{\"format\": \"u8scope-bookmarks\", \"version\": 1, \"bookmarks\": "
                          "[{\"offset\": 400, \"length\": 2, \"name\": \"x\"}]}")
            << QStringLiteral("past the end of the file");
        QTest::newRow("no offset")
            << QByteArray("{\"format\": \"u8scope-bookmarks\", \"version\": 1, \"bookmarks\": "
                          "[{\"offset\": -1, \"length\": 2}]}")
            << QStringLiteral("no valid \"offset\"");
    }
    void badSidecarIsRefusedAndKept() {
        QFETCH(QByteArray, json);
        QFETCH(QString, why);
        const QString path = u8test::writeFile(dir_, "bad.txt", "short file");
        QVERIFY(!u8test::writeFile(dir_, "bad.txt.u8scope-bookmarks.json", json).isEmpty());
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QString error = u8test::bookmarkActions(w)->lastError();
        QVERIFY2(error.contains(why), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("bad.txt.u8scope-bookmarks.json")),
                 qPrintable(error));
        QCOMPARE(u8test::bookmarkActions(w)->panel()->status(), error);
        QTRY_COMPARE(u8test::banner(w)->text(), error);
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 0);
        // A bookmark set now is not written over the file the user may want to mend.
        u8test::bookmarkActions(w)->toggle();
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 1);
        QCOMPARE(readAll(u8app::bookmarkSidecarPath(path)), json);
    }

    void failedWriteSaysWhichFileAndWhy() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "blocked.txt", "some bytes");
        // A link to nothing where the sidecar goes: there is nothing to read, and the write
        // (through the link, as every safe write goes) is refused, even for root.
        QVERIFY(QFile::link(dir_.filePath(QStringLiteral("nowhere/at/all")),
                            u8app::bookmarkSidecarPath(path)));
        QVERIFY(w.openFile(path));
        QVERIFY2(u8test::bookmarkActions(w)->lastError().isEmpty(),
                 qPrintable(u8test::bookmarkActions(w)->lastError()));
        u8test::bookmarkActions(w)->toggle();
        const QString error = u8test::bookmarkActions(w)->lastError();
        QVERIFY2(error.contains(QStringLiteral("could not be written to")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("blocked.txt.u8scope-bookmarks.json: ")),
                 qPrintable(error));
        QCOMPARE(u8test::banner(w)->text(), error);
        QCOMPARE(u8test::banner(w)->level(), u8app::MessageBanner::Level::Error);
        QCOMPARE(u8test::bookmarkActions(w)->panel()->status(), error);
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 1); // kept while open
    }

    // Save opens the saved file again: bookmarks its sidecar could not take (a failed write, or
    // a sidecar that could not be read and is not written over) are not lost to that.
    void saveKeepsWhatTheSidecarCouldNotTake() {
        const QString path = u8test::writeFile(dir_, "keep.txt", "0123456789");
        QVERIFY(QFile::link(dir_.filePath(QStringLiteral("nowhere/keep")),
                            u8app::bookmarkSidecarPath(path)));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.goTo(5);
        u8test::bookmarkActions(w)->toggle();
        QVERIFY(!u8test::bookmarkActions(w)->lastError().isEmpty());
        QVERIFY(edit(w, 0, 0, "ab"));
        QVERIFY(w.findChild<u8app::SaveActions*>()->save());
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 1);
        QCOMPARE(u8test::bookmarkActions(w)->list()->at(0).start, 7ull);
        QVERIFY(!u8test::bookmarkActions(w)->lastError().isEmpty());

        const QString bad = u8test::writeFile(dir_, "keep2.txt", "0123456789");
        QVERIFY(!u8test::writeFile(dir_, "keep2.txt.u8scope-bookmarks.json", "not json").isEmpty());
        QVERIFY(w.openFile(bad));
        w.goTo(2);
        u8test::bookmarkActions(w)->toggle();
        QVERIFY(edit(w, 0, 0, "x"));
        QVERIFY(w.findChild<u8app::SaveActions*>()->save());
        QCOMPARE(u8test::bookmarkActions(w)->list()->size(), 1);
        QCOMPARE(u8test::bookmarkActions(w)->list()->at(0).start, 3ull);
        QCOMPARE(readAll(u8app::bookmarkSidecarPath(bad)), QByteArray("not json"));
    }

    void f2StepsThroughBookmarksAndWraps() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "steps.txt", QByteArray(64, 'x'));
        QVERIFY(w.openFile(path));
        QAction* next = action(w, QStringLiteral("Next Bookmark"));
        QAction* previous = action(w, QStringLiteral("Previous Bookmark"));
        QVERIFY(next && previous);
        QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_F2));
        QCOMPARE(previous->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F2));
        next->trigger();
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("No bookmarks")));
        for (quint64 at : {40ull, 8ull, 20ull}) {
            w.goTo(at, 2);
            u8test::bookmarkActions(w)->toggle();
        }
        w.goTo(0);
        next->trigger();
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{8, 10}));
        next->trigger();
        QCOMPARE(u8test::selection(w)->range().start, 20ull);
        next->trigger();
        QCOMPARE(u8test::selection(w)->range().start, 40ull);
        next->trigger();
        QCOMPARE(u8test::selection(w)->range().start, 8ull);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("back to the first")),
                 qPrintable(w.statusBar()->currentMessage()));
        previous->trigger();
        QCOMPARE(u8test::selection(w)->range().start, 40ull);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("round to the last")));
        // The dock's row follows, and Enter on a row goes there.
        QCOMPARE(u8test::bookmarkActions(w)->panel()->currentIndex(), 2);
        u8test::bookmarkActions(w)->panel()->setCurrentIndex(1);
        QTest::keyClick(u8test::bookmarkActions(w)->panel()->table(), Qt::Key_Return);
        QCOMPARE(u8test::selection(w)->range().start, 20ull);
    }

    void htmlExportListsBookmarks() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "page.txt", "abc <b>def</b> ghi");
        QVERIFY(w.openFile(path));
        w.goTo(4, 3);
        u8test::bookmarkActions(w)->toggle();
        u8test::bookmarkActions(w)->list()->setName(0, QStringLiteral("the <b> tag"));
        u8test::bookmarkActions(w)->list()->setNote(0, QStringLiteral("R&D"));
        auto* exports = w.findChild<u8app::ExportActions*>();
        QVERIFY(exports);
        const QString out = dir_.filePath(QStringLiteral("page.html"));
        QVERIFY(exports->exportHtml(out, {0, u8test::document(w)->size()}).isEmpty());
        const QByteArray html = readAll(out);
        QVERIFY(html.contains("<h2>Bookmarks</h2>"));
        QVERIFY2(html.contains("<li><span class=\"off\">0x4</span> (3 bytes) <b>the &lt;b&gt; "
                               "tag</b>: R&amp;D</li>"),
                 html.constData());
        // A range without it lists none.
        QVERIFY(exports->exportHtml(out, {10, 14}).isEmpty());
        QVERIFY(!readAll(out).contains("Bookmarks"));
    }

    // Item 4 of issue 33: Print and Export as PDF list them as the HTML page does.
    void printListsBookmarks() {
        MainWindow w;
        const QString path = u8test::writeFile(dir_, "print.txt", "abc <b>def</b> ghi");
        QVERIFY(w.openFile(path));
        w.goTo(4, 3);
        u8test::bookmarkActions(w)->toggle();
        u8test::bookmarkActions(w)->list()->setName(0, QStringLiteral("the <b> tag"));
        u8test::bookmarkActions(w)->list()->setNote(0, QStringLiteral("R&D"));
        auto* exports = w.findChild<u8app::ExportActions*>();
        QVERIFY(exports);
        for (const bool inside : {true, false}) {
            QBuffer buffer;
            QVERIFY(buffer.open(QIODevice::WriteOnly));
            QPdfWriter writer(&buffer);
            QStringList painted;
            exports->paint(writer,
                           inside ? u8ui::ByteRange{0, u8test::document(w)->size()}
                                  : u8ui::ByteRange{10, 14},
                           &painted);
            QCOMPARE(painted.contains(QStringLiteral("Bookmarks")), inside);
            QCOMPARE(painted.contains(QStringLiteral("1. 0x4 (3 bytes) the <b> tag: R&D")), inside);
        }
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowBookmarks)
#include "tst_window_bookmarks.moc"
