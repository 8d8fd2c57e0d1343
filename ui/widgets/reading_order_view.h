// The line at the cursor as a reader sees it above the order in which a compiler reads it: the
// Unicode Bidirectional Algorithm applied (u8convert::readingOrder, UAX #9) in the first row, the
// characters as their bytes come in the second, one cell per character in both, the
// bidirectional controls drawn as markers ("RLO", "PDI") and the characters the audit reports in
// the Suspicious look. The cell of the cursor's character is framed in both rows, so that a
// person can follow a character from one order to the other. A Trojan Source line
// (CVE-2021-42574) reads differently in the two rows; that difference is the attack.
//
// The line is read from a bounded neighbourhood of the cursor (kReach bytes each way), so a
// file without line feeds costs no more than a short one; a line cut there is marked with "…".
#pragma once

#include "audit_report.h"
#include "role_palette.h"
#include "u8codec/byte_source.h"
#include "u8convert/reading_order.h"

#include <QWidget>
#include <optional>
#include <vector>

namespace u8ui {

class ReadingOrderView : public QWidget {
    Q_OBJECT
public:
    static constexpr quint64 kReach = 2048;

    explicit ReadingOrderView(QWidget* parent = nullptr);

    // Shows the line of `source` that holds `offset`, marking the findings of `audit` (may be
    // null). Returns whether the line holds a bidirectional control (u8convert::isBidiControl);
    // when it holds none the view is left empty.
    bool showLineAt(const u8codec::ByteSource& source, quint64 offset,
                    const u8doc::AuditReport* audit);
    void clear();
    bool isEmpty() const { return line_.empty(); }

    // What the rows show, as text (tests, accessibility): the characters in display order and in
    // logical order, each control as its abbreviation in angle brackets ("⟨RLO⟩").
    QString readerText() const;
    QString logicalText() const;
    // For each cell of the first row, the index of its character in the line.
    std::vector<std::size_t> displayOrder() const;
    // The horizontal span of the cursor's cell in the first row (to scroll it into view).
    std::optional<std::pair<int, int>> cursorSpan() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    // Moved by a scroll area: the labels are painted where the visible part now begins.
    void moveEvent(QMoveEvent* event) override;

private:
    struct Char {
        char32_t cp = 0;
        quint64 offset = 0;
        bool control = false;    // a bidi control: drawn as a marker
        bool suspicious = false; // reported by the audit
        bool ownFinding = false; // reported on its own, not only as part of a run
        quint64 markStart = 0;   // where the audit's mark that holds it starts
    };
    // Whether the characters `a` and `b` (indexes in the line) lie in one mark of the audit.
    bool sameMark(std::size_t a, std::size_t b) const;
    // What a cell of the line draws: the character (mirrored in the first row where UAX #9 says
    // so), or a marker's abbreviation.
    QString cellText(const Char& c, char32_t shown) const;
    qreal cellWidth(const Char& c, char32_t shown) const;
    int labelWidth() const;
    // One row of cells at `y`; the reader's row underlines its right-to-left runs.
    void paintRow(QPainter& painter, int y,
                  const std::vector<std::pair<std::size_t, char32_t>>& cells, bool readerRow) const;
    std::vector<std::pair<std::size_t, char32_t>> readerCells() const;
    std::vector<std::pair<std::size_t, char32_t>> logicalCells() const;

    std::vector<Char> line_;
    u8convert::ReadingOrder order_;
    std::optional<std::size_t> cursor_; // index of the cursor's character
    bool cutBefore_ = false, cutAfter_ = false;
    RolePalette palette_;
};

} // namespace u8ui
