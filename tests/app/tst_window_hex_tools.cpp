// The hex-editor tools of the window: Tools > Checksums… (CRC-32, MD5, SHA-1, SHA-256 of the
// selection or the whole file, on a worker thread, cancellable, copyable).
#include "background_job.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "checksum_actions.h"
#include "checksum_dialog.h"
#include "checksums.h"
#include "main_window.h"
#include "u8codec/byte_source.h"
#include "window_test_support.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <vector>

using u8app::ChecksumDialog;
using u8app::MainWindow;

namespace {

std::vector<std::uint8_t> bytesOf(const char* s) {
    return std::vector<std::uint8_t>(s, s + std::strlen(s));
}

// A pattern that is not periodic in a chunk's length, so a chunk read twice or skipped changes
// every sum.
std::vector<std::uint8_t> pattern(std::size_t n) {
    std::vector<std::uint8_t> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::uint8_t(i * 7 + (i >> 8));
    return out;
}

} // namespace

class TestWindowHexTools : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_hex_tools"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(dir_.isValid());
    }

    void checksumsOfTheStandardCheckString() {
        const u8codec::MemorySource source(bytesOf("123456789"));
        u8app::JobControl control;
        const auto sums = u8app::computeChecksums(source, 0, source.size(), control);
        QVERIFY(sums);
        QCOMPARE(sums->crc32, QStringLiteral("cbf43926"));
        QCOMPARE(sums->md5, QStringLiteral("25f9e794323b453885f5181f1b624d0b"));
        QCOMPARE(sums->sha1, QStringLiteral("f7c3bc1d808e04732adf679965ccc34ca7ae3441"));
        QCOMPARE(
            sums->sha256,
            QStringLiteral("15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225"));
        QCOMPARE(control.permille(), 1000);
    }

    void checksumsAcrossChunks() {
        // Three chunks and a bit: the sums are zlib's and sha256sum's of the whole.
        const u8codec::MemorySource source(pattern(3 * 1024 * 1024 + 17));
        u8app::JobControl control;
        const auto sums = u8app::computeChecksums(source, 0, source.size(), control);
        QVERIFY(sums);
        QCOMPARE(sums->crc32, QStringLiteral("b02c3595"));
        QCOMPARE(
            sums->sha256,
            QStringLiteral("bb956a5cd83eaead22a56a2a7a1896c8ea76cdbff579525dc1081de7798642d3"));
    }

    void cancelledOrShortGivesNoSums() {
        const u8codec::MemorySource source(bytesOf("hello, world"));
        u8app::JobControl cancelled;
        cancelled.cancel();
        QVERIFY(!u8app::computeChecksums(source, 0, source.size(), cancelled));
        // Asked past the end (the file shrank): no sum of fewer bytes than asked for.
        u8app::JobControl control;
        bool shortRead = false;
        QVERIFY(!u8app::computeChecksums(source, 0, 20, control, &shortRead));
        QVERIFY(shortRead);
    }

    void checksumsOfTheSelectionFromTheToolsMenu() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "sums.txt", "hello, world")));
        // One byte (the cursor alone) means the whole file.
        ChecksumDialog* whole = w.checksumActions()->showChecksums();
        QVERIFY(whole);
        QCOMPARE(whole->scope(), ChecksumDialog::Scope::WholeFile);
        QTRY_COMPARE(whole->value("MD5"), QStringLiteral("e4d7f1b4ed2e42d15898f4b27b019da4"));
        QCOMPARE(whole->value("CRC-32"), QStringLiteral("ffab723a"));
        delete whole;
        // "world" selected: its sums, and the whole file's at a change of scope.
        w.selection()->setAnchorAndCursor(7, 11);
        QAction* action = w.checksumActions()->checksumsAction();
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+K")));
        QVERIFY(!action->toolTip().isEmpty());
        action->trigger();
        auto* dialog = w.findChild<ChecksumDialog*>(QStringLiteral("checksumDialog"));
        QVERIFY(dialog);
        QCOMPARE(dialog->scope(), ChecksumDialog::Scope::Selection);
        QTRY_COMPARE(dialog->value("CRC-32"), QStringLiteral("3a771143"));
        QVERIFY(dialog->statusText().contains(QStringLiteral("0x7 to 0xB (5 bytes)")));
        QSignalSpy computed(dialog, &ChecksumDialog::computed);
        dialog->setScope(ChecksumDialog::Scope::WholeFile);
        QTRY_COMPARE(computed.count(), 1);
        QCOMPARE(dialog->value("CRC-32"), QStringLiteral("ffab723a"));
        // Each field's Copy button copies what it shows.
        const QList<QToolButton*> copies = dialog->findChildren<QToolButton*>();
        QCOMPARE(copies.size(), 4);
        copies.first()->click();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("ffab723a"));
        dialog->close();
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowHexTools)
#include "tst_window_hex_tools.moc"
