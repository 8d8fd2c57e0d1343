#include "save_actions.h"

#include "atomic_output.h"
#include "background_job.h"
#include "backup_file.h"
#include "byte_document.h"
#include "document_history.h"
#include "document_session.h"
#include "number_format.h"
#include "repair_actions.h"
#include "save_encoding_dialog.h"
#include "save_source.h"
#include "settings.h"
#include "u8codec/problem.h"
#include "u8convert/transcode.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <algorithm>
#include <optional>
#include <set>

namespace u8app {
namespace {

constexpr std::size_t kChunk = std::size_t(4) << 20;

QString fromNative(const std::string& text) {
    return QFile::decodeName(QByteArray::fromStdString(text));
}

// "Saved PATH" and, when a previous version was kept, its name and its size: a backup of a large
// file takes as much room again, which the user should not learn from a full disk.
// How the backup was made, since a copy of a large file costs its size again (issue 33, defect 23).
QString backupHow(u8io::BackupKind kind) {
    switch (kind) {
    case u8io::BackupKind::Reflink:
        return QObject::tr("a reflink: its blocks shared, nothing copied");
    case u8io::BackupKind::HardLink:
        return QObject::tr("the old file itself under a new name, nothing copied");
    case u8io::BackupKind::Copy:
        break;
    }
    return QObject::tr("copied");
}

QString savedMessage(const QString& path, const QString& backup, u8io::BackupKind kind) {
    if (backup.isEmpty())
        return QObject::tr("Saved %1").arg(path);
    return QObject::tr("Saved %1 (previous version kept as %2, %3, %4)")
        .arg(path, backup, u8doc::NumberFormat::size(quint64(QFileInfo(backup).size())),
             backupHow(kind));
}

} // namespace

SaveActions::SaveActions(QWidget* window, u8ui::ByteDocument* document,
                         u8doc::DocumentHistory* history, const u8doc::DocumentSession* session)
    : QObject(window), window_(window), document_(document), history_(history), session_(session) {
    confirmOverwrite_ = [this](const QString& question) {
        return QMessageBox::warning(window_, tr("Changed on disk"), question,
                                    QMessageBox::Save | QMessageBox::Cancel,
                                    QMessageBox::Cancel) == QMessageBox::Save;
    };
    connect(history_, &u8doc::DocumentHistory::modifiedChanged, this, &SaveActions::updateEnabled);
    connect(document_, &u8ui::ByteDocument::contentChanged, this, &SaveActions::updateEnabled);
}

void SaveActions::populate(QMenu* menu, QAction* before) {
    save_ = new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this);
    save_->setShortcut(QKeySequence::Save);
    save_->setStatusTip(tr("Write the repaired document over its file (atomically)"));
    connect(save_, &QAction::triggered, this, &SaveActions::save);

    saveAs_ =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Save &As…"), this);
    // Not QKeySequence::SaveAs: it is empty on some platforms (KDE, the offscreen one).
    saveAs_->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    saveAs_->setStatusTip(tr("Write the document as UTF-8 to another file"));
    connect(saveAs_, &QAction::triggered, this, &SaveActions::saveAs);

    saveAsEncoding_ = new QAction(tr("Save As &Encoding…"), this);
    saveAsEncoding_->setStatusTip(
        tr("Transcode the document to UTF-16, UTF-32 or a legacy encoding and write it to a file"));
    connect(saveAsEncoding_, &QAction::triggered, this, &SaveActions::saveAsEncoding);

    backup_ = new QAction(tr("Keep a &Backup When Saving"), this);
    backup_->setCheckable(true);
    backup_->setChecked(settings::keepBackup());
    backup_->setStatusTip(
        tr("Before a file is replaced, keep its previous bytes as NAME.bak (or "
           "NAME.bak.1, NAME.bak.2… when that is taken: no backup is overwritten)"));
    connect(backup_, &QAction::toggled, this, [](bool on) { settings::setKeepBackup(on); });

    for (QAction* a : {save_, saveAs_, saveAsEncoding_})
        a->setToolTip(a->statusTip());
    menu->insertActions(before, {save_, saveAs_, saveAsEncoding_, backup_});
    menu->insertSeparator(before);
    updateEnabled();
}

void SaveActions::updateEnabled() {
    if (!save_)
        return;
    const bool hasDocument = document_->source() != nullptr;
    save_->setEnabled(hasDocument && history_->isModified());
    saveAs_->setEnabled(hasDocument);
    saveAsEncoding_->setEnabled(hasDocument);
}

bool SaveActions::keepBackup() const {
    return backup_ ? backup_->isChecked() : settings::keepBackup();
}

bool SaveActions::maybeSave() {
    if (!history_->isModified())
        return true;
    // When another program changed the file, Save would write over its change: Enter must not
    // do that, so the default is Cancel there.
    const QString change = diskCheck_ ? diskCheck_() : QString();
    const QString question =
        change.isEmpty()
            ? tr("%1 has changes that are not saved. Save them before going on?")
                  .arg(document_->displayName())
            : tr("%1 has changes that are not saved, and the file %2 since it was opened. Save "
                 "writes the changes over that; Discard drops them. Cancel keeps both as they "
                 "are.")
                  .arg(document_->displayName(), change);
    const auto answer =
        QMessageBox::warning(window_, tr("Unsaved changes"), question,
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                             change.isEmpty() ? QMessageBox::Save : QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard)
        return true;
    return save();
}

bool SaveActions::save() {
    const QString path = session_->path();
    if (path.isEmpty())
        return saveAs();
    // Never written over another program's version without asking.
    if (const QString change = diskCheck_ ? diskCheck_() : QString(); !change.isEmpty()) {
        const QString question =
            tr("%1 %2 since it was opened. Save writes this document over what is there now; "
               "Save As writes it elsewhere. Write over it?")
                .arg(QFileInfo(path).fileName(), change);
        if (!confirmOverwrite_(question)) {
            emit message(tr("Not saved: %1 %2 on disk; Save As writes the document elsewhere.")
                             .arg(QFileInfo(path).fileName(), change));
            return false;
        }
    }
    return writeDocument(path);
}

bool SaveActions::saveAs() {
    QString start = session_->path();
    if (start.isEmpty())
        start = document_->displayName();
    const QString path = QFileDialog::getSaveFileName(window_, tr("Save As"), start);
    if (path.isEmpty())
        return false;
    return writeDocument(path);
}

bool SaveActions::writeDocument(const QString& path) {
    const std::shared_ptr<const u8codec::ByteSource> bytes = document_->sharedSource();
    if (!writeAtomically(bytes, path))
        return false;
    // Edits made while the file was written are not in it: the document stays modified.
    if (document_->sharedSource() == bytes)
        history_->markSaved();
    emit written(path);
    emit saved(path);
    return true;
}

bool SaveActions::writeBytes(
    const QString& path,
    const std::function<bool(u8io::AtomicOutput&, JobControl&, QString&)>& write) {
    const bool backup = keepBackup();
    struct Outcome {
        bool ok = false;
        QString backupName; // empty when no previous version was kept
        u8io::BackupKind backupKind = u8io::BackupKind::Copy;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    QEventLoop loop;
    emit writeStarting(path);
    runInBackground(
        window_, tr("Saving %1").arg(QFileInfo(path).fileName()),
        [path, backup, outcome, write](JobControl& control) {
            const std::string name = QFile::encodeName(path).toStdString();
            auto created = u8io::AtomicOutput::create(name);
            if (!created) {
                outcome->error = fromNative(created.message());
                return;
            }
            const std::unique_ptr<u8io::AtomicOutput> file = std::move(*created);
            // Until commit, the file is untouched; dropping `file` removes its temporary.
            if (!write(*file, control, outcome->error) || control.cancelled())
                return;
            // Only a file that exists has a previous version to keep (a new name has none).
            if (backup && QFileInfo::exists(path)) {
                const auto made = u8io::writeBackup(name, file.get());
                if (!made) {
                    outcome->error =
                        tr("cannot keep the backup: %1").arg(fromNative(made.message()));
                    return;
                }
                outcome->backupName = fromNative(made->name);
                outcome->backupKind = made->kind;
            }
            if (const u8codec::Status committed = file->commit(); !committed) {
                outcome->error = fromNative(committed.message());
                return;
            }
            outcome->ok = true;
        },
        [&loop](const JobControl&) { loop.quit(); });
    loop.exec();
    emit writeEnded(path);
    if (!outcome->ok) {
        if (outcome->error.isEmpty()) {
            emit message(tr("Saving %1 cancelled; the file is unchanged.").arg(path));
        } else {
            QMessageBox::warning(window_, tr("Save failed"),
                                 tr("%1 could not be written: %2. The file is unchanged.")
                                     .arg(path, outcome->error));
            emit message(tr("Saving %1 failed: %2").arg(path, outcome->error));
        }
        return false;
    }
    // Only what happened, with the backup's actual name.
    emit message(savedMessage(path, outcome->backupName, outcome->backupKind));
    return true;
}

bool SaveActions::writeAtomically(const std::shared_ptr<const u8codec::ByteSource>& source,
                                  const QString& path) {
    if (!source)
        return false;
    u8io::SaveOptions options;
    options.keepBackup = keepBackup();
    // Filled by the job; empty only if it never ran.
    auto result = std::make_shared<std::optional<u8codec::Result<u8io::Saved>>>();
    QEventLoop loop;
    emit writeStarting(path);
    runInBackground(
        window_, tr("Saving %1").arg(QFileInfo(path).fileName()),
        [source, path, options, result](JobControl& control) mutable {
            // The source is a snapshot: edits made meanwhile do not reach this save.
            options.progress = [&control](std::uint64_t written, std::uint64_t total) {
                control.setProgress(total == 0 ? 1.0 : double(written) / double(total));
                return !control.cancelled();
            };
            result->emplace(
                u8io::saveSource(*source, QFile::encodeName(path).toStdString(), options));
        },
        [&loop](const JobControl&) { loop.quit(); });
    loop.exec();
    emit writeEnded(path);
    if (*result && (*result)->ok()) {
        const u8io::Saved& saved = ***result;
        // Only what happened, with the backup's actual name.
        emit message(savedMessage(path, fromNative(saved.backupName), saved.backupKind));
        return true;
    }
    if (*result && (*result)->failedWith(u8codec::ErrorCode::Cancelled)) {
        emit message(tr("Saving %1 cancelled; the file is unchanged.").arg(path));
        return false;
    }
    const QString error = *result ? fromNative((*result)->message()) : QString();
    QMessageBox::warning(
        window_, tr("Save failed"),
        tr("%1 could not be written: %2. The file is unchanged.").arg(path, error));
    emit message(tr("Saving %1 failed: %2").arg(path, error));
    return false;
}

namespace {

// "0x1F, 0x2A": the first offsets of a list, for a message.
QString offsetsText(const std::vector<std::uint64_t>& offsets) {
    QStringList list;
    for (std::size_t i = 0; i < offsets.size() && i < 8; ++i)
        list << u8doc::NumberFormat::offset(offsets[i]);
    return list.join(QStringLiteral(", "));
}

} // namespace

// In a target without U+FFFD (ISO-8859-1), the converter counts the U+FFFD of each invalid
// sequence as unmappable too, at the sequence's offset: those are the problems' own.
void SaveActions::takeReplacementsOutOfUnmappable(u8convert::TranscodeResult& result,
                                                  ProblemTally& tally) {
    const std::set<std::uint64_t> invalid(result.invalidInputOffsets.begin(),
                                          result.invalidInputOffsets.end());
    auto& offsets = result.unmappableOffsets;
    if (invalid.empty() || std::find_if(offsets.begin(), offsets.end(), [&](std::uint64_t o) {
                               return invalid.contains(o);
                           }) == offsets.end())
        return;
    tally.replacementUnmappable = true;
    std::erase_if(offsets, [&](std::uint64_t o) { return invalid.contains(o); });
    result.unmappable -= std::min(result.unmappable, result.invalidInput);
}

bool SaveActions::convertForSave(const std::shared_ptr<const u8codec::ByteSource>& source,
                                 const QString& target, const u8convert::TranscodeOptions& options,
                                 u8convert::TranscodeResult& result, ProblemTally& tally) {
    auto out = std::make_shared<u8convert::TranscodeResult>();
    auto problems = std::make_shared<ProblemTally>();
    QEventLoop loop;
    bool cancelled = false;
    runInBackground(
        window_, tr("Converting to %1").arg(target),
        [source, out, problems, options, target](JobControl& control) {
            std::vector<std::uint8_t> input;
            if (!readWholeSource(*source, input, control, 0.5))
                return;
            *out = u8convert::transcode(input, "UTF-8", target.toStdString(), options);
            if (out->invalidInput > 0) {
                // The converter counts error segments; the window counts problems.
                u8codec::ProblemScanner scanner;
                auto add = [&problems](const u8codec::Problem& p) {
                    if (problems->firstOffsets.size() < 8)
                        problems->firstOffsets.push_back(p.offset);
                    ++problems->problems;
                    problems->replacements += p.errorSegments;
                };
                scanner.feed(input, add);
                scanner.finish(add);
                takeReplacementsOutOfUnmappable(*out, *problems);
            }
            control.setProgress(1.0);
        },
        [&](const JobControl& control) {
            cancelled = control.cancelled();
            loop.quit();
        });
    loop.exec();
    result = std::move(*out);
    tally = std::move(*problems);
    return !cancelled;
}

QString SaveActions::lossQuestion(const u8convert::TranscodeResult& result,
                                  const ProblemTally& tally, const QString& target,
                                  const u8convert::TranscodeOptions& options) {
    const QString fate = options.unmappable == u8convert::UnmappablePolicy::Escape
                             ? tr("escaped")
                             : tr("substituted");
    QStringList parts;
    if (result.unmappable > 0)
        parts << tr("%1 cannot represent %n character(s) (first at offsets %2); they will be %3.",
                    nullptr, int(std::min<std::uint64_t>(result.unmappable, INT_MAX)))
                     .arg(target, offsetsText(result.unmappableOffsets), fate);
    const int problems = int(std::min<std::uint64_t>(tally.problems, INT_MAX));
    const QString first = offsetsText(tally.firstOffsets);
    const QString replacements = QLocale().toString(qulonglong(tally.replacements));
    if (tally.problems > 0 && tally.replacementUnmappable)
        parts << tr("The %n problem(s) of the Problems list (first at offsets %1) become %2 "
                    "U+FFFD first, which %3 cannot represent either: they will be %4 too.",
                    nullptr, problems)
                     .arg(first, replacements, target, fate);
    else if (tally.problems > 0)
        parts << tr("The %n problem(s) of the Problems list (first at offsets %1) become %2 "
                    "U+FFFD first.",
                    nullptr, problems)
                     .arg(first, replacements);
    parts << tr("Go on?");
    return parts.join(QLatin1Char(' '));
}

QString SaveActions::unsavableReason(const u8convert::TranscodeResult& result,
                                     const ProblemTally& tally, const QString& target) {
    if (result.status.ok())
        return {};
    if (!result.unmappable && !tally.problems)
        return QString::fromStdString(result.status.message());
    QStringList parts;
    if (tally.problems > 0)
        parts << tr("The %n problem(s) of the Problems list (first at offsets %1) would become "
                    "%2 U+FFFD.",
                    nullptr, int(std::min<std::uint64_t>(tally.problems, INT_MAX)))
                     .arg(offsetsText(tally.firstOffsets),
                          QLocale().toString(qulonglong(tally.replacements)));
    if (result.unmappable > 0)
        parts << tr("%n character(s) cannot be represented in %1 (first at offsets %2).", nullptr,
                    int(std::min<std::uint64_t>(result.unmappable, INT_MAX)))
                     .arg(target, offsetsText(result.unmappableOffsets));
    parts << tr("Choose \"Substitute\" or \"Escape\" to save anyway, or another encoding.");
    return parts.join(QLatin1Char(' '));
}

void SaveActions::saveAsEncoding() {
    auto source = document_->sharedSource();
    if (!source)
        return;
    // The dialog comes back, with every choice kept, until a choice works out or is cancelled.
    SaveEncodingDialog dialog(window_);
    QString target;
    u8convert::TranscodeOptions options;
    auto result = std::make_shared<u8convert::TranscodeResult>();
    ProblemTally tally;
    for (;;) {
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.setProblem({});
        target = dialog.encoding();
        if (!u8convert::canonicalEncodingName(target.toStdString())) {
            dialog.setProblem(tr("\"%1\" is not an encoding ICU knows.").arg(target));
            continue;
        }
        dialog.saveChoices();
        options = dialog.options();
        if (!convertForSave(source, target, options, *result, tally))
            return; // cancelled
        if (const QString why = unsavableReason(*result, tally, target); !why.isEmpty()) {
            dialog.setProblem(why);
            continue;
        }
        if (!result->unmappable && !result->invalidInput)
            break;
        const auto answer = QMessageBox::question(window_, tr("Save As Encoding"),
                                                  lossQuestion(*result, tally, target, options));
        if (answer == QMessageBox::Yes)
            break;
    }
    const QFileInfo current(session_->path());
    const QString suggested =
        current.filePath().isEmpty()
            ? document_->displayName()
            : current.dir().filePath(current.completeBaseName() + QLatin1Char('.') +
                                     target.toLower() + QLatin1Char('.') + current.suffix());
    const QString path =
        QFileDialog::getSaveFileName(window_, tr("Save As %1").arg(target), suggested);
    if (path.isEmpty())
        return;
    const std::string bytes = std::move(result->output);
    writeBytes(path, [&bytes](u8io::AtomicOutput& file, JobControl& control, QString&) {
        for (std::size_t done = 0; done < bytes.size();) {
            if (control.cancelled())
                return false;
            const std::size_t n = std::min(kChunk, bytes.size() - done);
            if (!file.write(std::string_view(bytes).substr(done, n)))
                break; // commit() reports why
            done += n;
            control.setProgress(double(done) / double(bytes.size()));
        }
        return true;
    });
}

} // namespace u8app
