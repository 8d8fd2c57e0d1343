#include "repair_actions.h"

#include "background_job.h"
#include "byte_document.h"
#include "change_lines.h"
#include "document_history.h"
#include "settings.h"
#include "u8codec/read_all.h"
#include "u8convert/detect.h"
#include "u8convert/repair_stream.h"
#include "u8convert/transcode.h"

#include <QAction>
#include <QDir>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QStringDecoder>
#include <QTemporaryFile>
#include <QWidget>

namespace u8app {
namespace {

constexpr int kPreviewChanges = 200;
// A repair's preview lists up to this many changes, each with a tick; beyond, single changes
// cannot be unticked (the list would not be complete) and kinds and pages are left out by
// running the repair again without them.
constexpr std::size_t kSelectableChanges = 20000;

QString kindLabel(u8convert::RepairKind kind) {
    switch (kind) {
    case u8convert::RepairKind::InvalidSequence:
        return QObject::tr("Ill-formed sequences");
    case u8convert::RepairKind::Cesu:
        return QObject::tr("CESU-8 surrogate pairs made 4-byte characters");
    case u8convert::RepairKind::ModifiedNul:
        return QObject::tr("Modified UTF-8 C0 80 made NUL");
    case u8convert::RepairKind::Mojibake:
        return QObject::tr("Mis-decodings (mojibake) undone");
    case u8convert::RepairKind::C1Control:
        return QObject::tr("C1 controls read as windows-1252 punctuation");
    case u8convert::RepairKind::BomStripped:
        return QObject::tr("Leading byte order mark removed");
    case u8convert::RepairKind::BomAdded:
        return QObject::tr("Byte order mark added");
    case u8convert::RepairKind::StrayBom:
        return QObject::tr("Stray U+FEFF inside the text removed");
    case u8convert::RepairKind::LineEnding:
        return QObject::tr("Line endings rewritten");
    case u8convert::RepairKind::Normalization:
        return QObject::tr("Stretches normalised");
    }
    return {};
}

QByteArray toBytes(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}

// The common encodings offered first by "Reinterpret as…"; any other name ICU knows can be typed.
const QStringList kCommonEncodings = {
    QStringLiteral("windows-1252"), QStringLiteral("ISO-8859-1"), QStringLiteral("UTF-16LE"),
    QStringLiteral("UTF-16BE"),     QStringLiteral("UTF-32LE"),   QStringLiteral("UTF-32BE"),
    QStringLiteral("ISO-8859-15"),  QStringLiteral("ISO-8859-2"), QStringLiteral("windows-1251"),
    QStringLiteral("KOI8-R"),       QStringLiteral("ISO-8859-7"), QStringLiteral("macintosh"),
    QStringLiteral("IBM437"),       QStringLiteral("Shift_JIS"),  QStringLiteral("EUC-JP"),
    QStringLiteral("GB18030"),      QStringLiteral("Big5"),       QStringLiteral("EUC-KR")};

// The codec's progress callback for the half of a job after reading: moves the bar from 50 % to
// 100 % and stops the codec's work as soon as the user cancels.
std::function<bool(std::uint64_t, std::uint64_t)> progressAfterReading(JobControl& control) {
    return [&control](std::uint64_t done, std::uint64_t total) {
        control.setProgress(0.5 + 0.5 * (total == 0 ? 1.0 : double(done) / double(total)));
        return !control.cancelled();
    };
}

// Where a repair's text goes: a document under `inWindowsFrom` bytes into memory, a larger one
// into a temporary file (mode 0600, in the system's temporary directory) that the returned
// source reads, its name removed when this returns and its bytes kept while the source is open.
// How the repair runs (in memory or window by window) u8convert::repairSource() decides, with
// its check that the document did not change while it was read. Null when the repair failed or
// changed nothing (`result` says which).
std::shared_ptr<const u8codec::ByteSource> repairInto(const u8codec::ByteSource& source,
                                                      const u8convert::RepairOptions& options,
                                                      std::uint64_t inWindowsFrom,
                                                      u8convert::RepairResult& result) {
    u8convert::RepairSink sink;
    if (source.size() < inWindowsFrom) {
        std::vector<std::uint8_t> text;
        sink.write = [&](std::string_view piece) {
            text.insert(text.end(), piece.begin(), piece.end());
            return true;
        };
        sink.restart = [&] {
            text.clear();
            return true;
        };
        result = u8convert::repairSource(source, sink, options, {}, inWindowsFrom);
        if (!result.status.ok() || result.report.total() == 0)
            return nullptr;
        return std::make_shared<u8codec::MemorySource>(std::move(text));
    }
    QTemporaryFile file(QDir::tempPath() + QStringLiteral("/u8scope-repaired-XXXXXX"));
    if (!file.open()) {
        result.status = {u8codec::ErrorCode::Io,
                         "no temporary file for the result: " + file.errorString().toStdString()};
        return nullptr;
    }
    bool writeFailed = false;
    sink.write = [&](std::string_view piece) {
        writeFailed = file.write(piece.data(), qint64(piece.size())) != qint64(piece.size());
        return !writeFailed;
    };
    sink.restart = [&] { return file.flush() && file.resize(0) && file.seek(0); };
    result = u8convert::repairSource(source, sink, options, {}, inWindowsFrom);
    if (writeFailed || (result.status.ok() && !file.flush()))
        result.status = {u8codec::ErrorCode::Io, "the result could not be written to " +
                                                     file.fileName().toStdString() + ": " +
                                                     file.errorString().toStdString()};
    if (!result.status.ok() || result.report.total() == 0)
        return nullptr;
    auto opened = u8codec::FileSource::open(file.fileName().toStdString());
    if (!opened.ok()) {
        result.status = {opened.error().code,
                         "the result cannot be read back: " + opened.message()};
        return nullptr;
    }
    return std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value());
}

} // namespace

bool readWholeSource(const u8codec::ByteSource& source, std::vector<std::uint8_t>& out,
                     JobControl& control, double share) {
    u8codec::ReadAllOptions reading;
    reading.followGrowth = false; // the document is the snapshot's bytes, not the file's now
    reading.progress = [&](std::uint64_t done, std::uint64_t expected) {
        control.setProgress(share * (expected == 0 ? 1.0 : double(done) / double(expected)));
        return !control.cancelled();
    };
    // A source that ended early (the file shrank under the document) gave what is left, which
    // is the document now.
    return !control.cancelled() &&
           u8codec::readAll(source, out, reading) != u8codec::ReadEnd::Cancelled;
}

RepairActions::RepairActions(QWidget* window, u8ui::ByteDocument* document,
                             u8doc::DocumentHistory* history)
    : QObject(window), window_(window), document_(document), history_(history),
      inWindowsFrom_(u8convert::kRepairInWindowsFrom) {
    confirm_ = [this](const ChangePreview& preview) -> std::optional<PreviewChoice> {
        ChangePreviewDialog dialog(preview, window_);
        if (dialog.exec() != QDialog::Accepted || preview.totalChanges == 0)
            return std::nullopt;
        return dialog.choice();
    };
    connect(document_, &u8ui::ByteDocument::contentChanged, this, &RepairActions::updateEnabled);
}

void RepairActions::populate(QMenu* menu) {
    using u8codec::ErrorPolicy;
    const auto add = [&](const QString& text, const QString& tip, auto configure) {
        QAction* action = menu->addAction(text);
        action->setStatusTip(tip);
        action->setToolTip(tip);
        const QString title = QString(text).remove(QLatin1Char('&')).remove(QStringLiteral("…"));
        connect(action, &QAction::triggered, this, [this, title, configure] {
            u8convert::RepairOptions options;
            configure(options);
            runRepair(title, options);
        });
        actions_ << action;
        return action;
    };
    replaceInvalid_ =
        add(tr("Replace &Invalid Sequences with U+FFFD…"),
            tr("One U+FFFD per maximal subpart, as the Unicode Standard (chapter 3) and every "
               "conforming decoder do"),
            [](u8convert::RepairOptions& o) { o.invalid = ErrorPolicy::Replace; });
    add(tr("&Remove Invalid Sequences…"), tr("Drop ill-formed bytes"),
        [](u8convert::RepairOptions& o) { o.invalid = ErrorPolicy::Ignore; });
    readAsCp1252_ = add(
        tr("Read Invalid Bytes as &windows-1252…"),
        tr("For files that are mostly UTF-8 with stray legacy bytes: each ill-formed byte becomes "
           "its windows-1252 character"),
        [](u8convert::RepairOptions& o) { o.invalid = ErrorPolicy::Cp1252; });
    add(tr("Read Invalid Bytes as ISO-8859-&1…"),
        tr("Each ill-formed byte becomes the ISO-8859-1 character of the same value"),
        [](u8convert::RepairOptions& o) { o.invalid = ErrorPolicy::Latin1; });
    menu->addSeparator();
    fixMojibake_ = add(tr("Fix &Mojibake…"),
                       tr("Undo UTF-8 text read as windows-1252, ISO-8859-1, windows-1251, "
                          "MacRoman… and re-encoded (\"CafÃ©\" → \"Café\")"),
                       [](u8convert::RepairOptions& o) {
                           o.mojibake = true;
                           o.c1 = u8convert::C1Action::Cp1252; // as repair --mojibake
                       });
    fixMojibake_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    readC1AsCp1252_ = add(
        tr("Read C1 Controls as windows-1252 &Punctuation…"),
        tr("For windows-1252 text converted as if it were ISO-8859-1: the C1 controls "
           "U+0080..U+009F "
           "become the windows-1252 characters of those bytes („ “ ” … – — € ™); the five bytes "
           "windows-1252 leaves undefined (81 8D 8F 90 9D) stay"),
        [](u8convert::RepairOptions& o) { o.c1 = u8convert::C1Action::Cp1252; });
    add(tr("Fix &CESU-8 and Modified UTF-8…"),
        tr("Surrogate pairs encoded as two 3-byte forms become one 4-byte form; C0 80 becomes "
           "NUL"),
        [](u8convert::RepairOptions& o) { o.cesu = true; });
    menu->addSeparator();
    add(tr("Remove &Byte Order Mark…"),
        tr("Remove a leading EF BB BF and any stray U+FEFF inside the text"),
        [](u8convert::RepairOptions& o) { o.bom = u8convert::BomAction::Strip; });
    add(tr("&Add Byte Order Mark…"),
        tr("Put EF BB BF in front (and remove stray U+FEFF inside the text)"),
        [](u8convert::RepairOptions& o) { o.bom = u8convert::BomAction::Add; });
    menu->addSeparator();
    add(tr("Line Endings to &LF…"), tr("Rewrite CR LF and lone CR as LF (Unix)"),
        [](u8convert::RepairOptions& o) { o.lineEnding = u8convert::LineEnding::Lf; });
    add(tr("Line Endings to CR L&F…"), tr("Rewrite LF and lone CR as CR LF (Windows)"),
        [](u8convert::RepairOptions& o) { o.lineEnding = u8convert::LineEnding::CrLf; });
    menu->addSeparator();
    add(tr("Normalize to NF&C…"), tr("Unicode canonical composition (UAX #15)"),
        [](u8convert::RepairOptions& o) { o.normalForm = u8convert::NormalForm::Nfc; });
    add(tr("Normalize to NF&D…"), tr("Unicode canonical decomposition (UAX #15)"),
        [](u8convert::RepairOptions& o) { o.normalForm = u8convert::NormalForm::Nfd; });
    menu->addSeparator();
    reinterpret_ = menu->addAction(tr("Reinterpret &As…"));
    reinterpret_->setStatusTip(tr("Read the bytes as another encoding and show them as UTF-8"));
    reinterpret_->setToolTip(reinterpret_->statusTip());
    reinterpret_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(reinterpret_, &QAction::triggered, this, &RepairActions::chooseReinterpretEncoding);
    actions_ << reinterpret_;
    updateEnabled();
}

void RepairActions::updateEnabled() {
    const bool enabled = document_->source() != nullptr && !busy_;
    for (QAction* a : actions_)
        a->setEnabled(enabled);
}

ChangePreview RepairActions::previewOf(const QString& title, const u8convert::RepairReport& report,
                                       const u8convert::RepairOptions& options,
                                       const std::vector<std::size_t>* groups,
                                       const std::vector<quint64>* lines) {
    ChangePreview p;
    p.title = title;
    p.selectable = groups && groups->size() == report.changes.size() && report.listsEveryChange();
    if (!p.selectable)
        p.whyNotSelectable =
            tr("the repair makes more than %1 changes, so they cannot be unticked one by one")
                .arg(QLocale().toString(qulonglong(kSelectableChanges)));
    for (int k = 0; k < u8convert::kRepairKindCount; ++k)
        if (const auto n = report.counts[std::size_t(k)]) {
            u8convert::RepairOptions without = options;
            p.counts.append(
                {kindLabel(u8convert::RepairKind(k)), n, k,
                 p.selectable || u8convert::leaveOutKind(without, u8convert::RepairKind(k))});
        }
    p.totalChanges = report.total();
    for (std::size_t i = 0; i < report.changes.size(); ++i) {
        const u8convert::RepairChange& c = report.changes[i];
        ChangePreview::Change change{c.offset, toBytes(c.before), toBytes(c.after),
                                     QString::fromStdString(c.detail), int(c.kind)};
        if (c.kind == u8convert::RepairKind::Mojibake && !c.pages.empty()) {
            change.page = QString::fromUtf8(u8convert::name(c.pages.front()));
            change.confidence = QString::fromUtf8(u8convert::name(c.confidence));
        }
        change.group = p.selectable ? int((*groups)[i]) : int(i);
        change.line = lines ? (*lines)[i] : 0;
        p.changes.append(change);
    }
    p.oldSize = report.inputBytes;
    p.newSize = report.outputBytes;
    if (report.lineEndings.total() != 0 && report.lineEndings.mixed())
        p.notes << tr("The document mixes line endings: %1 LF, %2 CR LF, %3 CR.")
                       .arg(report.lineEndings.lf)
                       .arg(report.lineEndings.crlf)
                       .arg(report.lineEndings.cr);
    return p;
}

struct RepairActions::RepairOutcome {
    u8convert::RepairResult result;
    std::shared_ptr<const u8codec::ByteSource> repaired; // when something changed
    std::vector<std::size_t> groups; // tied changes, when the report lists every change
    std::vector<quint64> lines;      // the line of each reported change (linesOfChanges())

    // The lines of the reported changes, for the preview's grouping by line (none when the
    // user cancels or the document cannot be read).
    void findLines(const u8codec::ByteSource& source, JobControl& control) {
        if (!result.status.ok() || result.report.changes.empty())
            return;
        control.setStage(RepairActions::tr("Finding the lines of the changes…"));
        if (auto found = linesOfChanges(source, result.report.changes,
                                        [&control] { return control.cancelled(); }))
            lines = std::move(*found);
    }
};

void RepairActions::runRepair(const QString& title, const u8convert::RepairOptions& asked) {
    auto source = document_->sharedSource();
    if (!source || busy_)
        return;
    busy_ = true;
    updateEnabled();
    u8convert::RepairOptions options = asked;
    options.maxReportedChanges = std::max(options.maxReportedChanges, kSelectableChanges);
    options.mojibakeOptions.maxReportedFixes =
        std::max(options.mojibakeOptions.maxReportedFixes, kSelectableChanges);
    auto outcome = std::make_shared<RepairOutcome>();
    runInBackground(
        window_, title,
        [source, options, outcome, title, inWindowsFrom = inWindowsFrom_](JobControl& control) {
            repairDocument(*source, options, inWindowsFrom, title, control, *outcome);
        },
        [this, outcome, title, options, source](const JobControl& control) {
            if (!jobEnded(control, title))
                return;
            if (!outcome->result.status.ok()) {
                const QString why = QString::fromStdString(outcome->result.status.message());
                QMessageBox::warning(
                    window_, title,
                    tr("%1 could not run on %2: %3").arg(title, document_->displayName(), why));
                emit finished(tr("%1 failed: %2").arg(title, why));
                return;
            }
            offerRepair(title, options, source, *outcome);
        });
}

// runRepair()'s work: the repair into memory or a temporary file (repairInto()), the lines of its
// changes, and the ties between them for the preview. The ties need the whole document in
// memory: they are made only when the report lists every change (u8convert::tieChanges(), and
// applySelection() after it). A repair with more changes than the preview lists is never held in
// memory; what the user leaves out of it runs again without those kinds or pages.
void RepairActions::repairDocument(const u8codec::ByteSource& source,
                                   const u8convert::RepairOptions& options,
                                   std::uint64_t inWindowsFrom, const QString& title,
                                   JobControl& control, RepairOutcome& outcome) {
    control.setStage(tr("%1…").arg(title));
    u8convert::RepairOptions withProgress = options;
    withProgress.progress = [&control](std::uint64_t done, std::uint64_t total) {
        control.setProgress(total == 0 ? 1.0 : double(done) / double(total));
        return !control.cancelled();
    };
    outcome.repaired = repairInto(source, withProgress, inWindowsFrom, outcome.result);
    if (control.cancelled())
        return;
    outcome.findLines(source, control);
    const u8convert::RepairReport& report = outcome.result.report;
    if (outcome.result.status.ok() && report.total() > 0 && report.listsEveryChange()) {
        control.setStage(tr("Reading the document to tie the changes…"));
        std::vector<std::uint8_t> input;
        if (!readWholeSource(source, input, control, 1.0))
            return;
        if (auto ties = u8convert::tieChanges(input, report.changes))
            outcome.groups = std::move(*ties);
    }
    control.setProgress(1.0);
}

void RepairActions::offerRepair(const QString& title, const u8convert::RepairOptions& options,
                                std::shared_ptr<const u8codec::ByteSource> source,
                                RepairOutcome& outcome) {
    const ChangePreview preview = previewOf(
        title, outcome.result.report, options, outcome.groups.empty() ? nullptr : &outcome.groups,
        outcome.lines.size() == outcome.result.report.changes.size() ? &outcome.lines : nullptr);
    const std::optional<PreviewChoice> choice = confirm_(preview);
    if (!choice || choice->everything() || preview.totalChanges == 0) {
        offer(preview, choice ? outcome.repaired : nullptr);
        return;
    }
    if (preview.selectable) {
        applySelection(title, options, *source, outcome, *choice);
        return;
    }
    // The list is incomplete: the repair runs again without what was unticked.
    u8convert::RepairOptions without = options;
    QStringList leftOut;
    for (const int kind : choice->leftOutKinds)
        if (u8convert::leaveOutKind(without, u8convert::RepairKind(kind)))
            leftOut << QString::fromUtf8(u8convert::name(u8convert::RepairKind(kind)));
    for (const QString& page : choice->leftOutPages)
        if (const auto cp = u8convert::codePageFromName(page.toStdString())) {
            u8convert::leaveOutPage(without, *cp);
            leftOut << page;
        }
    leftOut.sort();
    runRepair(tr("%1 without %2").arg(title, leftOut.join(QStringLiteral(", "))), without);
}

void RepairActions::applySelection(const QString& title, const u8convert::RepairOptions& options,
                                   const u8codec::ByteSource& source, const RepairOutcome& outcome,
                                   const PreviewChoice& choice) {
    const auto& changes = outcome.result.report.changes;
    std::vector<bool> ticked(changes.size(), true);
    for (const int i : choice.untickedChanges)
        if (i >= 0 && std::size_t(i) < ticked.size())
            ticked[std::size_t(i)] = false;
    const bool lineEndings =
        options.lineEnding && !choice.leftOutKinds.contains(int(u8convert::RepairKind::LineEnding));
    std::vector<std::uint8_t> original(std::size_t(source.size()));
    original.resize(source.read(0, original));
    u8codec::Result<u8convert::AppliedSelection> s = u8convert::applySelectedChanges(
        original, changes, ticked, lineEndings ? options.lineEnding : std::nullopt);
    if (!s.ok()) {
        const QString why = QString::fromStdString(s.message());
        QMessageBox::warning(window_, title,
                             tr("%1 could not be applied in part: %2").arg(title, why));
        emit finished(tr("%1 failed: %2").arg(title, why));
        return;
    }
    const auto& counts = outcome.result.report.counts;
    const std::uint64_t lineEndingCount = counts[std::size_t(u8convert::RepairKind::LineEnding)];
    QStringList parts;
    for (int k = 0; k < u8convert::kRepairKindCount; ++k) {
        const auto all = counts[std::size_t(k)];
        if (all == 0)
            continue;
        const auto made = k == int(u8convert::RepairKind::LineEnding)
                              ? (lineEndings ? all : 0)
                              : s->appliedByKind[std::size_t(k)];
        parts << tr("%1 %2 of %3")
                     .arg(QString::fromUtf8(u8convert::name(u8convert::RepairKind(k))))
                     .arg(made)
                     .arg(all);
    }
    const std::uint64_t made = s->applied + (lineEndings ? lineEndingCount : 0);
    const std::uint64_t all = outcome.result.report.total();
    const QString what = tr("%1 (%2 of %3 changes: %4)")
                             .arg(title)
                             .arg(made)
                             .arg(all)
                             .arg(parts.join(QStringLiteral(", ")));
    if (made == 0) {
        emit finished(tr("%1: every change unticked; the document is unchanged.").arg(title));
        return;
    }
    history_->replaceContent(what, std::make_shared<u8codec::MemorySource>(
                                       std::vector<std::uint8_t>(s->text.begin(), s->text.end())));
    emit finished(tr("%1 applied (Edit > Undo takes it back).").arg(what));
}

void RepairActions::offer(const ChangePreview& preview,
                          std::shared_ptr<const u8codec::ByteSource> bytes) {
    if (!bytes || preview.totalChanges == 0) {
        emit finished(preview.totalChanges == 0
                          ? tr("%1: nothing to change.").arg(preview.title)
                          : tr("%1: not applied; the document is unchanged.").arg(preview.title));
        return;
    }
    history_->replaceContent(preview.title, std::move(bytes));
    emit finished(tr("%1: %n change(s) applied (Edit > Undo takes them back).", nullptr,
                     int(std::min<quint64>(preview.totalChanges, INT_MAX)))
                      .arg(preview.title));
}

void RepairActions::chooseReinterpretEncoding() {
    QStringList choices = kCommonEncodings;
    const QString last = settings::reinterpretEncoding();
    if (!last.isEmpty()) {
        choices.removeAll(last);
        choices.prepend(last);
    }
    // The detected encodings come first, best first (the detector reads the first 4 MiB).
    const QString detectedMark = QStringLiteral("  — ");
    const u8convert::Detection detection = u8convert::detectEncoding(*document_->source());
    for (auto it = detection.guesses.rbegin(); it != detection.guesses.rend(); ++it) {
        const QString name = QString::fromStdString(it->encoding);
        if (name.compare(QStringLiteral("UTF-8"), Qt::CaseInsensitive) == 0)
            continue; // already what the document is shown as
        choices.removeAll(name);
        choices.prepend(name + detectedMark + tr("detected, %1 %").arg(it->confidence));
    }
    bool ok = false;
    QString encoding =
        QInputDialog::getItem(window_, tr("Reinterpret As"),
                              tr("Read the bytes of %1 as (any encoding ICU knows may be typed):")
                                  .arg(document_->displayName()),
                              choices, 0, true, &ok);
    if (!ok || encoding.trimmed().isEmpty())
        return;
    encoding = encoding.section(detectedMark, 0, 0);
    if (!u8convert::canonicalEncodingName(encoding.trimmed().toStdString())) {
        QMessageBox::warning(window_, tr("Reinterpret As"),
                             tr("\"%1\" is not an encoding ICU knows.").arg(encoding));
        return;
    }
    settings::setReinterpretEncoding(encoding.trimmed());
    runReinterpret(encoding.trimmed());
}

struct RepairActions::ReinterpretOutcome {
    u8convert::TranscodeResult result;
    QByteArray head; // the first input bytes, for the preview
    std::uint64_t inputSize = 0;
    std::vector<std::pair<std::uint64_t, QByteArray>> invalid; // offsets and their bytes
};

void RepairActions::runReinterpret(const QString& encoding) {
    auto source = document_->sharedSource();
    if (!source || busy_)
        return;
    busy_ = true;
    updateEnabled();
    const QString title = tr("Reinterpret as %1").arg(encoding);
    auto outcome = std::make_shared<ReinterpretOutcome>();
    const std::string from = encoding.toStdString();
    runInBackground(
        window_, title,
        [source, from, outcome](JobControl& control) {
            transcodeWhole(*source, from, control, *outcome);
        },
        [this, outcome, title, encoding](const JobControl& control) {
            if (jobEnded(control, title))
                offerReinterpret(title, encoding, *outcome);
        });
}

bool RepairActions::jobEnded(const JobControl& control, const QString& title) {
    busy_ = false;
    updateEnabled();
    if (control.cancelled()) {
        emit finished(tr("%1: cancelled; the document is unchanged.").arg(title));
        return false;
    }
    return true;
}

// runReinterpret() in the background: the whole document read and converted from `from` to UTF-8,
// invalid input becoming U+FFFD; the first bytes and the first invalid sequences are kept for the
// preview.
void RepairActions::transcodeWhole(const u8codec::ByteSource& source, const std::string& from,
                                   JobControl& control, ReinterpretOutcome& outcome) {
    std::vector<std::uint8_t> input;
    control.setStage(tr("Reading the document…"));
    if (!readWholeSource(source, input, control, 0.5))
        return;
    control.setStage(tr("Converting from %1…").arg(QString::fromStdString(from)));
    u8convert::TranscodeOptions options;
    options.unmappable = u8convert::UnmappablePolicy::Substitute;
    options.progress = progressAfterReading(control);
    outcome.result = u8convert::transcode(input, from, "UTF-8", options);
    outcome.inputSize = input.size();
    outcome.head = QByteArray(reinterpret_cast<const char*>(input.data()),
                              qsizetype(std::min<std::size_t>(input.size(), 24)));
    for (const auto offset : outcome.result.invalidInputOffsets) {
        if (outcome.invalid.size() >= std::size_t(kPreviewChanges))
            break;
        const auto n = std::min<std::uint64_t>(4, input.size() - offset);
        outcome.invalid.emplace_back(
            offset, QByteArray(reinterpret_cast<const char*>(input.data() + offset), qsizetype(n)));
    }
    control.setProgress(1.0);
}

// What reinterpreting changes: the whole document, its beginning before and after, and the
// sequences not valid in the encoding.
ChangePreview RepairActions::reinterpretPreview(const QString& title, const QString& encoding,
                                                const ReinterpretOutcome& outcome) {
    const auto& r = outcome.result;
    ChangePreview p;
    p.title = title;
    p.totalChanges = 1;
    p.counts.append({tr("Whole document read as %1").arg(QString::fromStdString(r.from)), 1});
    if (r.invalidInput)
        p.counts.append(
            {tr("Byte sequences not valid in %1 (become U+FFFD)").arg(encoding), r.invalidInput});
    // The beginning as one short row: the first line, a few words of it at most (a whole
    // paragraph pushed "After" off the screen).
    // (QString::fromUtf8 would drop a leading BOM: it is shown, as the document keeps it.)
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    QString start = utf8(
        QByteArrayView(r.output.data(), qsizetype(std::min<std::size_t>(r.output.size(), 160))));
    start = start.left(24).section(QLatin1Char('\n'), 0, 0);
    p.changes.append(
        {0, outcome.head, start.toUtf8(), tr("the beginning of the document, before and after")});
    for (const auto& [offset, bytes] : outcome.invalid)
        p.changes.append({offset, bytes, QByteArray("\xEF\xBF\xBD"),
                          tr("not a valid sequence in %1").arg(encoding)});
    p.oldSize = outcome.inputSize;
    p.newSize = quint64(r.output.size());
    p.notes << tr("The document becomes the UTF-8 text these bytes stand for in %1. "
                  "Saving writes UTF-8.")
                   .arg(QString::fromStdString(r.from));
    if (std::string_view(r.output).starts_with("\xEF\xBB\xBF"))
        p.notes << tr("It then starts with a byte order mark, EF BB BF: the %1 one read as the "
                      "character U+FEFF. UTF-8 needs none; Repair > Remove Byte Order Mark drops "
                      "it after this, as a step of its own.")
                       .arg(QString::fromStdString(r.from));
    return p;
}

void RepairActions::offerReinterpret(const QString& title, const QString& encoding,
                                     ReinterpretOutcome& outcome) {
    const auto& r = outcome.result;
    if (!r.status.ok()) {
        QMessageBox::warning(window_, title,
                             tr("%1 cannot be read as %2: %3")
                                 .arg(document_->displayName(), encoding,
                                      QString::fromStdString(r.status.message())));
        emit finished(tr("%1 failed.").arg(title));
        return;
    }
    const ChangePreview p = reinterpretPreview(title, encoding, outcome);
    auto bytes = std::make_shared<u8codec::MemorySource>(
        std::vector<std::uint8_t>(r.output.begin(), r.output.end()));
    outcome.result.output.clear();
    offer(p, confirm_(p) ? std::move(bytes) : nullptr);
}

} // namespace u8app
