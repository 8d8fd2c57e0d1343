#include "summary_panel.h"

#include "contrast.h"
#include "number_format.h"
#include "problems_model.h"
#include "role_palette.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QVBoxLayout>

namespace u8ui {

namespace {
QString number(quint64 n) {
    return u8doc::NumberFormat::count(n);
}
} // namespace

SummaryPanel::SummaryPanel(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    verdict_ = new QLabel(this);
    verdict_->setObjectName(QStringLiteral("summaryVerdict"));
    QFont big = verdict_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.3);
    verdict_->setFont(big);
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(verdict_);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->hide();
    column->addWidget(progress_);
    form_ = new QFormLayout;
    form_->setLabelAlignment(Qt::AlignRight);
    column->addLayout(form_);
    column->addStretch(1);
    showMessage(tr("No scan yet"));
}

void SummaryPanel::resetRows() {
    while (form_->rowCount() > 0)
        form_->removeRow(0);
}

void SummaryPanel::addRow(const QString& label, const QString& value, bool detail) {
    auto* l = new QLabel(label + QLatin1Char(':'));
    auto* v = new QLabel(value);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setTextFormat(Qt::PlainText);
    v->setWordWrap(true);
    if (detail) {
        // A breakdown of the row above: muted, so that the totals stand out.
        QPalette muted = l->palette();
        muted.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        l->setPalette(muted);
        v->setPalette(muted);
    }
    form_->addRow(l, v);
}

void SummaryPanel::showMessage(const QString& message) {
    report_.reset();
    resetRows();
    progress_->hide();
    verdict_->setStyleSheet({});
    verdict_->setText(message);
}

void SummaryPanel::setProgress(int permille) {
    if (progress_->isHidden()) {
        report_.reset();
        resetRows();
        verdict_->setStyleSheet({});
        progress_->show();
    }
    progress_->setValue(std::clamp(permille, 0, 1000));
    verdict_->setText(tr("Scanning... %1%").arg(QLocale().toString(permille / 10.0, 'f', 1)));
}

void SummaryPanel::setReport(std::shared_ptr<const u8doc::ScanReport> report) {
    if (!report) {
        showMessage(tr("No scan yet"));
        return;
    }
    report_ = std::move(report);
    resetRows();
    progress_->hide();
    const u8doc::ScanReport& r = *report_;
    const u8codec::ScanSummary& s = r.summary;
    const RolePalette roles = RolePalette::forPalette(palette());
    const QColor window = palette().color(QPalette::Window);
    if (s.valid()) {
        verdict_->setText(tr("\u2713 Valid UTF-8"));
        verdict_->setStyleSheet(
            QStringLiteral("color: %1")
                .arg(readableOn(roles.style(CellRole::Lead3).text, window).name()));
    } else {
        verdict_->setText(
            r.totalProblems == 1
                ? tr("\u2715 Not valid UTF-8: 1 problem")
                : tr("\u2715 Not valid UTF-8: %1 problems").arg(number(r.totalProblems)));
        verdict_->setStyleSheet(
            QStringLiteral("color: %1")
                .arg(readableOn(roles.style(CellRole::ErrorInvalidByte).frame, window).name()));
    }

    addRow(tr("Size"), u8doc::NumberFormat::size(s.bytes));
    addRow(tr("Characters"), number(s.characters));
    static const char* const kByLength[5] = {nullptr, QT_TR_NOOP("1 byte (ASCII)"),
                                             QT_TR_NOOP("2 bytes"), QT_TR_NOOP("3 bytes"),
                                             QT_TR_NOOP("4 bytes")};
    for (int n = 1; n <= 4; ++n) {
        const quint64 count = s.byLength[std::size_t(n)];
        const double share = s.characters ? 100.0 * double(count) / double(s.characters) : 0.0;
        addRow(tr(kByLength[n]),
               tr("%1 (%2%)").arg(number(count), QLocale().toString(share, 'f', 1)), true);
    }
    addRow(tr("Lines"), number(s.lines));
    addRow(tr("Line endings"), tr("LF %1, CRLF %2, CR %3")
                                   .arg(number(s.lineFeeds - s.crlf), number(s.crlf),
                                        number(s.carriageReturns - s.crlf)));
    addRow(tr("Byte-order mark"), s.bom ? tr("Yes (EF BB BF at the start)") : tr("No"));
    if (!s.valid()) {
        addRow(tr("Error segments"),
               tr("%1 (each becomes one U+FFFD when decoded with replacement)")
                   .arg(number(s.errorSegments())));
        for (int k = 1; k < u8codec::kErrorKindCount; ++k)
            if (const quint64 n = s.errors[std::size_t(k)])
                addRow(tr(u8codec::title(u8codec::ErrorKind(k)).data()), number(n), true);
        addRow(tr("Problems"), number(r.totalProblems));
        for (int k = 0; k < u8doc::kProblemKindCount; ++k)
            if (const quint64 n = r.problemsByKind[std::size_t(k)])
                addRow(ProblemsModel::kindTitle(u8codec::ProblemKind(k)), number(n), true);
        if (r.capped())
            addRow(tr("Listed"), tr("the first %1 of %2 problems")
                                     .arg(number(r.problems.size()), number(r.totalProblems)));
    }
}

void SummaryPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // A theme switch: the verdict's colour and the muted rows were taken from the old palette.
    if (event->type() == QEvent::PaletteChange && report_)
        setReport(report_);
}

QString SummaryPanel::text() const {
    QStringList lines;
    lines << verdict_->text();
    for (int row = 0; row < form_->rowCount(); ++row) {
        auto* label = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole)->widget());
        auto* value = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::FieldRole)->widget());
        if (label && value)
            lines << label->text().trimmed() + QLatin1Char(' ') + value->text();
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace u8ui
