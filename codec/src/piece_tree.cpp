#include "piece_tree.h"

#include <algorithm>
#include <cstring>

namespace u8codec::detail {
namespace {

// A block holds this much typed or pasted text; a larger paste gets a block of its own size.
constexpr std::size_t kAddBlockSize = std::size_t(64) << 10;

// Treap priorities: splitmix64 of a counter (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", 2014), so that they are spread evenly whatever the order of
// the edits, and reproducible from one run to the next.
std::uint64_t nextPriority() {
    static std::atomic<std::uint64_t> counter{0};
    std::uint64_t z = counter.fetch_add(0x9E3779B97F4A7C15ull, std::memory_order_relaxed);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

} // namespace

const std::uint8_t* AddBuffer::append(std::span<const std::uint8_t> bytes) {
    if (bytes.size() > room_) {
        // One byte more than is ever handed out, so that the end of a block's bytes can never
        // equal the start of another block (continues() compares pointers).
        const std::size_t capacity = std::max(kAddBlockSize, bytes.size());
        blocks_.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(capacity + 1));
        tail_ = blocks_.back().get();
        room_ = capacity;
    }
    std::memcpy(tail_, bytes.data(), bytes.size());
    const std::uint8_t* copy = tail_;
    tail_ += bytes.size();
    room_ -= bytes.size();
    total_ += bytes.size();
    return copy;
}

bool continues(const Piece& a, const Piece& b) {
    if (a.isOriginal() != b.isOriginal())
        return false;
    return a.isOriginal() ? a.start + a.length == b.start : a.added + a.length == b.added;
}

void canonicalise(std::vector<Piece>& pieces) {
    std::size_t kept = 0;
    for (const Piece& p : pieces) {
        if (p.length == 0)
            continue;
        if (kept > 0 && continues(pieces[kept - 1], p))
            pieces[kept - 1].length += p.length;
        else
            pieces[kept++] = p;
    }
    pieces.resize(kept);
}

std::pair<Piece, Piece> cut(const Piece& p, std::uint64_t at) {
    Piece head = p, tail = p;
    head.length = at;
    tail.length = p.length - at;
    if (p.isOriginal())
        tail.start = p.start + at;
    else
        tail.added = p.added + at;
    return {head, tail};
}

NodeRef makeNode(const Piece& piece, std::uint64_t priority, NodeRef left, NodeRef right) {
    auto n = std::make_shared<PieceNode>();
    n->piece = piece;
    n->priority = priority;
    n->size = sizeOf(left) + piece.length + sizeOf(right);
    n->addBytes = addBytesOf(left) + (piece.isOriginal() ? 0 : piece.length) + addBytesOf(right);
    n->count = countOf(left) + 1 + countOf(right);
    n->left = std::move(left);
    n->right = std::move(right);
    return n;
}

NodeRef leaf(const Piece& piece) {
    return makeNode(piece, nextPriority(), nullptr, nullptr);
}

NodeRef join(const NodeRef& a, const NodeRef& b) {
    if (!a)
        return b;
    if (!b)
        return a;
    if (a->priority > b->priority)
        return makeNode(a->piece, a->priority, a->left, join(a->right, b));
    return makeNode(b->piece, b->priority, join(a, b->left), b->right);
}

std::pair<NodeRef, NodeRef> split(const NodeRef& n, std::uint64_t at) {
    if (!n || at == 0)
        return {nullptr, n};
    if (at >= n->size)
        return {n, nullptr};
    const std::uint64_t pieceStart = sizeOf(n->left);
    const std::uint64_t pieceEnd = pieceStart + n->piece.length;
    if (at <= pieceStart) {
        auto [a, b] = split(n->left, at);
        return {std::move(a), makeNode(n->piece, n->priority, std::move(b), n->right)};
    }
    if (at >= pieceEnd) {
        auto [a, b] = split(n->right, at - pieceEnd);
        return {makeNode(n->piece, n->priority, n->left, std::move(a)), std::move(b)};
    }
    // The piece straddles `at`: its head keeps the node's place (and priority); its tail is a
    // new piece with a priority of its own, so that cutting one piece again and again never
    // leaves many nodes of one priority (which would degrade the treap to a list).
    const auto [head, tail] = cut(n->piece, at - pieceStart);
    return {makeNode(head, n->priority, n->left, nullptr), join(leaf(tail), n->right)};
}

NodeRef build(const std::vector<Piece>& pieces) {
    NodeRef tree;
    for (const Piece& p : pieces)
        tree = join(tree, leaf(p));
    return tree;
}

void collect(const NodeRef& n, std::vector<Piece>& out) {
    auto all = [&](std::uint64_t, const Piece& p) {
        out.push_back(p);
        return true;
    };
    visitFrom(n.get(), 0, 0, all);
}

const Piece* firstPiece(const NodeRef& n) {
    const PieceNode* node = n.get();
    while (node && node->left)
        node = node->left.get();
    return node ? &node->piece : nullptr;
}

const Piece* lastPiece(const NodeRef& n) {
    const PieceNode* node = n.get();
    while (node && node->right)
        node = node->right.get();
    return node ? &node->piece : nullptr;
}

std::vector<Piece> piecesIn(const NodeRef& root, std::uint64_t from, std::uint64_t to) {
    std::vector<Piece> out;
    if (from >= to)
        return out;
    auto take = [&](std::uint64_t pieceStart, const Piece& p) {
        if (pieceStart >= to)
            return false;
        const std::uint64_t skip = from > pieceStart ? from - pieceStart : 0;
        const std::uint64_t end = std::min(p.length, to - pieceStart);
        out.push_back(cut(cut(p, skip).second, end - skip).first);
        return true;
    };
    visitFrom(root.get(), 0, from, take);
    return out;
}

std::uint64_t addBytesBefore(const NodeRef& root, std::uint64_t at) {
    std::uint64_t sum = 0;
    for (const PieceNode* n = root.get(); n;) {
        const std::uint64_t pieceStart = sizeOf(n->left);
        if (at <= pieceStart) {
            n = n->left.get();
            continue;
        }
        sum += addBytesOf(n->left);
        const std::uint64_t inPiece = std::min(at - pieceStart, n->piece.length);
        if (!n->piece.isOriginal())
            sum += inPiece;
        if (at - pieceStart <= n->piece.length)
            break;
        at -= pieceStart + n->piece.length;
        n = n->right.get();
    }
    return sum;
}

std::optional<OriginalAnchor> lastOriginalBy(const PieceNode* n, std::uint64_t base,
                                             std::uint64_t limit) {
    // A subtree of nothing but added bytes has no original piece: pruned at once, so that the
    // search is one descent plus, at most, one more.
    if (!n || n->size == n->addBytes)
        return std::nullopt;
    const std::uint64_t pieceStart = base + sizeOf(n->left);
    const std::uint64_t pieceEnd = pieceStart + n->piece.length;
    if (pieceEnd <= limit) {
        if (auto later = lastOriginalBy(n->right.get(), pieceEnd, limit))
            return later;
        if (n->piece.isOriginal())
            return OriginalAnchor{pieceEnd, n->piece.start + n->piece.length};
    }
    return lastOriginalBy(n->left.get(), base, limit);
}

} // namespace u8codec::detail
