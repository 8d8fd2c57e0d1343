// The document's history without a window: the undo stack's order, merging and texts, and
// DocumentHistory's steps over a piece table (keystrokes as one run, Replace All as one step, a
// repair's replacement, modified and back).
#include "byte_document.h"
#include "document_fixture.h"
#include "document_history.h"
#include "undo_stack.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// A step that appends its letter to a log when done and removes it when undone; steps of id 1
// merge (their letters join).
class LetterStep final : public u8doc::UndoStep {
public:
    LetterStep(QString* log, QString letters, int id)
        : UndoStep(QStringLiteral("Step ") + letters), log_(log), letters_(std::move(letters)),
          id_(id) {}
    int id() const override { return id_; }
    bool mergeWith(const UndoStep* next) override {
        letters_ += static_cast<const LetterStep*>(next)->letters_;
        return true;
    }
    void redo() override { log_->append(letters_.back()); }
    void undo() override { log_->chop(letters_.size()); }

private:
    QString* log_;
    QString letters_;
    int id_;
};

std::unique_ptr<u8doc::UndoStep> step(QString* log, const QString& letter, int id = -1) {
    return std::make_unique<LetterStep>(log, letter, id);
}

} // namespace

class TestHistory : public QObject {
    Q_OBJECT

private slots:
    void stackUndoesAndRedoesInOrder() {
        QString log;
        u8doc::UndoStack stack;
        QSignalSpy canUndo(&stack, &u8doc::UndoStack::canUndoChanged);
        QVERIFY(!stack.canUndo());
        QCOMPARE(stack.undoText(), QString());
        stack.push(step(&log, QStringLiteral("a")));
        stack.push(step(&log, QStringLiteral("b")));
        QCOMPARE(log, QStringLiteral("ab")); // pushing does the step
        QCOMPARE(stack.count(), 2);
        QCOMPARE(stack.undoText(), QStringLiteral("Step b"));
        QVERIFY(!canUndo.isEmpty() && canUndo.last().first().toBool());
        stack.undo();
        QCOMPARE(log, QStringLiteral("a"));
        QCOMPARE(stack.redoText(), QStringLiteral("Step b"));
        QVERIFY(stack.canRedo());
        stack.redo();
        QCOMPARE(log, QStringLiteral("ab"));
        QVERIFY(!stack.canRedo());
        stack.undo();
        stack.undo();
        QCOMPARE(log, QString());
        QVERIFY(!stack.canUndo());
        stack.undo(); // nothing left: no step runs
        QCOMPARE(log, QString());
        QVERIFY(!canUndo.last().first().toBool());
    }

    // A new step drops the steps undone; steps of one id merge into one, of id -1 never.
    void pushDropsRedoAndMerges() {
        QString log;
        u8doc::UndoStack stack;
        stack.push(step(&log, QStringLiteral("a")));
        stack.push(step(&log, QStringLiteral("b")));
        stack.undo();
        stack.push(step(&log, QStringLiteral("c")));
        QCOMPARE(stack.count(), 2);
        QVERIFY(!stack.canRedo());
        QCOMPARE(log, QStringLiteral("ac"));
        stack.push(step(&log, QStringLiteral("x"), 1));
        stack.push(step(&log, QStringLiteral("y"), 1));
        QCOMPARE(stack.count(), 3); // x and y are one step
        QCOMPARE(stack.undoText(), QStringLiteral("Step x"));
        stack.push(step(&log, QStringLiteral("z")));
        QCOMPARE(stack.count(), 4);
        stack.undo();
        stack.undo();
        QCOMPARE(log, QStringLiteral("ac")); // one undo took x and y back
        stack.clear();
        QCOMPARE(stack.count(), 0);
        QVERIFY(!stack.canUndo() && !stack.canRedo());
    }

    // Keystrokes that follow on are one step; a moved cursor (breakTypingRun) starts another.
    void keystrokesAreOneRunUntilBroken() {
        u8ui::ByteDocument document;
        u8doc::DocumentHistory history(&document);
        history.open(bytesOf("abcdef"), QStringLiteral("t.txt"));
        QSignalSpy modified(&history, &u8doc::DocumentHistory::modifiedChanged);
        const auto type = [&](quint64 at, const char* byte) {
            const auto* b = reinterpret_cast<const std::uint8_t*>(byte);
            return history.edit(at, 1, std::span(b, 1), QStringLiteral("Typing"), true, at, at + 1);
        };
        QVERIFY(type(0, "A"));
        QVERIFY(type(1, "B"));
        QCOMPARE(contentOf(document), QByteArray("ABcdef"));
        QCOMPARE(history.undoStack()->count(), 1);
        QCOMPARE(modified.count(), 1);
        QVERIFY(history.isModified());
        history.breakTypingRun();
        QVERIFY(type(4, "E"));
        QCOMPARE(history.undoStack()->count(), 2);
        history.undoStack()->undo();
        QCOMPARE(contentOf(document), QByteArray("ABcdef"));
        history.undoStack()->undo();
        QCOMPARE(contentOf(document), QByteArray("abcdef"));
        QVERIFY(!history.isModified()); // undone to the bytes opened
        QVERIFY(!type(6, "X"));         // past the end: refused, nothing changes
        QCOMPARE(history.undoStack()->count(), 2);
    }

    // Replace All is one step whatever the number of splices; a repair replaces the whole
    // document and its undo brings back the table before, edits and all.
    void severalSplicesAndAReplacementAreOneStepEach() {
        u8ui::ByteDocument document;
        u8doc::DocumentHistory history(&document);
        history.open(bytesOf("a-a-a"), QStringLiteral("t.txt"));
        QSignalSpy spliced(&history, &u8doc::DocumentHistory::spliced);
        std::vector<u8doc::DocumentHistory::Splice> splices;
        for (quint64 at : {0, 2, 4})
            splices.push_back({at, 1, QByteArray("bb")});
        QVERIFY(history.editAll(splices, QStringLiteral("Replace All"), 0, 0));
        QCOMPARE(contentOf(document), QByteArray("bb-bb-bb"));
        QCOMPARE(spliced.count(), 3);
        QCOMPARE(history.undoStack()->undoText(), QStringLiteral("Replace All"));
        history.replaceContent(QStringLiteral("Fix"), bytesOf("fixed"));
        QCOMPARE(contentOf(document), QByteArray("fixed"));
        QCOMPARE(history.undoStack()->count(), 2);
        history.undoStack()->undo();
        QCOMPARE(contentOf(document), QByteArray("bb-bb-bb"));
        history.undoStack()->undo();
        QCOMPARE(contentOf(document), QByteArray("a-a-a"));
        QVERIFY(!history.isModified());
        history.undoStack()->redo();
        history.markSaved();
        QVERIFY(!history.isModified()); // saved: these bytes are the file's now
    }
};

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
