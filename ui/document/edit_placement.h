// Where typed or pasted bytes go, and what Delete and Backspace remove: one rule for the hex pane,
// the text pane and the Edit menu. The unit is a byte in the hex pane and a character in the text
// pane (a character's bytes, or a whole error segment: u8codec::segmentAt).
//
// - A selection of more than one unit is replaced, and is what Delete and Backspace remove.
// - Otherwise, in insert mode, the bytes go in before the cursor's unit; in overwrite mode they
//   replace as many units from the cursor as they hold (a typed "é" replaces one character
//   whatever its length), up to the end. At the end of the document they are appended.
// - Delete removes the cursor's unit, Backspace the unit before it; in either pane, an error that
//   Problems lists as one sequence of several segments (the overlong pair C0 AF) goes whole.
#pragma once

#include "byte_selection.h"
#include "document_editor.h"
#include "u8codec/byte_source.h"

#include <optional>
#include <span>

namespace u8doc {

enum class EditUnit { Byte, Character };

// The selected bytes, within the document (empty when the cursor is at the end).
u8ui::ByteRange selectedBytes(const u8codec::ByteSource& source,
                              const u8ui::ByteSelection& selection);
// Whether the selection holds more than the cursor's unit.
bool selectsSeveralUnits(const u8codec::ByteSource& source, const u8ui::ByteSelection& selection,
                         EditUnit unit);
// The first byte of the cursor's unit (the document's size when the cursor is at the end).
quint64 unitStart(const u8codec::ByteSource& source, quint64 cursor, EditUnit unit);

// The bytes that `bytes`, typed or pasted, replace: [start, end) of the document.
u8ui::ByteRange placeInput(const u8codec::ByteSource& source, const u8ui::ByteSelection& selection,
                           DocumentEditor::Mode mode, EditUnit unit,
                           std::span<const std::uint8_t> bytes);
// What Delete (forwards) or Backspace removes; nullopt when there is nothing there (Delete at
// the end, Backspace at the start).
std::optional<u8ui::ByteRange> deletionRange(const u8codec::ByteSource& source,
                                             const u8ui::ByteSelection& selection, EditUnit unit,
                                             bool backwards);

} // namespace u8doc
