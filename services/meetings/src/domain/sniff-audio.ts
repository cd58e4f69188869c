/** Bytes enough to tell the supported containers apart. */
export const SNIFF_BYTES = 12

export type AudioType = { contentType: string; extension: string }

const startsWith = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text

/**
 * The recording's real type from its first bytes (never from the name or the client's header):
 * WebM/Matroska (EBML), Ogg, WAV (RIFF…WAVE), MP3 (ID3 tag or an MPEG audio frame sync) and
 * M4A/MP4 (an ftyp box). null for anything else.
 */
export function sniffAudio(head: Buffer): AudioType | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return { contentType: 'audio/webm', extension: 'webm' }
  if (startsWith(head, 'OggS')) return { contentType: 'audio/ogg', extension: 'ogg' }
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return { contentType: 'audio/wav', extension: 'wav' }
  if (startsWith(head, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return { contentType: 'audio/mpeg', extension: 'mp3' }
  if (startsWith(head, 'ftyp', 4)) return { contentType: 'audio/mp4', extension: 'm4a' }
  return null
}
