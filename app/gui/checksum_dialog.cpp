#include "checksum_dialog.h"

#include "background_job.h"
#include "number_format.h"
#include "u8codec/byte_source.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace u8app {

using u8doc::NumberFormat;

namespace {

// "0x10 to 0x2F (32 bytes)": the first and the last byte, as the rest of the window says ranges.
QString rangeText(quint64 start, quint64 end) {
    if (end <= start)
        return ChecksumDialog::tr("no bytes");
    return ChecksumDialog::tr("%1 to %2 (%3)")
        .arg(NumberFormat::offset(start), NumberFormat::offset(end - 1),
             NumberFormat::bytes(end - start));
}

} // namespace

ChecksumDialog::ChecksumDialog(std::shared_ptr<const u8codec::ByteSource> source,
                               u8ui::ByteRange selection, Scope scope, QWidget* parent)
    : QDialog(parent), source_(std::move(source)), selection_(selection) {
    setWindowTitle(tr("Checksums"));
    const quint64 size = source_ ? source_->size() : 0;
    selection_.end = std::min<quint64>(selection_.end, size);
    auto* column = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("Of:"), this), 0, 0);
    scope_ = new QComboBox(this);
    scope_->setObjectName(QStringLiteral("checksumScope"));
    scope_->addItem(tr("The selection: %1").arg(rangeText(selection_.start, selection_.end)));
    scope_->addItem(tr("The whole file: %1").arg(NumberFormat::size(size)));
    scope_->setToolTip(tr("Which bytes to sum: the selection, or every byte of the document "
                          "(with its unsaved edits)"));
    scope_->setCurrentIndex(scope == Scope::Selection ? 0 : 1);
    connect(scope_, &QComboBox::currentIndexChanged, this, [this] { compute(); });
    grid->addWidget(scope_, 0, 1, 1, 2);
    crc32_ = addField(grid, 1, QStringLiteral("CRC-32"),
                      tr("CRC-32 as zlib, ZIP, PNG and the crc32 tool compute it"));
    md5_ = addField(grid, 2, QStringLiteral("MD5"), tr("MD5, as md5sum prints it"));
    sha1_ = addField(grid, 3, QStringLiteral("SHA-1"), tr("SHA-1, as sha1sum prints it"));
    sha256_ = addField(grid, 4, QStringLiteral("SHA-256"), tr("SHA-256, as sha256sum prints it"));
    grid->setColumnStretch(1, 1);
    column->addLayout(grid);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(status_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copyAll = buttons->addButton(tr("Copy &All"), QDialogButtonBox::ActionRole);
    copyAll->setToolTip(tr("Copy the four sums to the clipboard, one per line"));
    connect(copyAll, &QPushButton::clicked, this, [this] {
        if (sums_)
            QApplication::clipboard()->setText(sums_->text());
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    column->addWidget(buttons);
    resize(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 80, sizeHint().height());
}

QLineEdit* ChecksumDialog::addField(QGridLayout* grid, int row, const QString& name,
                                    const QString& tip) {
    grid->addWidget(new QLabel(name + QLatin1Char(':'), this), row, 0);
    auto* field = new QLineEdit(this);
    field->setObjectName(name);
    field->setReadOnly(true);
    field->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Room for a SHA-256 (64 hex digits) without scrolling the field.
    field->setMinimumWidth(field->fontMetrics().horizontalAdvance(QString(66, QLatin1Char('0'))));
    field->setToolTip(tip);
    grid->addWidget(field, row, 1);
    auto* copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the %1 to the clipboard").arg(name));
    connect(copy, &QToolButton::clicked, this, [field] {
        if (!field->text().isEmpty())
            QApplication::clipboard()->setText(field->text());
    });
    grid->addWidget(copy, row, 2);
    return field;
}

void ChecksumDialog::setScope(Scope scope) {
    scope_->setCurrentIndex(scope == Scope::Selection ? 0 : 1); // computes when it changes
}

ChecksumDialog::Scope ChecksumDialog::scope() const {
    return scope_->currentIndex() == 0 ? Scope::Selection : Scope::WholeFile;
}

void ChecksumDialog::compute() {
    const int generation = ++generation_;
    sums_.reset();
    for (QLineEdit* field : {crc32_, md5_, sha1_, sha256_})
        field->clear();
    const quint64 start = scope() == Scope::Selection ? selection_.start : 0;
    const quint64 end = scope() == Scope::Selection ? selection_.end
                        : source_                   ? source_->size()
                                                    : 0;
    status_->setText(tr("Computing the sums of %1…").arg(rangeText(start, end)));
    auto result = std::make_shared<std::optional<Checksums>>();
    auto shortRead = std::make_shared<bool>(false);
    std::shared_ptr<const u8codec::ByteSource> source = source_;
    QPointer<ChecksumDialog> self(this);
    runInBackground(
        this, tr("Computing checksums"),
        [source, start, end, result, shortRead](JobControl& control) {
            if (source)
                *result = computeChecksums(*source, start, end, control, shortRead.get());
        },
        [self, generation, result, shortRead, start, end](const JobControl& control) {
            if (!self || generation != self->generation_)
                return;
            self->showSums(*result);
            if (control.cancelled())
                self->status_->setText(tr("Cancelled: no sums shown."));
            else if (*shortRead)
                self->status_->setText(
                    tr("The document ended before %1 (the file may have shrunk): no sums shown.")
                        .arg(NumberFormat::offset(end)));
            else
                self->status_->setText(tr("The sums of %1.").arg(rangeText(start, end)));
            emit self->computed(result->has_value());
        });
}

void ChecksumDialog::showSums(const std::optional<Checksums>& sums) {
    sums_ = sums;
    crc32_->setText(sums ? sums->crc32 : QString());
    md5_->setText(sums ? sums->md5 : QString());
    sha1_->setText(sums ? sums->sha1 : QString());
    sha256_->setText(sums ? sums->sha256 : QString());
}

QString ChecksumDialog::value(const QString& name) const {
    const auto* field = findChild<QLineEdit*>(name);
    return field ? field->text() : QString();
}

QString ChecksumDialog::statusText() const {
    return status_->text();
}

} // namespace u8app
