import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { staffToken } from "./staffSession.ts"

/**
 * Server-sent events for the staff app (src/api/StaffEventsApi.ts), read with fetch because the stream needs the
 * `x-staff-token` header. On `change` the open live queries are refetched in place (TanStack Query keeps the shown
 * answer until the new one arrives: no flicker). While the stream is connected the 5 s polling slows to a safety
 * net; when it drops (no support, a proxy that buffers, offline) polling takes over until it reconnects.
 */

let connected = false

/** Whether the events stream is live now: the live queries' refetch interval asks this. */
export const liveEventsConnected = (): boolean => connected

/** Splits a text/event-stream body into events' names. */
export const eventNames = (chunk: string): ReadonlyArray<string> =>
  chunk
    .split("\n\n")
    .map((block) => /^event: (.+)$/m.exec(block)?.[1] ?? "")
    .filter((name) => name !== "")

const RECONNECT_MS = 3_000

export const useLiveEvents = (enabled: boolean): void => {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof ReadableStream === "undefined") return
    const stop = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const listen = async () => {
      const token = staffToken()
      if (token === null) return
      try {
        const response = await fetch("/api/PRES-live/events", {
          headers: { accept: "text/event-stream", "x-staff-token": token },
          signal: stop.signal,
        })
        if (!response.ok || response.body === null) throw new Error(`events answered ${response.status}`)
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffered = ""
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffered += value
          const end = buffered.lastIndexOf("\n\n")
          if (end < 0) continue
          const names = eventNames(buffered.slice(0, end + 2))
          buffered = buffered.slice(end + 2)
          if (names.includes("ready")) connected = true
          if (names.includes("change"))
            void queryClient.invalidateQueries({ queryKey: ["staff"], refetchType: "active" })
        }
      } catch {
        // offline, refused or aborted: polling carries on
      }
      connected = false
      if (!stop.signal.aborted) timer = setTimeout(() => void listen(), RECONNECT_MS)
    }
    void listen()
    return () => {
      stop.abort()
      if (timer !== undefined) clearTimeout(timer)
      connected = false
    }
  }, [enabled, queryClient])
}
