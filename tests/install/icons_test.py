#!/usr/bin/env python3
"""The committed icons: u8scope-N.png for exactly the sizes given, each an N x N PNG with an alpha
channel (its rounded corners are transparent), and the SVG square, so that every size the hicolor
theme looks up shows the same picture. scripts/render_icons.sh writes the PNGs from the SVG.

Usage: icons_test.py ICON_DIR SIZE...
"""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

from png_header import ALPHA_COLOUR_TYPES, png_header

icon_dir = pathlib.Path(sys.argv[1])
sizes = [int(size) for size in sys.argv[2:]]
failures = []


for size in sizes:
    path = icon_dir / f'u8scope-{size}.png'
    if not path.is_file():
        failures.append(f'{path}: missing (run scripts/render_icons.sh)')
        continue
    try:
        width, height, _depth, colour_type = png_header(path)
    except ValueError as error:
        failures.append(f'{path}: {error}')
        continue
    if (width, height) != (size, size):
        failures.append(f'{path}: {width} x {height}, not {size} x {size}')
    if colour_type not in ALPHA_COLOUR_TYPES:
        failures.append(f'{path}: colour type {colour_type} has no alpha channel')

# A PNG of a size not in the list would be committed but never installed.
wanted = {f'u8scope-{size}.png' for size in sizes}
for path in sorted(icon_dir.glob('u8scope-*.png')):
    if path.name not in wanted:
        failures.append(f'{path}: not one of the sizes {sizes} (add it to U8SCOPE_ICON_SIZES?)')

svg = ET.parse(icon_dir / 'u8scope.svg').getroot()
view_box = [float(v) for v in re.split(r'[\s,]+', svg.get('viewBox', '').strip()) if v]
if len(view_box) != 4 or view_box[2] != view_box[3]:
    failures.append(f'{icon_dir / "u8scope.svg"}: viewBox {view_box} is not square')

for failure in failures:
    print(failure)
if failures:
    sys.exit(1)
print(f'{len(sizes)} PNG icons of the right sizes, with alpha; the SVG is square')
