#include "bookmark_list.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <algorithm>
#include <functional>

namespace u8app {

namespace {

const QString kFormat = QStringLiteral("u8scope-bookmarks");
constexpr int kVersion = 1;
// JSON numbers are doubles: offsets above 2^53 would lose bytes, so they are written as strings
// of decimal digits (a 4 GiB file needs no more than 2^32, but nothing here assumes it).
QJsonValue offsetValue(quint64 v) {
    return v < (quint64(1) << 53) ? QJsonValue(double(v)) : QJsonValue(QString::number(v));
}
std::optional<quint64> offsetOf(const QJsonValue& v) {
    if (v.isDouble()) {
        const double d = v.toDouble();
        if (d < 0 || d >= 9007199254740992.0 || d != double(quint64(d)))
            return std::nullopt;
        return quint64(d);
    }
    if (v.isString()) {
        bool ok = false;
        const quint64 n = v.toString().toULongLong(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

} // namespace

void BookmarkList::sort() {
    std::stable_sort(bookmarks_.begin(), bookmarks_.end(),
                     [](const Bookmark& a, const Bookmark& b) {
                         return a.start != b.start ? a.start < b.start : a.length < b.length;
                     });
}

void BookmarkList::reset(std::vector<Bookmark> bookmarks) {
    bookmarks_ = std::move(bookmarks);
    sort();
    emit changed(false);
}

int BookmarkList::add(Bookmark bookmark) {
    bookmark.length = std::max<quint64>(bookmark.length, 1);
    const auto at = std::upper_bound(
        bookmarks_.begin(), bookmarks_.end(), bookmark, [](const Bookmark& a, const Bookmark& b) {
            return a.start != b.start ? a.start < b.start : a.length < b.length;
        });
    const int index = int(at - bookmarks_.begin());
    bookmarks_.insert(at, std::move(bookmark));
    emit changed(true);
    return index;
}

void BookmarkList::remove(int index) {
    if (index < 0 || index >= size())
        return;
    bookmarks_.erase(bookmarks_.begin() + index);
    emit changed(true);
}

void BookmarkList::setName(int index, const QString& name) {
    if (index < 0 || index >= size() || bookmarks_[std::size_t(index)].name == name)
        return;
    bookmarks_[std::size_t(index)].name = name;
    emit changed(true);
}

void BookmarkList::setNote(int index, const QString& note) {
    if (index < 0 || index >= size() || bookmarks_[std::size_t(index)].note == note)
        return;
    bookmarks_[std::size_t(index)].note = note;
    emit changed(true);
}

int BookmarkList::indexAt(quint64 offset) const {
    for (int i = size() - 1; i >= 0; --i)
        if (at(i).contains(offset))
            return i;
    return -1;
}

int BookmarkList::next(quint64 offset, bool* wrapped) const {
    if (wrapped)
        *wrapped = false;
    for (int i = 0; i < size(); ++i)
        if (at(i).start > offset)
            return i;
    if (wrapped)
        *wrapped = !isEmpty();
    return isEmpty() ? -1 : 0;
}

int BookmarkList::previous(quint64 offset, bool* wrapped) const {
    if (wrapped)
        *wrapped = false;
    for (int i = size() - 1; i >= 0; --i)
        if (at(i).start < offset)
            return i;
    if (wrapped)
        *wrapped = !isEmpty();
    return size() - 1;
}

void BookmarkList::splice(quint64 offset, quint64 removed, quint64 inserted, quint64 size) {
    if (bookmarks_.empty() || (removed == 0 && inserted == 0))
        return;
    const quint64 cut = offset + removed; // the first byte after the removed ones
    // Where a bookmark's first byte goes: before the edit it stays; among the removed bytes it
    // goes to where they were (overwritten bytes are replaced in place, deleted ones leave the
    // byte after them there); after them (or where bytes are only put in) it moves along.
    auto newStart = [&](quint64 s) {
        return s < offset ? s : s < cut ? offset : s - removed + inserted;
    };
    // Where its end goes: bytes put in where it ends are not its own; an end among the removed
    // bytes takes in what replaced them.
    auto newEnd = [&](quint64 e) {
        return e <= offset ? e : e < cut ? offset + inserted : e - removed + inserted;
    };
    moveAll(size, [&](Bookmark& b) {
        const quint64 start = newStart(b.start), end = newEnd(b.end());
        b.start = start;
        b.length = end > start ? end - start : 1;
    });
}

void BookmarkList::clampTo(quint64 size) {
    moveAll(size, [](Bookmark&) {});
}

void BookmarkList::moveAll(quint64 size, const std::function<void(Bookmark&)>& move) {
    bool any = false;
    for (Bookmark& b : bookmarks_) {
        const Bookmark before = b;
        move(b);
        // Each keeps at least one byte inside the document.
        if (size > 0) {
            b.start = std::min(b.start, size - 1);
            b.length = std::max<quint64>(1, std::min(b.length, size - b.start));
        }
        any = any || !(b == before);
    }
    if (any) {
        sort();
        emit changed(false);
    }
}

QString BookmarkList::freeName() const {
    static const QRegularExpression numbered(QStringLiteral("^Bookmark (\\d+)$"));
    int highest = 0;
    for (const Bookmark& b : bookmarks_)
        if (const auto m = numbered.match(b.name); m.hasMatch())
            highest = std::max(highest, m.captured(1).toInt());
    return tr("Bookmark %1").arg(highest + 1);
}

QByteArray BookmarkList::toJson() const {
    QJsonArray list;
    for (const Bookmark& b : bookmarks_)
        list.append(QJsonObject{{QStringLiteral("offset"), offsetValue(b.start)},
                                {QStringLiteral("length"), offsetValue(b.length)},
                                {QStringLiteral("name"), b.name},
                                {QStringLiteral("note"), b.note}});
    const QJsonObject root{{QStringLiteral("format"), kFormat},
                           {QStringLiteral("version"), kVersion},
                           {QStringLiteral("bookmarks"), list}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString BookmarkList::fromJson(const QByteArray& json, quint64 size, std::vector<Bookmark>& out) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return tr("it is not valid JSON (%1 at byte %2)")
            .arg(error.errorString())
            .arg(error.offset);
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root.value(QStringLiteral("format")).toString() != kFormat)
        return tr("it is not a u8scope bookmarks file (no \"format\": \"%1\")").arg(kFormat);
    if (root.value(QStringLiteral("version")).toInt() != kVersion)
        return tr("its version %1 is not one this u8scope reads (%2)")
            .arg(root.value(QStringLiteral("version")).toVariant().toString())
            .arg(kVersion);
    if (!root.value(QStringLiteral("bookmarks")).isArray())
        return tr("it has no list of \"bookmarks\"");
    std::vector<Bookmark> read;
    const QJsonArray list = root.value(QStringLiteral("bookmarks")).toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list.at(i).toObject();
        const auto start = offsetOf(o.value(QStringLiteral("offset")));
        const auto length = offsetOf(o.value(QStringLiteral("length")));
        if (!list.at(i).isObject() || !start || !length || *length == 0)
            return tr("bookmark %1 has no valid \"offset\" and \"length\"").arg(i + 1);
        if (*start >= size || *length > size - *start)
            return tr("bookmark %1 (offset 0x%2, %3 bytes) lies past the end of the file (%4 "
                      "bytes): the file changed without its bookmarks")
                .arg(i + 1)
                .arg(QString::number(*start, 16).toUpper())
                .arg(*length)
                .arg(size);
        read.push_back({*start, *length, o.value(QStringLiteral("name")).toString(),
                        o.value(QStringLiteral("note")).toString()});
    }
    out = std::move(read);
    return {};
}

QString bookmarkSidecarPath(const QString& documentPath) {
    return documentPath + QStringLiteral(".u8scope-bookmarks.json");
}

} // namespace u8app
