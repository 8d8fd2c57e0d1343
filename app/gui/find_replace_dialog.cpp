#include "find_replace_dialog.h"

#include "background_job.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "notices.h"
#include "number_format.h"
#include "replace_search.h"
#include "settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace u8app {

using u8doc::NumberFormat;

FindReplaceDialog::FindReplaceDialog(DocumentController* document, u8doc::Notices* notices,
                                     QWidget* parent)
    : QDialog(parent), document_(document), notices_(notices) {
    setWindowTitle(tr("Find and Replace"));
    auto* column = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    mode_ = new QComboBox(this);
    mode_->addItem(tr("Text"), int(Mode::Text));
    mode_->addItem(tr("Hex"), int(Mode::Hex));
    mode_->addItem(tr("Code Point"), int(Mode::CodePoint));
    mode_->setToolTip(tr("How both fields are read: text (its UTF-8 bytes), hex bytes (E2 82 AC) "
                         "or code points (U+20AC U+0041)"));
    form->addRow(tr("&Search:"), mode_);
    find_ = new QLineEdit(this);
    find_->setObjectName(QStringLiteral("replaceFind"));
    find_->setToolTip(tr("What to find"));
    form->addRow(tr("&Find:"), find_);
    replace_ = new QLineEdit(this);
    replace_->setObjectName(QStringLiteral("replaceWith"));
    replace_->setToolTip(tr("What to put in each match's place (empty: remove the matches)"));
    form->addRow(tr("Replace &with:"), replace_);
    matchCase_ = new QCheckBox(tr("Match &case"), this);
    matchCase_->setToolTip(tr("Off: a letter matches its other case forms too"));
    form->addRow(QString(), matchCase_);
    column->addLayout(form);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(status_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* next = buttons->addButton(tr("Find &Next"), QDialogButtonBox::ActionRole);
    next->setToolTip(tr("Select the next match after the selection"));
    next->setDefault(true);
    QPushButton* one = buttons->addButton(tr("&Replace"), QDialogButtonBox::ActionRole);
    one->setToolTip(tr("Replace the selected match, then select the next one"));
    QPushButton* all = buttons->addButton(tr("Replace &All"), QDialogButtonBox::ActionRole);
    all->setToolTip(tr("Replace every match in the document, as one step that Undo takes back"));
    connect(next, &QPushButton::clicked, this, [this] { findNext(); });
    connect(one, &QPushButton::clicked, this, [this] { replace(); });
    connect(all, &QPushButton::clicked, this, [this] { replaceAll(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    column->addWidget(buttons);

    setMode(settings::replaceMode());
    matchCase_->setChecked(settings::replaceMatchCase());
    connect(mode_, &QComboBox::currentIndexChanged, this, &FindReplaceDialog::onModeChanged);
    connect(matchCase_, &QCheckBox::toggled, this,
            [](bool on) { settings::setReplaceMatchCase(on); });
    onModeChanged();
}

void FindReplaceDialog::onModeChanged() {
    matchCase_->setEnabled(mode() == Mode::Text);
    settings::setReplaceMode(mode());
}

void FindReplaceDialog::setMode(Mode mode) {
    const int index = mode_->findData(int(mode));
    mode_->setCurrentIndex(index < 0 ? 0 : index);
}
FindReplaceDialog::Mode FindReplaceDialog::mode() const {
    return Mode(mode_->currentData().toInt());
}
void FindReplaceDialog::setFindText(const QString& text) {
    find_->setText(text);
}
void FindReplaceDialog::setReplaceText(const QString& text) {
    replace_->setText(text);
}
void FindReplaceDialog::setMatchCase(bool on) {
    matchCase_->setChecked(on);
}
void FindReplaceDialog::focusFind() {
    find_->setFocus();
    find_->selectAll();
}
QString FindReplaceDialog::statusText() const {
    return status_->text();
}

void FindReplaceDialog::setStatus(const QString& text, bool problem) {
    status_->setText(text);
    status_->setForegroundRole(problem ? QPalette::BrightText : QPalette::WindowText);
    if (notices_)
        notices_->say(text, 8000);
}

std::optional<u8doc::FindQuery> FindReplaceDialog::query() {
    const FindBar::Pattern p = FindBar::patternFor(mode(), find_->text());
    if (!p.error.isEmpty() || p.bytes.isEmpty()) {
        setStatus(p.error.isEmpty() ? tr("Type what to find.") : p.error, true);
        return std::nullopt;
    }
    if (mode() == Mode::Text && !matchCase_->isChecked())
        return FindBar::caseInsensitiveQuery(find_->text());
    return u8doc::FindQuery::forBytes(p.bytes.toStdString());
}

std::optional<QByteArray> FindReplaceDialog::replacement() {
    const FindBar::Pattern p = FindBar::patternFor(mode(), replace_->text());
    if (!p.error.isEmpty()) {
        setStatus(tr("Replace with: %1").arg(p.error), true);
        return std::nullopt;
    }
    return p.bytes;
}

bool FindReplaceDialog::runSearch(const QString& title,
                                  const std::function<void(JobControl&)>& work) {
    const bool done = runAndWait(this, title, work);
    if (!done)
        setStatus(tr("Cancelled: nothing was changed."));
    return done;
}

namespace {

// Whether the selection is exactly a match of `engine` (a Find Next or Replace left it there).
bool selectionIsMatch(const u8codec::ByteSource& source, const u8doc::FindEngine& engine,
                      u8ui::ByteRange range) {
    const std::optional<u8doc::FindMatch> m = engine.next(source, range.start, range.start + 1);
    return m && m->offset == range.start && m->offset + m->length == range.end;
}

} // namespace

bool FindReplaceDialog::findNext() {
    const std::shared_ptr<const u8codec::ByteSource> source = document_->document()->sharedSource();
    const std::optional<u8doc::FindQuery> q = query();
    if (!source || !q)
        return false;
    const u8ui::ByteRange range = document_->selection()->range();
    // After a match, on from its end; from a mere cursor, a match there counts.
    return findFrom(selectionIsMatch(*source, u8doc::FindEngine(*q), range) ? range.end
                                                                            : range.start);
}

bool FindReplaceDialog::findFrom(quint64 from) {
    const std::shared_ptr<const u8codec::ByteSource> source = document_->document()->sharedSource();
    const std::optional<u8doc::FindQuery> q = query();
    if (!source || !q)
        return false;
    auto engine = std::make_shared<u8doc::FindEngine>(*q);
    std::optional<u8doc::FindMatch> match;
    bool wrapped = false;
    if (!runSearch(tr("Finding"), [&](JobControl& control) {
            u8doc::FindProgress progress;
            progress.cancel = control.cancelFlag();
            match = engine->next(*source, from, UINT64_MAX, progress);
            if (!match && from > 0 && !control.cancelled()) {
                wrapped = true;
                match = engine->next(*source, 0, from, progress);
            }
        }))
        return false;
    if (!match) {
        setStatus(tr("Not found: %1").arg(find_->text()), true);
        return false;
    }
    document_->goTo(match->offset, match->length);
    setStatus(
        wrapped ? tr("Found at %1 (from the start again)").arg(NumberFormat::offset(match->offset))
                : tr("Found at %1").arg(NumberFormat::offset(match->offset)));
    return true;
}

bool FindReplaceDialog::replace() {
    if (const QString why = document_->whyReadOnly(); !why.isEmpty()) {
        setStatus(why, true);
        return false;
    }
    const u8codec::ByteSource* source = document_->document()->source();
    const std::optional<u8doc::FindQuery> q = query();
    const std::optional<QByteArray> with = replacement();
    if (!source || !q || !with)
        return false;
    const u8ui::ByteRange range = document_->selection()->range();
    if (!selectionIsMatch(*source, u8doc::FindEngine(*q), range))
        return findNext(); // the first press finds what the next replaces
    u8doc::DocumentEditor::Change change;
    change.offset = range.start;
    change.length = range.end - range.start;
    change.bytes = *with;
    change.description = tr("Replace");
    change.cursorAfter = range.start + quint64(with->size());
    if (!document_->edit(change))
        return false;
    const QString done = tr("Replaced the match at %1.").arg(NumberFormat::offset(range.start));
    // On after the new bytes: they are never matched again.
    if (!findFrom(change.cursorAfter))
        setStatus(done + QLatin1Char(' ') + tr("No further match."));
    return true;
}

quint64 FindReplaceDialog::replaceAll() {
    if (const QString why = document_->whyReadOnly(); !why.isEmpty()) {
        setStatus(why, true);
        return 0;
    }
    const std::shared_ptr<const u8codec::ByteSource> source = document_->document()->sharedSource();
    const std::optional<u8doc::FindQuery> q = query();
    const std::optional<QByteArray> with = replacement();
    if (!source || !q || !with)
        return 0;
    const u8doc::FindEngine engine(*q);
    std::optional<std::vector<u8doc::DocumentHistory::Splice>> splices;
    bool more = false;
    if (!runSearch(tr("Replacing"),
                   [&](JobControl& control) {
                       splices = gatherReplacements(*source, engine, *with, control,
                                                    kMaxReplacements, &more);
                   }) ||
        !splices)
        return 0;
    if (more) {
        setStatus(tr("More than %1 matches: nothing was replaced. Narrow the search, or replace "
                     "in steps.")
                      .arg(NumberFormat::count(kMaxReplacements)),
                  true);
        return 0;
    }
    if (splices->empty()) {
        setStatus(tr("Not found: %1. Nothing was replaced.").arg(find_->text()), true);
        return 0;
    }
    const quint64 count = splices->size();
    const quint64 cursor = document_->selection()->cursor(); // stays, kept inside the bytes
    if (!document_->history()->editAll(*splices, tr("Replace All"), cursor, cursor)) {
        setStatus(tr("Every match already holds those bytes: nothing changed."));
        return 0;
    }
    setStatus(
        count == 1
            ? tr("Replaced 1 match; Undo takes it back.")
            : tr("Replaced %1 matches; Undo takes them all back.").arg(NumberFormat::count(count)));
    return count;
}

} // namespace u8app
