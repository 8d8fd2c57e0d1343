// The Bookmarks dock: the document's bookmarks (BookmarkList) as a table of name, offset (hex, as
// the rest of the window shows offsets), length and note. Double-click or Enter on a row goes
// there; Rename…, Edit Note… and Delete change the selected bookmark; a line below says where the
// bookmarks are kept, or why they could not be read or written.
#pragma once

#include <QWidget>
#include <functional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace u8app {

class BookmarkList;

class BookmarksPanel : public QWidget {
    Q_OBJECT
public:
    // `goTo` selects a bookmark's bytes.
    BookmarksPanel(BookmarkList* list, std::function<void(int)> goTo, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // The line under the table (where the bookmarks are kept, or what went wrong); `problem`
    // shows it as a warning.
    void setStatus(const QString& text, bool problem);
    QString status() const;
    // The row of the table's current bookmark, or -1.
    int currentIndex() const;
    void setCurrentIndex(int index);

    // Asks for a new name / note of bookmark `index` (a dialog).
    void rename(int index);
    void editNote(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void updateButtons();

    BookmarkList* list_;
    std::function<void(int)> goTo_;
    QTableWidget* table_;
    QPushButton* rename_;
    QPushButton* note_;
    QPushButton* delete_;
    QLabel* status_;
};

} // namespace u8app
