/**
 * The chat's new-message sound (chat-spec section 4): a short two-tone chime made here as a WAV
 * (16-bit mono PCM), so no third-party sound file ships with the app.
 */
const RATE = 22_050

function tone(freq: number, seconds: number): number[] {
  const n = Math.round(RATE * seconds)
  const out: number[] = []
  for (let i = 0; i < n; i += 1) {
    const fade = Math.min(1, i / 200, (n - i) / (n * 0.6))
    out.push(Math.sin((2 * Math.PI * freq * i) / RATE) * fade * 0.35)
  }
  return out
}

export function tipSoundWav(): Buffer {
  const samples = [...tone(880, 0.09), ...tone(1320, 0.14)]
  const data = Buffer.alloc(samples.length * 2)
  samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32767), i * 2))
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}
