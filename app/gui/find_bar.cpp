#include "find_bar.h"

#include "contrast.h"
#include "u8codec/byte_search.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStyle>
#include <QToolButton>
#include <algorithm>

namespace u8app {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent), mode_(new QComboBox(this)), edit_(new QLineEdit(this)),
      errorKind_(new QComboBox(this)), matchCase_(new QToolButton(this)),
      previous_(new QToolButton(this)), next_(new QToolButton(this)), status_(new QLabel(this)),
      close_(new QToolButton(this)) {
    setObjectName(QStringLiteral("findBar"));
    mode_->setObjectName(QStringLiteral("findMode"));
    mode_->addItem(tr("Text"), int(Mode::Text));
    mode_->addItem(tr("Hex"), int(Mode::Hex));
    mode_->addItem(tr("Code Point"), int(Mode::CodePoint));
    mode_->addItem(tr("Error"), int(Mode::Error));
    mode_->setToolTip(tr("Text: the text is searched as its UTF-8 bytes. Hex: bytes written as "
                         "hex digits, e.g. E2 82 AC. Code Point: U+20AC, or several separated "
                         "by spaces. Error: the invalid sequences of one kind."));
    errorKind_->setObjectName(QStringLiteral("findErrorKind"));
    errorKind_->addItem(tr("Any error"), int(u8codec::ErrorKind::None));
    for (int k = 1; k < u8codec::kErrorKindCount; ++k)
        errorKind_->addItem(QString::fromUtf8(u8codec::title(u8codec::ErrorKind(k)).data()), k);
    errorKind_->setToolTip(tr("The kind of invalid sequence to find"));
    errorKind_->hide();
    matchCase_->setObjectName(QStringLiteral("findMatchCase"));
    matchCase_->setText(tr("Aa"));
    matchCase_->setCheckable(true);
    matchCase_->setChecked(true);
    matchCase_->setToolTip(tr("Match case. Off: a letter also finds its other cases (Unicode "
                              "simple case mappings), é finds É."));
    edit_->setObjectName(QStringLiteral("findEdit"));
    edit_->setClearButtonEnabled(true);
    edit_->setPlaceholderText(tr("Find text or bytes"));
    edit_->setToolTip(tr("Enter: next match. Shift+Enter: previous match. Escape: close."));
    previous_->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    previous_->setText(tr("Previous"));
    previous_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    previous_->setToolTip(tr("Find the previous match (Shift+F3)"));
    next_->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    next_->setText(tr("Next"));
    next_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    next_->setToolTip(tr("Find the next match (F3)"));
    status_->setObjectName(QStringLiteral("findStatus"));
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close_->setAutoRaise(true);
    close_->setToolTip(tr("Close the find bar (Escape)"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(new QLabel(tr("Find:"), this));
    layout->addWidget(mode_);
    layout->addWidget(edit_, 1);
    layout->addWidget(errorKind_, 1);
    layout->addWidget(matchCase_);
    layout->addWidget(previous_);
    layout->addWidget(next_);
    layout->addWidget(status_);
    layout->addWidget(close_);

    connect(edit_, &QLineEdit::textChanged, this, &FindBar::onEdited);
    connect(mode_, &QComboBox::currentIndexChanged, this, [this] {
        const Mode m = mode();
        edit_->setVisible(m != Mode::Error);
        errorKind_->setVisible(m == Mode::Error);
        matchCase_->setVisible(m == Mode::Text);
        onEdited();
    });
    connect(errorKind_, &QComboBox::currentIndexChanged, this, &FindBar::onEdited);
    connect(matchCase_, &QToolButton::toggled, this, &FindBar::onEdited);
    connect(next_, &QToolButton::clicked, this, &FindBar::findNext);
    connect(previous_, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(close_, &QToolButton::clicked, this, [this] {
        hide();
        emit closed();
    });
    hide();
}

namespace {

QByteArray utf8Of(char32_t cp) {
    return QString::fromUcs4(&cp, 1).toUtf8();
}

// "U+20AC", "20AC", "u+1f600", several separated by spaces or commas: the code points' UTF-8.
FindBar::Pattern codePointPattern(const QString& text) {
    FindBar::Pattern p;
    static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
    for (QString token : text.split(separators, Qt::SkipEmptyParts)) {
        if (token.startsWith(QLatin1String("U+"), Qt::CaseInsensitive))
            token = token.mid(2);
        bool ok = false;
        const uint cp = token.toUInt(&ok, 16);
        // Unicode chapter 3, D76: a scalar value is at most U+10FFFF and not a surrogate.
        if (!ok || token.size() > 6 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            p.error = FindBar::tr("Not a code point: %1 (write U+20AC; U+0000 to U+10FFFF, "
                                  "no surrogates)")
                          .arg(token);
            p.bytes.clear();
            return p;
        }
        p.bytes += utf8Of(char32_t(cp));
    }
    return p;
}

} // namespace

FindBar::Pattern FindBar::patternFor(Mode mode, const QString& text) {
    Pattern p;
    switch (mode) {
    case Mode::Text:
        p.bytes = text.toUtf8();
        return p;
    case Mode::CodePoint:
        return codePointPattern(text);
    case Mode::Error:
        return p;
    case Mode::Hex:
        break;
    }
    if (text.trimmed().isEmpty())
        return p;
    const auto hex = u8codec::parseHexPattern(text.toStdString());
    if (!hex.ok()) {
        p.error = tr("Not hex bytes: %1").arg(QString::fromStdString(hex.message()));
        return p;
    }
    p.bytes = QByteArray(reinterpret_cast<const char*>(hex->data()), qsizetype(hex->size()));
    return p;
}

FindBar::Pattern FindBar::pattern() const {
    return patternFor(mode(), edit_->text());
}

u8doc::FindQuery FindBar::caseInsensitiveQuery(const QString& text) {
    u8doc::FindQuery q;
    for (const char32_t cp : text.toUcs4()) {
        std::vector<std::string> forms;
        for (const char32_t form : {cp, QChar::toLower(cp), QChar::toUpper(cp),
                                    QChar::toTitleCase(cp), QChar::toCaseFolded(cp)}) {
            const QByteArray bytes = utf8Of(form);
            std::string alternative(bytes.constData(), std::size_t(bytes.size()));
            if (std::find(forms.begin(), forms.end(), alternative) == forms.end())
                forms.push_back(std::move(alternative));
        }
        q.units.push_back(std::move(forms));
    }
    return q;
}

u8doc::FindQuery FindBar::query() const {
    if (mode() == Mode::Error) {
        u8doc::FindQuery q;
        q.errorSegments = true;
        q.errorKind = errorKind();
        return q;
    }
    if (mode() == Mode::Text && !matchCase())
        return caseInsensitiveQuery(edit_->text());
    const Pattern p = pattern();
    return u8doc::FindQuery::forBytes(p.bytes.toStdString());
}

bool FindBar::matchCase() const {
    return matchCase_->isChecked();
}

void FindBar::setMatchCase(bool on) {
    matchCase_->setChecked(on);
}

u8codec::ErrorKind FindBar::errorKind() const {
    return u8codec::ErrorKind(errorKind_->currentData().toInt());
}

void FindBar::setErrorKind(u8codec::ErrorKind kind) {
    errorKind_->setCurrentIndex(errorKind_->findData(int(kind)));
}

FindBar::Mode FindBar::mode() const {
    return Mode(mode_->currentData().toInt());
}

void FindBar::setMode(Mode mode) {
    mode_->setCurrentIndex(mode_->findData(int(mode)));
}

void FindBar::setText(const QString& text) {
    edit_->setText(text);
}

QString FindBar::text() const {
    return edit_->text();
}

void FindBar::activate() {
    const bool wasHidden = isHidden();
    show();
    if (wasHidden)
        emit opened();
    if (mode() == Mode::Error) {
        errorKind_->setFocus(Qt::ShortcutFocusReason);
        return;
    }
    edit_->setFocus(Qt::ShortcutFocusReason);
    edit_->selectAll();
}

void FindBar::setStatus(const QString& status, bool problem) {
    status_->setText(status);
    statusIsProblem_ = problem;
    QFont f = status_->font();
    f.setBold(problem);
    status_->setFont(f);
    colourStatus();
}

void FindBar::colourStatus() {
    // A problem in a warm red, otherwise the window's text colour; either made to read on this
    // theme's window colour (WCAG 2.x AA, 4.5:1). BrightText was white on light themes.
    const QColor window = palette().color(QPalette::Window);
    const QColor wanted =
        statusIsProblem_ ? QColor(213, 94, 0) : palette().color(QPalette::WindowText);
    QPalette pal = status_->palette();
    pal.setColor(QPalette::WindowText, u8ui::readableOn(wanted, window));
    status_->setPalette(pal);
}

QColor FindBar::statusColour() const {
    return status_->palette().color(QPalette::WindowText);
}

void FindBar::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        colourStatus(); // a theme switch: the status follows the new window colour
}

QString FindBar::status() const {
    return status_->text();
}

void FindBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        hide();
        emit closed();
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (event->modifiers() & Qt::ShiftModifier)
            emit findPrevious();
        else
            emit findNext();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindBar::onEdited() {
    const Pattern p = pattern();
    setStatus(p.error, !p.error.isEmpty());
    emit patternChanged();
}

} // namespace u8app
