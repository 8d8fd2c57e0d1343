// What the streamed repair keeps between its passes over a file (repair_stream.h): records
// written one after the other, read back in the same order as many times as the later passes
// need. A spool holds its records in memory up to a limit, then in a temporary file, so that a
// file damaged throughout (a fix every few words) is repaired in bounded memory too. The
// temporary file is created with mkstemp(3) (mode 0600: no one else can read what the text
// held) in $TMPDIR, else /tmp, and unlinked at once: it is gone when the spool is, and when the
// process dies. Library-internal.
#pragma once

#include "u8codec/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace u8convert::detail {

class Spool {
public:
    // `memoryLimit`: bytes kept in memory before the records move to a file in `directory`
    // (empty: $TMPDIR, else /tmp).
    Spool(std::size_t memoryLimit, std::string directory);
    ~Spool();
    Spool(const Spool&) = delete;
    Spool& operator=(const Spool&) = delete;

    // Appends a record. False with `error` ("temporary file in DIR: reason") when the file
    // cannot be made or written.
    [[nodiscard]] bool append(std::string_view record, u8codec::Error& error);

    // Reads the records back from the first, in order.
    class Reader {
    public:
        // The next record into `record`; false at the end or on an error (then `error` is set).
        [[nodiscard]] bool next(std::string& record, u8codec::Error& error);

    private:
        friend class Spool;
        explicit Reader(const Spool& spool) : spool_(spool) {}
        const Spool& spool_;
        std::uint64_t at_ = 0;
    };
    [[nodiscard]] Reader reader() const { return Reader(*this); }

    // Bytes held (in memory or in the file), and whether they are in a file.
    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] bool inFile() const { return fd_ >= 0; }

private:
    [[nodiscard]] bool moveToFile(u8codec::Error& error);
    [[nodiscard]] bool writeAt(std::uint64_t offset, std::string_view bytes, u8codec::Error& error);
    [[nodiscard]] bool readAt(std::uint64_t offset, char* into, std::size_t n,
                              u8codec::Error& error) const;

    std::size_t memoryLimit_;
    std::string directory_;
    std::string memory_; // the records, until they move to the file
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

} // namespace u8convert::detail
