// The streamed save of an edited document (u8io::saveSource): what is read back equals
// the plain model, to another file and onto the very file the pieces refer to; progress and
// cancel; the backup; an original that shrank fails with the reason; and a save killed outright
// (SIGKILL, in a child process) leaves the original as it was and no temporary file behind.
#include "codec_test_support.h"
#include "piece_model.h"
#include "save_source.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/piece_table.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using u8codec::PieceTable;
using Saving = u8codec::Result<u8io::Saved>;
using u8test::Bytes;

namespace {

Bytes randomBytes(std::size_t size, std::uint32_t seed) {
    u8test::Random rng(seed);
    Bytes out(size);
    for (auto& b : out)
        b = std::uint8_t(rng.bounded(256));
    return out;
}

// The file's bytes; empty when it cannot be read (compared with what it must hold).
Bytes readFile(const std::string& path) {
    return u8test::toBytes(u8test::readFile(path).value_or(std::string()));
}

std::shared_ptr<const u8codec::ByteSource> openFile(const std::string& path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok())
        return nullptr;
    return std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value());
}

// Random edits, some of them large, held to the model as they are made.
void edit(u8test::PieceChecker& checker, int steps, std::uint32_t seed) {
    u8test::Random rng(seed);
    for (int i = 0; i < steps; ++i) {
        u8test::PieceOp op;
        constexpr u8test::PieceOp::Kind kKinds[] = {u8test::PieceOp::Insert, u8test::PieceOp::Erase,
                                                    u8test::PieceOp::Replace,
                                                    u8test::PieceOp::Undo};
        op.kind = kKinds[rng.bounded(4)];
        op.a = rng.generate64();
        op.b = rng.bounded(10) == 0 ? rng.bounded(400000) : rng.bounded(100);
        op.bytes = randomBytes(rng.bounded(10) == 0 ? 300000 : rng.bounded(1, 50), rng.generate());
        const std::string failure = checker.apply(op);
        REQUIRE_MESSAGE(failure.empty(), failure);
    }
}

} // namespace

TEST_CASE("the saved file equals the model, saved to another file or onto the original") {
    for (const bool ontoItself : {false, true})
        SUBCASE(ontoItself ? "onto the original" : "to another file") {
            const u8test::TempDir dir;
            const std::string original = dir.filePath("doc.bin");
            // Several chunks and a partial one (u8codec::kReadChunkSize).
            const Bytes bytes = randomBytes(4 * u8codec::kReadChunkSize + 12345, 11);
            u8test::writeFile(original, bytes);
            REQUIRE(::chmod(original.c_str(), 0640) == 0);
            u8test::PieceChecker checker(openFile(original), bytes);
            edit(checker, 400, 12);
            const Bytes want = checker.model().values(0, checker.model().size());
            const std::string target = ontoItself ? original : dir.filePath("out.bin");
            const Saving saved = u8io::saveSource(*checker.table().snapshot(), target);
            REQUIRE_MESSAGE(saved.ok(), saved.message());
            REQUIRE(readFile(target) == want);
            if (ontoItself) {
                // The pieces still read the old file through the descriptor they were opened with.
                const std::string failure = checker.checkAll();
                REQUIRE_MESSAGE(failure.empty(), failure);
                struct stat st {};
                REQUIRE(::stat(target.c_str(), &st) == 0);
                REQUIRE((st.st_mode & 07777) == mode_t(0640)); // the replaced file's mode
            }
            REQUIRE(dir.fileNames().size() ==
                    std::size_t(ontoItself ? 1 : 2)); // no temporary file left
        }
}

TEST_CASE("progress after every chunk, and a cancel leaves the file as it was") {
    const u8test::TempDir dir;
    const std::string path = dir.filePath("doc.bin");
    const Bytes bytes = randomBytes(5 * u8codec::kReadChunkSize + 7, 21);
    u8test::writeFile(path, bytes);
    PieceTable table(openFile(path));
    table.insert(100, u8test::hex("41 42 43")).value();
    std::vector<std::uint64_t> seen;
    u8io::SaveOptions options;
    options.progress = [&](std::uint64_t written, std::uint64_t total) {
        seen.push_back(written);
        return total == table.size();
    };
    const Saving saved = u8io::saveSource(table, path, options);
    REQUIRE_MESSAGE(saved.ok(), saved.message());
    REQUIRE(seen.size() == std::size_t(6));
    REQUIRE(std::is_sorted(seen.begin(), seen.end()));
    REQUIRE(seen.back() == table.size());
    // Cancelled at the second chunk: the file is as it was, and nothing else is there.
    const Bytes before = readFile(path);
    table.erase(0, 10).value();
    options.progress = [](std::uint64_t written, std::uint64_t) {
        return written < 2 * u8codec::kReadChunkSize;
    };
    const Saving cancelled = u8io::saveSource(table, path, options);
    REQUIRE(cancelled.failedWith(u8codec::ErrorCode::Cancelled));
    REQUIRE(readFile(path) == before);
    REQUIRE(dir.fileNames() == std::vector<std::string>{"doc.bin"});
}

TEST_CASE("the backup keeps the previous version; a new name has none") {
    const u8test::TempDir dir;
    const std::string path = dir.filePath("notes.txt");
    const Bytes bytes = u8test::hex("68 65 6C 6C 6F");
    u8test::writeFile(path, bytes);
    PieceTable table(openFile(path));
    table.replace(0, 1, u8test::hex("48")).value();
    u8io::SaveOptions options;
    options.keepBackup = true;
    const Saving saved = u8io::saveSource(table, path, options);
    REQUIRE_MESSAGE(saved.ok(), saved.message());
    REQUIRE(saved->backupName == (path + ".bak"));
    REQUIRE(readFile(path + ".bak") == bytes);
    REQUIRE(readFile(path) == u8test::hex("48 65 6C 6C 6F"));
    // A new name has no previous version to keep.
    const std::string fresh = dir.filePath("new.txt");
    const Saving created = u8io::saveSource(table, fresh, options);
    REQUIRE(created.ok());
    REQUIRE(created->backupName.empty());
}

TEST_CASE("an original that shrank is refused with the reason, and nothing is written") {
    const u8test::TempDir dir;
    const std::string path = dir.filePath("log.txt");
    u8test::writeFile(path, randomBytes(1 << 20, 31));
    PieceTable table(openFile(path));
    table.insert(10, u8test::hex("0A")).value();
    REQUIRE(::truncate(path.c_str(), 1000) == 0); // another program cut it short
    const std::string target = dir.filePath("copy.txt");
    const Saving saved = u8io::saveSource(table, target);
    REQUIRE(!saved.ok());
    REQUIRE(saved.failedWith(u8codec::ErrorCode::Changed));
    REQUIRE_MESSAGE(
        (saved.message().find(target) == 0 && saved.message().find("shrunk") != std::string::npos),
        saved.message());
    REQUIRE(!u8test::exists(target));
    REQUIRE(dir.fileNames() == std::vector<std::string>{"log.txt"});
    REQUIRE(table.originalState() == u8codec::OriginalState::Shrunk);
}

// The child saves the document over its original and stops after a few chunks, written but not
// committed; the parent kills it with SIGKILL, which no handler can see.
TEST_CASE("a save killed midway leaves the original and no temporary file") {
    const u8test::TempDir dir;
    const std::string path = dir.filePath("big.bin");
    const Bytes bytes = randomBytes(8 << 20, 41);
    u8test::writeFile(path, bytes);
    PieceTable table(openFile(path));
    table.insert(1 << 20, randomBytes(1 << 20, 42)).value();
    table.erase(10, 1000).value();
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        u8io::SaveOptions options;
        options.progress = [&](std::uint64_t written, std::uint64_t) {
            if (written >= 4 * u8codec::kReadChunkSize) {
                const char byte = 1;
                (void)!::write(ready[1], &byte, 1);
                ::pause(); // midway, until killed
            }
            return true;
        };
        // Not reached either way: the parent kills the child midway.
        ::_exit(u8io::saveSource(table, path, options).ok() ? 3 : 4);
    }
    char byte = 0;
    REQUIRE(::read(ready[0], &byte, 1) == ssize_t(1));
    REQUIRE(::kill(child, SIGKILL) == 0);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
    REQUIRE(WTERMSIG(status) == SIGKILL);
    ::close(ready[0]);
    ::close(ready[1]);
    REQUIRE(readFile(path) == bytes);
    REQUIRE(dir.fileNames() == std::vector<std::string>{"big.bin"});
}

// Killed at whatever point it has reached a little after it started: the file is one version or
// the other, whole, and no temporary file is left (the one moment that could leave one is
// between naming the finished file and renaming it, two system calls apart).
TEST_CASE("a save killed at any time leaves one version whole and no temporary file") {
    const u8test::TempDir dir;
    const std::string path = dir.filePath("big.bin");
    const Bytes bytes = randomBytes(32 << 20, 51);
    u8test::writeFile(path, bytes);
    PieceTable table(openFile(path));
    table.replace(5, 3, u8test::hex("78 79 7A 21")).value();
    Bytes edited(table.size());
    REQUIRE(table.read(0, edited) == edited.size());
    for (int delayMs : {0, 2, 20}) {
        int ready[2];
        REQUIRE(::pipe(ready) == 0);
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            u8io::SaveOptions options;
            options.progress = [&](std::uint64_t written, std::uint64_t) {
                if (written == u8codec::kReadChunkSize) {
                    const char byte = 1;
                    (void)!::write(ready[1], &byte, 1);
                }
                return true;
            };
            ::_exit(u8io::saveSource(table, path, options).ok() ? 0 : 1);
        }
        char byte = 0;
        REQUIRE(::read(ready[0], &byte, 1) == ssize_t(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        ::kill(child, SIGKILL);
        int status = 0;
        REQUIRE(::waitpid(child, &status, 0) == child);
        ::close(ready[0]);
        ::close(ready[1]);
        const Bytes now = readFile(path);
        REQUIRE((now == bytes || now == edited));
        REQUIRE(dir.fileNames() == std::vector<std::string>{"big.bin"});
    }
}
