"""Colour arithmetic for checking the game's palette on the host: are the card colours still told
apart under a simulated colour-vision deficiency, and does the text on them keep its contrast?

A test can ask for the smallest `distance` between any two row colours, in normal vision and after
`simulate` for each kind, and for the `contrast` of the text colour on each card colour.

- `luminance`, `contrast`: WCAG 2.x relative luminance and contrast ratio
  (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance, #dfn-contrast-ratio).
- `simulate`: Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
  Color Vision Deficiency", IEEE TVCG 15(6), 2009, pp. 1291-1298; the severity 1.0 (dichromat)
  matrices from the paper's table of precomputed simulation matrices (its supplementary material,
  https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html), applied in
  linear RGB.
- `lab`: sRGB (IEC 61966-2-1, D65) to CIE XYZ to CIELAB, D65 white.
- `ciede2000`, `distance`: CIEDE2000 as written out in Sharma, Wu and Dalal, "The CIEDE2000
  Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
  Observations", Color Research and Application 30(1), 2005, pp. 21-30 (kL = kC = kH = 1).

Colours are ints 0xRRGGBB, as in firmware/table.py.
"""

import math

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
KINDS = tuple(MACHADO)
# sRGB linear -> XYZ (D65); its rows sum to the white below.
_XYZ = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750), (0.0193339, 0.1191920, 0.9503041))
WHITE = (0.95047, 1.0, 1.08883)


def _linear(rgb):
    # The sRGB threshold 0.04045 (IEC 61966-2-1); WCAG 2.x's text says 0.03928, from an older draft.
    # No 8-bit value lies between the two (10/255 = 0.0392, 11/255 = 0.0431), so nothing changes.
    out = []
    for shift in (16, 8, 0):
        c = ((rgb >> shift) & 0xFF) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def _encode(lin):
    out = 0
    for c in lin:
        c = min(1.0, max(0.0, c))
        c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
        out = out << 8 | round(c * 255)
    return out


def _mul(m, v):
    return [sum(m[i][j] * v[j] for j in range(3)) for i in range(3)]


def luminance(rgb):
    r, g, b = _linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate(rgb, kind):
    """rgb as a dichromat of that kind sees it (Machado et al. 2009, severity 1.0)."""
    return _encode(_mul(MACHADO[kind], _linear(rgb)))


def lab(rgb):
    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(c / w) for c, w in zip(_mul(_XYZ, _linear(rgb)), WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2):
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    cbar7 = ((math.hypot(a1, b1) + math.hypot(a2, b2)) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cbar7 / (cbar7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = h2 - h1
    if c1 * c2 == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lbar, cbar = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    s_l = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    s_c = 1 + 0.045 * cbar
    s_h = 1 + 0.015 * cbar * t
    d_theta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    r_t = -math.sin(math.radians(2 * d_theta)) * 2 * math.sqrt(cbar**7 / (cbar**7 + 25**7))
    x, y, z = d_l / s_l, d_c / s_c, d_h / s_h
    return math.sqrt(x * x + y * y + z * z + r_t * y * z)


def distance(a, b):
    return ciede2000(lab(a), lab(b))
