// A test-only LD_PRELOAD library that makes one chosen system call fail, the
// way a full, broken or read-only disk would. Only calls on files under one
// directory count, so the terminal, pipes and the libraries are left alone.
//
//   TASKBOARD_FAULT_DIR    only calls on paths under this directory count
//   TASKBOARD_FAULT_CALL   write (and pwrite) | fsync | fdatasync | rename | open | ftruncate,
//                          or several joined by commas ("fdatasync,ftruncate":
//                          a journal that can neither be made durable nor cut back)
//   TASKBOARD_FAULT_NTH    the counted call (1-based) that fails, that one only;
//                          "every" fails them all (a disk that stays full);
//                          "N+" counts the listed calls together and fails the
//                          Nth and every later one (a disk that fails for good
//                          in the middle of a command)
//   TASKBOARD_FAULT_ERRNO  the errno it fails with (28 ENOSPC, 5 EIO, 30 EROFS)
//   TASKBOARD_FAULT_COUNTS a file that gets "call count" lines at exit, so a
//                          run without a fault tells how many calls there are
//   TASKBOARD_FAULT_ARMED_BY  a path: calls count only while it exists (a
//                          running kiosk is faulted after its start-up)
//   TASKBOARD_FAULT_READONLY=1  the directory behaves as a read-only mount
//                          instead: every open for writing, write, rename,
//                          mkdir, unlink and link there fails with EROFS
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "CFaultShim.h"

int faultshim_loaded(void) { return 1; }

enum { CALL_WRITE, CALL_FSYNC, CALL_FDATASYNC, CALL_RENAME, CALL_OPEN, CALL_FTRUNCATE, CALL_KINDS };
static const char *call_names[CALL_KINDS] = { "write", "fsync", "fdatasync", "rename", "open", "ftruncate" };
static long counts[CALL_KINDS];

static int configured;
static const char *fault_dir;
static size_t fault_dir_length;
static int fault_calls;  /* a bit per call kind */
static long fault_nth;
static int fault_lasting;  /* "N+": from the Nth listed call on, all fail */
static long listed_count;
static int fault_errno;
static int read_only;
static const char *armed_by;

static void configure(void) {
    if (configured) return;
    configured = 1;
    fault_dir = getenv("TASKBOARD_FAULT_DIR");
    fault_dir_length = fault_dir ? strlen(fault_dir) : 0;
    const char *call = getenv("TASKBOARD_FAULT_CALL");
    while (call && *call) {
        size_t length = strcspn(call, ",");
        for (int i = 0; i < CALL_KINDS; i++) {
            if (strlen(call_names[i]) == length && strncmp(call, call_names[i], length) == 0) fault_calls |= 1 << i;
        }
        call += length + (call[length] == ',');
    }
    const char *nth = getenv("TASKBOARD_FAULT_NTH");
    fault_nth = nth && strcmp(nth, "every") == 0 ? -1 : nth ? atol(nth) : 0;
    fault_lasting = nth && *nth && nth[strlen(nth) - 1] == '+';
    const char *code = getenv("TASKBOARD_FAULT_ERRNO");
    fault_errno = code ? atoi(code) : EIO;
    const char *mount = getenv("TASKBOARD_FAULT_READONLY");
    read_only = mount && strcmp(mount, "1") == 0;
    armed_by = getenv("TASKBOARD_FAULT_ARMED_BY");
}

static int armed(void) {
    if (!armed_by) return 1;
    static int (*real_access)(const char *, int);
    if (!real_access) real_access = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
    int saved = errno;
    int exists = real_access(armed_by, F_OK) == 0;
    errno = saved;
    return exists;
}

/// On a read-only mount: true (errno EROFS) for a change under the directory.
static int refused_as_read_only(int counted) {
    configure();
    if (!read_only || !counted) return 0;
    errno = EROFS;
    return 1;
}

static int under_directory(const char *path) {
    if (!fault_dir || !path || path[0] != '/') return 0;
    return strncmp(path, fault_dir, fault_dir_length) == 0
        && (path[fault_dir_length] == '/' || path[fault_dir_length] == 0);
}

static int fd_under_directory(int fd) {
    if (!fault_dir || fd < 0) return 0;
    char link[64], path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = 0;
    return under_directory(path);
}

/// Counts a call on our files; true when this is the one that must fail.
static int should_fail(int kind, int counted) {
    configure();
    if (!counted || !armed()) return 0;
    counts[kind]++;
    if (!(fault_calls & (1 << kind))) return 0;
    listed_count++;
    if (fault_lasting ? listed_count >= fault_nth : (counts[kind] == fault_nth || fault_nth == -1)) {
        errno = fault_errno;
        return 1;
    }
    return 0;
}

__attribute__((destructor)) static void write_counts(void) {
    const char *file = getenv("TASKBOARD_FAULT_COUNTS");
    if (!file) return;
    FILE *out = fopen(file, "w");
    if (!out) return;
    for (int i = 0; i < CALL_KINDS; i++) fprintf(out, "%s %ld\n", call_names[i], counts[i]);
    fclose(out);
}

#define NEXT(name) configure(); static __typeof__(name) *next; if (!next) next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buffer, size_t count) {
    NEXT(write);
    if (fd > 2 && refused_as_read_only(fd_under_directory(fd))) return -1;
    if (fd > 2 && should_fail(CALL_WRITE, fd_under_directory(fd))) return -1;
    return next(fd, buffer, count);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    NEXT(pwrite);
    if (fd > 2 && refused_as_read_only(fd_under_directory(fd))) return -1;
    if (fd > 2 && should_fail(CALL_WRITE, fd_under_directory(fd))) return -1;
    return next(fd, buffer, count, offset);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
    NEXT(pwrite64);
    if (fd > 2 && refused_as_read_only(fd_under_directory(fd))) return -1;
    if (fd > 2 && should_fail(CALL_WRITE, fd_under_directory(fd))) return -1;
    return next(fd, buffer, count, offset);
}

int fsync(int fd) {
    NEXT(fsync);
    if (should_fail(CALL_FSYNC, fd_under_directory(fd))) return -1;
    return next(fd);
}

int fdatasync(int fd) {
    NEXT(fdatasync);
    if (should_fail(CALL_FDATASYNC, fd_under_directory(fd))) return -1;
    return next(fd);
}

int rename(const char *from, const char *to) {
    NEXT(rename);
    if (refused_as_read_only(under_directory(from) || under_directory(to))) return -1;
    if (should_fail(CALL_RENAME, under_directory(from) || under_directory(to))) return -1;
    return next(from, to);
}

int renameat(int fromfd, const char *from, int tofd, const char *to) {
    NEXT(renameat);
    if (refused_as_read_only(under_directory(from) || under_directory(to))) return -1;
    if (should_fail(CALL_RENAME, under_directory(from) || under_directory(to))) return -1;
    return next(fromfd, from, tofd, to);
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned int flags) {
    NEXT(renameat2);
    if (refused_as_read_only(under_directory(from) || under_directory(to))) return -1;
    if (should_fail(CALL_RENAME, under_directory(from) || under_directory(to))) return -1;
    return next(fromfd, from, tofd, to, flags);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? (mode_t)va_arg(arguments, int) : 0;
}

#define OPEN_AT_PATH(name, ...) \
    int name(const char *path, int flags, ...) { \
        NEXT(name); \
        va_list arguments; va_start(arguments, flags); mode_t mode = mode_argument(flags, arguments); va_end(arguments); \
        if (refused_as_read_only((flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)) && under_directory(path))) return -1; \
        if (should_fail(CALL_OPEN, under_directory(path))) return -1; \
        return next(path, flags, mode); \
    }
OPEN_AT_PATH(open)
OPEN_AT_PATH(open64)

#define OPEN_AT_DIR(name) \
    int name(int dirfd, const char *path, int flags, ...) { \
        NEXT(name); \
        va_list arguments; va_start(arguments, flags); mode_t mode = mode_argument(flags, arguments); va_end(arguments); \
        if (refused_as_read_only((flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)) && under_directory(path))) return -1; \
        if (should_fail(CALL_OPEN, under_directory(path))) return -1; \
        return next(dirfd, path, flags, mode); \
    }
OPEN_AT_DIR(openat)
OPEN_AT_DIR(openat64)

int ftruncate(int fd, off_t length) {
    NEXT(ftruncate);
    if (should_fail(CALL_FTRUNCATE, fd_under_directory(fd))) return -1;
    return next(fd, length);
}

int ftruncate64(int fd, off64_t length) {
    NEXT(ftruncate64);
    if (should_fail(CALL_FTRUNCATE, fd_under_directory(fd))) return -1;
    return next(fd, length);
}

int mkdir(const char *path, mode_t mode) {
    NEXT(mkdir);
    if (refused_as_read_only(under_directory(path))) return -1;
    return next(path, mode);
}

int unlink(const char *path) {
    NEXT(unlink);
    if (refused_as_read_only(under_directory(path))) return -1;
    return next(path);
}

int link(const char *from, const char *to) {
    NEXT(link);
    if (refused_as_read_only(under_directory(to))) return -1;
    return next(from, to);
}
