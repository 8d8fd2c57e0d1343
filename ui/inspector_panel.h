// The inspector: everything about the character or error segment at the cursor. For a character:
// its bit layout (BitLayoutWidget), U+XXXX, the Unicode name, general category and block (ICU),
// its UTF-8, UTF-16 and UTF-32 forms and escapes. For an error segment: the kind of problem, the
// codec's plain-language explanation (u8codec::explain of the Problem covering the offset, found
// from a bounded neighbourhood by u8codec::problemAt) and the bytes. Every value is selectable.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"

#include <QPointer>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <span>

class QFormLayout;
class QLabel;

namespace u8ui {

class BitLayoutWidget;
class ByteDocument;
class ByteSelection;

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

    // What is shown, as text (tests, accessibility): the title, then "Label: value" lines.
    QString titleText() const;
    QString detailsText() const;
    // The value shown for a field label ("Name", "UTF-16", "Explanation"...), or empty.
    QString field(const QString& label) const;
    BitLayoutWidget* bitLayout() const { return bitLayout_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void showCharacter(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes);
    void showError(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes,
                   const std::optional<u8codec::Problem>& problem);
    void addField(const QString& label, const QString& value, bool wrap = false);
    void resetFields();
    void followCursor();

    QLabel* glyph_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* subtitle_ = nullptr;
    BitLayoutWidget* bitLayout_ = nullptr;
    QFormLayout* form_ = nullptr;
    QPointer<ByteDocument> document_;
    QPointer<ByteSelection> selection_;
    std::optional<u8codec::ErrorKind> shownError_; // to recolour the title on palette changes
};

} // namespace u8ui
