/* A fault injector for u8scope-cli, loaded with LD_PRELOAD by tst_cli_faults: the Nth call of one
 * system call fails, as a full disk or a failing one would make it.
 *
 *   U8SCOPE_FAULT=CALL:N:ERRNO     the Nth call of CALL fails with ERRNO (EIO, ENOSPC, EPIPE,
 *                                  EDQUOT; for link, also EXDEV, EPERM, EMLINK, ENOTSUP)
 *   U8SCOPE_FAULT=CALL:N+:ERRNO    ... and every call of it after (reads failing from 1 MB on)
 *   U8SCOPE_FAULT_COUNT=FILE       at exit, "CALL COUNT" lines: how often each was made, so a
 *                                  test knows the range of N worth trying
 *
 * CALL is one of read, pread, write, fsync, rename, link, close, tmpfile. tmpfile counts open(2)
 * with O_TMPFILE: failing it with EOPNOTSUPP is a file system without unnamed files, where an
 * output's temporary file has a name from the start (the signal test of tst_cli_faults). Only the
 * calls a failure of which would matter are counted: write to anything but standard error (the
 * message must get out), close of a descriptor open for writing, fsync of a regular file (the
 * directory's sync after a rename is best effort by design: the rename is done, file_attributes.h).
 * rename counts rename and renameat2; link counts link(2) (the backup that is the old file itself,
 * and a rename without replacing where renameat2 cannot). A failed close still closes, as close(2)
 * does on Linux. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { kRead, kPread, kWrite, kFsync, kRename, kLink, kClose, kTmpfile, kCalls };
static const char* const kNames[kCalls] = {"read",   "pread", "write", "fsync",
                                           "rename", "link",  "close", "tmpfile"};

static long g_counts[kCalls];
static int g_call = -1;  /* the call to fail */
static long g_nth = 0;   /* at its Nth */
static int g_sticky = 0; /* and after */
static int g_errno = EIO;

static int errnoNamed(const char* name) {
    static const struct {
        const char* name;
        int value;
    } kErrors[] = {{"ENOSPC", ENOSPC},
                   {"EPIPE", EPIPE},
                   {"EDQUOT", EDQUOT},
                   /* What link(2) answers where a file system or its rules allow no such link. */
                   {"EXDEV", EXDEV},
                   {"EPERM", EPERM},
                   {"EMLINK", EMLINK},
                   {"ENOTSUP", ENOTSUP},
                   /* What open(2) answers for O_TMPFILE where the file system has no such files. */
                   {"EOPNOTSUPP", EOPNOTSUPP}};
    for (size_t k = 0; k < sizeof kErrors / sizeof kErrors[0]; ++k)
        if (strcmp(name, kErrors[k].name) == 0)
            return kErrors[k].value;
    return EIO;
}

__attribute__((constructor)) static void readSettings(void) {
    const char* spec = getenv("U8SCOPE_FAULT");
    if (!spec || !*spec)
        return;
    char name[16] = {0}, err[16] = {0}, sticky = 0;
    long nth = 0;
    if (sscanf(spec, "%15[a-z]:%ld%c", name, &nth, &sticky) < 2)
        return;
    const char* colon = strrchr(spec, ':');
    if (colon && colon != strchr(spec, ':'))
        snprintf(err, sizeof err, "%s", colon + 1);
    for (int k = 0; k < kCalls; ++k)
        if (strcmp(name, kNames[k]) == 0)
            g_call = k;
    g_nth = nth;
    g_sticky = sticky == '+';
    g_errno = errnoNamed(err);
}

__attribute__((destructor)) static void writeCounts(void) {
    const char* path = getenv("U8SCOPE_FAULT_COUNT");
    if (!path || !*path)
        return;
    FILE* f = fopen(path, "w");
    if (!f)
        return;
    for (int k = 0; k < kCalls; ++k)
        fprintf(f, "%s %ld\n", kNames[k], g_counts[k]);
    fclose(f);
}

/* Counts a call of `call`; true when it is to fail (errno is then set). */
static int fails(int call) {
    const long n = __atomic_add_fetch(&g_counts[call], 1, __ATOMIC_RELAXED);
    if (call != g_call || !(n == g_nth || (g_sticky && n > g_nth)))
        return 0;
    errno = g_errno;
    return 1;
}

#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

ssize_t read(int fd, void* buf, size_t n) {
    if (fails(kRead))
        return -1;
    return REAL(read)(fd, buf, n);
}

ssize_t pread(int fd, void* buf, size_t n, off_t offset) {
    if (fails(kPread))
        return -1;
    return REAL(pread)(fd, buf, n, offset);
}

ssize_t pread64(int fd, void* buf, size_t n, off_t offset) {
    if (fails(kPread))
        return -1;
    return REAL(pread64)(fd, buf, n, offset);
}

ssize_t write(int fd, const void* buf, size_t n) {
    if (fd != STDERR_FILENO && fails(kWrite))
        return -1;
    return REAL(write)(fd, buf, n);
}

int fsync(int fd) {
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && fails(kFsync))
        return -1;
    return REAL(fsync)(fd);
}

int rename(const char* from, const char* to) {
    if (fails(kRename))
        return -1;
    return REAL(rename)(from, to);
}

int renameat2(int fromDir, const char* from, int toDir, const char* to, unsigned flags) {
    if (fails(kRename))
        return -1;
    return REAL(renameat2)(fromDir, from, toDir, to, flags);
}

int link(const char* from, const char* to) {
    if (fails(kLink))
        return -1;
    return REAL(link)(from, to);
}

/* open(2) and open64(2): an O_TMPFILE open is counted (and failed when asked); the mode is passed
 * on only where the flags take one (O_CREAT, O_TMPFILE). */
static int openCounted(int (*real)(const char*, int, ...), const char* path, int flags,
                       va_list args) {
    const mode_t mode =
        (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(args, mode_t) : 0;
    if ((flags & O_TMPFILE) == O_TMPFILE && fails(kTmpfile))
        return -1;
    return real(path, flags, mode);
}

int open(const char* path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    const int fd = openCounted(REAL(open), path, flags, args);
    va_end(args);
    return fd;
}

int open64(const char* path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    const int fd = openCounted(REAL(open64), path, flags, args);
    va_end(args);
    return fd;
}

int close(int fd) {
    const int flags = fcntl(fd, F_GETFL);
    const int writable = flags >= 0 && (flags & O_ACCMODE) != O_RDONLY;
    const int result = REAL(close)(fd);
    if (result == 0 && writable && fd != STDERR_FILENO && fails(kClose))
        return -1;
    return result;
}
