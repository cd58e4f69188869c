import { Button } from '@plumbline/ui'
import { Eraser } from 'lucide-react'
import * as React from 'react'

const WIDTH = 440
const HEIGHT = 140

/**
 * A canvas to sign on with a finger, a pen or the mouse (pointer events). `onChange` gets the
 * drawing as PNG base64 (without the data: prefix) after each stroke, or null once cleared.
 */
export function SignaturePad({ onChange, invalid }: { onChange: (png: string | null) => void; invalid?: boolean }) {
  const canvas = React.useRef<HTMLCanvasElement>(null)
  const drawing = React.useRef(false)
  const [empty, setEmpty] = React.useState(true)

  const context = () => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return null
    ctx.lineWidth = 2.5
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.strokeStyle = '#111827'
    return ctx
  }
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect()
    return { x: ((e.clientX - r.left) * WIDTH) / r.width, y: ((e.clientY - r.top) * HEIGHT) / r.height }
  }
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = context()
    if (!ctx) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drawing.current = true
    const p = point(e)
    ctx.beginPath()
    ctx.moveTo(p.x, p.y)
    ctx.lineTo(p.x + 0.1, p.y + 0.1)
    ctx.stroke()
  }
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const ctx = context()
    if (!ctx) return
    const p = point(e)
    ctx.lineTo(p.x, p.y)
    ctx.stroke()
  }
  const up = () => {
    if (!drawing.current) return
    drawing.current = false
    setEmpty(false)
    onChange(canvas.current?.toDataURL('image/png').replace(/^data:image\/png;base64,/, '') ?? null)
  }
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    setEmpty(true)
    onChange(null)
  }

  return (
    <div className="space-y-1.5">
      <div className={`relative rounded-lg border bg-white ${invalid ? 'border-destructive' : 'border-input'}`}>
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          className="block h-[140px] w-full touch-none cursor-crosshair rounded-lg"
          aria-label="Signature pad: sign with your finger or mouse"
          data-testid="signature-pad"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
        />
        {empty ? <span className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-xs text-muted-foreground">Sign here</span> : null}
        <span className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-dashed border-muted-foreground/40" />
      </div>
      <div className="flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={empty}>
          <Eraser />
          Clear
        </Button>
      </div>
    </div>
  )
}
