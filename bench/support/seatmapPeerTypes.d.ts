/**
 * @alisaitteke/seatmap-canvas 2.5.18 points `types` at a file it does not ship; the little of its API the
 * seat map benchmark uses (bench/support/seatmapBrowser.ts), from its README and dist/types.d.ts.
 */
declare module "@alisaitteke/seatmap-canvas" {
  export class SeatMapCanvas {
    constructor(containerSelector: string, config: Record<string, unknown>)
    data: { replaceData(blocks: ReadonlyArray<Record<string, unknown>>): unknown }
  }
}
