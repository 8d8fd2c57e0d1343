#include "u8codec/piece_table.h"

#include "piece_tree.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>

namespace u8codec {

using namespace detail;

namespace {

std::uint64_t lengthOf(const std::vector<Piece>& pieces) {
    std::uint64_t n = 0;
    for (const Piece& p : pieces)
        n += p.length;
    return n;
}

// Every table has its own number, so that an edit is never applied to another table's pieces.
std::uint64_t nextTableId() {
    static std::atomic<std::uint64_t> counter{0};
    return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

// A range outside the document: the caller's error, given back as a value (result.h).
Error outOfRange(std::uint64_t from, std::uint64_t to, std::uint64_t size) {
    std::string message = "piece table: the bytes ";
    message += std::to_string(from);
    message += "..";
    message += std::to_string(to);
    message += " are not within the document of ";
    message += std::to_string(size);
    message += " bytes";
    return Error{ErrorCode::OutOfRange, std::move(message)};
}

// The pieces of bytes [from, to) of a canonical run of pieces, cut at both ends.
std::vector<Piece> slicePieces(const std::vector<Piece>& pieces, std::uint64_t from,
                               std::uint64_t to) {
    std::vector<Piece> out;
    std::uint64_t at = 0;
    for (const Piece& p : pieces) {
        const std::uint64_t end = at + p.length;
        if (end > from && at < to) {
            const std::uint64_t skip = from > at ? from - at : 0;
            const std::uint64_t take = std::min(end, to) - at - skip;
            out.push_back(cut(cut(p, skip).second, take).first);
        }
        at = end;
    }
    return out;
}

} // namespace

bool Edit::mergeWith(const Edit& next) {
    if (table_ != next.table_ || kind_ == Kind::Revert || next.kind_ == Kind::Revert)
        return false;
    // Overwriting goes on past the end of the document as an insert (the window breaks a run
    // when the mode changes, so an insert after an overwrite is only ever that).
    const bool pastTheEnd = kind_ == Kind::Replace && next.kind_ == Kind::Insert;
    if (kind_ != next.kind_ && !pastTheEnd)
        return rewrite(next);
    if (next.offset_ == offset_ + insertedLength_) {
        // Typing, overwriting or Delete: `next` changed the bytes right after this edit's.
        removed_.insert(removed_.end(), next.removed_.begin(), next.removed_.end());
        inserted_.insert(inserted_.end(), next.inserted_.begin(), next.inserted_.end());
    } else if (inserted_.empty() && next.inserted_.empty() &&
               next.offset_ + next.removedLength_ == offset_) {
        // Backspace: `next` erased the bytes right before this edit's.
        removed_.insert(removed_.begin(), next.removed_.begin(), next.removed_.end());
        offset_ = next.offset_;
    } else {
        return rewrite(next);
    }
    removedLength_ += next.removedLength_;
    insertedLength_ += next.insertedLength_;
    canonicalise(removed_);
    canonicalise(inserted_);
    return true;
}

bool Edit::rewrite(const Edit& next) {
    // Only a replacement that lies wholly within the bytes this edit put in (the second hex
    // digit of a byte just typed), and finds them there.
    if (next.kind_ != Kind::Replace || next.offset_ < offset_ ||
        next.offset_ + next.removedLength_ > offset_ + insertedLength_)
        return false;
    const std::uint64_t from = next.offset_ - offset_;
    const std::uint64_t to = from + next.removedLength_;
    if (slicePieces(inserted_, from, to) != next.removed_)
        return false;
    std::vector<Piece> rewritten = slicePieces(inserted_, 0, from);
    rewritten.insert(rewritten.end(), next.inserted_.begin(), next.inserted_.end());
    const std::vector<Piece> after = slicePieces(inserted_, to, insertedLength_);
    rewritten.insert(rewritten.end(), after.begin(), after.end());
    canonicalise(rewritten);
    inserted_ = std::move(rewritten);
    insertedLength_ = insertedLength_ - next.removedLength_ + next.insertedLength_;
    return true;
}

std::uint64_t PieceView::size() const {
    return sizeOf(root_);
}

std::size_t PieceView::read(std::uint64_t offset, std::span<std::uint8_t> dest) const {
    const std::uint64_t size = this->size();
    if (offset >= size || dest.empty())
        return 0;
    const std::size_t wanted = std::size_t(std::min<std::uint64_t>(dest.size(), size - offset));
    std::size_t done = 0;
    auto copy = [&](std::uint64_t pieceStart, const Piece& p) {
        const std::uint64_t skip = offset + done - pieceStart;
        const std::size_t take =
            std::size_t(std::min<std::uint64_t>(p.length - skip, wanted - done));
        if (p.isOriginal()) {
            const std::size_t got = origin_->source->read(p.start + skip, dest.subspan(done, take));
            done += got;
            if (got < take) {
                origin_->readCameShort.store(true, std::memory_order_relaxed);
                return false; // a short read is the end, as ByteSource says
            }
        } else {
            std::memcpy(dest.data() + done, p.added + skip, take);
            done += take;
        }
        return done < wanted;
    };
    visitFrom(root_.get(), 0, offset, copy);
    return done;
}

bool PieceView::isUnmodified() const {
    if (!root_)
        return origin_->size == 0;
    return root_->count == 1 && root_->piece == Piece{nullptr, 0, origin_->size};
}

bool PieceView::isOriginal(std::uint64_t offset, std::uint64_t length) const {
    const std::uint64_t size = this->size();
    const std::uint64_t from = std::min(offset, size);
    const std::uint64_t to = from + std::min(length, size - from);
    return addBytesBefore(root_, to) == addBytesBefore(root_, from);
}

// Edited ranges are the stretches between consecutive original pieces (and the ends): there the
// document's bytes, if any, are added ones, and the original's, if any, were removed. Between
// them the document is the original byte for byte.
std::vector<EditedRange> PieceView::editedRanges(std::uint64_t from, std::uint64_t to) const {
    std::vector<EditedRange> out;
    const std::uint64_t size = this->size();
    if (from > size || to < from)
        return out;
    to = std::min(to, size);
    const auto anchor = lastOriginalBy(root_.get(), 0, from);
    std::uint64_t documentAt = anchor ? anchor->documentEnd : 0;
    std::uint64_t originalAt = anchor ? anchor->originalEnd : 0;
    auto emit = [&](std::uint64_t documentEnd, std::uint64_t originalEnd) {
        if (documentEnd == documentAt && originalEnd == originalAt)
            return;
        const EditedRange r{documentAt, documentEnd - documentAt, originalAt,
                            originalEnd - originalAt};
        const bool overlaps = r.length > 0
                                  ? from < to && r.offset < to && r.offset + r.length > from
                                  : r.offset >= from && r.offset <= to;
        if (overlaps)
            out.push_back(r);
    };
    auto walk = [&](std::uint64_t pieceStart, const Piece& p) {
        if (!p.isOriginal())
            return true;
        emit(pieceStart, p.start);
        documentAt = pieceStart + p.length;
        originalAt = p.start + p.length;
        return documentAt <= to; // a later range starts at documentAt or after
    };
    if (visitFrom(root_.get(), 0, documentAt, walk))
        emit(size, origin_->size);
    return out;
}

bool PieceView::referencesOriginal() const {
    return root_ && root_->size != root_->addBytes;
}

OriginalState PieceView::originalState() const {
    const auto& source = origin_->source;
    if (!source)
        return OriginalState::Unchanged;
    const std::optional<std::uint64_t> now = source->currentSize();
    if (!now)
        return OriginalState::Unreadable;
    // A short read means bytes the document needed were gone at that moment, whatever the size
    // is now.
    if (*now < origin_->size || origin_->readCameShort.load(std::memory_order_relaxed))
        return OriginalState::Shrunk;
    return *now > origin_->size ? OriginalState::Grown : OriginalState::Unchanged;
}

const std::shared_ptr<const ByteSource>& PieceView::original() const {
    return origin_->source;
}

std::uint64_t PieceView::originalSize() const {
    return origin_->size;
}

std::size_t PieceView::pieceCount() const {
    return std::size_t(countOf(root_));
}

std::vector<Piece> PieceView::pieces() const {
    std::vector<Piece> out;
    collect(root_, out);
    return out;
}

PieceTable::PieceTable(std::shared_ptr<const ByteSource> original) : id_(nextTableId()) {
    auto origin = std::make_shared<PieceOrigin>();
    origin->size = original ? original->size() : 0;
    origin->source = std::move(original);
    if (origin->size > 0)
        root_ = leaf(Piece{nullptr, 0, origin->size});
    origin_ = std::move(origin);
    added_ = std::make_shared<AddBuffer>();
}

Result<Edit> PieceTable::insert(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
    return replace(offset, 0, bytes);
}

Result<Edit> PieceTable::erase(std::uint64_t offset, std::uint64_t length) {
    return apply(Edit::Kind::Erase, offset, length, {});
}

Result<Edit> PieceTable::replace(std::uint64_t offset, std::uint64_t length,
                                 std::span<const std::uint8_t> bytes) {
    const std::uint64_t size = this->size();
    if (offset > size || length > size - offset)
        return outOfRange(offset, offset + length, size);
    std::vector<Piece> inserted;
    if (!bytes.empty())
        inserted.push_back(Piece{added_->append(bytes), 0, bytes.size()});
    return apply(length == 0 ? Edit::Kind::Insert : Edit::Kind::Replace, offset, length,
                 std::move(inserted));
}

Result<Edit> PieceTable::revert(std::uint64_t from, std::uint64_t to) {
    const std::uint64_t size = this->size();
    if (from > to || to > size)
        return outOfRange(from, to, size);
    const std::vector<EditedRange> ranges = editedRanges(from, to);
    if (ranges.empty())
        return apply(Edit::Kind::Revert, from, 0, {});
    // The document between consecutive edited ranges is the original byte for byte, so the
    // whole stretch from the first range to the last becomes one original piece.
    const EditedRange& first = ranges.front();
    const EditedRange& last = ranges.back();
    const std::uint64_t originalEnd = last.originalOffset + last.originalLength;
    return apply(Edit::Kind::Revert, first.offset, last.offset + last.length - first.offset,
                 {Piece{nullptr, first.originalOffset, originalEnd - first.originalOffset}});
}

Result<Edit> PieceTable::apply(Edit::Kind kind, std::uint64_t offset, std::uint64_t length,
                               std::vector<Piece> inserted) {
    const std::uint64_t size = this->size();
    if (offset > size || length > size - offset)
        return outOfRange(offset, offset + length, size);
    canonicalise(inserted);
    Edit edit;
    edit.table_ = id_;
    edit.kind_ = kind;
    edit.offset_ = offset;
    edit.removedLength_ = length;
    edit.insertedLength_ = lengthOf(inserted);
    if (length > 0 || !inserted.empty())
        edit.removed_ = replaceRange(offset, offset + length, inserted);
    edit.inserted_ = std::move(inserted);
    return edit;
}

std::vector<Piece> PieceTable::replaceRange(std::uint64_t from, std::uint64_t to,
                                            std::vector<Piece> pieces) {
    auto [left, rest] = split(root_, from);
    auto [middle, right] = split(rest, to - from);
    std::vector<Piece> removed;
    collect(middle, removed);
    // Keep the layout canonical: a neighbour that the new pieces continue (or, when nothing is
    // put in, that the other neighbour continues) joins them. Only the two seams can need it,
    // since everything left of and right of them was canonical already.
    const Piece* before = lastPiece(left);
    const Piece* after = firstPiece(right);
    const Piece* first = pieces.empty() ? after : &pieces.front();
    const Piece* last = pieces.empty() ? before : &pieces.back();
    const bool takeBefore = before && first && continues(*before, *first);
    const bool takeAfter = after && last && continues(*last, *after);
    std::vector<Piece> seam;
    seam.reserve(pieces.size() + 2);
    if (takeBefore)
        seam.push_back(*before);
    seam.insert(seam.end(), pieces.begin(), pieces.end());
    if (takeAfter)
        seam.push_back(*after);
    if (takeBefore)
        left = split(left, sizeOf(left) - seam.front().length).first;
    if (takeAfter)
        right = split(right, seam.back().length).second;
    canonicalise(seam);
    root_ = join(join(left, build(seam)), right);
    return removed;
}

bool PieceTable::swap(std::uint64_t offset, const std::vector<Piece>& expected,
                      std::uint64_t expectedLength, const std::vector<Piece>& with) {
    const std::uint64_t size = this->size();
    if (offset > size || expectedLength > size - offset)
        return false;
    if (piecesIn(root_, offset, offset + expectedLength) != expected)
        return false;
    // What it takes out is `expected`, compared just above.
    static_cast<void>(replaceRange(offset, offset + expectedLength, with));
    return true;
}

bool PieceTable::undo(const Edit& edit) {
    if (edit.table_ != id_)
        return false;
    if (!edit.changes())
        return true;
    return swap(edit.offset_, edit.inserted_, edit.insertedLength_, edit.removed_);
}

bool PieceTable::redo(const Edit& edit) {
    if (edit.table_ != id_)
        return false;
    if (!edit.changes())
        return true;
    return swap(edit.offset_, edit.removed_, edit.removedLength_, edit.inserted_);
}

std::shared_ptr<const PieceSnapshot> PieceTable::snapshot() const {
    return std::shared_ptr<const PieceSnapshot>(new PieceSnapshot(*this));
}

} // namespace u8codec
