// The bookmarks of the open document: named byte ranges with a note, in order of their start.
// A model without widgets: the Bookmarks dock shows it, the panes paint its ranges, and
// BookmarkActions keeps it in the sidecar file beside the document (bookmarkSidecarPath), never
// inside the document.
//
// Offsets follow the bytes: an edit before a bookmark moves it, an edit inside it grows or
// shrinks it, overwritten bytes stay in it, bytes put in where it starts push it along (it stays
// on its bytes), bytes put in where it ends leave it as it was. A bookmark whose bytes are all
// deleted is kept, on the byte after the deletion (its name and note are the user's work), where
// there is such a byte.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace u8app {

struct Bookmark {
    quint64 start = 0;
    quint64 length = 1; // at least 1
    QString name;
    QString note;
    quint64 end() const { return start + length; }
    bool contains(quint64 offset) const { return offset >= start && offset - start < length; }
    friend bool operator==(const Bookmark&, const Bookmark&) = default;
};

class BookmarkList : public QObject {
    Q_OBJECT
public:
    explicit BookmarkList(QObject* parent = nullptr) : QObject(parent) {}

    const std::vector<Bookmark>& bookmarks() const { return bookmarks_; }
    int size() const { return int(bookmarks_.size()); }
    bool isEmpty() const { return bookmarks_.empty(); }
    const Bookmark& at(int index) const { return bookmarks_[std::size_t(index)]; }

    // Replaces every bookmark (a document opened): changed(false).
    void reset(std::vector<Bookmark> bookmarks);
    // Adds `bookmark` (length at least 1) in order; returns its index.
    int add(Bookmark bookmark);
    void remove(int index);
    void setName(int index, const QString& name);
    void setNote(int index, const QString& note);

    // The bookmark that holds `offset` (the one starting last, when several do), or -1.
    int indexAt(quint64 offset) const;
    // The first bookmark starting after `offset`, or the first of all when none does (wrapped
    // says so); -1 without bookmarks. previous(): the last starting before it, or the last.
    int next(quint64 offset, bool* wrapped = nullptr) const;
    int previous(quint64 offset, bool* wrapped = nullptr) const;

    // `inserted` bytes took the place of `removed` bytes at `offset` (DocumentHistory::spliced):
    // every bookmark moves with its bytes (see above). `size` is the document's size after it.
    void splice(quint64 offset, quint64 removed, quint64 inserted, quint64 size);
    // Other bytes of `size` bytes (a repair): bookmarks stay where they were, cut at the end.
    void clampTo(quint64 size);

    // The name a new bookmark gets: "Bookmark N", N one more than any such name has.
    QString freeName() const;

    // The sidecar's JSON: {"format": "u8scope-bookmarks", "version": 1, "bookmarks": [{"offset",
    // "length", "name", "note"}]}.
    QByteArray toJson() const;
    // Reads `json`; on failure returns why (empty on success) and leaves `out` unchanged.
    // Bookmarks past `size` are refused: the file was changed without its sidecar.
    static QString fromJson(const QByteArray& json, quint64 size, std::vector<Bookmark>& out);

signals:
    // Any change; `byUser`: added, removed, renamed or noted (not moved by an edit or reset).
    void changed(bool byUser);

private:
    void sort();
    // Each bookmark moved by `move`, then kept inside a document of `size` bytes; changed(false)
    // if any moved.
    void moveAll(quint64 size, const std::function<void(Bookmark&)>& move);
    std::vector<Bookmark> bookmarks_;
};

// FILE.u8scope-bookmarks.json for FILE.
QString bookmarkSidecarPath(const QString& documentPath);

} // namespace u8app
