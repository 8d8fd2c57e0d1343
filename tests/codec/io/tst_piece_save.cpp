// The streamed save of an edited document (u8io::saveSource): what is read back equals
// the plain model, to another file and onto the very file the pieces refer to; progress and
// cancel; the backup; an original that shrank fails with the reason; and a save killed outright
// (SIGKILL, in a child process) leaves the original as it was and no temporary file behind.
#include "codec_test_support.h"
#include "piece_model.h"
#include "save_source.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/piece_table.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using u8codec::PieceTable;
using Saving = u8codec::Result<u8io::Saved>;
using u8test::Bytes;

namespace {

Bytes randomBytes(std::size_t size, quint32 seed) {
    QRandomGenerator rng(seed);
    Bytes out(size);
    for (auto& b : out)
        b = std::uint8_t(rng.bounded(256));
    return out;
}

bool writeFile(const std::string& path, const Bytes& bytes) {
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::WriteOnly) && f.write(reinterpret_cast<const char*>(bytes.data()),
                                                   qint64(bytes.size())) == qint64(bytes.size());
}

Bytes readFile(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return u8test::toBytes(f.readAll());
}

std::shared_ptr<const u8codec::ByteSource> openFile(const std::string& path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok())
        return nullptr;
    return std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value());
}

// Random edits, some of them large, held to the model as they are made.
void edit(u8test::PieceChecker& checker, int steps, quint32 seed) {
    QRandomGenerator rng(seed);
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
        QVERIFY2(failure.empty(), failure.c_str());
    }
}

QStringList filesIn(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

} // namespace

class TestPieceSave : public QObject {
    Q_OBJECT

private slots:
    void savedEqualsTheModel_data();
    void savedEqualsTheModel();
    void progressAndCancel();
    void keepsTheBackup();
    void shrunkOriginalIsRefused();
    void killedMidwayLeavesTheOriginal();
    void killedAnytimeLeavesOneVersion();
};

void TestPieceSave::savedEqualsTheModel_data() {
    QTest::addColumn<bool>("ontoItself");
    QTest::newRow("to another file") << false;
    QTest::newRow("onto the original") << true;
}

void TestPieceSave::savedEqualsTheModel() {
    QFETCH(bool, ontoItself);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string original = dir.filePath(QStringLiteral("doc.bin")).toStdString();
    // Several chunks and a partial one (u8codec::kReadChunkSize).
    const Bytes bytes = randomBytes(4 * u8codec::kReadChunkSize + 12345, 11);
    QVERIFY(writeFile(original, bytes));
    QVERIFY(::chmod(original.c_str(), 0640) == 0);
    u8test::PieceChecker checker(openFile(original), bytes);
    edit(checker, 400, 12);
    const Bytes want = checker.model().values(0, checker.model().size());
    const std::string target =
        ontoItself ? original : dir.filePath(QStringLiteral("out.bin")).toStdString();
    const Saving saved = u8io::saveSource(*checker.table().snapshot(), target);
    QVERIFY2(saved.ok(), saved.message().c_str());
    QVERIFY(readFile(target) == want);
    if (ontoItself) {
        // The pieces still read the old file through the descriptor they were opened with.
        const std::string failure = checker.checkAll();
        QVERIFY2(failure.empty(), failure.c_str());
        struct stat st {};
        QVERIFY(::stat(target.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640)); // the replaced file's mode
    }
    QCOMPARE(filesIn(dir).size(), qsizetype(ontoItself ? 1 : 2)); // no temporary file left
}

void TestPieceSave::progressAndCancel() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("doc.bin")).toStdString();
    const Bytes bytes = randomBytes(5 * u8codec::kReadChunkSize + 7, 21);
    QVERIFY(writeFile(path, bytes));
    PieceTable table(openFile(path));
    table.insert(100, u8test::hex("41 42 43")).value();
    std::vector<std::uint64_t> seen;
    u8io::SaveOptions options;
    options.progress = [&](std::uint64_t written, std::uint64_t total) {
        seen.push_back(written);
        return total == table.size();
    };
    const Saving saved = u8io::saveSource(table, path, options);
    QVERIFY2(saved.ok(), saved.message().c_str());
    QCOMPARE(seen.size(), std::size_t(6));
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), table.size());
    // Cancelled at the second chunk: the file is as it was, and nothing else is there.
    const Bytes before = readFile(path);
    table.erase(0, 10).value();
    options.progress = [](std::uint64_t written, std::uint64_t) {
        return written < 2 * u8codec::kReadChunkSize;
    };
    const Saving cancelled = u8io::saveSource(table, path, options);
    QVERIFY(cancelled.failedWith(u8codec::ErrorCode::Cancelled));
    QVERIFY(readFile(path) == before);
    QCOMPARE(filesIn(dir), QStringList{QStringLiteral("doc.bin")});
}

void TestPieceSave::keepsTheBackup() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("notes.txt")).toStdString();
    const Bytes bytes = u8test::hex("68 65 6C 6C 6F");
    QVERIFY(writeFile(path, bytes));
    PieceTable table(openFile(path));
    table.replace(0, 1, u8test::hex("48")).value();
    u8io::SaveOptions options;
    options.keepBackup = true;
    const Saving saved = u8io::saveSource(table, path, options);
    QVERIFY2(saved.ok(), saved.message().c_str());
    QCOMPARE(saved->backupName, path + ".bak");
    QVERIFY(readFile(path + ".bak") == bytes);
    QVERIFY(readFile(path) == u8test::hex("48 65 6C 6C 6F"));
    // A new name has no previous version to keep.
    const std::string fresh = dir.filePath(QStringLiteral("new.txt")).toStdString();
    const Saving created = u8io::saveSource(table, fresh, options);
    QVERIFY(created.ok());
    QVERIFY(created->backupName.empty());
}

void TestPieceSave::shrunkOriginalIsRefused() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("log.txt")).toStdString();
    QVERIFY(writeFile(path, randomBytes(1 << 20, 31)));
    PieceTable table(openFile(path));
    table.insert(10, u8test::hex("0A")).value();
    QVERIFY(::truncate(path.c_str(), 1000) == 0); // another program cut it short
    const std::string target = dir.filePath(QStringLiteral("copy.txt")).toStdString();
    const Saving saved = u8io::saveSource(table, target);
    QVERIFY(!saved.ok());
    QVERIFY(saved.failedWith(u8codec::ErrorCode::Changed));
    QVERIFY2(saved.message().find(target) == 0 &&
                 saved.message().find("shrunk") != std::string::npos,
             saved.message().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(target)));
    QCOMPARE(filesIn(dir), QStringList{QStringLiteral("log.txt")});
    QCOMPARE(table.originalState(), u8codec::OriginalState::Shrunk);
}

// The child saves the document over its original and stops after a few chunks, written but not
// committed; the parent kills it with SIGKILL, which no handler can see.
void TestPieceSave::killedMidwayLeavesTheOriginal() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("big.bin")).toStdString();
    const Bytes bytes = randomBytes(8 << 20, 41);
    QVERIFY(writeFile(path, bytes));
    PieceTable table(openFile(path));
    table.insert(1 << 20, randomBytes(1 << 20, 42)).value();
    table.erase(10, 1000).value();
    int ready[2];
    QVERIFY(::pipe(ready) == 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
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
    QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
    QVERIFY(::kill(child, SIGKILL) == 0);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    ::close(ready[0]);
    ::close(ready[1]);
    QVERIFY(readFile(path) == bytes);
    QCOMPARE(filesIn(dir), QStringList{QStringLiteral("big.bin")});
}

// Killed at whatever point it has reached a little after it started: the file is one version or
// the other, whole, and no temporary file is left (the one moment that could leave one is
// between naming the finished file and renaming it, two system calls apart).
void TestPieceSave::killedAnytimeLeavesOneVersion() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("big.bin")).toStdString();
    const Bytes bytes = randomBytes(32 << 20, 51);
    QVERIFY(writeFile(path, bytes));
    PieceTable table(openFile(path));
    table.replace(5, 3, u8test::hex("78 79 7A 21")).value();
    Bytes edited(table.size());
    QCOMPARE(table.read(0, edited), edited.size());
    for (int delayMs : {0, 2, 20}) {
        int ready[2];
        QVERIFY(::pipe(ready) == 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
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
        QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
        QTest::qSleep(delayMs);
        ::kill(child, SIGKILL);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        ::close(ready[0]);
        ::close(ready[1]);
        const Bytes now = readFile(path);
        QVERIFY(now == bytes || now == edited);
        QCOMPARE(filesIn(dir), QStringList{QStringLiteral("big.bin")});
    }
}

QTEST_GUILESS_MAIN(TestPieceSave)
#include "tst_piece_save.moc"
