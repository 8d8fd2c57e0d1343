// Shared samples of the repair suites, with no Qt: byte views of strings, real sentences in many
// languages and scripts, and the corpus's files.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace repairtest {

inline std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Real sentences in many languages and scripts (UTF-8). Each is correct text: the negative set
// for the mojibake repair, and the source of the damaged samples.
inline const std::vector<std::string>& sentences() {
    static const std::vector<std::string> s = {
        "Le café est très bon, n’est-ce pas ? À bientôt, Éloïse.",
        "Voilà tout : l’hôtel ferme à 22 h, précisément.",
        "Über die Brücke gehen Bären, Füchse und Vögel; das ist größer.",
        "Straße, Maß und Fuß – die Grüße aus München.",
        "¿Dónde está el niño? Mañana habrá más información.",
        "A ação e a emoção do coração: não há razão, irmã.",
        "Perché la città è così bella? Però è già tardi.",
        "Zażółć gęślą jaźń; źródło świętości.",
        "Příliš žluťoučký kůň úpěl ďábelské ódy.",
        "Árvíztűrő tükörfúrógép és öt szép szűz.",
        "Pijamalı hasta yağız şoföre çabucak güvendi.",
        "Flygande bäckasiner söka hwila på mjuka tuvor.",
        "Þú ert ótrúlega góður í íslensku, ég veit það.",
        "Привет, мир! Съешь же ещё этих мягких французских булок.",
        "Широка страна моя родная, много в ней лесов, полей и рек.",
        "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!",
        "Καλημέρα κόσμε, η γλώσσα μου είναι ελληνική.",
        "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
        "He said “hello” — and then… nothing. It’s 5 € or £4, ™ and ©.",
        "Prices: 10 € – 20 €; “quoted” ‘text’ • bullet.",
        "日本語のテキストです。東京は大きい。",
        "中文文本测试，你好世界。",
        "한국어 문장입니다. 안녕하세요.",
        "שלום עולם, זה טקסט בעברית.",
        "مرحبا بالعالم، هذا نص عربي.",
        "Emoji too: 😀 🎉 👍 and ✓ done.",
        "São Paulo é a maior cidade; Dom João VI chegou em 1808.",
        "Dänemark, Øresund og Århus: smørrebrød på bordet.",
        "Ελλάδα και Κύπρος: «Ευχαριστώ πολύ».",
        "Москва — столица России; «Война и мир» Толстого.",
    };
    return s;
}

// A file of Markus Kuhn's corpus (U8SCOPE_CORPUS_DIR), or nullopt when the corpus is absent.
inline std::optional<std::string> readCorpusFile(const char* name) {
    std::ifstream in(std::string(U8SCOPE_CORPUS_DIR "/") + name, std::ios::binary);
    if (!in)
        return std::nullopt;
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace repairtest
