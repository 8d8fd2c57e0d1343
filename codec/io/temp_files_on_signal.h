// For programs (never called by the library itself): temporary files removed when the process is
// interrupted. removeTempFilesOnSignals() installs handlers of SIGINT, SIGTERM, SIGHUP and SIGPIPE
// that remove every temporary file the library has named (temp_file_registry.h), then end the
// process by the same signal, as if there had been no handler (so a shell still sees "killed by
// SIGTERM"). A signal the process was started with ignored (nohup) stays ignored. u8scope-cli and
// the window call it from main(); the Python module does not (the interpreter owns its signals).
// SIGKILL and a crash are beyond any handler: that is what the unnamed temporary file (O_TMPFILE)
// is for.
#pragma once

namespace u8io {

// Installs the handlers and makes this program's registry the library's. Call once, from
// main(), before any file is written.
void removeTempFilesOnSignals();

// Removes every temporary file registered and not yet renamed or removed, for a process about
// to end without unwinding (out of memory). Async-signal-safe: allocates nothing.
void removeRegisteredTempFiles() noexcept;

} // namespace u8io
