#!/usr/bin/env bash
# make-audio.sh — synthesise spoken audio for the chapters of the seed book 弟子規.
#
# This script was run ONCE by hand; its outputs are committed to the repo:
#   server/seed/assets/audio/dizigui-01.mp3 … dizigui-08.mp3
#   server/seed/assets/audio/manifest.json   (serial, file, duration in whole seconds, rounded up)
# It is NOT run by CI or by any npm script.
#
# Needs (Debian/Ubuntu packages):  espeak-ng  lame  opencc   (plus node, already used by the project)
#   apt-get update && apt-get install -y espeak-ng lame opencc
#
# Re-run (from anywhere; paths are relative to the repo root):
#   bash scripts/make-audio.sh [path/to/dizigui.json]
# Default source: server/seed/classics/dizigui.json
# (shape {title, author, content:[{chapter, paragraphs[]}]}).
# Chapter serial N (1-based, in the file's order) = content[N-1].
#
# Notes on the voice (checked with espeak-ng 1.51, Debian 12):
# - The plain `cmn` voice ("latin as English") reads the internal pinyin tone digits aloud in
#   English (e.g. 你好 -> "ni three hao three"; see espeak-ng issues #1028 / #1370), so the
#   `cmn-latn-pinyin` voice is used; it yields one real Mandarin syllable per character.
# - The text is converted to simplified characters (opencc t2s) as TTS input only. With traditional
#   input every character is still voiced, but 盡/汙/於 get the wrong reading (jin3/wu2/yu1); the
#   simplified forms 尽/污/于 give jin4/wu1/yu2.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="${1:-$ROOT/server/seed/classics/dizigui.json}"
OUT="$ROOT/server/seed/assets/audio"
VOICE="cmn-latn-pinyin"
SPEED=150

for tool in espeak-ng lame opencc node; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
[ -f "$SRC" ] || { echo "source not found: $SRC" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# One text file per chapter: title, then each paragraph as a sentence. The spaces between the
# three-character phrases become commas (short pause), paragraphs end with 。(longer pause).
COUNT="$(node -e '
  const fs = require("fs");
  const [src, dir] = process.argv.slice(1);
  const book = JSON.parse(fs.readFileSync(src, "utf8"));
  book.content.forEach((c, i) => {
    const lines = [c.chapter + "。"].concat(
      c.paragraphs.map((p) => p.trim().split(/\s+/).join("，") + "。")
    );
    fs.writeFileSync(`${dir}/${String(i + 1).padStart(2, "0")}.txt`, lines.join("\n") + "\n");
  });
  process.stdout.write(String(book.content.length));
' "$SRC" "$TMP")"
echo "chapters: $COUNT"

for ((n = 1; n <= COUNT; n++)); do
  nn="$(printf '%02d' "$n")"
  opencc -c t2s.json -i "$TMP/$nn.txt" -o "$TMP/$nn.s.txt"
  espeak-ng -v "$VOICE" -s "$SPEED" -f "$TMP/$nn.s.txt" -w "$TMP/$nn.wav"
  # duration from the WAV sample count (before encoding), rounded up to whole seconds
  node -e '
    const fs = require("fs");
    const b = fs.readFileSync(process.argv[1]);
    let off = 12, rate = 0, align = 0, bytes = 0;
    while (off + 8 <= b.length) {
      const id = b.toString("ascii", off, off + 4);
      let size = b.readUInt32LE(off + 4);
      if (id === "fmt ") { rate = b.readUInt32LE(off + 12); align = b.readUInt16LE(off + 20); }
      if (id === "data") { bytes = Math.min(size, b.length - off - 8); if (size === 0 || size === 0xffffffff) bytes = b.length - off - 8; break; }
      off += 8 + size + (size & 1);
    }
    if (!rate || !align || !bytes) { console.error("bad wav " + process.argv[1]); process.exit(1); }
    process.stdout.write(String(Math.ceil(bytes / align / rate)));
  ' "$TMP/$nn.wav" >"$TMP/$nn.sec"
  lame --quiet -m m --resample 16 -b 24 "$TMP/$nn.wav" "$OUT/dizigui-$nn.mp3"
  echo "dizigui-$nn.mp3: $(cat "$TMP/$nn.sec") s, $(wc -c <"$OUT/dizigui-$nn.mp3") bytes"
done

node -e '
  const fs = require("fs");
  const [dir, out, count] = process.argv.slice(1);
  const chapters = [];
  for (let n = 1; n <= Number(count); n++) {
    const nn = String(n).padStart(2, "0");
    chapters.push({ serial: n, file: `dizigui-${nn}.mp3`, seconds: Number(fs.readFileSync(`${dir}/${nn}.sec`, "utf8")) });
  }
  const manifest = { source: "dizigui.json", voice: "espeak-ng cmn-latn-pinyin", chapters };
  fs.writeFileSync(`${out}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
' "$TMP" "$OUT" "$COUNT"

echo "total: $(du -cb "$OUT"/dizigui-*.mp3 | tail -1 | cut -f1) bytes"
