// What an operation on the document will change, shown before it is applied: what will change,
// the first changes before and after, the new size. Nothing changes until the user accepts.
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>

class QLabel;
class QTreeWidget;

namespace u8app {

class ChangeTree;

struct ChangePreview {
    struct Change {
        quint64 offset = 0;
        QByteArray before;    // bytes replaced (may be ill-formed)
        QByteArray after;     // what replaces them (UTF-8)
        QString detail;       // why
        int kind = -1;        // a repair's change: its u8convert::RepairKind
        QString page{};       // a mojibake fix: the page it was first mis-decoded through
        QString confidence{}; // a mojibake fix: "high", "medium" or "low"
        int group = -1;       // the first change it is tied to (ticked and unticked together)
        quint64 line = 0;     // its 1-based line in the document, 0 when not known
    };
    struct Count {
        QString label;
        quint64 count = 0;
        int kind = -1;            // a repair's kind (u8convert::RepairKind)
        bool canLeaveOut = false; // the kind can be unticked
    };
    QString title;       // the action: "Fix mojibake"
    QList<Count> counts; // changes by kind, only kinds that occur
    quint64 totalChanges = 0;
    QList<Change> changes; // in order: every change when `selectable`, else the first few
    quint64 oldSize = 0, newSize = 0;
    QStringList notes; // things the user should know before applying
    // Whether single changes can be unticked (the list holds every change); when not, kinds and
    // pages still can (the repair then runs again without them) and `whyNotSelectable` says why.
    bool selectable = false;
    QString whyNotSelectable;
};

// What the user chose in the preview: by default (all empty) everything.
struct PreviewChoice {
    QSet<int> untickedChanges;  // indexes into ChangePreview::changes
    QSet<int> leftOutKinds;     // kinds unticked as a whole (u8convert::RepairKind)
    QSet<QString> leftOutPages; // mojibake pages unticked as a whole
    bool everything() const {
        return untickedChanges.isEmpty() && leftOutKinds.isEmpty() && leftOutPages.isEmpty();
    }
};

class ChangePreviewDialog : public QDialog {
    Q_OBJECT
public:
    ChangePreviewDialog(const ChangePreview& preview, QWidget* parent = nullptr);

    // What is ticked (everything unless the user unticked something).
    PreviewChoice choice() const;

    // "café", "[C0][AF]", "⟨CR⟩⟨LF⟩": bytes as a person can see them (controls by their
    // abbreviations, as the text pane draws them, in any font; ill-formed bytes in hex).
    static QString visible(const QByteArray& bytes);
    // A change's two sides as visible() shows them; when they would look alike (canonically
    // equivalent text, Unicode chapter 3.7: "é" and "e" + U+0301), each is followed by its code
    // points: "é ⟨U+00E9⟩" → "é ⟨U+0065 U+0301⟩".
    static std::pair<QString, QString> visiblePair(const QByteArray& before,
                                                   const QByteArray& after);

private:
    // The headline and the counts for what is ticked now: unticked changes are neither counted
    // nor in the new size.
    void updateSummary();

    const ChangePreview& preview_;
    QLabel* headline_ = nullptr;
    QTreeWidget* counts_ = nullptr;
    ChangeTree* tree_ = nullptr;
};

} // namespace u8app
