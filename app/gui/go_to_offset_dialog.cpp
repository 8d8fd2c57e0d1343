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

GoToOffsetDialog::GoToOffsetDialog(quint64 size, quint64 current, bool hexByDefault,
                                   QWidget* parent)
    : QDialog(parent), size_(size), edit_(new QLineEdit(this)),
      hex_(new QRadioButton(tr("&Hexadecimal"), this)),
      decimal_(new QRadioButton(tr("&Decimal"), this)), hint_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Go to Offset"));
    edit_->setObjectName(QStringLiteral("offsetEdit"));
    edit_->setToolTip(tr("A byte offset from the start of the file. 0x1F, 1Fh and $1F are always "
                         "hexadecimal."));
    hex_->setToolTip(tr("Read the digits as hexadecimal (base 16)"));
    decimal_->setToolTip(tr("Read the digits as decimal (base 10)"));
    (hexByDefault ? hex_ : decimal_)->setChecked(true);
    edit_->setText(hexByDefault ? QString::number(current, 16).toUpper()
                                : QString::number(current));
    edit_->selectAll();

    auto* radios = new QHBoxLayout;
    radios->addWidget(hex_);
    radios->addWidget(decimal_);
    radios->addStretch();
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Offset:"), edit_);
    form->addRow(QString(), radios);
    form->addRow(QString(), hint_);
    form->addRow(buttons_);

    connect(edit_, &QLineEdit::textChanged, this, &GoToOffsetDialog::revalidate);
    connect(hex_, &QRadioButton::toggled, this, &GoToOffsetDialog::revalidate);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    revalidate();
}

GoToOffsetDialog::Parsed GoToOffsetDialog::parse(const QString& input, bool hex, quint64 size) {
    Parsed result;
    QString text = input.trimmed();
    text.remove(QLatin1Char(' '));
    text.remove(QLatin1Char('_'));
    if (text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)) {
        text = text.mid(2);
        hex = true;
    } else if (text.startsWith(QLatin1Char('$'))) {
        text = text.mid(1);
        hex = true;
    } else if (text.endsWith(QLatin1Char('h'), Qt::CaseInsensitive)) {
        text.chop(1);
        hex = true;
    }
    if (text.isEmpty()) {
        result.error = tr("Type an offset.");
        return result;
    }
    bool ok = false;
    const quint64 value = text.toULongLong(&ok, hex ? 16 : 10);
    if (!ok) {
        result.error = hex ? tr("\"%1\" is not a hexadecimal number.").arg(input.trimmed())
                           : tr("\"%1\" is not a decimal number.").arg(input.trimmed());
        return result;
    }
    if (value >= size) {
        result.error = size == 0 ? tr("The document is empty.")
                                 : tr("Beyond the end: the last offset is %1.")
                                       .arg(u8doc::NumberFormat::offsetAndDecimal(size - 1));
        return result;
    }
    result.offset = value;
    return result;
}

std::optional<quint64> GoToOffsetDialog::offset() const {
    return parse(edit_->text(), hex_->isChecked(), size_).offset;
}

bool GoToOffsetDialog::hexSelected() const {
    return hex_->isChecked();
}

void GoToOffsetDialog::revalidate() {
    const Parsed p = parse(edit_->text(), hex_->isChecked(), size_);
    if (p.offset)
        hint_->setText(tr("Offset %1").arg(u8doc::NumberFormat::offsetAndDecimal(*p.offset)));
    else
        hint_->setText(p.error);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(p.offset.has_value());
}

} // namespace u8app
