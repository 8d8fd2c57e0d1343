// The window's check of what it opens: the encoding advice in the banner and the repair its
// button runs, a repair rechecked and undone, and the title and Problems note saying what the
// check and the audit found.
#include "audit_report.h"
#include "byte_document.h"
#include "change_preview.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_scan.h"
#include "document_session.h"
#include "main_window.h"
#include "message_banner.h"
#include "repair_actions.h"
#include "scan_report.h"
#include "u8codec/byte_source.h"
#include "u8convert/detect.h"
#include "u8convert/mojibake.h"
#include "u8convert/transcode.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QAction>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using u8app::MainWindow;

class TestWindowCheck : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_check"));
        QVERIFY(dir_.isValid());
    }

    // A repair changes the document as one undoable step: the title gets its modified mark and the
    // whole-file check runs again on the new bytes; Undo brings the original bytes back.
    void repairIsUndoableAndRechecked() {
        const QString path = write("repair.txt", "ok \xC0\xAF \xFF end");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(u8test::session(w)->checkReport()->totalProblems, quint64(2));
        u8test::repairActions(w)->setConfirm(
            [](const u8app::ChangePreview&) { return std::optional(u8app::PreviewChoice{}); });
        QSignalSpy finished(u8test::repairActions(w), &u8app::RepairActions::finished);
        u8convert::RepairOptions options;
        options.invalid = u8codec::ErrorPolicy::Replace;
        u8test::repairActions(w)->runRepair(QStringLiteral("Replace invalid sequences"), options);
        QVERIFY(finished.wait(20000));
        QVERIFY(w.isWindowModified());
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QVERIFY(u8test::session(w)->checkReport()->summary.valid());
        const QString title = w.windowTitle().remove(QLatin1String("[*]"));
        QVERIFY2(title.contains(QStringLiteral("— valid UTF-8")), qPrintable(title));
        QCOMPARE(u8test::document(w)->size(), quint64(17)); // C0, AF, FF: three U+FFFD of 3 bytes
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(u8test::document(w)->size(), quint64(11));
        QVERIFY(!w.isWindowModified());
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(u8test::session(w)->checkReport()->totalProblems, quint64(2));
    }

    // Opening a file that is not clean UTF-8 puts up a banner that says what the bytes most likely
    // are, and its button runs the repair that helps (through the preview).
    void openingAdvisesOnTheEncoding() {
        for (const AdviceCase& c : adviceCases()) {
            const QString path = write(c.file, QByteArray::fromStdString(c.bytes));
            MainWindow w;
            QSignalSpy examined(&w, &MainWindow::encodingExamined);
            QVERIFY(w.openFile(path));
            QVERIFY(examined.wait(20000));
            QCOMPARE(examined.first().first().toBool(), true);
            const QString text = u8test::banner(w)->text();
            for (const QString& part : c.says)
                QVERIFY2(text.contains(part), qPrintable(c.file + (": " + text)));
            QCOMPARE(u8test::banner(w)->actionText(), c.button);
            u8app::ChangePreview preview;
            u8test::repairActions(w)->setConfirm([&](const u8app::ChangePreview& p) {
                preview = p;
                return std::optional(u8app::PreviewChoice{});
            });
            QSignalSpy finished(u8test::repairActions(w), &u8app::RepairActions::finished);
            emit u8test::banner(w)->actionTriggered();
            QVERIFY(finished.wait(20000));
            QCOMPARE(contents(w), c.repaired);
            if (c.button.startsWith(QLatin1String("Read Invalid Bytes"))) {
                // Only the stray bytes change: every valid character stays as it was.
                for (const auto& change : preview.changes)
                    QVERIFY2(change.before.size() == 1 && quint8(change.before[0]) >= 0x80,
                             qPrintable(c.file + (": " + change.before.toHex())));
            }
            QVERIFY2(u8test::banner(w)->text().isEmpty(), qPrintable(u8test::banner(w)->text()));
        }
    }

    // Clean UTF-8 gets no advice, nor do bytes changed before the check ended; random bytes are
    // called binary data (`detect` says so too), not text in some code page; what the banner says
    // already is not replaced.
    void noAdviceForCleanOrChangedBytes() {
        const QByteArray mojibake = QByteArray::fromStdString(adviceCases().front().bytes);
        const QString mojibakePath = write("mojibake.txt", mojibake);
        // Binary bytes: ICU's detector names a code page for them too, with a low confidence,
        // which is not what the banner offers.
        QByteArray binary;
        std::uint32_t state = 12345;
        for (int i = 0; i < 8192; ++i) {
            state = state * 1103515245u + 12345u;
            binary += char(state >> 24);
        }
        const QString clean = write("clean.txt", "Grüße, Привет, 日本語 — ok.\n");
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(write("binary.bin", binary)));
        QVERIFY(examined.wait(20000));
        QCOMPARE(examined.last().first().toBool(), true);
        QVERIFY2(u8test::banner(w)->text().contains(QStringLiteral("looks like binary data")),
                 qPrintable(u8test::banner(w)->text()));
        QVERIFY(w.openFile(clean));
        QVERIFY(examined.wait(20000));
        QCOMPARE(examined.last().first().toBool(), false);
        QVERIFY(u8test::banner(w)->text().isEmpty());

        // The bytes change before the check ends (an edit, or another file opens): what it
        // found is about bytes no longer shown, and no advice appears.
        QVERIFY(w.openFile(write("late.txt", mojibake)));
        u8test::history(w)->replaceContent(
            QStringLiteral("Edit"),
            std::make_shared<u8codec::MemorySource>(std::vector<std::uint8_t>{'o', 'k'}));
        QVERIFY(examined.wait(20000));
        QCOMPARE(examined.last().first().toBool(), false);
        QVERIFY(u8test::banner(w)->text().isEmpty());
        u8test::history(w)->undoStack()->undo(); // unmodified: opening asks nothing

        // What the banner says already (the file changed on disk, say) is not replaced.
        QVERIFY(w.openFile(mojibakePath));
        u8test::banner(w)->showMessage(u8app::MessageBanner::Level::Warning,
                                       QStringLiteral("grew"));
        QVERIFY(examined.wait(20000));
        QCOMPARE(examined.last().first().toBool(), false);
        QCOMPARE(u8test::banner(w)->text(), QStringLiteral("grew"));

        QVERIFY(w.openFile(mojibakePath));
        QVERIFY(w.openFile(clean));
        QVERIFY(examined.wait(20000));
        QCOMPARE(examined.last().first().toBool(), false);
        QTest::qWait(100);
        QCOMPARE(examined.size(), 5);
        QVERIFY(u8test::banner(w)->text().isEmpty());
    }

    // Issue 33, defect 1: a valid file longer than the detector's window, the window ending
    // inside a 3-byte character (e3 | 83 86), gets no banner: the cut is not an error.
    void validFileCutByTheWindowGetsNoAdvice() {
        // Valid text with multi-byte characters all through (the file was Japanese),
        // padded with ASCII so that the window ends right after e3.
        std::string text;
        while (text.size() < u8convert::kDetectWindow - 64)
            text += "Grüße, テスト, ünïcödé.\n";
        text.resize(u8convert::kDetectWindow - 1, 'a');
        text += "\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88: valid UTF-8, ünïcödé.\n";
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(write("cut.txt", QByteArray::fromStdString(text))));
        QVERIFY(examined.wait(20000));
        QVERIFY2(u8test::banner(w)->text().isEmpty(), qPrintable(u8test::banner(w)->text()));
        QCOMPARE(examined.first().first().toBool(), false);
    }

    // Issue 33, defect 12: the banner counts as the Problems list does (C0 AF is one problem,
    // though two error segments).
    void bannerCountsAsTheProblemsList() {
        const QString path = write("one-overlong.txt", "Grüße aus Köln \xC0\xAF ende\n");
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(path));
        QVERIFY(examined.wait(20000));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(u8test::session(w)->checkReport()->totalProblems, quint64(1));
        QVERIFY2(u8test::banner(w)->text().contains(QStringLiteral("(1 in the whole file)")),
                 qPrintable(u8test::banner(w)->text()));
    }

    void titleSaysWhetherValid_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("problemsNote");
        const QString audited =
            QStringLiteral("Audited as text (no programming-language extension): nothing "
                           "suspicious.");
        QTest::newRow("valid") << QByteArray("caf\xC3\xA9 \xE2\x82\xAC")
                               << "— valid UTF-8, nothing suspicious"
                               << "No problems: title.txt is valid UTF-8. " + audited;
        QTest::newRow("invalid") << QByteArray("a\xC0\xAF")
                                 << "— not valid UTF-8 (1 problem), nothing suspicious" << audited;
    }

    void titleSaysWhetherValid() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, state);
        const QString path = write("title.txt", bytes);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QTRY_VERIFY(u8test::session(w)->auditReport()); // the audit follows the check
        // "[*]" marks where Qt shows the unsaved-changes mark; none here.
        QVERIFY(!w.isWindowModified());
        const QString title = w.windowTitle().remove(QLatin1String("[*]"));
        QVERIFY2(title.startsWith(QStringLiteral("title.txt ") + state), qPrintable(title));
        // The problems dock says what the check and the audit found, rather than showing an
        // empty list.
        QFETCH(QString, problemsNote);
        const auto* note = w.findChild<QLabel*>(QStringLiteral("problemsNote"));
        QVERIFY(note);
        QCOMPARE(note->isVisibleTo(&w) ? note->text() : QString(), problemsNote);
    }

    // After an edit the check goes on from the resume point before it: its progress starts
    // there, not at 0, and its report is the whole check's. Check Again starts from 0.
    void editRechecksFromBeforeIt() {
        QByteArray text;
        while (text.size() < (qsizetype(12) << 20))
            text += "A line of text with caf\xC3\xA9 and \xE2\x82\xAC in it.\n";
        const QString path = write("resume.txt", text);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(u8test::session(w)->checkReport(), 20000);
        QVERIFY(u8test::session(w)->checkReport()->summary.valid());
        QList<int> progress;
        connect(u8test::documentScan(w), &u8doc::DocumentScan::progressChanged, this,
                [&](int permille) { progress << permille; });
        // The first byte of a line near the end ('A'): one problem, nothing cut.
        const quint64 at = quint64(text.lastIndexOf('\n', text.size() - 100)) + 1;
        QVERIFY(u8test::documentController(w)->edit(
            {at, 1, QByteArray("\xC0\xAF"), QStringLiteral("Test edit"),
             u8doc::DocumentEditor::Step::Separate, at + 2}));
        QVERIFY(!u8test::session(w)->checkReport());
        QTRY_VERIFY_WITH_TIMEOUT(u8test::session(w)->checkReport(), 20000);
        progress.removeAll(0); // each pass says 0 as it starts
        QVERIFY(!progress.isEmpty());
        QVERIFY2(progress.first() > 600, qPrintable(QString::number(progress.first())));
        std::atomic<bool> stop{false};
        const auto whole =
            u8doc::DocumentScan::scan(*u8test::document(w)->source(),
                                      u8test::session(w)->checkReport()->problemCap, stop)
                .report;
        const auto& got = *u8test::session(w)->checkReport();
        QCOMPARE(got.summary.toJson(), whole->summary.toJson());
        QCOMPARE(got.totalProblems, quint64(1));
        QCOMPARE(got.problems.front().problem.offset, at);
        QCOMPARE(got.problems.front().line, whole->problems.front().line);
        QVERIFY(got.lineCheckpoints == whole->lineCheckpoints);
        QVERIFY(got.byteCounts == whole->byteCounts);
        // The audit that follows resumed too (the resume points before the edit are the last
        // audit's own) and finds what a whole audit finds: the zero-width space typed.
        QTRY_VERIFY_WITH_TIMEOUT(u8test::session(w)->auditReport(), 20000);
        const auto firstAudit = u8test::session(w)->auditReport();
        QVERIFY(firstAudit->resumePoints.size() >= 2);
        QVERIFY(u8test::documentController(w)->edit(
            {at + 10, 0, QByteArray("\xE2\x80\x8B"), QStringLiteral("Test edit"),
             u8doc::DocumentEditor::Step::Separate, at + 13}));
        QTRY_VERIFY_WITH_TIMEOUT(u8test::session(w)->auditReport() &&
                                     u8test::session(w)->auditReport() != firstAudit,
                                 20000);
        const auto audited = u8test::session(w)->auditReport();
        QCOMPARE(audited->resumePoints.front().auditor, firstAudit->resumePoints.front().auditor);
        QCOMPARE(audited->totalFindings, quint64(1));
        QCOMPARE(audited->findings.front().offset, at + 10);
        // Check Again: from the start.
        progress.clear();
        QAction* again = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Check Again"))
                again = a;
        QVERIFY(again);
        again->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(u8test::session(w)->checkReport(), 20000);
        progress.removeAll(0);
        QVERIFY(!progress.isEmpty());
        QVERIFY2(progress.first() < 600, qPrintable(QString::number(progress.first())));
    }

private:
    // A file name, its bytes, what the banner says of them, its button and the bytes it repairs
    // them to.
    struct AdviceCase {
        const char* file;
        std::string bytes;
        QStringList says; // in the banner
        QString button;
        std::string repaired;
    };
    static std::vector<AdviceCase> adviceCases() {
        const std::string german = repeat("Der Kaffee im Café ist heiß, sagt Müller: „Schön!“\n");
        const std::string russian = repeat("Привет, мир! Это обычный русский текст в кодировке.\n");
        // The case: a dozen correct accented and CJK characters, 7 stray Latin-1 bytes.
        const std::string few = "Grüße aus Köln: schön, café, 中文, naïve, Øresund, ö ö é.\n";
        const std::string french = repeat("Le café est très bon, n’est-ce pas ? « Déjà l’été », "
                                          "dit-elle à l’hôtel où l’œuvre était exposée.\n");
        const std::string czech = repeat(
            "Česká republika je vnitrozemský stát ve střední Evropě. Hlavním městem je Praha. "
            "Šumava a Krkonoše jsou známá pohoří, kde se v zimě lyžuje a v létě chodí na túry. "
            "Ještě v devatenáctém století byla většina obyvatel zaměstnána v zemědělství.\n");
        const std::string czech1250 =
            u8convert::transcode(span(czech), "UTF-8", "windows-1250").output;
        return {
            {"mojibake.txt",
             u8convert::readAs(span(german), u8convert::CodePage::Windows1252),
             {"reads like mojibake", "UTF-8 read as windows-1252", "“Ã©” should be “é”",
              "(places like it in the whole file: "},
             "Fix Mojibake…",
             german},
            {"legacy.txt",
             u8convert::transcode(span(russian), "UTF-8", "windows-1251").output,
             {"is not UTF-8", "windows-1251, Russian text", "ICU charset detector"},
             "Reinterpret as windows-1251…",
             russian},
            {"stray.txt",
             german + "caf\xE9\n",
             {"mostly UTF-8", "(1 in the whole file)", "stray bytes of windows-1252"},
             "Read Invalid Bytes as windows-1252…",
             german + "café\n"},
            {"c1.txt",
             u8convert::transcode(
                 span(u8convert::transcode(span(german), "UTF-8", "windows-1252").output),
                 "ISO-8859-1", "UTF-8")
                 .output,
             {"holds C1 controls (16 in the whole file)",
              "that stand for windows-1252 punctuation"},
             "Read C1 Controls as windows-1252 Punctuation…",
             german},
            {"few-stray.txt",
             few + "caf\xE9 sch\xF6n M\xFCller na\xEFve \xE0 la \xE8re \xF1\n",
             {"mostly UTF-8", "(7 in the whole file)", "stray bytes of windows-1252"},
             "Read Invalid Bytes as windows-1252…",
             few + "café schön Müller naïve à la ère ñ\n"},
            // Issue 33, defect 2: correct accented letters among stray Latin-1 bytes, which ICU
            // ranks as ISO-8859-1: the banner's action keeps "wörld" (a reinterpretation would
            // make it "wÃ¶rld") and names the reinterpretation only as the second choice.
            {"world.txt",
             "Hello w\xC3\xB6rld, this is a test of the caf\xE9 problem.\n",
             {"mostly UTF-8", "(1 in the whole file)", "stray bytes of windows-1252",
              "would read the whole file as ISO-8859-1 instead"},
             "Read Invalid Bytes as windows-1252…",
             "Hello wörld, this is a test of the café problem.\n"},
            // ... and overlong forms, a surrogate and characters cut short beside valid UTF-8:
            // UTF-8's own damage, replaced, never read as windows-1252.
            {"damage.txt",
             "Hello w\xC3\xB6rld and na\xC3\xAFve text.\nerrors: \xC0\xAF and \xE0\x80\xAF "
             "and \xED\xA0\x80 and \xE2\x82 and \xF0\x9F\x98 end\n",
             {"is UTF-8 with invalid sequences (5 in the whole file)", "damage of UTF-8 itself"},
             "Replace Invalid Sequences with U+FFFD…",
             "Hello wörld and naïve text.\nerrors: �� and ��� and ��� and � and � end\n"},
            {"cp1252.txt",
             u8convert::transcode(span(french), "UTF-8", "windows-1252").output,
             {"is not UTF-8", "reads best as windows-1252"},
             "Reinterpret as windows-1252…",
             french},
            {"cp1250.txt",
             czech1250,
             {"is not UTF-8", "reads best as windows-1250, Czech text"},
             "Reinterpret as windows-1250…",
             czech},
            // A legacy file that holds a little valid UTF-8: the banner says what the
            // reinterpretation does to it.
            {"cp1250-and-utf8.txt",
             czech1250 + "Grüße\n",
             {"reads best as windows-1250", "2 valid UTF-8 characters would become mojibake"},
             "Reinterpret as windows-1250…",
             czech + "GrĂĽĂźe\n"},
        };
    }
    static std::string repeat(const std::string& line) {
        std::string s;
        for (int i = 0; i < 8; ++i)
            s += line;
        return s;
    }
    static std::span<const std::uint8_t> span(const std::string& s) {
        return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
    }
    // The document's bytes as they are now.
    static std::string contents(const MainWindow& w) {
        const auto source = u8test::document(w)->sharedSource();
        std::string out(std::size_t(source->size()), '\0');
        out.resize(
            source->read(0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), out.size())));
        return out;
    }
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowCheck)
#include "tst_window_check.moc"
