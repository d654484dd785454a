#!/usr/bin/env bash
# Draws the app's icon (an envelope with a "1" badge: the welcome email sent once) and writes it in the three
# formats jpackage takes: icon.png (Linux), icon.ico (Windows), icon.icns (macOS). Needs ImageMagick and python3.
# The files are committed; run this only to change the drawing.
set -euo pipefail
cd "$(dirname "$0")"
convert -size 256x256 xc:none -fill '#1f5f9e' -draw "roundrectangle 8,8 247,247 40,40" \
  -fill white -draw "roundrectangle 44,70 212,186 10,10" \
  -stroke '#1f5f9e' -strokewidth 8 -fill none -draw "polyline 48,76 128,136 208,76" \
  -stroke none -fill '#e53e3e' -draw "circle 196,196 196,244" \
  -fill white -font DejaVu-Sans-Bold -pointsize 44 -gravity center -annotate +68+70 "1" \
  -strip -depth 8 icon.png
convert icon.png -define icon:auto-resize=256,128,64,48,32,16 icon.ico
convert icon.png -resize 128x128 -strip /tmp/icon-128.png
# ImageMagick 6 cannot write ICNS: the format is a header and PNG entries (ic07 128 px, ic08 256 px)
python3 - <<'PY'
import struct
entries = b""
for kind, path in ((b"ic07", "/tmp/icon-128.png"), (b"ic08", "icon.png")):
    data = open(path, "rb").read()
    entries += kind + struct.pack(">I", 8 + len(data)) + data
open("icon.icns", "wb").write(b"icns" + struct.pack(">I", 8 + len(entries)) + entries)
PY
rm -f /tmp/icon-128.png
