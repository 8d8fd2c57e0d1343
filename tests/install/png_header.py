"""The header of a PNG file, read by icons_test.py and installed_tree_test.py."""
import struct

PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'
# PNG colour types with alpha (PNG specification, section 11.2.2 IHDR): grey + alpha, RGB + alpha.
ALPHA_COLOUR_TYPES = {4: 'grey and alpha', 6: 'RGBA'}


def png_header(path):
    """(width, height, bit depth, colour type) from the IHDR chunk, which must come first."""
    with open(path, 'rb') as png:
        data = png.read(26)
    if data[:8] != PNG_SIGNATURE or data[12:16] != b'IHDR':
        raise ValueError('not a PNG file (no signature and IHDR chunk)')
    return struct.unpack('>IIBB', data[16:26])
