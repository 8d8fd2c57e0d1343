#include "theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace u8app {

QPalette Theme::darkPalette() {
    QPalette p;
    const QColor window(45, 48, 53);
    const QColor base(30, 32, 36);
    const QColor text(224, 226, 230);
    const QColor disabled(128, 132, 140);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(60, 64, 70));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 170, 90));
    p.setColor(QPalette::Highlight, QColor(70, 120, 190));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::Light, QColor(70, 74, 80));
    p.setColor(QPalette::Midlight, QColor(58, 62, 68));
    p.setColor(QPalette::Mid, QColor(38, 40, 44));
    p.setColor(QPalette::Dark, QColor(22, 24, 27));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

void Theme::apply(bool dark) {
    static const QString initialStyle = QApplication::style()->name();
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else {
        QApplication::setStyle(QStyleFactory::create(initialStyle));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }
}

} // namespace u8app
