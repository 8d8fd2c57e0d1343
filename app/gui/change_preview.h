// What an operation on the document will change, shown before it is applied (issue 4: "every
// action first shows a preview: what will change, the first changes before and after, the new
// size").
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace u8app {

struct ChangePreview {
    struct Change {
        quint64 offset = 0;
        QByteArray before; // bytes replaced (may be ill-formed)
        QByteArray after;  // what replaces them (UTF-8)
        QString detail;    // why
    };
    QString title;                         // the action: "Fix mojibake"
    QList<QPair<QString, quint64>> counts; // changes by kind, only kinds that occur
    quint64 totalChanges = 0;
    QList<Change> changes; // the first few, in order
    quint64 oldSize = 0, newSize = 0;
    QStringList notes; // things the user should know before applying
};

class ChangePreviewDialog : public QDialog {
    Q_OBJECT
public:
    ChangePreviewDialog(const ChangePreview& preview, QWidget* parent = nullptr);

    // "café", "[C0 AF]", "␍␊": bytes as a person can see them (controls as symbols, ill-formed
    // bytes in hex).
    static QString visible(const QByteArray& bytes);
};

} // namespace u8app
