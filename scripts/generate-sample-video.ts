/**
 * Writes the demo data's sample film, src/server/vod/sample.webm (run: `node scripts/generate-sample-video.ts`):
 * the one video every video-on-demand title of the demo chain plays. No video tools here and nothing downloaded:
 * Debian's Chromium (the journeys' browser) draws a countdown on a canvas and records it with its own
 * MediaRecorder as VP8 in WebM, a codec every Chromium plays. Six seconds at 320×180 and a low bit rate keep the
 * file well under 200 KB, small enough to commit with the seed.
 */
import { writeFileSync } from "node:fs"
import { chromium } from "@playwright/test"

const OUT = new URL("../src/server/vod/sample.webm", import.meta.url)
const SECONDS = 6

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader"],
})
const page = await browser.newPage()
await page.setContent("<canvas width='320' height='180'></canvas>")
const bytes: Array<number> = await page.evaluate(async (seconds) => {
  const canvas = document.querySelector("canvas") as HTMLCanvasElement
  const g = canvas.getContext("2d") as CanvasRenderingContext2D
  const stream = canvas.captureStream(15)
  const recorder = new MediaRecorder(stream, {
    mimeType: "video/webm;codecs=vp8",
    videoBitsPerSecond: 150_000,
  })
  const chunks: Array<Blob> = []
  recorder.ondataavailable = (e) => chunks.push(e.data)
  const started = performance.now()
  const draw = () => {
    const t = (performance.now() - started) / 1000
    g.fillStyle = "#0c0d12"
    g.fillRect(0, 0, 320, 180)
    g.fillStyle = "#f5b942"
    g.beginPath()
    g.arc(160, 90, 60, -Math.PI / 2, -Math.PI / 2 + (t / seconds) * 2 * Math.PI)
    g.lineTo(160, 90)
    g.fill()
    g.fillStyle = "#e3476b"
    g.font = "bold 48px sans-serif"
    g.textAlign = "center"
    g.textBaseline = "middle"
    g.fillText(String(Math.max(0, Math.ceil(seconds - t))), 160, 92)
    if (t < seconds) requestAnimationFrame(draw)
  }
  draw()
  const done = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve()
  })
  recorder.start()
  await new Promise((r) => setTimeout(r, seconds * 1000))
  recorder.stop()
  await done
  return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
}, SECONDS)
await browser.close()
writeFileSync(OUT, Uint8Array.from(bytes))
console.log(`wrote ${OUT.pathname}: ${bytes.length} bytes`)
