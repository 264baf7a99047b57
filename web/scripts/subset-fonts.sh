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

# The characters are the unicode-range of the cuts' @font-face rules in
# src/index.css, one list for both faces: Basic Latin and the few others the
# pages print (’ “ ” – — … © × á é ë, and the letters of the checkout's
# country names: Å ã ç í ô ü).
ranges=$(sed -n 's/^ *unicode-range: *\(.*\);$/\1/p' src/index.css | sort -u)
[ "$(wc -l <<<"$ranges")" -eq 1 ] || { echo "subset-fonts: the two cuts in src/index.css must list the same unicode-range" >&2; exit 1; }
unicodes=${ranges//, /,}
mkdir -p src/assets/fonts
for family in nunito fredoka; do
  /usr/bin/python3 -m fontTools.subset "node_modules/@fontsource-variable/$family/files/$family-latin-wght-normal.woff2" \
    --unicodes="$unicodes" --layout-features='*' --flavor=woff2 --output-file="src/assets/fonts/$family-basic-wght.woff2"
done
ls -l src/assets/fonts
