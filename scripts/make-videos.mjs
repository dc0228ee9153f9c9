// Makes the demo video clips and the video test fixtures, here, from nothing fetched: a slowly
// turning colour gradient with the clip's title and a few lines of a seeded classic drawn in the
// WenQuanYi Micro Hei font (ffmpeg lavfi + drawtext), the title and the lines spoken by espeak-ng's
// Mandarin voice. Run once, then commit the files:
//   node --import tsx scripts/make-videos.mjs              (clips and fixtures)
//   node --import tsx scripts/make-videos.mjs --clips      (only the clips)
//   node --import tsx scripts/make-videos.mjs --fixtures   (only the test fixtures)
// Needs (Debian packages): ffmpeg espeak-ng opencc fonts-wqy-microhei.
//
// Clips: server/seed/assets/videos/<slug>.mp4 (H.264 main@3.0 yuv420p + AAC mono, moov first for
// a fast first frame), <slug>.jpg (a frame with everything drawn: the cover) and manifest.json
// (array of {file, cover, title, description, durationMs, width, height, channel, album,
// albumSort, bookName}; durationMs as ffprobe reads the file). The seed only reads them.
// Fixtures: server/test/fixtures/video-5s.mp4, video-61s.mp4, video-portrait-3s.mov and
// not-a-video.mp4 (a PNG under a video name).
//
// The voice is `cmn-latn-pinyin`, as in scripts/make-audio.sh: plain `cmn` reads some tone digits
// aloud in English. The spoken text is converted to simplified characters (opencc t2s) and a few
// readings are fixed by substitution (TTS input only); the screen shows the source text as the
// book has it.
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadSeedBooks } from '../server/seed/classics/catalogue.ts'

// paths below are relative to the repository root, wherever the script is started from
process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))

const OUT = 'server/seed/assets/videos'
const FIXTURES = 'server/test/fixtures'
const CLASSICS = 'server/seed/classics'
const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'
const VOICE = 'cmn-latn-pinyin'
const SPEED = 165
const FPS = 24
/** Seeded book names by key, filled in by checkTexts(). */
const bookNames = {}

/** Channel colours: two gradient colours, the accent (rules, subtitle) and the text colour. */
const CHANNELS = {
  经典诵读: { c0: '0x7b241c', c1: '0x3b1410', accent: '0xf3d9a4', text: '0xfdf6e3' },
  诗词赏析: { c0: '0x1f5f6b', c1: '0x0e2f36', accent: '0xe6c15a', text: '0xf4f1e6' },
  名家讲书: { c0: '0x2e3a6b', c1: '0x151b36', accent: '0xc9d4ff', text: '0xf2f4ff' },
  童蒙启蒙: { c0: '0xb8691d', c1: '0x5c3210', accent: '0xfff1c9', text: '0xfffaf0' },
}

/**
 * The clips. `lines` are shown and spoken in order and must occur, in this order and without
 * gaps (whitespace aside), in the named chapter of the seeded book `book` (the book's key);
 * `say` is the spoken form of the title. Portrait clips are 360x640, the others 640x360.
 */
const CLIPS = [
  {
    slug: 'lunyu-xueer',
    book: 'lunyu',
    chapter: '学而篇',
    lines: ['子曰：“学而时习之，不亦说乎？', '有朋自远方来，不亦乐乎？'],
    title: '论语·学而：学而时习之',
    say: '论语，学而篇',
    description: '《论语》开篇第一章。学了又时常温习，朋友从远方来，都是人生乐事。',
    channel: '经典诵读',
    album: '论语十则',
    albumSort: 1,
  },
  {
    slug: 'lunyu-weizheng',
    book: 'lunyu',
    chapter: '为政篇',
    lines: ['子曰：“温故而知新，', '可以为师矣。”'],
    title: '论语·为政：温故而知新',
    say: '论语，为政篇',
    description: '温习旧知识而能有新的体会，就可以做老师了。《论语·为政》名句诵读。',
    channel: '经典诵读',
    album: '论语十则',
    albumSort: 2,
  },
  {
    slug: 'daxue',
    book: 'daxue',
    chapter: '大學',
    lines: ['大學之道，在明明德，', '在親民，在止於至善。'],
    title: '大学：大学之道，在明明德',
    say: '大学',
    description: '《大学》开篇的三纲领：明明德、亲民、止于至善。',
    channel: '经典诵读',
    album: null,
    albumSort: 0,
  },
  {
    slug: 'tang-dengguanque',
    book: 'tangshi',
    chapter: '五言絕句',
    lines: ['白日依山盡，黃河入海流。', '欲窮千里目，更上一層樓。'],
    title: '登鹳雀楼·王之涣',
    say: '登鹳雀楼，王之涣',
    description: '唐诗三百首·五言绝句。登高望远，更上一层楼。',
    channel: '诗词赏析',
    album: '唐诗朗读',
    albumSort: 1,
  },
  {
    slug: 'tang-xiangsi',
    book: 'tangshi',
    chapter: '五言絕句',
    lines: ['紅豆生南國，春來發幾枝。', '願君多采擷，此物最相思。'],
    title: '相思·王维',
    say: '相思，王维',
    description: '唐诗三百首·五言绝句。王维借红豆寄托思念之情。',
    channel: '诗词赏析',
    album: '唐诗朗读',
    albumSort: 2,
    portrait: true,
  },
  {
    slug: 'shijing-guanju',
    book: 'shijing',
    chapter: '国风·周南',
    lines: ['关关雎鸠，在河之洲。', '窈窕淑女，君子好逑。'],
    title: '诗经·关雎',
    say: '诗经，关雎',
    description: '《诗经》第一篇，出自国风·周南。',
    channel: '诗词赏析',
    album: null,
    albumSort: 0,
    portrait: true,
  },
  {
    slug: 'mengzi-lianghuiwang',
    book: 'mengzi',
    chapter: '梁惠王上',
    lines: ['孟子對曰：「王何必曰利？', '亦有仁義而已矣。'],
    title: '孟子见梁惠王：何必曰利',
    say: '孟子，梁惠王上',
    description: '《孟子》开篇。梁惠王问如何利国，孟子答以仁义。',
    channel: '名家讲书',
    album: null,
    albumSort: 0,
  },
  {
    slug: 'guwen-loushiming',
    book: 'guwen',
    chapter: '陋室銘',
    lines: ['山不在高，有仙則名。', '水不在深，有龍則靈。', '斯是陋室，惟吾德馨。'],
    title: '古文观止·陋室铭',
    say: '古文观止，陋室铭',
    description: '刘禹锡《陋室铭》开头三句：居室虽陋，主人品德高尚便不觉其陋。',
    channel: '名家讲书',
    album: null,
    albumSort: 0,
  },
  {
    slug: 'sanzijing-renzhichu',
    book: 'sanzijing',
    chapter: '三字經',
    lines: ['人之初，性本善，', '性相近，習相遠。'],
    title: '三字经：人之初，性本善',
    say: '三字经',
    description: '《三字经》开篇四句，跟着读一读。',
    channel: '童蒙启蒙',
    album: '三字经启蒙',
    albumSort: 1,
  },
  {
    slug: 'sanzijing-mengmu',
    book: 'sanzijing',
    chapter: '三字經',
    lines: ['昔孟母，擇鄰處，', '子不學，斷機杼。'],
    title: '三字经：昔孟母，择邻处',
    say: '三字经',
    description: '孟母三迁、断机教子的故事。',
    channel: '童蒙启蒙',
    album: '三字经启蒙',
    albumSort: 2,
  },
  {
    slug: 'dizigui-zongxu',
    book: 'dizigui',
    chapter: '總敘',
    lines: ['弟子規 聖人訓', '首孝弟 次謹信'],
    title: '弟子规·总叙',
    say: '弟子规，总叙',
    description: '《弟子规》总叙：先讲孝悌，再讲谨信。',
    channel: '童蒙启蒙',
    album: '《弟子规》诵读',
    albumSort: 1,
  },
  {
    slug: 'dizigui-ruzexiao',
    book: 'dizigui',
    chapter: '入則孝',
    lines: ['父母呼 應勿緩', '父母命 行勿懶'],
    title: '弟子规·入则孝',
    say: '弟子规，入则孝',
    description: '《弟子规·入则孝》：父母呼唤要及时应答，父母吩咐要马上去做。',
    channel: '童蒙启蒙',
    album: '《弟子规》诵读',
    albumSort: 2,
    portrait: true,
  },
]

/**
 * Readings espeak-ng 1.51 gets wrong in these lines (simplified input), replaced by characters it
 * reads right (checked with `espeak-ng -v cmn-latn-pinyin -q -x`); 孟 alone comes out as two
 * syllables.
 */
const READINGS = [
  ['论语', '伦语'],
  ['曰', '月'],
  ['说乎', '悦乎'],
  ['为师', '维师'],
  ['孟', '梦'],
  ['邻处', '邻础'],
  ['孝弟', '孝悌'],
]

const run = (cmd, args, input) =>
  execFileSync(cmd, args, { input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
const ffmpeg = (args) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])

function probe(file) {
  const out = run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,width,height',
    '-of',
    'json',
    file,
  ])
  const info = JSON.parse(String(out))
  const video = info.streams.find((s) => s.codec_type === 'video')
  return {
    durationMs: Math.round(Number(info.format.duration) * 1000),
    width: video?.width,
    height: video?.height,
  }
}

// ---------- speech: espeak-ng WAV segments joined with pauses ----------

/** The PCM samples and format of a WAV file written by espeak-ng (16-bit mono). */
function readWav(file) {
  const b = readFileSync(file)
  let off = 12
  let rate = 0
  while (off + 8 <= b.length) {
    const id = b.toString('ascii', off, off + 4)
    const size = b.readUInt32LE(off + 4)
    if (id === 'fmt ') rate = b.readUInt32LE(off + 12)
    if (id === 'data') {
      const end = size === 0 || size === 0xffffffff ? b.length : Math.min(b.length, off + 8 + size)
      return { rate, pcm: b.subarray(off + 8, end) }
    }
    off += 8 + size + (size & 1)
  }
  throw new Error(`bad wav: ${file}`)
}

function writeWav(file, rate, pcm) {
  const head = Buffer.alloc(44)
  head.write('RIFF', 0, 'ascii')
  head.writeUInt32LE(36 + pcm.length, 4)
  head.write('WAVEfmt ', 8, 'ascii')
  head.writeUInt32LE(16, 16)
  head.writeUInt16LE(1, 20) // PCM
  head.writeUInt16LE(1, 22) // mono
  head.writeUInt32LE(rate, 24)
  head.writeUInt32LE(rate * 2, 28)
  head.writeUInt16LE(2, 32)
  head.writeUInt16LE(16, 34)
  head.write('data', 36, 'ascii')
  head.writeUInt32LE(pcm.length, 40)
  writeFileSync(file, Buffer.concat([head, pcm]))
}

/** The WAV without the near-silent samples espeak-ng leaves before and after the speech. */
function trimSilence({ rate, pcm }) {
  const samples = pcm.length / 2
  const loud = (i) => Math.abs(pcm.readInt16LE(i * 2)) > 300
  let first = 0
  while (first < samples && !loud(first)) first++
  let last = samples - 1
  while (last > first && !loud(last)) last--
  const pad = Math.round(rate * 0.03)
  return {
    rate,
    pcm: pcm.subarray(Math.max(0, first - pad) * 2, Math.min(samples, last + 1 + pad) * 2),
  }
}

/** Simplified characters, no quotation marks, known misreadings replaced: what espeak-ng reads. */
function spokenForm(text) {
  let s = String(run('opencc', ['-c', 't2s.json'], text)).trim()
  s = s.replace(/[“”‘’「」『』]/g, '').replace(/\s+/g, '，')
  for (const [from, to] of READINGS) s = s.split(from).join(to)
  return s
}

/**
 * Speaks the title, then each line, with pauses; returns the WAV path and when each line starts
 * (seconds), so the lines can appear on screen as they are read.
 */
function speak(dir, clip) {
  const parts = [clip.say, ...clip.lines].map((text, i) => {
    const file = path.join(dir, `${clip.slug}-${i}.wav`)
    run('espeak-ng', ['-v', VOICE, '-s', String(SPEED), '-w', file, spokenForm(text) + '。'])
    return trimSilence(readWav(file))
  })
  const rate = parts[0].rate
  const silence = (sec) => Buffer.alloc(Math.round(sec * rate) * 2)
  const chunks = [silence(0.4)]
  let at = 0.4
  const lineStarts = []
  parts.forEach((part, i) => {
    if (i > 0) lineStarts.push(at)
    chunks.push(part.pcm)
    at += part.pcm.length / 2 / rate
    const pause = i === 0 ? 0.5 : 0.3
    chunks.push(silence(pause))
    at += pause
  })
  const duration = Math.min(12, Math.max(6, Math.ceil((at + 1.0) * 2) / 2))
  if (at > duration - 0.5) throw new Error(`${clip.slug}: speech is ${at.toFixed(1)} s, too long`)
  const wav = path.join(dir, `${clip.slug}.wav`)
  writeWav(wav, rate, Buffer.concat(chunks))
  return { wav, lineStarts, duration }
}

// ---------- picture: gradient + drawtext ----------

/** The display lines: portrait screens break a long line after a comma or a space. */
function displayLines(lines, portrait) {
  if (!portrait) return lines
  return lines.flatMap((line) => {
    if ([...line].length <= 9) return [line]
    const m = /^(.+?[，、 ])(.+)$/u.exec(line)
    return m ? [m[1].trim(), m[2]] : [line]
  })
}

/** A font size at which `text` (CJK, about 1 em a character) fits in `width`. */
const fit = (text, width, max) => Math.min(max, Math.floor(width / [...text].length))

function videoFilter(dir, clip, width, height, lineStarts, duration) {
  const portrait = height > width
  const c = CHANNELS[clip.channel]
  let n = 0
  const textFile = (text) => {
    const file = path.join(dir, `${clip.slug}-t${n++}.txt`)
    writeFileSync(file, text)
    return file
  }
  const draw = (text, size, y, color, extra = '') =>
    `drawtext=fontfile=${FONT}:textfile=${textFile(text)}:fontsize=${size}:fontcolor=${color}` +
    `:x=(w-text_w)/2:y=${y}${extra}`
  const fade = (start) => `:alpha='clip((t-${start.toFixed(2)})/0.5\\,0\\,1)'`

  const margin = portrait ? 28 : 48
  const titleSize = fit(clip.title, width - 2 * margin, portrait ? 30 : 38)
  const shown = displayLines(clip.lines, portrait)
  const bodySize = Math.min(
    ...shown.map((l) => fit(l, width - 2 * margin, portrait ? 30 : 32)),
    portrait ? 30 : 32,
  )
  const lineGap = Math.round(bodySize * 1.6)
  // title, subtitle, rule, then the lines: the whole block centred, a little above the middle
  const subGap = titleSize + (portrait ? 18 : 14)
  const bodyGap = subGap + 34 + (portrait ? 56 : 36)
  const titleY = Math.max(24, Math.round((height - bodyGap - shown.length * lineGap) / 2) - 12)
  const subY = titleY + subGap
  const ruleY = subY + 34
  const bodyTop = titleY + bodyGap
  const bandH = shown.length * lineGap + 24

  // Each shown line appears when its source line begins to be read.
  const starts = clip.lines.flatMap((line, i) =>
    displayLines([line], portrait).map(() => lineStarts[i]),
  )

  const filters = [
    `drawbox=x=0:y=${bodyTop - 16}:w=iw:h=${bandH}:color=black@0.22:t=fill`,
    draw(clip.title, titleSize, titleY, c.text),
    draw(`《${bookNames[clip.book]}》 · ${clip.channel}`, portrait ? 16 : 18, subY, c.accent),
    `drawbox=x=(iw-72)/2:y=${ruleY}:w=72:h=2:color=${c.accent}:t=fill`,
    ...shown.map((line, i) => draw(line, bodySize, bodyTop + i * lineGap, c.text, fade(starts[i]))),
    // a thin progress line along the bottom
    `drawbox=x=0:y=ih-4:w='iw*t/${duration}':h=4:color=${c.accent}@0.8:t=fill`,
    'format=yuv420p',
  ]
  return filters.join(',')
}

function makeClip(dir, clip, index) {
  const [width, height] = clip.portrait ? [360, 640] : [640, 360]
  const c = CHANNELS[clip.channel]
  const { wav, lineStarts, duration } = speak(dir, clip)
  const mp4 = path.join(OUT, `${clip.slug}.mp4`)
  const gradient =
    `gradients=s=${width}x${height}:r=${FPS}:d=${duration}:c0=${c.c0}:c1=${c.c1}` +
    `:x0=0:y0=0:x1=${width}:y1=${height}:speed=0.004:seed=${index + 1}`
  ffmpeg([
    ...['-f', 'lavfi', '-i', gradient, '-i', wav],
    ...['-vf', videoFilter(dir, clip, width, height, lineStarts, duration)],
    ...['-af', `volume=-3dB,apad,atrim=0:${duration}`, '-t', String(duration)],
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-profile:v', 'main', '-level:v', '3.0'],
    ...['-pix_fmt', 'yuv420p', '-crf', '30', '-maxrate', '180k', '-bufsize', '360k'],
    ...['-g', String(FPS * 2), '-tune', 'animation'],
    ...['-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-ar', '22050'],
    ...['-movflags', '+faststart', mp4],
  ])
  const jpg = path.join(OUT, `${clip.slug}.jpg`)
  // the cover: a frame with every line drawn (after the last one faded in)
  const at = Math.min(duration - 0.3, lineStarts[lineStarts.length - 1] + 0.8)
  ffmpeg(['-ss', at.toFixed(2), '-i', mp4, '-frames:v', '1', '-q:v', '5', jpg])
  const info = probe(mp4)
  return {
    file: `${clip.slug}.mp4`,
    cover: `${clip.slug}.jpg`,
    title: clip.title,
    description: clip.description,
    durationMs: info.durationMs,
    width: info.width,
    height: info.height,
    channel: clip.channel,
    album: clip.album,
    albumSort: clip.albumSort,
    bookName: bookNames[clip.book],
  }
}

/** Every clip's lines must be in its book's chapter: the text is the book's, not retyped. */
function checkTexts() {
  // (the directory given: imported from ESM, the module's own __dirname is not a path)
  const books = new Map(loadSeedBooks(path.resolve(CLASSICS)).map((b) => [b.key, b]))
  const squash = (s) => s.replace(/\s+/g, '')
  for (const clip of CLIPS) {
    const book = books.get(clip.book)
    if (!book) throw new Error(`${clip.slug}: no seeded book ${clip.book}`)
    bookNames[clip.book] = book.name
    const chapter = book.chapters.find((ch) => ch.title === clip.chapter)
    if (!chapter) throw new Error(`${clip.slug}: no chapter ${clip.chapter} in ${book.name}`)
    if (!squash(chapter.paragraphs.join('')).includes(squash(clip.lines.join('')))) {
      throw new Error(`${clip.slug}: lines not found in ${book.name} ${clip.chapter}`)
    }
    if ([...clip.title].length > 30) throw new Error(`${clip.slug}: title over 30 characters`)
  }
}

function makeClips() {
  checkTexts()
  mkdirSync(OUT, { recursive: true })
  for (const f of readdirSync(OUT)) rmSync(path.join(OUT, f))
  const dir = mkdtempSync(path.join(os.tmpdir(), 'make-videos-'))
  try {
    const manifest = CLIPS.map((clip, i) => {
      const entry = makeClip(dir, clip, i)
      const size = (f) => statSync(path.join(OUT, f)).size
      console.log(
        `${entry.file}: ${entry.width}x${entry.height}, ${entry.durationMs} ms, ` +
          `${size(entry.file)} B, cover ${size(entry.cover)} B`,
      )
      return entry
    })
    writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
    const total = readdirSync(OUT).reduce((sum, f) => sum + statSync(path.join(OUT, f)).size, 0)
    console.log(`${OUT}: ${manifest.length} clips, ${total} bytes in all`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// ---------- test fixtures ----------

function makeFixtures() {
  mkdirSync(FIXTURES, { recursive: true })
  const f = (name) => path.join(FIXTURES, name)
  const counter = (size) =>
    `drawtext=fontfile=${FONT}:text='%{eif\\:t\\:d}':fontcolor=white:fontsize=${size}` +
    ':x=(w-text_w)/2:y=(h-text_h)/2'
  const h264 = ['-c:v', 'libx264', '-preset', 'veryslow', '-pix_fmt', 'yuv420p']
  const aac = ['-c:a', 'aac', '-b:a', '24k', '-ac', '1']
  // 5.0 s, 320x180, a box moving across a counter, a tone: the upload the E2E publishes
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=0x1f5f6b:s=320x180:r=24:d=5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=5'],
    ...['-vf', `drawbox=x='t*52':y=140:w=40:h=20:color=0xe6c15a:t=fill,${counter(64)}`],
    ...h264,
    ...['-profile:v', 'main', '-level:v', '3.0', '-crf', '32', '-g', '48'],
    ...aac,
    ...['-t', '5', '-movflags', '+faststart', f('video-5s.mp4')],
  ])
  // 61 s (one over the limit), 1 frame a second, no sound: as small as it gets
  ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=0x2c3e50:s=160x90:r=1:d=61,${counter(40)}`],
    ...h264,
    ...['-profile:v', 'baseline', '-level:v', '3.0', '-crf', '40', '-g', '61'],
    ...['-movflags', '+faststart', f('video-61s.mp4')],
  ])
  // 3 s portrait in a QuickTime container
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=0xb8691d:s=180x320:r=24:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=22050:duration=3'],
    ...['-vf', `drawbox=x=70:y='t*80':w=40:h=40:color=0xfff1c9:t=fill,${counter(64)}`],
    ...h264,
    ...['-profile:v', 'main', '-level:v', '3.0', '-crf', '32'],
    ...aac,
    ...['-t', '3', '-f', 'mov', '-movflags', '+faststart', f('video-portrait-3s.mov')],
  ])
  // a PNG image under a video's name
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=c=0xc0392b:s=64x64', '-frames:v', '1'],
    ...['-c:v', 'png', '-f', 'image2', f('not-a-video.mp4')],
  ])
  for (const name of ['video-5s.mp4', 'video-61s.mp4', 'video-portrait-3s.mov']) {
    const info = probe(f(name))
    console.log(
      `${name}: ${info.width}x${info.height}, ${info.durationMs} ms, ${statSync(f(name)).size} B`,
    )
  }
  console.log(`not-a-video.mp4: PNG, ${statSync(f('not-a-video.mp4')).size} B`)
}

for (const tool of ['ffmpeg', 'ffprobe', 'espeak-ng', 'opencc']) {
  try {
    run(tool, [tool.startsWith('ff') ? '-version' : '--version'])
  } catch {
    throw new Error(`missing tool: ${tool} (apt-get install -y ffmpeg espeak-ng opencc)`)
  }
}
if (!existsSync(FONT)) throw new Error(`missing font: ${FONT} (apt-get install fonts-wqy-microhei)`)
const only = process.argv[2]
if (only !== '--clips') makeFixtures()
if (only !== '--fixtures') makeClips()
