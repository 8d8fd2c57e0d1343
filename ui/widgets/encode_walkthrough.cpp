#include "encode_walkthrough.h"

#include "encode_figures.h"
#include "role_palette.h"
#include "u8codec/problem.h"
#include "u8convert/character_input.h"
#include "unicode_info.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace u8ui {

EncodeWalkthrough::EncodeWalkthrough(QWidget* parent) : StepWalkthrough(parent) {
    setObjectName(QStringLiteral("encodeWalkthrough"));
    auto* inputRow = new QHBoxLayout;
    auto* prompt = new QLabel(tr("&Character, U+XXXX or name:"), this);
    input_ = new QLineEdit(this);
    input_->setObjectName(QStringLiteral("encodeInput"));
    input_->setPlaceholderText(tr("€, U+20AC or EURO SIGN"));
    input_->setClearButtonEnabled(true);
    prompt->setBuddy(input_);
    auto* show = new QPushButton(tr("Encode"), this);
    show->setToolTip(tr("Walk through how this character is encoded (Enter)"));
    inputRow->addWidget(prompt);
    inputRow->addWidget(input_, 1);
    inputRow->addWidget(show);
    headerLayout()->addLayout(inputRow);
    auto submit = [this] {
        if (showInput(input_->text()))
            figure()->setFocus(); // the arrow keys now step through
    };
    connect(input_, &QLineEdit::returnPressed, this, submit);
    connect(show, &QPushButton::clicked, this, submit);

    auto* headingRow = new QHBoxLayout;
    glyph_ = new QLabel(this);
    glyph_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    heading_ = new QLabel(this);
    heading_->setWordWrap(true);
    heading_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    headingRow->addWidget(glyph_);
    headingRow->addWidget(heading_, 1);
    headerLayout()->addLayout(headingRow);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("encodeError"));
    error_->setWordWrap(true);
    error_->hide();
    headerLayout()->addWidget(error_);
    styleHeading();
}

bool EncodeWalkthrough::showInput(const QString& text) {
    const u8codec::Result<char32_t> cp = u8convert::codePointFromInput(text.toStdString());
    if (!cp) {
        error_->setText(QString::fromStdString(cp.message()));
        error_->show();
        return false;
    }
    if (input_->text() != text)
        input_->setText(text);
    showCodePoint(*cp);
    return true;
}

void EncodeWalkthrough::showCodePoint(char32_t cp) {
    error_->clear();
    error_->hide();
    walk_ = u8codec::walkEncoding(cp);
    const QString label = UnicodeInfo::codePointLabel(walk_.codePoint);
    if (walk_.refusal == u8codec::Unencodable::No) {
        // The character itself when it prints: labelWithGlyph's "U+20AC '€'" without the label.
        const QString withGlyph = QString::fromStdString(u8codec::labelWithGlyph(walk_.codePoint));
        glyph_->setText(withGlyph.size() > label.size() + 3
                            ? withGlyph.mid(label.size() + 2).chopped(1)
                            : QString());
        heading_->setText(label + QStringLiteral("  ") + UnicodeInfo::name(walk_.codePoint));
    } else {
        glyph_->clear();
        heading_->setText(walk_.refusal == u8codec::Unencodable::Surrogate
                              ? tr("%1, a surrogate code point").arg(label)
                              : tr("%1, beyond U+10FFFF").arg(label));
    }
    if (input_->text().trimmed().isEmpty())
        input_->setText(label);
    setStepCount(int(walk_.steps.size()));
}

QString EncodeWalkthrough::headingText() const {
    const QString glyph = glyph_->text();
    return glyph.isEmpty() ? heading_->text() : heading_->text() + QStringLiteral(" ") + glyph;
}

QString EncodeWalkthrough::errorText() const {
    return error_->isHidden() ? QString() : error_->text();
}

void EncodeWalkthrough::renderStep(int index) {
    const u8codec::EncodeStep& step = walk_.steps[std::size_t(index)];
    QString title = QString::fromStdString(step.title);
    if (step.kind == u8codec::EncodeStepKind::Fill)
        title += tr(" (%1 of %2)").arg(step.group + 1).arg(walk_.fill.size());
    setStepContent(title, QString::fromStdString(step.text), EncodeFigures::rowsFor(walk_, step));
}

void EncodeWalkthrough::styleHeading() {
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 2.2);
    glyph_->setFont(big);
    QFont bold = font();
    bold.setBold(true);
    heading_->setFont(bold);
    // The error in the colour the panes give invalid bytes (a palette, not a style sheet: a style
    // sheet would keep the label's font from following a zoom).
    const RoleStyle style = RolePalette::forPalette(palette()).style(CellRole::ErrorInvalidByte);
    QPalette errorPalette = palette();
    errorPalette.setColor(QPalette::WindowText, style.frame.isValid() ? style.frame : style.text);
    error_->setPalette(errorPalette);
}

void EncodeWalkthrough::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        styleHeading();
    StepWalkthrough::changeEvent(event);
}

} // namespace u8ui
