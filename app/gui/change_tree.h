// The changes of a repair's preview as a tree with a tick on each: kind → page (for mojibake
// fixes, the page they were first mis-decoded through) → change, and a line's changes under a
// row of their own when a page has several on one line. Unticking a kind or a page
// unticks everything under it; changes tied to each other (ChangePreview::Change::group) are
// ticked and unticked together. Previews that are not repairs show a plain list.
#pragma once

#include "change_preview.h"

#include <QHash>
#include <QTreeWidget>

namespace u8app {

class ChangeTree : public QTreeWidget {
    Q_OBJECT
public:
    ChangeTree(const ChangePreview& preview, QWidget* parent = nullptr);

    PreviewChoice choice() const;

    // The rows (null when absent), for tests and the dialog.
    QTreeWidgetItem* kindItem(int kind) const;
    QTreeWidgetItem* pageItem(const QString& page) const;
    QTreeWidgetItem* lineItem(const QString& page, quint64 line) const;
    QTreeWidgetItem* changeItem(int index) const { return changeItems_.value(index); }

signals:
    // A tick changed: choice() is different now.
    void choiceChanged();

private:
    enum Level { KindLevel, PageLevel, LineLevel, ChangeLevel };
    // The row of a line under `parent` (made on first use, in `item`) for `changes` changes.
    QTreeWidgetItem* lineItem(QTreeWidgetItem*& item, QTreeWidgetItem* parent, quint64 line,
                              int changes);
    QTreeWidgetItem* addChange(QTreeWidgetItem* parent, const ChangePreview::Change& c, int index);
    void ticked(QTreeWidgetItem* item);
    // Ticks or unticks every row below `item`, collecting the changes among them.
    void setBelow(QTreeWidgetItem* item, Qt::CheckState state, QList<int>& changes);
    void updateAbove(QTreeWidgetItem* item);

    const ChangePreview& preview_;
    QList<QTreeWidgetItem*> changeItems_; // by change index
    QList<QTreeWidgetItem*> kindItems_;
    QList<QTreeWidgetItem*> pageItems_;
    QList<QTreeWidgetItem*> lineItems_;
    QHash<int, QList<int>> groups_; // a group's first change: every change in the group
    bool updating_ = false;
};

} // namespace u8app
