import { type PointerEvent, useEffect, useRef } from "react"
import type { Translate } from "../i18n/useI18n.ts"

/** The canvas's own pixels: small enough that the PNG stays far below the server's limit on any screen. */
const WIDTH = 600
const HEIGHT = 200
const PNG_PREFIX = "data:image/png;base64,"

type Props = {
  readonly value: string | null
  readonly onChange: (png: string | null) => void
  /** the signer's typed name: the keyboard's way to sign, drawn as a signature */
  readonly typedName: string
  readonly t: Translate
}

const context = (canvas: HTMLCanvasElement | null) => {
  const ctx = canvas?.getContext("2d") ?? null
  if (ctx !== null) {
    ctx.lineWidth = 3
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    ctx.strokeStyle = "#1a1a2e"
    ctx.fillStyle = "#1a1a2e"
  }
  return ctx
}

/**
 * A signature drawn with a finger, a pen or a mouse (pointer events cover all three; `touch-action: none` keeps
 * the page from scrolling under the finger), "clear signature", and for the keyboard "sign with my typed name".
 * Each finished stroke hands the canvas up as base64 PNG.
 */
export const SignaturePad = ({ value, onChange, typedName, t }: Props) => {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  const drawn = useRef(false)

  // a signature kept from before (back from the pay step) is shown again once
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount: later values come from this canvas
  useEffect(() => {
    if (value === null) return
    const image = new Image()
    image.onload = () => context(canvasRef.current)?.drawImage(image, 0, 0, WIDTH, HEIGHT)
    image.src = PNG_PREFIX + value
    drawn.current = true
  }, [])

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    }
  }
  const publish = () => {
    const canvas = canvasRef.current
    if (canvas !== null && drawn.current) onChange(canvas.toDataURL("image/png").slice(PNG_PREFIX.length))
  }
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    // a drag that leaves the box must not select the page's text
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    last.current = point(event)
  }
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current
    const ctx = context(canvasRef.current)
    if (from === null || ctx === null) return
    const to = point(event)
    ctx.beginPath()
    ctx.moveTo(from.x, from.y)
    ctx.lineTo(to.x, to.y)
    ctx.stroke()
    last.current = to
    drawn.current = true
  }
  const up = () => {
    if (last.current === null) return
    last.current = null
    publish()
  }
  const clear = () => {
    context(canvasRef.current)?.clearRect(0, 0, WIDTH, HEIGHT)
    drawn.current = false
    onChange(null)
  }
  const signTyped = () => {
    const ctx = context(canvasRef.current)
    if (ctx === null || typedName.trim() === "") return
    ctx.clearRect(0, 0, WIDTH, HEIGHT)
    ctx.font = "italic 48px 'Segoe Script', 'Brush Script MT', cursive"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(typedName.trim(), WIDTH / 2, HEIGHT / 2, WIDTH - 40)
    drawn.current = true
    publish()
  }

  return (
    <div className="waiver__signature">
      <p className="waiver__help" id="waiver-signature-help">
        {t("waiver.signatureHelp")}
      </p>
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        className="waiver__canvas"
        role="img"
        aria-label={t("waiver.signatureCanvas")}
        aria-describedby="waiver-signature-help"
        data-testid="waiver-signature"
        data-signed={value !== null}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <p className="waiver__status" aria-live="polite" data-testid="waiver-signature-status">
        {value === null ? t("waiver.notSigned") : t("waiver.signed")}
      </p>
      <div className="waiver__actions">
        <button type="button" className="button button--ghost" onClick={clear} data-testid="waiver-clear">
          {t("waiver.clear")}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={signTyped}
          disabled={typedName.trim() === ""}
          data-testid="waiver-sign-typed"
        >
          {t("waiver.typedSign")}
        </button>
      </div>
    </div>
  )
}
