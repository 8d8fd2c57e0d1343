// The names of the temporary files this library has on disk, told to the program that uses it.
// A temporary output file (atomic_output.h) usually has no name at all until the moment before
// its rename (O_TMPFILE), but it has one while it is named, and for its whole life where the
// file system has no O_TMPFILE. Whether such a file should be removed when the process is
// interrupted, and how (a signal handler, a handler of the program's own), is the program's
// decision, not the library's: a library that installed process-wide signal handlers would take
// them from the program (the window, a Python interpreter) and do so from whatever thread wrote
// a file. So the library only reports each name as it appears and goes; with no registry given
// (the default), it reports nothing and installs nothing. temp_files_on_signal.h is the registry
// the programs u8scope-cli and u8scope install.
#pragma once

#include <string>

namespace u8io {

class TempFileRegistry {
public:
    virtual ~TempFileRegistry() = default;
    // `path` names a temporary file of the library's now, to be removed if the process ends
    // before removed(path). Called from any thread that writes a file.
    virtual void added(const std::string& path) noexcept = 0;
    // `path` no longer names one: it was renamed into place or removed.
    virtual void removed(const std::string& path) noexcept = 0;
};

// Makes `registry` (null: none) the one told from now on; it must outlive every output that
// is written after. Set once, by the program, before it writes any file.
void setTempFileRegistry(TempFileRegistry* registry) noexcept;

// For the library's writers: tell the registry, if there is one.
void registerTempFile(const std::string& path) noexcept;
void unregisterTempFile(const std::string& path) noexcept;

} // namespace u8io
