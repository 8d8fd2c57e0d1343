#include "insert_character_dialog.h"

#include "number_format.h"
#include "settings.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"
#include "u8convert/audit.h"
#include "u8convert/character_input.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace u8app {

InsertCharacterDialog::InsertCharacterDialog(QWidget* parent)
    : QDialog(parent), query_(new QLineEdit(this)), preview_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Insert Character"));
    query_->setObjectName(QStringLiteral("characterQuery"));
    query_->setPlaceholderText(tr("U+20AC, €, or a name: EURO SIGN"));
    query_->setClearButtonEnabled(true);
    query_->setMinimumWidth(query_->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 32);
    preview_->setObjectName(QStringLiteral("characterPreview"));
    preview_->setWordWrap(true);
    preview_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    preview_->setMinimumHeight(preview_->fontMetrics().height() * 3);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Insert"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Character:"), query_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(preview_);
    layout->addWidget(buttons_);

    connect(query_, &QLineEdit::textChanged, this, &InsertCharacterDialog::lookUp);
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        settings::setInsertCharacterQuery(query_->text());
        accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    query_->setText(settings::insertCharacterQuery());
    query_->selectAll();
    lookUp();
}

void InsertCharacterDialog::setQuery(const QString& text) {
    query_->setText(text);
}

QString InsertCharacterDialog::preview() const {
    return preview_->text();
}

void InsertCharacterDialog::lookUp() {
    found_.reset();
    const QString text = query_->text();
    if (text.trimmed().isEmpty()) {
        preview_->setText(tr("Type a code point (U+20AC), the character, or its name (EURO "
                             "SIGN)."));
        buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    const u8codec::Result<char32_t> cp = u8convert::codePointFromInput(text.toStdString());
    QString error = cp ? QString() : QString::fromStdString(cp.message());
    // Only a scalar value has a UTF-8 form (Unicode chapter 3, D76; RFC 3629 section 3).
    if (cp && !u8codec::isScalarValue(*cp))
        error = (*cp > 0x10FFFF ? tr("%1 is above U+10FFFF, the last code point.")
                                : tr("%1 is a surrogate: half of a UTF-16 pair, not a character."))
                    .arg(QString::fromStdString(u8codec::codePointLabel(*cp)));
    if (!error.isEmpty()) {
        preview_->setText(error);
        buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    found_ = *cp;
    std::uint8_t bytes[4];
    const int length = u8codec::encode(*found_, bytes);
    const QString hex = QString::fromStdString(
        u8codec::hexBytes(std::span<const std::uint8_t>(bytes, std::size_t(length))));
    preview_->setText(tr("%1 — inserts %2 (%3)")
                          .arg(QString::fromStdString(u8convert::describeCharacter(*found_)), hex,
                               u8doc::NumberFormat::bytes(quint64(length))));
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(true);
}

} // namespace u8app
