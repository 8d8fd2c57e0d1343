// Start-up timestamps for tests/bench/gui/startup.py: when U8SCOPE_STARTUP_T0 holds the wall-clock
// time (nanoseconds since the epoch) at which the program was launched, the window writes to
// stderr how long after it each step of its start-up ended, the last being its first paint (and,
// with --compare, "compared" when the comparison's list is filled).
// Without the variable nothing is measured or written.
#pragma once

class QWidget;

namespace u8app::StartupTrace {

// Writes "u8scope startup: STEP MS" (milliseconds since the launch) when tracing.
void mark(const char* step);

// Marks "first-paint" once the first paint of `window` has been drawn.
void markFirstPaint(QWidget* window);

} // namespace u8app::StartupTrace
