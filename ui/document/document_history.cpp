#include "document_history.h"

#include "byte_document.h"

#include <QDebug>

namespace u8doc {

namespace {
// The UndoStep::id() of keystrokes: only they may merge.
constexpr int kKeystrokeId = 0x7538; // "u8"
} // namespace

// A hand edit: the u8codec::Edit a table made. Undo and redo give it back to that table, which
// checks that the bytes are where the edit left them; no byte is copied.
class DocumentHistory::EditCommand final : public UndoStep {
public:
    EditCommand(DocumentHistory* history, std::shared_ptr<u8codec::PieceTable> table,
                u8codec::Edit edit, const QString& text, bool keystroke, quint64 cursorBefore,
                quint64 cursorAfter)
        : UndoStep(text), history_(history), table_(std::move(table)), edit_(std::move(edit)),
          run_(keystroke ? history->run_ : 0), keystroke_(keystroke), cursorBefore_(cursorBefore),
          cursorAfter_(cursorAfter) {}

    int id() const override { return keystroke_ ? kKeystrokeId : -1; }

    bool mergeWith(const UndoStep* other) override {
        const auto* next = static_cast<const EditCommand*>(other);
        if (next->table_ != table_ || next->run_ != run_ || !edit_.mergeWith(next->edit_))
            return false;
        cursorAfter_ = next->cursorAfter_;
        return true;
    }

    // The first redo() is the push: the table made the edit already.
    void redo() override {
        if (std::exchange(pushed_, false))
            return;
        const bool done = table_->redo(edit_);
        if (done)
            emit history_->spliced(edit_.offset(), edit_.removedLength(), edit_.insertedLength());
        apply(done, cursorAfter_);
    }
    void undo() override {
        const bool done = table_->undo(edit_);
        if (done) // the inverse splice: the bytes put in go, the ones taken out come back
            emit history_->spliced(edit_.offset(), edit_.insertedLength(), edit_.removedLength());
        apply(done, cursorBefore_);
    }

private:
    void apply(bool done, quint64 cursor) {
        history_->breakTypingRun(); // typing after an undo starts a step of its own
        if (!done) {
            // The stack keeps the order, so this would be a bug: say so, change nothing.
            qWarning("u8scope: an edit's bytes were not where it left them; undo/redo skipped");
            return;
        }
        history_->show(table_, edit_.offset());
        emit history_->cursorWanted(cursor);
    }

    DocumentHistory* history_;
    std::shared_ptr<u8codec::PieceTable> table_;
    u8codec::Edit edit_;
    quint64 run_;
    bool keystroke_;
    quint64 cursorBefore_, cursorAfter_;
    bool pushed_ = true;
};

// A repair or reinterpretation: a new table over the repaired bytes. Both tables stay alive in
// the command, so undo and redo are instant and never run the repair again; the table before
// keeps its edits, and the steps under this one still find them.
class DocumentHistory::ReplaceCommand final : public UndoStep {
public:
    ReplaceCommand(DocumentHistory* history, const QString& text,
                   std::shared_ptr<const u8codec::ByteSource> after)
        : UndoStep(text), history_(history), before_(history->table_),
          after_(std::make_shared<u8codec::PieceTable>(std::move(after))) {}

    void redo() override {
        history_->breakTypingRun();
        history_->show(after_);
    }
    void undo() override {
        history_->breakTypingRun();
        history_->show(before_);
    }

private:
    DocumentHistory* history_;
    std::shared_ptr<u8codec::PieceTable> before_, after_;
};

// Several hand edits as one step: the table's Edits, made from the last splice to the first so
// that each splice's offset still holds when it is made; undone in the reverse order.
class DocumentHistory::SpliceCommand final : public UndoStep {
public:
    SpliceCommand(DocumentHistory* history, std::shared_ptr<u8codec::PieceTable> table,
                  std::vector<u8codec::Edit> edits, const QString& text, quint64 cursorBefore,
                  quint64 cursorAfter)
        : UndoStep(text), history_(history), table_(std::move(table)), edits_(std::move(edits)),
          cursorBefore_(cursorBefore), cursorAfter_(cursorAfter) {}

    // The first redo() is the push: the table made the edits already.
    void redo() override {
        if (std::exchange(pushed_, false))
            return;
        bool done = true;
        for (const u8codec::Edit& edit : edits_) {
            const bool redone = table_->redo(edit);
            if (redone)
                emit history_->spliced(edit.offset(), edit.removedLength(), edit.insertedLength());
            done = redone && done;
        }
        apply(done, cursorAfter_);
    }
    void undo() override {
        bool done = true;
        for (auto edit = edits_.rbegin(); edit != edits_.rend(); ++edit) {
            const bool undone = table_->undo(*edit);
            if (undone)
                emit history_->spliced(edit->offset(), edit->insertedLength(),
                                       edit->removedLength());
            done = undone && done;
        }
        apply(done, cursorBefore_);
    }

private:
    void apply(bool done, quint64 cursor) {
        history_->breakTypingRun();
        if (!done)
            qWarning("u8scope: a step's bytes were not where it left them; undo/redo incomplete");
        // The last edit made is the first splice: nothing before it changed.
        history_->show(table_, edits_.back().offset());
        emit history_->cursorWanted(cursor);
    }

    DocumentHistory* history_;
    std::shared_ptr<u8codec::PieceTable> table_;
    std::vector<u8codec::Edit> edits_;
    quint64 cursorBefore_, cursorAfter_;
    bool pushed_ = true;
};

DocumentHistory::DocumentHistory(u8ui::ByteDocument* document, QObject* parent)
    : QObject(parent), document_(document), stack_(new UndoStack(this)) {}

// The commands refer to this object: they go first.
DocumentHistory::~DocumentHistory() {
    stack_->clear();
}

void DocumentHistory::open(std::shared_ptr<const u8codec::ByteSource> original,
                           const QString& name) {
    stack_->clear();
    breakTypingRun();
    base_ = original ? std::make_shared<u8codec::PieceTable>(std::move(original)) : nullptr;
    table_ = base_;
    savedFrom_.reset();
    savedLayout_.clear();
    document_->setSource(table_ ? table_->snapshot() : nullptr, name);
    updateModified();
}

bool DocumentHistory::edit(quint64 offset, quint64 length, std::span<const std::uint8_t> bytes,
                           const QString& description, bool keystroke, quint64 cursorBefore,
                           quint64 cursorAfter) {
    if (!table_ || offset > table_->size() || length > table_->size() - offset)
        return false;
    u8codec::Edit edit = table_->replace(offset, length, bytes).value();
    if (!edit.changes())
        return false;
    emit spliced(edit.offset(), edit.removedLength(), edit.insertedLength());
    show(table_, offset);
    stack_->push(std::make_unique<EditCommand>(this, table_, std::move(edit), description,
                                               keystroke, cursorBefore, cursorAfter));
    return true;
}

bool DocumentHistory::editAll(const std::vector<Splice>& splices, const QString& description,
                              quint64 cursorBefore, quint64 cursorAfter) {
    if (!table_ || splices.empty())
        return false;
    quint64 end = 0; // where the splice before ends
    for (const Splice& s : splices) {
        if (s.offset < end || s.offset > table_->size() || s.length > table_->size() - s.offset)
            return false;
        end = s.offset + s.length;
    }
    std::vector<u8codec::Edit> edits;
    for (auto s = splices.rbegin(); s != splices.rend(); ++s) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(s->bytes.constData());
        u8codec::Edit edit =
            table_->replace(s->offset, s->length, std::span(bytes, std::size_t(s->bytes.size())))
                .value();
        if (edit.changes()) {
            emit spliced(edit.offset(), edit.removedLength(), edit.insertedLength());
            edits.push_back(std::move(edit));
        }
    }
    if (edits.empty())
        return false;
    show(table_, edits.back().offset());
    stack_->push(std::make_unique<SpliceCommand>(this, table_, std::move(edits), description,
                                                 cursorBefore, cursorAfter));
    return true;
}

bool DocumentHistory::revert(quint64 from, quint64 to, const QString& description) {
    if (!table_ || from > to || to > table_->size())
        return false;
    u8codec::Edit edit = table_->revert(from, to).value();
    if (!edit.changes())
        return false;
    const quint64 at = edit.offset();
    emit spliced(at, edit.removedLength(), edit.insertedLength());
    show(table_, at);
    stack_->push(
        std::make_unique<EditCommand>(this, table_, std::move(edit), description, false, at, at));
    return true;
}

void DocumentHistory::replaceContent(const QString& description,
                                     std::shared_ptr<const u8codec::ByteSource> bytes) {
    stack_->push(std::make_unique<ReplaceCommand>(this, description, std::move(bytes)));
}

void DocumentHistory::show(std::shared_ptr<u8codec::PieceTable> table,
                           std::optional<quint64> editedFrom) {
    table_ = shownFor(std::move(table));
    document_->setSource(table_ ? table_->snapshot() : nullptr, document_->displayName(),
                         editedFrom ? u8ui::ByteDocument::Change::Edited
                                    : u8ui::ByteDocument::Change::Replaced,
                         editedFrom.value_or(0));
    updateModified();
}

void DocumentHistory::markSaved() {
    if (std::exchange(modified_, false))
        emit modifiedChanged(false);
}

bool DocumentHistory::adoptSavedFile(std::shared_ptr<const u8codec::ByteSource> file,
                                     const QString& name) {
    if (!table_ || !file || modified_ || file->size() != table_->size())
        return false;
    breakTypingRun(); // typing after the save is a step of its own
    if (table_ != base_ || !table_->isUnmodified()) {
        savedFrom_ = table_;
        savedLayout_ = table_->pieces();
    }
    base_ = std::make_shared<u8codec::PieceTable>(std::move(file));
    table_ = base_;
    document_->setSource(table_->snapshot(), name, u8ui::ByteDocument::Change::Saved);
    updateModified();
    return true;
}

std::shared_ptr<u8codec::PieceTable>
DocumentHistory::shownFor(std::shared_ptr<u8codec::PieceTable> table) const {
    // Sizes and piece counts first: the layout is compared only when they match.
    if (table && table == savedFrom_ && table->size() == base_->size() &&
        table->pieceCount() == savedLayout_.size() && table->pieces() == savedLayout_)
        return base_;
    return table;
}

void DocumentHistory::updateModified() {
    // The layout is canonical, so "the opened bytes, piece for piece" is exact (piece_table.h).
    const bool modified = table_ && !(table_ == base_ && table_->isUnmodified());
    if (modified != modified_) {
        modified_ = modified;
        emit modifiedChanged(modified);
    }
}

} // namespace u8doc
