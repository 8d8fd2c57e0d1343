#include "status_field.h"

#include <QPainter>
#include <QStyle>

namespace u8app {

StatusField::StatusField(const QString& name, const QString& tip, const QString& sample,
                         QWidget* parent)
    : QLabel(parent), sample_(sample), tip_(tip) {
    setObjectName(name);
    setToolTip(tip);
    setTextInteractionFlags(Qt::NoTextInteraction);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

QString StatusField::shownText() const {
    return fontMetrics().elidedText(text(), Qt::ElideRight, contentsRect().width());
}

QSize StatusField::sizeHint() const {
    const QFontMetrics fm = fontMetrics();
    return {fm.horizontalAdvance(sample_) + 2 * margin() + 4, QLabel::sizeHint().height()};
}

QSize StatusField::minimumSizeHint() const {
    // Room for a few characters and the ellipsis: the layout shrinks the fields this far before
    // any of them would overlap.
    return {fontMetrics().horizontalAdvance(QStringLiteral("0x0000…")),
            QLabel::minimumSizeHint().height()};
}

void StatusField::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QString shown = shownText();
    painter.setPen(palette().color(foregroundRole()));
    painter.drawText(contentsRect(), int(alignment() | Qt::TextSingleLine), shown);
    // When cut short, the tooltip carries the whole text.
    const QString tip = shown == text() ? tip_ : text() + QStringLiteral("\n") + tip_;
    if (toolTip() != tip)
        setToolTip(tip);
}

} // namespace u8app
