// Repairs in the window's model: preview, apply as one undoable step, save atomically.
#include "background_job.h"
#include "byte_document.h"
#include "change_lines.h"
#include "change_preview.h"
#include "change_tree.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "number_format.h"
#include "repair_actions.h"
#include "save_actions.h"
#include "u8codec/byte_source.h"
#include "undo_stack.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QWidget>
#include <atomic>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace u8app;

namespace {

std::shared_ptr<const u8codec::ByteSource> bytesOf(const QByteArray& text) {
    return std::make_shared<u8codec::MemorySource>(
        std::vector<std::uint8_t>(text.begin(), text.end()));
}

QByteArray contentOf(const u8ui::ByteDocument& document) {
    QByteArray out(qsizetype(document.size()), '\0');
    document.source()->read(
        0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())));
    return out;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

struct stat statOf(const QString& path) {
    struct stat st {};
    ::lstat(QFile::encodeName(path).constData(), &st);
    return st;
}

} // namespace

class TestDocumentEdit : public QObject {
    Q_OBJECT

    QWidget window_;
    DocumentController* controller_ = nullptr; // owns the document and its history
    u8ui::ByteDocument* document_ = nullptr;
    u8doc::DocumentHistory* history_ = nullptr;
    u8doc::DocumentSession* session_ = nullptr; // the file open, whose path Save writes
    RepairActions* repairs_ = nullptr;
    QList<ChangePreview> previews_;
    bool accept_ = true;
    // What the user unticks in each preview (nothing by default).
    std::function<PreviewChoice(const ChangePreview&)> choose_;

    // Opens the file at `path` as the document (its bytes, and the path Save writes).
    void openFile(const QString& path) {
        auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
        if (!opened.ok())
            QFAIL(opened.message().c_str());
        session_->openFile(std::shared_ptr<u8codec::FileSource>(std::move(opened).value()), path);
    }

    // Runs a repair and waits for its outcome.
    QString repairAndWait(const QString& title, const u8convert::RepairOptions& options) {
        QSignalSpy finished(repairs_, &RepairActions::finished);
        repairs_->runRepair(title, options);
        if (!finished.wait(20000))
            return QStringLiteral("<timeout>");
        return finished.first().first().toString();
    }

private slots:
    void init() {
        controller_ = new DocumentController(&window_);
        document_ = controller_->document();
        history_ = controller_->history();
        session_ = new u8doc::DocumentSession(controller_, &window_);
        repairs_ = new RepairActions(&window_, document_, history_);
        previews_.clear();
        accept_ = true;
        choose_ = [](const ChangePreview&) { return PreviewChoice{}; };
        repairs_->setConfirm([this](const ChangePreview& p) -> std::optional<PreviewChoice> {
            previews_ << p;
            if (!accept_)
                return std::nullopt;
            return choose_(p);
        });
    }
    void cleanup() {
        delete repairs_;
        delete session_;
        delete controller_;
    }

    // A job, then its `done` waiting in a nested event loop as a preview dialog does. The
    // progress dialog must stay hidden while `done` waits: it used to appear (stuck at 99 %) over
    // the preview of a quick job, by its own delayed show. A long job shows it while it runs.
    void progressDialogStaysHiddenAfterTheJob_data() {
        QTest::addColumn<int>("jobMs");
        QTest::addColumn<bool>("shownWhileWorking");
        QTest::newRow("quick job") << 100 << false;
        QTest::newRow("long job") << 1200 << true;
    }
    void progressDialogStaysHiddenAfterTheJob() {
        QFETCH(int, jobMs);
        QFETCH(bool, shownWhileWorking);
        window_.show();
        const auto visibleProgress = [this] {
            int n = 0;
            for (const QProgressDialog* d : window_.findChildren<QProgressDialog*>())
                n += d->isVisible() ? 1 : 0;
            return n;
        };
        bool doneRan = false;
        int visibleDuringDone = -1;
        std::atomic<std::int64_t> jobTookMs{0}; // from the call to the job's end
        const auto started = std::chrono::steady_clock::now();
        runInBackground(
            &window_, QStringLiteral("Working"),
            [jobMs, &jobTookMs, started](JobControl& control) {
                for (int i = 0; i < 10; ++i) {
                    control.setProgress(i / 10.0);
                    std::this_thread::sleep_for(std::chrono::milliseconds(jobMs / 10));
                }
                jobTookMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - started)
                                .count();
            },
            [&](const JobControl&) {
                QTest::qWait(1000); // longer than the dialog's delayed show (400 ms)
                visibleDuringDone = visibleProgress();
                doneRan = true;
            });
        int visibleWhileWorking = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            (visibleWhileWorking = std::max(visibleWhileWorking, visibleProgress())) > 0 ||
                visibleDuringDone >= 0,
            10000);
        QTRY_VERIFY_WITH_TIMEOUT(doneRan, 10000);
        // A loaded machine can stretch the quick job past the delayed show; only a job that
        // really was quick must finish unseen.
        if (shownWhileWorking)
            QVERIFY(visibleWhileWorking > 0);
        else if (jobTookMs < 300)
            QCOMPARE(visibleWhileWorking, 0);
        QCOMPARE(visibleDuringDone, 0);
        window_.hide();
    }

    void repairIsPreviewedThenOneUndoableStep() {
        const QByteArray original = "Caf\xC3\x83\xC2\xA9 ok\xC0\xAF\n";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        u8convert::RepairOptions options;
        options.mojibake = true;
        const QString message = repairAndWait(QStringLiteral("Fix Mojibake"), options);
        QVERIFY2(message.contains(QStringLiteral("applied")), qPrintable(message));
        QCOMPARE(previews_.size(), 1);
        const ChangePreview& p = previews_.first();
        QCOMPARE(p.oldSize, quint64(original.size()));
        QVERIFY(p.totalChanges >= 2); // the mojibake and the ill-formed C0 AF
        QVERIFY(!p.changes.isEmpty());
        // The steps run in order (invalid sequences first), each change reported before/after.
        const auto mojibake = std::find_if(p.changes.begin(), p.changes.end(), [](const auto& c) {
            return c.before == QByteArray("\xC3\x83\xC2\xA9");
        });
        QVERIFY(mojibake != p.changes.end());
        QCOMPARE(mojibake->after, QByteArray("\xC3\xA9"));
        QCOMPARE(mojibake->offset, quint64(3));

        const QByteArray repaired = contentOf(*document_);
        QVERIFY(repaired.startsWith("Caf\xC3\xA9 ok"));
        QCOMPARE(p.newSize, quint64(repaired.size()));
        QVERIFY(history_->isModified());
        QCOMPARE(history_->undoStack()->count(), 1);

        history_->undoStack()->undo();
        QCOMPARE(contentOf(*document_), original);
        QVERIFY(!history_->isModified());
        history_->undoStack()->redo();
        QCOMPARE(contentOf(*document_), repaired);
    }

    void untickedFixStaysAndUndoTakesBackTheRest() {
        const QByteArray original =
            "Caf\xC3\x83\xC2\xA9 and r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9 ok"
            "\xC0\xAF\r\n";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        // Untick the fix at offset 13 (the first "Ã©" of "résumé"), keep everything else.
        choose_ = [](const ChangePreview& p) {
            PreviewChoice c;
            for (int i = 0; i < p.changes.size(); ++i)
                if (p.changes[i].offset == 13)
                    c.untickedChanges.insert(i);
            return c;
        };
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.lineEnding = u8convert::LineEnding::Lf;
        const QString message = repairAndWait(QStringLiteral("Fix Mojibake"), options);
        QVERIFY2(message.contains(QStringLiteral("applied")), qPrintable(message));
        const ChangePreview& p = previews_.first();
        QVERIFY(p.selectable);
        QCOMPARE(p.changes.size(), 4); // the invalid C0 AF, three fixes; line endings counted
        for (int i = 0; i < p.changes.size(); ++i)
            QCOMPARE(p.changes[i].group, i);
        QCOMPARE(contentOf(*document_), QByteArray("Caf\xC3\xA9 and r\xC3\x83\xC2\xA9sum\xC3\xA9 "
                                                   "ok\xEF\xBF\xBD\xEF\xBF\xBD\n"));
        QCOMPARE(history_->undoStack()->count(), 1);
        QCOMPARE(history_->undoStack()->undoText(),
                 QStringLiteral("Fix Mojibake (4 of 5 changes: invalid-sequence 1 of 1, mojibake "
                                "2 of 3, line-ending 1 of 1)"));
        history_->undoStack()->undo();
        QCOMPARE(contentOf(*document_), original);
        QVERIFY(!history_->isModified());
    }

    // A large document is repaired window by window into a temporary file the document then
    // reads (here every document is "large"): the same preview, the same bytes, a part of it
    // applied the same, and Undo.
    void largeDocumentsAreRepairedInWindows() {
        QByteArray original;
        for (int i = 0; i < 300; ++i)
            original += "Caf\xC3\x83\xC2\xA9 and r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9 ok"
                        "\xC0\xAF \xD0\xA0\xD1\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82\r\n";
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.lineEnding = u8convert::LineEnding::Lf;
        for (const bool untickOne : {false, true}) {
            QList<ChangePreview> seen[2];
            QByteArray repaired[2];
            for (const bool inWindows : {false, true}) {
                cleanup();
                init();
                choose_ = [untickOne](const ChangePreview& p) {
                    PreviewChoice c;
                    if (untickOne)
                        c.untickedChanges.insert(int(p.changes.size()) / 2);
                    return c;
                };
                if (inWindows)
                    repairs_->setRepairInWindowsFrom(1);
                history_->open(bytesOf(original), QStringLiteral("t.txt"));
                const QString message = repairAndWait(QStringLiteral("Fix Mojibake"), options);
                QVERIFY2(message.contains(QStringLiteral("applied")), qPrintable(message));
                seen[inWindows] = previews_;
                repaired[inWindows] = contentOf(*document_);
                // Applied whole, the document's pieces read the temporary file; a part of it is
                // made in memory from the report, as for any document.
                QCOMPARE(dynamic_cast<const u8codec::FileSource*>(
                             history_->table()->original().get()) != nullptr,
                         inWindows && !untickOne);
                history_->undoStack()->undo();
                QCOMPARE(contentOf(*document_), original);
            }
            QCOMPARE(repaired[1], repaired[0]);
            QCOMPARE(seen[1].size(), 1);
            QCOMPARE(seen[0].size(), 1);
            const ChangePreview &a = seen[0].first(), &b = seen[1].first();
            QVERIFY(b.selectable);
            QCOMPARE(b.totalChanges, a.totalChanges);
            QCOMPARE(b.newSize, a.newSize);
            QCOMPARE(b.changes.size(), a.changes.size());
            for (int i = 0; i < a.changes.size(); ++i) {
                QCOMPARE(b.changes[i].offset, a.changes[i].offset);
                QCOMPARE(b.changes[i].after, a.changes[i].after);
                QCOMPARE(b.changes[i].group, a.changes[i].group);
                QCOMPARE(b.changes[i].confidence, a.changes[i].confidence);
            }
        }
    }

    // Both ways of repairing (in memory and window by window) go through repairSource(), which
    // checks that the document's bytes did not end early while it read them (its file cut short
    // by another program): the repair is refused with the reason, the document left as it was.
    // (In memory the window used to repair what it had read of it.)
    void aDocumentThatEndsEarlyIsNotRepaired() {
        // Says 6,000 bytes, holds 4,000 of damaged text.
        class EndsEarly final : public u8codec::ByteSource {
        public:
            std::uint64_t size() const override { return 6000; }
            std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
                static const std::string unit = "Caf\xC3\x83\xC2\xA9 ";
                std::size_t n = 0;
                for (; n < dest.size() && offset + n < 4000; ++n)
                    dest[n] = std::uint8_t(unit[(offset + n) % unit.size()]);
                return n;
            }
        };
        for (const bool inWindows : {false, true}) {
            cleanup();
            init();
            if (inWindows)
                repairs_->setRepairInWindowsFrom(1);
            history_->open(std::make_shared<EndsEarly>(), QStringLiteral("t.txt"));
            const QByteArray before = contentOf(*document_);
            QString warning;
            QTimer::singleShot(0, [&] { // the warning is a modal box: read it and close it
                const auto close = [&] {
                    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                    if (!box)
                        return false;
                    warning = box->text();
                    box->accept();
                    return true;
                };
                auto* poll = new QTimer(&window_);
                connect(poll, &QTimer::timeout, poll, [poll, close] {
                    if (close())
                        poll->deleteLater();
                });
                poll->start(10);
            });
            u8convert::RepairOptions options;
            options.mojibake = true;
            const QString message = repairAndWait(QStringLiteral("Fix Mojibake"), options);
            QVERIFY2(message.contains(QStringLiteral("failed")), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("became shorter")), qPrintable(message));
            QVERIFY2(warning.contains(QStringLiteral("t.txt")), qPrintable(warning));
            QVERIFY(previews_.isEmpty());
            QCOMPARE(contentOf(*document_), before);
            QVERIFY(!history_->isModified());
        }
    }

    void untickedLineEndingsAreKept() {
        const QByteArray original = "Caf\xC3\x83\xC2\xA9\r\n";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        choose_ = [](const ChangePreview&) {
            PreviewChoice c;
            c.leftOutKinds.insert(int(u8convert::RepairKind::LineEnding));
            return c;
        };
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.lineEnding = u8convert::LineEnding::Lf;
        repairAndWait(QStringLiteral("Fix Mojibake"), options);
        QCOMPARE(contentOf(*document_), QByteArray("Caf\xC3\xA9\r\n"));
        QCOMPARE(
            history_->undoStack()->undoText(),
            QStringLiteral("Fix Mojibake (1 of 2 changes: mojibake 1 of 1, line-ending 0 of 1)"));
    }

    void everythingUntickedChangesNothing() {
        const QByteArray original = "Caf\xC3\x83\xC2\xA9";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        choose_ = [](const ChangePreview&) {
            PreviewChoice c;
            c.untickedChanges.insert(0);
            return c;
        };
        u8convert::RepairOptions options;
        options.mojibake = true;
        const QString message = repairAndWait(QStringLiteral("Fix Mojibake"), options);
        QVERIFY2(message.contains(QStringLiteral("unchanged")), qPrintable(message));
        QCOMPARE(contentOf(*document_), original);
        QCOMPARE(history_->undoStack()->count(), 0);
    }

    void tooManyChangesRerunWithoutThePage() {
        // More changes than the preview lists: single changes cannot be unticked, a page can;
        // the repair then runs again without it (ISO-8859-1 reads "Ã©" the same way).
        QByteArray original;
        for (int i = 0; i < 20001; ++i)
            original += "\xC3\x83\xC2\xA9 ";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        choose_ = [](const ChangePreview& p) {
            PreviewChoice c;
            if (p.title == QStringLiteral("Fix Mojibake")) // the first preview only
                c.leftOutPages.insert(QStringLiteral("windows-1252"));
            return c;
        };
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.mojibakeOptions.codePages = {u8convert::CodePage::Windows1252,
                                             u8convert::CodePage::Latin1};
        QSignalSpy finished(repairs_, &RepairActions::finished);
        repairs_->runRepair(QStringLiteral("Fix Mojibake"), options);
        QVERIFY(finished.wait(60000));
        QCOMPARE(previews_.size(), 2);
        QVERIFY(!previews_[0].selectable);
        QVERIFY(previews_[0].whyNotSelectable.contains(QStringLiteral("more than")));
        QCOMPARE(previews_[0].changes.first().page, QStringLiteral("windows-1252"));
        QCOMPARE(previews_[1].title, QStringLiteral("Fix Mojibake without windows-1252"));
        QCOMPARE(previews_[1].changes.first().page, QStringLiteral("ISO-8859-1"));
        QCOMPARE(history_->undoStack()->undoText(),
                 QStringLiteral("Fix Mojibake without windows-1252"));
    }

    void treeUntickingAPageUnticksItsFixesAndTheirTies() {
        // NFD rewrites the first fix's "é": that normalisation is tied to the fix.
        const std::string in = "Caf\xC3\x83\xC2\xA9 r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9 \xC0\xAF";
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.normalForm = u8convert::NormalForm::Nfd;
        const auto bytes = std::span(reinterpret_cast<const std::uint8_t*>(in.data()), in.size());
        const u8convert::RepairResult r = u8convert::repair(bytes, options);
        const u8codec::Result<u8convert::ChangeTies> ties =
            u8convert::tieChanges(bytes, r.report.changes);
        QVERIFY(ties.ok());
        const ChangePreview p =
            RepairActions::previewOf(QStringLiteral("Fix"), r.report, options, &*ties);
        QVERIFY(p.selectable);
        ChangePreviewDialog dialog(p);
        auto* tree = dialog.findChild<ChangeTree*>();
        QVERIFY(tree);
        QTreeWidgetItem* page = tree->pageItem(QStringLiteral("windows-1252"));
        QVERIFY(page);
        QCOMPARE(page->childCount(), 3);
        page->setCheckState(0, Qt::Unchecked);
        const PreviewChoice c = dialog.choice();
        QVERIFY(c.leftOutPages.contains(QStringLiteral("windows-1252")));
        QVERIFY(c.leftOutKinds.contains(int(u8convert::RepairKind::Mojibake)));
        QVERIFY(c.leftOutKinds.contains(int(u8convert::RepairKind::Normalization)));
        QVERIFY(!c.leftOutKinds.contains(int(u8convert::RepairKind::InvalidSequence)));
        // Every fix, and the normalisations inside them, under another kind.
        for (int i = 0; i < p.changes.size(); ++i)
            QCOMPARE(c.untickedChanges.contains(i),
                     p.changes[i].kind != int(u8convert::RepairKind::InvalidSequence));
        // Ticking one fix back ticks its normalisation too; the page is then partly ticked.
        const int fix = int(std::find_if(p.changes.begin(), p.changes.end(),
                                         [](const auto& ch) { return ch.offset == 3; }) -
                            p.changes.begin());
        tree->changeItem(fix)->setCheckState(0, Qt::Checked);
        const PreviewChoice again = dialog.choice();
        for (int i = 0; i < p.changes.size(); ++i)
            if (p.changes[i].group == fix)
                QVERIFY(!again.untickedChanges.contains(i));
        QCOMPARE(page->checkState(0), Qt::PartiallyChecked);
        QCOMPARE(tree->kindItem(int(u8convert::RepairKind::Mojibake))->checkState(0),
                 Qt::PartiallyChecked);
    }

    // Issue 31: the preview groups a record's fixes under its line (a CSV row with two damaged
    // cells), ticked and unticked together; a line with one fix stays a plain row.
    void treeGroupsALinesFixes() {
        const std::string in = "name;city\nJOS\xC3\x83\xE2\x80\xB0;Z\xC3\x83\xC2\xBCrich\n"
                               "Ren\xC3\x83\xC2\xA9"
                               "e;Paris\n";
        u8convert::RepairOptions options;
        options.mojibake = true;
        const auto bytes = std::span(reinterpret_cast<const std::uint8_t*>(in.data()), in.size());
        const u8convert::RepairResult r = u8convert::repair(bytes, options);
        QCOMPARE(r.report.changes.size(), std::size_t(3));
        const u8codec::Result<u8convert::ChangeTies> ties =
            u8convert::tieChanges(bytes, r.report.changes);
        const u8codec::MemorySource source(std::vector<std::uint8_t>(in.begin(), in.end()));
        const auto lines = linesOfChanges(source, r.report.changes);
        QVERIFY(lines);
        QCOMPARE(*lines, (std::vector<quint64>{2, 2, 3}));
        const ChangePreview p =
            RepairActions::previewOf(QStringLiteral("Fix"), r.report, options, &*ties, &*lines);
        ChangePreviewDialog dialog(p);
        auto* tree = dialog.findChild<ChangeTree*>();
        QVERIFY(tree);
        QTreeWidgetItem* line = tree->lineItem(QStringLiteral("windows-1252"), 2);
        QVERIFY(line);
        QCOMPARE(line->childCount(), 2);
        QVERIFY(!tree->lineItem(QStringLiteral("windows-1252"), 3));
        QCOMPARE(tree->changeItem(2)->text(1), QStringLiteral("3"));
        line->setCheckState(0, Qt::Unchecked);
        QCOMPARE(dialog.choice().untickedChanges, (QSet<int>{0, 1}));
        QCOMPARE(tree->pageItem(QStringLiteral("windows-1252"))->checkState(0),
                 Qt::PartiallyChecked);
    }

    // Issue 33, defect 4: unticking changes updates the headline's count and new size, and the
    // count of each kind.
    void untickingUpdatesTheCountsAndTheSize() {
        const std::string in = "Caf\xC3\x83\xC2\xA9 r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9 \xC0\xAF";
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.invalid = u8codec::ErrorPolicy::Replace;
        const auto bytes = std::span(reinterpret_cast<const std::uint8_t*>(in.data()), in.size());
        const u8convert::RepairResult r = u8convert::repair(bytes, options);
        const u8codec::Result<u8convert::ChangeTies> ties =
            u8convert::tieChanges(bytes, r.report.changes);
        const ChangePreview p =
            RepairActions::previewOf(QStringLiteral("Fix"), r.report, options, &*ties);
        QVERIFY(p.selectable);
        QCOMPARE(p.totalChanges, quint64(4)); // 3 fixes and C0 AF
        ChangePreviewDialog dialog(p);
        auto* headline = dialog.findChild<QLabel*>(QStringLiteral("headline"));
        auto* counts = dialog.findChild<QTreeWidget*>(QStringLiteral("counts"));
        auto* tree = dialog.findChild<ChangeTree*>();
        QVERIFY(headline && counts && tree);
        const auto size = [](quint64 n) { return u8doc::NumberFormat::size(n); };
        QVERIFY2(headline->text().contains(QStringLiteral("will make 4 change(s)")),
                 qPrintable(headline->text()));
        QVERIFY(
            headline->text().contains(size(p.oldSize) + QStringLiteral(" → ") + size(p.newSize)));
        // Each fix makes 4 bytes 2: leaving one out keeps 2 bytes more.
        tree->pageItem(QStringLiteral("windows-1252"))->child(0)->setCheckState(0, Qt::Unchecked);
        QVERIFY2(headline->text().contains(QStringLiteral("will make 3 change(s)")),
                 qPrintable(headline->text()));
        QVERIFY2(headline->text().contains(size(p.oldSize) + QStringLiteral(" → ") +
                                           size(p.newSize + 2)),
                 qPrintable(headline->text()));
        int mojibakeRow = -1;
        for (int row = 0; row < p.counts.size(); ++row)
            if (p.counts[row].kind == int(u8convert::RepairKind::Mojibake))
                mojibakeRow = row;
        QVERIFY(mojibakeRow >= 0);
        QCOMPARE(counts->topLevelItem(mojibakeRow)->text(1), QStringLiteral("2"));
        tree->kindItem(int(u8convert::RepairKind::Mojibake))->setCheckState(0, Qt::Unchecked);
        QVERIFY2(headline->text().contains(QStringLiteral("will make 1 change(s)")),
                 qPrintable(headline->text()));
        QCOMPARE(counts->topLevelItem(mojibakeRow)->text(1), QStringLiteral("0"));
    }

    // A repair that lists only its first changes (more than can be picked one by one): nothing
    // is unticked until the user unticks something, so Apply applies it as it is.
    void treeOfAPartialListTicksEverything() {
        std::string in = "\xC0\xAF ";
        for (int i = 0; i < 30; ++i)
            in += "Caf\xC3\x83\xC2\xA9 ";
        u8convert::RepairOptions options;
        options.mojibake = true;
        options.maxReportedChanges = 10;
        const auto bytes = std::span(reinterpret_cast<const std::uint8_t*>(in.data()), in.size());
        const u8convert::RepairResult r = u8convert::repair(bytes, options);
        QVERIFY(r.report.total() > r.report.changes.size());
        const ChangePreview p = RepairActions::previewOf(QStringLiteral("Fix"), r.report, options);
        QVERIFY(!p.selectable);
        ChangePreviewDialog dialog(p);
        const PreviewChoice c = dialog.choice();
        QVERIFY2(c.everything(), qPrintable(QStringLiteral("%1 unticked, %2 kinds, %3 pages")
                                                .arg(c.untickedChanges.size())
                                                .arg(c.leftOutKinds.size())
                                                .arg(c.leftOutPages.size())));
        auto* tree = dialog.findChild<ChangeTree*>();
        QVERIFY(tree);
        QVERIFY(tree->changeItem(0));
        QVERIFY(!(tree->changeItem(0)->flags() & Qt::ItemIsUserCheckable));
        const QString pageName = p.changes.last().page;
        QTreeWidgetItem* page = tree->pageItem(pageName);
        QVERIFY2(page, qPrintable(pageName));
        page->setCheckState(0, Qt::Unchecked);
        QVERIFY(dialog.choice().leftOutPages.contains(pageName));
        QVERIFY(dialog.choice().untickedChanges.isEmpty());
    }

    void declinedPreviewChangesNothing() {
        const QByteArray original = "a\xFF"
                                    "b";
        history_->open(bytesOf(original), QStringLiteral("t.txt"));
        accept_ = false;
        const QString message = repairAndWait(QStringLiteral("Replace"), {});
        QVERIFY(message.contains(QStringLiteral("not applied")));
        QCOMPARE(previews_.size(), 1);
        QCOMPARE(previews_.first().totalChanges, quint64(1));
        QCOMPARE(contentOf(*document_), original);
        QVERIFY(!history_->isModified());
    }

    void nothingToChangeIsSaid() {
        history_->open(bytesOf("clean text\n"), QStringLiteral("t.txt"));
        const QString message = repairAndWait(QStringLiteral("Replace"), {});
        QVERIFY(message.contains(QStringLiteral("nothing to change")));
        QCOMPARE(history_->undoStack()->count(), 0);
    }

    void reinterpretAsLegacyEncoding() {
        history_->open(bytesOf("caf\xE9 \x80"), QStringLiteral("t.txt"));
        QSignalSpy finished(repairs_, &RepairActions::finished);
        repairs_->runReinterpret(QStringLiteral("windows-1252"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(contentOf(*document_), QByteArray("caf\xC3\xA9 \xE2\x82\xAC"));
        history_->undoStack()->undo();
        QCOMPARE(contentOf(*document_), QByteArray("caf\xE9 \x80"));
    }

    // The preview of a reinterpretation: the whole document as one change, its beginning before
    // and after, and each sequence not valid in the encoding with the U+FFFD it becomes.
    void reinterpretPreviewListsInvalidSequences() {
        const QByteArray utf16("a\x00\x00\xD8"
                               "b\x00",
                               6); // a lone high surrogate between "a" and "b"
        history_->open(bytesOf(utf16), QStringLiteral("t.txt"));
        QSignalSpy finished(repairs_, &RepairActions::finished);
        repairs_->runReinterpret(QStringLiteral("UTF-16LE"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(previews_.size(), 1);
        const ChangePreview& p = previews_.first();
        QCOMPARE(p.title, QStringLiteral("Reinterpret as UTF-16LE"));
        QCOMPARE(p.totalChanges, quint64(1));
        QCOMPARE(p.counts.size(), 2);
        QVERIFY(p.counts[0].label.startsWith(QStringLiteral("Whole document read as UTF-16")));
        QCOMPARE(p.counts[1].count, quint64(1));
        QCOMPARE(p.changes.size(), 2);
        QCOMPARE(p.changes[0].before, utf16);
        QCOMPARE(p.changes[0].after, QByteArray("a\xEF\xBF\xBD"
                                                "b"));
        QCOMPARE(p.changes[1].offset, quint64(2));
        QCOMPARE(p.changes[1].before, utf16.mid(2));
        QCOMPARE(p.changes[1].after, QByteArray("\xEF\xBF\xBD"));
        QCOMPARE(p.oldSize, quint64(6));
        QCOMPARE(p.newSize, quint64(5));
        QCOMPARE(contentOf(*document_), p.changes[0].after);
    }

    // Issue 33, defect 16: UTF-16 with a BOM read as UTF-16LE: the preview's first row is short
    // (the first words of the first line), and a note says that the result keeps the BOM as
    // EF BB BF and how to drop it.
    void reinterpretPreviewIsShortAndNamesTheBom() {
        QByteArray text;
        for (int i = 0; i < 20; ++i)
            text += "A line of text that goes on and on, read as UTF-16.\n";
        QByteArray utf16("\xFF\xFE", 2);
        for (const char c : text)
            utf16 += QByteArray(1, c) + QByteArray(1, '\0');
        history_->open(bytesOf(utf16), QStringLiteral("t.txt"));
        QSignalSpy finished(repairs_, &RepairActions::finished);
        repairs_->runReinterpret(QStringLiteral("UTF-16LE"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(previews_.size(), 1);
        const ChangePreview& p = previews_.first();
        QVERIFY(p.changes[0].before.size() <= 24);
        const QString after = QString::fromUtf8(p.changes[0].after);
        QVERIFY2(after.size() <= 24 && !after.contains(QLatin1Char('\n')), qPrintable(after));
        QVERIFY(p.changes[0].after.startsWith("\xEF\xBB\xBF")); // shown, not dropped silently
        QVERIFY2(
            p.notes.join(QLatin1Char(' ')).contains(QStringLiteral("byte order mark, EF BB BF")),
            qPrintable(p.notes.join(QLatin1Char(' '))));
        QVERIFY(p.notes.join(QLatin1Char(' ')).contains(QStringLiteral("Remove Byte Order Mark")));
    }

    void previewShowsBytesVisibly() {
        // Controls by their abbreviations (drawn in any font), as the text pane shows them.
        QCOMPARE(ChangePreviewDialog::visible("a\r\n"), QStringLiteral("a⟨CR⟩⟨LF⟩"));
        QCOMPARE(ChangePreviewDialog::visible(QByteArray("\0T\0F", 4)),
                 QStringLiteral("⟨NUL⟩T⟨NUL⟩F"));
        QCOMPARE(ChangePreviewDialog::visible("a b\x7F"), QStringLiteral("a b⟨DEL⟩"));
        QCOMPARE(ChangePreviewDialog::visible("\xC2\x85"), QStringLiteral("⟨U+0085⟩"));
        QCOMPARE(ChangePreviewDialog::visible("\xC0\xAF"), QStringLiteral("[C0][AF]"));
        QCOMPARE(ChangePreviewDialog::visible("\xEF\xBB\xBFx"), QStringLiteral("⟨BOM⟩x"));
    }

    void previewPairShowsCodePointsWhenTheSidesLookAlike() {
        // NFC: "e" + U+0301 becomes U+00E9, which looks the same.
        const auto [before, after] = ChangePreviewDialog::visiblePair("e\xCC\x81", "\xC3\xA9");
        QCOMPARE(before, QStringLiteral("e\u0301 ⟨U+0065 U+0301⟩"));
        QCOMPARE(after, QStringLiteral("\u00E9 ⟨U+00E9⟩"));
        // Sides that look different are left alone.
        const auto [b2, a2] = ChangePreviewDialog::visiblePair("\xC3\x83\xC2\xA9", "\xC3\xA9");
        QCOMPARE(b2, QStringLiteral("Ã©"));
        QCOMPARE(a2, QStringLiteral("é"));
    }

    void saveIsAtomicAndKeepsABackup() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("doc.txt"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("old \xFF bytes");
        }
        openFile(path);
        QCOMPARE(repairAndWait(QStringLiteral("Replace"), {}).contains(QStringLiteral("applied")),
                 true);
        // Applying a repair never touches the file.
        QCOMPARE(readFile(path), QByteArray("old \xFF bytes"));

        SaveActions saver(&window_, document_, history_, session_);
        QMenu menu;
        saver.populate(&menu, nullptr); // creates the actions (and the backup setting)
        QSignalSpy saved(&saver, &SaveActions::saved);
        QVERIFY(saver.save());
        QCOMPARE(saved.size(), 1);
        QCOMPARE(readFile(path), QByteArray("old \xEF\xBF\xBD bytes"));
        if (saver.keepBackup())
            QCOMPARE(readFile(path + QStringLiteral(".bak")), QByteArray("old \xFF bytes"));
        QVERIFY(!history_->isModified());
        QVERIFY(saver.maybeSave()); // nothing unsaved: no question asked
    }

    // The message says only what happened: a backup when a previous version was kept, none for
    // a new name (it said "previous version kept as X.bak" where no X.bak existed).
    void saveAsANewNameReportsNoBackup() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.txt"));
        history_->open(bytesOf("fresh"), QStringLiteral("fresh"));
        SaveActions saver(&window_, document_, history_, session_);
        QMenu menu;
        saver.populate(&menu, nullptr);
        if (!saver.keepBackup())
            menu.actions().last()->trigger(); // "Keep a Backup" on: the case that misreported
        QVERIFY(saver.keepBackup());
        QSignalSpy messages(&saver, &SaveActions::message);
        QVERIFY(saver.writeAtomically(document_->sharedSource(), path));
        QCOMPARE(messages.size(), 1);
        QCOMPARE(messages.first().first().toString(), QStringLiteral("Saved %1").arg(path));
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".bak")));
        // Saved again over the file now there: its previous version is kept and said so.
        QVERIFY(saver.writeAtomically(document_->sharedSource(), path));
        // Issue 33, defect 23: with its size and how it was kept, never silently; not copied
        // (the old file itself, or a reflink where the file system makes one).
        const QString said = messages.last().first().toString();
        QVERIFY2(said.endsWith(QStringLiteral("previous version kept as %1.bak, 5 bytes, the old "
                                              "file itself under a new name, nothing copied)")
                                   .arg(path)) ||
                     said.endsWith(QStringLiteral("a reflink: its blocks shared, nothing copied)")),
                 qPrintable(said));
        QCOMPARE(readFile(path + QStringLiteral(".bak")), QByteArray("fresh"));
    }

    // Save with a backup never overwrites one (NAME.bak.1, NAME.bak.2…), and the file and every
    // backup keep the original's mode, owner and group.
    void savingTwiceKeepsEveryBackupAndTheMode() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("doc.txt"));
        writeFile(path, "version 1");
        writeFile(path + QStringLiteral(".bak"), "the user's own backup");
        const QByteArray name = QFile::encodeName(path);
        QCOMPARE(::chmod(name.constData(), 0600), 0);
        const bool chowned = ::chown(name.constData(), 4321, 5432) == 0; // the tests run as root
        openFile(path);
        SaveActions saver(&window_, document_, history_, session_);
        QMenu menu;
        saver.populate(&menu, nullptr);
        if (!saver.keepBackup())
            menu.actions().last()->trigger();
        QVERIFY(saver.keepBackup());
        QSignalSpy messages(&saver, &SaveActions::message);
        for (const char* version : {"version 2", "version 3"}) {
            history_->open(bytesOf(version), QStringLiteral("doc.txt"));
            QVERIFY(saver.writeAtomically(document_->sharedSource(), path));
        }
        QCOMPARE(readFile(path), QByteArray("version 3"));
        QCOMPARE(readFile(path + QStringLiteral(".bak")), QByteArray("the user's own backup"));
        QCOMPARE(readFile(path + QStringLiteral(".bak.1")), QByteArray("version 1"));
        QCOMPARE(readFile(path + QStringLiteral(".bak.2")), QByteArray("version 2"));
        QCOMPARE(messages.size(), 2);
        QVERIFY2(
            messages.last().first().toString().contains(path + QStringLiteral(".bak.2, 9 bytes, ")),
            qPrintable(messages.last().first().toString()));
        for (const QString& written :
             {path, path + QStringLiteral(".bak.1"), path + QStringLiteral(".bak.2")}) {
            const struct stat st = statOf(written);
            QCOMPARE(st.st_mode & 07777, mode_t(0600));
            if (chowned) {
                QCOMPARE(st.st_uid, uid_t(4321));
                QCOMPARE(st.st_gid, gid_t(5432));
            }
        }
    }

    // Saving a file opened through a symbolic link replaces the link's target and keeps the link;
    // the backup lies beside the target.
    void saveThroughASymbolicLinkKeepsTheLink() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
        const QString target = dir.filePath(QStringLiteral("real/doc.txt"));
        const QString link = dir.filePath(QStringLiteral("doc.txt"));
        writeFile(target, "before");
        QVERIFY(QFile::link(target, link));
        openFile(link);
        SaveActions saver(&window_, document_, history_, session_);
        QMenu menu;
        saver.populate(&menu, nullptr);
        if (!saver.keepBackup())
            menu.actions().last()->trigger();
        history_->open(bytesOf("after"), QStringLiteral("doc.txt"));
        QVERIFY(saver.writeAtomically(document_->sharedSource(), link));
        QVERIFY(S_ISLNK(statOf(link).st_mode));
        QCOMPARE(readFile(target), QByteArray("after"));
        QCOMPARE(readFile(target + QStringLiteral(".bak")), QByteArray("before"));
        QVERIFY(!QFileInfo::exists(link + QStringLiteral(".bak")));
    }

    void failedSaveLeavesNoFile() {
        history_->open(bytesOf("x"), QStringLiteral("doc.txt"));
        SaveActions saver(&window_, document_, history_, session_);
        // A directory that does not exist: no temporary file can be made, nothing is created.
        QTimer closer; // accepts the "Save failed" message as soon as it shows
        connect(&closer, &QTimer::timeout, [] {
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(w); box && box->isVisible())
                    box->accept();
        });
        closer.start(50);
        QVERIFY(!saver.writeAtomically(document_->sharedSource(),
                                       QStringLiteral("/nonexistent-dir/doc.txt")));
        QVERIFY(!QFile::exists(QStringLiteral("/nonexistent-dir/doc.txt")));
    }
};

QTEST_MAIN(TestDocumentEdit)
#include "tst_document_edit.moc"
