#include "save_encoding_dialog.h"

#include "settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>

namespace u8app {

namespace {

const QStringList kTargetEncodings = {
    QStringLiteral("UTF-16LE"),    QStringLiteral("UTF-16BE"),     QStringLiteral("UTF-32LE"),
    QStringLiteral("UTF-32BE"),    QStringLiteral("windows-1252"), QStringLiteral("ISO-8859-1"),
    QStringLiteral("ISO-8859-15"), QStringLiteral("ISO-8859-2"),   QStringLiteral("windows-1251"),
    QStringLiteral("KOI8-R"),      QStringLiteral("ISO-8859-7"),   QStringLiteral("macintosh"),
    QStringLiteral("Shift_JIS"),   QStringLiteral("EUC-JP"),       QStringLiteral("GB18030"),
    QStringLiteral("Big5"),        QStringLiteral("EUC-KR")};

} // namespace

SaveEncodingDialog::SaveEncodingDialog(QWidget* parent)
    : QDialog(parent), encoding_(new QComboBox(this)),
      bom_(new QCheckBox(tr("Write a byte order mark (Unicode encodings)"), this)),
      policy_(new QComboBox(this)), problem_(new QLabel(this)) {
    setWindowTitle(tr("Save As Encoding"));
    encoding_->setObjectName(QStringLiteral("encoding"));
    encoding_->setEditable(true);
    encoding_->addItems(kTargetEncodings);
    const QString remembered = settings::saveEncoding();
    encoding_->setCurrentText(remembered.isEmpty() ? kTargetEncodings.front() : remembered);
    encoding_->setToolTip(tr("Any encoding ICU knows may be typed"));
    bom_->setChecked(settings::saveSignature());
    policy_->setObjectName(QStringLiteral("unmappable"));
    policy_->addItem(tr("Refuse to save"), int(u8convert::UnmappablePolicy::Fail));
    policy_->addItem(tr("Substitute the encoding's replacement character"),
                     int(u8convert::UnmappablePolicy::Substitute));
    policy_->addItem(tr("Escape as &#xHHHH;"), int(u8convert::UnmappablePolicy::Escape));
    policy_->setCurrentIndex(settings::saveUnmappable());
    problem_->setObjectName(QStringLiteral("problem"));
    problem_->setWordWrap(true);
    problem_->setTextFormat(Qt::PlainText);
    QFont bold = problem_->font();
    bold.setBold(true);
    problem_->setFont(bold);
    problem_->hide();

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Encoding:"), encoding_);
    form->addRow(QString(), bom_);
    form->addRow(tr("Characters the encoding &cannot represent:"), policy_);
    form->addRow(problem_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString SaveEncodingDialog::encoding() const {
    return encoding_->currentText().trimmed();
}

u8convert::TranscodeOptions SaveEncodingDialog::options() const {
    u8convert::TranscodeOptions options;
    options.unmappable = u8convert::UnmappablePolicy(policy_->currentData().toInt());
    options.addSignature = bom_->isChecked();
    return options;
}

void SaveEncodingDialog::saveChoices() const {
    settings::setSaveEncoding(encoding());
    settings::setSaveSignature(bom_->isChecked());
    settings::setSaveUnmappable(policy_->currentIndex());
}

void SaveEncodingDialog::setProblem(const QString& text) {
    problem_->setText(text);
    problem_->setVisible(!text.isEmpty());
}

QString SaveEncodingDialog::problem() const {
    return problem_->text();
}

} // namespace u8app
