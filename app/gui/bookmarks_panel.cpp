#include "bookmarks_panel.h"

#include "bookmark_list.h"
#include "number_format.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace u8app {

namespace {
enum Column { Name, Offset, Length, Note, ColumnCount };
}

BookmarksPanel::BookmarksPanel(BookmarkList* list, std::function<void(int)> goTo, QWidget* parent)
    : QWidget(parent), list_(list), goTo_(std::move(goTo)), table_(new QTableWidget(this)),
      rename_(new QPushButton(tr("&Rename…"), this)),
      note_(new QPushButton(tr("Edit &Note…"), this)),
      delete_(new QPushButton(tr("&Delete"), this)), status_(new QLabel(this)) {
    table_->setObjectName(QStringLiteral("bookmarksTable"));
    table_->setColumnCount(ColumnCount);
    table_->setHorizontalHeaderLabels({tr("Name"), tr("Offset"), tr("Length"), tr("Note")});
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers); // the buttons edit
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    table_->installEventFilter(this);
    table_->setToolTip(tr("Double-click or Enter: go to the bookmark. F2 / Shift+F2 step through "
                          "them from the cursor."));
    rename_->setToolTip(tr("Give the selected bookmark another name"));
    note_->setToolTip(tr("Write a note on the selected bookmark"));
    delete_->setToolTip(tr("Remove the selected bookmark (its bytes stay as they are)"));
    status_->setWordWrap(true);
    status_->setObjectName(QStringLiteral("bookmarksStatus"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(rename_);
    buttons->addWidget(note_);
    buttons->addWidget(delete_);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(table_, 1);
    layout->addLayout(buttons);
    layout->addWidget(status_);

    connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { goTo_(row); });
    connect(table_, &QTableWidget::itemSelectionChanged, this, &BookmarksPanel::updateButtons);
    connect(rename_, &QPushButton::clicked, this, [this] { rename(currentIndex()); });
    connect(note_, &QPushButton::clicked, this, [this] { editNote(currentIndex()); });
    connect(delete_, &QPushButton::clicked, this, [this] { list_->remove(currentIndex()); });
    connect(list_, &BookmarkList::changed, this, &BookmarksPanel::rebuild);
    rebuild();
}

void BookmarksPanel::rebuild() {
    const int current = currentIndex();
    table_->setRowCount(list_->size());
    for (int i = 0; i < list_->size(); ++i) {
        const Bookmark& b = list_->at(i);
        const QString cells[ColumnCount] = {b.name, u8doc::NumberFormat::offset(b.start),
                                            u8doc::NumberFormat::count(b.length),
                                            QString(b.note).replace(QLatin1Char('\n'), u'⏎')};
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == Offset || c == Length)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == Note || c == Name)
                item->setToolTip(c == Note ? b.note : b.name);
            table_->setItem(i, c, item);
        }
    }
    table_->resizeColumnToContents(Offset);
    table_->resizeColumnToContents(Length);
    if (current >= 0 && current < list_->size())
        setCurrentIndex(current);
    updateButtons();
}

void BookmarksPanel::updateButtons() {
    const bool one = currentIndex() >= 0;
    rename_->setEnabled(one);
    note_->setEnabled(one);
    delete_->setEnabled(one);
}

int BookmarksPanel::currentIndex() const {
    const QList<QTableWidgetSelectionRange> ranges = table_->selectedRanges();
    return ranges.isEmpty() ? -1 : ranges.first().topRow();
}

void BookmarksPanel::setCurrentIndex(int index) {
    if (index >= 0 && index < table_->rowCount())
        table_->selectRow(index);
}

void BookmarksPanel::setStatus(const QString& text, bool problem) {
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("QLabel { color: white; "
                                                    "background: #b3261e; padding: 3px; }")
                                   : QString());
}

QString BookmarksPanel::status() const {
    return status_->text();
}

void BookmarksPanel::rename(int index) {
    if (index < 0 || index >= list_->size())
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Bookmark"), tr("Name:"),
                                               QLineEdit::Normal, list_->at(index).name, &ok);
    if (ok)
        list_->setName(index, name.trimmed());
}

void BookmarksPanel::editNote(int index) {
    if (index < 0 || index >= list_->size())
        return;
    bool ok = false;
    const QString note = QInputDialog::getMultiLineText(
        this, tr("Bookmark Note"), tr("Note on %1:").arg(list_->at(index).name),
        list_->at(index).note, &ok);
    if (ok)
        list_->setNote(index, note);
}

bool BookmarksPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == table_ && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && currentIndex() >= 0) {
            goTo_(currentIndex());
            return true;
        }
        if (key->key() == Qt::Key_Delete && currentIndex() >= 0) {
            list_->remove(currentIndex());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace u8app
