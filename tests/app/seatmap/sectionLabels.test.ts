import { describe, expect, it } from "vitest"
import { fit as fitCamera } from "../../../src/app/seatmap/camera.ts"
import { LABEL_MIN_SCALE } from "../../../src/app/seatmap/rowLabels.ts"
import { drawSectionLabels, sectionLabels } from "../../../src/app/seatmap/sectionLabels.ts"

const seat = (VenueSectionId: number, PositionX: number, PositionY: number) => ({
  VenueSectionId,
  PositionX,
  PositionY,
})

const recording = () => {
  const drawn: Array<{ text: string; x: number; y: number; halo: boolean }> = []
  const ctx = {
    setTransform: () => undefined,
    strokeText: (text: string, x: number, y: number) => drawn.push({ text, x, y, halo: true }),
    fillText: (text: string, x: number, y: number) => drawn.push({ text, x, y, halo: false }),
    // 7 px a character, as a 13 px bold face roughly measures
    measureText: (text: string) => ({ width: text.length * 7 }),
  } as unknown as CanvasRenderingContext2D
  return { ctx, drawn }
}

describe("section names over the map", () => {
  const seats = [seat(1, 0, 0), seat(1, 4, 2), seat(2, 20, 0), seat(2, 22, 0), seat(3, 50, 50)]

  it("sit at the middle of each named section's seats; a hall of one named section gets none", () => {
    const names = new Map([
      [1, "Stalls"],
      [2, "יציע"],
    ])
    expect(sectionLabels(seats, names)).toEqual([
      { name: "Stalls", x: 2, y: 1 },
      { name: "יציע", x: 21, y: 0 },
    ])
    expect(sectionLabels(seats, new Map([[1, "Stalls"]]))).toEqual([])
    expect(
      sectionLabels(
        seats,
        new Map([
          [1, "Stalls"],
          [9, "Nowhere"],
        ]),
      ),
    ).toEqual([])
  })

  it("are drawn, on a halo, while the map is zoomed out, and give way to row names zoomed in", () => {
    const labels = sectionLabels(
      seats,
      new Map([
        [1, "Stalls"],
        [2, "Balcony"],
      ]),
    )
    const viewport = { width: 400, height: 200, pixelRatio: 2 }
    // zoomed out (under the row names' scale), the two sections 190 px apart
    const far = { ...fitCamera({ minX: 0, minY: 0, maxX: 22, maxY: 0 }, viewport), scale: 10 }
    const out = recording()
    drawSectionLabels(out.ctx, far, labels, "white", "black")
    expect(out.drawn.map((d) => [d.text, d.halo])).toEqual([
      ["Stalls", true],
      ["Stalls", false],
      ["Balcony", true],
      ["Balcony", false],
    ])
    const near = recording()
    drawSectionLabels(near.ctx, { ...far, scale: LABEL_MIN_SCALE }, labels, "white", "black")
    expect(near.drawn).toEqual([])
  })

  it("leave out a name that would touch one already drawn", () => {
    const side = [seat(1, 0, 0), seat(2, 1, 0), seat(3, 30, 0)]
    const labels = sectionLabels(
      side,
      new Map([
        [1, "Block D"],
        [2, "Block E"],
        [3, "Block F"],
      ]),
    )
    const viewport = { width: 400, height: 200, pixelRatio: 1 }
    const camera = { ...fitCamera({ minX: 0, minY: 0, maxX: 30, maxY: 0 }, viewport), scale: 10 }
    const out = recording()
    drawSectionLabels(out.ctx, camera, labels, "white", "black")
    expect(out.drawn.filter((d) => !d.halo).map((d) => d.text)).toEqual(["Block D", "Block F"])
  })
})
