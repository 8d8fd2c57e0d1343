// The plain model that the piece table (u8codec/piece_table.h) is held to, by tst_piece_table's
// randomised runs and by the fuzz target fuzz_piece_table: the document as a vector of bytes,
// each with the offset in the original it came from (or none, for a typed byte), and every query
// answered by brute force. PieceChecker applies one operation to both and compares. Standard C++
// only (the fuzz targets have no Qt).
#pragma once

#include "u8codec/piece_table.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace u8test {

struct ModelByte {
    std::uint8_t value = 0;
    std::int32_t original = -1; // offset in the original; -1 for a typed byte
    friend bool operator==(const ModelByte&, const ModelByte&) = default;
};

// What one step did to the model: the bytes `removed` at `offset` became `inserted`.
struct ModelChange {
    std::uint64_t offset = 0;
    std::vector<ModelByte> removed, inserted;
};

class PieceModel {
public:
    explicit PieceModel(std::vector<std::uint8_t> original) : original_(std::move(original)) {
        for (std::size_t i = 0; i < original_.size(); ++i)
            bytes.push_back({original_[i], std::int32_t(i)});
    }

    std::vector<ModelByte> bytes;

    std::uint64_t size() const { return bytes.size(); }
    std::vector<std::uint8_t> values(std::uint64_t from, std::uint64_t to) const {
        std::vector<std::uint8_t> out;
        for (std::uint64_t i = from; i < std::min<std::uint64_t>(to, size()); ++i)
            out.push_back(bytes[i].value);
        return out;
    }
    ModelChange replace(std::uint64_t offset, std::uint64_t length,
                        std::span<const std::uint8_t> with) {
        std::vector<ModelByte> typed;
        for (std::uint8_t b : with)
            typed.push_back({b, -1});
        return replaceWith(offset, length, std::move(typed));
    }
    bool isUnmodified() const {
        if (bytes.size() != original_.size())
            return false;
        for (std::size_t i = 0; i < bytes.size(); ++i)
            if (bytes[i].original != std::int32_t(i))
                return false;
        return true;
    }
    bool isOriginal(std::uint64_t offset, std::uint64_t length) const {
        const std::uint64_t to = std::min<std::uint64_t>(size(), offset + length);
        for (std::uint64_t i = offset; i < to; ++i)
            if (bytes[i].original < 0)
                return false;
        return true;
    }
    bool referencesOriginal() const {
        return std::any_of(bytes.begin(), bytes.end(),
                           [](const ModelByte& b) { return b.original >= 0; });
    }
    // Every pair of original bytes that are neighbours among the original bytes of the document:
    // where they are not neighbours in both the document and the original, what lies between is
    // an edited range (the ends count as original bytes at -1 and at the end of both).
    std::vector<u8codec::EditedRange> editedRanges(std::uint64_t from, std::uint64_t to) const {
        std::vector<u8codec::EditedRange> out;
        if (from > size() || to < from)
            return out;
        to = std::min(to, size());
        std::int64_t lastDocument = -1, lastOriginal = -1;
        for (std::size_t i = 0; i <= bytes.size(); ++i) {
            if (i < bytes.size() && bytes[i].original < 0)
                continue;
            const std::int64_t here = std::int64_t(i);
            const std::int64_t original =
                i < bytes.size() ? bytes[i].original : std::int64_t(original_.size());
            if (here - lastDocument > 1 || original - lastOriginal > 1) {
                const u8codec::EditedRange r{
                    std::uint64_t(lastDocument + 1), std::uint64_t(here - lastDocument - 1),
                    std::uint64_t(lastOriginal + 1), std::uint64_t(original - lastOriginal - 1)};
                const bool overlaps = r.length > 0
                                          ? from < to && r.offset < to && r.offset + r.length > from
                                          : r.offset >= from && r.offset <= to;
                if (overlaps)
                    out.push_back(r);
            }
            lastDocument = here;
            lastOriginal = original;
        }
        return out;
    }
    ModelChange revert(std::uint64_t from, std::uint64_t to) {
        const auto ranges = editedRanges(from, to);
        if (ranges.empty())
            return {from, {}, {}};
        std::vector<ModelByte> restored;
        const std::uint64_t originalEnd =
            ranges.back().originalOffset + ranges.back().originalLength;
        for (std::uint64_t o = ranges.front().originalOffset; o < originalEnd; ++o)
            restored.push_back({original_[o], std::int32_t(o)});
        return replaceWith(ranges.front().offset,
                           ranges.back().offset + ranges.back().length - ranges.front().offset,
                           std::move(restored));
    }
    ModelChange replaceWith(std::uint64_t offset, std::uint64_t length,
                            std::vector<ModelByte> with) {
        const auto at = bytes.begin() + std::ptrdiff_t(offset);
        ModelChange change{offset, {at, at + std::ptrdiff_t(length)}, std::move(with)};
        bytes.erase(at, at + std::ptrdiff_t(length));
        bytes.insert(bytes.begin() + std::ptrdiff_t(offset), change.inserted.begin(),
                     change.inserted.end());
        return change;
    }
    void undo(const ModelChange& c) { replaceWith(c.offset, c.inserted.size(), c.removed); }
    void redo(const ModelChange& c) { replaceWith(c.offset, c.removed.size(), c.inserted); }

private:
    std::vector<std::uint8_t> original_;
};

// One step of a script: offsets and lengths are taken modulo what the document allows, so that
// any numbers make a valid step.
struct PieceOp {
    enum Kind {
        Insert,
        Erase,
        Replace,
        Type,      // one byte at `a`, merged with the typing just before it when it continues it
        Overwrite, // likewise, overwriting one byte
        Backspace, // likewise, erasing the byte before `a`
        Revert,
        Undo,
        Redo,
        Read,     // [a, a + b): bytes, isOriginal, editedRanges
        Snapshot, // kept, and compared again by checkAll()
        Kinds
    };
    Kind kind = Insert;
    std::uint64_t a = 0, b = 0;
    std::vector<std::uint8_t> bytes;
};

class PieceChecker {
public:
    // `source` holds `original`'s bytes (a MemorySource, or a file's).
    PieceChecker(std::shared_ptr<const u8codec::ByteSource> source,
                 std::vector<std::uint8_t> original)
        : table_(std::move(source)), model_(std::move(original)) {}

    const u8codec::PieceTable& table() const { return table_; }
    const PieceModel& model() const { return model_; }

    // Applies `op` to the table and the model; empty when they still agree, otherwise what
    // differs.
    std::string apply(const PieceOp& op);
    // Every query over the whole document, the layout's canonical form, and every snapshot.
    std::string checkAll() const;

private:
    enum class Run { None, Type, Overwrite, Backspace };
    struct Step {
        u8codec::Edit edit;
        ModelChange change;
        Run run = Run::None;
    };
    static constexpr std::size_t kDepth = 200;   // undo steps kept (the oldest are dropped)
    static constexpr std::size_t kSnapshots = 6; // snapshots kept

    void push(u8codec::Edit edit, ModelChange change, Run run);
    std::string typing(const PieceOp& op, Run run);
    std::string compareRange(std::uint64_t from, std::uint64_t to) const;

    u8codec::PieceTable table_;
    PieceModel model_;
    std::vector<Step> done_, undone_;
    std::vector<std::pair<std::shared_ptr<const u8codec::PieceSnapshot>, std::vector<std::uint8_t>>>
        snapshots_;
};

// The edit a table made, into `edit`; a refusal of offsets the checker keeps within the document
// is a failure of the table's, given as the message.
inline std::string madeEdit(u8codec::Result<u8codec::Edit> made, u8codec::Edit& edit) {
    if (!made)
        return "the table refused an edit within the document: " + made.message();
    edit = std::move(*made);
    return {};
}

inline void PieceChecker::push(u8codec::Edit edit, ModelChange change, Run run) {
    undone_.clear();
    if (done_.size() == kDepth)
        done_.erase(done_.begin());
    done_.push_back({std::move(edit), std::move(change), run});
}

// Typing: one byte at a time at a cursor; a step that continues the run just before it must be
// merged into it (and one that does not, refused).
inline std::string PieceChecker::typing(const PieceOp& op, Run run) {
    const std::uint64_t size = model_.size();
    std::uint64_t at = op.a % (size + 1);
    const std::uint8_t byte = op.bytes.empty() ? std::uint8_t(op.a) : op.bytes[0];
    u8codec::Edit edit;
    ModelChange change;
    std::string failure;
    if (run == Run::Type) {
        failure = madeEdit(table_.insert(at, {&byte, 1}), edit);
        change = model_.replace(at, 0, {&byte, 1});
    } else if (run == Run::Overwrite) {
        if (at == size)
            return {};
        failure = madeEdit(table_.replace(at, 1, {&byte, 1}), edit);
        change = model_.replace(at, 1, {&byte, 1});
    } else {
        if (at == 0)
            return {};
        failure = madeEdit(table_.erase(--at, 1), edit);
        change = model_.replace(at, 1, {});
    }
    if (!failure.empty())
        return failure;
    if (!done_.empty() && undone_.empty() && done_.back().run == run) {
        const u8codec::Edit& last = done_.back().edit;
        // Backspace continues a run of erasures backwards; Delete (the same offset again)
        // forwards.
        const bool forwards = at == last.offset() + last.insertedLength();
        const bool backwards = run == Run::Backspace && at + 1 == last.offset();
        // Overwriting a byte the run put in again (a byte's second hex digit) rewrites it.
        const bool rewrite = run == Run::Overwrite && at >= last.offset() &&
                             at < last.offset() + last.insertedLength();
        u8codec::Edit merged = last;
        if (merged.mergeWith(edit) != (forwards || backwards || rewrite))
            return "mergeWith disagrees on whether a typed byte continues the run";
        if (forwards || backwards || rewrite) {
            // One step from before the run to now: this byte's change joins the run's.
            Step& step = done_.back();
            ModelChange& whole = step.change;
            if (rewrite) {
                whole.inserted[std::size_t(at - whole.offset)] = change.inserted.front();
            } else if (forwards) {
                whole.removed.insert(whole.removed.end(), change.removed.begin(),
                                     change.removed.end());
                whole.inserted.insert(whole.inserted.end(), change.inserted.begin(),
                                      change.inserted.end());
            } else {
                whole.removed.insert(whole.removed.begin(), change.removed.begin(),
                                     change.removed.end());
                whole.offset = change.offset;
            }
            step.edit = std::move(merged);
            return {};
        }
    }
    push(std::move(edit), std::move(change), run);
    return {};
}

inline std::string PieceChecker::apply(const PieceOp& op) {
    const std::uint64_t size = model_.size();
    const std::uint64_t offset = op.a % (size + 1);
    const std::uint64_t length = op.b % (size - offset + 1);
    std::string failure;
    switch (op.kind) {
    case PieceOp::Insert:
    case PieceOp::Erase:
    case PieceOp::Replace:
    case PieceOp::Revert: {
        u8codec::Edit edit;
        ModelChange change;
        if (op.kind == PieceOp::Insert) {
            failure = madeEdit(table_.insert(offset, op.bytes), edit);
            change = model_.replace(offset, 0, op.bytes);
        } else if (op.kind == PieceOp::Erase) {
            failure = madeEdit(table_.erase(offset, length), edit);
            change = model_.replace(offset, length, {});
        } else if (op.kind == PieceOp::Replace) {
            failure = madeEdit(table_.replace(offset, length, op.bytes), edit);
            change = model_.replace(offset, length, op.bytes);
        } else {
            failure = madeEdit(table_.revert(offset, offset + length), edit);
            change = model_.revert(offset, offset + length);
        }
        if (!failure.empty())
            return failure;
        if (edit.changes() != (!change.removed.empty() || !change.inserted.empty()))
            return "Edit::changes differs from the model's";
        if (edit.changes())
            push(std::move(edit), std::move(change), Run::None);
        break;
    }
    case PieceOp::Type:
        failure = typing(op, Run::Type);
        break;
    case PieceOp::Overwrite:
        failure = typing(op, Run::Overwrite);
        break;
    case PieceOp::Backspace:
        failure = typing(op, Run::Backspace);
        break;
    case PieceOp::Undo:
        if (!done_.empty()) {
            Step step = std::move(done_.back());
            done_.pop_back();
            if (!table_.undo(step.edit))
                return "undo refused the last edit";
            model_.undo(step.change);
            undone_.push_back(std::move(step));
        }
        break;
    case PieceOp::Redo:
        if (!undone_.empty()) {
            Step step = std::move(undone_.back());
            undone_.pop_back();
            if (!table_.redo(step.edit))
                return "redo refused the last undone edit";
            model_.redo(step.change);
            done_.push_back(std::move(step));
        }
        break;
    case PieceOp::Read:
        return compareRange(offset, offset + op.b % 300);
    case PieceOp::Snapshot:
        if (snapshots_.size() == kSnapshots)
            snapshots_.erase(snapshots_.begin());
        snapshots_.emplace_back(table_.snapshot(), model_.values(0, model_.size()));
        break;
    case PieceOp::Kinds:
        break;
    }
    if (!failure.empty())
        return failure;
    if (table_.size() != model_.size())
        return "size differs from the model's";
    if (table_.isUnmodified() != model_.isUnmodified())
        return "isUnmodified differs from the model's";
    return {};
}

inline std::string PieceChecker::compareRange(std::uint64_t from, std::uint64_t to) const {
    std::vector<std::uint8_t> got(to - from, 0xEE);
    got.resize(table_.read(from, got));
    const std::string where = " [" + std::to_string(from) + ", " + std::to_string(to) + ")";
    if (got != model_.values(from, to))
        return "bytes read differ from the model's" + where;
    if (table_.isOriginal(from, to - from) != model_.isOriginal(from, to - from))
        return "isOriginal differs from the model's" + where;
    if (table_.editedRanges(from, to) != model_.editedRanges(from, to))
        return "editedRanges differ from the model's" + where;
    return {};
}

inline std::string PieceChecker::checkAll() const {
    if (std::string failure = compareRange(0, model_.size()); !failure.empty())
        return failure;
    if (table_.referencesOriginal() != model_.referencesOriginal())
        return "referencesOriginal differs from the model's";
    // Canonical: no empty piece, no neighbours that continue each other; each piece's bytes
    // come from where it says.
    const std::vector<u8codec::Piece> pieces = table_.pieces();
    if (pieces.size() != table_.pieceCount())
        return "pieceCount differs from the pieces listed";
    std::uint64_t at = 0;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const u8codec::Piece& p = pieces[i];
        if (p.length == 0)
            return "an empty piece";
        if (i > 0) {
            const u8codec::Piece& q = pieces[i - 1];
            if (q.isOriginal() == p.isOriginal() &&
                (p.isOriginal() ? q.start + q.length == p.start : q.added + q.length == p.added))
                return "two pieces that continue each other (the layout is not canonical)";
        }
        for (std::uint64_t k = 0; k < p.length; ++k) {
            const ModelByte& m = model_.bytes[at + k];
            if (p.isOriginal() ? m.original != std::int32_t(p.start + k)
                               : m.original >= 0 || m.value != p.added[k])
                return "a piece's bytes are not from where it says";
        }
        at += p.length;
    }
    for (const auto& [snapshot, bytes] : snapshots_) {
        std::vector<std::uint8_t> got(bytes.size() + 1);
        got.resize(snapshot->read(0, got));
        if (snapshot->size() != bytes.size() || got != bytes)
            return "a snapshot's bytes changed after later edits";
    }
    return {};
}

} // namespace u8test
