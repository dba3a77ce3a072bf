import { describe, expect, it, vi } from "vitest"
import { boundsOf, fit as fitCamera } from "../../../src/app/seatmap/camera.ts"
import { createWorkerPainter, type WorkerPainter } from "../../../src/app/seatmap/workerPainter.ts"
import type { FromWorker, ToWorker, WorkerPort } from "../../../src/app/seatmap/workerProtocol.ts"

/** A worker that records what it is sent and answers when told to. */
const fakeWorker = () => {
  const sent: Array<{ message: ToWorker; transfer: ReadonlyArray<Transferable> }> = []
  let listener: ((event: MessageEvent<FromWorker>) => void) | null = null
  const port: WorkerPort = {
    postMessage: (message, transfer = []) => {
      sent.push({ message, transfer })
    },
    addEventListener: (_type, next) => {
      listener = next
    },
    terminate: vi.fn(),
  }
  const answer = (data: FromWorker) => listener?.({ data } as MessageEvent<FromWorker>)
  return { port, sent, answer }
}

const offscreen = { transferred: true } as unknown as OffscreenCanvas

const setUp = () => {
  const worker = fakeWorker()
  const canvas = {
    width: 300,
    height: 150,
    transferControlToOffscreen: vi.fn(() => offscreen),
  } as unknown as HTMLCanvasElement
  const events = { restored: vi.fn(), shown: vi.fn() }
  const painter: WorkerPainter = createWorkerPainter(canvas, worker.port, events)
  return { worker, canvas, events, painter }
}

const camera = fitCamera(boundsOf([0, 10], [0, 10]), { width: 100, height: 100, pixelRatio: 1 })

describe("the seat map's worker painter (the page's side)", () => {
  it("hands the canvas to the worker once, transferred, and says WebGL until the worker says otherwise", () => {
    const { worker, canvas, painter } = setUp()
    expect(canvas.transferControlToOffscreen).toHaveBeenCalledTimes(1)
    expect(worker.sent).toEqual([{ message: { type: "canvas", canvas: offscreen }, transfer: [offscreen] }])
    expect(painter.kind).toBe("webgl")
    expect(painter.maxSide).toBe(4096)
    worker.answer({ type: "ready", kind: "canvas2d", maxSide: 16384 })
    expect(painter.kind).toBe("canvas2d")
    expect(painter.maxSide).toBe(16384)
  })

  it("sends a new hall's colours whole and then only the span of seats that changed", () => {
    const { worker, painter } = setUp()
    const colors = new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255])
    painter.setColors(colors, { from: 0, to: 3 })
    colors.set([9, 9, 9, 255], 4)
    painter.setColors(colors, { from: 1, to: 2 })
    const messages = worker.sent.slice(1).map(({ message }) => message)
    expect(messages).toEqual([
      {
        type: "colors",
        count: 3,
        from: 0,
        bytes: new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255]),
      },
      { type: "colors", count: 3, from: 1, bytes: new Uint8Array([9, 9, 9, 255]) },
    ])
    // a hall of another size is new: all of it again, whatever span the map says changed
    painter.setColors(new Uint8Array(8).fill(1), { from: 1, to: 2 })
    expect(worker.sent.at(-1)?.message).toMatchObject({ type: "colors", count: 2, from: 0 })
  })

  it("sends each frame with the canvas's pixel size, and is pending until the worker drew the last one", () => {
    const { worker, events, painter } = setUp()
    painter.pixels.width = 640
    painter.pixels.height = 480
    painter.draw(camera, 4, 10, null)
    painter.draw(camera, 4, 10, { x: 1, y: 2, width: 3, height: 4 })
    expect(worker.sent.slice(1).map(({ message }) => message)).toEqual([
      { type: "draw", id: 1, width: 640, height: 480, camera, diameter: 4, count: 10, clip: null },
      {
        type: "draw",
        id: 2,
        width: 640,
        height: 480,
        camera,
        diameter: 4,
        count: 10,
        clip: { x: 1, y: 2, width: 3, height: 4 },
      },
    ])
    expect(painter.pending).toBe(true)
    // the first frame drawn is not the one on its way: the canvas must not be placed for it
    worker.answer({ type: "drawn", id: 1 })
    expect(painter.pending).toBe(true)
    expect(events.shown).not.toHaveBeenCalled()
    worker.answer({ type: "drawn", id: 2 })
    expect(painter.pending).toBe(false)
    expect(events.shown).toHaveBeenCalledTimes(1)
  })

  it("follows the worker's context through a loss, and asks for a frame when it is back", () => {
    const { worker, events, painter } = setUp()
    painter.loseContext(true)
    expect(worker.sent.at(-1)?.message).toEqual({ type: "loseContext", lose: true })
    worker.answer({ type: "lost" })
    expect(painter.lost).toBe(true)
    worker.answer({ type: "restored" })
    expect(painter.lost).toBe(false)
    expect(events.restored).toHaveBeenCalledTimes(1)
    // a worker with no context at all on the canvas can draw nothing, ever
    worker.answer({ type: "unavailable" })
    expect(painter.lost).toBe(true)
  })

  it("answers a pixel read with the worker's answer to that read, and ends reads and worker on destroy", async () => {
    const { worker, painter } = setUp()
    const first = painter.readPixel(5, 6)
    const second = painter.readPixel(7, 8)
    expect(worker.sent.slice(1).map(({ message }) => message)).toEqual([
      { type: "readPixel", id: 1, x: 5, y: 6 },
      { type: "readPixel", id: 2, x: 7, y: 8 },
    ])
    worker.answer({ type: "pixel", id: 2, rgb: [4, 5, 6] })
    worker.answer({ type: "pixel", id: 1, rgb: [1, 2, 3] })
    expect(await first).toEqual([1, 2, 3])
    expect(await second).toEqual([4, 5, 6])
    const pending = painter.readPixel(0, 0)
    painter.destroy()
    expect(await pending).toBeNull()
    expect(worker.port.terminate).toHaveBeenCalledTimes(1)
  })
})
