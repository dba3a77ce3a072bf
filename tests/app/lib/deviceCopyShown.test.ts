import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/** Each test imports a fresh module: the signal is once per page load. */
const freshModule = async () => {
  vi.resetModules()
  return import("../../../src/app/lib/deviceCopyShown.ts")
}

describe("the device copy's 'shown' signal (the cart log opens after it)", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("runs the waiting task when the screen says its copy is shown, not before, and only once", async () => {
    const { afterDeviceCopyShown, markDeviceCopyShown } = await freshModule()
    const task = vi.fn()
    afterDeviceCopyShown(task, 10_000)
    vi.advanceTimersByTime(5_000)
    expect(task).not.toHaveBeenCalled()
    markDeviceCopyShown()
    expect(task).toHaveBeenCalledTimes(1)
    markDeviceCopyShown()
    vi.advanceTimersByTime(10_000)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it("runs at once when the copy was already shown", async () => {
    const { afterDeviceCopyShown, markDeviceCopyShown } = await freshModule()
    markDeviceCopyShown()
    const task = vi.fn()
    afterDeviceCopyShown(task, 10_000)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(10_000)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it("runs at the latest moment when the screen never says so, and not again when it does later", async () => {
    const { afterDeviceCopyShown, markDeviceCopyShown } = await freshModule()
    const task = vi.fn()
    afterDeviceCopyShown(task, 10_000)
    vi.advanceTimersByTime(9_999)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    markDeviceCopyShown()
    expect(task).toHaveBeenCalledTimes(1)
  })
})
