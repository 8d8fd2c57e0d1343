#include "text_encoding_actions.h"

#include "text_view.h"
#include "u8convert/text_reading.h"

#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QMenu>

namespace u8app {

TextEncodingActions::TextEncodingActions(QWidget* parent, u8ui::TextView* textView)
    : QObject(parent), textView_(textView), group_(new QActionGroup(this)),
      field_(new QLabel(parent)) {
    field_->setObjectName(QStringLiteral("textEncoding"));
    field_->setAlignment(Qt::AlignCenter);
    for (std::string_view name : u8convert::TextReading::offered()) {
        const QString encoding = QString::fromLatin1(name.data(), qsizetype(name.size()));
        auto* a = new QAction(encoding, group_);
        a->setCheckable(true);
        a->setData(encoding);
        a->setChecked(name == "UTF-8");
        a->setToolTip(name == "UTF-8"
                          ? tr("Read the text pane as UTF-8, as the hex pane's colours do")
                          : tr("Read the text pane as %1, to see what a program that assumed "
                               "it saw; no byte changes")
                                .arg(encoding));
        connect(a, &QAction::triggered, this, [this, encoding] { setEncoding(encoding); });
    }
    updateField();
}

void TextEncodingActions::populate(QMenu* view) {
    QMenu* menu = view->addMenu(tr("Text &Encoding"));
    menu->setToolTipsVisible(true);
    // UTF-8 apart, then the single-byte pages, then UTF-16.
    for (QAction* a : group_->actions()) {
        const QString name = a->data().toString();
        if (name == QStringLiteral("UTF-16LE"))
            menu->addSeparator();
        menu->addAction(a);
        if (name == QStringLiteral("UTF-8"))
            menu->addSeparator();
    }
}

bool TextEncodingActions::setEncoding(const QString& encoding) {
    auto made = u8convert::TextReading::make(encoding.toStdString());
    if (!made) {
        emit message(tr("The text pane cannot read %1: %2")
                         .arg(encoding, QString::fromStdString(made.message())));
        return false;
    }
    const std::shared_ptr<const u8convert::TextReading> reading = std::move(*made);
    textView_->setTextReading(reading);
    for (QAction* a : group_->actions())
        a->setChecked(a->data().toString() == encoding);
    updateField();
    emit message(reading->isUtf8()
                     ? tr("The text pane reads UTF-8 again.")
                     : tr("The text pane reads the bytes as %1; no byte changed. The hex pane's "
                          "colours, the Inspector and Problems still say what they are in UTF-8.")
                           .arg(encoding));
    return true;
}

QString TextEncodingActions::encoding() const {
    return QString::fromStdString(textView_->textReading().name());
}

void TextEncodingActions::updateField() {
    const bool utf8 = textView_->textReading().isUtf8();
    field_->setText(tr("Text: %1").arg(encoding()));
    QFont f = field_->font();
    f.setBold(!utf8); // another reading than the window's own must not go unnoticed
    field_->setFont(f);
    field_->setToolTip(utf8 ? tr("The text pane reads the bytes as UTF-8 (View > Text Encoding "
                                 "reads them as another encoding)")
                            : tr("The text pane reads the bytes as %1 (View > Text Encoding). "
                                 "The hex pane's colours, the Inspector and Problems still say "
                                 "what each byte is in UTF-8.")
                                  .arg(encoding()));
}

} // namespace u8app
