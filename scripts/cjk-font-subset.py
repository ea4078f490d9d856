#!/usr/bin/env python3
"""Subsets one face of a Noto Sans CJK collection to the given text and converts its CFF outlines to TrueType.

Used by scripts/guides.mjs: Chromium prints CFF fonts into PDFs as Type 3 glyphs (about twice the size), while
a TrueType subset is embedded as a compact CID font. Needs fontTools (Debian: python3-fonttools).

Usage: cjk-font-subset.py <collection.ttc> <family name, e.g. "Noto Sans CJK SC"> <text file> <out.ttf>
"""
import sys

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable


def find_face(path, family):
    for index, face in enumerate(TTCollection(path).fonts):
        if face["name"].getDebugName(1) == family:
            return TTFont(path, fontNumber=index)
    raise SystemExit(f"{family} not found in {path}")


def cff_to_truetype(font):
    glyph_order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = glyph_order
    glyf.glyphs = {}
    for name in glyph_order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones",):
        setattr(maxp, attr, 1)
    for attr in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 0)
    font["maxp"] = maxp
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = glyph_order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"


def main():
    collection, family, text_file, out = sys.argv[1:5]
    with open(text_file, encoding="utf-8") as handle:
        text = handle.read()
    font = find_face(collection, family)
    options = subset.Options()
    options.desubroutinize = True
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    cff_to_truetype(font)
    font.save(out)


if __name__ == "__main__":
    main()
