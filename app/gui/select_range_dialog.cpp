#include "select_range_dialog.h"

#include "go_to_offset_dialog.h"
#include "number_format.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>

namespace u8app {

using u8doc::NumberFormat;

SelectRangeDialog::SelectRangeDialog(quint64 size, u8ui::ByteRange current, bool hexByDefault,
                                     QWidget* parent)
    : QDialog(parent), size_(size), start_(new QLineEdit(this)), second_(new QLineEdit(this)),
      byEnd_(new QRadioButton(tr("Last &byte"), this)),
      byLength_(new QRadioButton(tr("&Length"), this)),
      hex_(new QRadioButton(tr("&Hexadecimal"), this)),
      decimal_(new QRadioButton(tr("&Decimal"), this)), hint_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Select Range"));
    start_->setObjectName(QStringLiteral("startEdit"));
    second_->setObjectName(QStringLiteral("secondEdit"));
    start_->setToolTip(tr("Offset of the first selected byte. 0x1F, 1Fh and $1F are always "
                          "hexadecimal."));
    byEnd_->setToolTip(tr("The second field is the offset of the last selected byte"));
    byLength_->setToolTip(tr("The second field is the number of bytes to select"));
    byEnd_->setChecked(true);
    (hexByDefault ? hex_ : decimal_)->setChecked(true);
    const auto number = [hexByDefault](quint64 n) {
        return hexByDefault ? QString::number(n, 16).toUpper() : QString::number(n);
    };
    start_->setText(number(current.start));
    second_->setText(number(current.end - 1));

    auto row = [this](QRadioButton* a, QRadioButton* b) {
        auto* layout = new QHBoxLayout;
        layout->addWidget(a);
        layout->addWidget(b);
        layout->addStretch();
        return layout;
    };
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Start:"), start_);
    form->addRow(QString(), row(byEnd_, byLength_));
    form->addRow(tr("&End or length:"), second_);
    form->addRow(QString(), row(hex_, decimal_));
    form->addRow(QString(), hint_);
    form->addRow(buttons_);

    for (QLineEdit* e : {start_, second_})
        connect(e, &QLineEdit::textChanged, this, &SelectRangeDialog::revalidate);
    for (QRadioButton* r : {byEnd_, hex_})
        connect(r, &QRadioButton::toggled, this, &SelectRangeDialog::revalidate);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    revalidate();
}

SelectRangeDialog::Parsed SelectRangeDialog::parse(const QString& start, const QString& second,
                                                   bool byLength, bool hex, quint64 size) {
    Parsed result;
    const GoToOffsetDialog::Parsed first = GoToOffsetDialog::parse(start, hex, size);
    if (!first.offset) {
        result.error = tr("Start: %1").arg(first.error);
        return result;
    }
    if (byLength) {
        // A length is read like an offset one past the last byte: at most size - start.
        const GoToOffsetDialog::Parsed length =
            GoToOffsetDialog::parse(second, hex, size - *first.offset + 1);
        if (!length.offset || *length.offset == 0) {
            result.error = length.offset ? tr("Length: select at least 1 byte.")
                                         : tr("Length: %1").arg(length.error);
            return result;
        }
        result.range = u8ui::ByteRange{*first.offset, *first.offset + *length.offset};
        return result;
    }
    const GoToOffsetDialog::Parsed last = GoToOffsetDialog::parse(second, hex, size);
    if (!last.offset) {
        result.error = tr("Last byte: %1").arg(last.error);
        return result;
    }
    if (*last.offset < *first.offset) {
        result.error = tr("The last byte comes before the start.");
        return result;
    }
    result.range = u8ui::ByteRange{*first.offset, *last.offset + 1};
    return result;
}

std::optional<u8ui::ByteRange> SelectRangeDialog::range() const {
    return parse(start_->text(), second_->text(), byLength_->isChecked(), hex_->isChecked(), size_)
        .range;
}

bool SelectRangeDialog::hexSelected() const {
    return hex_->isChecked();
}

void SelectRangeDialog::revalidate() {
    const Parsed p =
        parse(start_->text(), second_->text(), byLength_->isChecked(), hex_->isChecked(), size_);
    if (p.range)
        hint_->setText(tr("%1 to %2: %3")
                           .arg(NumberFormat::offset(p.range->start),
                                NumberFormat::offset(p.range->end - 1),
                                NumberFormat::bytes(p.range->end - p.range->start)));
    else
        hint_->setText(p.error);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(p.range.has_value());
}

} // namespace u8app
