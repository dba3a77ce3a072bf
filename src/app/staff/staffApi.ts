import type {
  AttendanceDay,
  GroupAttendance,
  LocationAttendance,
  PresentationAttendance,
  StaffSessionInfo,
  StaffSignedIn,
} from "../../api/StaffApi.ts"
import { forgetStaffToken, staffToken } from "./staffSession.ts"

/**
 * The staff app's calls: plain fetch with the staff token, types from the contract (type-only imports). A 401
 * means the session is over (logged out elsewhere, expired): the token is forgotten and `StaffSignedOut` thrown,
 * which the layout turns into the sign-in screen.
 */

export class StaffSignedOut extends Error {
  constructor() {
    super("staff session ended")
    this.name = "StaffSignedOut"
  }
}

/** The codes a refused report request answers with (src/api/StaffApi.ts InvalidLiveRequest), translated. */
const REFUSALS = ["invalidDate", "invalidRange", "invalidSort", "invalidPaging"] as const
export type LiveRefusal = (typeof REFUSALS)[number]

export class StaffCallFailed extends Error {
  readonly status: number
  /** the server's reason for a 400, when it is one the screens translate */
  readonly code: LiveRefusal | undefined
  constructor(status: number, code?: LiveRefusal) {
    super(`live call answered ${status}`)
    this.name = "StaffCallFailed"
    this.status = status
    this.code = code
  }
}

const refusalOf = async (response: Response): Promise<LiveRefusal | undefined> => {
  if (response.status !== 400) return undefined
  const body = (await response.json().catch(() => null)) as { readonly error?: unknown } | null
  const code = body?.error
  return (REFUSALS as ReadonlyArray<unknown>).includes(code) ? (code as LiveRefusal) : undefined
}

export const liveGet = async <A>(
  path: string,
  lang: string,
  signal?: AbortSignal,
  params: Readonly<Record<string, string | undefined>> = {},
): Promise<A> => {
  const token = staffToken()
  if (token === null) throw new StaffSignedOut()
  const search = new URLSearchParams({ lang })
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value)
  const response = await fetch(`/api${path}?${search.toString()}`, {
    headers: { accept: "application/json", "x-staff-token": token },
    signal,
  })
  if (response.status === 401) {
    forgetStaffToken()
    throw new StaffSignedOut()
  }
  if (!response.ok) throw new StaffCallFailed(response.status, await refusalOf(response))
  return (await response.json()) as A
}

/**
 * POST a staff write (a reference's quantity, tickets by SMS). The answer's status and body come back as they are:
 * a refusal is a coded body the screen turns into a translated message, not an exception.
 */
export const livePost = async <A>(
  path: string,
  lang: string,
  body: unknown,
): Promise<{ readonly status: number; readonly body: A | { readonly error?: string } | null }> => {
  const token = staffToken()
  if (token === null) throw new StaffSignedOut()
  const response = await fetch(`/api${path}?${new URLSearchParams({ lang }).toString()}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", "x-staff-token": token },
    body: JSON.stringify(body),
  })
  if (response.status === 401) {
    forgetStaffToken()
    throw new StaffSignedOut()
  }
  const text = await response.text()
  let parsed: A | { readonly error?: string } | null = null
  try {
    parsed = text === "" ? null : (JSON.parse(text) as A)
  } catch {
    parsed = null
  }
  return { status: response.status, body: parsed }
}

export type SignInAnswer =
  | { readonly ok: true; readonly session: StaffSignedIn }
  | { readonly ok: false; readonly reason: "LOGIN_FAILED" | "TOO_MANY_ATTEMPTS" | "network" }

export const signIn = async (username: string, password: string): Promise<SignInAnswer> => {
  try {
    const response = await fetch("/api/pres-live/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username, password }),
    })
    if (response.ok) return { ok: true, session: (await response.json()) as StaffSignedIn }
    return { ok: false, reason: response.status === 429 ? "TOO_MANY_ATTEMPTS" : "LOGIN_FAILED" }
  } catch {
    return { ok: false, reason: "network" }
  }
}

export const signOut = async (): Promise<void> => {
  const token = staffToken()
  forgetStaffToken()
  if (token === null) return
  await fetch("/api/pres-live/logout", {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-token": token },
    body: "{}",
  }).catch(() => undefined)
}

export const fetchSessionInfo = (lang: string, signal?: AbortSignal) =>
  liveGet<StaffSessionInfo>("/pres-live/userInfo", lang, signal)

export const fetchStrip = (lang: string, signal?: AbortSignal) =>
  liveGet<{ readonly today: string; readonly days: ReadonlyArray<AttendanceDay> }>(
    "/PRES-live/attendanceStrip",
    lang,
    signal,
  )

export const fetchLocations = (date: string, lang: string, signal?: AbortSignal) =>
  liveGet<{ readonly locations: ReadonlyArray<LocationAttendance> }>(
    `/PRES-live/attendanceByDateByLocation/${date}`,
    lang,
    signal,
  )

export type DrillBy = "venues" | "features"

export const fetchGroups = async (
  date: string,
  locationId: number,
  by: DrillBy,
  lang: string,
  signal?: AbortSignal,
): Promise<ReadonlyArray<GroupAttendance>> => {
  const path =
    by === "venues"
      ? `/PRES-live/attendanceByDateByLocationByVenue/${date}/${locationId}`
      : `/PRES-live/attendanceByDateByLocationByFeature/${date}/${locationId}`
  const body = await liveGet<{
    readonly venues?: ReadonlyArray<GroupAttendance>
    readonly features?: ReadonlyArray<GroupAttendance>
  }>(path, lang, signal)
  return (by === "venues" ? body.venues : body.features) ?? []
}

export const fetchBox = (
  date: string,
  locationId: number,
  by: DrillBy,
  id: number,
  lang: string,
  signal?: AbortSignal,
) =>
  liveGet<{ readonly presentations: ReadonlyArray<PresentationAttendance> }>(
    `/PRES-live/attendanceByDatePresentationBox/${date}/${locationId}/${by}/${id}`,
    lang,
    signal,
  )
