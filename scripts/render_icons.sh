#!/usr/bin/env bash
# Renders resources/icons/u8scope.svg into the PNG sizes of the hicolor icon theme that desktops
# look up (the freedesktop Icon Theme Specification's usual sizes), as resources/icons/u8scope-N.png.
# The PNGs are committed, so a build needs no SVG renderer; run this after editing the SVG, and
# commit what it writes. The test install.icons checks each file's size.
# Needs rsvg-convert (Debian: librsvg2-bin) and the icon's fonts (fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rsvg-convert >/dev/null; then
    echo "render_icons.sh: rsvg-convert is not installed (Debian: librsvg2-bin)" >&2
    exit 1
fi
# The same list as U8SCOPE_ICON_SIZES in resources/CMakeLists.txt.
for size in 16 22 24 32 48 64 128 256; do
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio \
        --output "resources/icons/u8scope-$size.png" resources/icons/u8scope.svg
done
echo "rendered resources/icons/u8scope-{16,22,24,32,48,64,128,256}.png"
