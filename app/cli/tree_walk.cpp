#include "tree_walk.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace u8cli {

namespace {

bool classMatch(std::string_view pattern, std::size_t& p, char c) {
    // pattern[p] is '['; on return p is past the closing ']'.
    std::size_t i = p + 1;
    const bool negate = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
    if (negate)
        ++i;
    bool matched = false;
    for (bool first = true; i < pattern.size() && (first || pattern[i] != ']'); first = false) {
        char lo = pattern[i];
        if (lo == '\\' && i + 1 < pattern.size())
            lo = pattern[++i];
        char hi = lo;
        if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
            hi = pattern[i + 2];
            i += 2;
        }
        matched = matched || (c >= lo && c <= hi);
        ++i;
    }
    p = i + 1;
    return matched != negate;
}

} // namespace

bool globMatch(std::string_view pattern, std::string_view path) {
    std::size_t p = 0, s = 0;
    while (p < pattern.size()) {
        const char c = pattern[p];
        if (c == '*') {
            const bool doubleStar = p + 1 < pattern.size() && pattern[p + 1] == '*';
            std::size_t rest = p + (doubleStar ? 2 : 1);
            if (doubleStar && rest < pattern.size() && pattern[rest] == '/') {
                // "**/": zero or more whole directories.
                for (std::size_t k = s;; ++k) {
                    if ((k == s || path[k - 1] == '/') &&
                        globMatch(pattern.substr(rest + 1), path.substr(k)))
                        return true;
                    if (k == path.size())
                        return false;
                }
            }
            for (std::size_t k = s;; ++k) {
                if (globMatch(pattern.substr(rest), path.substr(k)))
                    return true;
                if (k == path.size() || (!doubleStar && path[k] == '/'))
                    return false;
            }
        }
        if (s == path.size())
            return false;
        if (c == '?') {
            if (path[s] == '/')
                return false;
            ++p;
        } else if (c == '[') {
            if (path[s] == '/' || !classMatch(pattern, p, path[s]))
                return false;
        } else {
            const char literal = c == '\\' && p + 1 < pattern.size() ? pattern[++p] : c;
            if (literal != path[s])
                return false;
            ++p;
        }
        ++s;
    }
    return s == path.size();
}

namespace {

struct IgnoreRule {
    std::string base; // the directory of its file, relative to the root ("" at the root)
    // For a file in a directory above the root: the root's path from that directory
    // ("src/lib"), which the paths below the root are matched after.
    std::string above;
    std::string pattern;
    bool negate = false, directoryOnly = false, anchored = false;
};

// The rules of one .gitignore or .ignore file, read from `dir` (relative path `base`).
void readIgnoreFile(const std::string& path, const std::string& base,
                    std::vector<IgnoreRule>& rules, const std::string& above = {}) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!f)
        return;
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, f.get())) {
        std::string line(buffer);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
            line.pop_back();
        while (!line.empty() && line.back() == ' ' &&
               (line.size() < 2 || line[line.size() - 2] != '\\'))
            line.pop_back(); // trailing spaces, unless quoted
        if (line.empty() || line[0] == '#')
            continue;
        IgnoreRule r;
        r.base = base;
        r.above = above;
        if (line[0] == '!') {
            r.negate = true;
            line.erase(0, 1);
        } else if (line[0] == '\\') {
            line.erase(0, 1); // "\#", "\!"
        }
        if (!line.empty() && line.back() == '/') {
            r.directoryOnly = true;
            line.pop_back();
        }
        // A separator at the start or in the middle anchors it to its file's directory.
        r.anchored = line.find('/') != std::string::npos;
        if (!line.empty() && line[0] == '/')
            line.erase(0, 1);
        if (line.empty())
            continue;
        r.pattern = std::move(line);
        rules.push_back(std::move(r));
    }
}

// Whether `rel` (relative to the root) is ignored: the last rule that matches decides.
bool ignored(const std::vector<IgnoreRule>& rules, const std::string& rel, bool isDirectory) {
    bool result = false;
    for (const IgnoreRule& r : rules) {
        if (r.directoryOnly && !isDirectory)
            continue;
        if (!r.base.empty() &&
            !(rel.size() > r.base.size() && rel.starts_with(r.base) && rel[r.base.size()] == '/'))
            continue;
        const std::string below = r.above.empty() ? std::string() : r.above + '/' + rel;
        const std::string_view sub =
            r.above.empty() ? std::string_view(rel).substr(r.base.empty() ? 0 : r.base.size() + 1)
                            : std::string_view(below);
        const std::string_view name = sub.substr(sub.rfind('/') + 1);
        if (globMatch(r.pattern, r.anchored ? sub : name))
            result = !r.negate;
    }
    return result;
}

// A NUL byte among the first 8 KiB of the file at `path`.
bool fileLooksBinary(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false; // the command says why it cannot be read
    std::uint8_t head[kBinaryHead];
    const ssize_t n = ::read(fd, head, sizeof head);
    ::close(fd);
    return n > 0 && looksBinary(std::span<const std::uint8_t>(head, std::size_t(n)));
}

struct Directory {
    std::string path, rel;
    std::shared_ptr<const std::vector<IgnoreRule>> rules;
};

// The rules that apply to the root from the directories above it, as git and ripgrep read them
// for a walk that starts inside a repository: .git/info/exclude first (the lowest precedence),
// then each directory's .gitignore and .ignore from the repository's top down to the root's
// parent. Outside a repository only the .ignore files above apply.
std::vector<IgnoreRule> rulesAbove(const std::string& root) {
    char* real = ::realpath(root.c_str(), nullptr);
    if (!real)
        return {};
    const std::string absolute = real;
    std::free(real);
    std::vector<IgnoreRule> rules;
    struct stat here {};
    if (::stat((absolute + "/.git").c_str(), &here) == 0) {
        // The root is the repository's top: its own ignore files are read on the way down.
        readIgnoreFile(absolute + "/.git/info/exclude", "", rules);
        return rules;
    }
    std::vector<std::string> ancestors; // nearest first
    std::string top;                    // the repository's top directory, if any
    for (std::string dir = absolute; dir.size() > 1;) {
        const std::size_t slash = dir.rfind('/');
        const std::string parent = slash == 0 ? "/" : dir.substr(0, slash);
        ancestors.push_back(parent);
        struct stat st {};
        if (::stat((parent == "/" ? std::string("/.git") : parent + "/.git").c_str(), &st) == 0) {
            top = parent;
            break;
        }
        dir = parent;
    }
    const auto fromAncestor = [&](const std::string& dir) {
        return absolute.substr(dir == "/" ? 1 : dir.size() + 1);
    };
    if (!top.empty())
        readIgnoreFile(top + "/.git/info/exclude", "", rules, fromAncestor(top));
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
        const std::string prefix = *it == "/" ? "" : *it;
        if (!top.empty())
            readIgnoreFile(prefix + "/.gitignore", "", rules, fromAncestor(*it));
        readIgnoreFile(prefix + "/.ignore", "", rules, fromAncestor(*it));
    }
    return rules;
}

class Walker {
public:
    Walker(TreeWalk& out, bool sniffBinary) : out_(out), sniffBinary_(sniffBinary) {}

    void run(const std::string& root) {
        pending_.push_back({root, "", std::make_shared<std::vector<IgnoreRule>>(rulesAbove(root))});
        const unsigned n = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
        std::vector<std::thread> threads;
        for (unsigned i = 1; i < n; ++i)
            threads.emplace_back([this] { work(); });
        work();
        for (std::thread& t : threads)
            t.join();
        std::sort(out_.files.begin(), out_.files.end());
        std::sort(out_.errors.begin(), out_.errors.end());
    }

private:
    void work() {
        for (;;) {
            Directory d;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [this] { return !pending_.empty() || busy_ == 0; });
                if (pending_.empty())
                    return;
                d = std::move(pending_.back());
                pending_.pop_back();
                ++busy_;
            }
            readDirectory(d);
            const std::scoped_lock lock(mutex_);
            --busy_;
            changed_.notify_all();
        }
    }

    void readDirectory(const Directory& d) {
        DIR* dir = ::opendir(d.path.c_str());
        if (!dir) {
            const std::scoped_lock lock(mutex_);
            out_.errors.push_back(d.path + ": " + std::strerror(errno));
            return;
        }
        // The names first: the ignore files are opened only where the listing has them (two
        // failed opens a directory otherwise), and the entries' types come with the listing.
        struct Entry {
            std::string name;
            unsigned char type;
        };
        std::vector<Entry> entries;
        bool gitignore = false, ignore = false;
        while (const dirent* e = ::readdir(dir)) {
            const std::string_view name = e->d_name;
            gitignore = gitignore || name == ".gitignore";
            ignore = ignore || name == ".ignore";
            if (!name.empty() && name[0] != '.') // hidden, ".", ".." and .git are skipped
                entries.push_back({std::string(name), e->d_type});
        }
        ::closedir(dir);
        std::shared_ptr<const std::vector<IgnoreRule>> rules = d.rules;
        if (gitignore || ignore) {
            auto own = std::make_shared<std::vector<IgnoreRule>>(*d.rules);
            if (gitignore)
                readIgnoreFile(d.path + "/.gitignore", d.rel, *own);
            if (ignore)
                readIgnoreFile(d.path + "/.ignore", d.rel, *own);
            rules = std::move(own);
        }
        std::vector<std::string> files;
        std::vector<Directory> subdirectories;
        std::size_t binary = 0;
        for (const Entry& e : entries) {
            const std::string path = d.path + '/' + e.name;
            const std::string rel = d.rel.empty() ? e.name : d.rel + '/' + e.name;
            unsigned char type = e.type;
            if (type == DT_UNKNOWN) { // a file system that does not say: ask
                struct stat st {};
                if (::lstat(path.c_str(), &st) != 0)
                    continue;
                type = S_ISLNK(st.st_mode)   ? DT_LNK
                       : S_ISDIR(st.st_mode) ? DT_DIR
                       : S_ISREG(st.st_mode) ? DT_REG
                                             : DT_UNKNOWN;
            }
            const bool isDirectory = type == DT_DIR;
            if ((!isDirectory && type != DT_REG) || ignored(*rules, rel, isDirectory))
                continue; // symbolic links, devices, pipes, sockets; what the rules exclude
            if (isDirectory)
                subdirectories.push_back({path, rel, rules});
            else if (sniffBinary_ && fileLooksBinary(path))
                ++binary;
            else
                files.push_back(path);
        }
        const std::scoped_lock lock(mutex_);
        out_.files.insert(out_.files.end(), files.begin(), files.end());
        out_.binarySkipped += binary;
        for (Directory& s : subdirectories)
            pending_.push_back(std::move(s));
        changed_.notify_all();
    }

    TreeWalk& out_;
    const bool sniffBinary_;
    std::mutex mutex_;
    std::condition_variable changed_; // a directory to read, or the last one read
    std::vector<Directory> pending_;
    int busy_ = 0;
};

} // namespace

bool looksBinary(std::span<const std::uint8_t> head) {
    return std::memchr(head.data(), 0, std::min(head.size(), kBinaryHead)) != nullptr;
}

TreeWalk walkTree(const std::string& dir, bool sniffBinary) {
    TreeWalk out;
    std::string root = dir;
    while (root.size() > 1 && root.back() == '/')
        root.pop_back();
    Walker(out, sniffBinary).run(root);
    return out;
}

} // namespace u8cli
