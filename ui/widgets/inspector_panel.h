// The inspector: everything about the character or error segment at the cursor. For a character:
// its bit layout (BitLayoutWidget), U+XXXX, the Unicode name, general category and block (ICU),
// its UTF-8, UTF-16 and UTF-32 forms and escapes. For an error segment: the kind of problem, the
// codec's plain-language explanation (u8codec::explain of the Problem covering the offset, found
// from a bounded neighbourhood by u8codec::problemAt) and the bytes. When the document's audit
// reports the character (setAuditReport): what it found and why, in the Suspicious look, and for
// a look-alike the ASCII it is drawn like. When the cursor's line holds bidirectional controls:
// that line as a reader sees it above the order a compiler reads (ReadingOrderView). Below: the
// bytes at the cursor read as numbers (NumberPanel). Every value is selectable.
#pragma once

#include "audit_report.h"
#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"
#include "u8convert/graphemes.h"

#include <QPointer>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

class QFormLayout;
class QLabel;
class QScrollArea;

namespace u8ui {

class BitLayoutWidget;
class NumberPanel;
class ByteDocument;
class ByteSelection;
class ReadingOrderView;

class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    // Follows a document and its cursor: shows the segment under the cursor whenever either
    // changes. Either may be null to stop following.
    void attach(ByteDocument* document, ByteSelection* selection);

    // Shows the segment that contains `offset` in `source` (u8codec::segmentAt), and for an
    // error the problem covering it. Reads only a few hundred bytes around the offset. An offset
    // past the end clears the panel.
    void setDocumentAndOffset(const u8codec::ByteSource& source, quint64 offset);
    // Shows a segment whose bytes the caller already has. For an error segment the problem is
    // found from these bytes alone (prefer setDocumentAndOffset, which sees the neighbours).
    void setSegment(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes);
    // Shows nothing but `message` ("No file open").
    void clear(const QString& message = {});
    // The audit of the document followed (null: none yet), for the findings at the cursor.
    void setAuditReport(std::shared_ptr<const u8doc::AuditReport> audit);

    // What is shown, as text (tests, accessibility): the title, then "Label: value" lines.
    QString titleText() const;
    QString detailsText() const;
    // The value shown for a field label ("Name", "UTF-16", "Explanation"...), or empty.
    QString field(const QString& label) const;
    BitLayoutWidget* bitLayout() const { return bitLayout_; }
    // The bytes at the cursor read as numbers, below the character.
    NumberPanel* numbers() const { return numbers_; }
    // What the audit says about the character shown, as text: per finding its kind's title, its
    // explanation and, for a look-alike, "Н U+041D CYRILLIC CAPITAL LETTER EN looks like H
    // U+0048"; empty when it reports nothing there.
    QString findingText() const { return findingText_; }
    // The line at the cursor in reading and logical order; hidden unless that line holds a
    // bidirectional control.
    ReadingOrderView* readingOrder() const { return readingOrder_; }
    bool showsReadingOrder() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void showCharacter(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes);
    void showError(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes,
                   const std::optional<u8codec::Problem>& problem);
    void addField(const QString& label, const QString& value, bool wrap = false);
    void resetFields();
    void followCursor();
    void showAudit(const u8codec::ByteSource& source, quint64 offset);
    void showCluster(const u8codec::ByteSource& source, quint64 offset);
    void hideAudit();
    void styleFinding();

    QLabel* glyph_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* subtitle_ = nullptr;
    BitLayoutWidget* bitLayout_ = nullptr;
    QFormLayout* form_ = nullptr;
    NumberPanel* numbers_ = nullptr;
    QLabel* finding_ = nullptr;
    QLabel* readingTitle_ = nullptr;
    QScrollArea* readingScroll_ = nullptr;
    ReadingOrderView* readingOrder_ = nullptr;
    std::shared_ptr<const u8doc::AuditReport> audit_;
    QString findingText_;
    QPointer<ByteDocument> document_;
    QPointer<ByteSelection> selection_;
    std::optional<u8codec::ErrorKind> shownError_; // to recolour the title on palette changes
    std::unique_ptr<u8convert::GraphemeBreaks> clusterBreaks_;
};

} // namespace u8ui
