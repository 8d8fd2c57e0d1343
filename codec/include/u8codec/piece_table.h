// Editing bytes in place in a file of any size: a piece table. The document is a
// sequence of pieces, each a run of either the original's bytes (a read-only ByteSource, usually
// the FileSource of the open file, never copied) or of an append-only add buffer that holds every
// byte the user ever typed or pasted. An edit replaces a range of pieces; nothing else moves.
//
// The pieces are kept in a persistent balanced tree (a treap whose nodes are never changed once
// built: an edit copies the O(log pieces) nodes on the paths it touches and shares the rest).
// Chosen over a copy-on-write vector of pieces because both of the costs that matter stay
// logarithmic however many edits a file collects: an edit is O(log pieces), never O(pieces),
// and a snapshot is one reference to the current root, so a background scan can read a
// consistent version while the user keeps editing without any copy at all. Each node carries its
// subtree's byte count, so finding an offset is a descent.
//
// The layout is kept canonical: no empty piece, and no two neighbours that could be one piece
// (original bytes that follow each other in the file, or add-buffer bytes that follow each other
// in the buffer). Two layouts that give every byte the same origin are then the same pieces, so
// "undo back to the file's bytes" is recognised exactly: isUnmodified() is one original piece
// covering the whole file.
//
// An Edit records the pieces it removed and the pieces it put in their place, so undo and redo
// replace one range by the other again: exact, O(log pieces + pieces involved), and independent
// of any other edit (the QUndoStack of the window holds them).
//
// Not thread-safe for editing (one thread edits a PieceTable); snapshots and the bytes they read
// may be used from any thread while that thread goes on editing.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace u8codec {

namespace detail {
struct PieceNode;
struct PieceOrigin;
class AddBuffer;
} // namespace detail

// A run of the document's bytes: `length` bytes of the original from offset `start`, or, when
// `added` is set, the `length` bytes of the add buffer that `added` points to.
struct Piece {
    const std::uint8_t* added = nullptr;
    std::uint64_t start = 0;
    std::uint64_t length = 0;

    [[nodiscard]] bool isOriginal() const { return added == nullptr; }
    friend bool operator==(const Piece&, const Piece&) = default;
};

// One place where the document differs from its original, as a diff hunk: the document's bytes
// [offset, offset + length) stand where the original had [originalOffset, originalOffset +
// originalLength). A deletion has length 0; an insertion originalLength 0.
struct EditedRange {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint64_t originalOffset = 0;
    std::uint64_t originalLength = 0;

    friend bool operator==(const EditedRange&, const EditedRange&) = default;
};

// What became of the original since the document was opened (checked on demand: a banner in the
// window). Shrunk also once a read of it came back short, even if it has grown back since;
// Unreadable when it can no longer be examined at all.
enum class OriginalState { Unchanged, Grown, Shrunk, Unreadable };

// One change to a PieceTable: at `offset()`, removedLength() bytes were replaced by
// insertedLength() bytes. Kept by an undo stack and given back to the table that made it
// (PieceTable::undo / redo).
class Edit {
public:
    enum class Kind : std::uint8_t { Insert, Erase, Replace, Revert };

    [[nodiscard]] Kind kind() const { return kind_; }
    [[nodiscard]] std::uint64_t offset() const { return offset_; }
    [[nodiscard]] std::uint64_t removedLength() const { return removedLength_; }
    [[nodiscard]] std::uint64_t insertedLength() const { return insertedLength_; }
    // False for an edit that changed nothing (an empty insert, a revert where nothing differs).
    [[nodiscard]] bool changes() const { return !removed_.empty() || !inserted_.empty(); }

    // Folds `next`, made right after this edit, into it when it continues the same run of
    // typing, so that one undo takes back the whole run (QUndoCommand::mergeWith calls this):
    // same kind (never Revert), or an insert after a replace (overwriting goes on past the end),
    // and `next` starts where this edit's inserted bytes end (typing, overwriting, Delete), or,
    // for erasures, ends where this one starts (Backspace); or `next`
    // is a Replace of bytes this edit put in, wholly within them (the second hex digit of a
    // byte: the high nibble typed, then the low one), whatever this edit's kind. Returns false,
    // leaving both unchanged, otherwise. Whether a run should break (a pause, a word boundary)
    // is the caller's choice.
    [[nodiscard]] bool mergeWith(const Edit& next);

private:
    friend class PieceTable;
    [[nodiscard]] bool rewrite(const Edit& next); // mergeWith's last case
    std::uint64_t table_ = 0;                     // the PieceTable that made it
    Kind kind_ = Kind::Insert;
    std::uint64_t offset_ = 0;
    std::uint64_t removedLength_ = 0;
    std::uint64_t insertedLength_ = 0;
    std::vector<Piece> removed_;  // canonical
    std::vector<Piece> inserted_; // canonical
};

// A layout of pieces, read-only: what a PieceTable and its snapshots have in common.
class PieceView : public ByteSource {
public:
    [[nodiscard]] std::uint64_t size() const override;
    // Reads across pieces. A short read of the original (it shrank on disk) ends the read there
    // and is remembered for originalState().
    [[nodiscard]] std::size_t read(std::uint64_t offset,
                                   std::span<std::uint8_t> dest) const override;

    // The document's bytes are the original's, piece for piece (undoing every edit, or
    // reverting every change, comes back to this).
    [[nodiscard]] bool isUnmodified() const;
    // No byte of [offset, offset + length) was typed or pasted: all come from the original
    // (perhaps moved by edits before them).
    [[nodiscard]] bool isOriginal(std::uint64_t offset, std::uint64_t length) const;
    // The edited ranges that share a byte with [from, to), and the deletions at offsets in
    // [from, to], in order: what the window tints until the file is saved. O(log pieces +
    // ranges found).
    [[nodiscard]] std::vector<EditedRange> editedRanges(std::uint64_t from, std::uint64_t to) const;
    // Some of the document's bytes still come from the original (an edit record may refer to it
    // even when the layout does not).
    [[nodiscard]] bool referencesOriginal() const;
    [[nodiscard]] OriginalState originalState() const;
    [[nodiscard]] const std::shared_ptr<const ByteSource>& original() const;
    // The original's size when the table was made: the range pieces may refer to.
    [[nodiscard]] std::uint64_t originalSize() const;
    [[nodiscard]] std::size_t pieceCount() const;
    // The layout, in order, for tests and diagnostics.
    [[nodiscard]] std::vector<Piece> pieces() const;

protected:
    PieceView() = default;
    PieceView(const PieceView&) = default; // a snapshot shares the layout
    std::shared_ptr<const detail::PieceOrigin> origin_;
    std::shared_ptr<detail::AddBuffer> added_; // appended to only by the PieceTable
    std::shared_ptr<const detail::PieceNode> root_;
};

// An immutable version of a PieceTable's document (PieceTable::snapshot()).
class PieceSnapshot final : public PieceView {
private:
    friend class PieceTable;
    explicit PieceSnapshot(const PieceView& view) : PieceView(view) {}
};

class PieceTable final : public PieceView {
public:
    // The document starts as `original`'s bytes (a null original is an empty one).
    explicit PieceTable(std::shared_ptr<const ByteSource> original);
    PieceTable(const PieceTable&) = delete;
    PieceTable& operator=(const PieceTable&) = delete;

    // Each returns the Edit that undo() takes back. Offsets and lengths must lie within the
    // document: otherwise the result is an ErrorCode::OutOfRange error naming the range and the
    // size, and nothing changes. O(log pieces), plus the copy of `bytes` into the add buffer.
    [[nodiscard]] Result<Edit> insert(std::uint64_t offset, std::span<const std::uint8_t> bytes);
    [[nodiscard]] Result<Edit> erase(std::uint64_t offset, std::uint64_t length);
    // Overwriting is a replace of as many bytes as are written.
    [[nodiscard]] Result<Edit> replace(std::uint64_t offset, std::uint64_t length,
                                       std::span<const std::uint8_t> bytes);
    // Gives the edited ranges that overlap [from, to) (editedRanges()) back the original's bytes:
    // whole ranges, since an edited range has no finer correspondence with the original. An
    // edit like any other; changes() is false when nothing there differs.
    [[nodiscard]] Result<Edit> revert(std::uint64_t from, std::uint64_t to);

    // Take back, or make again, an edit of this table. Edits are undone in the reverse order
    // they were made (or redone) in, as an undo stack does; false, with nothing changed, when
    // `edit` is another table's or the bytes it put in (undo) or took out (redo) are not where
    // it left them. (An edit that put nothing in has nothing to check: the order is the
    // caller's to keep.)
    [[nodiscard]] bool undo(const Edit& edit);
    [[nodiscard]] bool redo(const Edit& edit);

    // The document as it is now, unaffected by later edits; O(1).
    [[nodiscard]] std::shared_ptr<const PieceSnapshot> snapshot() const;

private:
    [[nodiscard]] Result<Edit> apply(Edit::Kind kind, std::uint64_t offset, std::uint64_t length,
                                     std::vector<Piece> inserted);
    // Puts `pieces` in place of the document's bytes [from, to) and returns what was there.
    [[nodiscard]] std::vector<Piece> replaceRange(std::uint64_t from, std::uint64_t to,
                                                  std::vector<Piece> pieces);
    // Puts `with` in place of `expected` at `offset` if the document holds exactly `expected`
    // there.
    [[nodiscard]] bool swap(std::uint64_t offset, const std::vector<Piece>& expected,
                            std::uint64_t expectedLength, const std::vector<Piece>& with);

    std::uint64_t id_;
};

} // namespace u8codec
