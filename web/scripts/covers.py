#!/usr/bin/python3
# Generates web/public/covers/book-{1..10}.svg: original cover art for the ten books.
# Cover text is drawn as outlines of Fredoka (the site's display font, from
# node_modules), so a cover looks the same in every browser, with or without
# the font installed, and each line is sized to fit its space.
# Needs fontTools and brotli (Debian: python3-fonttools python3-brotli).
import os
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'public', 'covers')
FONT_FILE = os.path.join(HERE, '..', 'node_modules', '@fontsource-variable', 'fredoka', 'files', 'fredoka-latin-wght-normal.woff2')
os.makedirs(OUT, exist_ok=True)

_fonts = {}
def _font(weight):
    if weight not in _fonts:
        f = TTFont(FONT_FILE)
        f = instancer.instantiateVariableFont(f, {'wght': weight})
        _fonts[weight] = (f, f.getGlyphSet(), f.getBestCmap(), f['hmtx'], f['head'].unitsPerEm)
    return _fonts[weight]

def text_width(text, size, weight=700):
    _, _, cmap, hmtx, upem = _font(weight)
    return sum(hmtx[cmap[ord(c)]][0] for c in text) * size / upem

def T(x, y, text, size, weight=700, fill='#2b2118', anchor='middle', stroke=None, stroke_width=8, max_width=None, skew=0):
    """One line of text as a filled outline; shrunk to max_width when it would overflow."""
    if max_width and text_width(text, size, weight) > max_width:
        size = size * max_width / text_width(text, size, weight)
    _, glyphs, cmap, hmtx, upem = _font(weight)
    scale = size / upem
    width = text_width(text, size, weight)
    x0 = x - width / 2 if anchor == 'middle' else x
    pen = SVGPathPen(glyphs, lambda v: f'{v:.1f}'.rstrip('0').rstrip('.'))
    for c in text:
        name = cmap[ord(c)]
        glyphs[name].draw(TransformPen(pen, (scale, 0, -skew * scale, -scale, x0, y)))
        x0 += hmtx[name][0] * scale
    outline = f' stroke="{stroke}" stroke-width="{stroke_width}" stroke-linejoin="round" paint-order="stroke"' if stroke else ''
    return f'<path d="{pen.getCommands()}" fill="{fill}"{outline}/>'

def eyes(y=58):
    return (f'<circle cx="47" cy="{y}" r="5" fill="#1c1917"/><circle cx="73" cy="{y}" r="5" fill="#1c1917"/>'
            f'<circle cx="49" cy="{y-2}" r="1.6" fill="#fff"/><circle cx="75" cy="{y-2}" r="1.6" fill="#fff"/>')
def smile(y=78):
    return f'<path d="M50 {y}q10 8 20 0" stroke="#7c2d12" stroke-width="3" fill="none" stroke-linecap="round"/>'

P = {
 'siso': ('<circle cx="30" cy="30" r="14" fill="#f97316"/><circle cx="90" cy="30" r="14" fill="#f97316"/>'
          '<circle cx="30" cy="30" r="7" fill="#fed7aa"/><circle cx="90" cy="30" r="7" fill="#fed7aa"/>'
          '<circle cx="60" cy="64" r="42" fill="#f97316"/>'
          '<path d="M52 24l3 14M68 24l-3 14M18 58h14M18 70h12M88 58h14M90 70h12" stroke="#7c2d12" stroke-width="4" stroke-linecap="round"/>'
          '<ellipse cx="60" cy="80" rx="24" ry="17" fill="#fff7ed"/>' + eyes() +
          '<ellipse cx="60" cy="72" rx="7" ry="5" fill="#7c2d12"/>' + smile(82)),
 'nainni': ('<ellipse cx="44" cy="26" rx="10" ry="26" fill="#f9a8d4"/><ellipse cx="76" cy="26" rx="10" ry="26" fill="#f9a8d4"/>'
            '<ellipse cx="44" cy="28" rx="5" ry="18" fill="#fce7f3"/><ellipse cx="76" cy="28" rx="5" ry="18" fill="#fce7f3"/>'
            '<circle cx="60" cy="70" r="38" fill="#fbcfe8"/><circle cx="38" cy="76" r="7" fill="#f9a8d4" opacity=".7"/>'
            '<circle cx="82" cy="76" r="7" fill="#f9a8d4" opacity=".7"/>' + eyes(64) +
            '<path d="M56 74l4 4 4-4z" fill="#db2777"/><path d="M60 78v5M52 86q8 5 16 0" stroke="#9d174d" stroke-width="3" fill="none" stroke-linecap="round"/>'),
 'lizzie': ('<path d="M6 120L16 86C28 96 46 98 58 94L54 120Z" fill="#22c55e"/>'
            '<path d="M20 70l-4-15 11 8 1-15 10 11 4-14 8 12 7-12 5 13" fill="#f97316" stroke="#f97316" stroke-width="3" stroke-linejoin="round"/>'
            '<path d="M16 90C12 60 34 40 64 40C90 40 110 54 112 68C113 78 104 84 92 86L42 98C30 100 18 98 16 90Z" fill="#4ade80"/>'
            '<path d="M42 98L92 86C100 84 106 80 109 75C96 82 70 87 40 90Z" fill="#bbf7d0"/>'
            '<path d="M58 82Q84 82 106 73" stroke="#166534" stroke-width="3" fill="none" stroke-linecap="round"/>'
            '<circle cx="70" cy="56" r="12" fill="#fff"/><circle cx="73" cy="57" r="6.5" fill="#1c1917"/><circle cx="75" cy="54.5" r="2" fill="#fff"/>'
            '<path d="M57 48Q70 38 83 48" stroke="#16a34a" stroke-width="4" fill="none" stroke-linecap="round"/>'
            '<circle cx="104" cy="62" r="2.2" fill="#166534"/><circle cx="86" cy="76" r="5" fill="#f9a8d4" opacity=".8"/>'
            '<circle cx="38" cy="72" r="5" fill="#16a34a"/><circle cx="28" cy="84" r="3.5" fill="#16a34a"/><circle cx="48" cy="60" r="3" fill="#16a34a"/>'),
 'feefee': ('<ellipse cx="22" cy="60" rx="20" ry="28" fill="#93c5fd"/><ellipse cx="98" cy="60" rx="20" ry="28" fill="#93c5fd"/>'
            '<ellipse cx="24" cy="60" rx="12" ry="19" fill="#dbeafe"/><ellipse cx="96" cy="60" rx="12" ry="19" fill="#dbeafe"/>'
            '<circle cx="60" cy="58" r="36" fill="#93c5fd"/>' + eyes(52) +
            '<path d="M60 66c0 20-2 32 10 40" stroke="#93c5fd" stroke-width="16" fill="none" stroke-linecap="round"/>'
            '<path d="M42 72q-6 8-2 14M78 72q6 8 2 14" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>'
            '<circle cx="40" cy="66" r="5" fill="#f9a8d4" opacity=".7"/><circle cx="80" cy="66" r="5" fill="#f9a8d4" opacity=".7"/>'),
}

def ch(name, x, y, size, rot=0):
    s = size / 120
    return f'<g transform="translate({x} {y}) rotate({rot} {size/2} {size/2}) scale({s:.3f})">{P[name]}</g>'


def title_block(lines, color, y0=78, size=38, shadow='#ffffff'):
    out = []
    for i, line in enumerate(lines):
        y = y0 + i * (size + 6)
        out.append(T(200, y, line, size, fill=color, stroke=shadow, max_width=340))
    return ''.join(out)

def author(name, color='#2b2118', bg='#ffffff'):
    return (f'<rect x="90" y="540" width="220" height="36" rx="18" fill="{bg}" opacity=".92"/>'
            + T(200, 564, name, 17, 600, fill=color, max_width=196))

def frame(bg, body, label):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img" aria-label="{label}">'
            f'<defs>{bg[0]}</defs><rect width="400" height="600" fill="{bg[1]}"/>{body}'
            '<rect x="0" y="0" width="14" height="600" fill="#000" opacity=".08"/>'
            '<rect x="6" y="6" width="388" height="588" rx="14" fill="none" stroke="#fff" stroke-width="4" opacity=".55"/></svg>')

def lg(id, c1, c2, vertical=True):
    d = 'x1="0" y1="0" x2="0" y2="1"' if vertical else 'x1="0" y1="0" x2="1" y2="1"'
    return f'<linearGradient id="{id}" {d}><stop offset="0" stop-color="{c1}"/><stop offset="1" stop-color="{c2}"/></linearGradient>'

def stars(pts, color='#fde047', r=4):
    return ''.join(f'<path d="M{x} {y-r*2}l{r*.6} {r*1.4} {r*1.4} {r*.6}-{r*1.4} {r*.6}-{r*.6} {r*1.4}-{r*.6}-{r*1.4}-{r*1.4}-{r*.6} {r*1.4}-{r*.6}z" fill="{color}"/>' for x, y in pts)

covers = {}

# 1 Siso and the Stripe That Got Away: jungle, footprints, a runaway stripe
covers[1] = frame((lg('g', '#fde68a', '#86efac'), 'url(#g)'),
    '<circle cx="320" cy="120" r="60" fill="#fef08a" opacity=".8"/>'
    '<path d="M0 430q80-60 200-20t200-10V600H0z" fill="#22c55e"/><path d="M0 480q120-40 220 0t180 0V600H0z" fill="#16a34a"/>'
    '<path d="M30 600V300q10-40 30-10M370 600V280q-12-40-30-6" stroke="#15803d" stroke-width="14" fill="none" stroke-linecap="round"/>'
    '<ellipse cx="60" cy="290" rx="46" ry="18" fill="#15803d" transform="rotate(-25 60 290)"/><ellipse cx="345" cy="275" rx="46" ry="18" fill="#15803d" transform="rotate(25 345 275)"/>'
    + ch('siso', 90, 300, 200, -6) +
    '<path d="M300 380q20-30 40-10t30-20" stroke="#7c2d12" stroke-width="10" fill="none" stroke-linecap="round"/>'
    '<circle cx="330" cy="355" r="4" fill="#1c1917"/><circle cx="346" cy="350" r="4" fill="#1c1917"/>'
    + ''.join(f'<ellipse cx="{x}" cy="{y}" rx="7" ry="10" fill="#f97316" opacity=".85" transform="rotate(30 {x} {y})"/>' for x, y in [(300,470),(325,455),(350,480),(372,462)])
    + title_block(['Siso and the', 'Stripe That', 'Got Away'], '#c2410c') + author('Amara Okafor'),
    'Siso and the Stripe That Got Away')

# 2 Nainni Counts the Carrots: garden rows, numbered carrots
carrots = ''.join(
    f'<g transform="translate({x} {y})"><path d="M0 0l10 48 10-48z" fill="#f97316"/><path d="M10 0q-8-20-14-22M10 0q0-22 0-26M10 0q8-20 14-22" stroke="#22c55e" stroke-width="5" fill="none" stroke-linecap="round"/>'
    + T(10, 28, str(n), 15, fill='#fff') + '</g>'
    for n, (x, y) in enumerate([(40,440),(90,460),(300,455),(345,435)], 1))
covers[2] = frame((lg('g', '#bae6fd', '#fef9c3'), 'url(#g)'),
    '<circle cx="80" cy="200" r="26" fill="#fff" opacity=".85"/><circle cx="108" cy="196" r="20" fill="#fff" opacity=".85"/>'
    '<path d="M0 420h400v180H0z" fill="#a16207"/><path d="M0 440h400M0 490h400M0 540h400" stroke="#854d0e" stroke-width="8"/>'
    + carrots + ch('nainni', 100, 250, 200) +
    '<circle cx="330" cy="250" r="12" fill="#ef4444"/><circle cx="326" cy="246" r="2.5" fill="#1c1917"/><circle cx="334" cy="254" r="2.5" fill="#1c1917"/>'
    + title_block(['Nainni Counts', 'the Carrots'], '#be185d')
    + T(200, 185, '1 · 2 · 3 · 4 · 5', 22, fill='#0369a1')
    + author('Priya Raman'),
    'Nainni Counts the Carrots')

# 3 Our First Adventure: all four friends, rainbow lake, two paths
rainbow = ''.join(f'<path d="M40 400a160 160 0 0 1 320 0" stroke="{c}" stroke-width="16" fill="none" transform="translate(0 {i*16})"/>'
                  for i, c in enumerate(['#ef4444', '#f97316', '#facc15', '#22c55e', '#3b82f6', '#8b5cf6']))
covers[3] = frame((lg('g', '#fbcfe8', '#fed7aa'), 'url(#g)'),
    rainbow + '<ellipse cx="200" cy="500" rx="220" ry="70" fill="#38bdf8"/><ellipse cx="200" cy="490" rx="150" ry="30" fill="#7dd3fc"/>'
    + ch('siso', 24, 330, 104, -8) + ch('nainni', 118, 300, 98, 4) + ch('lizzie', 206, 332, 92, -4) + ch('feefee', 286, 322, 96, 6)
    + stars([(60, 200), (340, 190), (300, 240), (90, 250)], '#fff', 5)
    + title_block(['Our First', 'Adventure'], '#7c3aed', 90, 46) +
    '<rect x="80" y="160" width="240" height="32" rx="16" fill="#facc15"/>' + T(200, 182, 'You choose what happens next!', 15, max_width=212)
    + author('Hannah Lindqvist'),
    'Our First Adventure')

# 4 Lizzie and the Case of the Missing Sun Hat: magnifying glass, sunny valley
covers[4] = frame((lg('g', '#fef3c7', '#fdba74'), 'url(#g)'),
    '<circle cx="330" cy="220" r="44" fill="#facc15"/>' + ''.join(f'<path d="M330 220l{70*__import__("math").cos(a):.1f} {70*__import__("math").sin(a):.1f}" stroke="#facc15" stroke-width="6" stroke-linecap="round"/>' for a in [i*0.785 for i in range(8)])
    + '<path d="M0 450q100-70 200-30t200-30V600H0z" fill="#84cc16"/><path d="M0 500q100-30 200 0t200 0V600H0z" fill="#65a30d"/>'
    + ch('lizzie', 70, 300, 190, 0) +
    '<circle cx="275" cy="400" r="40" fill="#e0f2fe" opacity=".7" stroke="#78350f" stroke-width="10"/><path d="M303 428l40 44" stroke="#78350f" stroke-width="14" stroke-linecap="round"/>'
    + T(330, 330, '?', 60, fill='#7c2d12', anchor='start') +
    '<g transform="translate(40 470) rotate(-12)"><ellipse cx="40" cy="20" rx="42" ry="10" fill="#fde68a" stroke="#b45309" stroke-width="3"/><path d="M16 20q24-36 48 0" fill="#fde68a" stroke="#b45309" stroke-width="3"/><path d="M18 16h44" stroke="#ec4899" stroke-width="5"/></g>'
    + title_block(['Lizzie and the Case', 'of the Missing', 'Sun Hat'], '#15803d', 72, 32) + author('Tomás Ferreira'),
    'Lizzie and the Case of the Missing Sun Hat')

# 5 FeeFee Is Brave Enough: dusk savanna, a tiny lantern
covers[5] = frame((lg('g', '#7dd3fc', '#fda4af'), 'url(#g)'),
    '<circle cx="80" cy="230" r="40" fill="#fde68a" opacity=".9"/>'
    '<path d="M0 470q200-60 400 0V600H0z" fill="#fb923c"/><path d="M0 510q200-40 400 0V600H0z" fill="#ea580c"/>'
    '<path d="M330 470v-70M300 410q30-30 60 0q-30-14-60 0z" stroke="#7c2d12" stroke-width="8" fill="#65a30d"/>'
    + ch('feefee', 80, 280, 220) +
    '<g transform="translate(300 380)"><path d="M0 0h24v34H0z" fill="#fef08a" stroke="#92400e" stroke-width="3"/><path d="M12 -10v10" stroke="#92400e" stroke-width="3"/><circle cx="12" cy="17" r="18" fill="#fde047" opacity=".35"/></g>'
    '<path d="M330 150c-10-18-40-8-30 14l30 26 30-26c10-22-20-32-30-14z" fill="#ec4899" opacity=".85"/>'
    + title_block(['FeeFee Is', 'Brave Enough'], '#1d4ed8', 80, 44) + author('Grace Mwangi'),
    'FeeFee Is Brave Enough')

# 6 The Night the Stars Fell into the Pond: night sky, glowing pond
covers[6] = frame((lg('g', '#312e81', '#7c3aed'), 'url(#g)'),
    stars([(50,190),(120,230),(330,180),(360,260),(260,220),(80,300),(300,320)], '#fde047', 5)
    + '<path d="M320 170a40 40 0 1 0 40 50a32 32 0 1 1-40-50z" fill="#fef9c3"/>'
    '<path d="M0 430q200-50 400 0V600H0z" fill="#1e3a8a"/><ellipse cx="200" cy="500" rx="170" ry="50" fill="#0ea5e9" opacity=".8"/>'
    + stars([(150,495),(210,510),(260,490),(180,475)], '#fef08a', 6)
    + ch('nainni', 40, 340, 130, -6) + ch('siso', 240, 350, 125, 6)
    + title_block(['The Night the Stars', 'Fell into the Pond'], '#fef08a', 80, 32, '#312e81') + author('Oliver Bennett', '#fff', '#4c1d95'),
    'The Night the Stars Fell into the Pond')

# 7 Kind Words, Warm Hearts: hearts and speech bubbles
hearts = ''.join(f'<path transform="translate({x} {y}) scale({s})" d="M0 6c-6-12-24-8-20 6l20 18 20-18c4-14-14-18-20-6z" fill="{c}"/>'
                 for x, y, s, c in [(60,210,1.2,'#f472b6'),(340,230,1.4,'#fb7185'),(330,470,1,'#f472b6'),(70,480,1.3,'#fb7185'),(200,190,.9,'#f9a8d4')])
covers[7] = frame((lg('g', '#fce7f3', '#fed7aa'), 'url(#g)'),
    hearts + '<path d="M0 520q200-40 400 0V600H0z" fill="#fdba74"/>'
    '<g transform="translate(240 250)"><rect width="120" height="60" rx="24" fill="#fff"/><path d="M20 56l-6 20 24-18z" fill="#fff"/>'
    + T(60, 38, 'Thank you!', 20, fill='#db2777', max_width=104) + '</g>'
    + ch('siso', 100, 300, 210, 0)
    + title_block(['Kind Words,', 'Warm Hearts'], '#be123c', 84, 44) + author('Amara Okafor'),
    'Kind Words, Warm Hearts')

# 8 Where Do Elephants Sleep?: moonlit savanna with fact badges
covers[8] = frame((lg('g', '#0ea5e9', '#a7f3d0'), 'url(#g)'),
    '<path d="M0 450q200-40 400 0V600H0z" fill="#facc15"/><path d="M0 500q200-30 400 0V600H0z" fill="#eab308"/>'
    '<path d="M60 450v-100M20 360q40-40 80 0q-40-16-80 0z" stroke="#78350f" stroke-width="8" fill="#16a34a"/>'
    + ch('feefee', 140, 300, 210)
    + '<g opacity=".9">' + T(320, 300, 'z', 40, fill='#fff', anchor='start') + T(345, 265, 'z', 30, fill='#fff', anchor='start') + T(362, 238, 'z', 22, fill='#fff', anchor='start') + '</g>'
    '<circle cx="80" cy="230" r="30" fill="#fff" opacity=".95"/>' + T(80, 240, '?', 28, fill='#0369a1')
    + title_block(['Where Do', 'Elephants Sleep?'], '#0c4a6e', 84, 40) + author('Dr. Leila Haddad'),
    'Where Do Elephants Sleep?')

# 9 The Mystery of the Whispering Library: shelves, a torch beam
shelves = ''.join(f'<rect x="20" y="{y}" width="360" height="10" fill="#78350f"/>' + ''.join(
    f'<rect x="{x}" y="{y-44+h}" width="18" height="{44-h}" fill="{c}" rx="2"/>' for x, h, c in zip(range(30, 380, 22), [0,6,2,10,0,4,8,2,0,6,3,9,1,5,0,7], ['#ef4444','#3b82f6','#facc15','#22c55e','#a855f7','#f97316','#ec4899','#14b8a6']*2))
    for y in [250, 330])
covers[9] = frame((lg('g', '#1e1b4b', '#4c1d95'), 'url(#g)'),
    shelves + '<path d="M150 560L320 360l60 60z" fill="#fef08a" opacity=".35"/>'
    '<path d="M0 520h400v80H0z" fill="#3b0764"/>'
    + ch('lizzie', 40, 390, 140, -4) + ch('nainni', 200, 380, 130, 6)
    + T(270, 370, 'psst...', 18, 500, fill='#e9d5ff', anchor='start', skew=0.2) + T(40, 370, 'shhh!', 18, 500, fill='#e9d5ff', anchor='start', skew=0.2)
    + title_block(['The Mystery of the', 'Whispering Library'], '#fde68a', 82, 32, '#1e1b4b') + author('Tomás Ferreira', '#fff', '#6d28d9'),
    'The Mystery of the Whispering Library')

# 10 Nainni's Garden Party: bunting, cake, lanterns
bunting = '<path d="M0 200q200 50 400 0" stroke="#7c2d12" stroke-width="3" fill="none"/>' + ''.join(
    f'<path d="M{x} {200+ (1-((x-200)/200)**2)*25:.0f}l14 0-7 22z" fill="{c}"/>' for x, c in zip(range(20, 400, 34), ['#ef4444','#facc15','#22c55e','#3b82f6','#ec4899','#f97316']*2))
covers[10] = frame((lg('g', '#fef9c3', '#bbf7d0'), 'url(#g)'),
    bunting + '<path d="M0 470q200-40 400 0V600H0z" fill="#4ade80"/>'
    + ''.join(f'<circle cx="{x}" cy="{y}" r="12" fill="{c}"/><circle cx="{x}" cy="{y}" r="4" fill="#fde047"/>' for x, y, c in [(40,490,'#f472b6'),(360,500,'#facc15'),(320,540,'#60a5fa'),(80,545,'#f97316')])
    + ch('nainni', 40, 290, 180, -4) +
    '<g transform="translate(240 370)"><rect x="0" y="40" width="110" height="60" rx="8" fill="#f9a8d4"/><rect x="10" y="10" width="90" height="34" rx="8" fill="#fbcfe8"/>'
    '<path d="M0 60q14 10 28 0t27 0 27 0 28 0" stroke="#fff" stroke-width="6" fill="none"/><path d="M55 10v-18" stroke="#f97316" stroke-width="5"/><ellipse cx="55" cy="-12" rx="5" ry="8" fill="#facc15"/>'
    '<circle cx="30" cy="25" r="5" fill="#ef4444"/><circle cx="80" cy="25" r="5" fill="#ef4444"/></g>'
    + title_block(['Nainni\u2019s', 'Garden Party'], '#c026d3', 88, 46) + author('Priya Raman'),
    "Nainni's Garden Party")

for i, svg in covers.items():
    with open(f'{OUT}/book-{i}.svg', 'w') as f:
        f.write(svg.replace("Nainni's", 'Nainni&#8217;s') + '\n')
print('ok', len(covers))
