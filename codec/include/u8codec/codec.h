// u8codec: the UTF-8 codec library of u8scope. Standard C++20 only; no Qt.
//
// Vocabulary (see each header):
//   byte_class.h     ByteClass: what a byte can be, context-free (the code-page table)
//   segment.h        Segment, ErrorKind, ByteRole: characters and maximal-subpart errors
//   segmenter.h      Segmenter: the exact incremental state machine (Unicode chapter 3)
//   local_segments.h segments of a window of a stream from a bounded neighbourhood
//   problem.h        Problem, ProblemScanner, explain(): errors as a person reads them
//   decoder.h        Decoder, ErrorPolicy: ill-formed bytes to well-formed UTF-8
//   encoder.h        encode(), BitLayout: RFC 3629 section 3 step by step
//   scan.h           Scanner, ScanSummary: whole-stream counts
//   byte_source.h    ByteSource, FileSource, MemorySource: reading without copying
//   aligned_buffer.h AlignedBuffer, kReadChunkSize: page-aligned storage that reads fill
//
// Errors are values at this boundary: no function of this library throws on bad input.
#pragma once

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_class.h"
#include "u8codec/byte_source.h"
#include "u8codec/decoder.h"
#include "u8codec/encoder.h"
#include "u8codec/local_segments.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segment.h"
#include "u8codec/segmenter.h"
