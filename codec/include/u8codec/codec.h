// u8codec: the UTF-8 codec library of u8scope. Standard C++20 only; no Qt, no ICU. This header
// includes every public header of the library (tests/codec/tst_umbrella.cpp holds it to that).
//
// Vocabulary (see each header):
//   byte_class.h       ByteClass: what a byte can be, context-free (the code-page table)
//   segment.h          Segment, ErrorKind, ByteRole: characters and maximal-subpart errors
//   segmenter.h        Segmenter: the exact incremental state machine (Unicode chapter 3)
//   local_segments.h   segments of a window of a stream from a bounded neighbourhood
//   problem.h          Problem, ProblemScanner, explain(): errors as a person reads them
//   problem_locator.h  ProblemLocator: a problem's line and column, as a person counts them
//   controls.h         the C0 and C1 controls: pictures, abbreviations, names
//   decoder.h          Decoder, ErrorPolicy: ill-formed bytes to well-formed UTF-8
//   decode_steps.h     what a strict decoder does with some bytes, one byte at a time
//   encoder.h          encode(), BitLayout: RFC 3629 section 3 step by step
//   encode_steps.h     the steps of one code point's encoding, as a person follows them
//   scan.h             Scanner, ScanSummary: whole-stream counts
//   cpu_features.h     Isa, cpuRuns(): the instruction sets, detected once for every kernel
//   byte_source.h      ByteSource, FileSource, MemorySource: reading without copying
//   read_all.h         readAll(): a whole source into memory, with progress and cancel
//   aligned_buffer.h   AlignedBuffer, kReadChunkSize: page-aligned storage that reads fill
//   piece_table.h      PieceTable: editing a file of any size in place, with snapshots and undo
//   navigate.h         next/previous invalid sequence or non-ASCII character, in chunks
//   byte_search.h      a byte pattern found in a source of any size
//   json_string.h      text as a JSON string literal (RFC 8259 section 7)
//   result.h           Result<T>, Status, Error, ErrorCode: a value or why there is none
//
// Errors are values at this boundary: no function of this library throws (result.h; a range
// outside a PieceTable's document is an ErrorCode::OutOfRange result, not an exception).
#pragma once

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_class.h"
#include "u8codec/byte_search.h"
#include "u8codec/byte_source.h"
#include "u8codec/controls.h"
#include "u8codec/cpu_features.h"
#include "u8codec/decode_steps.h"
#include "u8codec/decoder.h"
#include "u8codec/encode_steps.h"
#include "u8codec/encoder.h"
#include "u8codec/json_string.h"
#include "u8codec/local_segments.h"
#include "u8codec/navigate.h"
#include "u8codec/piece_table.h"
#include "u8codec/problem.h"
#include "u8codec/problem_locator.h"
#include "u8codec/read_all.h"
#include "u8codec/result.h"
#include "u8codec/scan.h"
#include "u8codec/segment.h"
#include "u8codec/segmenter.h"
