// The window under the offscreen platform: opening files (good, bad, huge, vanishing, dropped,
// recent) and the settings it keeps.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_session.h"
#include "hex_view.h"
#include "main_window.h"
#include "message_banner.h"
#include "recent_files.h"
#include "scan_report.h"
#include "u8convert/detect.h"
#include "window_test_support.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <unistd.h>

using u8app::MainWindow;

namespace {

// Resident memory of this process, from /proc/self/status (kB).
qint64 residentKiB() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_main_window"));
        QVERIFY(dir_.isValid());
    }

    void opensAFile() {
        const QString path = write("euro.txt", "A\xE2\x82\xAC\n\xC0\xAF");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QCOMPARE(u8test::document(w)->size(), quint64(7));
        QVERIFY(w.windowTitle().contains(QLatin1String("euro.txt")));
        QVERIFY(u8test::banner(w)->text().isEmpty());
        w.goTo(2); // the second byte of the euro sign
        QCOMPARE(u8test::statusField(w, "offset"), QStringLiteral("Offset 0x2 (2)"));
        QCOMPARE(u8test::statusField(w, "byte"), QStringLiteral("Byte 82 (1000 0010)"));
        QVERIFY2(u8test::statusField(w, "role").contains(QLatin1String("continuation")),
                 qPrintable(u8test::statusField(w, "role")));
        QVERIFY2(u8test::statusField(w, "character")
                     .startsWith(QStringLiteral("U+20AC '\u2068€\u2069'")),
                 qPrintable(u8test::statusField(w, "character")));
        QCOMPARE(u8test::statusField(w, "line"), QStringLiteral("Line 1, column 2"));
        w.goTo(6); // AF of the overlong pair, on line 2
        QCOMPARE(u8test::statusField(w, "character"), QStringLiteral("C0 AF, 2 bytes at 0x5"));
        QCOMPARE(u8test::statusField(w, "line"), QStringLiteral("Line 2, column 2"));
    }

    // Start-up (issue 33, item 24): with its background work held, as main() holds it, a window
    // opens a file without starting the whole-file check or the encoding advice, which would
    // take the cores from its first paint; both start once that paint has been drawn.
    void backgroundWorkWaitsForTheFirstPaint() {
        const QString path = write("held.txt", "caf\xE9 and more text\n");
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        w.holdBackgroundWorkUntilPainted();
        QVERIFY(w.openFile(path));
        QTest::qWait(300);
        QVERIFY(!u8test::session(w)->checkReport());
        QCOMPARE(examined.count(), 0);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(u8test::session(w)->checkReport()->totalProblems, quint64(1));
        QTRY_COMPARE(examined.count(), 1);
    }

    void opensTheSample() {
        MainWindow w;
        w.openSample();
        QVERIFY(u8test::document(w)->size() > 500);
        QVERIFY(w.windowTitle().contains(QLatin1String("sample")));
        QVERIFY(u8test::session(w)->path().isEmpty());
    }

    void emptyFile() {
        const QString path = write("empty.txt", "");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QCOMPARE(u8test::document(w)->size(), quint64(0));
        QVERIFY2(u8test::banner(w)->text().contains(QLatin1String("empty")),
                 qPrintable(u8test::banner(w)->text()));
        QCOMPARE(u8test::statusField(w, "offset"), QStringLiteral("Empty file"));
        w.findNext(); // nothing to search: no crash, no hang
        w.goTo(0);
    }

    void fileShrinksWhileOpen() {
        const QString path = write("shrinks.txt", QByteArray(4096, 'a'));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.goTo(4000);
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 10) == 0);
        QTRY_VERIFY2(u8test::banner(w)->text().contains(QLatin1String("shrank")),
                     qPrintable(u8test::banner(w)->text()));
        // Issue 33, defect 17: with no edits at stake the panes show the file as it is now, no
        // byte past its new end.
        QCOMPARE(u8test::document(w)->size(), quint64(10));
        QVERIFY(u8test::selection(w)->cursor() < 10);
        // Reading past the new end gives short reads, never a crash.
        w.goTo(4090);
        w.reload();
        QCOMPARE(u8test::document(w)->size(), quint64(10));
        QVERIFY(u8test::selection(w)->cursor() < 10);
    }

    // Issue 33, defect 22: the window with no document says how to open one and lists the
    // recent files, each a click away; a document takes its place, and closing brings it back.
    void startPageWithoutADocument() {
        const QString path = write("recent.txt", "recent\n");
        {
            MainWindow first;
            QVERIFY(first.openFile(path)); // now a recent file
        }
        MainWindow w;
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* page = w.findChild<QWidget*>(QStringLiteral("startPage"));
        QVERIFY(page && page->isVisible());
        // It lies over the panes, as large as they are.
        auto* panes = w.findChild<QWidget*>(QStringLiteral("panes"));
        QVERIFY(panes);
        QCOMPARE(page->geometry(), panes->geometry());
        auto* hint = page->findChild<QLabel*>(QStringLiteral("startHint"));
        QVERIFY(hint);
        QCOMPARE(hint->text(), QStringLiteral("Open a file (Ctrl+O) or drop one here."));
        QPushButton* recent = nullptr;
        for (QPushButton* b : page->findChildren<QPushButton*>(QStringLiteral("recentFile")))
            if (b->toolTip() == QDir::toNativeSeparators(path))
                recent = b;
        QVERIFY(recent);
        recent->click();
        QCOMPARE(u8test::document(w)->size(), quint64(7));
        QVERIFY(!page->isVisible());
        QVERIFY(u8test::hexView(w)->isVisible());
        QVERIFY(w.closeDocument());
        QVERIFY(page->isVisible());
    }

    // Issue 33, defect 17: bytes another program appends (a log) appear, the cursor and the view
    // staying where they were.
    void fileGrowsWhileOpen() {
        const QString path = write("grows.txt", QByteArray(4096, 'a'));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.goTo(100);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::Append));
            QVERIFY(f.write(QByteArray(100, 'b')) == 100);
        }
        QTRY_COMPARE(u8test::document(w)->size(), quint64(4196));
        QVERIFY2(u8test::banner(w)->text().contains(QLatin1String("grew")),
                 qPrintable(u8test::banner(w)->text()));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(100));
        QVERIFY(!w.isWindowModified());
    }

    // A 4 GiB sparse file opens at once without being read whole: resident memory grows by far
    // less than the file (the first screen is a few KiB).
    void hugeSparseFileOpensWithoutReadingIt() {
        const QString path = dir_.filePath("huge.bin");
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // Text where the encoding check looks (zeros there would make it binary data, which
            // is not checked until asked), then a hole.
            QVERIFY(f.write(QByteArray(qsizetype(u8convert::kDetectWindow), 'a')) > 0);
            QVERIFY(f.resize(qint64(4) << 30));
        }
        const qint64 before = residentKiB();
        MainWindow w;
        w.resize(1200, 800);
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.goTo((quint64(4) << 30) - 1);
        QCOMPARE(u8test::statusField(w, "offset"),
                 QStringLiteral("Offset 0xFFFFFFFF (%1)").arg(QLocale().toString(4294967295ull)));
        // The whole-file check runs in the background, once the encoding was examined (text),
        // and can be cancelled from the status bar.
        QTRY_COMPARE(examined.count(), 1);
        auto* cancel = w.findChild<QToolButton*>(QStringLiteral("scanCancel"));
        QVERIFY(cancel);
        if (!u8test::session(w)->checkReport()) {
            QVERIFY(cancel->isVisible());
            cancel->click();
            QVERIFY2(w.windowTitle().contains(QLatin1String("cancelled")),
                     qPrintable(w.windowTitle()));
            QVERIFY(!cancel->isVisible());
        }
        const qint64 after = residentKiB();
        QVERIFY2(after - before < 256 * 1024,
                 qPrintable(QStringLiteral("RSS grew by %1 KiB").arg(after - before)));
        QFile::remove(path);
    }

    // A file deleted while open: the window says so and keeps showing the bytes it can read.
    void fileVanishesWhileOpen() {
        const QString path = write("vanishes.txt", "abc\xE2\x82\xAC");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY2(u8test::banner(w)->text().contains(QLatin1String("deleted")),
                     qPrintable(u8test::banner(w)->text()));
        w.goTo(4);
        QVERIFY(u8test::statusField(w, "character").startsWith(QStringLiteral("U+20AC")));
    }

    // Open Recent lists opened files, most recent first; a missing one is dropped when chosen.
    void recentFiles() {
        const QString first = write("recent1.txt", "1");
        const QString second = write("recent2.txt", "2");
        MainWindow w;
        QVERIFY(w.openFile(first));
        QVERIFY(w.openFile(second));
        u8app::RecentFiles recent;
        QCOMPARE(recent.paths().value(0), QFileInfo(second).absoluteFilePath());
        QCOMPARE(recent.paths().value(1), QFileInfo(first).absoluteFilePath());
        QFile::remove(first);
        QVERIFY(!w.openFile(first));
        QVERIFY(!u8app::RecentFiles().paths().contains(QFileInfo(first).absoluteFilePath()));
    }

    // A file dropped on the window opens; a drop of something that is not a local file is refused.
    void dropOpensAFile() {
        const QString path = write("dropped.txt", "dropped \xE2\x82\xAC");
        MainWindow w;
        w.openSample();
        QMimeData remote;
        remote.setUrls({QUrl(QStringLiteral("https://example.org/a.txt"))});
        QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &remote, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &refused);
        QVERIFY(!refused.isAccepted());
        QMimeData local;
        local.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &local, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &local, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(u8test::session(w)->path(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(u8test::document(w)->size(), quint64(11));
    }

    void bytesPerRowIsRemembered() {
        {
            MainWindow w;
            w.openSample();
            QAction* eight = nullptr;
            for (QAction* a : w.findChildren<QAction*>())
                if (a->data().toInt() == 8 && a->isCheckable())
                    eight = a;
            QVERIFY(eight);
            eight->trigger();
            QCOMPARE(u8test::hexView(w)->bytesPerRow(), 8);
            w.close();
        }
        MainWindow again;
        QCOMPARE(u8test::hexView(again)->bytesPerRow(), 8);
        for (QAction* a : again.findChildren<QAction*>())
            if (a->data().toInt() == 16 && a->isCheckable())
                a->trigger();
        again.close();
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
