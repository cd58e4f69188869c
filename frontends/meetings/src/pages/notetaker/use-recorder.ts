import { MeetingMessages } from '@plumbline/contracts'
import * as React from 'react'

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped'

/** Opus in WebM (Chromium, Firefox) or Ogg; the first the browser can record. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg']

const pickMimeType = () => MIME_TYPES.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t))

/**
 * The Record Meeting dialog's recorder (spec 001 §4 Recording): idle → recording ⇄ paused →
 * stopped with the audio ready. `volume` (0–100) follows the microphone while recording;
 * `seconds` counts recorded time only (not paused time).
 */
export function useRecorder() {
  const [state, setState] = React.useState<RecorderState>('idle')
  const [seconds, setSeconds] = React.useState(0)
  const [volume, setVolume] = React.useState(0)
  const [audio, setAudio] = React.useState<Blob | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const parts = React.useRef<{ recorder: MediaRecorder; stream: MediaStream; context: AudioContext; frame: number; timer: number } | null>(null)

  const release = React.useCallback(() => {
    const p = parts.current
    if (!p) return
    cancelAnimationFrame(p.frame)
    clearInterval(p.timer)
    for (const track of p.stream.getTracks()) track.stop()
    void p.context.close().catch(() => {})
    parts.current = null
    setVolume(0)
  }, [])

  React.useEffect(() => release, [release])

  const start = React.useCallback(async () => {
    setError(null)
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setError(MeetingMessages.microphone)
      return
    }
    const mimeType = pickMimeType()
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data)
    recorder.onstop = () => {
      setAudio(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }))
      setState('stopped')
      release()
    }
    const context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 512
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    const sample = () => {
      analyser.getByteTimeDomainData(samples)
      let peak = 0
      for (const v of samples) peak = Math.max(peak, Math.abs(v - 128))
      setVolume(recorder.state === 'recording' ? Math.min(100, Math.round((peak / 128) * 100)) : 0)
      if (parts.current) parts.current.frame = requestAnimationFrame(sample)
    }
    const timer = window.setInterval(() => recorder.state === 'recording' && setSeconds((s) => s + 1), 1000)
    parts.current = { recorder, stream, context, frame: requestAnimationFrame(sample), timer }
    setAudio(null)
    setSeconds(0)
    recorder.start(1000)
    setState('recording')
  }, [release])

  const pause = React.useCallback(() => {
    parts.current?.recorder.pause()
    setState('paused')
  }, [])
  const resume = React.useCallback(() => {
    parts.current?.recorder.resume()
    setState('recording')
  }, [])
  const stop = React.useCallback(() => {
    const recorder = parts.current?.recorder
    if (recorder && recorder.state !== 'inactive') recorder.stop()
  }, [])
  const reset = React.useCallback(() => {
    const recorder = parts.current?.recorder
    if (recorder) {
      recorder.onstop = null
      if (recorder.state !== 'inactive') recorder.stop()
    }
    release()
    setState('idle')
    setSeconds(0)
    setAudio(null)
    setError(null)
  }, [release])

  return { state, seconds, volume, audio, error, start, pause, resume, stop, reset }
}
