#include "change_tree.h"

#include "number_format.h"

#include <QHash>
#include <QHeaderView>

namespace u8app {
namespace {

constexpr int kLevelRole = Qt::UserRole;
constexpr int kKeyRole = Qt::UserRole + 1; // the kind, the page, or the change's index

} // namespace

ChangeTree::ChangeTree(const ChangePreview& p, QWidget* parent) : QTreeWidget(parent), preview_(p) {
    setObjectName(QStringLiteral("changes"));
    setHeaderLabels({tr("Change"), tr("Line"), tr("Before"), tr("After"), tr("Why")});
    const bool anyLine =
        std::any_of(p.changes.begin(), p.changes.end(), [](const auto& c) { return c.line > 0; });
    setColumnHidden(1, !anyLine);
    setUniformRowHeights(true);
    const bool repair =
        std::any_of(p.changes.begin(), p.changes.end(), [](const auto& c) { return c.kind >= 0; });
    if (!repair) {
        setRootIsDecorated(false);
        for (int i = 0; i < p.changes.size(); ++i)
            addChange(nullptr, p.changes[i], i);
    } else {
        QHash<int, QTreeWidgetItem*> kinds;
        for (const ChangePreview::Count& count : p.counts) {
            auto* item = new QTreeWidgetItem(
                this, {tr("%1 (%2)").arg(count.label, u8doc::NumberFormat::count(count.count))});
            item->setData(0, kLevelRole, KindLevel);
            item->setData(0, kKeyRole, count.kind);
            if (count.canLeaveOut) {
                item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                item->setCheckState(0, Qt::Checked);
                item->setToolTip(0, p.selectable
                                        ? tr("Untick to leave out every change of this kind")
                                        : tr("Untick to run the repair again without "
                                             "this kind of change"));
            } else {
                item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable); // see addChange()
                item->setToolTip(0, tr("Ill-formed sequences must be replaced for the other "
                                       "repairs to run: left out only one by one, when every "
                                       "change is listed"));
            }
            kinds.insert(count.kind, item);
            kindItems_ << item;
        }
        QHash<QString, QTreeWidgetItem*> pages;
        // A line with several changes under one page gets a row of its own: a record's fixes
        // (a CSV row, a name in a list) are seen, ticked and unticked together.
        QHash<QPair<QString, quint64>, int> perLine;
        for (const ChangePreview::Change& c : p.changes)
            if (c.line > 0 && !c.page.isEmpty())
                ++perLine[{c.page, c.line}];
        QHash<QPair<QString, quint64>, QTreeWidgetItem*> lines;
        for (int i = 0; i < p.changes.size(); ++i) {
            const ChangePreview::Change& c = p.changes[i];
            QTreeWidgetItem* parentItem = kinds.value(c.kind);
            if (!c.page.isEmpty() && parentItem) {
                QTreeWidgetItem*& page = pages[c.page];
                if (!page) {
                    page = new QTreeWidgetItem(parentItem, {c.page});
                    page->setData(0, kLevelRole, PageLevel);
                    page->setData(0, kKeyRole, c.page);
                    page->setFlags(page->flags() | Qt::ItemIsUserCheckable);
                    page->setCheckState(0, Qt::Checked);
                    page->setToolTip(
                        0, p.selectable ? tr("Untick to leave out every fix through %1").arg(c.page)
                                        : tr("Untick to run the repair again without "
                                             "trying %1")
                                              .arg(c.page));
                    pageItems_ << page;
                }
                parentItem = page;
                const int onLine = perLine.value({c.page, c.line});
                if (onLine >= 2)
                    parentItem = lineItem(lines[{c.page, c.line}], parentItem, c.line, onLine);
            }
            addChange(parentItem, c, i);
        }
        for (QTreeWidgetItem* page : pageItems_) {
            int fixes = 0;
            for (int k = 0; k < page->childCount(); ++k)
                fixes += page->child(k)->data(0, kLevelRole).toInt() == LineLevel
                             ? page->child(k)->childCount()
                             : 1;
            page->setText(
                0, tr("%1 — %n fix(es)", nullptr, fixes).arg(page->data(0, kKeyRole).toString()));
        }
        expandAll();
        connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
            if (column == 0 && !updating_)
                ticked(item);
        });
    }
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
}

QTreeWidgetItem* ChangeTree::lineItem(QTreeWidgetItem*& item, QTreeWidgetItem* parent, quint64 line,
                                      int changes) {
    if (item)
        return item;
    item = new QTreeWidgetItem(
        parent, {tr("Line %1 — %n fix(es)", nullptr, changes).arg(u8doc::NumberFormat::count(line)),
                 u8doc::NumberFormat::count(line)});
    item->setData(0, kLevelRole, LineLevel);
    item->setData(0, kKeyRole, line);
    item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
    if (preview_.selectable) {
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Checked);
        item->setToolTip(0, tr("Untick to leave out every fix on this line"));
    } else {
        item->setToolTip(0, preview_.whyNotSelectable);
    }
    lineItems_ << item;
    return item;
}

QTreeWidgetItem* ChangeTree::addChange(QTreeWidgetItem* parent, const ChangePreview::Change& c,
                                       int index) {
    QString why = c.detail;
    if (!c.confidence.isEmpty())
        why = tr("%1; confidence %2").arg(why, c.confidence);
    const auto [before, after] = ChangePreviewDialog::visiblePair(c.before, c.after);
    const QStringList columns{u8doc::NumberFormat::offset(c.offset, 8),
                              c.line > 0 ? u8doc::NumberFormat::count(c.line) : QString(), before,
                              after, why};
    auto* item = parent ? new QTreeWidgetItem(parent, columns) : new QTreeWidgetItem(this, columns);
    item->setData(0, kLevelRole, ChangeLevel);
    item->setData(0, kKeyRole, index);
    item->setToolTip(2, QString::fromLatin1(c.before.toHex(' ').toUpper()));
    item->setToolTip(3, QString::fromLatin1(c.after.toHex(' ').toUpper()));
    item->setToolTip(4, why);
    // A QTreeWidgetItem is user-checkable from the start, and its check state reads Unchecked
    // until one is set: a change that cannot be unticked must say so, or choice() takes it for
    // unticked (every change of a repair listing only its first ones was, and Apply ran the
    // repair again "without" nothing).
    item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
    if (c.kind >= 0 && preview_.selectable) {
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Checked);
        if (c.group != index && c.group >= 0)
            item->setToolTip(0, tr("Tied to the change at %1: this one rewrote text that one "
                                   "wrote, so they are made or left out together")
                                    .arg(u8doc::NumberFormat::offset(
                                        preview_.changes.value(c.group).offset, 8)));
    } else if (c.kind >= 0) {
        item->setToolTip(0, preview_.whyNotSelectable);
    }
    if (c.group >= 0 && preview_.selectable)
        groups_[c.group] << index;
    changeItems_ << item;
    return item;
}

QTreeWidgetItem* ChangeTree::kindItem(int kind) const {
    for (QTreeWidgetItem* item : kindItems_)
        if (item->data(0, kKeyRole).toInt() == kind)
            return item;
    return nullptr;
}

QTreeWidgetItem* ChangeTree::lineItem(const QString& page, quint64 line) const {
    for (QTreeWidgetItem* item : lineItems_)
        if (item->data(0, kKeyRole).toULongLong() == line &&
            item->parent()->data(0, kKeyRole).toString() == page)
            return item;
    return nullptr;
}

QTreeWidgetItem* ChangeTree::pageItem(const QString& page) const {
    for (QTreeWidgetItem* item : pageItems_)
        if (item->data(0, kKeyRole).toString() == page)
            return item;
    return nullptr;
}

void ChangeTree::ticked(QTreeWidgetItem* item) {
    updating_ = true;
    const Qt::CheckState state = item->checkState(0);
    QList<int> changed;
    if (item->data(0, kLevelRole).toInt() == ChangeLevel) {
        changed << item->data(0, kKeyRole).toInt();
    } else {
        setBelow(item, state, changed);
        updateAbove(item);
    }
    // Each change's whole group follows, wherever in the tree its members are (a normalisation
    // inside a mojibake fix is under another kind).
    for (const int i : std::as_const(changed))
        for (const int member : groups_.value(preview_.changes[i].group)) {
            changeItems_[member]->setCheckState(0, state);
            updateAbove(changeItems_[member]);
        }
    updating_ = false;
    emit choiceChanged();
}

void ChangeTree::setBelow(QTreeWidgetItem* item, Qt::CheckState state, QList<int>& changes) {
    for (int i = 0; i < item->childCount(); ++i) {
        QTreeWidgetItem* child = item->child(i);
        if (!(child->flags() & Qt::ItemIsUserCheckable))
            continue;
        child->setCheckState(0, state);
        if (child->data(0, kLevelRole).toInt() == ChangeLevel)
            changes << child->data(0, kKeyRole).toInt();
        setBelow(child, state, changes);
    }
}

void ChangeTree::updateAbove(QTreeWidgetItem* item) {
    for (QTreeWidgetItem* parent = item->parent(); parent; parent = parent->parent()) {
        if (!(parent->flags() & Qt::ItemIsUserCheckable))
            continue;
        int checked = 0, unchecked = 0, all = 0;
        for (int i = 0; i < parent->childCount(); ++i) {
            QTreeWidgetItem* child = parent->child(i);
            if (!(child->flags() & Qt::ItemIsUserCheckable))
                continue;
            ++all;
            checked += child->checkState(0) == Qt::Checked;
            unchecked += child->checkState(0) == Qt::Unchecked;
        }
        if (all == 0)
            continue; // no tick below (single changes cannot be unticked): as the user set it
        parent->setCheckState(0, checked == all     ? Qt::Checked
                                 : unchecked == all ? Qt::Unchecked
                                                    : Qt::PartiallyChecked);
    }
}

PreviewChoice ChangeTree::choice() const {
    PreviewChoice c;
    for (int i = 0; i < changeItems_.size(); ++i)
        if (changeItems_[i]->flags() & Qt::ItemIsUserCheckable &&
            changeItems_[i]->checkState(0) == Qt::Unchecked)
            c.untickedChanges.insert(i);
    for (QTreeWidgetItem* item : kindItems_)
        if (item->flags() & Qt::ItemIsUserCheckable && item->checkState(0) == Qt::Unchecked)
            c.leftOutKinds.insert(item->data(0, kKeyRole).toInt());
    for (QTreeWidgetItem* item : pageItems_)
        if (item->checkState(0) == Qt::Unchecked)
            c.leftOutPages.insert(item->data(0, kKeyRole).toString());
    return c;
}

} // namespace u8app
