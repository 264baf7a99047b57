#!/usr/bin/env bash
# The two faces every page paints with, cut down to the characters the
# shop's pages use (src/assets/fonts/*-basic-wght.woff2, committed): 46 KiB
# instead of the 69 KiB of the whole Latin faces, on the first paint of every
# page on a slow phone network. index.css declares them after the whole
# faces, so a character outside (a name with a letter they lack) still gets
# its glyph from the whole face, fetched only then. Run again after a font
# update: needs Debian's python3-fonttools and python3-brotli.
set -euo pipefail
cd "$(dirname "$0")/.."

# Basic Latin and the few others the pages print (’ “ ” – — … © × á é ë, and
# the letters of the checkout's country names: Å ã ç í ô ü); index.css's
# unicode-range lists the same.
unicodes="U+0020-007E,U+00A0,U+00A9,U+00AE,U+00B7,U+00C5,U+00D7,U+00E1,U+00E3,U+00E7,U+00E9,U+00EB,U+00ED,U+00F4,U+00FC,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026"
mkdir -p src/assets/fonts
for family in nunito fredoka; do
  /usr/bin/python3 -m fontTools.subset "node_modules/@fontsource-variable/$family/files/$family-latin-wght-normal.woff2" \
    --unicodes="$unicodes" --layout-features='*' --flavor=woff2 --output-file="src/assets/fonts/$family-basic-wght.woff2"
done
ls -l src/assets/fonts
