// A small XML reader for the suites that read the dump's HTML page (the dump's, the CLI's): the
// page must be well-formed XML, the checks QXmlStreamReader made before the suites left Qt. It
// reads elements, attributes, text with the five entities and character references, comments,
// CDATA, a DOCTYPE without an internal subset and processing instructions; it fails on anything
// else, on unmatched or misnested tags, a repeated attribute, a '<' or a bare '&' in text or in an
// attribute, ill-formed UTF-8, and text or a second element outside the root.
#pragma once

#include "u8codec/encoder.h"
#include "u8codec/problem.h"

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8test {

struct XmlNode {
    std::string name; // empty: a text node
    std::map<std::string, std::string> attributes;
    std::string text; // a text node's characters, entities decoded
    std::vector<std::unique_ptr<XmlNode>> children;
};

class XmlReader {
public:
    explicit XmlReader(std::string_view doc) : doc_(doc) {}

    // The root element, or null with error() saying what is wrong and where.
    std::unique_ptr<XmlNode> read() {
        u8codec::ProblemScanner scanner;
        bool illFormed = false;
        const auto sink = [&](const u8codec::Problem&) { illFormed = true; };
        scanner.feed({reinterpret_cast<const std::uint8_t*>(doc_.data()), doc_.size()}, sink);
        scanner.finish(sink);
        if (illFormed)
            return fail("the document is not well-formed UTF-8");
        std::unique_ptr<XmlNode> root;
        while (true) {
            skipSpace();
            if (at_ == doc_.size())
                break;
            if (starts("<!--")) {
                if (!comment())
                    return nullptr;
            } else if (starts("<?")) {
                if (!skipPast("?>"))
                    return fail("unterminated processing instruction");
            } else if (starts("<!DOCTYPE")) {
                if (root)
                    return fail("DOCTYPE after the root element");
                const std::size_t end = doc_.find('>', at_);
                if (end == std::string::npos ||
                    doc_.substr(at_, end - at_).find('[') != std::string::npos)
                    return fail("a DOCTYPE this reader does not read");
                at_ = end + 1;
            } else if (starts("<") && !root) {
                root = element();
                if (!root)
                    return nullptr;
            } else {
                return fail(root ? "content after the root element" : "text before the root");
            }
        }
        if (!root)
            return fail("no root element");
        return root;
    }
    const std::string& error() const { return error_; }

private:
    std::unique_ptr<XmlNode> fail(const std::string& why) {
        if (error_.empty())
            error_ = why + " (at byte " + std::to_string(at_) + ")";
        return nullptr;
    }
    bool starts(std::string_view s) const { return doc_.substr(at_).starts_with(s); }
    bool skipPast(std::string_view s) {
        const std::size_t end = doc_.find(s, at_);
        if (end == std::string::npos)
            return false;
        at_ = end + s.size();
        return true;
    }
    void skipSpace() {
        while (at_ < doc_.size() &&
               std::string_view(" \t\r\n").find(doc_[at_]) != std::string::npos)
            ++at_;
    }
    bool comment() {
        const std::size_t end = doc_.find("-->", at_ + 4);
        if (end == std::string::npos ||
            doc_.substr(at_ + 4, end - at_ - 4).find("--") != std::string::npos)
            return fail("ill-formed comment"), false;
        at_ = end + 3;
        return true;
    }
    static bool nameStart(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':';
    }
    static bool nameChar(char c) {
        return nameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
    }
    std::string name() {
        const std::size_t from = at_;
        if (at_ < doc_.size() && nameStart(doc_[at_]))
            while (at_ < doc_.size() && nameChar(doc_[at_]))
                ++at_;
        return std::string(doc_.substr(from, at_ - from));
    }
    // Characters up to `end` (not consumed), entities decoded; '<' and a bare '&' are errors.
    bool characters(std::string_view stops, std::string& out) {
        while (at_ < doc_.size() && stops.find(doc_[at_]) == std::string::npos) {
            const char c = doc_[at_];
            if (c == '<')
                return fail("'<' in an attribute value"), false;
            if (c == '&') {
                const std::size_t semi = doc_.find(';', at_);
                if (semi == std::string::npos || semi - at_ > 12)
                    return fail("a bare '&'"), false;
                const std::string_view ref = doc_.substr(at_ + 1, semi - at_ - 1);
                static const std::map<std::string_view, std::string_view> named = {
                    {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
                if (const auto it = named.find(ref); it != named.end()) {
                    out += it->second;
                } else if (ref.size() > 1 && ref[0] == '#') {
                    const bool hex = ref[1] == 'x';
                    const std::string digits(ref.substr(hex ? 2 : 1));
                    std::size_t used = 0;
                    unsigned long cp = 0;
                    try {
                        cp = std::stoul(digits, &used, hex ? 16 : 10);
                    } catch (const std::exception&) {
                        used = 0;
                    }
                    if (used == 0 || used != digits.size() || cp == 0 || cp > 0x10FFFF ||
                        (cp >= 0xD800 && cp <= 0xDFFF))
                        return fail("a bad character reference"), false;
                    u8codec::appendUtf8(char32_t(cp), out);
                } else {
                    return fail("an unknown entity &" + std::string(ref) + ";"), false;
                }
                at_ = semi + 1;
            } else {
                out += c;
                ++at_;
            }
        }
        return true;
    }
    std::unique_ptr<XmlNode> element() {
        ++at_; // '<'
        auto node = std::make_unique<XmlNode>();
        node->name = name();
        if (node->name.empty())
            return fail("an element without a name");
        while (true) {
            const std::size_t before = at_;
            skipSpace();
            if (starts("/>")) {
                at_ += 2;
                return node;
            }
            if (starts(">")) {
                ++at_;
                break;
            }
            if (at_ == before)
                return fail("no space before an attribute");
            const std::string attribute = name();
            if (attribute.empty() || (!starts("=\"") && !starts("='")))
                return fail("an ill-formed attribute");
            const char quote = doc_[at_ + 1];
            at_ += 2;
            std::string value;
            if (!characters(std::string(1, quote), value) || at_ == doc_.size())
                return fail("an unterminated attribute value");
            ++at_;
            if (!node->attributes.emplace(attribute, value).second)
                return fail("attribute " + attribute + " repeated");
        }
        while (true) {
            if (at_ == doc_.size())
                return fail("<" + node->name + "> not closed");
            if (starts("</")) {
                at_ += 2;
                if (name() != node->name)
                    return fail("</...> does not close <" + node->name + ">");
                skipSpace();
                if (!starts(">"))
                    return fail("an ill-formed end tag");
                ++at_;
                return node;
            }
            if (starts("<!--")) {
                if (!comment())
                    return nullptr;
            } else if (starts("<![CDATA[")) {
                const std::size_t end = doc_.find("]]>", at_);
                if (end == std::string::npos)
                    return fail("unterminated CDATA");
                auto text = std::make_unique<XmlNode>();
                text->text = std::string(doc_.substr(at_ + 9, end - at_ - 9));
                node->children.push_back(std::move(text));
                at_ = end + 3;
            } else if (starts("<?")) {
                if (!skipPast("?>"))
                    return fail("unterminated processing instruction");
            } else if (starts("<")) {
                auto child = element();
                if (!child)
                    return nullptr;
                node->children.push_back(std::move(child));
            } else {
                auto text = std::make_unique<XmlNode>();
                const std::size_t from = at_;
                if (!characters("<", text->text))
                    return nullptr;
                if (doc_.substr(from, at_ - from).find("]]>") != std::string::npos)
                    return fail("]]> in text");
                node->children.push_back(std::move(text));
            }
        }
    }

    std::string_view doc_;
    std::size_t at_ = 0;
    std::string error_;
};

// The text of `node` and of the elements in it (readElementText(IncludeChildElements)).
inline std::string textOf(const XmlNode& node) {
    if (node.name.empty())
        return node.text;
    std::string out;
    for (const auto& child : node.children)
        out += textOf(*child);
    return out;
}

inline bool hasChildElements(const XmlNode& node) {
    for (const auto& child : node.children)
        if (!child->name.empty())
            return true;
    return false;
}

// Every element in document order, as a reader going through the page meets their start tags
// (`each` returns false to skip what is inside an element).
inline void visit(const XmlNode& node, const std::function<bool(const XmlNode&)>& each) {
    if (node.name.empty() || !each(node))
        return;
    for (const auto& child : node.children)
        visit(*child, each);
}

// The names of the elements of `root` in document order.
inline std::vector<std::string> elementNames(const XmlNode& root) {
    std::vector<std::string> names;
    visit(root, [&](const XmlNode& e) {
        names.push_back(e.name);
        return true;
    });
    return names;
}

} // namespace u8test
