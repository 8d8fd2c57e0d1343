// The insides of the piece table (u8codec/piece_table.h): the persistent treap of pieces, the
// append-only add buffer and the shared record of the original. Library-internal.
#pragma once

#include "u8codec/piece_table.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace u8codec::detail {

using NodeRef = std::shared_ptr<const PieceNode>;

// A node of the treap, never changed once built (snapshots and older versions share it). Ordered
// by document position in-order; a heap on `priority`, which keeps the expected depth
// logarithmic whatever the order of the edits.
struct PieceNode {
    Piece piece;
    std::uint64_t priority = 0;
    NodeRef left, right;
    // Of the subtree: its bytes, how many of them come from the add buffer, its pieces.
    std::uint64_t size = 0;
    std::uint64_t addBytes = 0;
    std::uint64_t count = 0;
};

// What the pieces of one table (and its snapshots) refer to as "the original".
struct PieceOrigin {
    std::shared_ptr<const ByteSource> source; // null for an empty original
    std::uint64_t size = 0;                   // when the table was made
    mutable std::atomic<bool> readCameShort{false};
};

// Every byte typed or pasted, in blocks that are never moved or freed while a piece may point
// into them (the table and each snapshot keep the buffer alive). Only the editing thread appends;
// readers only ever see bytes appended before their snapshot was taken, which no append touches
// again.
class AddBuffer {
public:
    AddBuffer() = default;
    AddBuffer(const AddBuffer&) = delete;
    AddBuffer& operator=(const AddBuffer&) = delete;

    // Copies `bytes` and returns where the copy lies. Consecutive appends lie one after the other
    // while they fit in the current block, so that a typed run is one piece.
    [[nodiscard]] const std::uint8_t* append(std::span<const std::uint8_t> bytes);
    [[nodiscard]] std::uint64_t bytes() const { return total_; }

private:
    std::vector<std::unique_ptr<std::uint8_t[]>> blocks_;
    std::uint8_t* tail_ = nullptr;
    std::size_t room_ = 0;
    std::uint64_t total_ = 0;
};

[[nodiscard]] inline std::uint64_t sizeOf(const NodeRef& n) {
    return n ? n->size : 0;
}
[[nodiscard]] inline std::uint64_t addBytesOf(const NodeRef& n) {
    return n ? n->addBytes : 0;
}
[[nodiscard]] inline std::uint64_t countOf(const NodeRef& n) {
    return n ? n->count : 0;
}

// `b` continues `a` where it lies (the file's next bytes, or the buffer's).
[[nodiscard]] bool continues(const Piece& a, const Piece& b);
// Drops empty pieces and joins neighbours that continue one another.
void canonicalise(std::vector<Piece>& pieces);
// The first `at` bytes of `p` and the rest.
[[nodiscard]] std::pair<Piece, Piece> cut(const Piece& p, std::uint64_t at);

[[nodiscard]] NodeRef makeNode(const Piece& piece, std::uint64_t priority, NodeRef left,
                               NodeRef right);
// A tree of one piece, with a fresh priority.
[[nodiscard]] NodeRef leaf(const Piece& piece);
// `a`'s pieces followed by `b`'s.
[[nodiscard]] NodeRef join(const NodeRef& a, const NodeRef& b);
// The first `at` bytes and the rest (a piece that straddles `at` is cut).
[[nodiscard]] std::pair<NodeRef, NodeRef> split(const NodeRef& n, std::uint64_t at);
[[nodiscard]] NodeRef build(const std::vector<Piece>& pieces);
void collect(const NodeRef& n, std::vector<Piece>& out);
[[nodiscard]] const Piece* firstPiece(const NodeRef& n);
[[nodiscard]] const Piece* lastPiece(const NodeRef& n);
// The pieces of the document range [from, to), cut at its ends.
[[nodiscard]] std::vector<Piece> piecesIn(const NodeRef& root, std::uint64_t from,
                                          std::uint64_t to);
// Bytes from the add buffer in [0, at).
[[nodiscard]] std::uint64_t addBytesBefore(const NodeRef& n, std::uint64_t at);

// Where the last original piece that ends at or before `limit` ends: in the document and in
// the original.
struct OriginalAnchor {
    std::uint64_t documentEnd = 0;
    std::uint64_t originalEnd = 0;
};
[[nodiscard]] std::optional<OriginalAnchor> lastOriginalBy(const PieceNode* n, std::uint64_t base,
                                                           std::uint64_t limit);

// Calls fn(documentOffset, piece) for every piece that ends after `from`, in order, until fn
// returns false; returns false if it did. Not [[nodiscard]]: no status, only whether the visit
// was stopped, which a visitor that never stops has no use for.
template <class Fn>
bool visitFrom(const PieceNode* n, std::uint64_t base, std::uint64_t from, Fn& fn) {
    while (n) {
        const std::uint64_t pieceStart = base + sizeOf(n->left);
        const std::uint64_t pieceEnd = pieceStart + n->piece.length;
        if (from < pieceStart && !visitFrom(n->left.get(), base, from, fn))
            return false;
        if (from < pieceEnd && !fn(pieceStart, n->piece))
            return false;
        n = n->right.get(); // the right subtree as a loop: the recursion is only as deep as
        base = pieceEnd;    // the left turns
    }
    return true;
}

} // namespace u8codec::detail
